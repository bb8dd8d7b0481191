//! A reader for the TOML subset PHH files use: `key = value` lines, `[name]` tables,
//! `#` comments, strings, exact numbers, `inf`, booleans, bare dates and times, and
//! arrays of these. Written here rather than taken from a TOML crate so that amounts
//! are read as exact decimals and comments after array items (PHH's per-action notes)
//! are kept.

mod scalar;
mod value;

use crate::AmountError;
use thiserror::Error;
pub use value::Value;
pub(crate) use value::{key as write_key, quote};

/// Nested arrays deeper than this are refused, so hostile input cannot exhaust the stack.
const MAX_DEPTH: usize = 16;

/// What was wrong with the TOML text; [`crate::PhhError::Syntax`] adds the line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    #[error("unterminated string (it must close on the line it opens)")]
    UnterminatedString,
    #[error("unterminated array (no ']' before the end of the file)")]
    UnterminatedArray,
    #[error("unknown escape {0:?} in a string")]
    BadEscape(String),
    #[error("control character {0:?} in a string; write it as an escape")]
    ControlCharacter(char),
    #[error("multi-line strings are not part of PHH")]
    MultiLineString,
    #[error("expected {expected}, found {found}")]
    Expected {
        expected: &'static str,
        found: String,
    },
    #[error("{0:?} is not a value PHH uses (string, number, inf, true/false, date/time, array)")]
    BadValue(String),
    #[error("bad number: {0}")]
    BadNumber(AmountError),
    #[error("key {0:?} appears twice")]
    DuplicateKey(String),
    #[error("table [{0}] appears twice")]
    DuplicateTable(String),
    #[error("dotted keys are not part of PHH")]
    DottedKey,
    #[error("arrays of tables ([[...]]) are not part of PHH")]
    ArrayOfTables,
    #[error("inline tables ({{...}}) are not part of PHH")]
    InlineTable,
    #[error("arrays nested more than {MAX_DEPTH} deep")]
    TooDeep,
}

/// A syntax error and the 1-based line it was found on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxAt {
    pub line: usize,
    pub error: SyntaxError,
}

#[derive(Debug, Default)]
pub(crate) struct Document {
    /// Keys before the first table header.
    pub root: Vec<Entry>,
    pub tables: Vec<Table>,
}

#[derive(Debug)]
pub(crate) struct Table {
    pub name: String,
    pub line: usize,
    pub entries: Vec<Entry>,
}

#[derive(Debug)]
pub(crate) struct Entry {
    pub key: String,
    pub value: Value,
    pub line: usize,
    /// For a top-level array: each item's line and the comment after it on that line.
    pub items: Vec<Item>,
}

#[derive(Debug)]
pub(crate) struct Item {
    pub line: usize,
    pub comment: Option<String>,
}

pub(crate) fn parse(text: &str) -> Result<Document, SyntaxAt> {
    let mut cur = Cursor {
        text: text.strip_prefix('\u{feff}').unwrap_or(text),
        pos: 0,
        line: 1,
    };
    let mut doc = Document::default();
    loop {
        cur.skip_spaces();
        match cur.peek() {
            None => return Ok(doc),
            Some('#') => {
                cur.comment();
            }
            Some('[') => {
                let line = cur.line;
                let name = cur.header()?;
                if doc.tables.iter().any(|t| t.name == name) {
                    return Err(cur.err_at(line, SyntaxError::DuplicateTable(name)));
                }
                doc.tables.push(Table {
                    name,
                    line,
                    entries: Vec::new(),
                });
            }
            Some(_) if cur.eat_newline() => {}
            Some(_) => {
                let entry = cur.key_value()?;
                let entries = match doc.tables.last_mut() {
                    Some(table) => &mut table.entries,
                    None => &mut doc.root,
                };
                if entries.iter().any(|e| e.key == entry.key) {
                    return Err(cur.err_at(entry.line, SyntaxError::DuplicateKey(entry.key)));
                }
                entries.push(entry);
            }
        }
    }
}

struct Cursor<'a> {
    text: &'a str,
    /// Byte offset; always on a character boundary since it moves by whole characters.
    pos: usize,
    line: usize,
}

impl Cursor<'_> {
    fn rest(&self) -> &str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn err(&self, error: SyntaxError) -> SyntaxAt {
        self.err_at(self.line, error)
    }

    fn err_at(&self, line: usize, error: SyntaxError) -> SyntaxAt {
        SyntaxAt { line, error }
    }

    fn expected(&self, expected: &'static str) -> SyntaxAt {
        let found = match self.peek() {
            None => "the end of the file".to_owned(),
            Some('\n' | '\r') => "the end of the line".to_owned(),
            Some(c) => format!("{c:?}"),
        };
        self.err(SyntaxError::Expected { expected, found })
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    fn at_newline(&self) -> bool {
        let rest = self.rest();
        rest.starts_with('\n') || rest.starts_with("\r\n")
    }

    fn eat_newline(&mut self) -> bool {
        if self.rest().starts_with('\r') && self.rest()[1..].starts_with('\n') {
            self.bump();
        }
        if self.peek() == Some('\n') {
            self.bump();
            return true;
        }
        false
    }

    /// A `#` comment up to the end of the line, returned without the `#`.
    fn comment(&mut self) -> Option<String> {
        if self.peek() != Some('#') {
            return None;
        }
        self.bump();
        let end = self.rest().find('\n').unwrap_or(self.rest().len());
        let text = self.rest()[..end].trim().to_owned();
        self.pos += end;
        Some(text)
    }

    /// Spaces, newlines and whole-line comments, as between array items.
    fn skip_blank(&mut self) {
        loop {
            self.skip_spaces();
            if self.comment().is_none() && !self.eat_newline() {
                return;
            }
        }
    }

    /// After a value or header: optional spaces and comment, then a newline or the end.
    fn end_of_line(&mut self) -> Result<(), SyntaxAt> {
        self.skip_spaces();
        self.comment();
        if self.peek().is_none() || self.eat_newline() {
            Ok(())
        } else {
            Err(self.expected("the end of the line"))
        }
    }

    fn header(&mut self) -> Result<String, SyntaxAt> {
        self.bump();
        if self.peek() == Some('[') {
            return Err(self.err(SyntaxError::ArrayOfTables));
        }
        self.skip_spaces();
        let name = self.key()?;
        self.skip_spaces();
        match self.peek() {
            Some(']') => {
                self.bump();
            }
            Some('.') => return Err(self.err(SyntaxError::DottedKey)),
            _ => return Err(self.expected("']' to close the table header")),
        }
        self.end_of_line()?;
        Ok(name)
    }

    fn key(&mut self) -> Result<String, SyntaxAt> {
        match self.peek() {
            Some('"') => self.basic_string(),
            Some('\'') => self.literal_string(),
            _ => {
                let len = self
                    .rest()
                    .find(|c: char| !value::is_bare_key_char(c))
                    .unwrap_or(self.rest().len());
                if len == 0 {
                    return Err(self.expected("a key"));
                }
                let key = self.rest()[..len].to_owned();
                self.pos += len;
                Ok(key)
            }
        }
    }

    fn key_value(&mut self) -> Result<Entry, SyntaxAt> {
        let line = self.line;
        let key = self.key()?;
        self.skip_spaces();
        match self.peek() {
            Some('=') => {
                self.bump();
            }
            Some('.') => return Err(self.err(SyntaxError::DottedKey)),
            _ => return Err(self.expected("'=' after the key")),
        }
        self.skip_spaces();
        let mut items = Vec::new();
        let value = self.value(0, &mut items)?;
        self.end_of_line()?;
        Ok(Entry {
            key,
            value,
            line,
            items,
        })
    }

    /// A value; `items` collects line and comment of each item when it is an array at
    /// depth 0 (nested arrays' comments are not kept).
    fn value(&mut self, depth: usize, items: &mut Vec<Item>) -> Result<Value, SyntaxAt> {
        match self.peek() {
            Some('"') => self.basic_string().map(Value::String),
            Some('\'') => self.literal_string().map(Value::String),
            Some('[') => self.array(depth, items),
            Some('{') => Err(self.err(SyntaxError::InlineTable)),
            _ => self.bare_value(),
        }
    }

    fn array(&mut self, depth: usize, items: &mut Vec<Item>) -> Result<Value, SyntaxAt> {
        if depth >= MAX_DEPTH {
            return Err(self.err(SyntaxError::TooDeep));
        }
        let opened = self.line;
        let unterminated = |cur: &Cursor| cur.err_at(opened, SyntaxError::UnterminatedArray);
        self.bump();
        let mut values = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => return Err(unterminated(self)),
                Some(']') => {
                    self.bump();
                    break;
                }
                Some(_) => {}
            }
            let line = self.line;
            values.push(self.value(depth + 1, &mut Vec::new())?);
            self.skip_spaces();
            let comma = self.peek() == Some(',');
            if comma {
                self.bump();
                self.skip_spaces();
            }
            let comment = self.comment();
            if depth == 0 {
                items.push(Item { line, comment });
            }
            if !comma {
                self.skip_blank();
                match self.peek() {
                    Some(']') => {
                        self.bump();
                        break;
                    }
                    None => return Err(unterminated(self)),
                    Some(_) => return Err(self.expected("',' or ']' in the array")),
                }
            }
        }
        Ok(Value::Array(values))
    }
}

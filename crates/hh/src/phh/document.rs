//! The TOML of a PHH file, read with toml_edit: fields in file order with their lines,
//! values as [`Value`]s with every number read exactly from its own text (never through a
//! float), and the comment after each item of an array (PHH files name the player there).

use crate::{Amount, AmountError, MAX_SCALE, SyntaxError, Value};
use std::borrow::Cow;
use std::ops::Range;
use toml_edit::{Item as TomlItem, Table as TomlTable, Value as TomlValue};
use toml_parser::decoder::ScalarKind;
use toml_parser::parser::{Event, EventKind, RecursionGuard};

/// A syntax error and where it is (both 1-based, the column in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxAt {
    pub line: usize,
    pub column: usize,
    pub error: SyntaxError,
}

#[derive(Debug, Default)]
pub(crate) struct Document {
    /// Fields outside any `[table]`.
    pub root: Vec<Entry>,
    /// The `[name]` tables at the top, in file order.
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
    /// For an array: each item's line and the comment after it on that line.
    pub items: Vec<Item>,
}

#[derive(Debug)]
pub(crate) struct Item {
    pub line: usize,
    pub comment: Option<String>,
}

pub(crate) fn parse(text: &str) -> Result<Document, SyntaxAt> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let reader = Reader {
        text,
        line_starts: std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect(),
    };
    let masked = mask_long_integers(text);
    let doc = toml_edit::Document::parse(masked.as_ref()).map_err(|e| {
        let span = e.span().unwrap_or_default();
        let found = reader.raw(&span);
        let found = match found.lines().next() {
            Some(line) if line.len() == found.len() => line.to_owned(),
            _ => String::new(),
        };
        let message = e.message().to_owned();
        reader.error(span.start, SyntaxError::Toml { message, found })
    })?;
    let mut out = Document::default();
    let root = doc.as_table();
    for (key, item) in root.iter() {
        let line = reader.key_line(root, key);
        match item {
            // Header tables; a table made by dotted keys is a field like any other.
            TomlItem::Table(table) if !table.is_dotted() => out.tables.push(Table {
                name: key.to_owned(),
                line,
                entries: reader.entries(table)?,
            }),
            _ => out.root.push(reader.entry(key, line, item)?),
        }
    }
    Ok(out)
}

struct Reader<'a> {
    /// The text as written: numbers and comments are read here, not in toml_edit's copy.
    text: &'a str,
    /// Byte offset of each line's start.
    line_starts: Vec<usize>,
}

impl Reader<'_> {
    fn line(&self, at: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= at)
    }

    fn error(&self, at: usize, error: SyntaxError) -> SyntaxAt {
        let line = self.line(at);
        let start = self.line_starts[line - 1];
        let column = self
            .text
            .get(start..at)
            .map_or(1, |s| s.chars().count() + 1);
        SyntaxAt {
            line,
            column,
            error,
        }
    }

    fn key_line(&self, table: &TomlTable, key: &str) -> usize {
        let at = table.key(key).and_then(|k| k.span()).map_or(0, |s| s.start);
        self.line(at)
    }

    fn entries(&self, table: &TomlTable) -> Result<Vec<Entry>, SyntaxAt> {
        table
            .iter()
            .map(|(key, item)| self.entry(key, self.key_line(table, key), item))
            .collect()
    }

    fn entry(&self, key: &str, line: usize, item: &TomlItem) -> Result<Entry, SyntaxAt> {
        let items = item.as_array().map_or_else(Vec::new, |array| {
            array
                .iter()
                .map(|value| {
                    let span = value.span().unwrap_or_default();
                    Item {
                        line: self.line(span.start),
                        comment: self.comment_after(span.end),
                    }
                })
                .collect()
        });
        Ok(Entry {
            key: key.to_owned(),
            value: self.item(item)?,
            line,
            items,
        })
    }

    /// A `# comment` after an array item on its line (past the comma), without the `#`.
    fn comment_after(&self, end: usize) -> Option<String> {
        let rest = self.text.get(end..)?.trim_start_matches([' ', '\t']);
        let rest = rest.strip_prefix(',').unwrap_or(rest);
        let comment = rest.trim_start_matches([' ', '\t']).strip_prefix('#')?;
        Some(comment.lines().next().unwrap_or("").trim().to_owned())
    }

    fn item(&self, item: &TomlItem) -> Result<Value, SyntaxAt> {
        match item {
            TomlItem::Value(value) => self.value(value),
            TomlItem::Table(table) => self.table(table),
            TomlItem::ArrayOfTables(tables) => Ok(Value::Array(
                tables
                    .iter()
                    .map(|table| self.table(table))
                    .collect::<Result<_, _>>()?,
            )),
            // Only a removed entry is None, and Table::iter leaves those out.
            TomlItem::None => Ok(Value::Table(Vec::new())),
        }
    }

    fn table(&self, table: &TomlTable) -> Result<Value, SyntaxAt> {
        let entries = table
            .iter()
            .map(|(key, item)| Ok((key.to_owned(), self.item(item)?)))
            .collect::<Result<_, _>>()?;
        Ok(Value::Table(entries))
    }

    fn value(&self, value: &TomlValue) -> Result<Value, SyntaxAt> {
        let span = value.span().unwrap_or_default();
        Ok(match value {
            TomlValue::String(s) => Value::String(s.value().clone()),
            TomlValue::Integer(_) | TomlValue::Float(_) => {
                number(self.raw(&span)).map_err(|e| self.error(span.start, e))?
            }
            TomlValue::Boolean(b) => Value::Bool(*b.value()),
            TomlValue::Datetime(_) => Value::DateTime(self.raw(&span).to_owned()),
            TomlValue::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| self.value(v))
                    .collect::<Result<_, _>>()?,
            ),
            TomlValue::InlineTable(table) => Value::Table(
                table
                    .iter()
                    .map(|(key, v)| Ok((key.to_owned(), self.value(v)?)))
                    .collect::<Result<_, _>>()?,
            ),
        })
    }

    fn raw(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }
}

/// A TOML number read exactly from its text: decimals and exponents without rounding,
/// integers of any size an [`Amount`] holds, `inf` for PHH's unrecorded stack.
fn number(raw: &str) -> Result<Value, SyntaxError> {
    let bad = SyntaxError::BadNumber;
    match raw {
        "inf" | "+inf" => return Ok(Value::Infinity),
        "-inf" | "nan" | "+nan" | "-nan" => return Err(SyntaxError::NotAnAmount(raw.to_owned())),
        _ => {}
    }
    let digits = raw.replace('_', "");
    let radix = [("0x", 16), ("0o", 8), ("0b", 2)]
        .into_iter()
        .find_map(|(prefix, radix)| Some((digits.strip_prefix(prefix)?, radix)));
    if let Some((digits, radix)) = radix {
        let too_large = || AmountError::TooLarge {
            text: raw.to_owned(),
        };
        let units = i128::from_str_radix(digits, radix).map_err(|_| bad(too_large()))?;
        return Amount::from_units(units, 0).map(Value::Number).map_err(bad);
    }
    let Some((mantissa, exponent)) = digits.split_once(['e', 'E']) else {
        return digits.parse().map(Value::Number).map_err(bad);
    };
    let mantissa: Amount = mantissa.parse().map_err(bad)?;
    let out_of_range = || {
        bad(AmountError::TooLarge {
            text: raw.to_owned(),
        })
    };
    // mantissa × 10^exponent = units × 10^(exponent - scale).
    let shift = exponent
        .parse::<i32>()
        .map_err(|_| out_of_range())?
        .checked_sub(i32::from(mantissa.scale()))
        .ok_or_else(out_of_range)?;
    let amount = if shift >= 0 {
        let factor = 10i128
            .checked_pow(shift.unsigned_abs())
            .ok_or_else(out_of_range)?;
        let units = mantissa
            .units()
            .checked_mul(factor)
            .ok_or_else(out_of_range)?;
        Amount::from_units(units, 0)
    } else {
        let scale = u8::try_from(shift.unsigned_abs())
            .ok()
            .filter(|&scale| scale <= MAX_SCALE)
            .ok_or_else(|| {
                bad(AmountError::TooPrecise {
                    text: raw.to_owned(),
                })
            })?;
        Amount::from_units(mantissa.units(), scale)
    };
    amount.map(Value::Number).map_err(bad)
}

/// toml_edit holds integers in an `i64` and refuses longer ones, but an amount is read from
/// its own text and may be larger. Such an integer is shown to toml_edit as a float of the
/// same length, so every span still points into the text where the number is then read.
fn mask_long_integers(text: &str) -> Cow<'_, str> {
    let source = toml_parser::Source::new(text);
    let tokens = source.lex().into_vec();
    let mut long = Vec::new();
    let mut receiver = |event: Event| {
        if event.kind() != EventKind::Scalar || event.encoding().is_some() {
            return;
        }
        let Some(raw) = source.get(event) else {
            return;
        };
        let mut decoded = Cow::Borrowed("");
        if let ScalarKind::Integer(radix) = raw.decode_scalar(&mut decoded, &mut ()) {
            // The test toml_edit makes before it refuses the number.
            if i64::from_str_radix(&decoded, radix.value()).is_err() {
                long.push(event.span());
            }
        }
    };
    // toml_edit's own limit: it refuses anything deeper, and the parser must not overflow
    // the stack on it first.
    let mut guarded = RecursionGuard::new(&mut receiver, 80);
    toml_parser::parser::parse_document(&tokens, &mut guarded, &mut ());
    if long.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut masked = text.to_owned();
    for span in long {
        // At least 19 characters: more than an i64 holds.
        let float = format!("0.{}", "0".repeat(span.len().saturating_sub(2)));
        masked.replace_range(span.start()..span.end(), &float);
    }
    Cow::Owned(masked)
}

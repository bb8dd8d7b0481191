//! Scalars: strings with their escapes, and bare values (numbers, `inf`, booleans,
//! dates and times).

use super::{Cursor, SyntaxAt, SyntaxError, Value};
use crate::{Amount, AmountError};

impl Cursor<'_> {
    /// A double-quoted string, with escapes.
    pub(super) fn basic_string(&mut self) -> Result<String, SyntaxAt> {
        self.quoted('"', true)
    }

    /// A single-quoted string, taken as written.
    pub(super) fn literal_string(&mut self) -> Result<String, SyntaxAt> {
        self.quoted('\'', false)
    }

    /// A one-line string between `quote`s; multi-line strings are not part of PHH.
    fn quoted(&mut self, quote: char, escapes: bool) -> Result<String, SyntaxAt> {
        let opened = self.line;
        self.bump();
        if self.rest().starts_with([quote, quote]) {
            return Err(self.err(SyntaxError::MultiLineString));
        }
        let mut out = String::new();
        loop {
            if self.at_newline() {
                return Err(self.err_at(opened, SyntaxError::UnterminatedString));
            }
            match self.bump() {
                None => return Err(self.err_at(opened, SyntaxError::UnterminatedString)),
                Some(c) if c == quote => return Ok(out),
                Some('\\') if escapes => out.push(self.escape()?),
                Some(c) if c.is_control() && c != '\t' => {
                    return Err(self.err(SyntaxError::ControlCharacter(c)));
                }
                Some(c) => out.push(c),
            }
        }
    }

    fn escape(&mut self) -> Result<char, SyntaxAt> {
        let hex = |cur: &mut Cursor, digits: usize| {
            let code: String = cur.rest().chars().take(digits).collect();
            let c = (code.len() == digits && code.chars().all(|c| c.is_ascii_hexdigit()))
                .then(|| u32::from_str_radix(&code, 16).ok())
                .flatten()
                .and_then(char::from_u32);
            cur.pos += code.len();
            c.ok_or_else(|| cur.err(SyntaxError::BadEscape(format!("\\u{code}"))))
        };
        match self.bump() {
            Some('b') => Ok('\u{8}'),
            Some('t') => Ok('\t'),
            Some('n') => Ok('\n'),
            Some('f') => Ok('\u{c}'),
            Some('r') => Ok('\r'),
            Some('"') => Ok('"'),
            Some('\\') => Ok('\\'),
            Some('u') => hex(self, 4),
            Some('U') => hex(self, 8),
            Some(c) => Err(self.err(SyntaxError::BadEscape(format!("\\{c}")))),
            None => Err(self.err(SyntaxError::UnterminatedString)),
        }
    }

    /// A value without quotes or brackets: number, `inf`, boolean, date or time.
    pub(super) fn bare_value(&mut self) -> Result<Value, SyntaxAt> {
        let token_len = |s: &str| {
            s.find(|c: char| !(c.is_ascii_alphanumeric() || "_.:+-".contains(c)))
                .unwrap_or(s.len())
        };
        let mut len = token_len(self.rest());
        // A date-time may have a space between date and time: `2009-07-01 00:00:06`.
        let rest = self.rest();
        if len == 10 && is_date_time(&rest[..len]) {
            let after = &rest[len..];
            let time = after.strip_prefix(' ').filter(|t| {
                t.as_bytes().get(2) == Some(&b':') && t.starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(time) = time {
                len += 1 + token_len(time);
            }
        }
        if len == 0 {
            return Err(self.expected("a value"));
        }
        let token = rest[..len].to_owned();
        self.pos += len;
        match token.as_str() {
            "true" => return Ok(Value::Bool(true)),
            "false" => return Ok(Value::Bool(false)),
            "inf" | "+inf" => return Ok(Value::Infinity),
            _ => {}
        }
        if is_date_time(&token) {
            return Ok(Value::DateTime(token));
        }
        if !token.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
            return Err(self.err(SyntaxError::BadValue(token)));
        }
        number(&token)
            .map(Value::Number)
            .map_err(|e| self.err(SyntaxError::BadNumber(e)))
    }
}

/// A TOML number: an exact decimal with optional `_` between digits. Exponents and
/// hexadecimal have no use in PHH and are refused rather than guessed at.
fn number(token: &str) -> Result<Amount, AmountError> {
    let malformed = |reason| AmountError::Malformed {
        text: token.to_owned(),
        reason,
    };
    if token.contains(['e', 'E']) && !token.starts_with("0x") {
        return Err(malformed(
            "exponents are not supported; write the number out",
        ));
    }
    let bytes = token.as_bytes();
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' && !(i > 0 && digit_at(i - 1) && digit_at(i + 1)) {
            return Err(malformed("'_' must stand between two digits"));
        }
    }
    token.replace('_', "").parse()
}

/// A bare TOML local date, time or date-time (`2009-07-01`, `00:00:06`,
/// `2009-07-01T00:00:06`), checked only by its shape: nothing here computes with it.
fn is_date_time(token: &str) -> bool {
    let bytes = token.as_bytes();
    let is_date = bytes.len() >= 10 && bytes[4] == b'-' && bytes[7] == b'-';
    let is_time = bytes.len() >= 5 && bytes[2] == b':';
    (is_date || is_time)
        && bytes.first().is_some_and(u8::is_ascii_digit)
        && token
            .chars()
            .all(|c| c.is_ascii_digit() || "-:.TZtz+ ".contains(c))
}

//! A name as the tables, the board and the desk show it: 1 to 40 printable characters, none that
//! could pass for something else. The tournament's registrations and the cash room's guests are
//! held to the same rule, so that nobody passes as another on a screen.

/// The most characters in a name.
pub const NAME_CHARS: usize = 40;

/// Characters that could pass for something else at the table: controls, and the invisible or
/// direction-changing marks (U+202E would show a name backwards, U+200B hide a difference).
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{061C}' | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}')
}

/// Two names that a person reading the board would take for one: the same, case aside.
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

//! A guest's phone number for a text when a seat is offered (issue 36 item 3): optional, given
//! with the guest's consent, shown only to the desk and gone with the guest.

use crate::RingError;

/// Digits of an international number at most (E.164), and the fewest a real one has.
pub const PHONE_DIGITS_MAX: usize = 15;
pub const PHONE_DIGITS_MIN: usize = 7;

/// A number in international form: `+`, a country code that does not start with 0, then
/// digits; 7 to 15 digits in all. Spaces, dashes, dots, slashes and brackets between them are
/// dropped, as people write them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    pub fn parse(text: &str) -> Result<Phone, RingError> {
        let bad = || RingError::BadPhone {
            min: PHONE_DIGITS_MIN,
            max: PHONE_DIGITS_MAX,
        };
        // Longer input than any number written out is refused before it is looked at.
        if text.len() > 40 {
            return Err(bad());
        }
        let text = text.trim();
        let rest = text.strip_prefix('+').ok_or_else(bad)?;
        let mut digits = String::with_capacity(PHONE_DIGITS_MAX + 1);
        for c in rest.chars() {
            match c {
                '0'..='9' => digits.push(c),
                ' ' | '-' | '.' | '/' | '(' | ')' => {}
                _ => return Err(bad()),
            }
        }
        if digits.starts_with('0') || !(PHONE_DIGITS_MIN..=PHONE_DIGITS_MAX).contains(&digits.len())
        {
            return Err(bad());
        }
        Ok(Phone(format!("+{digits}")))
    }

    /// A number as the log holds it, read back without the checks of new input (so that a log
    /// from before a change to them still replays): the checked form where it passes them.
    pub fn logged(text: &str) -> Phone {
        Phone::parse(text).unwrap_or_else(|_| Phone(text.trim().to_string()))
    }

    /// `+` and the digits, as the gateway takes it.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Phone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The language a guest's texts are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    De,
    En,
}

/// How the room reaches a guest when a seat is offered to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    pub phone: Phone,
    pub lang: Lang,
}

impl Contact {
    /// A number is taken only with the guest's consent to be texted at it.
    pub fn new(phone: &str, consent: bool, lang: Lang) -> Result<Contact, RingError> {
        if !consent {
            return Err(RingError::PhoneWithoutConsent);
        }
        Ok(Contact {
            phone: Phone::parse(phone)?,
            lang,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_international_and_of_a_real_length() {
        assert_eq!(
            Phone::parse(" +49 170 123-4567 ").unwrap().as_str(),
            "+491701234567"
        );
        for bad in [
            "",
            "+",
            "0170 1234567",
            "+0170 1234567",
            "+49 170 12a4567",
            "+123456",
            "+1234567890123456",
            "+49\u{202E}1701234567",
        ] {
            assert!(Phone::parse(bad).is_err(), "{bad:?}");
        }
        assert!(Phone::parse(&"+4".repeat(30)).is_err());
    }

    #[test]
    fn a_number_needs_consent() {
        assert_eq!(
            Contact::new("+491701234567", false, Lang::De),
            Err(RingError::PhoneWithoutConsent)
        );
        assert!(Contact::new("+491701234567", true, Lang::En).is_ok());
    }
}

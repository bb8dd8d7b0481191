//! Exact decimal amounts, as PHH writes chips and money (`500`, `0.25`, `10112.5`).
//!
//! Amounts never pass through floating point: `0.1 + 0.2` must stay `0.3` cents-exact,
//! and a split pot's `.5` must stay visible rather than round away.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use thiserror::Error;

/// The most digits after the point an amount may have. Keeps every rescaling inside
/// `i128`; real hand histories use at most two (cents).
pub const MAX_SCALE: u8 = 18;

/// An exact decimal, `units / 10^scale`. The scale is kept as written, so `9775.0`
/// prints back as `9775.0`, but equality is by value: `9775.0 == 9775`.
#[derive(Debug, Clone, Copy)]
pub struct Amount {
    units: i128,
    scale: u8,
}

/// An amount that could not be read or converted; the message says why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AmountError {
    #[error("{text:?} is not an amount: {reason}")]
    Malformed { text: String, reason: &'static str },
    #[error("{text:?} has more than {MAX_SCALE} digits after the decimal point")]
    TooPrecise { text: String },
    #[error("{text:?} is too large")]
    TooLarge { text: String },
    #[error("an amount of chips cannot be negative, found {amount}")]
    Negative { amount: Amount },
    #[error("{amount} is not a whole number of chips at scale {scale} (1 chip = 10^-{scale})")]
    LosesDigits { amount: Amount, scale: u8 },
    #[error("{amount} at scale {scale} is more chips than fit in 64 bits")]
    TooManyChips { amount: Amount, scale: u8 },
}

impl Amount {
    pub const ZERO: Amount = Amount { units: 0, scale: 0 };

    /// `units / 10^scale`; the scale may be at most [`MAX_SCALE`].
    pub fn from_units(units: i128, scale: u8) -> Result<Amount, AmountError> {
        if scale > MAX_SCALE {
            return Err(AmountError::TooPrecise {
                text: format!("{units}e-{scale}"),
            });
        }
        Ok(Amount { units, scale })
    }

    /// A whole number of chips written at `scale` (the reverse of [`Amount::to_chips`]).
    pub fn from_chips(chips: u64, scale: u8) -> Result<Amount, AmountError> {
        Amount::from_units(i128::from(chips), scale)
    }

    pub fn units(self) -> i128 {
        self.units
    }

    /// Digits after the decimal point as written (`0.50` has scale 2).
    pub fn scale(self) -> u8 {
        self.scale
    }

    pub fn is_negative(self) -> bool {
        self.units < 0
    }

    /// The fewest digits after the point that still write this amount exactly
    /// (`0.50` needs 1, `9775.0` needs 0).
    pub fn min_scale(self) -> u8 {
        self.normalized().1
    }

    /// The amount as a whole number of minimal units of size `10^-scale`: `0.25` at
    /// scale 2 is 25. Refuses negative amounts and amounts that would lose digits.
    pub fn to_chips(self, scale: u8) -> Result<u64, AmountError> {
        if self.units < 0 {
            return Err(AmountError::Negative { amount: self });
        }
        let (units, own_scale) = self.normalized();
        if own_scale > scale {
            return Err(AmountError::LosesDigits {
                amount: self,
                scale,
            });
        }
        let too_many = || AmountError::TooManyChips {
            amount: self,
            scale,
        };
        let factor = 10i128
            .checked_pow(u32::from(scale - own_scale))
            .ok_or_else(too_many)?;
        let chips = units.checked_mul(factor).ok_or_else(too_many)?;
        u64::try_from(chips).map_err(|_| too_many())
    }

    /// Trailing zeros after the point removed, so equal values have equal parts.
    fn normalized(self) -> (i128, u8) {
        let (mut units, mut scale) = (self.units, self.scale);
        while scale > 0 && units % 10 == 0 {
            units /= 10;
            scale -= 1;
        }
        (units, scale)
    }
}

/// The smallest scale at which every one of `amounts` is a whole number (0 for none).
pub fn common_scale<'a>(amounts: impl IntoIterator<Item = &'a Amount>) -> u8 {
    amounts
        .into_iter()
        .map(|a| a.min_scale())
        .max()
        .unwrap_or(0)
}

impl PartialEq for Amount {
    fn eq(&self, other: &Amount) -> bool {
        self.normalized() == other.normalized()
    }
}

impl Eq for Amount {}

impl Hash for Amount {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.normalized().hash(state);
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.units < 0 { "-" } else { "" };
        let magnitude = self.units.unsigned_abs();
        if self.scale == 0 {
            return write!(f, "{sign}{magnitude}");
        }
        // scale <= MAX_SCALE, so the power fits.
        let one = 10u128.pow(u32::from(self.scale));
        let width = usize::from(self.scale);
        write!(f, "{sign}{}.{:0width$}", magnitude / one, magnitude % one)
    }
}

impl FromStr for Amount {
    type Err = AmountError;

    /// Reads `500`, `0.25`, `-3.5`, `+2`: digits on both sides of at most one point.
    fn from_str(text: &str) -> Result<Amount, AmountError> {
        let malformed = |reason| AmountError::Malformed {
            text: text.to_owned(),
            reason,
        };
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            Some(_) => (false, text),
            None => return Err(malformed("it is empty")),
        };
        let (whole, fraction) = match body.split_once('.') {
            Some((_, rest)) if rest.contains('.') => {
                return Err(malformed("it has more than one decimal point"));
            }
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (body, None),
        };
        if whole.is_empty() {
            return Err(malformed("it has no digits before the decimal point"));
        }
        if fraction.is_some_and(str::is_empty) {
            return Err(malformed("it has no digits after the decimal point"));
        }
        let fraction = fraction.unwrap_or("");
        if !whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
        {
            return Err(malformed(
                "only digits, one decimal point and a sign are allowed",
            ));
        }
        if fraction.len() > usize::from(MAX_SCALE) {
            return Err(AmountError::TooPrecise {
                text: text.to_owned(),
            });
        }
        let mut units: i128 = 0;
        for b in whole.bytes().chain(fraction.bytes()) {
            units = units
                .checked_mul(10)
                .and_then(|u| u.checked_add(i128::from(b - b'0')))
                .ok_or_else(|| AmountError::TooLarge {
                    text: text.to_owned(),
                })?;
        }
        Ok(Amount {
            units: if negative { -units } else { units },
            // fraction.len() <= MAX_SCALE, checked above.
            scale: fraction.len() as u8,
        })
    }
}

use crate::Lang;
use std::fmt;

/// A suit. The derived order is the suit order for draws, chip races and bring-ins:
/// spades > hearts > diamonds > clubs (WWPLA-8, HC-3.5). Suits never decide a pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// All suits, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with this index (0 clubs .. 3 spades); the index is taken modulo 4.
    pub const fn from_index(index: u8) -> Suit {
        Suit::ALL[(index & 3) as usize]
    }

    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The lower-case letter of the two-character form.
    pub const fn to_char(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// Reads `s`, `h`, `d` or `c` (either case).
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' => Some(Suit::Clubs),
            'd' | 'D' => Some(Suit::Diamonds),
            'h' | 'H' => Some(Suit::Hearts),
            's' | 'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's name: "Spades" / "Pik".
    pub const fn name(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::En, Suit::Clubs) => "Clubs",
            (Lang::En, Suit::Diamonds) => "Diamonds",
            (Lang::En, Suit::Hearts) => "Hearts",
            (Lang::En, Suit::Spades) => "Spades",
            (Lang::De, Suit::Clubs) => "Kreuz",
            (Lang::De, Suit::Diamonds) => "Karo",
            (Lang::De, Suit::Hearts) => "Herz",
            (Lang::De, Suit::Spades) => "Pik",
        }
    }

    /// Reads an English or German suit name, ignoring case.
    pub fn from_name(name: &str) -> Option<Suit> {
        let lower = name.trim().to_lowercase();
        Suit::ALL.into_iter().find(|s| {
            s.name(Lang::En).to_lowercase() == lower || s.name(Lang::De).to_lowercase() == lower
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

use crate::Lang;
use std::fmt;

/// A rank, deuce lowest. The ace also plays low in the five-high straight and in lows;
/// that is the evaluator's business, not the rank's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

const CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
const EN: [&str; 13] = [
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const EN_PLURAL: [&str; 13] = [
    "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];
const DE: [&str; 13] = [
    "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame",
    "König", "Ass",
];
const DE_PLURAL: [&str; 13] = [
    "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten", "Neunen", "Zehnen",
    "Buben", "Damen", "Könige", "Asse",
];

impl Rank {
    /// All ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with this index (0 deuce .. 12 ace), or `None` past the ace.
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 13 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The character of the two-character form: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn to_char(self) -> char {
        CHARS[self as usize]
    }

    /// Reads a rank character (either case for letters).
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '2'..='9' => Rank::from_index(c as u8 - b'2'),
            't' | 'T' => Some(Rank::Ten),
            'j' | 'J' => Some(Rank::Jack),
            'q' | 'Q' => Some(Rank::Queen),
            'k' | 'K' => Some(Rank::King),
            'a' | 'A' => Some(Rank::Ace),
            _ => None,
        }
    }

    /// The rank's name: "King" / "König".
    pub const fn name(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => EN[self as usize],
            Lang::De => DE[self as usize],
        }
    }

    /// The plural used in hand names: "Kings full of Aces" / "Könige voller Asse".
    pub const fn plural(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => EN_PLURAL[self as usize],
            Lang::De => DE_PLURAL[self as usize],
        }
    }

    /// How a rank is written before the suit in a German card name: "Ass-Pik", "10-Herz".
    pub const fn german_card_word(self) -> &'static str {
        match self {
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "Bube",
            Rank::Queen => "Dame",
            Rank::King => "König",
            Rank::Ace => "Ass",
        }
    }

    /// Reads a rank as written in a card name: a digit ("10", "7"), an English or German
    /// name, or the German short letters (A, K, D, B) the rulebooks use.
    pub fn from_word(word: &str) -> Option<Rank> {
        let w = word.trim();
        if let Ok(n) = w.parse::<u8>() {
            return (2..=10).contains(&n).then(|| Rank::ALL[usize::from(n - 2)]);
        }
        let lower = w.to_lowercase();
        match lower.as_str() {
            "a" => return Some(Rank::Ace),
            "k" => return Some(Rank::King),
            "d" | "q" => return Some(Rank::Queen),
            "b" | "j" => return Some(Rank::Jack),
            _ => {}
        }
        Rank::ALL.into_iter().find(|r| {
            r.name(Lang::En).to_lowercase() == lower || r.name(Lang::De).to_lowercase() == lower
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

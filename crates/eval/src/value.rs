use std::fmt;

/// The category of a high hand, lowest first (HC-1.11: every hand of a category beats
/// every hand of the categories below it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandCategory {
    HighCard = 0,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl HandCategory {
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];

    pub const fn from_index(i: u8) -> Option<HandCategory> {
        if (i as usize) < HandCategory::ALL.len() {
            Some(HandCategory::ALL[i as usize])
        } else {
            None
        }
    }
}

/// The value of a high hand: a larger value wins, equal values split (suits never count,
/// HC-3.5). Bits 12-15 hold the category, bits 0-11 the rank within it (1 = the lowest).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HighValue(pub(crate) u16);

impl HighValue {
    pub const fn category(self) -> HandCategory {
        match HandCategory::from_index((self.0 >> 12) as u8) {
            Some(c) => c,
            None => HandCategory::StraightFlush,
        }
    }

    /// The raw value, for storage and tables; its order is the order of hands.
    pub const fn get(self) -> u16 {
        self.0
    }
}

impl fmt::Debug for HighValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HighValue({:?} {})", self.category(), self.0 & 0xfff)
    }
}

//! Serde for the engine's types used here, which carry no serde of their own: a player is its
//! 0-based index in dealing order, a street its snake-case name (`preflop` .. `river`, `third` ..
//! `seventh`), chips a number, a rule its id.

use engine::{Chips, Player, Rule, Street};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

pub(super) fn four() -> u8 {
    4
}

pub(super) fn two() -> u8 {
    2
}

pub(super) mod player {
    use super::*;

    pub(in super::super) fn serialize<S: Serializer>(p: &Player, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(p.0)
    }

    pub(in super::super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Player, D::Error> {
        u8::deserialize(d).map(Player)
    }
}

pub(super) mod opt_player {
    use super::*;

    pub(in super::super) fn serialize<S: Serializer>(
        p: &Option<Player>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match p {
            Some(p) => s.serialize_some(&p.0),
            None => s.serialize_none(),
        }
    }

    pub(in super::super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Player>, D::Error> {
        Ok(Option::<u8>::deserialize(d)?.map(Player))
    }
}

pub(super) mod street {
    use super::*;

    /// Every street, flop games' then stud's, with its name at the same index.
    const STREETS: [Street; 9] = [
        Street::Preflop,
        Street::Flop,
        Street::Turn,
        Street::River,
        Street::Third,
        Street::Fourth,
        Street::Fifth,
        Street::Sixth,
        Street::Seventh,
    ];
    const NAMES: [&str; 9] = [
        "preflop", "flop", "turn", "river", "third", "fourth", "fifth", "sixth", "seventh",
    ];

    pub(in super::super) fn serialize<S: Serializer>(st: &Street, s: S) -> Result<S::Ok, S::Error> {
        let i = STREETS.iter().position(|x| x == st).unwrap_or(0);
        s.serialize_str(NAMES[i])
    }

    pub(in super::super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Street, D::Error> {
        let name = String::deserialize(d)?;
        NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| STREETS[i])
            .ok_or_else(|| D::Error::unknown_variant(&name, &NAMES))
    }
}

pub(super) mod chips {
    use super::*;

    pub(in super::super) fn serialize<S: Serializer>(c: &Chips, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(c.0)
    }

    pub(in super::super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Chips, D::Error> {
        u64::deserialize(d).map(Chips)
    }
}

pub(super) mod rule {
    use super::*;

    pub(in super::super) fn serialize<S: Serializer>(r: &Rule, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.id())
    }
}

pub(super) mod opt_rule {
    use super::*;

    pub(in super::super) fn serialize<S: Serializer>(
        r: &Option<Rule>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match r {
            Some(r) => s.serialize_some(r.id()),
            None => s.serialize_none(),
        }
    }
}

//! Balancing arithmetic: an index of tables by player count (the fullest and the shortest at
//! once, for events of thousands of tables) and the seat choices of each profile's mover rule:
//! TDA-11A's worst position and stud's move by position, TDA-11B's would-be big blind,
//! WWPLA-12's soonest button, HC-1.8's relative position; `choose_mover` picks among them by the
//! profile, for the running director and the scenarios alike.

use crate::profile::{DirectorRules, Mover};
use engine::{Rule, Seat, Table, rule};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Active tables by how many players sit at them. Shared between the copies the server saves
/// before each command until a count changes (a copy of thousands of tables' sets per action
/// was most of the copy's cost).
#[derive(Clone, Debug, Default)]
pub struct CountIndex {
    by_count: Arc<Vec<BTreeSet<u32>>>,
    count: Arc<Vec<Option<usize>>>,
}

impl CountIndex {
    pub fn new(max_seats: usize) -> CountIndex {
        CountIndex {
            by_count: Arc::new(vec![BTreeSet::new(); max_seats + 1]),
            count: Arc::new(Vec::new()),
        }
    }

    /// Sets a table's count (adding the table if new).
    pub fn set(&mut self, table: u32, count: usize) {
        let i = table as usize;
        if self.count(table) == Some(count) {
            return;
        }
        let counts = Arc::make_mut(&mut self.count);
        let by_count = Arc::make_mut(&mut self.by_count);
        if counts.len() <= i {
            counts.resize(i + 1, None);
        }
        if let Some(old) = counts[i] {
            by_count[old].remove(&table);
        }
        if count >= by_count.len() {
            by_count.resize(count + 1, BTreeSet::new());
        }
        by_count[count].insert(table);
        counts[i] = Some(count);
    }

    pub fn remove(&mut self, table: u32) {
        if let Some(Some(old)) = self.count.get(table as usize).copied() {
            Arc::make_mut(&mut self.by_count)[old].remove(&table);
            Arc::make_mut(&mut self.count)[table as usize] = None;
        }
    }

    pub fn count(&self, table: u32) -> Option<usize> {
        self.count.get(table as usize).copied().flatten()
    }

    pub fn max(&self) -> Option<usize> {
        (0..self.by_count.len())
            .rev()
            .find(|&c| !self.by_count[c].is_empty())
    }

    pub fn min(&self) -> Option<usize> {
        (0..self.by_count.len()).find(|&c| !self.by_count[c].is_empty())
    }

    /// Fullest minus shortest.
    pub fn spread(&self) -> usize {
        match (self.max(), self.min()) {
            (Some(hi), Some(lo)) => hi - lo,
            _ => 0,
        }
    }

    /// Tables with exactly `count` players, lowest number first.
    pub fn with_count(&self, count: usize) -> impl Iterator<Item = u32> + '_ {
        self.by_count.get(count).into_iter().flatten().copied()
    }

    pub fn tables(&self) -> usize {
        self.by_count.iter().map(BTreeSet::len).sum()
    }

    /// The highest-numbered active table: tables break from the highest number down.
    pub fn highest(&self) -> Option<u32> {
        self.by_count.iter().filter_map(|s| s.last().copied()).max()
    }
}

fn distance(n: usize, from: Seat, to: Seat) -> usize {
    (to.index() + n - from.index()) % n
}

pub(crate) fn empty_seats(table: &Table) -> impl Iterator<Item = Seat> + '_ {
    table
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| Seat(i as u8))
}

/// The occupied seat at `seat` or the next one clockwise.
pub fn occupied_from(table: &Table, seat: Seat) -> Option<Seat> {
    let n = table.seats().len();
    (0..n)
        .map(|k| Seat(((seat.index() + k) % n) as u8))
        .find(|s| table.seats()[s.index()].is_some())
}

/// TDA-11A: the worst position for a player coming in: the empty seat from which they post the
/// big blind soonest (the next big blind if possible), never the small blind's seat. `last` is
/// the button, small-blind position and big blind the next hand follows: the hand in progress
/// if there is one, else the last. `None` before the table's first hand or with no empty seat.
pub fn worst_position(table: &Table, last: Option<(Seat, Seat, Seat)>) -> Option<Seat> {
    let (_, _, last_bb) = last?;
    empty_seats(table)
        .filter(|&e| e != last_bb)
        .min_by_key(|&e| hands_to_big_blind(table, last_bb, e))
}

/// Hands after the one that followed `last_bb` until a player in the empty seat `e` posts the big
/// blind: the big blind moves on one player a hand, so the players sitting between.
fn hands_to_big_blind(table: &Table, last_bb: Seat, e: Seat) -> usize {
    let n = table.seats().len();
    let d = distance(n, last_bb, e);
    table
        .seats()
        .iter()
        .enumerate()
        .filter(|(i, s)| s.is_some() && (1..d).contains(&distance(n, last_bb, Seat(*i as u8))))
        .count()
}

/// WWPLA-12: the empty seat where an incoming player gets the button soonest. The button goes
/// where the small blind was and the small blind where the big blind was, so a player in the
/// empty last small-blind seat has the next button, in the empty last big-blind seat the one
/// after, and elsewhere two hands after their big blind. A seat between the last small and big
/// blind is not dealt in (TDA-10) and waits a round for its blinds. `last` as for
/// `worst_position`.
pub fn soonest_button(table: &Table, last: Option<(Seat, Seat, Seat)>) -> Option<Seat> {
    let n = table.seats().len();
    let Some((_, last_sb, last_bb)) = last else {
        let button = table.next_positions().map_or(Seat(0), |p| p.button);
        return empty_seats(table)
            .filter(|&e| distance(n, button, e) > 0)
            .min_by_key(|&e| distance(n, button, e));
    };
    empty_seats(table).min_by_key(|&e| {
        if e == last_sb {
            0
        } else if e == last_bb {
            1
        } else {
            2 + hands_to_big_blind(table, last_bb, e)
        }
    })
}

/// Seats clockwise from the last hand's button to `seat` (HC-1.8's relative position).
pub fn seats_left_of_button(table: &Table, seat: Seat) -> usize {
    let button = table.last_positions().map_or(Seat(0), |(b, _, _)| b);
    distance(table.seats().len(), button, seat)
}

/// The seat `k` seats left of the last hand's button, or the next occupied one clockwise.
pub fn at_relative_position(table: &Table, k: usize) -> Option<Seat> {
    let button = table.last_positions().map_or(Seat(0), |(b, _, _)| b);
    let n = table.seats().len();
    occupied_from(table, Seat(((button.index() + k) % n) as u8))
}

/// The player due the big blind next (TDA-11A's mover); during a stud round of a mixed game,
/// the player who would be big blind if the hand were hold'em (TDA-11B).
pub fn big_blind_next(table: &Table) -> Option<Seat> {
    table
        .would_be_big_blind()
        .or_else(|| occupied_from(table, Seat(0)))
}

/// TDA-11A, stud only: players move by position, the player in the seat of the one to fill at
/// the short table, or the next one clockwise.
pub fn by_position(table: &Table, seat: Seat) -> Option<Seat> {
    let n = table.seats().len();
    occupied_from(table, Seat((seat.index() % n) as u8))
}

/// The player next to get the button (WWPLA-12's mover).
pub fn button_next(table: &Table) -> Option<Seat> {
    match table.next_positions() {
        Ok(p) => occupied_from(table, p.button),
        Err(_) => occupied_from(table, Seat(0)),
    }
}

/// What the source table deals when a player moves, as the mover rule needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameInPlay {
    /// A flop game (alone or in a mixed event's flop round): TDA-11A.
    Flop,
    /// An event of stud games only: players move by position (TDA-11A), into `opened`, the
    /// seat opened last at the short table, if it is still open.
    StudOnly { opened: Option<Seat> },
    /// A stud round of a mixed event: the player who would be big blind in hold'em (TDA-11B).
    StudInMixed,
}

/// One balancing move as the profile's mover rule makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverChoice {
    /// The seat at the source table whose player moves; `None` when nobody can.
    pub from: Option<Seat>,
    /// The seat the player takes; `None`: any open seat, drawn at random.
    pub to: Option<Seat>,
    /// The rule that picks them.
    pub rule: Rule,
}

/// The player who moves from `source` to `dest` to balance, and their seat there, by the
/// profile's mover rule: HC-1.8's relative position into the bust's seat (`vacancy`: the seat
/// and its distance from the button), WWPLA-12's player next to the button to the seat that
/// gets it soonest, stud by position (TDA-11A), TDA-11B's would-be big blind during a stud
/// round, else TDA-11A's player due the big blind to the worst position. `last` is the
/// button, small-blind position and big blind the destination's next hand follows.
pub fn choose_mover(
    profile: &DirectorRules,
    source: &Table,
    dest: &Table,
    last: Option<(Seat, Seat, Seat)>,
    vacancy: Option<(Seat, usize)>,
    game: GameInPlay,
) -> MoverChoice {
    match (profile.mover, vacancy, game) {
        (Mover::RelativePosition, Some((vacant, k)), _) => MoverChoice {
            from: at_relative_position(source, k),
            to: Some(vacant),
            rule: rule!("HC-1.8"),
        },
        (Mover::ButtonNext, _, _) => MoverChoice {
            from: button_next(source),
            to: soonest_button(dest, last),
            rule: rule!("WWPLA-12"),
        },
        (_, _, GameInPlay::StudOnly { opened }) => {
            let to = opened.filter(|s| dest.seats().get(s.index()) == Some(&None));
            let from = to
                .and_then(|s| by_position(source, s))
                .or_else(|| big_blind_next(source));
            MoverChoice {
                from,
                to,
                rule: rule!("TDA-11A"),
            }
        }
        (_, _, game) => MoverChoice {
            from: big_blind_next(source),
            to: worst_position(dest, last),
            rule: if game == GameInPlay::StudInMixed {
                rule!("TDA-11B")
            } else {
                rule!("TDA-11A")
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Profile;
    use engine::{Chips, PlayerId, Variant};

    /// A table of `seats` seats with players at `occupied` (0-based) after a hand with the
    /// button at `button` and the blinds on the next two players.
    fn table(seats: usize, occupied: &[u8], button: u8, first_id: u32) -> Table {
        let mut t = Table::new(
            seats,
            Variant::NO_LIMIT_HOLDEM,
            engine::Ruleset::of(engine::RulebookId::Tda),
            true,
        )
        .expect("a table");
        for (k, &s) in occupied.iter().enumerate() {
            t.sit(Seat(s), PlayerId(first_id + k as u32), Chips(1000))
                .expect("an open seat");
        }
        let i = occupied.iter().position(|&s| s == button).expect("button");
        let sb = occupied[(i + 1) % occupied.len()];
        let bb = occupied[(i + 2) % occupied.len()];
        t.set_last_hand(Seat(button), Seat(sb), Seat(bb))
            .expect("the last hand");
        t
    }

    fn rules(id: &str) -> DirectorRules {
        Profile::get(id).expect("a shipped profile").director
    }

    #[test]
    fn tda_11a_moves_the_big_blind_next_to_the_worst_position() {
        let source = table(9, &[0, 1, 2, 3, 4, 5, 6, 7, 8], 0, 0);
        let dest = table(9, &[0, 1, 2, 3, 5, 6, 7], 0, 100);
        let last = dest.last_positions();
        let c = choose_mover(&rules("tda"), &source, &dest, last, None, GameInPlay::Flop);
        // TDA-11A: seat 4 (0-based 3) is due the next big blind at the source; at the
        // destination the big blind was seat 3 (index 2): the open seat 5 (index 4) posts soonest.
        assert_eq!(c.rule, rule!("TDA-11A"));
        assert_eq!(c.from, Some(Seat(3)));
        assert_eq!(c.to, Some(Seat(4)));
        // TDA-11B: during a stud round of a mixed event the same player (the would-be big blind)
        // moves, and the rule named is 11B.
        let stud = choose_mover(
            &rules("tda"),
            &source,
            &dest,
            last,
            None,
            GameInPlay::StudInMixed,
        );
        assert_eq!(stud.rule, rule!("TDA-11B"));
        assert_eq!((stud.from, stud.to), (c.from, c.to));
    }

    #[test]
    fn stud_only_moves_by_position_into_the_seat_opened_last() {
        let source = table(8, &[0, 1, 2, 3, 4, 5, 6, 7], 5, 0);
        let dest = table(8, &[0, 1, 3, 4, 5, 6], 1, 100);
        let game = GameInPlay::StudOnly {
            opened: Some(Seat(2)),
        };
        let c = choose_mover(&rules("tda"), &source, &dest, None, None, game);
        assert_eq!(
            c,
            MoverChoice {
                from: Some(Seat(2)),
                to: Some(Seat(2)),
                rule: rule!("TDA-11A")
            }
        );
        // A seat opened last but taken since: the big blind next moves, to a drawn seat.
        let taken = GameInPlay::StudOnly {
            opened: Some(Seat(3)),
        };
        let c = choose_mover(&rules("tda"), &source, &dest, None, None, taken);
        assert_eq!(c.to, None);
        assert_eq!(c.from, big_blind_next(&source));
    }

    #[test]
    fn house_movers_hc_1_8_and_wwpla_12() {
        let source = table(10, &[0, 1, 2, 3, 4, 5, 6, 7], 0, 0);
        let dest = table(10, &[0, 1, 2, 4, 5, 6], 0, 100);
        let last = dest.last_positions();
        // HC-1.8: the player three seats left of the source's button into the bust's seat.
        let c = choose_mover(
            &rules("hc"),
            &source,
            &dest,
            last,
            Some((Seat(3), 3)),
            GameInPlay::Flop,
        );
        assert_eq!(
            c,
            MoverChoice {
                from: Some(Seat(3)),
                to: Some(Seat(3)),
                rule: rule!("HC-1.8")
            }
        );
        // WWPLA-12: the player next to get the button (seat 2), to the seat that gets it soonest.
        let c = choose_mover(
            &rules("wwpla"),
            &source,
            &dest,
            last,
            None,
            GameInPlay::Flop,
        );
        assert_eq!(c.rule, rule!("WWPLA-12"));
        assert_eq!(c.from, button_next(&source));
        assert_eq!(c.to, soonest_button(&dest, last));
        assert_eq!(c.from, Some(Seat(1)));
    }
}

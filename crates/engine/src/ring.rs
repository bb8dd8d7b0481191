//! Ring games: who is dealt into the next hand and who posts what, when players come and go
//! between hands (issue 18 item 3). The blinds follow the dead button (HC-3.6, TDA-32): the big
//! blind moves one present player at a time, the small blind lies where the big blind was, and
//! the button where the small blind was, even on an empty seat. What a profile changes:
//!
//! - HC-1.9 (ring): an absent player gets no cards and posts nothing. When the last hand's big
//!   blind has left, the next hand has a big blind only and the button stays for that hand. A
//!   returning player is dealt in at once, unless the button passed them while away: then they
//!   post a small blind (dead) and a big blind (live), or wait for their big blind.
//! - JPR-3.0 (CoinGame): an absent player gets no cards; a blind due while away is marked at the
//!   seat ("Little Blind", "Big Blind", "Missed Blind") and paid on return into the next pot
//!   (dead), even by a player who waited for the big blind.
//! - Otherwise (TDA by default) the same markers, paid as card rooms do: the big blind live, the
//!   small blind dead, and posting the big blind settles them; a new player posts a big blind
//!   or waits for it.
//!
//! Everywhere: heads-up the small blind has the button and the big blind goes to whoever would
//! have had it next (TDA-34, HC-3.6); fewer than two players to deal is no hand.

use crate::{Rule, Seat};

/// The ring-game rules of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RingRules {
    /// HC-1.9's ring-game deviation.
    Hc,
    /// JPR-3.0's CoinGame mode.
    Jpr,
    /// TDA 2019 and the profiles that say nothing of cash games.
    Default,
}

impl RingRules {
    pub fn of(rulebook: crate::RulebookId) -> RingRules {
        match rulebook {
            crate::RulebookId::Hc => RingRules::Hc,
            crate::RulebookId::Jpr => RingRules::Jpr,
            _ => RingRules::Default,
        }
    }

    fn absent_rule(self) -> Rule {
        match self {
            RingRules::Hc => rule!("HC-1.9"),
            RingRules::Jpr => rule!("JPR-3.0"),
            RingRules::Default => rule!("TDA-30"),
        }
    }

    fn button_rule(self) -> Rule {
        match self {
            RingRules::Hc => rule!("HC-3.6"),
            _ => rule!("TDA-32"),
        }
    }
}

/// Blinds a player owes for having been away (JPR-3.0's markers; under HC-1.9, `Both` is "the
/// button passed while away").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Debt {
    Small,
    Big,
    Both,
}

impl Debt {
    fn with(self, other: Debt) -> Debt {
        if self == other { self } else { Debt::Both }
    }

    fn owes_small(self) -> bool {
        matches!(self, Debt::Small | Debt::Both)
    }

    fn owes_big(self) -> bool {
        matches!(self, Debt::Big | Debt::Both)
    }
}

/// A player who did not play the last hand and sits in for the next: pay now, or wait for the
/// big blind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entering {
    Post,
    Wait,
}

/// Where a seated player stands before the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Played the last hand and is here.
    Playing,
    /// Away when the next hand is dealt.
    Away,
    /// Back from being away, for the next hand.
    Back(Entering),
    /// Newly seated.
    New(Entering),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RingSeat {
    pub presence: Presence,
    pub owes: Option<Debt>,
}

/// The table as the last hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingTable {
    pub button: Option<Seat>,
    pub small_blind: Option<Seat>,
    pub big_blind: Option<Seat>,
    /// By seat; `None` is an empty seat.
    pub seats: Vec<Option<RingSeat>>,
    pub small_blind_amount: u64,
    pub big_blind_amount: u64,
}

/// A forced bet: the live part counts toward the player's bet, the dead part goes to the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Post {
    pub seat: Seat,
    pub live: u64,
    pub dead: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NextHand {
    pub button: Option<Seat>,
    pub small_blind: Option<Seat>,
    pub big_blind: Option<Seat>,
    /// Seats dealt in, in seat order.
    pub dealt: Vec<Seat>,
    pub posts: Vec<Post>,
    /// What each player owes once the hand is dealt.
    pub owes: Vec<(Seat, Debt)>,
    /// The rules applied, each once.
    pub rules: Vec<Rule>,
}

impl NextHand {
    fn cite(&mut self, rule: Rule) {
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
        }
    }

    fn post(&mut self, seat: Seat, live: u64, dead: u64) {
        match self.posts.iter_mut().find(|p| p.seat == seat) {
            Some(p) => {
                p.live += live;
                p.dead += dead;
            }
            None => self.posts.push(Post { seat, live, dead }),
        }
    }
}

/// The next hand of a ring game under `rules`.
pub fn next_hand(table: &RingTable, rules: RingRules) -> NextHand {
    let n = table.seats.len();
    let mut out = NextHand::default();
    if n == 0 {
        return out;
    }
    let at = |i: usize| table.seats[i % n];
    let is = |i: usize, p: Presence| at(i).is_some_and(|s| s.presence == p);
    let away = |i: usize| is(i, Presence::Away);
    let present = |i: usize| at(i).is_some() && !away(i);
    let owed: Vec<Option<Debt>> = table.seats.iter().map(|s| s.and_then(|s| s.owes)).collect();
    let mut owes = owed.clone();
    let add = |owes: &mut Vec<Option<Debt>>, i: usize, d: Debt| {
        owes[i] = Some(owes[i].map_or(d, |o| o.with(d)));
    };

    // The big blind: the next present player after the last one (dead button, HC-3.6).
    let last_bb = table
        .big_blind
        .or(table.small_blind)
        .or(table.button)
        .map_or(n - 1, |s| s.index());
    let bb = (1..=n).map(|k| (last_bb + k) % n).find(|&i| present(i));
    let Some(bb) = bb else {
        out.owes = collect(&owes);
        return out;
    };
    for i in (1..n).map(|k| (last_bb + k) % n).take_while(|&i| i != bb) {
        if away(i) && rules != RingRules::Hc {
            add(&mut owes, i, Debt::Big);
            out.cite(rules.absent_rule());
        }
    }

    // Who would be dealt in: those who played and are here, those who post to come in, and
    // whoever the big blind reaches.
    let will_play = |i: usize| match at(i).map(|s| (s.presence, s.owes)) {
        Some((Presence::Playing, _)) => true,
        Some((Presence::Back(Entering::Post), _)) | Some((Presence::New(Entering::Post), _)) => {
            true
        }
        // HC-1.9: back before the button passed them: cards at once.
        Some((Presence::Back(Entering::Wait), owes)) => {
            i == bb || owes.is_none() || (rules == RingRules::Hc && owes != Some(Debt::Both))
        }
        Some((Presence::New(Entering::Wait), _)) => i == bb,
        _ => false,
    };
    let players = (0..n).filter(|&i| will_play(i)).count();
    if players < 2 {
        // No hand to deal: nothing moves and nobody owes more.
        return NextHand {
            owes: collect(&owed),
            ..NextHand::default()
        };
    }

    let (button, small_blind) = if players == 2 {
        // Heads-up: the other player has the small blind and the button (TDA-34, HC-3.6).
        let other = (1..n).map(|k| (bb + k) % n).find(|&i| will_play(i));
        out.cite(rule!("TDA-34"));
        if rules == RingRules::Hc {
            out.cite(rule!("HC-3.6"));
        }
        (other, other)
    } else {
        let sb_position = table.big_blind.map(Seat::index);
        // Only the player who had the big blind posts the small blind there: whoever sits
        // there new or back posts their own way.
        let sb_seat = sb_position.filter(|&i| is(i, Presence::Playing) && i != bb);
        let last_bb_left = sb_position.filter(|&i| away(i));
        if let Some(i) = last_bb_left {
            if rules == RingRules::Hc {
                out.cite(rule!("HC-1.9"));
            } else {
                add(&mut owes, i, Debt::Small);
                out.cite(rules.absent_rule());
            }
        }
        let button = if rules == RingRules::Hc && last_bb_left.is_some() {
            // HC-1.9: a big blind only, and the button stays for this hand.
            table.button.map(Seat::index)
        } else {
            match table.small_blind {
                Some(s) => Some(s.index()),
                // No small blind last hand: its place was the seat before the big blind's.
                None => table
                    .big_blind
                    .map(|g| (g.index() + n - 1) % n)
                    .or(table.button.map(Seat::index)),
            }
        };
        if sb_seat.is_none() || button.is_some_and(|b| at(b).is_none() || away(b)) {
            out.cite(rules.button_rule());
        }
        (button, sb_seat)
    };

    // HC-1.9: an absent player the button passed owes both blinds.
    if rules == RingRules::Hc
        && let (Some(from), Some(to)) = (table.button.map(Seat::index), button)
        && from != to
    {
        // Passed: the button came onto or over their seat; not the seat it leaves, which had
        // the button while its player was there.
        let mut i = from;
        while i != to {
            i = (i + 1) % n;
            if away(i) {
                add(&mut owes, i, Debt::Both);
                out.cite(rule!("HC-1.9"));
            }
        }
    }

    out.button = button.map(|i| Seat(i as u8));
    out.small_blind = small_blind.map(|i| Seat(i as u8));
    out.big_blind = Some(Seat(bb as u8));
    for i in 0..n {
        if !will_play(i) {
            if away(i) {
                out.cite(rules.absent_rule());
            }
            continue;
        }
        let seat = Seat(i as u8);
        out.dealt.push(seat);
        if Some(i) == small_blind {
            // Heads-up a player coming in on the button posts the small blind there and no
            // more; what they owe stays owed (TDA-34).
            out.post(seat, table.small_blind_amount, 0);
            continue;
        }
        if i == bb {
            out.post(seat, table.big_blind_amount, 0);
            // JPR-3.0: what was missed is paid on return, into the pot, beside the blind;
            // elsewhere the big blind settles it.
            if let (RingRules::Jpr, Some(d)) = (rules, owes[i].take()) {
                out.post(seat, 0, dead_of(d, table));
                out.cite(rule!("JPR-3.0"));
            }
            continue;
        }
        match at(i).map(|s| s.presence) {
            Some(Presence::New(Entering::Post)) => {
                out.post(seat, table.big_blind_amount, 0);
            }
            Some(Presence::Back(_)) => {
                let debt = owes[i].take();
                match (rules, debt) {
                    (RingRules::Hc, Some(Debt::Both)) => {
                        out.post(seat, table.big_blind_amount, table.small_blind_amount);
                        out.cite(rule!("HC-1.9"));
                    }
                    (RingRules::Hc, _) => {
                        if debt.is_some() {
                            out.cite(rule!("HC-1.9"));
                        }
                    }
                    // JPR-3.0: "die Nachzahlung wird vom Dealer mit in den folgenden Pot gelegt":
                    // into the pot, dead.
                    (RingRules::Jpr, Some(d)) => {
                        out.post(seat, 0, dead_of(d, table));
                        out.cite(rule!("JPR-3.0"));
                    }
                    (_, Some(d)) => {
                        let live = if d.owes_big() {
                            table.big_blind_amount
                        } else {
                            0
                        };
                        let dead = if d.owes_small() {
                            table.small_blind_amount
                        } else {
                            0
                        };
                        out.post(seat, live, dead);
                        out.cite(rules.absent_rule());
                    }
                    (_, None) => {}
                }
            }
            _ => {}
        }
    }
    out.owes = collect(&owes);
    out
}

/// Every blind a debt stands for, as dead money.
fn dead_of(debt: Debt, table: &RingTable) -> u64 {
    let small = if debt.owes_small() {
        table.small_blind_amount
    } else {
        0
    };
    let big = if debt.owes_big() {
        table.big_blind_amount
    } else {
        0
    };
    small + big
}

fn collect(owes: &[Option<Debt>]) -> Vec<(Seat, Debt)> {
    owes.iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| (Seat(i as u8), d)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(seats: Vec<Option<RingSeat>>) -> RingTable {
        RingTable {
            button: Some(Seat(0)),
            small_blind: Some(Seat(1)),
            big_blind: Some(Seat(2)),
            seats,
            small_blind_amount: 1,
            big_blind_amount: 2,
        }
    }

    fn playing() -> Option<RingSeat> {
        Some(RingSeat {
            presence: Presence::Playing,
            owes: None,
        })
    }

    fn away() -> Option<RingSeat> {
        Some(RingSeat {
            presence: Presence::Away,
            owes: None,
        })
    }

    /// Nobody at the table: no hand, and what was owed is still owed (JPR-3.0).
    #[test]
    fn a_table_of_absent_players_deals_nothing() {
        for rules in [RingRules::Hc, RingRules::Jpr, RingRules::Default] {
            let next = next_hand(&table(vec![away(), away(), away()]), rules);
            assert_eq!(next.big_blind, None);
            assert!(next.dealt.is_empty() && next.posts.is_empty());
        }
        assert_eq!(
            next_hand(&table(Vec::new()), RingRules::Default),
            NextHand::default()
        );
    }

    /// HC-1.9 owes nothing for a blind passed while away, JPR-3.0 marks it; the same table.
    #[test]
    fn hc_and_jpr_differ_on_a_big_blind_passed_while_away() {
        let seats = vec![playing(), playing(), playing(), away(), playing()];
        let jpr = next_hand(&table(seats.clone()), RingRules::Jpr);
        assert_eq!(jpr.big_blind, Some(Seat(4)));
        assert_eq!(jpr.owes, vec![(Seat(3), Debt::Big)]);
        let hc = next_hand(&table(seats), RingRules::Hc);
        assert_eq!(hc.big_blind, Some(Seat(4)));
        assert!(hc.owes.is_empty(), "{hc:?}");
    }

    /// Posting the big blind settles every debt (TDA default); under JPR-3.0 the missed blinds
    /// are paid into the pot beside it.
    #[test]
    fn the_big_blind_settles_what_is_owed() {
        let mut seats = vec![playing(), playing(), playing(), playing()];
        seats[3] = Some(RingSeat {
            presence: Presence::Back(Entering::Post),
            owes: Some(Debt::Both),
        });
        let next = next_hand(&table(seats.clone()), RingRules::Default);
        assert_eq!(next.big_blind, Some(Seat(3)));
        assert!(next.owes.is_empty());
        let post = next.posts.iter().find(|p| p.seat == Seat(3)).unwrap();
        assert_eq!((post.live, post.dead), (2, 0));
        let jpr = next_hand(&table(seats), RingRules::Jpr);
        let post = jpr.posts.iter().find(|p| p.seat == Seat(3)).unwrap();
        assert_eq!((post.live, post.dead), (2, 3));
        assert!(jpr.owes.is_empty());
    }

    /// One player left to deal: no hand, nothing owed anew.
    #[test]
    fn one_player_is_no_hand() {
        let seats = vec![playing(), away(), away()];
        for rules in [RingRules::Hc, RingRules::Jpr, RingRules::Default] {
            let next = next_hand(&table(seats.clone()), rules);
            assert!(next.dealt.is_empty() && next.posts.is_empty(), "{next:?}");
            assert!(next.owes.is_empty(), "{next:?}");
        }
    }

    /// A new player in the last big blind's seat posts their own big blind, not a small blind
    /// as well (no forced raise).
    #[test]
    fn a_new_player_in_the_last_big_blinds_seat_posts_one_big_blind() {
        let mut seats = vec![playing(), playing(), playing(), playing()];
        seats[2] = Some(RingSeat {
            presence: Presence::New(Entering::Post),
            owes: None,
        });
        let next = next_hand(&table(seats), RingRules::Default);
        assert_eq!(next.small_blind, None);
        let post = next.posts.iter().find(|p| p.seat == Seat(2)).unwrap();
        assert_eq!((post.live, post.dead), (2, 0));
    }
}

//! A dealer tablet that follows a live event's table (issue 17 item 1): each hand is the one the
//! director started there (its positions and forced bets, by the event's profile), the dealer
//! enters it as at any live table, and its end is reported to the event from the hand itself:
//! the players left without chips as busts, with who won their chips (HC-1.2) and their stacks
//! at the start (HC-1.3), and every other stack as counted. Then the tablet waits for the
//! director's next hand at that table. A tablet may follow a cash table of the room the same
//! way (issue 18): each hand is the one the rules deal there (`ring::Room::start_hand`), and its
//! end is settled in the list keeper's books (`cash_report`).

use super::{DealerTable, new_hand, wire};
use crate::refusal::Refusal;
use axum::http::StatusCode;
use engine::{Automations, Blinds, Chips, HandSetup, Player, Positions, Seat, Table};
use floor::Profile;
use protocol::{BustCall, CountedStack, EntryId, EventId, LinkedDeal, LiveTableId, Tracking};

/// What a dealer table follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Followed {
    /// An event's table (from 1).
    Event { event: EventId, table: u32 },
    /// A cash table of the room (its id).
    Cash { table: u32 },
}

/// The table a dealer table follows.
#[derive(Clone, Debug)]
pub struct Link {
    pub source: Followed,
    /// The entry (a cash table: the guest) at each seat.
    entries: Vec<Option<EntryId>>,
    /// The followed table's hand this one is.
    event_hand: u64,
    /// The hand is over and reported: the next one comes from the director.
    pub waiting: bool,
}

/// What a followed table reports when its hand is over.
#[derive(Debug)]
pub struct HandReport {
    pub event: EventId,
    pub table: u32,
    /// The event table's hand it reports.
    pub event_hand: u64,
    pub busts: Vec<BustCall>,
    pub counts: Vec<CountedStack>,
}

/// What a followed cash table's hand settles in the books: each dealt guest's stack, what the
/// winners won (the rake is taken from it) and the pot.
#[derive(Debug)]
pub struct CashReport {
    pub table: u32,
    pub hand: u64,
    pub stacks: Vec<protocol::GuestStack>,
    pub won: Vec<protocol::GuestStack>,
    pub pot: u64,
}

/// The table, positions and setup of a linked deal, checked.
struct Dealt {
    profile: Profile,
    variant: engine::Variant,
    table: Table,
    names: Vec<String>,
    entries: Vec<Option<EntryId>>,
    blinds: Blinds,
    denominations: Vec<Chips>,
    positions: Positions,
    setup: HandSetup,
}

fn dealt(deal: &LinkedDeal, tournament: bool) -> Result<Dealt, Refusal> {
    let bad = |m: String| Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_table", m);
    let profile: Profile = deal.profile.parse().map_err(|e| bad(format!("{e}")))?;
    let variant = wire::variant(&deal.variant).ok_or_else(|| {
        bad(format!(
            "a tablet follows hold'em and Omaha (NT, PT, NO, PO), not {:?}",
            deal.variant
        ))
    })?;
    let n = deal.seats.len();
    let mut table =
        Table::new(n, variant, profile.ruleset(), tournament).map_err(|e| bad(e.to_string()))?;
    for (i, s) in deal.seats.iter().enumerate() {
        if let Some(s) = s {
            table
                .sit(Seat(i as u8), s.entry, Chips(s.stack))
                .map_err(|e| bad(format!("seat {}: {e}", i + 1)))?;
        }
    }
    let seat = |s: u8| {
        if s == 0 || usize::from(s) > n {
            Err(bad(format!("there is no seat {s}")))
        } else {
            Ok(Seat(s - 1))
        }
    };
    let dealt = deal
        .dealt
        .iter()
        .map(|&s| seat(s))
        .collect::<Result<Vec<_>, _>>()?;
    let k = dealt.len();
    if [
        deal.stacks.len(),
        deal.antes.len(),
        deal.blinds.len(),
        deal.absent.len(),
    ]
    .iter()
    .any(|&l| l != k)
        || dealt.iter().any(|s| deal.seats[s.index()].is_none())
    {
        return Err(bad("the hand's players and their seats do not match".into()));
    }
    let chips = |v: &[u64]| v.iter().map(|&c| Chips(c)).collect::<Vec<_>>();
    let positions = Positions {
        button: seat(deal.button)?,
        small_blind_position: seat(deal.small_blind_position)?,
        small_blind: deal.small_blind.map(seat).transpose()?,
        big_blind: seat(deal.big_blind)?,
        dealt,
        stud: false,
    };
    let mut ruleset = profile.ruleset();
    // At a cash table a player coming in posts a big blind out of turn: more than two blinds.
    ruleset.straddles |= !tournament && deal.blinds.iter().filter(|&&b| b > 0).count() > 2;
    let setup = HandSetup {
        variant,
        ruleset,
        stacks: chips(&deal.stacks),
        antes: chips(&deal.antes),
        blinds: chips(&deal.blinds),
        min_bet: Chips(deal.min_bet),
        bring_in: Chips(0),
        reshuffle_seed: cards::Seed::from_u64(0),
        chip_unit: Chips(deal.chip_unit.max(1)),
        absent: deal.absent.clone(),
        tournament_heads_up: deal.tournament_heads_up,
        tournament,
        automations: Automations::LIVE_DEALER,
        deck: None,
        // A cash table's players coming in may post as much as the big blind before them;
        // an event's hand is the director's, as it dealt it.
        big_blind_player: if tournament {
            None
        } else {
            positions
                .dealt
                .iter()
                .position(|&s| s == positions.big_blind)
                .map(|i| Player(i as u8))
        },
    };
    let [small_blind, big_blind, ante, big_blind_ante] = deal.level_blinds.map(Chips);
    let mut denominations = chips(&deal.denominations);
    denominations.sort();
    denominations.dedup();
    if denominations.is_empty() || denominations.contains(&Chips(0)) {
        return Err(bad("give the chip values in play, each above 0".into()));
    }
    Ok(Dealt {
        profile,
        variant,
        table,
        names: deal
            .seats
            .iter()
            .map(|s| s.as_ref().map_or_else(String::new, |s| s.name.clone()))
            .collect(),
        entries: deal
            .seats
            .iter()
            .map(|s| s.as_ref().map(|s| s.entry))
            .collect(),
        blinds: Blinds {
            small_blind,
            big_blind,
            ante,
            big_blind_ante,
        },
        denominations,
        positions,
        setup,
    })
}

impl DealerTable {
    /// A table that follows `event`'s table `table` (from 1), opened with the hand the director
    /// started there.
    pub fn track(
        id: LiveTableId,
        event: EventId,
        table: u32,
        deal: &LinkedDeal,
    ) -> Result<DealerTable, Refusal> {
        DealerTable::linked(id, 1, Followed::Event { event, table }, deal)
    }

    /// A table that follows the room's cash table `table`, opened with the hand it plays.
    pub fn track_cash(
        id: LiveTableId,
        table: u32,
        deal: &LinkedDeal,
    ) -> Result<DealerTable, Refusal> {
        DealerTable::linked(id, 1, Followed::Cash { table }, deal)
    }

    /// The table dealing `deal` as its hand `hand`, following `source`.
    fn linked(
        id: LiveTableId,
        hand: u64,
        source: Followed,
        deal: &LinkedDeal,
    ) -> Result<DealerTable, Refusal> {
        let d = dealt(deal, matches!(source, Followed::Event { .. }))?;
        let floor = new_hand(d.profile, &d.setup, &d.denominations)?;
        Ok(DealerTable {
            id,
            profile: d.profile,
            variant: d.variant,
            blinds: d.blinds,
            denominations: d.denominations,
            names: d.names,
            table: d.table,
            hand,
            positions: d.positions,
            setup: d.setup,
            floor,
            rulings: Vec::new(),
            procedure: None,
            link: Some(Link {
                source,
                entries: d.entries,
                event_hand: deal.event_hand,
                waiting: false,
            }),
        })
    }

    /// The director's next hand at the followed table, once this one is reported.
    pub(super) fn seed(&mut self, hand: u64, deal: &LinkedDeal) -> Result<(), Refusal> {
        let Some(link) = self.link.as_ref() else {
            return Err(Refusal::conflict(
                "not_linked",
                "this table follows no event's table".to_string(),
            ));
        };
        if !link.waiting || hand != self.hand || deal.event_hand <= link.event_hand {
            return Err(Refusal::conflict(
                "stale_hand",
                format!(
                    "the table plays hand {}; the director's hand {} is not the next one",
                    self.hand, deal.event_hand
                ),
            ));
        }
        *self = DealerTable::linked(self.id, self.hand, link.source, deal)?;
        Ok(())
    }

    /// The hand is over and reported to the event: the tablet waits for the next one.
    pub(super) fn hand_reported(&mut self) -> Result<(), Refusal> {
        match self.link.as_ref().map(|l| l.source) {
            Some(Followed::Cash { .. }) => self.cash_report().map(drop)?,
            _ => self.report().map(drop)?,
        }
        if let Some(link) = self.link.as_mut() {
            link.waiting = true;
        }
        self.hand += 1;
        Ok(())
    }

    /// What the hand reports to the event once over: each player left without chips as a bust,
    /// with who won the pots they were in and their stack at the start; every other stack.
    pub fn report(&self) -> Result<HandReport, Refusal> {
        let link = self.link.as_ref().ok_or_else(|| {
            Refusal::conflict(
                "not_linked",
                "this table follows no event's table".to_string(),
            )
        })?;
        let Followed::Event { event, table } = link.source else {
            return Err(Refusal::internal(
                "a cash table reports to the list, not an event",
            ));
        };
        self.check_over()?;
        let stacks = self.floor.final_stacks();
        let entry = |i: usize| {
            self.positions
                .dealt
                .get(i)
                .and_then(|s| link.entries.get(s.index()).copied().flatten())
        };
        let hand = self.floor.hand();
        let mut busts = Vec::new();
        let mut counts = Vec::new();
        for (i, stack) in stacks.iter().enumerate() {
            let Some(player) = entry(i) else { continue };
            if !stack.is_zero() {
                counts.push(CountedStack {
                    player,
                    chips: stack.0,
                });
                continue;
            }
            // HC-1.2: who won the player's last chips, as for a hand the server deals.
            let by: Vec<EntryId> = if hand.is_over() {
                tournament::director::eliminators(hand, Player(i as u8))
                    .into_iter()
                    .filter_map(|w| entry(w.index()))
                    .collect()
            } else {
                Vec::new()
            };
            busts.push(BustCall {
                player,
                by,
                stack_at_start: self.setup.stacks.get(i).map(|s| s.0),
                card: None,
            });
        }
        Ok(HandReport {
            event,
            table,
            event_hand: link.event_hand,
            busts,
            counts,
        })
    }

    /// What a followed cash table's hand settles in the list's books, once over.
    pub fn cash_report(&self) -> Result<CashReport, Refusal> {
        let Some(Link {
            source: Followed::Cash { table },
            entries,
            event_hand,
            ..
        }) = self.link.as_ref()
        else {
            return Err(Refusal::internal("this table follows no cash table"));
        };
        self.check_over()?;
        let hand = self.floor.hand();
        let finals = self.floor.final_stacks();
        let mut report = CashReport {
            table: *table,
            hand: *event_hand,
            stacks: Vec::new(),
            won: Vec::new(),
            pot: 0,
        };
        for (i, (p, end)) in hand.players().iter().zip(finals).enumerate() {
            let guest = self
                .positions
                .dealt
                .get(i)
                .and_then(|s| entries.get(s.index()).copied().flatten())
                // A cash table's seats name its guests.
                .map(|p| protocol::GuestId(p.0))
                .ok_or_else(|| Refusal::internal("a dealt seat without a guest"))?;
            // A hand the floor ended (void, split) is raked nothing.
            if !hand.is_over() {
                report.stacks.push(protocol::GuestStack {
                    guest,
                    chips: end.0,
                });
                continue;
            }
            report.pot += p.starting_stack.0.saturating_sub(p.stack.0);
            report.stacks.push(protocol::GuestStack {
                guest,
                chips: end.0,
            });
            // What the floor awarded (a void or split hand too): the stack's gain over what
            // was left behind.
            let won = end.0.saturating_sub(p.stack.0);
            if won > 0 {
                report.won.push(protocol::GuestStack { guest, chips: won });
            }
        }
        Ok(report)
    }

    /// A followed table waiting for its next hand: what it follows, the followed table's hand
    /// reported last and this table's hand number.
    pub fn waiting_for(&self) -> Option<(Followed, u64, u64)> {
        self.link
            .as_ref()
            .filter(|l| l.waiting)
            .map(|l| (l.source, l.event_hand, self.hand))
    }

    /// What this table follows.
    pub fn follows_table(&self) -> Option<Followed> {
        self.link.as_ref().map(|l| l.source)
    }

    /// This hand's number, and whether it follows an event's table.
    pub fn follows(&self) -> Option<u64> {
        self.link.as_ref().map(|_| self.hand)
    }

    pub(super) fn tracking(&self) -> Option<Tracking> {
        self.link.as_ref().map(|l| {
            let (event, table, cash) = match l.source {
                Followed::Event { event, table } => (event, table, false),
                Followed::Cash { table } => (EventId(0), table + 1, true),
            };
            Tracking {
                event,
                table,
                waiting: l.waiting,
                broken: false,
                cash,
            }
        })
    }
}

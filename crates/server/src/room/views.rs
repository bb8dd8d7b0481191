//! The views each role is sent. A viewer sees hole cards only of their own seat, or shown at
//! showdown, or turned up at an all-in (TDA-16), or a live stud hand's up cards (TDA-RP-10);
//! the TD and the public see what the public sees.

use super::hand_view::{SeatCards, brought_in, hand_view, history, legal_view, visible_cards};
use super::*;
use crate::push::{MeParts, OwnCards, SharedTable, TableParts, TablePrivate};
use protocol::{
    Blinds, ClockView, EventSummary, InstructionLine, Me, NoticeLine, PayoutLine, SeatLine,
    SeatView, Seating, Standing, Standings, TableNumber, TableSeating, TableView, You,
};
use std::collections::HashMap;
use std::sync::Arc;
use tournament::clock::Phase;
use tournament::director::{Lang, Notice, Task};
use tournament::{DirectorError, Status, TableId, Time};

/// Whose eyes a view is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Public,
    Player(EntryId),
}

impl Room {
    pub fn summary(&self, now: u64) -> EventSummary {
        let t = &self.t;
        let config = t.config();
        let clock = t.clock();
        let level_index = clock.level_index();
        let on_break = matches!(clock.phase(), Phase::Break { .. });
        let blinds = |i: usize| {
            let stakes = config.stakes(i);
            let games = config.games_at(i);
            let flop = games.iter().any(|g| !g.game.is_stud());
            let stud = games.iter().any(|g| g.game.is_stud());
            let limit = games
                .iter()
                .any(|g| g.betting == engine::Betting::FixedLimit);
            let only = |dealt: bool, chips: engine::Chips| if dealt { chips.0 } else { 0 };
            Blinds {
                small_blind: only(flop, stakes.small_blind),
                big_blind: only(flop, stakes.big_blind),
                ante: only(flop, stakes.ante),
                big_blind_ante: only(flop, stakes.big_blind_ante),
                stud_ante: only(stud, stakes.stud_ante),
                bring_in: only(stud, stakes.bring_in),
                small_bet: only(limit, stakes.small_bet),
                big_bet: only(limit, stakes.big_bet),
                minutes: config.level(i).minutes,
            }
        };
        let remaining = clock.remaining(Time(now));
        let (shown_level, next_index) = match clock.phase() {
            Phase::Level(i) => (i, i + 1),
            Phase::Break { after_level } => (after_level as usize - 1, after_level as usize),
        };
        let break_next = !on_break && config.break_after(level_index as u32 + 1).is_some();
        let next_break_in_ms = match clock.phase() {
            Phase::Break { .. } => None,
            Phase::Level(i) => {
                let mut ms = remaining;
                let mut level = i as u32 + 1;
                loop {
                    if config.break_after(level).is_some() {
                        break Some(ms);
                    }
                    if level as usize >= config.levels.len() {
                        break None;
                    }
                    ms += u64::from(config.level(level as usize).minutes) * 60_000;
                    level += 1;
                }
            }
        };
        let entrants = t.stats.entries;
        let left = t.alive();
        let prize_pool = t.prize_pool();
        let prizes = tournament::payout::prizes(&config.payouts, entrants, prize_pool);
        // A mixed event names the games of the level in play: HORSE by hands all five.
        let mixed = config.rotation().is_some() || config.levels.iter().any(|l| l.game.is_some());
        let game = if mixed {
            let games: Vec<String> = config
                .games_at(level_index)
                .iter()
                .map(ToString::to_string)
                .collect();
            games.join(" / ")
        } else {
            format!("{:?}", config.game)
        };
        EventSummary {
            id: self.id,
            test: self.is_test(),
            name: config.name.clone(),
            profile: t.profile().director.name.to_string(),
            live: t.is_live(),
            game,
            started: t.is_started(),
            finished: t.is_finished(),
            registration_open: self.registration_open(),
            self_registration_open: self.registration_open() && self.public_registration(),
            clock: ClockView {
                level: shown_level as u32 + 1,
                on_break,
                running: clock.is_running(),
                hand_for_hand: clock.is_hand_for_hand(),
                remaining_ms: remaining,
                blinds: blinds(if on_break { next_index } else { shown_level }),
                next: blinds(next_index),
                break_next,
                next_break_in_ms,
            },
            entrants,
            players_left: left,
            average_stack: t.chips_in_play().checked_div(u64::from(left)).unwrap_or(0),
            chips_in_play: t.chips_in_play(),
            chips_counted: self.chips_counted(),
            rebuys: t.stats.rebuys,
            add_ons: t.stats.add_ons,
            prize_pool: prize_pool.0,
            payouts: prizes
                .iter()
                .enumerate()
                .map(|(i, m)| PayoutLine {
                    place: i as u32 + 1,
                    amount: m.0,
                })
                .collect(),
            tables: t.active_table_count() as u32,
            held_for_deal: t.held_for_deal(),
            instructions: self.instruction_lines(),
            notices: self.notice_lines(),
            last_out: t
                .recent_out()
                .filter_map(|e| {
                    Some(protocol::PlacedLine {
                        player: e.id,
                        name: e.name.clone(),
                        place: e.place?,
                        prize: e.prize.0,
                    })
                })
                .collect(),
            table_languages: t.config().table_languages.clone(),
            server_time_ms: now,
        }
    }

    /// Whether a player may register themselves now: before the start, or in late registration
    /// (TDA-8A).
    /// Whether anyone may register themselves (the event's `registration.public`).
    pub fn public_registration(&self) -> bool {
        self.t.config().registration.public
    }

    pub fn registration_open(&self) -> bool {
        let t = &self.t;
        !t.is_finished()
            && (!t.is_started()
                || t.config().registration.late_until_level > t.clock().level_index() as u32)
    }

    /// Why tables wait now, in both languages.
    pub fn notice_lines(&self) -> Vec<NoticeLine> {
        let profile = self.t.profile().id;
        self.t
            .notices()
            .into_iter()
            .map(|n| NoticeLine {
                kind: match n {
                    Notice::HandForHand => "hand_for_hand",
                    Notice::Balancing => "balancing",
                    Notice::FinalTableNext => "final_table_next",
                    Notice::Short { .. } => "short",
                }
                .into(),
                en: n.text(profile, Lang::En),
                de: n.text(profile, Lang::De),
                rules: n.rules(profile).iter().map(|r| r.to_string()).collect(),
                tables: n
                    .tables(&self.t)
                    .iter()
                    .map(|&t| TableNumber::from(t))
                    .collect(),
            })
            .collect()
    }

    /// The instructions not yet done, in both languages.
    pub fn instruction_lines(&self) -> Vec<InstructionLine> {
        let profile = self.t.profile().id;
        self.t
            .pending()
            .map(|i| {
                let (kind, tables, player) = match &i.task {
                    Task::Move {
                        player, from, to, ..
                    } => ("move", vec![from.0.number(), to.0.number()], Some(*player)),
                    Task::Break { table } => ("break", vec![table.number()], None),
                    Task::FinalTable { table } => ("final_table", vec![table.number()], None),
                    Task::OpenTable { table } => ("open_table", vec![table.number()], None),
                    Task::ColourUp { table, .. } => ("colour_up", vec![table.number()], None),
                    // With the tables its players were moved to, which wait for it too.
                    Task::ChipRace { table, .. } => {
                        let mut tables = vec![table.number()];
                        for t in self.t.active_tables() {
                            if t != *table && self.t.races_at(i, t) {
                                tables.push(t.number());
                            }
                        }
                        ("chip_race", tables, None)
                    }
                    Task::SourceCards { short, tables } => (
                        "source_cards",
                        std::iter::once(short)
                            .chain(tables)
                            .map(|t| t.number())
                            .collect(),
                        None,
                    ),
                };
                let race = match &i.task {
                    Task::ChipRace { table, .. } => self
                        .t
                        .race_cards_due(*table)
                        .unwrap_or_default()
                        .into_iter()
                        .filter(|&(_, n)| n > 0)
                        .map(|(p, cards)| protocol::RaceCardsDue {
                            player: p,
                            name: self.name_of(p),
                            cards,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                InstructionLine {
                    id: i.id.number(),
                    kind: kind.into(),
                    en: i.text(&self.t, Lang::En),
                    de: i.text(&self.t, Lang::De),
                    rules: i.rules(profile).iter().map(|r| r.to_string()).collect(),
                    holds: i.holds.iter().map(|t| t.number()).collect(),
                    tables: tables.into_iter().map(TableNumber).collect(),
                    player,
                    race,
                }
            })
            .collect()
    }

    pub fn seating(&self) -> Seating {
        let tables = self
            .t
            .tables()
            .iter()
            .filter(|t| !t.broken)
            .map(|et| {
                (
                    et,
                    (!et.in_hand())
                        .then(|| self.t.may_start(et.id).err())
                        .flatten(),
                )
            })
            .map(|(et, wait)| TableSeating {
                table: TableNumber::from(et.id),
                // In a hand, the button it is played with; between hands, the next one's.
                button: match et.hand_positions() {
                    Some(p) => Some(p.button.number()),
                    None => et.table.next_positions().ok().map(|p| p.button.number()),
                },
                in_hand: et.in_hand(),
                wait: wait.as_ref().map(|w| w.to_string()),
                wait_key: wait.as_ref().map(|w| said::said("wait_", w).key),
                tablet: self
                    .tablets
                    .iter()
                    .any(|(t, _)| *t == TableNumber::from(et.id).0),
                seats: {
                    let dealt = et.dealt();
                    et.table
                        .seats()
                        .iter()
                        .map(|s| {
                            s.map(|p| SeatLine {
                                player: p.id,
                                name: self.name_of(p.id),
                                chips: p.stack.0,
                                away: p.absent,
                                dealt: dealt.contains(&p.id),
                            })
                        })
                        .collect()
                },
            })
            .collect();
        Seating { tables }
    }

    pub(super) fn name_of(&self, entry: EntryId) -> String {
        self.t
            .entry(entry)
            .map(|e| e.name.clone())
            .unwrap_or_default()
    }

    pub fn standing(&self, entry: EntryId) -> Option<Standing> {
        let e = self.t.entry(entry).ok()?;
        let chips = e
            .seat
            .and_then(|(t, s)| self.t.table(t).ok()?.table.seats()[s.index()].map(|p| p.stack.0))
            .unwrap_or(0);
        Some(Standing {
            player: e.id,
            name: e.name.clone(),
            entry_number: e.entry_number,
            status: status_name(e.status).to_string(),
            bot: self.person_of(entry).is_some_and(|p| p.bot),
            table: e.seat.map(|(t, _)| TableNumber::from(t)),
            seat: e.seat.map(|(_, s)| s.number()),
            chips,
            place: e.place,
            prize: e.prize.0,
            bounties: e.bounties_won(&self.t).0,
            knockouts: e.knockouts,
            rebuys: e.rebuys,
            add_ons: e.add_ons,
            warnings: e.warnings,
            penalty_hands: e.penalty_hands,
            league_points: e.league_points,
        })
    }

    /// What a chip chop and an ICM split would pay the players left (HC-1.2); refused while a
    /// deal cannot be made (the director says why).
    pub fn deal_offer(&self) -> Result<protocol::DealOffer, Refusal> {
        let table = self.t.deal_table().map_err(|e| match e {
            DirectorError::Refused(why) => Refusal::conflict("no_deal", why.to_string())
                .with_said(said::said("refused_", &why)),
            other => Refusal::director(&other),
        })?;
        let unit = self.t.config().payouts.unit;
        let stacks: Vec<u64> = table.players.iter().map(|p| p.1).collect();
        let deal_refused =
            |e: tournament::deal::DealError| Refusal::conflict("no_deal", e.to_string());
        let chop =
            tournament::deal::chip_chop(&stacks, &table.prizes, unit).map_err(deal_refused)?;
        let icm = tournament::deal::icm(&stacks, &table.prizes, unit).map_err(deal_refused)?;
        let players = table
            .players
            .iter()
            .zip(chop.iter().zip(&icm))
            .map(|(&(id, chips), (chop, icm))| protocol::DealLine {
                player: id,
                name: self.name_of(id),
                chips,
                chip_chop: chop.0,
                icm: icm.0,
            })
            .collect();
        Ok(protocol::DealOffer {
            players,
            prizes_left: table.prizes.iter().map(|m| m.0).collect(),
            unit: unit.0,
        })
    }

    /// Every seat the director gave after the start, newest first, or those to or from one
    /// table: the move slips.
    pub fn moves(&self, table: Option<TableNumber>) -> Vec<protocol::MoveLine> {
        let number = |t: TableId| TableNumber::from(t);
        self.t
            .moves()
            .iter()
            .rev()
            .filter(|m| {
                table
                    .is_none_or(|t| number(m.to.0) == t || m.from.is_some_and(|f| number(f.0) == t))
            })
            .map(|m| protocol::MoveLine {
                at_ms: m.at.0,
                player: m.player,
                name: self.name_of(m.player),
                from_table: m.from.map(|f| number(f.0)),
                from_seat: m.from.map(|f| f.1.number()),
                to_table: number(m.to.0),
                to_seat: m.to.1.number(),
                reason: m.reason.key().to_string(),
                rule: m.rule.to_string(),
            })
            .collect()
    }

    /// Every entry as the CSV files list it, in the order they came.
    pub fn entry_rows(&self) -> Vec<EntryRow> {
        (0..self.t.entries().len() as u32)
            .filter_map(|i| {
                let s = self.standing(EntryId(i))?;
                Some(EntryRow {
                    player: s.player.number(),
                    name: s.name,
                    entry_number: s.entry_number,
                    status: s.status,
                    table: s.table.map(|t| t.0),
                    seat: s.seat,
                    chips: s.chips,
                    rebuys: s.rebuys,
                    add_ons: s.add_ons,
                    warnings: s.warnings,
                    place: s.place,
                    prize: s.prize,
                    bounties: s.bounties,
                    knockouts: s.knockouts,
                    league_points: s.league_points,
                })
            })
            .collect()
    }

    /// Chip counts, best first; at the end, by place.
    pub fn standings(&self) -> Standings {
        let mut rows: Vec<Standing> = (0..self.t.entries().len() as u32)
            .filter_map(|i| self.standing(EntryId(i)))
            .collect();
        rows.sort_by(|a, b| {
            let place = |s: &Standing| s.place.unwrap_or(u32::MAX);
            place(a)
                .cmp(&place(b))
                .then(b.chips.cmp(&a.chips))
                .then(a.player.cmp(&b.player))
        });
        let deal = self.t.deal().map(|d| protocol::AgreedDeal {
            amounts: d
                .amounts
                .iter()
                .map(|&(p, amount)| protocol::AgreedShare {
                    player: p,
                    name: self.name_of(p),
                    amount: amount.0,
                })
                .collect(),
            play_for: d.play_for.iter().map(|m| m.0).collect(),
        });
        Standings { rows, deal }
    }

    pub fn me(&self, entry: EntryId, now: u64) -> Option<Me> {
        self.me_with(entry, now, true)
    }

    /// A player's page; the table's history only when `history`.
    pub fn me_with(&self, entry: EntryId, now: u64, history: bool) -> Option<Me> {
        let standing = self.standing(entry)?;
        let table = self
            .table_of(entry)
            .map(|t| self.table_view_with(t, Viewer::Player(entry), now, history));
        Some(Me {
            event: self.id,
            standing,
            table,
        })
    }

    /// A player's page in parts: their table's public view and history from `public` (made
    /// once for all at that table) and what only they see. `MeParts::assemble` gives
    /// `me_with`'s page.
    pub fn me_parts(
        &self,
        entry: EntryId,
        history: bool,
        public: &mut PublicViews,
    ) -> Option<MeParts> {
        let standing = self.standing(entry)?;
        let table = self.table_of(entry).map(|t| {
            let history = history.then(|| public.history(self, t));
            TableParts {
                public: public.view(self, t),
                own: self.table_private(t, entry, history.as_deref().map(Vec::as_slice)),
            }
        });
        Some(MeParts {
            event: self.id,
            standing,
            table,
        })
    }

    pub fn table_view(&self, table: u32, viewer: Viewer, now: u64) -> TableView {
        self.table_view_with(table, viewer, now, true)
    }

    /// The newest finished hand at a table: its history changes when this does.
    pub fn history_key(&self, table: u32) -> Option<u64> {
        self.tables
            .get(table as usize)?
            .history
            .front()
            .map(|h| h.number)
    }

    /// A table's view; its history only when `with_history`.
    pub fn table_view_with(
        &self,
        table: u32,
        viewer: Viewer,
        now: u64,
        with_history: bool,
    ) -> TableView {
        let mut view = self.table_public(table, now);
        let history = with_history.then(|| self.table_history(table));
        match viewer {
            Viewer::Player(entry) => self
                .table_private(table, entry, history.as_deref())
                .apply(&mut view),
            Viewer::Public => view.history = history,
        }
        view
    }

    /// Every chip where it lies now, counted from the seats rather than from the books: a hand
    /// in play counts its players' stacks as they stand and what they put in.
    pub fn chips_counted(&self) -> u64 {
        let mut chips = 0u64;
        for id in self.t.active_tables() {
            let Ok(et) = self.t.table(id) else { continue };
            let live = self.tables.get(id.0 as usize).and_then(|l| l.in_play());
            let in_hand = |entry| live.is_some_and(|l| l.start.players.contains(&entry));
            for p in et.table.seats().iter().flatten().filter(|p| !in_hand(p.id)) {
                chips = chips.saturating_add(p.stack.0);
            }
            for p in live.map(|l| l.hand.players()).unwrap_or_default() {
                chips = chips.saturating_add(p.stack.0.saturating_add(p.committed.0));
            }
        }
        chips
    }

    /// A table as the public sees it, without its history: what every viewer shares.
    pub fn table_public(&self, table: u32, now: u64) -> TableView {
        let et = self.t.table(TableId(table)).ok();
        let live = self.tables.get(table as usize);
        let hand = live.and_then(|l| l.hand.as_ref());
        let mut seats: Vec<Option<SeatView>> = Vec::new();
        if let Some(et) = et {
            for (i, s) in et.table.seats().iter().enumerate() {
                seats.push(s.map(|p| SeatView {
                    seat: i as u8 + 1,
                    player: p.id,
                    name: self.name_of(p.id),
                    stack: p.stack.0,
                    bet: 0,
                    cards: Vec::new(),
                    up: Vec::new(),
                    in_hand: false,
                    folded: false,
                    all_in: false,
                    away: p.absent,
                    button: false,
                    small_blind: false,
                    big_blind: false,
                    bring_in: false,
                    to_act: false,
                }));
            }
        }
        if let Some(live) = hand {
            let over = live.hand.is_over();
            let stud = live.hand.variant().game.is_stud();
            let bring_in = brought_in(live);
            let pos = &live.start.positions;
            for (i, &seat) in pos.dealt.iter().enumerate() {
                let entry = live.start.players[i];
                let Some(Some(view)) = seats.get_mut(seat.index()) else {
                    continue;
                };
                if view.player != entry {
                    continue;
                }
                let p = live.hand.players()[i];
                let SeatCards { cards, up } = visible_cards(&p, false);
                view.cards = cards;
                view.up = up;
                view.in_hand = true;
                view.bring_in = bring_in.is_some_and(|b| b.index() == i);
                view.folded = !p.is_live();
                if !over {
                    view.stack = p.stack.0;
                    view.bet = p.bet.0;
                    // TDA-RP-1: the all-in marker.
                    view.all_in = p.is_all_in();
                }
                view.to_act = live.turn.is_some_and(|t| t.player.index() == i) && !over;
            }
            // Stud has no button and no blinds: the bring-in opens (TDA-RP-10).
            for view in seats.iter_mut().flatten().filter(|_| !stud) {
                view.button = pos.button.number() == view.seat;
                view.small_blind = pos.small_blind.is_some_and(|s| s.number() == view.seat);
                view.big_blind = pos.big_blind.number() == view.seat;
            }
        }
        TableView {
            event: self.id,
            table: TableNumber(table + 1),
            seats,
            hand: hand.map(hand_view),
            waiting: if hand.is_some_and(|h| !h.hand.is_over()) {
                None
            } else {
                self.waiting(table)
            },
            you: None,
            history: None,
            commitment: live
                .and_then(|l| l.deck.as_ref())
                .map(|p| p.view(|seat| self.holds(table, seat))),
            server_time_ms: now,
        }
    }

    /// What only `entry` sees of a table: their hole cards, their seat and legal actions, and
    /// the table's public history (when given) as they saw it.
    pub fn table_private(
        &self,
        table: u32,
        entry: EntryId,
        history: Option<&[protocol::HandHistory]>,
    ) -> TablePrivate {
        let et = self.t.table(TableId(table)).ok();
        let live = self.tables.get(table as usize);
        let hand = live.and_then(|l| l.hand.as_ref());
        let mut own = None;
        let mut you = None;
        if let Some(live) = hand
            && let Some(i) = live.start.players.iter().position(|p| *p == entry)
        {
            let pos = &live.start.positions;
            let seat = pos.dealt[i];
            // As `table_public` fills a seat: only while the player still sits in it.
            let seated = et
                .and_then(|et| et.table.seats().get(seat.index()).copied().flatten())
                .is_some_and(|p| p.id == entry);
            if seated {
                let SeatCards { cards, up } = visible_cards(&live.hand.players()[i], true);
                own = Some(OwnCards {
                    seat: seat.index(),
                    cards,
                    up,
                });
            }
            if !live.hand.is_over() {
                let legal = match (live.hand.legal_actions(), live.turn) {
                    (Some(l), Some(turn)) if turn.player.index() == i => Some(legal_view(live, &l)),
                    _ => None,
                };
                you = Some(You {
                    player: entry,
                    seat: seat.number(),
                    legal,
                });
            }
        }
        if you.is_none()
            && let Ok(e) = self.t.entry(entry)
            && let Some((t, s)) = e.seat
            && t.0 == table
        {
            you = Some(You {
                player: entry,
                seat: s.number(),
                legal: None,
            });
        }
        TablePrivate {
            own,
            you,
            history: history.map(|public| self.own_history(table, entry, public)),
        }
    }

    /// A table's finished hands as the public saw them.
    fn table_history(&self, table: u32) -> Vec<protocol::HandHistory> {
        self.tables
            .get(table as usize)
            .map(|l| {
                l.history
                    .iter()
                    .map(|h| history(h, |e| self.name_of(e)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The public history of a table as `entry` saw it: their own cards in the hands they
    /// played (as `history` shows them to their owner).
    fn own_history(
        &self,
        table: u32,
        entry: EntryId,
        public: &[protocol::HandHistory],
    ) -> Vec<protocol::HandHistory> {
        let mut mine = public.to_vec();
        let Some(live) = self.tables.get(table as usize) else {
            return mine;
        };
        for (i, (hand, seen)) in live.history.iter().zip(&mut mine).enumerate() {
            // Issue 37: the hand just over reveals its deck to its players.
            if i == 0 && hand.start.players.contains(&entry) {
                seen.proof = self.proof_of(table, hand);
            }
            let players = hand.start.players.iter().zip(hand.hand.players());
            for ((player, p), seat) in players.zip(&mut seen.seats) {
                if *player == entry {
                    let SeatCards { cards, up } = visible_cards(p, true);
                    seat.cards = cards;
                    seat.up = up;
                }
            }
        }
        mine
    }
}

/// The public views and histories of a push's tables, each made once for every player at
/// the table (`push::me`).
#[derive(Debug)]
pub struct PublicViews {
    now: u64,
    tables: HashMap<u32, Public>,
}

/// A table's public view, and its history once a page needed it.
type Public = (Arc<SharedTable>, Option<Arc<Vec<protocol::HandHistory>>>);

impl PublicViews {
    pub fn new(now: u64) -> PublicViews {
        PublicViews {
            now,
            tables: HashMap::new(),
        }
    }

    fn get(&mut self, room: &Room, table: u32) -> &mut Public {
        let now = self.now;
        self.tables
            .entry(table)
            .or_insert_with(|| (SharedTable::new(room.table_public(table, now)), None))
    }

    pub fn view(&mut self, room: &Room, table: u32) -> Arc<SharedTable> {
        self.get(room, table).0.clone()
    }

    /// The table's public history; its length tells the view how long a page holding it is.
    pub fn history(&mut self, room: &Room, table: u32) -> Arc<Vec<protocol::HandHistory>> {
        let (view, history) = self.get(room, table);
        history
            .get_or_insert_with(|| {
                let history = room.table_history(table);
                view.holds_history_of(&history);
                Arc::new(history)
            })
            .clone()
    }
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Registered => "registered",
        Status::Alternate => "alternate",
        Status::Reserved => "reserved",
        Status::Playing => "playing",
        Status::Busted => "busted",
        Status::Removed => "removed",
        Status::Disqualified => "disqualified",
        Status::Won => "won",
    }
}

impl Room {
    /// The hand in play at a live event's table (from 0), for a tablet to follow: `None` while
    /// the table is between hands.
    pub fn linked_deal(&self, table: u32) -> Option<protocol::LinkedDeal> {
        let et = self.t.table(TableId(table)).ok()?;
        if et.broken || !et.in_hand() {
            return None;
        }
        let live = self.tables.get(table as usize)?;
        // The director's hand as it stands (a dealer's button report remakes it).
        let (p, s) = et.hand_in_play()?;
        let one = |seat: engine::Seat| seat.number();
        let chips = |v: &[engine::Chips]| v.iter().map(|c| c.0).collect::<Vec<_>>();
        let small = p
            .small_blind
            .and_then(|sb| p.dealt.iter().position(|&d| d == sb))
            .map_or(0, |i| s.blinds[i].0);
        let ante = s.antes.iter().map(|a| a.0).max().unwrap_or(0);
        Some(protocol::LinkedDeal {
            profile: self.t.profile().id.id().to_string(),
            variant: s.variant.phh_code(),
            seats: et
                .table
                .seats()
                .iter()
                .map(|x| {
                    x.map(|x| protocol::LinkedSeat {
                        entry: x.id,
                        name: self.name_of(x.id),
                        stack: x.stack.0,
                    })
                })
                .collect(),
            button: one(p.button),
            small_blind_position: one(p.small_blind_position),
            small_blind: p.small_blind.map(one),
            big_blind: one(p.big_blind),
            dealt: p.dealt.iter().map(|&d| one(d)).collect(),
            stacks: chips(&s.stacks),
            antes: chips(&s.antes),
            blinds: chips(&s.blinds),
            absent: s.absent.clone(),
            min_bet: s.min_bet.0,
            chip_unit: s.chip_unit.0,
            tournament_heads_up: s.tournament_heads_up,
            level_blinds: [small, s.min_bet.0, ante, 0],
            denominations: self.t.denominations().to_vec(),
            event_hand: live.hands_dealt,
        })
    }
}

/// One entry as the files list it.
#[derive(Debug)]
pub struct EntryRow {
    /// From 1, as the TD console numbers players.
    pub player: u32,
    pub name: String,
    pub entry_number: u32,
    pub status: String,
    pub table: Option<u32>,
    pub seat: Option<u8>,
    pub chips: u64,
    pub rebuys: u32,
    pub add_ons: u32,
    pub warnings: u32,
    pub place: Option<u32>,
    pub prize: u64,
    pub bounties: u64,
    pub knockouts: u32,
    pub league_points: Option<i64>,
}

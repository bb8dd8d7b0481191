//! A cash table that a dealer tablet follows (issue 18): its hand as the rules deal it, started
//! once a tablet is sure to deal it (`api::cash_tablet` binds the tablet). Each hand the dealer
//! enters ends in the list keeper's books (`HandSettled` with what was won: the rake comes from
//! it); the next is dealt as soon as two players can be dealt in, after the pause.

use super::online::{dealing_order, forced};
use crate::refusal::Refusal;
use crate::task::Signed;
use protocol::{Actor, Tablet};
use protocol::{LinkedDeal, LinkedSeat, LiveTableId, RingCommand};
use ring::{CashTableId, Room, TableMode};

/// The chips of a cash game's table: the blinds and their multiples.
fn denominations(small: u64, big: u64) -> Vec<u64> {
    let mut d = vec![
        small,
        big,
        big.saturating_mul(5),
        big.saturating_mul(25),
        big.saturating_mul(100),
    ];
    d.sort_unstable();
    d.dedup();
    d
}

/// The hand in play at a cash table, as a tablet deals it.
pub fn linked_deal(room: &Room, table: CashTableId) -> Option<LinkedDeal> {
    let t = room.table(table).ok()?;
    let next = t.dealing.as_ref()?;
    let game = room.game(t.game).ok()?;
    let order = dealing_order(next, t.seats.len());
    let mut deal = LinkedDeal {
        profile: game.profile.id().to_string(),
        variant: game.variant.phh_code(),
        seats: t
            .seats
            .iter()
            .map(|s| {
                // A player without chips sits out: not at the tablet's table.
                s.filter(|s| !s.chips.is_zero()).map(|s| LinkedSeat {
                    entry: engine::PlayerId(s.guest.0),
                    name: room.guest_name(s.guest).to_string(),
                    stack: s.chips.0,
                })
            })
            .collect(),
        button: next.button.map_or(0, |b| b.number()),
        small_blind_position: next
            .small_blind
            .or(next.big_blind)
            .map_or(0, |s| s.number()),
        small_blind: next.small_blind.map(|s| s.number()),
        big_blind: next.big_blind.map_or(0, |s| s.number()),
        dealt: order.iter().map(|s| s.number()).collect(),
        stacks: Vec::new(),
        antes: Vec::new(),
        blinds: Vec::new(),
        absent: vec![false; order.len()],
        min_bet: game.stakes.big_blind.0,
        chip_unit: 1,
        tournament_heads_up: false,
        level_blinds: [game.stakes.small_blind.0, game.stakes.big_blind.0, 0, 0],
        denominations: denominations(game.stakes.small_blind.0, game.stakes.big_blind.0),
        event_hand: t.hands + 1,
    };
    for s in &order {
        let chips = t.seats[s.index()]?.chips;
        let (dead, live) = forced(next, *s, chips);
        deal.stacks.push(chips.0);
        deal.antes.push(dead.0);
        deal.blinds.push(live.0);
    }
    Some(deal)
}

/// Between two hands at a tablet's table: time to top up, cash out, sit down or be charged
/// for the time, while the dealer shuffles.
const PAUSE_MS: u64 = 15_000;

/// When the table's next hand may start for its tablet: once the pause after the last hand is
/// over and two players can be dealt in; `None` while a hand is in play or fewer can.
pub fn next_start(room: &Room, table: CashTableId) -> Option<u64> {
    let t = room.table(table).ok()?;
    let players = room.next_hand(table, None).map_or(0, |n| n.dealt.len());
    let ready = t.is_open() && t.mode == TableMode::Tablet && !t.hand_running && players >= 2;
    ready.then(|| t.settled_at.map_or(0, |at| at.0 + PAUSE_MS))
}

/// Starts the table's next hand if none is in play, the pause after the last is over (unless
/// the TD binds a tablet now) and two players can be dealt in; the hand in play as a tablet
/// deals it. The hand is started only once a tablet is sure to deal it.
pub fn start_and_deal(
    tx: &mut crate::task::Tx<'_, super::CashState>,
    table: CashTableId,
    pause: bool,
) -> Result<Option<LinkedDeal>, Refusal> {
    let room = tx.state().room();
    let t = room
        .table(table)
        .map_err(|e| Refusal::not_found(e.to_string()))?;
    if t.mode != TableMode::Tablet || !t.is_open() {
        return Err(Refusal::conflict(
            "not_a_tablet_table",
            format!(
                "cash table {} is not an open table for a dealer tablet",
                table.0
            ),
        ));
    }
    if !t.hand_running {
        // None here: fewer than two can be dealt in.
        match next_start(room, table) {
            Some(at) if !(pause && tx.now < at) => {}
            _ => return Ok(None),
        }
        // The tablet must be able to deal it: tried on a copy before the hand starts.
        let mut copy = room.clone();
        copy.start_hand(table, None)
            .map_err(|e| Refusal::conflict("cannot_deal", e.to_string()))?;
        let deal = linked_deal(&copy, table)
            .ok_or_else(|| Refusal::internal("a hand started without its deal"))?;
        crate::dealer::DealerTable::track_cash(LiveTableId(0), table.0, &deal)?;
        tx.submit(Signed {
            by: Actor::Dealer(Tablet::Cash),
            command: RingCommand::HandStarted {
                table,
                dealt: Vec::new(),
                button: None,
            },
        })?;
    }
    Ok(linked_deal(tx.state().room(), table))
}

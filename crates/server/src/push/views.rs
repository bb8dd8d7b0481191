//! The RFC 6902 operations from one typed view to the next (a player's own view, a watched
//! table). Between two pushes most of a view is unchanged: the parts that compare equal as
//! typed values are skipped without being turned into JSON, and only those that differ are
//! turned into JSON and walked (`diff.rs`). Why typed: turning a whole view into a JSON tree
//! and walking it, once per connection and push, was 85% of the server's CPU in the stress
//! mode of `croupier bench load` (perf, 1,000 players).
//!
//! A view's fields are taken apart by destructuring, so a field added to a view does not
//! compile until it is diffed here. The keys are the fields' names (the views carry no serde
//! attributes) and `None` is `null`, so every key is always present.

use super::diff;
use protocol::{HandHistory, HandView, Me, SeatView, TableView};
use serde::Serialize;

type Ops = Vec<diff::Op>;
type Result = std::result::Result<(), serde_json::Error>;

/// A view the hub pushes as patches.
pub trait View: Serialize + PartialEq {
    /// The operations taking `self` to `new`, under `path`.
    fn ops_to(&self, new: &Self, path: &mut String, ops: &mut Ops) -> Result;
}

impl View for Me {
    fn ops_to(&self, new: &Me, path: &mut String, ops: &mut Ops) -> Result {
        let Me {
            event,
            standing,
            table,
        } = new;
        field(&self.event, event, "event", path, ops)?;
        field(&self.standing, standing, "standing", path, ops)?;
        let len = diff::push(path, "table");
        let done = match (&self.table, table) {
            (Some(old), Some(new)) => old.ops_to(new, path, ops),
            (old, new) => whole(old, new, path, ops),
        };
        path.truncate(len);
        done
    }
}

impl View for TableView {
    fn ops_to(&self, new: &TableView, path: &mut String, ops: &mut Ops) -> Result {
        let TableView {
            event,
            table,
            seats,
            hand,
            waiting,
            you,
            history,
            commitment,
            server_time_ms,
        } = new;
        field(&self.event, event, "event", path, ops)?;
        field(&self.table, table, "table", path, ops)?;
        list_with(&self.seats, seats, "seats", path, ops, seat_ops)?;
        let len = diff::push(path, "hand");
        let done = match (&self.hand, hand) {
            (Some(old), Some(new)) if old.number == new.number => hand_ops(old, new, path, ops),
            // A new hand is one op: walked, the last hand's announcements were each replaced
            // or removed, some 4 KB a player at every deal (perf, `bench load`).
            (Some(_), Some(new)) => {
                ops.push(diff::op("replace", path, Some(serde_json::to_value(new)?)));
                Ok(())
            }
            (old, new) => whole(old, new, path, ops),
        };
        path.truncate(len);
        done?;
        field(&self.waiting, waiting, "waiting", path, ops)?;
        field(&self.you, you, "you", path, ops)?;
        // Once a hand: the whole walk finds the hand put in front.
        field(&self.history, history, "history", path, ops)?;
        field(&self.commitment, commitment, "commitment", path, ops)?;
        field(
            &self.server_time_ms,
            server_time_ms,
            "server_time_ms",
            path,
            ops,
        )
    }
}

/// The table's history taken out of `old` when `new` leaves it out (`None`) as unchanged
/// since: both are then diffed without it, and it goes into `new` after.
pub(super) fn take_history_for(old: &mut TableView, new: &TableView) -> Option<Vec<HandHistory>> {
    if new.history.is_none() && old.table == new.table {
        old.history.take()
    } else {
        None
    }
}

/// A seat changes a field or two an action (stack, bet, whose turn).
fn seat_ops(
    old: &Option<SeatView>,
    new: &Option<SeatView>,
    path: &mut String,
    ops: &mut Ops,
) -> Result {
    let (Some(old), Some(new)) = (old, new) else {
        return whole(old, new, path, ops);
    };
    let SeatView {
        seat,
        player,
        name,
        stack,
        bet,
        cards,
        up,
        in_hand,
        folded,
        all_in,
        away,
        button,
        small_blind,
        big_blind,
        bring_in,
        to_act,
    } = new;
    field(&old.seat, seat, "seat", path, ops)?;
    field(&old.player, player, "player", path, ops)?;
    field(&old.name, name, "name", path, ops)?;
    field(&old.stack, stack, "stack", path, ops)?;
    field(&old.bet, bet, "bet", path, ops)?;
    list(&old.cards, cards, "cards", path, ops)?;
    list(&old.up, up, "up", path, ops)?;
    field(&old.in_hand, in_hand, "in_hand", path, ops)?;
    field(&old.folded, folded, "folded", path, ops)?;
    field(&old.all_in, all_in, "all_in", path, ops)?;
    field(&old.away, away, "away", path, ops)?;
    field(&old.button, button, "button", path, ops)?;
    field(&old.small_blind, small_blind, "small_blind", path, ops)?;
    field(&old.big_blind, big_blind, "big_blind", path, ops)?;
    field(&old.bring_in, bring_in, "bring_in", path, ops)?;
    field(&old.to_act, to_act, "to_act", path, ops)
}

fn hand_ops(old: &HandView, new: &HandView, path: &mut String, ops: &mut Ops) -> Result {
    let HandView {
        number,
        level,
        game,
        street,
        board,
        bring_in,
        pots,
        total_pot,
        to_act,
        act_deadline_ms,
        clock_called,
        announcements,
        equities,
        commitment,
    } = new;
    field(&old.number, number, "number", path, ops)?;
    field(&old.level, level, "level", path, ops)?;
    field(&old.game, game, "game", path, ops)?;
    field(&old.street, street, "street", path, ops)?;
    list(&old.board, board, "board", path, ops)?;
    field(&old.bring_in, bring_in, "bring_in", path, ops)?;
    list(&old.pots, pots, "pots", path, ops)?;
    field(&old.total_pot, total_pot, "total_pot", path, ops)?;
    field(&old.to_act, to_act, "to_act", path, ops)?;
    field(
        &old.act_deadline_ms,
        act_deadline_ms,
        "act_deadline_ms",
        path,
        ops,
    )?;
    field(&old.clock_called, clock_called, "clock_called", path, ops)?;
    list(
        &old.announcements,
        announcements,
        "announcements",
        path,
        ops,
    )?;
    list(&old.equities, equities, "equities", path, ops)?;
    field(&old.commitment, commitment, "commitment", path, ops)
}

/// The operations for one member of an object.
pub(super) fn field<T: Serialize + PartialEq>(
    old: &T,
    new: &T,
    key: &str,
    path: &mut String,
    ops: &mut Ops,
) -> Result {
    if old == new {
        return Ok(());
    }
    let len = diff::push(path, key);
    let done = whole(old, new, path, ops);
    path.truncate(len);
    done
}

/// The operations for a value that differs, walked as JSON.
pub(super) fn whole<T: Serialize + PartialEq>(
    old: &T,
    new: &T,
    path: &mut String,
    ops: &mut Ops,
) -> Result {
    if old != new {
        let new = serde_json::to_value(new)?;
        // A new number, string, bool or null replaces whatever was there, as `walk` would
        // find: the old value is not written out.
        if !new.is_object() && !new.is_array() {
            ops.push(diff::op("replace", path, Some(new)));
            return Ok(());
        }
        diff::walk(&serde_json::to_value(old)?, &new, path, ops);
    }
    Ok(())
}

/// The operations for an array member: items changed in place, then added at the end or
/// removed from it (as `diff.rs` walks an array), each item walked only when it differs.
fn list<T: Serialize + PartialEq>(
    old: &[T],
    new: &[T],
    key: &str,
    path: &mut String,
    ops: &mut Ops,
) -> Result {
    list_with(old, new, key, path, ops, whole)
}

/// As [`list`], each changed item's operations made by `item`.
fn list_with<T: Serialize + PartialEq>(
    old: &[T],
    new: &[T],
    key: &str,
    path: &mut String,
    ops: &mut Ops,
    item: fn(&T, &T, &mut String, &mut Ops) -> Result,
) -> Result {
    if old == new {
        return Ok(());
    }
    let len = diff::push(path, key);
    let done = items(old, new, path, ops, item);
    path.truncate(len);
    done
}

fn items<T: Serialize + PartialEq>(
    old: &[T],
    new: &[T],
    path: &mut String,
    ops: &mut Ops,
    item: fn(&T, &T, &mut String, &mut Ops) -> Result,
) -> Result {
    for (i, (a, b)) in old.iter().zip(new).enumerate() {
        if a != b {
            let len = diff::push(path, &i.to_string());
            item(a, b, path, ops)?;
            path.truncate(len);
        }
    }
    for (i, value) in new.iter().enumerate().skip(old.len()) {
        let len = diff::push(path, &i.to_string());
        ops.push(diff::op("add", path, Some(serde_json::to_value(value)?)));
        path.truncate(len);
    }
    for i in (new.len()..old.len()).rev() {
        let len = diff::push(path, &i.to_string());
        ops.push(diff::op("remove", path, None));
        path.truncate(len);
    }
    Ok(())
}

//! A player's own page pushed in parts: their table's public view, made and diffed once for
//! every player at the table, and what only they see (hole cards, seat and legal actions, the
//! history as they saw it), diffed per connection. Why: in the stress mode of `croupier bench
//! load` each action made ten whole pages and ten typed diffs of them, one per player at the
//! table: two thirds of the server's CPU (perf, 1,000 players).
//!
//! The client gets patches of the same page as before: the public ops under `/table`, then
//! the player's own. A public op that reaches the player's seat (the seat or its cards set)
//! is followed by their own cards again, so the client always holds `MeParts::assemble`.

use super::diff;
use super::views::{View, field, whole};
use protocol::{EventId, HandHistory, Me, Standing, TableView, You};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// A table's public view (no `you`, no history), shared by every connection at the table,
/// with the ops from each earlier one seen, made once.
#[derive(Debug)]
pub struct SharedTable {
    /// Unique in the process: earlier views are known by it, not kept alive by a later one.
    id: u64,
    view: TableView,
    diffs: Mutex<Vec<(u64, Arc<PublicOps>)>>,
    /// The length of the view's JSON, counted once when needed.
    len: OnceLock<usize>,
    /// The length of the table's public history's JSON, when a page in this push holds it.
    history_len: OnceLock<usize>,
}

/// The ops from one public view to the next, as JSON text without brackets, and the seats
/// whose cards they may have set.
#[derive(Debug)]
struct PublicOps {
    text: String,
    /// Bit `i`: the seat at index `i`; every bit: the seats list itself.
    seats: u64,
}

impl SharedTable {
    pub fn new(view: TableView) -> Arc<SharedTable> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        Arc::new(SharedTable {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            view,
            diffs: Mutex::new(Vec::new()),
            len: OnceLock::new(),
            history_len: OnceLock::new(),
        })
    }

    /// Pages made with this view hold `history` as their player saw it, no shorter: their
    /// cards take the place of nulls, four characters for four.
    pub fn holds_history_of(&self, history: &[HandHistory]) {
        if let Some(len) = diff::json_len(&history) {
            let _ = self.history_len.set(len);
        }
    }

    /// The length of the table's public history's JSON, when a page in this push holds it.
    pub(super) fn history_len(&self) -> Option<usize> {
        self.history_len.get().copied()
    }

    /// The length of the view's JSON: a player's page is longer (it holds the view, their
    /// standing and more), so a patch shorter than this is shorter than the whole page.
    fn json_len(&self) -> usize {
        *self
            .len
            .get_or_init(|| diff::json_len(&self.view).unwrap_or(0))
    }

    /// The ops from `before` to this view: the first connection to ask makes them, the others
    /// at the table wait for them and share them.
    fn ops_from(&self, before: &SharedTable) -> Option<Arc<PublicOps>> {
        let mut diffs = self.diffs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, ops)) = diffs.iter().find(|(id, _)| *id == before.id) {
            return Some(ops.clone());
        }
        let mut ops = Vec::new();
        let mut path = String::from("/table");
        before.view.ops_to(&self.view, &mut path, &mut ops).ok()?;
        let seats = ops.iter().fold(0, |all, op| all | seats_reached(&op.path));
        let ops = Arc::new(PublicOps {
            text: join(&ops),
            seats,
        });
        diffs.push((before.id, ops.clone()));
        Some(ops)
    }
}

/// The seats whose `cards` or `up` an op at `path` may have set.
fn seats_reached(path: &str) -> u64 {
    let Some(rest) = path.strip_prefix("/table/seats") else {
        return if path == "/table" { u64::MAX } else { 0 };
    };
    let Some(rest) = rest.strip_prefix('/') else {
        return u64::MAX;
    };
    let (index, field) = rest.split_once('/').unwrap_or((rest, ""));
    let reaches = field.is_empty() || field.starts_with("cards") || field.starts_with("up");
    match index.parse::<usize>() {
        Ok(_) if !reaches => 0,
        Ok(i) => bit(i),
        Err(_) => u64::MAX,
    }
}

fn bit(seat: usize) -> u64 {
    if seat < 64 { 1 << seat } else { u64::MAX }
}

/// Ops as JSON text, comma-separated, without brackets.
pub(super) fn join(ops: &[diff::Op]) -> String {
    let mut text = Vec::with_capacity(64 * ops.len());
    for op in ops {
        if !text.is_empty() {
            text.push(b',');
        }
        // Written in place by serde_json's writer: `to_string` made a string per op, and
        // `Display` wrote through `fmt` a piece at a time (perf).
        let _ = serde_json::to_writer(&mut text, op);
    }
    // serde_json writes UTF-8.
    String::from_utf8(text).unwrap_or_default()
}

/// A player's own page in parts.
#[derive(Debug)]
pub struct MeParts {
    pub event: EventId,
    pub standing: Standing,
    pub table: Option<TableParts>,
}

#[derive(Debug)]
pub struct TableParts {
    pub public: Arc<SharedTable>,
    pub own: TablePrivate,
}

/// What only one player sees of their table.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePrivate {
    pub own: Option<OwnCards>,
    pub you: Option<You>,
    /// `None`: unchanged since the last one sent (as `TableView::history` in a push).
    pub history: Option<Vec<HandHistory>>,
}

/// The player's hole cards as they see them, in the seat at index `seat` of the view.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnCards {
    pub seat: usize,
    pub cards: Vec<Option<String>>,
    pub up: Vec<bool>,
}

impl TablePrivate {
    /// Puts what the player sees into the public view.
    pub fn apply(self, view: &mut TableView) {
        if let Some(own) = self.own
            && let Some(Some(seat)) = view.seats.get_mut(own.seat)
        {
            seat.cards = own.cards;
            seat.up = own.up;
        }
        view.you = self.you;
        view.history = self.history;
    }
}

impl MeParts {
    /// A whole page as parts: its table, cards and all, as a public view of its own.
    pub fn whole(me: Me) -> MeParts {
        MeParts {
            event: me.event,
            standing: me.standing,
            table: me.table.map(|mut view| {
                let own = TablePrivate {
                    own: None,
                    you: view.you.take(),
                    history: view.history.take(),
                };
                TableParts {
                    public: SharedTable::new(view),
                    own,
                }
            }),
        }
    }

    /// The page the parts make.
    pub fn assemble(&self) -> Me {
        Me {
            event: self.event,
            standing: self.standing.clone(),
            table: self.table.as_ref().map(|t| {
                let mut view = t.public.view.clone();
                t.own.clone().apply(&mut view);
                view
            }),
        }
    }

    /// Whether the whole page's message is known, without writing it, to be longer than
    /// `len`: it holds the public view (with `null` for `you` and `history`, which the page's
    /// event and keys outweigh), the history when one came with it, the standing and `you`.
    /// The view, counted once for the table, settles most; the player's own parts are counted
    /// only past it (perf: counting them for every push was 2% of a push).
    pub(super) fn is_longer_than(&self, len: usize, history_len: Option<usize>) -> bool {
        let Some(t) = &self.table else {
            return false;
        };
        let mut known = t.public.json_len();
        if len < known {
            return true;
        }
        known += t.own.history.as_ref().and(history_len).unwrap_or(0);
        known += diff::json_len(&self.standing).unwrap_or(0);
        known += diff::json_len(&t.own.you).unwrap_or(0);
        len < known
    }

    /// Whether both pages show the same table of the same event.
    pub(super) fn same_table(&self, new: &MeParts) -> bool {
        match (&self.table, &new.table) {
            (Some(a), Some(b)) => {
                self.event == new.event && a.public.view.table == b.public.view.table
            }
            _ => false,
        }
    }

    /// Takes the history of `before` when this page leaves it out and shows the same table.
    pub(super) fn fill_history(&mut self, before: MeParts) {
        if !before.same_table(self) {
            return;
        }
        if let (Some(t), Some(old)) = (&mut self.table, before.table)
            && t.own.history.is_none()
        {
            t.own.history = old.own.history;
        }
    }
}

/// The ops (JSON text, no brackets) from `old` to `new`, when both show the same table;
/// `None` when they do not (whole pages are diffed then). `new`'s history, when left out, is
/// unchanged.
pub(super) fn ops_between(old: &MeParts, new: &MeParts) -> Option<String> {
    if !old.same_table(new) {
        return None;
    }
    let (Some(was), Some(now)) = (&old.table, &new.table) else {
        return None;
    };
    let mut path = String::new();
    let mut ops = Vec::new();
    field(
        &old.standing,
        &new.standing,
        "standing",
        &mut path,
        &mut ops,
    )
    .ok()?;
    let public = if Arc::ptr_eq(&was.public, &now.public) {
        None
    } else {
        Some(now.public.ops_from(&was.public)?)
    };
    let reached = public.as_ref().map_or(0, |p| p.seats);
    let mut cards = |seat: usize, cards: &[Option<String>], up: &[bool]| {
        let at = format!("/table/seats/{seat}");
        ops.push(diff::op(
            "replace",
            &format!("{at}/cards"),
            Some(cards.into()),
        ));
        ops.push(diff::op("replace", &format!("{at}/up"), Some(up.into())));
    };
    // Cards the player no longer holds in that seat go back to what the public sees there,
    // whatever the public ops did: they set only the cards that changed in the public view,
    // and the player's may still lie under the others (a seat taken by a player dealt more).
    if let Some(gone) = &was.own.own
        && now.own.own.as_ref().is_none_or(|o| o.seat != gone.seat)
        && let Some(Some(seat)) = now.public.view.seats.get(gone.seat)
    {
        cards(gone.seat, &seat.cards, &seat.up);
    }
    if let Some(own) = &now.own.own
        && (reached & bit(own.seat) != 0 || was.own.own.as_ref() != Some(own))
    {
        cards(own.seat, &own.cards, &own.up);
    }
    let mut path = String::from("/table");
    field(&was.own.you, &now.own.you, "you", &mut path, &mut ops).ok()?;
    if let Some(history) = &now.own.history {
        history_ops(was.own.history.as_deref(), history, &mut ops).ok()?;
    }
    let mut text = public.map(|p| p.text.clone()).unwrap_or_default();
    let own = join(&ops);
    if !text.is_empty() && !own.is_empty() {
        text.push(',');
    }
    text.push_str(&own);
    Some(text)
}

/// The ops taking a player's history from `old` to `new`. A finished hand goes in front and
/// the oldest may drop off the end: only the new hands are written out, as `diff.rs` finds
/// them in JSON, but compared as typed values (a history is several KB a player).
fn history_ops(
    old: Option<&[HandHistory]>,
    new: &[HandHistory],
    ops: &mut Vec<diff::Op>,
) -> Result<(), serde_json::Error> {
    let mut path = String::from("/table/history");
    if let Some(old) = old {
        if old == new {
            return Ok(());
        }
        let front = (1..=diff::FRONT.min(new.len().saturating_sub(1)))
            .find(|&k| new.len() - k <= old.len() && new[k..] == old[..new.len() - k]);
        if let Some(k) = front {
            for (i, hand) in new[..k].iter().enumerate() {
                let at = diff::push(&mut path, &i.to_string());
                ops.push(diff::op("add", &path, Some(serde_json::to_value(hand)?)));
                path.truncate(at);
            }
            for i in (new.len()..old.len() + k).rev() {
                let at = diff::push(&mut path, &i.to_string());
                ops.push(diff::op("remove", &path, None));
                path.truncate(at);
            }
            return Ok(());
        }
    }
    whole(&old, &Some(new), &mut path, ops)
}

#[cfg(test)]
mod tests;

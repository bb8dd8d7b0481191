//! What a guest sees of the cash room: their lists, the seat offered to them, their seat, their
//! table with the hand in play (their own cards, and what was shown), and their sessions.

use super::CashState;
use super::online::{ActClock, OnlineHand};
use super::wire::{debt, mode_name, next_view, stakes_text, wants_name};
use crate::room::hand_view::{legal_of, street_name, visible_cards};
use engine::Player;
use protocol::{
    CashHandView, CashSeatView, CashTableView, CashWin, GuestFrozen, GuestListing, GuestOffer,
    GuestSeat, GuestSession, GuestView, NoOfferBecause, PotView,
};
use ring::{CashTableId, GuestId};

pub fn guest_view(state: &CashState, guest: GuestId, now: u64) -> Option<GuestView> {
    let room = state.room();
    let me = room.guest(guest).ok()?;
    let lists = room
        .games()
        .iter()
        .enumerate()
        .filter_map(|(i, game)| {
            let id = ring::GameId(i as u32);
            let list = room.list(id).ok()?;
            let place = list.iter().position(|w| w.guest == guest)?;
            let standing = room.standing(guest, id).ok()?;
            Some(GuestListing {
                game: id,
                game_name: game.name.clone(),
                place: place as u32 + 1,
                wants: wants_name(list[place].wants),
                ahead: standing.ahead,
                why: why(standing.why),
            })
        })
        .collect();
    let seat = room.seat_of(guest);
    let offer = room
        .offers()
        .iter()
        .find(|o| o.guest == guest)
        .and_then(|o| {
            let t = room.table(o.table).ok()?;
            let game = room.game(t.game).ok()?;
            let frozen = room
                .books()
                .frozen
                .iter()
                .find(|f| f.0 == guest && f.1 == t.game)
                .map(|f| f.2.0);
            let carried = seat
                .and_then(|(at, s)| room.table(at).ok()?.seats[usize::from(s - 1)])
                .map(|s| s.chips.0);
            Some(GuestOffer {
                game: t.game,
                game_name: game.name.clone(),
                table: o.table,
                seat: o.seat,
                expires_ms: o.expires.0,
                min_buy_in: game.buy_in.min.0,
                max_buy_in: game.buy_in.max.0,
                brings: carried.or(frozen),
            })
        });
    let seated = seat.and_then(|(table, s)| {
        let t = room.table(table).ok()?;
        let at = t.seats[usize::from(s - 1)]?;
        let game = room.game(t.game).ok()?;
        Some(GuestSeat {
            table,
            seat: s,
            chips: at.chips.0,
            away: at.away_since.is_some(),
            owes: at.owes.map(debt),
            in_hand: at.in_hand,
            max_buy_in: game.buy_in.max.0,
        })
    });
    let books = room.books();
    Some(GuestView {
        guest,
        name: me.name.clone(),
        now_ms: now,
        lists,
        phone_set: me.contact.is_some(),
        offer,
        table: seat.and_then(|(t, _)| table_view(state, t, Some(guest), now)),
        seat: seated,
        frozen: books
            .frozen
            .iter()
            .filter(|f| f.0 == guest)
            .map(|f| GuestFrozen {
                game: f.1,
                chips: f.2.0,
            })
            .collect(),
        sessions: books
            .history(guest)
            .map(|s| GuestSession {
                game: s.game,
                table: s.table,
                start_ms: s.start.0,
                end_ms: s.end.map(|e| e.0),
                brought: s.brought.0,
                took: s.took.0,
            })
            .collect(),
    })
}

/// What a guest who asked to be forgotten is answered: nothing of theirs is left.
pub fn forgotten_view(guest: GuestId, now: u64) -> GuestView {
    GuestView {
        guest,
        name: String::new(),
        now_ms: now,
        lists: Vec::new(),
        phone_set: false,
        offer: None,
        seat: None,
        table: None,
        frozen: Vec::new(),
        sessions: Vec::new(),
    }
}

fn why(because: ring::NoOfferBecause) -> NoOfferBecause {
    use ring::NoOfferBecause as R;
    match because {
        R::OfferHere => NoOfferBecause::OfferHere,
        R::OfferAtOtherGame => NoOfferBecause::OfferAtOtherGame,
        R::SeatedElsewhere => NoOfferBecause::SeatedElsewhere,
        R::NoTable => NoOfferBecause::NoTable,
        R::NoOpenSeat => NoOfferBecause::NoOpenSeat,
        R::WaitingForChange => NoOfferBecause::SeatedAtThisGameWaitingChange,
        R::AheadOfYou => NoOfferBecause::AheadOfYou,
        R::SeatPassed => NoOfferBecause::SeatPassed,
        R::HeldForMustMove => NoOfferBecause::HeldForMustMove,
    }
}

/// A table as `viewer` sees it (nobody: the public view).
pub fn table_view(
    state: &CashState,
    table: CashTableId,
    viewer: Option<GuestId>,
    _now: u64,
) -> Option<CashTableView> {
    let room = state.room();
    let t = room.table(table).ok()?;
    let game = room.game(t.game).ok()?;
    let hand = state.hands.get(table.0);
    // The public view names as the room's board does (issue 36); a guest's own view names the
    // players at their table whole.
    let shown = |g: GuestId| super::wire::shown_name(room, g, viewer.is_none());
    let in_hand = |seat: usize| -> Option<(Player, &OnlineHand)> {
        let h = hand?;
        let i = h.seats.iter().position(|s| s.index() == seat)?;
        // The seat's player now, not one who left it after the hand.
        let now_there = t.seats[seat].map(|s| s.guest);
        (now_there == Some(h.guests[i])).then_some((Player(i as u8), h))
    };
    let seats = t
        .seats
        .iter()
        .enumerate()
        .map(|(k, s)| {
            s.map(|s| {
                let mut seat = CashSeatView {
                    guest: s.guest,
                    name: shown(s.guest),
                    chips: s.chips.0,
                    away: s.away_since.is_some(),
                    owes: s.owes.map(debt),
                    in_hand: false,
                    bet: 0,
                    folded: false,
                    cards: Vec::new(),
                };
                if let Some((p, h)) = in_hand(k) {
                    let ps = h.hand.player(p);
                    seat.in_hand = h.in_play();
                    if h.in_play() {
                        seat.chips = ps.stack.0;
                        seat.bet = ps.bet.0;
                    }
                    seat.folded = !ps.is_live();
                    seat.cards = visible_cards(ps, viewer == Some(s.guest)).cards;
                }
                seat
            })
        })
        .collect();
    let clock = ActClock::of(game.profile);
    let hand_view = hand.map(|h| {
        let to_act = h.to_act();
        let seat_of = |p: Player| h.seats[p.index()].number();
        let legal = to_act
            .filter(|p| viewer == Some(h.guests[p.index()]))
            .and_then(|_| h.hand.legal_actions())
            .map(|l| legal_of(&h.hand, h.number, game.stakes.big_blind, &l));
        let pots = if h.in_play() {
            h.hand
                .pots()
                .iter()
                .map(|p| PotView {
                    amount: p.amount.0,
                    eligible: p.eligible.iter().map(|&e| seat_of(e)).collect(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let seat_of_guest = |g: GuestId| {
            h.guests
                .iter()
                .position(|&x| x == g)
                .map_or(0, |i| h.seats[i].number())
        };
        CashHandView {
            number: h.number,
            button: h.next.button.map_or(0, |b| b.number()),
            street: if h.in_play() {
                street_name(h.hand.street()).into()
            } else {
                "over".into()
            },
            board: h.hand.board().map(|c| c.to_string()).collect(),
            pot: h.hand.players().iter().map(|p| p.bet.0).sum::<u64>() + h.hand.pot().0,
            pots,
            to_act: to_act.map(seat_of),
            act_deadline_ms: to_act.map(|_| h.deadline),
            clock_called: to_act.is_some() && h.clock_called,
            clock_seconds: clock.seconds,
            clock_rule: clock.rule.to_string(),
            clock_expiry: match clock.expiry {
                tournament::TimeExpiry::CheckOrDead => "check_or_dead",
                tournament::TimeExpiry::Dead => "dead",
            }
            .into(),
            legal,
            won: h
                .result
                .iter()
                .map(|&(g, won)| CashWin {
                    seat: seat_of_guest(g),
                    guest: g,
                    name: room.guest_name(g).to_string(),
                    amount: won.0,
                })
                .collect(),
            commitment: h.proof.as_ref().map(crate::deck::Proof::commitment),
            // The seed gives every card, mucked ones too: the hand's players only.
            proof: viewer
                .filter(|g| h.guests.contains(g))
                .and_then(|_| h.proof(table)),
        }
    });
    Some(CashTableView {
        id: table,
        game_name: game.name.clone(),
        stakes: stakes_text(game),
        mode: mode_name(t.mode),
        profile: game.profile.id().to_string(),
        seats,
        next: if hand.is_some_and(|h| h.in_play()) {
            None
        } else {
            room.next_hand(table, None).ok().map(|n| next_view(&n))
        },
        hand: hand_view,
        commitment: super::online::committed(room, &state.hands, table)
            .map(|p| p.view(|seat| super::online::holds(room, table, seat))),
    })
}

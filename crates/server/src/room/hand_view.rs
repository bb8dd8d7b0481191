//! A hand as a viewer sees it: hole cards with their faces, the street, who brought in, the
//! legal actions of the player to act, and finished hands for the history. A hole card reaches
//! a viewer as their own, once shown (TDA-16), or as a live stud hand's up card (TDA-RP-10); a
//! folded or mucked stud hand's up cards are turned down (TDA-66) and leave the view.

use super::LiveHand;
use super::announce::announcements;
use engine::{Event, Game, LegalActions, Player, PlayerState, Street};
use protocol::{EntryId, HandHistory, HandView, HistorySeat, Legal, PotView, SeatEquity};

/// A seat's cards as one viewer may see them, in dealing order, and which lie face up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SeatCards {
    pub cards: Vec<Option<String>>,
    pub up: Vec<bool>,
}

/// A player's hole cards as a viewer may see them: their own, shown (TDA-16 tables them), or a
/// live stud hand's up cards. Folded, a stud hand's up cards lie face down again (TDA-66).
pub(crate) fn visible_cards(p: &PlayerState, own: bool) -> SeatCards {
    let (cards, up) = p
        .hole
        .cards()
        .iter()
        .enumerate()
        .map(|(i, card)| {
            let up = p.is_live() && p.hole.is_up(i);
            let see = own || p.shown || up;
            (card.filter(|_| see).map(|c| c.to_string()), up)
        })
        .unzip();
    SeatCards { cards, up }
}

/// The wire name of a game, as in `HandView::game`.
pub(crate) fn game_name(game: Game) -> &'static str {
    match game {
        Game::Holdem => "holdem",
        Game::Omaha => "omaha",
        Game::OmahaHiLo => "omaha_hi_lo",
        Game::Stud => "stud",
        Game::StudHiLo => "stud_hi_lo",
        Game::Razz => "razz",
    }
}

/// The wire name of a street, as in `HandView::street`.
pub(crate) fn street_name(street: Street) -> &'static str {
    match street {
        Street::Preflop => "preflop",
        Street::Flop => "flop",
        Street::Turn => "turn",
        Street::River => "river",
        Street::Third => "third",
        Street::Fourth => "fourth",
        Street::Fifth => "fifth",
        Street::Sixth => "sixth",
        Street::Seventh => "seventh",
    }
}

/// The hand player who posted the stud bring-in, if one has (TDA-RP-10).
pub(crate) fn brought_in(live: &LiveHand) -> Option<Player> {
    live.hand.events().iter().find_map(|e| match e {
        Event::BringInPosted { player, .. } => Some(*player),
        _ => None,
    })
}

/// The legal actions of the player to act. On third street, while nobody has made the first
/// full bet, a bet or raise completes the bring-in (TDA-RP-10).
pub(crate) fn legal_view(live: &LiveHand, l: &LegalActions) -> Legal {
    legal_of(&live.hand, live.number, live.start.setup.min_bet, l)
}

/// The legal actions of hand `number`'s player to act, whose bet completing the bring-in is
/// `min_bet` (stud).
pub(crate) fn legal_of(
    hand: &engine::Hand,
    number: u64,
    min_bet: engine::Chips,
    l: &LegalActions,
) -> Legal {
    let bet = hand.player(l.player).bet.0;
    let level = hand
        .players()
        .iter()
        .map(|p| p.bet)
        .max()
        .unwrap_or_default();
    let completes = hand.variant().game.is_stud()
        && hand.street() == Street::Third
        && (l.bring_in.is_some() || level < min_bet);
    let raise_kind = if completes {
        "complete"
    } else if l.check {
        "bet"
    } else {
        "raise"
    };
    Legal {
        hand: number,
        fold: l.fold,
        check: l.check,
        call: l.call.map(|c| c.0),
        call_to: l.call.map(|c| c.0 + bet),
        min_to: l.bet_or_raise.map(|r| r.min_to.0),
        max_to: l.bet_or_raise.map(|r| r.max_to.0),
        raise_kind: raise_kind.to_string(),
        bring_in: l.bring_in.map(|c| c.0),
        big_bet_to: l.big_bet_to.map(|c| c.0),
    }
}

pub(crate) fn hand_view(live: &LiveHand) -> HandView {
    let hand = &live.hand;
    let seat = |i: usize| live.start.positions.dealt[i].number();
    let over = hand.is_over();
    let game = hand.variant().game;
    let pots: Vec<PotView> = if over {
        Vec::new()
    } else {
        hand.pots()
            .iter()
            .map(|p| PotView {
                amount: p.amount.0,
                eligible: p.eligible.iter().map(|e| seat(e.index())).collect(),
            })
            .collect()
    };
    HandView {
        number: live.number,
        // The level the hand is played at: a new level starts with the next hand (TDA-23).
        level: live.start.level as u32 + 1,
        game: game_name(game).to_string(),
        street: if over {
            "over".to_string()
        } else {
            street_name(hand.street()).to_string()
        },
        board: hand.board().map(|c| c.to_string()).collect(),
        bring_in: game.is_stud().then_some(hand.bring_in().0),
        total_pot: pots.iter().map(|p| p.amount).sum(),
        pots,
        to_act: live.turn.filter(|_| !over).map(|t| seat(t.player.index())),
        act_deadline_ms: live.turn.filter(|_| !over).map(|t| t.deadline),
        clock_called: live.turn.is_some_and(|t| t.clock_called) && !over,
        announcements: announcements(live),
        equities: live
            .equities
            .iter()
            .map(|&(i, equity)| SeatEquity {
                seat: seat(i),
                equity,
            })
            .collect(),
        commitment: live.proof.as_ref().map(crate::deck::Proof::commitment),
    }
}

pub(crate) fn history(live: &LiveHand, name: impl Fn(EntryId) -> String) -> HandHistory {
    HandHistory {
        number: live.number,
        game: game_name(live.hand.variant().game).to_string(),
        board: live.hand.board().map(|c| c.to_string()).collect(),
        seats: live
            .hand
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let entry = live.start.players[i];
                let SeatCards { cards, up } = visible_cards(p, false);
                HistorySeat {
                    seat: live.start.positions.dealt[i].number(),
                    player: entry,
                    name: name(entry),
                    cards,
                    up,
                    won: p.won.0,
                }
            })
            .collect(),
        announcements: announcements(live),
        proof: None,
    }
}

#[cfg(test)]
mod tests;

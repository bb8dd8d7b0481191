//! The dealer tablet's view of a live table.

use super::DealerTable;
use engine::{Player, Status, Step};
use protocol::{
    FloorAct, LivePlayer, LivePot, LiveSeat, LiveTableView, ReasonView, RuledAction, RulingView,
    Waiting,
};

impl DealerTable {
    pub fn view(&self) -> LiveTableView {
        let hand = self.floor.hand();
        let over = self.floor.is_over();
        // What the player to act faces, with the due street laid (its bets start at nothing).
        let ahead = self.floor.laid_ahead();
        let legal = ahead.legal_actions().filter(|_| !over);
        let next = self.floor.next_to_act().filter(|_| !over);
        let stacks = self.floor.final_stacks();
        let players: Vec<LivePlayer> = hand
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = self.positions.dealt[i];
                let player = Player(i as u8);
                LivePlayer {
                    player: i as u8,
                    seat: seat.number(),
                    name: self.name(player),
                    stack: if over {
                        stacks.get(i).map_or(p.stack.0, |s| s.0)
                    } else {
                        p.stack.0
                    },
                    bet: if over { 0 } else { p.bet.0 },
                    status: match p.status {
                        Status::Live => "live",
                        Status::Folded => "folded",
                        Status::Mucked => "mucked",
                    }
                    .to_string(),
                    // TDA-RP-1: the all-in marker in front of a player all in.
                    all_in: !over && p.is_all_in(),
                    button: seat == self.positions.button,
                    // Heads-up the button posts the small blind (TDA-34).
                    small_blind: if hand.players().len() == 2 {
                        seat == self.positions.button
                    } else {
                        Some(seat) == self.positions.small_blind
                    },
                    big_blind: seat == self.positions.big_blind,
                    cards: if p.shown {
                        p.hole
                            .cards()
                            .iter()
                            .map(|c| c.map(|c| c.to_string()))
                            .collect()
                    } else {
                        Vec::new()
                    },
                    won: p.won.0,
                    passive_only: self.floor.passive_only(player).map(|r| r.id().to_string()),
                }
            })
            .collect();
        let pots: Vec<LivePot> = if over {
            Vec::new()
        } else {
            hand.pots()
                .iter()
                .map(|p| LivePot {
                    amount: p.amount.0,
                    eligible: p.eligible.iter().map(|e| e.0).collect(),
                    names: p.eligible.iter().map(|&e| self.name(e)).collect(),
                })
                .collect()
        };
        let dealt: Vec<usize> = self.positions.dealt.iter().map(|s| s.index()).collect();
        LiveTableView {
            id: self.id,
            profile: self.profile.scenario_id().to_string(),
            profile_name: self.profile.to_string(),
            variant: self.variant.phh_code(),
            variant_name: self.variant.name(),
            small_blind: self.blinds.small_blind.0,
            big_blind: self.blinds.big_blind.0,
            ante: self.blinds.ante.0,
            big_blind_ante: self.blinds.big_blind_ante.0,
            denominations: self.denominations.iter().map(|c| c.0).collect(),
            hand: self.hand,
            button_seat: self.positions.button.number(),
            out: (0..self.names.len())
                // A followed table's empty seats have no name: nobody is out there.
                .filter(|&i| {
                    !dealt.contains(&i)
                        && self.table.seats()[i].is_none()
                        && !self.names[i].is_empty()
                })
                .map(|i| LiveSeat {
                    seat: i as u8 + 1,
                    name: self.names[i].clone(),
                })
                .collect(),
            players,
            total_pot: pots.iter().map(|p| p.amount).sum(),
            pots,
            to_call: next.map_or(0, |_| ahead.bet_to_call().0),
            call_amount: legal.and_then(|l| l.call).map(|c| c.0),
            min_raise_to: legal.and_then(|l| l.bet_or_raise).map(|r| r.min_to.0),
            max_raise_to: legal.and_then(|l| l.bet_or_raise).map(|r| r.max_to.0),
            next_to_act: next.map(|p| p.0),
            street: street(hand, over),
            board: hand
                .board_slots()
                .iter()
                .map(|c| c.map(|c| c.to_string()))
                .collect(),
            waiting: self.waiting(over),
            over,
            tracking: self.tracking(),
            rulings: self.rulings.iter().rev().cloned().collect(),
            procedure: self.procedure.clone(),
            reminders: self
                .floor
                .reminders()
                .iter()
                .map(|s| super::wire::step(s, |p| self.name(p)))
                .collect(),
        }
    }

    fn waiting(&self, over: bool) -> Waiting {
        let mut waiting = Waiting {
            kind: "next_hand".into(),
            player: None,
            street: None,
            cards: None,
            pot: None,
        };
        // A followed table's next hand is the director's (`director`).
        if self.waiting_for().is_some() {
            waiting.kind = "director".into();
        }
        if over {
            return waiting;
        }
        let hand = self.floor.hand();
        if let Some((street, cards)) = hand.street_due() {
            waiting.street = Some(format!("{street:?}").to_lowercase());
            waiting.cards = Some(cards as u8);
        }
        let (kind, player) = match hand.step() {
            Step::Act(p) | Step::DealHole(p) | Step::PostAnte(p) | Step::PostBlind(p) => {
                ("act", Some(p))
            }
            Step::DealBoard { .. } => ("board", self.floor.next_to_act()),
            Step::ShowOrMuck(p) => ("show_or_muck", Some(p)),
            Step::AwardPot(n) => {
                waiting.pot = Some(n as u8);
                ("award_pot", None)
            }
            Step::CollectBets | Step::PushChips | Step::Done => ("next_hand", None),
        };
        waiting.kind = kind.into();
        waiting.player = player.map(|p| p.0);
        waiting
    }

    pub(super) fn ruling_view(
        &self,
        kind: &str,
        act: Option<FloorAct>,
        ruling: &floor::Ruling,
    ) -> RulingView {
        RulingView {
            kind: kind.into(),
            act,
            player: ruling.player.0,
            name: self.name(ruling.player),
            in_turn: ruling.in_turn,
            actions: ruling
                .actions
                .iter()
                .map(|&(p, action)| RuledAction {
                    player: p.0,
                    name: self.name(p),
                    action: crate::room::wire_action(action),
                })
                .collect(),
            returned: ruling.returned.0,
            owed: ruling.owed.0,
            penalty: ruling.penalty.map(|r| r.id().to_string()),
            reasons: ruling
                .reasons
                .iter()
                .map(|r| ReasonView {
                    rule: r.rule.id().to_string(),
                    de: r.text.de.render(|p| self.name(p)),
                    en: r.text.en.render(|p| self.name(p)),
                })
                .collect(),
            next: ruling.next.map(|p| p.0),
        }
    }
}

fn street(hand: &engine::Hand, over: bool) -> String {
    if over {
        return "over".into();
    }
    let showdown = match hand.step() {
        Step::AwardPot(_) => true,
        Step::ShowOrMuck(_) => !hand.board_due(),
        _ => false,
    };
    // The street whose cards are out (the engine's moves on when a round ends).
    match (showdown, hand.board_slots().len()) {
        (true, _) => "showdown",
        (_, 0..3) => "preflop",
        (_, 3) => "flop",
        (_, 4) => "turn",
        _ => "river",
    }
    .into()
}

//! A hand at a live table, driven by the dealer: acts come in as the dealer sees them and each
//! gets a ruling; the engine underneath holds the hand (automations for dealing off: cards are
//! entered at showdown or never).

use crate::act::{Act, PulledBack};
use crate::error::FloorError;
use crate::held::{Oot, Skipped, substantial};
use crate::judge::{Decision, Facing, Judge, Outcome};
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::text::{Line, say};
use engine::rule;
use engine::{
    Action, Automations, Chips, Event, Hand, HandError, HandSetup, Hole, Op, Player, Rule, Step,
};

/// A raise said without an amount, waiting for its chips (TDA-50B).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PendingRaise {
    pub player: Player,
    /// Chips already put forward for it.
    pub chips: Chips,
}

/// A pot-limit bet made short on a wrong count (TDA-52B).
#[derive(Clone, Copy, Debug)]
struct ShortPot {
    player: Player,
    op: usize,
    full_to: Chips,
    events_at: usize,
}

/// One hand at a live table under a profile.
#[derive(Clone, Debug)]
pub struct FloorHand {
    pub(crate) profile: Profile,
    pub(crate) setup: HandSetup,
    ops: Vec<Op>,
    pub(crate) hand: Hand,
    pub(crate) denominations: Vec<Chips>,
    /// Restricted to check, call or fold, and why (TDA-55, TDA-53B, DG-36a, HC-2.2, DG-15.11).
    pub(crate) passive: Vec<Option<Rule>>,
    /// Chips a player still owes to complete an action ruled.
    pub(crate) owed: Vec<Chips>,
    /// Chips in front not yet in the hand: an out-of-turn bet kept (DG-15.11, HC-3.4.2).
    pub(crate) held: Vec<Chips>,
    pub(crate) oot: Vec<Oot>,
    pub(crate) skipped: Option<Skipped>,
    pub(crate) pending_raise: Option<PendingRaise>,
    /// Who made the last act in turn: a second motion of chips by them is a string bet.
    last_in_turn: Option<Player>,
    short_pot: Option<ShortPot>,
    /// How the hand ended when a ruling stopped it (void, a mess split).
    pub(crate) settled: Option<Vec<Chips>>,
    /// Chips forfeited into the next hand's pot (HC-3.3).
    pub(crate) carried: Chips,
}

impl FloorHand {
    /// Starts a hand under `profile`; the dealer posts, the floor deals unknown hole cards.
    pub fn new(
        profile: Profile,
        mut setup: HandSetup,
        denominations: &[Chips],
    ) -> Result<FloorHand, FloorError> {
        setup.ruleset = profile.ruleset();
        setup.automations = Automations {
            dealing: false,
            ..Automations::ALL
        };
        setup.deck = None;
        let hand = Hand::new(setup.clone()).map_err(|e| FloorError::Setup(e.to_string()))?;
        let n = hand.players().len();
        Ok(FloorHand {
            profile,
            setup,
            ops: Vec::new(),
            hand,
            denominations: denominations.to_vec(),
            passive: vec![None; n],
            owed: vec![Chips::ZERO; n],
            held: vec![Chips::ZERO; n],
            oot: Vec::new(),
            skipped: None,
            pending_raise: None,
            last_in_turn: None,
            short_pot: None,
            settled: None,
            carried: Chips::ZERO,
        })
    }

    pub fn profile(&self) -> Profile {
        self.profile
    }

    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    pub fn denominations(&self) -> &[Chips] {
        &self.denominations
    }

    /// The operations applied so far, in order.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// Why a player may only check, call or fold, if so.
    pub fn passive_only(&self, player: Player) -> Option<Rule> {
        self.passive.get(player.index()).copied().flatten()
    }

    /// Each player's stack at the end, or now.
    pub fn final_stacks(&self) -> Vec<Chips> {
        self.settled
            .clone()
            .unwrap_or_else(|| self.hand.final_stacks())
    }

    /// Chips a void hand forfeited into the next hand's pot (HC-3.3).
    pub fn carried_over(&self) -> Chips {
        self.carried
    }

    pub fn is_over(&self) -> bool {
        self.settled.is_some() || self.hand.is_over()
    }

    /// Applies an operation from outside (a board entered, a show, a pot awarded).
    pub fn apply(&mut self, op: Op) -> Result<(), HandError> {
        if self.settled.is_some() {
            return Err(HandError::HandOver);
        }
        if !matches!(op, Op::DealHole { .. }) {
            self.deal_unknown_holes();
        }
        self.hand.apply(op.clone())?;
        self.ops.push(op);
        Ok(())
    }

    /// Deals the hole cards still due, unknown: the floor does not see them.
    pub fn deal_unknown_holes(&mut self) {
        // Stud deals the street's cards; their faces come from the street (TDA-RP-10).
        let n = if self.hand.variant().game.is_stud() {
            self.hand.street().stud_cards().len()
        } else {
            self.hand.variant().game.hole_cards()
        };
        while let Step::DealHole(player) = self.hand.step() {
            let cards = Hole::new(&vec![None; n]).unwrap_or_default();
            let op = Op::DealHole { player, cards };
            if self.hand.apply(op.clone()).is_err() {
                return;
            }
            self.ops.push(op);
        }
    }

    /// Lays the streets due with their cards unknown, as the dealer does before the next act.
    pub fn lay_board(&mut self) {
        self.deal_unknown_holes();
        while self.hand.board_due() {
            if self.apply(Op::DealBoardUnknown).is_err() {
                return;
            }
        }
    }

    fn check_act(&self, act: &Act) -> Result<(), FloorError> {
        let players = self.hand.players().len();
        if act.player.index() >= players {
            return Err(FloorError::UnknownPlayer {
                player: act.player,
                players,
            });
        }
        if !self.denominations.is_empty() {
            let all = act
                .chips
                .iter()
                .chain(&act.previous_chips)
                .chain(&act.pulled_back);
            for &chip in all {
                if !self.denominations.contains(&chip) {
                    let in_play: Vec<String> =
                        self.denominations.iter().map(|c| c.to_string()).collect();
                    return Err(FloorError::NotInPlay {
                        chip,
                        in_play: in_play.join(", "),
                    });
                }
            }
        }
        let bet = self.hand.player(act.player).bet;
        let given: Chips = act.previous_chips.iter().copied().sum();
        if !act.previous_chips.is_empty() && given < bet {
            return Err(FloorError::PreviousChips {
                player: act.player,
                given,
                bet,
            });
        }
        let mut left = act.previous_chips.clone();
        for chip in &act.pulled_back {
            match left.iter().position(|c| c == chip) {
                Some(i) => {
                    left.remove(i);
                }
                None => return Err(FloorError::PulledBack { player: act.player }),
            }
        }
        Ok(())
    }

    /// The earlier chips still in front after any pulled back (TDA-46).
    fn kept(&self, act: &Act) -> Chips {
        let bet = if act.previous_chips.is_empty() {
            self.hand.player(act.player).bet
        } else {
            act.previous_chips.iter().copied().sum()
        };
        let held = self.held[act.player.index()];
        let kept = match act.previous_pulled_back {
            PulledBack::None => bet,
            PulledBack::All => Chips::ZERO,
            PulledBack::Some if !act.pulled_back.is_empty() => {
                bet.saturating_sub(act.pulled_back.iter().copied().sum())
            }
            PulledBack::Some => {
                let smallest = act.previous_chips.iter().copied().min().unwrap_or(bet);
                bet.saturating_sub(smallest)
            }
        };
        kept + held
    }

    pub(crate) fn facing(&self, player: Player) -> Option<Facing> {
        let legal = self.hand.legal_actions_for(player)?;
        let me = self.hand.player(player);
        let bets: Chips = self.hand.players().iter().map(|p| p.bet).sum();
        let round_bets = self.hand.round_bets();
        let preflop = self.hand.street() == engine::Street::Preflop;
        Some(Facing {
            level: self.hand.bet_to_call(),
            bet: me.bet,
            stack: me.stack,
            raise: legal.bet_or_raise,
            min_bet: self.setup.min_bet,
            pot: self.hand.pot() + bets,
            structure: self.hand.variant().structure,
            live: self.hand.players().iter().filter(|p| p.is_live()).count(),
            opening_bet_only: if preflop {
                round_bets == 0
            } else {
                round_bets == 1
            },
            acted: me.has_acted(),
            short_raise: self.short_raise_this_round(),
        })
    }

    /// The events of the current betting round.
    pub(crate) fn round_events(&self) -> &[Event] {
        let events = self.hand.events();
        let start = events
            .iter()
            .rposition(|e| {
                matches!(
                    e,
                    Event::BetsCollected { .. }
                        | Event::BoardDealt { .. }
                        | Event::BoardDealtUnknown { .. }
                )
            })
            .map_or(0, |i| i + 1);
        &events[start..]
    }

    /// Whether a bet or raise in the current round was not a full one.
    fn short_raise_this_round(&self) -> bool {
        self.round_events()
            .iter()
            .any(|e| matches!(e, Event::BetOrRaised { full: false, .. }))
    }

    /// The hand with the streets due laid unknown: what the next player to act will face.
    pub fn laid_ahead(&self) -> Hand {
        let mut hand = self.hand.clone();
        while hand.board_due() {
            if hand.apply(Op::DealBoardUnknown).is_err() {
                break;
            }
        }
        hand
    }

    /// Who acts next: the player in turn, or when a round is complete the first to act once the
    /// next street is laid; `None` when no more betting is due.
    pub fn next_to_act(&self) -> Option<Player> {
        self.hand.actor().or_else(|| self.laid_ahead().actor())
    }

    /// Rules on one act and applies what it comes to.
    pub fn act(&mut self, act: &Act) -> Result<Ruling, FloorError> {
        self.check_act(act)?;
        self.lay_board();
        let p = act.player;
        let mut r = Ruling::new(p, self.hand.actor() == Some(p));
        if self.settled.is_some() || self.hand.is_over() {
            r.because(rule!("TDA-2"), "the hand is over", "die Hand ist vorbei");
            r.returned = act.pushed();
            return Ok(r);
        }
        let second_motion = self.last_in_turn == Some(p)
            && self.hand.actor() != Some(p)
            && act.say.trim().is_empty()
            && !act.chips.is_empty();
        if second_motion {
            self.second_motion(act, &mut r);
        } else if !self.hand.player(p).can_bet() {
            r.because(
                rule!("TDA-2"),
                "the player has no live hand with chips to bet: the chips go back",
                "der Spieler ist nicht mehr mit Chips in der Hand: die Chips gehen zurück",
            );
            r.returned = act.pushed();
        } else if self.hand.actor() == Some(p) {
            let opens = self.hand.street() == engine::Street::Preflop
                && self.situation().actions_taken == 0;
            self.in_turn(act, &mut r);
            if act.blind {
                self.blind_note(p, opens, &mut r);
            }
        } else if self.hand.actor().is_some() {
            self.out_of_turn(act, &mut r);
        } else {
            r.because(
                rule!("TDA-50A"),
                "no betting round is open: the chips go back",
                "keine Setzrunde offen: die Chips gehen zurück",
            );
            r.returned = act.pushed();
        }
        r.next = self.next_to_act();
        Ok(r)
    }

    /// An act made blind under the dealer's guide: the dealer accepts it (DG-15a.5); the first
    /// act of the hand made blind is announced as the UTG blind, no straddle, so the big blind
    /// keeps the last option (DG-9). The other rulebooks say nothing of it: a blind act is an act.
    fn blind_note(&self, p: Player, opens: bool, r: &mut Ruling) {
        if self.profile != Profile::Dg || r.actions.is_empty() {
            return;
        }
        r.because(
            rule!("DG-15a.5"),
            "a bet, raise or re-raise made blind stands: the dealer accepts it",
            "eine Blind-Bet, ein Blind-Raise oder Blind-Reraise gilt: der Dealer akzeptiert sie",
        );
        if opens {
            let put = self.hand.player(p).bet;
            r.because(
                rule!("DG-9"),
                say![
                    "announce \"",
                    put,
                    " UTG blind!\"; no straddle: the big blind keeps the last option"
                ],
                say![
                    "ansagen \"",
                    put,
                    " UTG Blind!\"; kein Straddle: der Big Blind behält die letzte Option"
                ],
            );
        }
    }

    fn in_turn(&mut self, act: &Act, r: &mut Ruling) {
        let p = act.player;
        let Some(facing) = self.facing(p) else {
            return;
        };
        let mut act = act.clone();
        let pending = self.pending_raise.filter(|pr| pr.player == p);
        if pending.is_some() && !act.say.trim().is_empty() {
            // Words after "raise": the raise said first binds, at the minimum (TDA-51A).
            self.resolve_pending_raise(r);
            r.returned += act.pushed();
            return;
        }
        if pending.is_some() {
            // The raise was said first; these chips carry it out.
            act.say = "raise".into();
            act.order = crate::Order::SayFirst;
        }
        let kept = self.kept(&act) + pending.map_or(Chips::ZERO, |pr| pr.chips);
        let judge = Judge {
            facing,
            profile: self.profile,
            act: &act,
            kept,
        };
        let decision: Decision = judge.decide(r);
        let in_front = kept + act.pushed();
        self.pending_raise = None;
        match decision.outcome {
            Outcome::Act(action) => {
                let action = self.restrict(p, action, r);
                let at = self.ops.len();
                self.apply_action(p, action, in_front, r);
                if let Some(full_to) = decision.short_pot {
                    self.short_pot = Some(ShortPot {
                        player: p,
                        op: at,
                        full_to,
                        events_at: self.hand.events().len(),
                    });
                }
            }
            Outcome::NoAction { passive_only } => {
                if passive_only {
                    self.passive[p.index()] = Some(rule!("TDA-55"));
                }
                r.returned += act.pushed();
            }
            Outcome::RaisePending => {
                self.pending_raise = Some(PendingRaise {
                    player: p,
                    chips: act.pushed() + pending.map_or(Chips::ZERO, |pr| pr.chips),
                });
            }
        }
        self.last_in_turn = Some(p);
        self.after_action(r);
    }

    /// A raise or bet by a player restricted to passive action becomes a call or check.
    pub(crate) fn restrict(&self, p: Player, action: Action, r: &mut Ruling) -> Action {
        match (self.passive[p.index()], action) {
            (Some(rule), Action::BetOrRaiseTo(_)) => {
                r.because(
                    rule,
                    "this player may only check, call or fold",
                    "dieser Spieler darf nur checken, callen oder folden",
                );
                if self.hand.bet_to_call() > self.hand.player(p).bet {
                    Action::Call
                } else {
                    Action::Check
                }
            }
            _ => action,
        }
    }

    /// Applies a ruled action; the chips in front beyond it go back as change, chips short of
    /// it are owed.
    pub(crate) fn apply_action(
        &mut self,
        p: Player,
        action: Action,
        in_front: Chips,
        r: &mut Ruling,
    ) {
        let me = *self.hand.player(p);
        let held = self.held[p.index()];
        let target = match action {
            Action::Fold => me.bet + held,
            Action::Check => me.bet,
            Action::Call => self.hand.bet_to_call().min(me.bet + me.stack),
            Action::BetOrRaiseTo(to) => to,
            Action::BringIn => me.bet + me.stack.min(self.hand.bring_in()),
        };
        if let Err(e) = self.apply(Op::Act(p, action)) {
            let refused = Line::refusal(&e);
            r.because(
                e.rule().unwrap_or(rule!("TDA-1")),
                say!["the engine refused ", action.to_string(), ": "].and(refused.clone()),
                say!["nicht zulässig: "].and(refused),
            );
            r.returned += in_front.saturating_sub(me.bet + held);
            return;
        }
        r.actions.push((p, action));
        self.held[p.index()] = Chips::ZERO;
        if action == Action::Fold
            && !held.is_zero()
            && self
                .apply(Op::DeadMoney {
                    player: p,
                    amount: held,
                })
                .is_ok()
        {
            r.because(
                if self.profile == Profile::Dg {
                    rule!("DG-15.11")
                } else {
                    rule!("HC-3.4.2")
                },
                say![
                    "the ",
                    held,
                    " put in out of turn stay in the pot as dead money"
                ],
                say![
                    "die außer der Reihe gesetzten ",
                    held,
                    " bleiben als Dead Money im Pot"
                ],
            );
        }
        if in_front > target {
            r.returned += in_front - target;
        } else {
            let owed = target - in_front;
            r.owed += owed;
            self.owed[p.index()] = owed;
        }
    }

    /// A second motion of chips by the player who just acted: it pays what is owed, else it is
    /// a string bet and goes back (TDA-42, 56).
    fn second_motion(&mut self, act: &Act, r: &mut Ruling) {
        let p = act.player;
        let owed = self.owed[p.index()];
        let pushed = act.pushed();
        if !owed.is_zero() {
            let paid = pushed.min(owed);
            self.owed[p.index()] = owed - paid;
            r.returned += pushed - paid;
            r.owed = owed - paid;
            r.because(
                rule!("TDA-51A"),
                say![paid, " completes the action ruled"],
                say![paid, " vervollständigen die entschiedene Aktion"],
            );
            return;
        }
        let (rule, en, de) = match self.profile {
            Profile::Dg => (
                rule!("DG-15.5"),
                "a bet brought in pieces without a declaration is a string bet: only the first motion counts",
                "ein Einsatz „in Häppchen“ ohne Ansage ist eine String-Bet: nur der erste Zug zählt",
            ),
            Profile::Jpr => (
                rule!("JPR-6.0"),
                "only the chips of the first motion count: a string bet",
                "es zählen nur die Chips des ersten Zuges: String-Bet",
            ),
            Profile::Wwpla => (
                rule!("WWPLA-6"),
                "string bets are not allowed: only the first motion counts",
                "String-Bets sind nicht gestattet: nur der erste Zug zählt",
            ),
            Profile::Hc => (
                rule!("HC-3.4.1"),
                "chips go in one motion unless the amount was declared: a string bet",
                "Chips werden in einem Zug gesetzt, außer der Betrag wurde angesagt: String-Bet",
            ),
            Profile::Tda => (
                rule!("TDA-56"),
                "a second motion without a declaration is a string bet: only the first motion counts",
                "ein zweiter Zug ohne Ansage ist eine String-Bet: nur der erste Zug zählt",
            ),
        };
        r.because(rule, en, de);
        if self.profile == Profile::Tda {
            r.because(
                rule!("TDA-42"),
                "a raise is made in one motion or by declaring the full amount first",
                "ein Raise erfolgt in einer Bewegung oder durch vorherige Ansage des vollen Betrags",
            );
        }
        r.returned += pushed;
    }

    /// A raise said without an amount, and the player says something else before any chips:
    /// the raise said first binds, at the minimum (TDA-51A).
    fn resolve_pending_raise(&mut self, r: &mut Ruling) {
        let Some(pending) = self.pending_raise.take() else {
            return;
        };
        let p = pending.player;
        let Some(range) = self.facing(p).and_then(|f| f.raise) else {
            return;
        };
        r.because(
            rule!("TDA-51A"),
            say![
                p,
                "'s raise without an amount stands as the minimum raise to ",
                range.min_to
            ],
            say![
                "der Raise von ",
                p,
                " ohne Betrag gilt als Minimum-Raise auf ",
                range.min_to
            ],
        );
        let in_front = self.hand.player(p).bet + pending.chips;
        if self.hand.actor() == Some(p) {
            self.apply_action(p, Action::BetOrRaiseTo(range.min_to), in_front, r);
            self.after_action(r);
        }
    }

    /// After an action: out-of-turn acts the action has reached are settled; a new betting
    /// turn clears the skipped player's count.
    pub(crate) fn after_action(&mut self, r: &mut Ruling) {
        self.settle_reached_oot(r);
        if self.hand.actor().is_none() {
            for o in std::mem::take(&mut self.oot) {
                r.returned += o.chips;
            }
            self.skipped = None;
            self.last_in_turn = None;
        }
    }

    /// An error is noticed now: a short pot-limit bet is corrected unless substantial action
    /// has followed it (TDA-52B).
    pub fn notice(&mut self) -> Ruling {
        let mut r = Ruling::new(Player(0), true);
        let Some(short) = self.short_pot.take() else {
            r.because(
                rule!("TDA-52B"),
                "no bet is open to correction",
                "kein Einsatz ist zu korrigieren",
            );
            return r;
        };
        r.player = short.player;
        let since = &self.hand.events()[short.events_at.min(self.hand.events().len())..];
        if substantial(since) {
            r.because(
                rule!("TDA-52B"),
                "substantial action has followed the short bet: it stands",
                "nach dem zu niedrigen Einsatz gab es wesentliche Aktionen: er bleibt bestehen",
            );
            r.because(
                rule!("TDA-36"),
                "two actions with chips, or three actions, are substantial action",
                "zwei Aktionen mit Chips oder drei Aktionen sind wesentliche Aktionen",
            );
            return r;
        }
        let mut ops = self.ops.clone();
        let made = match ops.get(short.op) {
            Some(Op::Act(_, Action::BetOrRaiseTo(to))) => *to,
            _ => return r,
        };
        ops[short.op] = Op::Act(short.player, Action::BetOrRaiseTo(short.full_to));
        match self.replayed(&ops) {
            Some(hand) => {
                self.hand = hand;
                self.ops = ops;
                r.owed = short.full_to - made;
                r.actions
                    .push((short.player, Action::BetOrRaiseTo(short.full_to)));
                r.because(
                    rule!("TDA-52B"),
                    say!["no substantial action yet: the bet is corrected to the pot, ", short.full_to, "; ", r.owed, " more to put in"],
                    say!["noch keine wesentlichen Aktionen: der Einsatz wird auf den Pot korrigiert, ", short.full_to, "; ", r.owed, " nachzulegen"],
                );
            }
            None => r.because(
                rule!("TDA-52B"),
                "the bet cannot be corrected any more: it stands",
                "der Einsatz kann nicht mehr korrigiert werden: er bleibt bestehen",
            ),
        }
        r.next = self.next_to_act();
        r
    }

    fn replayed(&self, ops: &[Op]) -> Option<Hand> {
        let mut hand = Hand::new(self.setup.clone()).ok()?;
        for op in ops {
            hand.apply(op.clone()).ok()?;
        }
        Some(hand)
    }
}

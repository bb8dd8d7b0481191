//! Irregularities on a hand in play: the procedure for the dealer to follow, and its outcome
//! carried out on the hand.

use crate::held::{action_with_chips, substantial};
use crate::procedure::{self, Irregularity, Outcome, Procedure, Situation};
use crate::table::FloorHand;
use engine::rule;
use engine::{Action, Chips, Event, Op, Player, Rule, Status, Step};

impl FloorHand {
    /// What a procedure needs to know of the hand now.
    pub fn situation(&self) -> Situation {
        let events = self.hand.events();
        let actions = |events: &[Event]| events.iter().filter_map(action_with_chips).count();
        Situation {
            street: self.hand.street(),
            substantial_action: substantial(events),
            actions_taken: actions(events),
            round_actions: actions(self.round_events()),
            live_players: self.hand.players().iter().filter(|p| p.is_live()).count(),
            bets_made: events.iter().any(|e| action_with_chips(e) == Some(true)),
            can_bet: self.hand.players().iter().filter(|p| p.can_bet()).count(),
            stub: self.stub(),
        }
    }

    /// Cards left in the stub: 52 less the hole cards dealt, the burns and the board, the three
    /// earlier burns back in after a seventh-street reshuffle (TDA-RP-10H).
    fn stub(&self) -> usize {
        let events = self.hand.events();
        let holes: usize = self.hand.players().iter().map(|p| p.hole.len()).sum();
        let burned = events
            .iter()
            .filter(|e| matches!(e, Event::Burned { .. }))
            .count();
        let reshuffles = events
            .iter()
            .filter(|e| matches!(e, Event::StubReshuffled { .. }))
            .count();
        let burns = burned.saturating_sub(3 * reshuffles);
        52usize.saturating_sub(holes + burns + self.hand.board_slots().len())
    }

    /// What the dealer is reminded of now, by where the hand stands.
    pub fn reminders(&self) -> Vec<procedure::ProcedureStep> {
        use crate::reminders::{Moment, reminders};
        let moment = match self.hand.step() {
            Step::Act(_) | Step::CollectBets => Moment::Betting,
            Step::DealBoard { .. } => Moment::Board,
            Step::ShowOrMuck(_) | Step::AwardPot(_) | Step::PushChips => Moment::Showdown {
                split: self.hand.variant().game.has_low(),
            },
            Step::PostAnte(_) | Step::PostBlind(_) | Step::DealHole(_) | Step::Done => {
                Moment::BeforeDeal
            }
        };
        reminders(self.profile, moment)
    }

    /// The procedure for an irregularity under the profile, its outcome carried out.
    pub fn irregularity(&mut self, irregularity: &Irregularity) -> Procedure {
        let procedure = procedure::procedure(self.profile, irregularity, &self.situation());
        let rule = procedure.steps.last().map_or(rule!("TDA-1"), |s| s.rule);
        if let Irregularity::AbsentAtDeal {
            player,
            bring_in_card: true,
            ..
        } = *irregularity
        {
            self.post_bring_in(player);
        }
        self.carry_out(&procedure.outcome, rule);
        procedure
    }

    /// TDA-30, TDA-71C: an absent or penalized player dealt the bring-in card posts it before
    /// the hand is killed; not when the engine knows the bring-in is another's.
    fn post_bring_in(&mut self, p: Player) {
        let op = Op::Act(p, Action::BringIn);
        if self.hand.check(&op).is_ok() {
            let _ = self.apply(op);
        }
    }

    fn carry_out(&mut self, outcome: &Outcome, rule: Rule) {
        match *outcome {
            Outcome::Continue
            | Outcome::TdDecides { .. }
            | Outcome::MissHands { .. }
            | Outcome::SitOut { .. } => {}
            Outcome::Redeal => self.redeal(),
            Outcome::VoidRefund { forfeit } => self.void(forfeit),
            Outcome::SplitAmongLive => self.split_among_live(),
            Outcome::KillHand(p) | Outcome::KillHandReturnUncalled(p) | Outcome::Disqualify(p) => {
                let _ = self.apply(Op::KillHand { player: p, rule });
            }
            Outcome::Check(p) => {
                if self.hand.actor() == Some(p) {
                    let _ = self.apply(Op::Act(p, Action::Check));
                }
            }
            Outcome::PassiveOnly(p) => {
                if let Some(slot) = self.passive.get_mut(p.index()) {
                    *slot = Some(rule);
                }
            }
        }
    }

    /// TDA-35C: the hand is dealt again as an exact repeat.
    fn redeal(&mut self) {
        if let Ok(fresh) = FloorHand::new(self.profile, self.setup.clone(), &self.denominations) {
            *self = fresh;
        }
    }

    /// The hand is void: every chip goes back to who put it in (TDA-35E, WWPLA-5, HC-3.3); a
    /// player who knew of the defect and played on forfeits what they put in, carried to the
    /// next hand (HC-3.3).
    fn void(&mut self, forfeit: Option<Player>) {
        let mut stacks: Vec<Chips> = self
            .hand
            .players()
            .iter()
            .map(|p| p.starting_stack)
            .collect();
        let mut carried = Chips::ZERO;
        if let Some(p) = forfeit
            && let Some(me) = self.hand.players().get(p.index())
        {
            stacks[p.index()] = me.stack;
            carried = me.committed;
        }
        self.settled = Some(stacks);
        self.carried = carried;
    }

    /// DG-30.2: bets in front go back, and the pot is shared equally by the players still in,
    /// in the smallest chips; the odd ones go from the button's left (TDA-20A).
    fn split_among_live(&mut self) {
        let players = self.hand.players();
        let live: Vec<usize> = (0..players.len())
            .filter(|&i| players[i].status == Status::Live)
            .collect();
        let mut stacks: Vec<Chips> = players.iter().map(|p| p.stack + p.bet).collect();
        let pot = self.hand.pot();
        if live.is_empty() {
            return;
        }
        let unit = self
            .denominations
            .iter()
            .copied()
            .min()
            .unwrap_or(Chips(1))
            .0
            .max(1);
        let k = live.len() as u64;
        let (chips, rest) = (pot.0 / unit, pot.0 % unit);
        for (n, &i) in live.iter().enumerate() {
            let odd = if (n as u64) < chips % k { unit } else { 0 };
            let first = if n == 0 { rest } else { 0 };
            stacks[i] += Chips(chips / k * unit + odd + first);
        }
        self.settled = Some(stacks);
    }
}

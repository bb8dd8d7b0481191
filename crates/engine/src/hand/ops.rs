//! An operation is judged whole before the hand is touched (as shakmaty's `is_legal` before
//! `play_unchecked`): `plan` reads the hand and returns the refusal or a plan of what to do,
//! `carry_out` does it and cannot fail. So a refusal leaves the hand as it was by
//! construction, and `check` is the same judgement without the doing.

use super::betting::ActPlan;
use super::showdown::ShowPlan;
use super::{Hand, Phase};
use crate::chips::{Chips, Player};
use crate::error::HandError;
use crate::hole::Hole;
use crate::rule::Rule;
use crate::step::{Op, Step};
use crate::variant::Street;
use cards::Card;

/// What an accepted operation does, worked out while judging it.
pub(super) enum Plan<'op> {
    /// The forced bet at the cursor.
    Post,
    /// Hole cards with their faces settled (stud).
    DealHole {
        player: Player,
        cards: Hole,
    },
    Burn(Option<Card>),
    DealBoard(&'op [Card]),
    DealBoardUnknown,
    Act {
        player: Player,
        /// Up cards not entered: the player acting is taken as the round's opener.
        opens: bool,
        act: ActPlan,
    },
    CollectBets,
    /// A hand tabled; at showdown the cursor then moves on (TDA-17A).
    Show {
        show: ShowPlan,
        at_showdown: bool,
    },
    Muck(Player),
    AwardPot {
        pot: usize,
        named: u16,
    },
    KillHand {
        player: Player,
        rule: Rule,
    },
    DeadMoney {
        player: Player,
        amount: Chips,
    },
    PushChips,
}

impl Hand {
    /// Applies one operation, then every automated step after it. On refusal nothing changes.
    pub fn apply(&mut self, op: Op) -> Result<(), HandError> {
        let plan = self.plan(&op)?;
        self.carry_out(plan);
        self.advance();
        Ok(())
    }

    /// Whether `apply` would accept `op`, with the refusal it would give, without applying it:
    /// the same judgement, so `check(op)` and `apply(op)` agree on every hand and operation.
    pub fn check(&self, op: &Op) -> Result<(), HandError> {
        self.plan(op).map(drop)
    }

    /// Judges `op` against the hand as it stands.
    fn plan<'op>(&self, op: &'op Op) -> Result<Plan<'op>, HandError> {
        // The step waited for, named in a refusal; worked out only then.
        let out_of_step = |rule| HandError::OutOfStep {
            expected: self.step(),
            got: op.name(),
            rule,
        };
        Ok(match (self.phase, op) {
            (Phase::Done, _) => return Err(HandError::HandOver),
            (Phase::Posting, Op::PostAnte(p) | Op::PostBlind(p)) => {
                let asked = match op {
                    Op::PostAnte(_) => Step::PostAnte(*p),
                    _ => Step::PostBlind(*p),
                };
                if asked != self.step() {
                    return Err(out_of_step(rule!("TDA-RP-11")));
                }
                Plan::Post
            }
            (Phase::DealingHole, Op::DealHole { player, cards })
                if self.tabling_due().is_none() =>
            {
                Plan::DealHole {
                    player: *player,
                    cards: self.plan_hole_cards(*player, *cards)?,
                }
            }
            (Phase::DealingBoard, Op::Burn(card)) => {
                self.plan_burn(*card)?;
                Plan::Burn(*card)
            }
            (Phase::DealingHole, Op::Burn(card)) if self.street != Street::Third => {
                self.plan_burn(*card)?;
                Plan::Burn(*card)
            }
            (Phase::DealingBoard, Op::DealBoard(cards)) => {
                self.plan_board_cards(cards)?;
                Plan::DealBoard(cards)
            }
            (Phase::DealingBoard, Op::DealBoardUnknown) => Plan::DealBoardUnknown,
            (Phase::DealingHole, Op::DealBoard(cards)) if self.street == Street::Seventh => {
                if !self.seventh_needs_community_card() {
                    return Err(HandError::NoCommunityCard);
                }
                self.plan_board_cards(cards)?;
                Plan::DealBoard(cards)
            }
            (Phase::DealingHole, Op::DealBoardUnknown) if self.street == Street::Seventh => {
                if !self.seventh_needs_community_card() {
                    return Err(HandError::NoCommunityCard);
                }
                Plan::DealBoardUnknown
            }
            (Phase::Showdown | Phase::Pushing, Op::AwardPot { pot, winners }) => Plan::AwardPot {
                pot: *pot,
                named: self.plan_award(*pot, winners)?,
            },
            (
                Phase::Betting | Phase::Collecting | Phase::DealingBoard | Phase::Showdown,
                Op::KillHand { player, rule },
            ) => {
                self.plan_kill(*player)?;
                Plan::KillHand {
                    player: *player,
                    rule: *rule,
                }
            }
            (Phase::Betting, Op::DeadMoney { player, amount }) => {
                self.plan_dead_money(*player, *amount)?;
                Plan::DeadMoney {
                    player: *player,
                    amount: *amount,
                }
            }
            (Phase::DealingBoard | Phase::DealingHole, Op::Show { player, cards })
                if self.all_in_runout =>
            {
                Plan::Show {
                    show: self.plan_show(*player, *cards)?,
                    at_showdown: false,
                }
            }
            (Phase::Betting, Op::Act(player, action)) => {
                let (opens, act) = self.plan_act(*player, *action)?;
                Plan::Act {
                    player: *player,
                    opens,
                    act,
                }
            }
            (Phase::Collecting, Op::CollectBets) => Plan::CollectBets,
            // A hand shown or mucked out of turn leaves the player asked still to decide
            // (TDA-17A): the cursor moves only past hands that are shown or out.
            (Phase::Showdown, Op::Show { player, cards }) => {
                self.check_showdown_turn(*player)?;
                Plan::Show {
                    show: self.plan_show(*player, *cards)?,
                    at_showdown: true,
                }
            }
            (Phase::Showdown, Op::Muck(player)) => {
                self.check_showdown_turn(*player)?;
                self.plan_muck(*player)?;
                Plan::Muck(*player)
            }
            (Phase::Pushing, Op::PushChips) if self.pot_to_name().is_none() => Plan::PushChips,
            (_, Op::Muck(p)) if self.all_in_runout => {
                return Err(HandError::MustShow { player: *p });
            }
            _ => {
                return Err(out_of_step(match self.step() {
                    Step::PostAnte(_) | Step::PostBlind(_) => rule!("TDA-RP-11"),
                    Step::DealHole(_) | Step::DealBoard { .. } => rule!("HC-1.12"),
                    Step::Act(_) => rule!("TDA-50A"),
                    Step::CollectBets => rule!("HC-1.13.2"),
                    Step::ShowOrMuck(_) => rule!("TDA-17A"),
                    Step::AwardPot(_) | Step::PushChips | Step::Done => rule!("HC-1.13.1"),
                }));
            }
        })
    }

    /// Does what `plan` accepted.
    fn carry_out(&mut self, plan: Plan<'_>) {
        match plan {
            Plan::Post => self.post_next(),
            Plan::DealHole { player, cards } => self.deal_hole_cards(player, cards),
            Plan::Burn(card) => self.burn(card),
            Plan::DealBoard(cards) => self.deal_board_cards(cards),
            Plan::DealBoardUnknown => self.deal_unknown_board(),
            Plan::Act { player, opens, act } => {
                if opens {
                    self.actor = Some(player);
                    self.round_opener = player;
                }
                self.act(player, act);
            }
            Plan::CollectBets => self.collect_bets(),
            Plan::Show { show, at_showdown } => {
                self.show(show);
                if at_showdown {
                    self.after_showdown_step();
                }
            }
            Plan::Muck(player) => {
                self.muck(player);
                self.after_showdown_step();
            }
            Plan::AwardPot { pot, named } => {
                self.named_winners[pot] = named;
                // The dealer has judged the showdown.
                self.phase = Phase::Pushing;
            }
            Plan::KillHand { player, rule } => self.kill_hand(player, rule),
            Plan::DeadMoney { player, amount } => self.dead_money(player, amount),
            Plan::PushChips => self.push_chips(),
        }
    }
}

//! Live tables run from a dealer's tablet: the TD opens one, the dealer enters what happens and
//! the floor (`floor::FloorHand`) rules on it; `engine::Table` moves the button and blinds from
//! hand to hand. Every change is a `FloorCommand` in the log, so a restart replays each table
//! exactly. A refused command changes nothing.

pub(crate) mod link;

pub mod task;
mod views;
mod wire;

pub use link::{Followed, Link};

use crate::refusal::Refusal;
use axum::http::StatusCode;
use engine::{Blinds, Chips, HandSetup, Op, Player, PlayerId, Positions, Seat, Table};
use floor::procedure::Outcome;
use floor::{FloorHand, Profile};
use protocol::{FloorCommand, LiveTableId, OpenTable, ProcedureView, RulingView};

/// The most seats a live table has.
const MAX_SEATS: usize = engine::MAX_PLAYERS;
/// The most chips at a live table: far below what the engine's sums hold.
const MAX_CHIPS: u64 = 1_000_000_000_000;

#[derive(Clone, Debug)]
pub struct DealerTable {
    pub id: LiveTableId,
    profile: Profile,
    variant: engine::Variant,
    blinds: Blinds,
    denominations: Vec<Chips>,
    /// Names by seat (0-based).
    names: Vec<String>,
    table: Table,
    /// The hand number, from 1.
    hand: u64,
    positions: Positions,
    /// The hand's setup: where the blinds were when the floor settled the hand itself.
    setup: HandSetup,
    floor: FloorHand,
    /// This hand's rulings, oldest first.
    rulings: Vec<RulingView>,
    procedure: Option<ProcedureView>,
    /// A live event's table this one follows (issue 17): its hand ends are reported there.
    link: Option<Link>,
}

impl DealerTable {
    /// A new table from the command that opens it: by the TD, or following an event's table.
    pub fn new_from(id: LiveTableId, command: &FloorCommand) -> Result<DealerTable, Refusal> {
        match command {
            FloorCommand::Open(request) => DealerTable::open(id, request),
            FloorCommand::Track {
                event,
                event_table,
                deal,
            } => DealerTable::track(id, *event, event_table.0, deal),
            FloorCommand::TrackCash { cash_table, deal } => {
                DealerTable::track_cash(id, cash_table.0, deal)
            }
            _ => Err(Refusal::internal("not a new live table")),
        }
    }

    /// Opens a table and deals its first hand.
    pub fn open(id: LiveTableId, request: &OpenTable) -> Result<DealerTable, Refusal> {
        let bad =
            |message: String| Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_table", message);
        let profile: Profile = request.profile.parse().map_err(|e| bad(format!("{e}")))?;
        let variant = wire::variant(&request.variant).ok_or_else(|| {
            bad(format!(
                "unknown variant {:?} (known: NT, PT, NO, PO)",
                request.variant
            ))
        })?;
        let seats = request.names.len();
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(bad(format!(
                "a live table has 2 to {MAX_SEATS} players, not {seats}"
            )));
        }
        if request.stacks.len() != seats {
            return Err(bad(format!(
                "{} stacks for {seats} names",
                request.stacks.len()
            )));
        }
        if let Some(name) = request
            .names
            .iter()
            .find(|n| n.trim().is_empty() || n.chars().count() > 40)
        {
            return Err(bad(format!("{name:?}: a name is 1 to 40 characters")));
        }
        let total = request
            .stacks
            .iter()
            .try_fold(0u64, |sum, &s| sum.checked_add(s));
        if total.is_none_or(|t| t > MAX_CHIPS) {
            return Err(bad(format!(
                "the stacks add up to more than {MAX_CHIPS} chips"
            )));
        }
        if request.big_blind == 0 || request.small_blind > request.big_blind {
            return Err(bad(
                "the big blind must be positive and at least the small blind".into(),
            ));
        }
        if request.denominations.is_empty() || request.denominations.contains(&0) {
            return Err(bad("give the chip values in play, each above 0".into()));
        }
        let mut table =
            Table::new(seats, variant, profile.ruleset(), true).map_err(|e| bad(e.to_string()))?;
        for (i, &stack) in request.stacks.iter().enumerate() {
            table
                .sit(Seat(i as u8), PlayerId(i as u32), Chips(stack))
                .map_err(|e| bad(format!("seat {}: {e}", i + 1)))?;
        }
        let button = request.button.unwrap_or(seats as u8);
        if button == 0 || usize::from(button) > seats {
            return Err(bad(format!("there is no seat {button} for the button")));
        }
        table
            .set_first_button(Seat(button - 1))
            .map_err(|e| bad(e.to_string()))?;
        let mut denominations: Vec<Chips> =
            request.denominations.iter().map(|&c| Chips(c)).collect();
        denominations.sort();
        denominations.dedup();
        let blinds = Blinds {
            small_blind: Chips(request.small_blind),
            big_blind: Chips(request.big_blind),
            ante: Chips(request.ante),
            big_blind_ante: Chips(request.big_blind_ante),
        };
        let (positions, setup, floor) = deal(&table, profile, blinds, &denominations)?;
        Ok(DealerTable {
            id,
            profile,
            variant,
            blinds,
            denominations,
            names: request.names.iter().map(|n| n.trim().to_string()).collect(),
            table,
            hand: 1,
            positions,
            setup,
            floor,
            rulings: Vec::new(),
            procedure: None,
            link: None,
        })
    }

    /// Applies one command for this table; on refusal nothing changes.
    pub fn apply(&mut self, command: &FloorCommand) -> Result<(), Refusal> {
        if let FloorCommand::Seed { hand, deal, .. } = command {
            return self.seed(*hand, deal);
        }
        if let Some(link) = self.link.as_ref().filter(|l| l.waiting) {
            let next = match link.source {
                Followed::Event { table, .. } => {
                    format!("when the director starts it at table {table}")
                }
                Followed::Cash { table } => format!(
                    "when two players at cash table {} can be dealt in",
                    table + 1
                ),
            };
            return Err(Refusal::conflict(
                "waiting",
                format!("this hand is over and reported; the next one comes {next}"),
            ));
        }
        let hand = match command {
            FloorCommand::Open(_)
            | FloorCommand::Track { .. }
            | FloorCommand::TrackCash { .. }
            | FloorCommand::Seed { .. } => {
                return Err(Refusal::internal("the table is open"));
            }
            FloorCommand::Act { hand, .. }
            | FloorCommand::Notice { hand, .. }
            | FloorCommand::Irregularity { hand, .. }
            | FloorCommand::Board { hand, .. }
            | FloorCommand::Show { hand, .. }
            | FloorCommand::Muck { hand, .. }
            | FloorCommand::Award { hand, .. }
            | FloorCommand::NextHand { hand, .. } => *hand,
        };
        if hand != self.hand {
            return Err(Refusal::conflict(
                "stale_hand",
                format!(
                    "this was entered for hand {hand}; the table plays hand {}",
                    self.hand
                ),
            ));
        }
        // The floor's hand may move on before an operation is refused (hole cards dealt
        // unknown): work on a copy and keep it only when accepted.
        let mut next = self.floor.clone();
        match command {
            FloorCommand::Act { act, .. } => {
                self.player(act.player)?;
                let ruling = next
                    .act(&wire::act(act))
                    .map_err(|e| wire::floor_error(&e))?;
                self.floor = next;
                let view = self.ruling_view("act", Some(act.clone()), &ruling);
                self.rulings.push(view);
            }
            FloorCommand::Notice { .. } => {
                let ruling = next.notice();
                self.floor = next;
                let view = self.ruling_view("notice", None, &ruling);
                self.rulings.push(view);
            }
            FloorCommand::Irregularity { irregularity, .. } => {
                // The floor carries the outcome out: a redeal starts the hand over (TDA-35C).
                let procedure = next.irregularity(irregularity);
                next.deal_unknown_holes();
                self.floor = next;
                if procedure.outcome == Outcome::Redeal {
                    self.rulings.clear();
                }
                let view = wire::procedure(irregularity, &procedure, |p| self.name(p));
                self.procedure = Some(view);
            }
            FloorCommand::Board { cards, .. } => {
                let op = match cards {
                    None => Op::DealBoardUnknown,
                    Some(cards) => Op::DealBoard(wire::cards(cards)?),
                };
                self.apply_op(next, op)?;
            }
            FloorCommand::Show { player, cards, .. } => {
                let p = self.player(*player)?;
                let hole = engine::Hole::known(&wire::cards(cards)?).ok_or_else(|| {
                    Refusal::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "bad_cards",
                        "a hand has at most four cards",
                    )
                })?;
                self.apply_op(
                    next,
                    Op::Show {
                        player: p,
                        cards: Some(hole),
                    },
                )?;
            }
            FloorCommand::Muck { player, .. } => {
                let p = self.player(*player)?;
                self.apply_op(next, Op::Muck(p))?;
            }
            FloorCommand::Award { pot, winners, .. } => {
                let winners = winners
                    .iter()
                    .map(|&w| self.player(w))
                    .collect::<Result<Vec<_>, _>>()?;
                self.apply_op(next, Op::AwardPot { pot: *pot, winners })?;
            }
            FloorCommand::NextHand { .. } if self.link.is_some() => self.hand_reported()?,
            FloorCommand::NextHand { .. } => self.next_hand()?,
            FloorCommand::Open(_)
            | FloorCommand::Track { .. }
            | FloorCommand::TrackCash { .. }
            | FloorCommand::Seed { .. } => {}
        }
        Ok(())
    }

    fn apply_op(&mut self, mut next: FloorHand, op: Op) -> Result<(), Refusal> {
        next.apply(op)
            .map_err(|e| Refusal::hand_named(&e, &|p| self.name(p)))?;
        self.floor = next;
        Ok(())
    }

    fn player(&self, player: u8) -> Result<Player, Refusal> {
        let players = self.floor.hand().players().len();
        if usize::from(player) < players {
            Ok(Player(player))
        } else {
            Err(Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "no_such_player",
                format!(
                    "there is no player {player} in this hand of {players} (players count from 0)"
                ),
            ))
        }
    }

    /// Refused while the hand still waits for something.
    fn check_over(&self) -> Result<(), Refusal> {
        if self.floor.is_over() {
            return Ok(());
        }
        Err(Refusal::conflict(
            "hand_not_over",
            format!(
                "the hand is not over: it waits for {}",
                self.floor.hand().step()
            ),
        ))
    }

    /// The hand is over: the stacks go back to the table and the button moves on.
    fn next_hand(&mut self) -> Result<(), Refusal> {
        self.check_over()?;
        let stacks = self.floor.final_stacks();
        let mut table = self.table.clone();
        // The stacks as the hand left them, however it ended (played out, void, split by the
        // floor): those without chips leave the table.
        table.finish_hand(&self.positions, &stacks);
        let (positions, setup, floor) =
            deal(&table, self.profile, self.blinds, &self.denominations)?;
        self.table = table;
        self.positions = positions;
        self.setup = setup;
        self.floor = floor;
        self.hand += 1;
        self.rulings.clear();
        self.procedure = None;
        Ok(())
    }

    fn name(&self, player: Player) -> String {
        self.positions
            .dealt
            .get(player.index())
            .and_then(|s| self.names.get(s.index()))
            .cloned()
            .unwrap_or_default()
    }
}

/// The next hand's positions, setup and floor, its hole cards dealt unknown.
fn deal(
    table: &Table,
    profile: Profile,
    blinds: Blinds,
    denominations: &[Chips],
) -> Result<(Positions, HandSetup, FloorHand), Refusal> {
    let (positions, setup) = table
        .next_hand(blinds, false, engine::Automations::LIVE_DEALER, None)
        .map_err(|e| Refusal::conflict("cannot_deal", e.to_string()))?;
    let floor = new_hand(profile, &setup, denominations)?;
    Ok((positions, setup, floor))
}

fn new_hand(
    profile: Profile,
    setup: &HandSetup,
    denominations: &[Chips],
) -> Result<FloorHand, Refusal> {
    let mut floor = FloorHand::new(profile, setup.clone(), denominations)
        .map_err(|e| Refusal::conflict("cannot_deal", e.to_string()))?;
    floor.deal_unknown_holes();
    Ok(floor)
}

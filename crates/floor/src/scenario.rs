//! Scenario files: "what happens if ..." as TOML (see `SCENARIOS.md`): the hand so far as PHH
//! fields, the acts in the order they happened, and optionally the ruling expected.

use crate::act::{Act, Order, PulledBack};
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::table::FloorHand;
use engine::{Action, Chips, Op, Player};
use hh::{ActionLine, Amount, PhhAction, PhhHand};
use serde::Deserialize;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ScenarioError {
    #[error("not a valid scenario: {0}")]
    Format(String),
    #[error("ruleset '{0}' and profile '{1}' differ: give one")]
    RulesetAndProfile(String, String),
    #[error(transparent)]
    Ruleset(engine::ProfileError),
    #[error("the hand so far: {0}")]
    Hand(String),
    #[error("act {index}: {message}")]
    Act { index: usize, message: String },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    ruleset: Option<String>,
    /// The same ids as director scenarios (`tda`, `wwpla`, `hc`, `dg`, `jpr`).
    profile: Option<String>,
    variant: String,
    #[serde(default)]
    antes: Vec<u64>,
    #[serde(default)]
    blinds_or_straddles: Vec<u64>,
    min_bet: Option<u64>,
    small_bet: Option<u64>,
    big_bet: Option<u64>,
    starting_stacks: Vec<u64>,
    #[serde(default)]
    actions: Vec<String>,
    #[serde(default)]
    denominations: Vec<u64>,
    #[serde(default)]
    act: Vec<ActFile>,
    expect: Option<Expect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActFile {
    player: usize,
    #[serde(default)]
    say: String,
    #[serde(default)]
    chips: Vec<u64>,
    #[serde(default)]
    previous_chips: Vec<u64>,
    #[serde(default)]
    previous_pulled_back: PulledBack,
    #[serde(default)]
    pulled_back: Vec<u64>,
    #[serde(default)]
    order: Order,
    told: Option<u64>,
    #[serde(default)]
    unclear: bool,
    #[serde(default)]
    blind: bool,
    #[serde(default)]
    notice: bool,
}

/// The ruling a scenario expects.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub actions: Option<Vec<String>>,
    pub next: Option<usize>,
    pub returned: Option<u64>,
    #[serde(default)]
    pub rules: Vec<String>,
    pub penalty: Option<bool>,
}

/// What a scenario came to.
#[derive(Debug)]
pub struct Report {
    pub profile: Profile,
    pub rulings: Vec<Ruling>,
    /// Player actions applied after the hand so far, as PHH actions.
    pub actions: Vec<String>,
    /// PHH index of the player who must act now, 0 for none: an act that closes the betting
    /// round leaves nobody to act until the next street is dealt or the showdown begins.
    pub next: usize,
    pub returned: Chips,
    pub penalty: bool,
    pub expect: Option<Expect>,
    /// What differs from the expected ruling; empty when it matches.
    pub mismatches: Vec<String>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// Every rule id cited, in order, each once.
    pub fn rules(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for rule in self.rulings.iter().flat_map(|r| r.rules()) {
            if !out.iter().any(|r| r == rule.id()) {
                out.push(rule.id().to_string());
            }
        }
        out
    }
}

fn amounts(v: &[u64]) -> Vec<Amount> {
    v.iter()
        .filter_map(|&c| Amount::from_chips(c, 0).ok())
        .collect()
}

fn phh_hand(file: &File) -> Result<PhhHand, ScenarioError> {
    let mut actions = Vec::new();
    for text in &file.actions {
        let action =
            PhhAction::parse(text).map_err(|e| ScenarioError::Hand(format!("'{text}': {e}")))?;
        actions.push(ActionLine::new(action));
    }
    let one = |v: Option<u64>| v.and_then(|c| Amount::from_chips(c, 0).ok());
    Ok(PhhHand {
        variant: file.variant.clone(),
        ante_trimming_status: None,
        antes: amounts(&file.antes),
        blinds_or_straddles: amounts(&file.blinds_or_straddles),
        bring_in: None,
        small_bet: one(file.small_bet),
        big_bet: one(file.big_bet),
        min_bet: one(file.min_bet),
        starting_stacks: amounts(&file.starting_stacks)
            .into_iter()
            .map(Some)
            .collect(),
        actions,
        players: None,
        finishing_stacks: None,
        winnings: None,
        extra: Vec::new(),
    })
}

fn phh_action(player: Player, action: Action) -> String {
    let p = player.index() + 1;
    match action {
        Action::Fold => format!("p{p} f"),
        Action::Check | Action::Call => format!("p{p} cc"),
        Action::BetOrRaiseTo(to) => format!("p{p} cbr {to}"),
        Action::BringIn => format!("p{p} pb"),
    }
}

/// Runs a scenario's text: the hand so far, then each act ruled in order.
pub fn run(text: &str) -> Result<Report, ScenarioError> {
    let file: File = toml::from_str(text).map_err(|e| ScenarioError::Format(e.to_string()))?;
    let parse = |id: &str| id.parse::<Profile>().map_err(ScenarioError::Ruleset);
    let profile = match (&file.ruleset, &file.profile) {
        (Some(r), Some(p)) => {
            let (ruleset, profile) = (parse(r)?, parse(p)?);
            if ruleset != profile {
                return Err(ScenarioError::RulesetAndProfile(r.clone(), p.clone()));
            }
            profile
        }
        (Some(id), None) | (None, Some(id)) => parse(id)?,
        (None, None) => Profile::Tda,
    };
    let phh = phh_hand(&file)?;
    let setup = hh::hand_setup(&phh, 0)
        .map_err(ScenarioError::Hand)?
        .ok_or_else(|| ScenarioError::Hand(format!("variant '{}' is not dealt", file.variant)))?;
    let denominations: Vec<Chips> = file.denominations.iter().map(|&c| Chips(c)).collect();
    let mut floor = FloorHand::new(profile, setup, &denominations)
        .map_err(|e| ScenarioError::Hand(e.to_string()))?;
    for line in &phh.actions {
        if line.action.player().is_some() && floor.hand().board_due() {
            floor.lay_board();
        }
        let op = hh::phh_op(floor.hand(), &line.action, 0)
            .map_err(|e| ScenarioError::Hand(format!("'{}': {e}", line.text)))?;
        floor
            .apply(op)
            .map_err(|e| ScenarioError::Hand(format!("'{}': {e}", line.text)))?;
    }
    let start = floor.ops().len();
    let mut rulings = Vec::new();
    for (i, a) in file.act.iter().enumerate() {
        let index = i + 1;
        if a.notice {
            rulings.push(floor.notice());
            continue;
        }
        if a.player == 0 {
            return Err(ScenarioError::Act {
                index,
                message: "player is a PHH index from 1 (0 only with notice = true)".into(),
            });
        }
        let chips = |v: &[u64]| v.iter().map(|&c| Chips(c)).collect::<Vec<_>>();
        let act = Act {
            player: Player((a.player - 1).min(255) as u8),
            say: a.say.clone(),
            chips: chips(&a.chips),
            previous_chips: chips(&a.previous_chips),
            previous_pulled_back: a.previous_pulled_back,
            pulled_back: chips(&a.pulled_back),
            order: a.order,
            told: a.told.map(Chips),
            unclear: a.unclear,
            blind: a.blind,
        };
        let ruling = floor.act(&act).map_err(|e| ScenarioError::Act {
            index,
            message: e.to_string(),
        })?;
        rulings.push(ruling);
    }
    let actions: Vec<String> = floor.ops()[start.min(floor.ops().len())..]
        .iter()
        .filter_map(|op| match op {
            Op::Act(p, a) => Some(phh_action(*p, *a)),
            _ => None,
        })
        .collect();
    let mut report = Report {
        profile,
        next: floor.hand().actor().map_or(0, |p| p.index() + 1),
        returned: rulings.iter().map(|r| r.returned).sum(),
        penalty: rulings.iter().any(|r| r.penalty.is_some()),
        rulings,
        actions,
        expect: file.expect,
        mismatches: Vec::new(),
    };
    report.mismatches = mismatches(&report);
    Ok(report)
}

fn mismatches(report: &Report) -> Vec<String> {
    let Some(expect) = &report.expect else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(actions) = &expect.actions
        && *actions != report.actions
    {
        out.push(format!(
            "actions: expected {actions:?}, got {:?}",
            report.actions
        ));
    }
    if let Some(next) = expect.next
        && next != report.next
    {
        out.push(format!("next: expected p{next}, got p{}", report.next));
    }
    if let Some(returned) = expect.returned
        && Chips(returned) != report.returned
    {
        out.push(format!(
            "returned: expected {returned}, got {}",
            report.returned
        ));
    }
    let cited = report.rules();
    for rule in &expect.rules {
        if !cited.iter().any(|c| c.starts_with(rule.as_str())) {
            out.push(format!(
                "rule {rule} not cited (cited: {})",
                cited.join(", ")
            ));
        }
    }
    if let Some(penalty) = expect.penalty
        && penalty != report.penalty
    {
        out.push(format!(
            "penalty: expected {penalty}, got {}",
            report.penalty
        ));
    }
    out
}

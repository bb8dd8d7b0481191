//! PHH hands: the typed fields a replay needs, and every other field kept in order.

mod action;
mod document;
mod fields;
mod write;

pub use action::{ActionLine, PhhAction};
pub use write::to_phhs;

use crate::{Amount, PhhError, Value, common_scale};
use document::SyntaxAt;
use std::path::Path;

/// One hand as a PHH file records it. Amounts are exact as written; per-player lists
/// are in player order (player 1 first: the small blind, the last player the button).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhHand {
    /// The game code: `NT`, `FT`, `PO`, `FO/8`, `F7S`, `F7S/8`, `FR`, `N2L1D`, `F2L3D`,
    /// `NS`, `FB`.
    pub variant: String,
    pub ante_trimming_status: Option<bool>,
    /// Empty when the file has none.
    pub antes: Vec<Amount>,
    /// Empty when the file has none (stud games).
    pub blinds_or_straddles: Vec<Amount>,
    pub bring_in: Option<Amount>,
    pub small_bet: Option<Amount>,
    pub big_bet: Option<Amount>,
    pub min_bet: Option<Amount>,
    /// `None` is `inf`: a stack nobody recorded.
    pub starting_stacks: Vec<Option<Amount>>,
    pub actions: Vec<ActionLine>,
    pub players: Option<Vec<String>>,
    /// Kept exact: a split pot's odd chip shows up here as `.5`.
    pub finishing_stacks: Option<Vec<Amount>>,
    pub winnings: Option<Vec<Amount>>,
    /// Every other field (event, venue, dates, seats, `_` fields, ...) in file order.
    /// Must not repeat a typed field's key.
    pub extra: Vec<(String, Value)>,
}

/// Whether a file holds one hand (`.phh`) or many as tables `[1]`, `[2]`, ... (`.phhs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhhKind {
    Hand,
    Hands,
}

impl PhhKind {
    /// By extension: `.phh` or `.phhs`; anything else is `None`.
    pub fn from_path(path: &Path) -> Option<PhhKind> {
        match path.extension()?.to_str()? {
            "phh" => Some(PhhKind::Hand),
            "phhs" => Some(PhhKind::Hands),
            _ => None,
        }
    }
}

impl PhhHand {
    pub fn player_count(&self) -> usize {
        self.starting_stacks.len()
    }

    /// The actions alone, without their text and comments.
    pub fn plain_actions(&self) -> impl Iterator<Item = &PhhAction> {
        self.actions.iter().map(|line| &line.action)
    }

    /// The smallest scale at which every amount that drives play is a whole number of
    /// chips: forced bets, limits, starting stacks and bet sizes (HandHQ's dollars and
    /// cents give 2). Finishing stacks and winnings are results and are left out, so a
    /// split pot's `.5` stays a visible odd chip instead of changing the unit.
    pub fn play_scale(&self) -> u8 {
        let forced = self.antes.iter().chain(&self.blinds_or_straddles);
        let limits = [self.bring_in, self.small_bet, self.big_bet, self.min_bet];
        let bets = self.plain_actions().filter_map(|a| match a {
            PhhAction::CompleteBetOrRaiseTo { amount, .. } => Some(amount),
            _ => None,
        });
        common_scale(
            forced
                .chain(limits.iter().flatten())
                .chain(self.starting_stacks.iter().flatten())
                .chain(bets),
        )
    }
}

/// Reads a `.phh` file: one hand, no tables.
pub fn parse_phh(text: &str) -> Result<PhhHand, PhhError> {
    let doc = document::parse(text).map_err(syntax)?;
    if let Some(table) = doc.tables.first() {
        return Err(PhhError::UnexpectedTable {
            line: table.line,
            name: table.name.clone(),
        });
    }
    fields::hand(doc.root)
}

/// Reads a `.phhs` file: each table `[name]` is one hand, returned with its name in
/// file order.
pub fn parse_phhs(text: &str) -> Result<Vec<(String, PhhHand)>, PhhError> {
    let doc = document::parse(text).map_err(syntax)?;
    if let Some(entry) = doc.root.first() {
        return Err(PhhError::KeyOutsideTable {
            line: entry.line,
            key: entry.key.clone(),
        });
    }
    doc.tables
        .into_iter()
        .map(|table| {
            let hand = fields::hand(table.entries).map_err(|error| PhhError::InTable {
                table: table.name.clone(),
                line: table.line,
                error: Box::new(error),
            })?;
            Ok((table.name, hand))
        })
        .collect()
}

/// Reads either kind; a `.phh` hand comes back as one hand with an empty name.
pub fn parse_text(kind: PhhKind, text: &str) -> Result<Vec<(String, PhhHand)>, PhhError> {
    match kind {
        PhhKind::Hand => Ok(vec![(String::new(), parse_phh(text)?)]),
        PhhKind::Hands => parse_phhs(text),
    }
}

fn syntax(at: SyntaxAt) -> PhhError {
    PhhError::Syntax {
        line: at.line,
        column: at.column,
        error: at.error,
    }
}

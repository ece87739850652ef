//! A stored analysis read back for the pages, as types: the steps of the engines grouped by
//! the turn-log entries the replay steps through (an entry's decision, then its throws).

use serde::Deserialize;
use serde_json::Value;
use tapis_games::{AnyAction, GameId};

use super::AnalysisStatus;
use crate::error::{ServiceError, ServiceResult};
use crate::matches::{TurnEntry, TurnKind};

/// The summaries, marks and unit are read back as the analysis wrote them.
pub use tapis_bots::analysis::{Mark, MarkCounts, PlayerSummary, Unit};

/// A decision and what the engine said of it.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionNote {
    pub seat: usize,
    pub made: AnyAction,
    pub choices: usize,
    pub unforced: bool,
    /// `None` where the engine had no values for the position.
    pub judgement: Option<JudgementNote>,
}

/// What a decision was worth.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgementNote {
    pub best: AnyAction,
    pub cost: f64,
    pub std_error: Option<f64>,
    pub mark: Option<Mark>,
}

/// A throw (or a draw) and its luck.
#[derive(Debug, Clone, PartialEq)]
pub struct ThrowNote {
    /// Whose throw it was (`None`: nobody's, such as a 421 tie-break).
    pub seat: Option<usize>,
    pub values: Vec<u8>,
    pub luck: Option<f64>,
    pub std_error: Option<f64>,
}

/// What the analysis says of one entry of the turn log.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EntryNotes {
    pub decision: Option<DecisionNote>,
    pub throws: Vec<ThrowNote>,
    /// Each seat's value once the entry is played (`None` where the engine gives none).
    pub values: Vec<Option<f64>>,
}

/// A made analysis, as the pages read it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadAnalysis {
    pub unit: Unit,
    pub engine: String,
    pub exact: bool,
    pub players: Vec<PlayerSummary>,
    /// Each seat's value before anything happened.
    pub initial: Vec<Option<f64>>,
    /// One per entry of the turn log, in order.
    pub entries: Vec<EntryNotes>,
}

/// Where a finished match's analysis stands, for a page.
#[derive(Debug, Clone, PartialEq)]
pub enum PageAnalysis {
    Pending,
    Ready(Box<ReadAnalysis>),
    Unsupported,
    Failed,
}

#[derive(Deserialize)]
struct Stored {
    unit: Unit,
    engine: StoredEngine,
    players: Vec<PlayerSummary>,
    steps: Vec<StoredStep>,
}

#[derive(Deserialize)]
struct StoredEngine {
    name: String,
    exact: bool,
}

#[derive(Deserialize)]
struct StoredStep {
    seat: Option<usize>,
    #[serde(flatten)]
    kind: StoredKind,
    values: Vec<Option<f64>>,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum StoredKind {
    Decision {
        action: Value,
        choices: usize,
        unforced: bool,
        judgement: Option<StoredJudgement>,
    },
    Chance {
        /// The dice thrown (or the kind drawn).
        #[serde(default)]
        dice: Vec<u8>,
        luck: Option<f64>,
        std_error: Option<f64>,
    },
    Leave,
}

#[derive(Deserialize)]
struct StoredJudgement {
    best: Value,
    cost: f64,
    std_error: Option<f64>,
    mark: Option<Mark>,
}

/// The page's view of an analysis in `status` (`stored`: its JSON once ready), its steps
/// grouped by the entries of `turns`, the match's turn log.
pub(crate) fn for_page(
    game: GameId,
    status: AnalysisStatus,
    stored: Option<Value>,
    turns: &[TurnEntry],
) -> ServiceResult<PageAnalysis> {
    Ok(match (status, stored) {
        (AnalysisStatus::Ready, Some(json)) => {
            PageAnalysis::Ready(Box::new(read(game, json, turns)?))
        }
        (AnalysisStatus::Unsupported, _) => PageAnalysis::Unsupported,
        (AnalysisStatus::Failed, _) => PageAnalysis::Failed,
        _ => PageAnalysis::Pending,
    })
}

fn unreadable(what: impl std::fmt::Display) -> ServiceError {
    ServiceError::internal("a stored analysis cannot be read", what)
}

fn read(game: GameId, json: Value, turns: &[TurnEntry]) -> ServiceResult<ReadAnalysis> {
    let stored: Stored = serde_json::from_value(json).map_err(unreadable)?;
    let action = |json: Value| AnyAction::from_json(game, json).map_err(unreadable);
    let initial = stored
        .players
        .iter()
        .map(|p| p.initial_value)
        .collect::<Vec<_>>();
    let mut steps = stored.steps.into_iter();
    let mut entries = Vec::with_capacity(turns.len());
    let mut values = initial.clone();
    for turn in turns {
        let mut notes = EntryNotes::default();
        // The start has no decision; every other entry has one step for its decision (a
        // seat's leaving included), then one per chance event.
        let decisions = usize::from(turn.kind != TurnKind::Start);
        for _ in 0..decisions + turn.chance.len() {
            let step = steps
                .next()
                .ok_or_else(|| unreadable("fewer steps than the turn log"))?;
            match step.kind {
                StoredKind::Decision {
                    action: made,
                    choices,
                    unforced,
                    judgement,
                } => {
                    let seat = step
                        .seat
                        .ok_or_else(|| unreadable("a decision of nobody"))?;
                    let judgement = match judgement {
                        Some(j) => Some(JudgementNote {
                            best: action(j.best)?,
                            cost: j.cost,
                            std_error: j.std_error,
                            mark: j.mark,
                        }),
                        None => None,
                    };
                    notes.decision = Some(DecisionNote {
                        seat,
                        made: action(made)?,
                        choices,
                        unforced,
                        judgement,
                    });
                }
                StoredKind::Chance {
                    dice,
                    luck,
                    std_error,
                } => notes.throws.push(ThrowNote {
                    seat: step.seat,
                    values: dice,
                    luck,
                    std_error,
                }),
                StoredKind::Leave => {}
            }
            // A value the step does not give keeps the one before.
            for (slot, value) in values.iter_mut().zip(step.values) {
                if value.is_some() {
                    *slot = value;
                }
            }
        }
        notes.values = values.clone();
        entries.push(notes);
    }
    Ok(ReadAnalysis {
        unit: stored.unit,
        engine: stored.engine.name,
        exact: stored.engine.exact,
        players: stored.players,
        initial,
        entries,
    })
}

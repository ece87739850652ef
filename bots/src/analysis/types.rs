//! The input and output of the analysis: the match's record, and what the analysis says of
//! each step and each player.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tapis_games::{AnyAction, GameId, Seat};

/// A finished match as the analysis reads it.
///
/// `steps` lists, in order, what the turn log records: for each entry its decision (an action
/// or a seat leaving; none for the start entry), then each of its chance events' values.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchRecord {
    pub game: GameId,
    pub seats: usize,
    /// The options as stored with the match (JSON; missing options take their defaults).
    pub options: Value,
    pub steps: Vec<RecordStep>,
}

/// One step of a match's record.
#[derive(Debug, Clone, PartialEq)]
pub enum RecordStep {
    /// A seat's action.
    Action { seat: Seat, action: AnyAction },
    /// A seat resigned or ran out of time.
    Leave { seat: Seat },
    /// The values of a chance event (dice, or the kind drawn from a bag).
    Chance { values: Vec<u8> },
}

/// The unit of every value, cost and luck of an analysis. Stored with the analysis, and read
/// back as it is by the service (as are [`Mark`], [`MarkCounts`] and [`PlayerSummary`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// The chance of winning the match, from 0 to 1.
    WinProbability,
    /// The expected final score of the seat's own grid, in points (Yams).
    ExpectedScore,
    /// The expected token balance after the round, in tokens: the other players' mean number
    /// of tokens minus the seat's own, a won game counting +21 and a lost one −21 (421; the
    /// round is solved exactly for a model of the other players, see `docs/analysis.md`).
    RoundTokens,
}

/// Which engine made an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Engine {
    /// The engine's name: `yams-exact`, `5000-exact`, `421-rounds`, `linja-search`, or an
    /// estimated engine's `…-rollouts` (`super::estimated`).
    pub name: &'static str,
    /// [`super::ENGINE_VERSION`].
    pub version: u32,
    /// Whether every value is exact (no standard errors). Estimated values carry their
    /// standard errors, but for Linja's search, which has no sampling error.
    pub exact: bool,
}

/// The analysis of a match.
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    pub game: GameId,
    pub unit: Unit,
    pub engine: Engine,
    /// One per seat, in seat order.
    pub players: Vec<PlayerSummary>,
    /// One per step of the record, in order.
    pub steps: Vec<StepAnalysis>,
}

/// How a decision is marked, as chess and backgammon tools do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// The symbol shown beside the move.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The smallest cost of each mark, in the game's unit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Thresholds {
    /// The mark of an unforced decision costing `cost` with standard error `std_error`: none
    /// below the inaccuracy threshold, and none unless the cost is above twice its error.
    pub fn mark(&self, cost: f64, std_error: f64) -> Option<Mark> {
        if cost <= 2.0 * std_error {
            return None;
        }
        if cost >= self.blunder {
            Some(Mark::Blunder)
        } else if cost >= self.mistake {
            Some(Mark::Mistake)
        } else if cost >= self.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// The analysis of one step of the record.
#[derive(Debug, Clone, Serialize)]
pub struct StepAnalysis {
    /// The step's index in the record.
    pub index: usize,
    /// The seat that acted, or whose throw it was (`None` for a throw of nobody's, such as a
    /// 421 tie-break or first-player throw).
    pub seat: Option<Seat>,
    #[serde(flatten)]
    pub kind: StepKind,
    /// Each seat's value after the step, in seat order; `None` where the engine gives none
    /// (421 values a seat only during its own turn).
    pub values: Vec<Option<f64>>,
}

/// What a step was, and what the analysis says of it.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepKind {
    Decision(Decision),
    Chance(ChanceStep),
    /// A seat resigned or ran out of time: neither luck nor cost.
    Leave,
}

/// A decision.
#[derive(Debug, Clone, Serialize)]
pub struct Decision {
    /// The action made (the game's own JSON).
    pub action: AnyAction,
    /// The number of distinct legal actions.
    pub choices: usize,
    /// More than one distinct choice: only those count in the summary.
    pub unforced: bool,
    /// What the engine says of it; `None` where it has no values for the position.
    pub judgement: Option<Judgement>,
}

/// What a decision was worth.
#[derive(Debug, Clone, Serialize)]
pub struct Judgement {
    /// The value of the action made.
    pub value_made: f64,
    /// The value of the best action.
    pub value_best: f64,
    /// `value_best − value_made`, never negative.
    pub cost: f64,
    /// The best action (the first of equal ones in the order of the rules).
    pub best: AnyAction,
    /// The standard error of the cost; `None` when exact.
    pub std_error: Option<f64>,
    /// The mark, for an unforced decision whose cost reaches the game's thresholds.
    pub mark: Option<Mark>,
}

/// A chance event.
#[derive(Debug, Clone, Serialize)]
pub struct ChanceStep {
    /// The values drawn (dice, or the kind drawn from a bag); `dice` in JSON, beside the
    /// step's own `values` (each seat's value after it).
    #[serde(rename = "dice")]
    pub values: Vec<u8>,
    /// The luck of the seat the event belongs to (`seat`), if the engine values it.
    pub luck: Option<f64>,
    /// Every seat's luck, in seat order.
    pub luck_by_seat: Vec<Option<f64>>,
    /// The standard error of `luck`; `None` when exact.
    pub std_error: Option<f64>,
}

/// How many decisions of each mark a player made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkCounts {
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// The summary of one seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerSummary {
    pub seat: Seat,
    /// The seat's value before the first step (`None` where the engine gives none).
    pub initial_value: Option<f64>,
    /// Its value once the match is over: the actual result (1 or 0 for a win probability, the
    /// final score at Yams; `None` for 421, whose unit is the round's).
    pub final_value: Option<f64>,
    /// Unforced decisions the engine judged.
    pub decisions: usize,
    /// Their total cost.
    pub cost_total: f64,
    /// Their mean cost (`None` without any).
    pub cost_mean: Option<f64>,
    pub marks: MarkCounts,
    /// The total luck of the seat's own throws.
    pub luck: f64,
    /// The total effect of every chance event on the seat's value, its own throws and the
    /// others' (in a two-player game: its own luck minus the opponent's).
    pub luck_received: f64,
    /// The result with the dice's part taken out: `final_value − luck_received`. In a
    /// two-player game this is GNU Backgammon's "actual result − own luck + opponent's luck";
    /// at Yams the others' throws do not move a seat's own expected score.
    pub luck_adjusted: Option<f64>,
}

/// Why a match could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// No engine of this version covers the game with these options and seats.
    #[error("no analysis engine for {game} with these options and {seats} seats")]
    Unsupported { game: GameId, seats: usize },
    /// The match could not be set up again.
    #[error("the match cannot be set up: {0}")]
    Setup(String),
    /// The record does not replay under the rules.
    #[error("step {index} does not replay: {reason}")]
    Replay { index: usize, reason: String },
}

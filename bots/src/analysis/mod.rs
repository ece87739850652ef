//! The analysis of a finished match: what each decision cost, how lucky each throw was, and a
//! summary per player (`docs/analysis.md`).
//!
//! Pure like the rest of the crate: the input is the match's record ([`MatchRecord`]: the game,
//! its options, the number of seats and every step in order, the chance values included), the
//! output a plain value ([`Analysis`]) that serialises to the JSON the API returns.
//!
//! **The value of a position** for a seat is in the game's unit ([`Unit`]): the chance of
//! winning the match (5000 with two players), the expected final score of the seat's own grid
//! (Yams), or the expected token balance after the round (421). Every value assumes the best
//! play from the position on.
//!
//! - A decision's **cost** is the value of the best legal action minus the value of the one
//!   made, for the seat that made it (0 for the best, never negative).
//! - A chance event's **luck**, for each seat, is its value after the outcome minus the mean of
//!   that value over every outcome with its probability (GNU Backgammon's definition). The
//!   luck of the step is that of the seat the throw belongs to.
//!
//! With an exact value function the two add up: for every seat, its final value minus its
//! initial one is the luck it received minus the cost of its own decisions, plus (two-player
//! games, zero-sum) the cost of the opponent's (Zare's equation). The tests check it to 1e-9.
//!
//! The engines: [`yams`] (the solved grid), [`five_thousand`] (the solved two-player match),
//! [`four_two_one`] (each turn solved for the values of the round). The driver is shared
//! ([`run`]): a decision is judged from the values of the positions its actions lead to, a
//! chance event from the values of every outcome, unless an engine judges them itself.

pub mod five_thousand;
pub mod four_two_one;
pub mod play;
pub mod yams;

use serde::Serialize;
use serde_json::Value;
use tapis_games::read_options::parse_options;
use tapis_games::{AnyAction, Chance, Game, GameId, Seat, Turn, Variant};

use crate::dice::{arrangements, for_each_counts};

/// The version of the engines: a stored analysis made by an older version may be redone.
pub const ENGINE_VERSION: u32 = 1;

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

/// The unit of every value, cost and luck of an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
    /// The engine's name (`yams-exact`, `5000-exact`, `421-rounds`).
    pub name: &'static str,
    /// [`ENGINE_VERSION`].
    pub version: u32,
    /// Whether every value is exact (no standard errors).
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct MarkCounts {
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// The summary of one seat.
#[derive(Debug, Clone, Serialize)]
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

/// Analyses a finished (or unfinished) match.
pub fn analyse(record: &MatchRecord) -> Result<Analysis, AnalysisError> {
    match record.game {
        GameId::Yams => yams::analyse(record),
        GameId::FiveThousand => five_thousand::analyse(record),
        GameId::FourTwoOne => four_two_one::analyse(record),
        game => Err(AnalysisError::Unsupported {
            game,
            seats: record.seats,
        }),
    }
}

/// What an engine says of a seat's chance event, for one seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Luck {
    /// The value after the outcome minus the mean over outcomes.
    pub luck: f64,
    /// The value after the outcome.
    pub after: f64,
}

/// A value function of game `G`, in one unit. The driver ([`run`]) judges decisions and
/// chance events from it, unless the engine does it itself.
pub trait ValueEngine<G: Game> {
    /// Each seat's value in `state` (`out` holds one slot per seat, `None` on entry).
    fn values(&mut self, state: &G::State, out: &mut [Option<f64>]);

    /// The seat a chance event due in `state` belongs to.
    fn chance_owner(&self, state: &G::State) -> Option<Seat>;

    /// The value, for `seat`, of each action of `legal` (`out` empty on entry); by default the
    /// value of the position each one leads to. Leaves `out` empty where it has none.
    fn action_values(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        out: &mut Vec<f64>,
    ) {
        let mut slots = vec![None; self.seat_count(state)];
        let mut events = Vec::new();
        let mut values = Vec::with_capacity(legal.len());
        for action in legal {
            let mut next = state.clone();
            events.clear();
            if G::apply(&mut next, seat, action, &mut events).is_err() {
                return;
            }
            slots.fill(None);
            self.values(&next, &mut slots);
            match slots.get(seat).copied().flatten() {
                Some(v) => values.push(v),
                None => return,
            }
        }
        out.extend(values);
    }

    /// The number of seats of the match.
    fn seat_count(&self, state: &G::State) -> usize;

    /// Each seat's luck when the chance event due in `state` gives `values` (`out` holds one
    /// slot per seat, `None` on entry); by default from the values of every outcome.
    fn luck(&mut self, state: &G::State, values: &[u8], out: &mut [Option<Luck>]) {
        let Turn::Chance { chance } = G::turn(state) else {
            return;
        };
        let seats = out.len();
        let mut mean = vec![Some(0.0); seats];
        let mut slots = vec![None; seats];
        let mut events = Vec::new();
        let mut ok = true;
        for_each_outcome(&chance, |outcome, p| {
            if !ok {
                return;
            }
            let mut next = state.clone();
            events.clear();
            if G::apply_chance(&mut next, outcome, &mut events).is_err() {
                ok = false;
                return;
            }
            slots.fill(None);
            self.values(&next, &mut slots);
            for (m, v) in mean.iter_mut().zip(&slots) {
                *m = match (*m, v) {
                    (Some(m), Some(v)) => Some(m + p * v),
                    _ => None,
                };
            }
        });
        if !ok {
            return;
        }
        let mut next = state.clone();
        events.clear();
        if G::apply_chance(&mut next, values, &mut events).is_err() {
            return;
        }
        slots.fill(None);
        self.values(&next, &mut slots);
        for ((o, m), v) in out.iter_mut().zip(&mean).zip(&slots) {
            if let (Some(m), Some(v)) = (m, v) {
                *o = Some(Luck {
                    luck: v - m,
                    after: *v,
                });
            }
        }
    }
}

/// Calls `f` with every outcome of `chance` and its probability: the dice as multisets (in
/// ascending order, each with the chance of all its orders), a draw as each kind in the bag.
pub fn for_each_outcome(chance: &Chance, mut f: impl FnMut(&[u8], f64)) {
    match *chance {
        Chance::Dice { count } => {
            let total = 6f64.powi(i32::from(count));
            let mut values = Vec::with_capacity(usize::from(count));
            for_each_counts(count, |counts| {
                values.clear();
                for (face, n) in (1..=6u8).zip(counts) {
                    values.extend(std::iter::repeat_n(face, usize::from(n)));
                }
                f(&values, arrangements(&counts) / total);
            });
        }
        Chance::Draw { counts } => {
            let total: f64 = counts.iter().map(|c| f64::from(*c)).sum();
            for (kind, n) in counts.iter().enumerate() {
                if *n > 0 {
                    f(&[kind as u8], f64::from(*n) / total);
                }
            }
        }
    }
}

/// Analyses `record` with `engine`, game `G`.
pub fn run<G: Game + Variant, E: ValueEngine<G>>(
    record: &MatchRecord,
    engine: &mut E,
    info: Engine,
    unit: Unit,
    thresholds: Thresholds,
) -> Result<Analysis, AnalysisError> {
    let options =
        parse_options::<G>(&record.options).map_err(|e| AnalysisError::Setup(e.to_string()))?;
    let mut state =
        G::setup(record.seats, &options).map_err(|e| AnalysisError::Setup(e.to_string()))?;
    let seats = record.seats;
    let mut values = vec![None; seats];
    engine.values(&state, &mut values);
    let initial = values.clone();
    let mut steps = Vec::with_capacity(record.steps.len());
    let mut legal = Vec::new();
    let mut action_values = Vec::new();
    let mut events = Vec::new();
    let mut luck = vec![None; seats];
    for (index, step) in record.steps.iter().enumerate() {
        let replay = |reason: String| AnalysisError::Replay { index, reason };
        events.clear();
        let (seat, kind, own) = match step {
            RecordStep::Action { seat, action } => {
                let seat = *seat;
                let action = G::action_of(action)
                    .ok_or_else(|| replay(format!("an action of {}", action.game())))?;
                legal.clear();
                G::legal_actions(&state, seat, &mut legal);
                let made = legal
                    .iter()
                    .position(|a| a == action)
                    .ok_or_else(|| replay("the action is not legal".into()))?;
                action_values.clear();
                if legal.len() > 1 {
                    engine.action_values(&state, seat, &legal, &mut action_values);
                }
                let judgement = (action_values.len() == legal.len())
                    .then(|| judge::<G>(&legal, &action_values, made, thresholds));
                let own = judgement.as_ref().map(|j| j.value_made);
                G::apply(&mut state, seat, action, &mut events)
                    .map_err(|e| replay(e.to_string()))?;
                let decision = Decision {
                    action: G::any_action(action.clone()),
                    choices: legal.len(),
                    unforced: legal.len() > 1,
                    judgement,
                };
                (Some(seat), StepKind::Decision(decision), own)
            }
            RecordStep::Leave { seat } => {
                G::resign(&mut state, *seat, &mut events).map_err(|e| replay(e.to_string()))?;
                (Some(*seat), StepKind::Leave, None)
            }
            RecordStep::Chance { values: dice } => {
                let owner = engine.chance_owner(&state);
                luck.iter_mut().for_each(|l| *l = None);
                engine.luck(&state, dice, &mut luck);
                G::apply_chance(&mut state, dice, &mut events)
                    .map_err(|e| replay(e.to_string()))?;
                let by_seat: Vec<Option<f64>> = luck.iter().map(|l| l.map(|l| l.luck)).collect();
                let mine = owner.and_then(|s| luck.get(s).copied().flatten());
                let chance = ChanceStep {
                    values: dice.clone(),
                    luck: mine.map(|l| l.luck),
                    luck_by_seat: by_seat,
                    std_error: None,
                };
                (owner, StepKind::Chance(chance), mine.map(|l| l.after))
            }
        };
        let mut after = vec![None; seats];
        engine.values(&state, &mut after);
        // Where the engine values the actor only within its own turn (421), the step's own
        // figure stands for the actor's value.
        if let Some(s) = seat
            && let Some(slot) = after.get_mut(s)
            && slot.is_none()
        {
            *slot = own;
        }
        steps.push(StepAnalysis {
            index,
            seat,
            kind,
            values: after,
        });
    }
    let finals = if G::turn(&state) == Turn::Over {
        let mut out = vec![None; seats];
        engine.values(&state, &mut out);
        out
    } else {
        vec![None; seats]
    };
    let players = (0..seats)
        .map(|seat| summary(seat, &steps, initial[seat], finals[seat], seats))
        .collect();
    Ok(Analysis {
        game: G::ID,
        unit,
        engine: info,
        players,
        steps,
    })
}

/// The judgement of the action `made` among `legal` valued `values`.
fn judge<G: Game + Variant>(
    legal: &[G::Action],
    values: &[f64],
    made: usize,
    thresholds: Thresholds,
) -> Judgement {
    let (best, value_best) =
        values
            .iter()
            .copied()
            .enumerate()
            .fold((0, f64::NEG_INFINITY), |(bi, bv), (i, v)| {
                if v > bv { (i, v) } else { (bi, bv) }
            });
    let value_made = values[made];
    let cost = (value_best - value_made).max(0.0);
    Judgement {
        value_made,
        value_best,
        cost,
        best: G::any_action(legal[best].clone()),
        std_error: None,
        mark: thresholds.mark(cost, 0.0),
    }
}

/// The summary of `seat` from the steps.
fn summary(
    seat: Seat,
    steps: &[StepAnalysis],
    initial_value: Option<f64>,
    final_value: Option<f64>,
    _seats: usize,
) -> PlayerSummary {
    let mut out = PlayerSummary {
        seat,
        initial_value,
        final_value,
        decisions: 0,
        cost_total: 0.0,
        cost_mean: None,
        marks: MarkCounts::default(),
        luck: 0.0,
        luck_received: 0.0,
        luck_adjusted: None,
    };
    for step in steps {
        match &step.kind {
            StepKind::Decision(d) if step.seat == Some(seat) && d.unforced => {
                if let Some(j) = &d.judgement {
                    out.decisions += 1;
                    out.cost_total += j.cost;
                    match j.mark {
                        Some(Mark::Inaccuracy) => out.marks.inaccuracies += 1,
                        Some(Mark::Mistake) => out.marks.mistakes += 1,
                        Some(Mark::Blunder) => out.marks.blunders += 1,
                        None => {}
                    }
                }
            }
            StepKind::Chance(c) => {
                let mine = c.luck_by_seat.get(seat).copied().flatten().unwrap_or(0.0);
                out.luck_received += mine;
                if step.seat == Some(seat) {
                    out.luck += mine;
                }
            }
            _ => {}
        }
    }
    out.cost_mean = (out.decisions > 0).then(|| out.cost_total / out.decisions as f64);
    out.luck_adjusted = final_value.map(|v| v - out.luck_received);
    out
}

#[cfg(test)]
mod tests;

//! The driver shared by the engines ([`run`]): it replays the record step by step, asks the
//! engine for the values of each decision's actions and the luck of each chance event, and
//! sums the figures up per player.

use tapis_games::read_options::parse_options;
use tapis_games::{AnyAction, Game, Seat, Turn, Variant};

use super::engine::{ActionValues, Luck, ValueEngine};
use super::types::{
    Analysis, AnalysisError, ChanceStep, Decision, Engine, Judgement, Mark, MarkCounts,
    MatchRecord, PlayerSummary, RecordStep, StepAnalysis, StepKind, Thresholds, Unit,
};

/// Analyses `record` with `engine`, game `G`, calling `pace` after each step.
pub fn run<G: Game + Variant, E: ValueEngine<G>>(
    record: &MatchRecord,
    engine: &mut E,
    info: Engine,
    unit: Unit,
    thresholds: Thresholds,
    pace: super::Pace<'_>,
) -> Result<Analysis, AnalysisError> {
    let options =
        parse_options::<G>(&record.options).map_err(|e| AnalysisError::Setup(e.to_string()))?;
    let state =
        G::setup(record.seats, &options).map_err(|e| AnalysisError::Setup(e.to_string()))?;
    let mut replay = Replay {
        state,
        engine,
        seats: record.seats,
        thresholds,
        legal: Vec::new(),
        action_values: ActionValues::default(),
        events: Vec::new(),
        luck: vec![None; record.seats],
    };
    let initial = replay.values_now();
    let mut steps = Vec::with_capacity(record.steps.len());
    for (index, step) in record.steps.iter().enumerate() {
        steps.push(replay.step(index, step)?);
        pace();
    }
    let finals = if G::turn(&replay.state) == Turn::Over {
        replay.values_now()
    } else {
        vec![None; record.seats]
    };
    let players = (0..record.seats)
        .map(|seat| summary(seat, &steps, initial[seat], finals[seat]))
        .collect();
    Ok(Analysis {
        game: G::ID,
        unit,
        engine: info,
        players,
        steps,
    })
}

/// The replay of a record: the state so far, the engine, and reusable buffers.
struct Replay<'e, G: Game, E> {
    state: G::State,
    engine: &'e mut E,
    seats: usize,
    thresholds: Thresholds,
    legal: Vec<G::Action>,
    action_values: ActionValues,
    events: Vec<G::Event>,
    luck: Vec<Option<Luck>>,
}

/// What a step was, before the values after it: its seat, its kind and the actor's value
/// after it where the step itself gives one.
type Stepped = (Option<Seat>, StepKind, Option<f64>);

impl<G: Game + Variant, E: ValueEngine<G>> Replay<'_, G, E> {
    /// Each seat's value in the current state.
    fn values_now(&mut self) -> Vec<Option<f64>> {
        let mut out = vec![None; self.seats];
        self.engine.values(&self.state, &mut out);
        out
    }

    /// Replays step `index` and analyses it.
    fn step(&mut self, index: usize, step: &RecordStep) -> Result<StepAnalysis, AnalysisError> {
        self.engine.at_step(index);
        self.events.clear();
        let replay = |reason: String| AnalysisError::Replay { index, reason };
        let (seat, kind, own) = match step {
            RecordStep::Action { seat, action } => self.decision(*seat, action).map_err(replay)?,
            RecordStep::Leave { seat } => {
                G::resign(&mut self.state, *seat, &mut self.events)
                    .map_err(|e| replay(e.to_string()))?;
                (Some(*seat), StepKind::Leave, None)
            }
            RecordStep::Chance { values } => self.chance(values).map_err(replay)?,
        };
        let mut after = self.values_now();
        // Where the engine values the actor only within its own turn (421), the step's own
        // figure stands for the actor's value.
        if let Some(s) = seat
            && let Some(slot) = after.get_mut(s)
            && slot.is_none()
        {
            *slot = own;
        }
        Ok(StepAnalysis {
            index,
            seat,
            kind,
            values: after,
        })
    }

    /// Judges and applies the decision `action` of `seat`.
    fn decision(&mut self, seat: Seat, action: &AnyAction) -> Result<Stepped, String> {
        let action =
            G::action_of(action).ok_or_else(|| format!("an action of {}", action.game()))?;
        self.legal.clear();
        G::legal_actions(&self.state, seat, &mut self.legal);
        let made = self
            .legal
            .iter()
            .position(|a| a == action)
            .ok_or_else(|| "the action is not legal".to_string())?;
        self.action_values.clear();
        if self.legal.len() > 1 {
            self.engine
                .action_values(&self.state, seat, &self.legal, &mut self.action_values);
        }
        let judgement = (self.action_values.values.len() == self.legal.len())
            .then(|| judge::<G>(&self.legal, &self.action_values, made, self.thresholds))
            .flatten();
        let own = judgement.as_ref().map(|j| j.value_made);
        G::apply(&mut self.state, seat, action, &mut self.events).map_err(|e| e.to_string())?;
        let decision = Decision {
            action: G::any_action(action.clone()),
            choices: self.legal.len(),
            unforced: self.legal.len() > 1,
            judgement,
        };
        Ok((Some(seat), StepKind::Decision(decision), own))
    }

    /// Gives the chance event `dice` its luck, and applies it.
    fn chance(&mut self, dice: &[u8]) -> Result<Stepped, String> {
        let owner = self.engine.chance_owner(&self.state);
        self.luck.fill(None);
        self.engine.luck(&self.state, dice, &mut self.luck);
        G::apply_chance(&mut self.state, dice, &mut self.events).map_err(|e| e.to_string())?;
        let by_seat: Vec<Option<f64>> = self.luck.iter().map(|l| l.map(|l| l.luck)).collect();
        let mine = owner.and_then(|s| self.luck.get(s).copied().flatten());
        let chance = ChanceStep {
            values: dice.to_vec(),
            luck: mine.map(|l| l.luck),
            luck_by_seat: by_seat,
            std_error: mine.and_then(|l| l.std_error),
        };
        Ok((owner, StepKind::Chance(chance), mine.map(|l| l.after)))
    }
}

/// The judgement of the action `made` among `legal` valued `values`
/// ([`ActionValues::best_against`]); `None` where the values do not cover `made`.
fn judge<G: Game + Variant>(
    legal: &[G::Action],
    values: &ActionValues,
    made: usize,
    thresholds: Thresholds,
) -> Option<Judgement> {
    let best = values.best_against(made)?;
    let cost = (best.value - best.value_made).max(0.0);
    Some(Judgement {
        value_made: best.value_made,
        value_best: best.value,
        cost,
        best: G::any_action(legal.get(best.index)?.clone()),
        std_error: best.std_error,
        mark: thresholds.mark(cost, best.std_error.unwrap_or(0.0)),
    })
}

/// The summary of `seat` from the steps.
fn summary(
    seat: Seat,
    steps: &[StepAnalysis],
    initial_value: Option<f64>,
    final_value: Option<f64>,
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

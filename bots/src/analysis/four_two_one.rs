//! The analysis of 421, round by round: each turn is solved exactly (as the strong bot solves
//! it, [`crate::four_two_one`]) for the values of its final results, and those values are in
//! the round's own unit ([`Unit::RoundTokens`]): the expected token balance after the round
//! (the others' mean number of tokens minus the seat's own; a won game +21, a lost one −21),
//! over the results of the players still to throw, drawn from a model of them (a sensible
//! player who does not react to the table). They are not chances of winning the match.
//!
//! So a seat has a value only during its own turn: its decisions are judged, and its turn's
//! throws given their luck, against the turn's solution; the throws that choose the first
//! player and those that break ties are not valued. Within a turn the figures add up exactly
//! (the turn's final value minus its value before the first throw is its throws' luck minus
//! its decisions' cost); across turns they do not, as each turn is valued for its own round.

use tapis_games::Seat;
use tapis_games::four_two_one::{Action, FourTwoOne, PhaseView, State, TableView};
use tapis_games::{Game, GameId, Turn};

use super::{
    ActionValues, AnalysisError, Engine, Luck, MatchRecord, Thresholds, Unit, ValueEngine,
    for_each_outcome, run,
};
use crate::four_two_one::{TurnValues, expect, index_of, tables, turn_values};

/// The engine's name.
pub const NAME: &str = "421-rounds";

/// The marks of 421, in tokens of the round: a quarter of a token is a small slip, half a
/// token a clear error, a whole token (the amount of most rounds) a blunder.
pub const THRESHOLDS: Thresholds = Thresholds {
    inaccuracy: 0.25,
    mistake: 0.5,
    blunder: 1.0,
};

/// The turn being analysed: whose, in which round and phase, and its solution.
#[derive(Debug)]
struct SolvedTurn {
    key: (u16, Seat, bool),
    values: TurnValues,
}

/// The value function of 421's turns.
#[derive(Debug)]
pub struct RoundValues {
    seats: usize,
    turn: Option<SolvedTurn>,
}

impl RoundValues {
    pub fn new(seats: usize) -> RoundValues {
        RoundValues { seats, turn: None }
    }

    /// The solution of the turn of `seat` under way in `view`.
    fn solved(&mut self, view: &TableView, seat: Seat) -> Option<&TurnValues> {
        let key = (view.round, seat, view.phase == PhaseView::Decharge);
        if self.turn.as_ref().is_none_or(|t| t.key != key) {
            self.turn = Some(SolvedTurn {
                key,
                values: turn_values(view, seat)?,
            });
        }
        self.turn.as_ref().map(|t| &t.values)
    }
}

/// The seat whose turn's throw or decision is due in `view`, if it is a turn's (not a
/// first-player or tie-break throw).
fn turn_seat(view: &TableView) -> Option<Seat> {
    if view.tie_break.is_some() || !matches!(view.phase, PhaseView::Charge | PhaseView::Decharge) {
        return None;
    }
    view.current.as_ref().map(|c| c.seat)
}

impl ValueEngine<FourTwoOne> for RoundValues {
    /// No value outside the turn's own steps (the driver takes the actor's from the step).
    fn values(&mut self, _state: &State, _out: &mut [Option<f64>]) {}

    fn chance_owner(&self, state: &State) -> Option<Seat> {
        turn_seat(&FourTwoOne::view(state, None))
    }

    fn seat_count(&self, _state: &State) -> usize {
        self.seats
    }

    fn action_values(
        &mut self,
        state: &State,
        seat: Seat,
        legal: &[Action],
        out: &mut ActionValues,
    ) {
        let view = FourTwoOne::view(state, Some(seat));
        let Some(current) = view.current.clone().filter(|c| c.seat == seat) else {
            return;
        };
        let (Some(dice), used) = (current.dice.and_then(|c| index_of(c.dice)), current.throws)
        else {
            return;
        };
        let used = usize::from(used);
        let Some(turn) = self.solved(&view, seat) else {
            return;
        };
        let (Some(stop), Some(next)) = (turn.stop.get(used), turn.values.get(used + 1)) else {
            return;
        };
        let t = tables();
        let mut values = Vec::with_capacity(legal.len());
        for action in legal {
            let value = match action {
                Action::Stop | Action::LeBon => stop[dice],
                Action::Reroll { faces } => match t.reroll(dice, *faces) {
                    Some(r) => expect(&r.outcomes, next),
                    None => return,
                },
            };
            values.push(value);
        }
        out.values.extend(values);
    }

    fn luck(&mut self, state: &State, values: &[u8], out: &mut [Option<Luck>]) {
        let view = FourTwoOne::view(state, None);
        let Some(seat) = turn_seat(&view) else {
            return;
        };
        let Some(current) = view.current.clone() else {
            return;
        };
        let Some(kept) = current.kept else {
            return;
        };
        let used = usize::from(current.throws);
        let Some(turn) = self.solved(&view, seat) else {
            return;
        };
        let Some(next) = turn.values.get(used + 1) else {
            return;
        };
        let value_of = |thrown: &[u8]| -> Option<f64> {
            let mut dice = [0u8; 3];
            let all: Vec<u8> = kept.as_slice().iter().chain(thrown).copied().collect();
            if all.len() != 3 {
                return None;
            }
            dice.copy_from_slice(&all);
            index_of(dice).map(|d| next[d])
        };
        let Some(after) = value_of(values) else {
            return;
        };
        let Turn::Chance { chance } = FourTwoOne::turn(state) else {
            return;
        };
        let mut mean = Some(0.0);
        for_each_outcome(&chance, |outcome, p| {
            mean = match (mean, value_of(outcome)) {
                (Some(m), Some(v)) => Some(m + p * v),
                _ => None,
            };
        });
        if let (Some(mean), Some(slot)) = (mean, out.get_mut(seat)) {
            *slot = Some(Luck {
                luck: after - mean,
                after,
                std_error: None,
            });
        }
    }
}

/// Analyses a 421 match.
pub fn analyse(
    record: &MatchRecord,
    pace: super::Pace<'_>,
) -> Result<super::Analysis, AnalysisError> {
    if !(2..=8).contains(&record.seats) {
        return Err(AnalysisError::Unsupported {
            game: GameId::FourTwoOne,
            seats: record.seats,
        });
    }
    let mut engine = RoundValues::new(record.seats);
    let info = Engine {
        name: NAME,
        version: super::ENGINE_VERSION,
        exact: true,
    };
    run::<FourTwoOne, _>(
        record,
        &mut engine,
        info,
        Unit::RoundTokens,
        THRESHOLDS,
        pace,
    )
}

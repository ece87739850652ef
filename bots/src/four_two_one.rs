//! 421's evaluation (for the search of the easy and medium levels: fewer tokens is better) and
//! its strong bot: every throw decision of a round solved exactly, over the 56 results, for
//! the expected change of a token evaluation.
//!
//! A turn is a small decision process over the dice and the throws used, solved backwards
//! (`four_two_one/results.rs`, with the results, their re-throws and the model of the other
//! players); each final result is valued by the expected token evaluation after the round,
//! over the results of the players still to throw (`four_two_one/round.rs`).
//!
//! Approximations beyond the model of the other players: the players still to throw do not
//! see the results on the table; with `tie_break_amount_one`, only the seat's own ties change
//! the amount. Everything else of the options is followed (nénette amount, single-throw
//! charge, le bon, sitting out the décharge is valued linearly). Where the view is not a
//! decision of a turn (never asked in practice), the strong level plays the generic search.

mod results;
mod round;

use tapis_games::four_two_one::{Action, FourTwoOne, TableView};
use tapis_games::{Game, Seat};

use crate::bot::{Bot, Position};
use crate::evaluate::Evaluate;
use crate::exact::{self, ValueActions};
pub use results::{MAX_THROWS, RESULTS, Reroll, Tables, expect, index_of, tables};
pub use round::{Round, WIN, Work};

/// The values of every legal action of the seat to act, in the order of `legal`
/// (`NEG_INFINITY` for an action the solver cannot read); `None` when the view is not a
/// decision of that seat.
pub fn action_values(view: &TableView, seat: Seat, legal: &[Action]) -> Option<Vec<f64>> {
    let current = view.current.as_ref().filter(|c| c.seat == seat)?;
    let dice = index_of(current.dice?.dice)?;
    let round = Round::from_view(view, seat)?;
    let used = usize::from(current.throws);
    let limit = usize::from(current.max_throws).clamp(1, MAX_THROWS);
    if used == 0 || used >= limit {
        return None;
    }
    let t = tables();
    let mut work = Work::default();
    let mut by_k = [[0.0; RESULTS]; MAX_THROWS + 1];
    let values = if current.leading {
        for (k, v) in by_k.iter_mut().enumerate().take(limit + 1).skip(used) {
            *v = round.result_values(k, &mut work);
        }
        t.solve_turn(limit, true, |k, d| by_k[k][d])
    } else {
        by_k[limit] = round.result_values(limit, &mut work);
        t.solve_turn(limit, round.options.le_bon, |_, d| by_k[limit][d])
    };
    let keep = if current.leading {
        by_k[used][dice]
    } else {
        by_k[limit][dice]
    };
    Some(
        legal
            .iter()
            .map(|action| match action {
                Action::Stop | Action::LeBon => keep,
                Action::Reroll { faces } => t.reroll(dice, *faces).map_or(f64::NEG_INFINITY, |r| {
                    expect(&r.outcomes, &values[used + 1])
                }),
            })
            .collect(),
    )
}

/// A turn of a seat solved for the values of its round's results (for the analysis of
/// finished matches): `values[t][d]` is holding result `d` after `t` throws, before deciding,
/// and `stop[t][d]` keeping it then (the leader's stop, a follower's "le bon", or the end of
/// the throws allowed), for `t` in `1..=limit`.
#[derive(Debug)]
pub(crate) struct TurnValues {
    pub(crate) values: [[f64; RESULTS]; MAX_THROWS + 1],
    pub(crate) stop: [[f64; RESULTS]; MAX_THROWS + 1],
}

/// The turn of `seat` under way in `view`, solved as [`action_values`] solves it; `None` when
/// it is not that seat's turn, or nobody else plays.
pub(crate) fn turn_values(view: &TableView, seat: Seat) -> Option<TurnValues> {
    let current = view.current.as_ref().filter(|c| c.seat == seat)?;
    let round = Round::from_view(view, seat)?;
    let limit = usize::from(current.max_throws).clamp(1, MAX_THROWS);
    let t = tables();
    let mut work = Work::default();
    let mut stop = [[0.0; RESULTS]; MAX_THROWS + 1];
    let values = if current.leading {
        for (k, v) in stop.iter_mut().enumerate().take(limit + 1).skip(1) {
            *v = round.result_values(k, &mut work);
        }
        t.solve_turn(limit, true, |k, d| stop[k][d])
    } else {
        let end = round.result_values(limit, &mut work);
        for v in stop.iter_mut().take(limit + 1).skip(1) {
            *v = end;
        }
        t.solve_turn(limit, round.options.le_bon, |_, d| end[d])
    };
    Some(TurnValues { values, stop })
}

/// What the strong bot plays from: each throw decision of the round solved as it comes.
struct SolvedRounds;

/// The strong 421 bot: the best action of its solved round, the generic search where the
/// view is not a decision the solver reads.
pub fn strong_bot() -> Box<dyn Bot<FourTwoOne>> {
    exact::strong_bot(SolvedRounds)
}

impl ValueActions<FourTwoOne> for SolvedRounds {
    /// The values of [`action_values`]; `false` where it has none, or none it could read.
    fn value_actions(&mut self, at: &Position<'_, FourTwoOne>, values: &mut Vec<f64>) -> bool {
        let view = FourTwoOne::view(at.state, Some(at.seat));
        let Some(solved) = action_values(&view, at.seat, at.legal) else {
            return false;
        };
        values.extend(solved);
        values.iter().any(|v| *v > f64::NEG_INFINITY)
    }
}

impl Evaluate for FourTwoOne {
    const ROLLOUT_STEPS: usize = 30;
    // Long playouts (a round of every seat): fewer iterations keep a decision within 200 ms.
    const STRONG_SCALE: f64 = 0.75;

    fn seats(state: &<FourTwoOne as Game>::State) -> usize {
        FourTwoOne::view(state, None).players.len()
    }

    /// Fewer tokens is better: the score is minus the tokens held, plus a small share for the
    /// strength of the dice kept this turn (what a one-ply player can see).
    fn score(state: &<FourTwoOne as Game>::State, seat: Seat) -> f64 {
        let view = FourTwoOne::view(state, None);
        let tokens = view.players.get(seat).map_or(0, |p| p.tokens);
        let dice = match &view.current {
            Some(turn) if turn.seat == seat => turn.dice.map_or(0.0, |c| 57.0 - f64::from(c.rank)),
            _ => 0.0,
        };
        -f64::from(tokens) + dice / 100.0
    }

    fn standing(state: &<FourTwoOne as Game>::State, seat: Seat) -> f64 {
        let view = FourTwoOne::view(state, None);
        view.players.get(seat).map_or(0.0, |p| -f64::from(p.tokens))
    }

    fn score_scale() -> f64 {
        3.0
    }
}

#[cfg(test)]
mod tests;

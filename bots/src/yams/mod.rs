//! The Yams bots: every level plays from the exact solution of the solitaire game
//! ([`solver`]), the strong one exactly, the others with the mistakes of a player who
//! misjudges close choices.
//!
//! A decision values every legal action by the expected points still to come after it under
//! the best play: writing the dice in a box is worth its points, the bonus they earn and the
//! value of the grid after; a re-throw is worth the mean, over the dice to come, of the best
//! continuation. With several grids (option `grids`) a position is valued as the sum of its
//! grids' values, each solved alone, and the turn's best box is sought over all of them; that
//! is an approximation (a grid's value assumes every remaining turn is its own). Grids whose
//! Maxi and Mini boxes limit each other are not solved: there the levels of the generic
//! search play ([`crate::search`]).
//!
//! Where the search plays, it judges a seat by its grand total plus what each of its empty
//! boxes is worth on average to a fair player.
//!
//! The solution of a sheet is worked out at its first use in the process (about a second for
//! the default grid, in an optimised build) and kept: [`solved`].

pub mod hands;
pub mod solver;

use std::sync::Arc;

use tapis_games::Seat;
use tapis_games::yams::{self, Action, BoxId, Grid, Options, Yams};

use crate::bot::{Bot, Position};
use crate::evaluate::Evaluate;
use crate::exact::{Choice, Exact, ValueActions};
use crate::level::Level;
use crate::search;
use crate::solved::{Tables, solved_once};
use hands::{Hands, THROWS};
use solver::{Sheet, Solution, Spot, Turn};

/// A solved sheet and the box of the game behind each of its boxes.
#[derive(Debug)]
pub struct Solved {
    solution: Solution,
    boxes: Vec<BoxId>,
    threshold: u16,
}

impl Solved {
    /// Solves the grid of `options` (its number of grids aside); `None` where the solver
    /// does not apply (Maxi and Mini).
    pub fn new(options: &Options) -> Option<Solved> {
        let (sheet, boxes) = Sheet::for_options(options)?;
        Some(Solved {
            solution: Solution::solve(sheet),
            boxes,
            threshold: options.bonus_threshold(),
        })
    }

    /// The exact expected final score of one grid under the best play.
    pub fn expected_score(&self) -> f64 {
        self.solution.expected_score()
    }

    /// The solution of the sheet.
    pub(crate) fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The position of `grid` between turns.
    pub(crate) fn spot(&self, grid: &Grid, options: &Options) -> Spot {
        let filled = self
            .boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| grid.get(**b).is_some())
            .fold(0, |bits, (i, _)| bits | 1 << i);
        Spot {
            filled,
            upper: grid.totals(options).upper.min(self.threshold),
            yahtzee_50: false,
        }
    }
}

/// The solution of the grid of `options`, worked out at its first use and kept for the
/// process; `None` where the solver does not apply. Callers asking for the same sheet at once
/// wait for one computation.
pub fn solved(options: &Options) -> Option<Arc<Solved>> {
    static SOLVED: Tables<Options, Option<Arc<Solved>>> = Tables::new(Vec::new());
    let key = Options {
        grids: 1,
        ..options.clone()
    };
    solved_once(&SOLVED, &key, || Solved::new(&key).map(Arc::new))
}

/// What the levels play from: the solved grid of the game's options and the turn in progress
/// worked out from it.
#[derive(Default)]
struct SolvedGrids {
    turn: Box<Turn>,
}

/// The Yams bot of `level`: the best action at the strong level, an action drawn by how little
/// it gives up (in points) at the others.
pub fn level_bot(level: Level) -> Box<dyn Bot<Yams>> {
    let choice = match level {
        Level::Easy => Choice::Soft { temperature: 2.5 },
        Level::Medium => Choice::Soft { temperature: 1.0 },
        Level::Strong => Choice::Best,
    };
    Box::new(Exact::new(
        SolvedGrids::default(),
        choice,
        search::level_bot::<Yams>(level),
    ))
}

impl ValueActions<Yams> for SolvedGrids {
    /// Values every legal action (expected points to come, up to a constant); `false` where
    /// the solver does not apply to the options or the position is not one the solution
    /// describes (dice not thrown, a box it does not know).
    fn value_actions(&mut self, at: &Position<'_, Yams>, values: &mut Vec<f64>) -> bool {
        let Some(solved) = solved(at.state.options()) else {
            return false;
        };
        let Position {
            state, seat, legal, ..
        } = *at;
        let hands = Hands::get();
        let Some(throw) = hands.index(&state.dice()).filter(|t| *t < THROWS) else {
            return false;
        };
        let options = state.options();
        let spots: Vec<(Spot, f64)> = state
            .grids_of(seat)
            .iter()
            .map(|g| {
                let spot = solved.spot(g, options);
                (spot, solved.solution.value(spot))
            })
            .collect();
        let rethrows = usize::from(tapis_games::yams::MAX_THROWS.saturating_sub(state.throws()));
        if rethrows > 0 && legal.iter().any(|a| matches!(a, Action::Reroll { .. })) {
            // The turn's final throws are worth the best box over every grid.
            let mut best = [f64::NEG_INFINITY; hands::HANDS];
            for (spot, now) in &spots {
                solved.solution.score_now(*spot, &mut self.turn.score_now);
                for (b, v) in best.iter_mut().zip(self.turn.score_now.iter()) {
                    *b = b.max(v - now);
                }
            }
            self.turn.score_now = best;
            self.turn.follow(rethrows - 1);
        }
        for action in legal {
            let value = match action {
                Action::Score { grid, r#box } => {
                    let Some((spot, now)) = spots.get(usize::from(*grid)) else {
                        return false;
                    };
                    let Some(b) = solved.boxes.iter().position(|x| x == r#box) else {
                        return false;
                    };
                    solved.solution.score_value(*spot, b, throw) - now
                }
                Action::Reroll { keep } => {
                    let Some(kept) = hands.index(keep) else {
                        return false;
                    };
                    match rethrows.checked_sub(1) {
                        Some(r) => self.turn.keep[r][kept],
                        None => return false,
                    }
                }
            };
            values.push(value);
        }
        true
    }
}

/// What an empty box is worth on average to a fair player, roughly.
fn expected_box(which: BoxId) -> f64 {
    use BoxId::*;
    match which {
        Un => 2.0,
        Deux => 5.0,
        Trois => 8.0,
        Quatre => 11.0,
        Cinq => 14.0,
        Six => 17.0,
        DoublePaire => 14.0,
        Brelan => 9.0,
        Suite => 13.0,
        PetiteSuite => 15.0,
        GrandeSuite => 16.0,
        Full => 18.0,
        Carre => 14.0,
        Yams => 12.0,
        Chance => 22.0,
        Maxi => 24.0,
        Mini => 10.0,
    }
}

/// A seat's grand total plus what its empty boxes are expected to bring.
fn potential(state: &yams::State, seat: Seat) -> f64 {
    let options = state.options();
    let mut total = f64::from(state.grand_total(seat));
    for grid in state.grids_of(seat) {
        for which in BoxId::ALL {
            if which.in_play(options) && grid.get(which).is_none() {
                total += expected_box(which);
            }
        }
    }
    total
}

impl Evaluate for Yams {
    const ROLLOUT_STEPS: usize = 2;

    fn seats(state: &yams::State) -> usize {
        state.seats()
    }

    fn score(state: &yams::State, seat: Seat) -> f64 {
        f64::from(state.grand_total(seat))
    }

    fn standing(state: &yams::State, seat: Seat) -> f64 {
        potential(state, seat)
    }

    fn score_scale() -> f64 {
        25.0
    }

    fn solo_mid() -> f64 {
        200.0
    }
}

#[cfg(test)]
mod tests;

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

use rand::RngExt;
use tapis_games::Seat;
use tapis_games::yams::{self, Action, BoxId, Grid, Options, Yams};

use crate::bot::{Bot, BotRng, Position};
use crate::evaluate::Evaluate;
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

    /// The position of `grid` between turns.
    fn spot(&self, grid: &Grid, options: &Options) -> Spot {
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

/// How a level turns the actions' values into a choice.
#[derive(Debug, Clone, Copy)]
enum Choice {
    /// The best action (the first of equal ones).
    Best,
    /// An action drawn with a weight of `exp(-loss / temperature)`, `loss` being its value
    /// below the best in points: close choices are often confused, costly ones rarely.
    Soft { temperature: f64 },
}

/// A Yams bot playing from the exact solution.
pub struct SolvedBot {
    choice: Choice,
    /// Plays where the solver does not apply.
    fallback: Box<dyn Bot<Yams>>,
    turn: Box<Turn>,
    values: Vec<f64>,
}

impl std::fmt::Debug for SolvedBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolvedBot")
            .field("choice", &self.choice)
            .finish_non_exhaustive()
    }
}

/// The Yams bot of `level`.
pub fn level_bot(level: Level) -> Box<dyn Bot<Yams>> {
    let choice = match level {
        Level::Easy => Choice::Soft { temperature: 2.5 },
        Level::Medium => Choice::Soft { temperature: 1.0 },
        Level::Strong => Choice::Best,
    };
    Box::new(SolvedBot {
        choice,
        fallback: search::level_bot::<Yams>(level),
        turn: Box::default(),
        values: Vec::new(),
    })
}

impl Bot<Yams> for SolvedBot {
    fn choose(&mut self, at: &Position<'_, Yams>, rng: &mut BotRng) -> usize {
        let Some(solved) = solved(at.state.options()) else {
            return self.fallback.choose(at, rng);
        };
        if !self.value_actions(&solved, at) {
            return self.fallback.choose(at, rng);
        }
        let best = self
            .values
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        match self.choice {
            Choice::Best => self.values.iter().position(|v| *v == best).unwrap_or(0),
            Choice::Soft { temperature } => {
                let weights: Vec<f64> = self
                    .values
                    .iter()
                    .map(|v| ((v - best) / temperature).exp())
                    .collect();
                let total: f64 = weights.iter().sum();
                let mut pick = rng.random::<f64>() * total;
                for (i, w) in weights.iter().enumerate() {
                    if pick < *w {
                        return i;
                    }
                    pick -= w;
                }
                weights.len().saturating_sub(1)
            }
        }
    }
}

impl SolvedBot {
    /// Values every legal action into `self.values` (expected points to come, up to a
    /// constant); `false` when the position is not one the solution describes (dice not
    /// thrown, a box it does not know).
    fn value_actions(&mut self, solved: &Solved, at: &Position<'_, Yams>) -> bool {
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
        self.values.clear();
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
            self.values.push(value);
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

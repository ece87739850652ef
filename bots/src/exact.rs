//! The bots that value every legal action from a solution of their game (the Yams levels,
//! the strong levels of 5000, Can't Stop and 421, the `max-points` baseline), and hand the
//! position to another bot where the solution does not describe it.

use rand::RngExt;
use tapis_games::Game;

use crate::bot::{Bot, BotRng, Position};
use crate::evaluate::Evaluate;
use crate::level::Level;
use crate::search;

/// What a solution says of a position: a value for each legal action.
pub trait ValueActions<G: Game> {
    /// Values every action of `at.legal`, in order, into `values` (empty on entry; higher is
    /// better); `false` where the solution does not describe the position.
    fn value_actions(&mut self, at: &Position<'_, G>, values: &mut Vec<f64>) -> bool;
}

/// How a bot turns the actions' values into a choice.
#[derive(Debug, Clone, Copy)]
pub enum Choice {
    /// The best action (the first of equal ones).
    Best,
    /// An action drawn with a weight of `exp(-loss / temperature)`, `loss` being its value
    /// below the best: close choices are often confused, costly ones rarely.
    Soft { temperature: f64 },
}

impl Choice {
    /// The index in `values` of the action chosen.
    pub fn pick(self, values: &[f64], rng: &mut BotRng) -> usize {
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        match self {
            Choice::Best => values.iter().position(|v| *v == best).unwrap_or(0),
            Choice::Soft { temperature } => {
                let weights: Vec<f64> = values
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

/// A bot playing from a solution (`V`), and from `fallback` where the solution does not
/// describe the position.
pub struct Exact<G: Game, V> {
    solution: V,
    choice: Choice,
    fallback: Box<dyn Bot<G>>,
    values: Vec<f64>,
}

impl<G: Game, V> Exact<G, V> {
    pub fn new(solution: V, choice: Choice, fallback: Box<dyn Bot<G>>) -> Self {
        Exact {
            solution,
            choice,
            fallback,
            values: Vec::new(),
        }
    }
}

/// The strong bot of a game solved as it is played: the best action of `solution`, and the
/// generic search's strong level where the solution does not describe the position.
pub fn strong_bot<G: Evaluate, V: ValueActions<G> + 'static>(solution: V) -> Box<dyn Bot<G>> {
    let fallback = search::level_bot::<G>(Level::Strong);
    Box::new(Exact::new(solution, Choice::Best, fallback))
}

impl<G: Game, V> std::fmt::Debug for Exact<G, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Exact")
            .field("choice", &self.choice)
            .finish_non_exhaustive()
    }
}

impl<G: Game, V: ValueActions<G>> Bot<G> for Exact<G, V> {
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize {
        self.values.clear();
        if !self.solution.value_actions(at, &mut self.values) {
            return self.fallback.choose(at, rng);
        }
        self.choice.pick(&self.values, rng)
    }
}

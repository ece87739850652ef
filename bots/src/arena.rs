//! Seeded matches between two bots, for the arena binary and the tests: the match's dice come
//! from a generator seeded per match, which the bots never see; each bot draws from its own.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use serde_json::Value;
use tapis_games::playout::chance_values;
use tapis_games::{AnyAction, AnyState, GameId, Seat, Turn};

use crate::bot::BotRng;
use crate::decide::{BotError, decide_as};
use crate::roster::BotKind;
use crate::search::RngChooser;

/// No game needs more steps than this; a match that does is reported as an error.
const MAX_STEPS: usize = 200_000;

/// What one match gave.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// The seats bot A sat in (bot B had the others).
    pub a_seats: Vec<Seat>,
    /// Final score of each seat.
    pub scores: Vec<i64>,
    /// Final rank of each seat (1 is best).
    pub ranks: Vec<usize>,
    /// Turns started by each seat (where the game reports them).
    pub turns: Vec<u32>,
    /// Decision times of bot A and of bot B.
    pub times_a: Vec<Duration>,
    pub times_b: Vec<Duration>,
    /// The actions each decision chose, in order (for replay checks).
    pub decisions: Vec<AnyAction>,
}

/// Why a match could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error(transparent)]
    Setup(#[from] tapis_games::SetupError),
    #[error("a bot failed: {0}")]
    Bot(#[from] BotError),
    #[error("the rules refused a step: {0}")]
    Rules(#[from] tapis_games::ActionError),
    #[error("an event could not be written as JSON: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("the match did not end within {MAX_STEPS} steps")]
    TooLong,
}

/// Plays one match of `game` with `seats` seats, bot `a` in `a_seats` and bot `b` elsewhere,
/// with the default options. `match_seed` drives the dice; `bot_seed` the bots' generators.
pub fn play_match(
    game: GameId,
    seats: usize,
    a_seats: &[Seat],
    a: BotKind,
    b: BotKind,
    match_seed: u64,
    bot_seed: u64,
) -> Result<MatchResult, ArenaError> {
    let mut state = AnyState::setup(game, seats, &game.default_options())?;
    let mut dice = BotRng::seed_from_u64(match_seed);
    let mut bot_seeds = BotRng::seed_from_u64(bot_seed);
    let mut values = Vec::new();
    let mut result = MatchResult {
        a_seats: a_seats.to_vec(),
        scores: vec![0; seats],
        ranks: vec![0; seats],
        turns: vec![0; seats],
        times_a: Vec::new(),
        times_b: Vec::new(),
        decisions: Vec::new(),
    };
    for _ in 0..MAX_STEPS {
        let events = match state.turn() {
            Turn::Over => {
                if let Some(outcome) = state.outcome() {
                    for placing in outcome.ranking {
                        if placing.seat < seats {
                            result.scores[placing.seat] = placing.score;
                            result.ranks[placing.seat] = placing.rank;
                        }
                    }
                }
                return Ok(result);
            }
            Turn::Chance { chance } => {
                chance_values(&chance, &mut RngChooser(&mut dice), &mut values);
                state.apply_chance(&values)?
            }
            Turn::Seat { seat } => {
                let is_a = a_seats.contains(&seat);
                let kind = if is_a { a } else { b };
                let seed = bot_seeds.random::<u64>();
                let started = Instant::now();
                let action = decide_as(&state, seat, kind, kind.default_budget(), seed)?;
                let took = started.elapsed();
                if is_a {
                    result.times_a.push(took);
                } else {
                    result.times_b.push(took);
                }
                let events = state.apply(seat, &action)?;
                result.decisions.push(action);
                events
            }
        };
        for event in events {
            // Every game says a turn starts in the same words, so one look at the JSON counts
            // turns for all of them.
            let event = serde_json::to_value(&event)?;
            if event.get("type").and_then(Value::as_str) == Some("turn_started")
                && let Some(seat) = event.get("seat").and_then(Value::as_u64)
                && let Some(count) = result.turns.get_mut(seat as usize)
            {
                *count += 1;
            }
        }
    }
    Err(ArenaError::TooLong)
}

/// The Wilson score interval at 95 % for `successes` out of `n`.
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = successes / n;
    let denominator = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

/// The `q`-quantile (0..=1) of some durations, in milliseconds.
pub fn quantile_ms(times: &mut [Duration], q: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort();
    let index = ((times.len() - 1) as f64 * q).round() as usize;
    times[index.min(times.len() - 1)].as_secs_f64() * 1000.0
}

//! Seeded matches between bots, recorded as the analysis reads them: for the tests and the
//! benchmark of the analysis.

use rand::{RngExt, SeedableRng};
use serde_json::Value;
use tapis_games::playout::chance_values;
use tapis_games::{AnyState, GameId, Turn};

use super::{MatchRecord, RecordStep};
use crate::arena::ArenaError;
use crate::bot::BotRng;
use crate::decide::decide_as;
use crate::roster::BotKind;
use crate::search::RngChooser;

/// No game needs more steps than this.
const MAX_STEPS: usize = 200_000;

/// Plays a match of `game` with `options`, seat `s` played by `kinds[s]`: the dice drawn from
/// `match_seed`, the bots' generators from `bot_seed`. Returns its record.
pub fn bot_match(
    game: GameId,
    options: &Value,
    kinds: &[BotKind],
    match_seed: u64,
    bot_seed: u64,
) -> Result<MatchRecord, ArenaError> {
    let mut state = AnyState::setup(game, kinds.len(), options)?;
    let mut dice = BotRng::seed_from_u64(match_seed);
    let mut bot_seeds = BotRng::seed_from_u64(bot_seed);
    let mut values = Vec::new();
    let mut steps = Vec::new();
    for _ in 0..MAX_STEPS {
        match state.turn() {
            Turn::Over => {
                return Ok(MatchRecord {
                    game,
                    seats: kinds.len(),
                    options: options.clone(),
                    steps,
                });
            }
            Turn::Chance { chance } => {
                chance_values(&chance, &mut RngChooser(&mut dice), &mut values);
                state.apply_chance(&values)?;
                steps.push(RecordStep::Chance {
                    values: values.clone(),
                });
            }
            Turn::Seat { seat } => {
                let kind = kinds.get(seat).copied().unwrap_or(BotKind::Random);
                let seed = bot_seeds.random::<u64>();
                let action = decide_as(&state, seat, kind, kind.default_budget(), seed)?;
                state.apply(seat, &action)?;
                steps.push(RecordStep::Action { seat, action });
            }
        }
    }
    Err(ArenaError::TooLong)
}

//! PLACEHOLDER: replaced by the real crate at merge
//!
//! The computer players' public API, with a stand-in decision (a legal action chosen from the
//! bot's own seed) so that the server can be built and tested against it.

use serde::{Deserialize, Serialize};
use tapis_games::{AnyState, Seat};

/// How strongly a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Medium,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Strong];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Strong => "strong",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// The account the bot of this level plays under.
    pub fn username(self) -> &'static str {
        match self {
            Level::Easy => "tapis-easy",
            Level::Medium => "tapis-medium",
            Level::Strong => "tapis-strong",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Level::Easy => "Plays sensibly but makes mistakes: for beginners.",
            Level::Medium => "A fair opponent for a regular player.",
            Level::Strong => "The strongest computer player.",
        }
    }
}

/// How much work a bot may do for one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub iterations: u32,
}

impl Budget {
    pub fn default_for(level: Level) -> Budget {
        let iterations = match level {
            Level::Easy => 100,
            Level::Medium => 1_000,
            Level::Strong => 10_000,
        };
        Budget { iterations }
    }
}

/// Why a bot could not decide.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("seat {0} has no legal action")]
    NoLegalAction(Seat),
}

/// The action of `seat` in `state`, chosen from the bot's own `seed`.
pub fn decide(
    state: &AnyState,
    seat: Seat,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Result<serde_json::Value, BotError> {
    let _ = (level, budget);
    let mut actions = state.legal_actions(seat);
    if actions.is_empty() {
        return Err(BotError::NoLegalAction(seat));
    }
    // splitmix64 of the seed, reduced to an index.
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let index = ((u128::from(z) * actions.len() as u128) >> 64) as usize;
    Ok(actions.swap_remove(index))
}

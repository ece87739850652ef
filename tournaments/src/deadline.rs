//! How long a round (or a season's match) may run before its unfinished matches are
//! adjudicated.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A round's time limit: each move may take `days_per_move` days, and a game is expected to
/// take `expected_moves` moves (every seat's turns counted; the service keeps a figure per game
/// and table size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundClock {
    /// Days a player has for each move.
    pub days_per_move: u32,
    /// Moves a game of this kind usually takes, all seats together.
    pub expected_moves: u32,
}

impl RoundClock {
    /// Days from the round's start to its deadline: days per move × expected moves (at least
    /// one of each, so a round never ends the moment it starts).
    pub fn days(self) -> u32 {
        self.days_per_move
            .max(1)
            .saturating_mul(self.expected_moves.max(1))
    }

    /// The same limit as a duration.
    pub fn duration(self) -> Duration {
        Duration::from_secs(u64::from(self.days()) * 24 * 60 * 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadline_is_days_per_move_times_expected_moves() {
        let clock = RoundClock {
            days_per_move: 3,
            expected_moves: 40,
        };
        assert_eq!(clock.days(), 120);
        assert_eq!(clock.duration(), Duration::from_secs(120 * 86_400));
        assert_eq!(
            RoundClock {
                days_per_move: 0,
                expected_moves: 0
            }
            .days(),
            1
        );
        assert_eq!(
            RoundClock {
                days_per_move: u32::MAX,
                expected_moves: 2
            }
            .days(),
            u32::MAX
        );
    }
}

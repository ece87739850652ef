//! The options of a Can't Stop match: the variants of the rules file (§2.4) and the size of
//! the piece supply (ambiguity C7).

use serde::{Deserialize, Serialize};

use super::board::COLUMNS;
use crate::options::{GameOptions, OptionSpec, OptionsError};

/// The options of a match (rules file §2.4 and ambiguity C7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopOptions))]
pub struct Options {
    /// Variant V1: the number of columns a player must win to win the game (3, 4 or 5).
    pub columns_to_win: u8,
    /// Variant V2: a moving runner does not count spaces holding an opponent's piece.
    pub skip_occupied: bool,
    /// Variant V3: a player may not stop while a runner stands on an opponent's piece.
    pub no_stop_on_opponent: bool,
    /// Ambiguity C7: the pieces of each colour; 11 (one per column) never runs out, the original
    /// rules' box holds 9. A player whose pieces are all on the board cannot enter a new column.
    pub pieces_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            columns_to_win: 3,
            skip_occupied: false,
            no_stop_on_opponent: false,
            pieces_per_player: COLUMNS as u8,
        }
    }
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        let defaults = Options::default();
        vec![
            OptionSpec::integer(
                "columns_to_win",
                "How many columns a player must win to win the game.",
                3,
                5,
                i64::from(defaults.columns_to_win),
            ),
            OptionSpec::boolean(
                "skip_occupied",
                "A moving runner jumps over the spaces where an opponent has a piece.",
                defaults.skip_occupied,
            ),
            OptionSpec::boolean(
                "no_stop_on_opponent",
                "A player may not stop while one of the runners stands on an opponent's piece.",
                defaults.no_stop_on_opponent,
            ),
            OptionSpec::integer(
                "pieces_per_player",
                "Pieces of each colour; with fewer than 11, a player whose pieces are all on the \
                 board cannot enter another column.",
                3,
                COLUMNS as i64,
                i64::from(defaults.pieces_per_player),
            ),
        ]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if !(3..=5).contains(&self.columns_to_win) {
            return Err(OptionsError::new(
                "columns_to_win",
                "must be an integer from 3 to 5",
            ));
        }
        if !(3..=COLUMNS as u8).contains(&self.pieces_per_player) {
            return Err(OptionsError::new(
                "pieces_per_player",
                "must be an integer from 3 to 11",
            ));
        }
        // Won columns keep their pieces, so fewer pieces than columns to win could never win.
        if self.pieces_per_player < self.columns_to_win {
            return Err(OptionsError::new(
                "pieces_per_player",
                "must be at least columns_to_win",
            ));
        }
        Ok(())
    }
}

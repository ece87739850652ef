//! The options of a Make Five match: the readings M3 and M6 of the rules file.

use serde::{Deserialize, Serialize};

use crate::options::{GameOptions, OptionSpec};

/// How the first five tokens of a deal are placed (M6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveSetup))]
#[serde(rename_all = "snake_case")]
pub enum Setup {
    /// One at the bottom of each column, in column order (the original rules, fig. 1).
    #[default]
    OnePerColumn,
    /// The Destructeur puts each of the five drawn tokens on any column with room (S1).
    DestroyerChooses,
}

/// The options of a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveOptions))]
pub struct Options {
    /// M3: a row scores only its longest run of side-by-side tokens of one colour (3 or more).
    pub require_contiguous: bool,
    /// M6: how each deal's first five tokens are placed.
    pub setup: Setup,
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::boolean(
                "require_contiguous",
                "A row scores only for same-coloured tokens side by side (its longest such run, \
                 if 3 or more), not for any 3 or more of a colour anywhere in the row.",
                false,
            ),
            OptionSpec::choice(
                "setup",
                "How each deal's first five tokens are placed: one at the bottom of each column, \
                 or on columns the Destructeur chooses.",
                &["one_per_column", "destroyer_chooses"],
                "one_per_column",
            ),
        ]
    }
}

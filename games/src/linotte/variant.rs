//! The two games' options, and the rules each selects: the options type also says which game
//! is played ([`Variant`]), so that the shared core is generic over it.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::board::Scoring;
use crate::id::GameId;
use crate::options::{GameOptions, OptionSpec};

/// The options of La Linotte (every one defaults to the reading of the rules file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteOptions))]
#[serde(default)]
pub struct Options {
    /// Ambiguity G4: count every stretch of 3, 4 or 5 aligned pawns, not only maximal runs.
    pub count_all_windows: bool,
    /// Ambiguity L2: an Appel announced after a Sec succeeds with any major combination, not
    /// only the one announced.
    pub appel_after_sec_any_major: bool,
    /// Ambiguity L3: a failed Appel still lets the player place on a cell the final dice make
    /// (but not on an Appel cell).
    pub failed_challenge_allows_normal_placement: bool,
}

/// The options of Yam Master (every one defaults to the reading of the rules file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamMasterOptions))]
#[serde(default)]
pub struct YamMasterOptions {
    /// Ambiguity G4: count every stretch of 3, 4 or 5 aligned pawns, not only maximal runs.
    pub count_all_windows: bool,
    /// Ambiguity Y2: a failed Défi still lets the player place on a cell the final dice make
    /// (but not on a Défi cell).
    pub failed_challenge_allows_normal_placement: bool,
    /// Ambiguity Y1: a Défi taken on a first-throw major must re-throw a die of it (rule 10).
    pub defi_requires_rethrow_of_combo: bool,
    /// Ambiguity Y3: a pawn removed by the Yam Predator returns to its owner's reserve.
    pub predator_returns_pawn: bool,
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Options {}
    impl Sealed for super::YamMasterOptions {}
}

/// The options type of one of the two games, which also says which game it is. The shared
/// core ([`State`](super::State), [`View`](super::View)) is generic over it.
pub trait Variant:
    GameOptions + Serialize + DeserializeOwned + Default + Clone + PartialEq + Debug + sealed::Sealed
{
    /// The game these options belong to.
    const GAME: GameId;

    /// The rules these options select.
    fn rules(&self) -> Rules;
}

/// The rules that differ between the games and their options, in one flat value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Yam Master (Défi, Yam Predator, instant win) rather than La Linotte (Appel).
    pub yam_master: bool,
    /// How alignments are counted.
    pub scoring: Scoring,
    /// Whether a failed challenge still allows an ordinary placement (L3 / Y2).
    pub failed_challenge_allows_normal_placement: bool,
    /// Whether a challenge on a first-throw major must break it on throw 2 (rule 10, L5, Y1).
    pub challenge_must_break_first_throw_major: bool,
    /// Whether an Appel after a Sec succeeds with any major (L2).
    pub appel_after_sec_any_major: bool,
    /// Whether the Yam Predator gives the removed pawn back (Y3).
    pub predator_returns_pawn: bool,
}

const fn scoring(count_all_windows: bool) -> Scoring {
    if count_all_windows {
        Scoring::AllWindows
    } else {
        Scoring::MaximalRuns
    }
}

const COUNT_ALL_WINDOWS: &str = "Count every stretch of 3, 4 or 5 aligned pawns, not only \
    the longest run: a run of 4 then scores 4 points and a run of 5 scores 10.";

impl Variant for Options {
    const GAME: GameId = GameId::Linotte;

    fn rules(&self) -> Rules {
        Rules {
            yam_master: false,
            scoring: scoring(self.count_all_windows),
            failed_challenge_allows_normal_placement: self.failed_challenge_allows_normal_placement,
            // Rule 10 always holds in La Linotte.
            challenge_must_break_first_throw_major: true,
            appel_after_sec_any_major: self.appel_after_sec_any_major,
            predator_returns_pawn: false,
        }
    }
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::boolean("count_all_windows", COUNT_ALL_WINDOWS, false),
            OptionSpec::boolean(
                "appel_after_sec_any_major",
                "An Appel announced after a Sec succeeds with any major combination, not only \
                 the one announced.",
                false,
            ),
            OptionSpec::boolean(
                "failed_challenge_allows_normal_placement",
                "A failed Appel still lets the player place a pawn on a cell the final dice \
                 make, though not on an Appel cell.",
                false,
            ),
        ]
    }
}

impl Variant for YamMasterOptions {
    const GAME: GameId = GameId::YamMaster;

    fn rules(&self) -> Rules {
        Rules {
            yam_master: true,
            scoring: scoring(self.count_all_windows),
            failed_challenge_allows_normal_placement: self.failed_challenge_allows_normal_placement,
            challenge_must_break_first_throw_major: self.defi_requires_rethrow_of_combo,
            // The Défi names nothing: any major always succeeds.
            appel_after_sec_any_major: false,
            predator_returns_pawn: self.predator_returns_pawn,
        }
    }
}

impl GameOptions for YamMasterOptions {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::boolean("count_all_windows", COUNT_ALL_WINDOWS, false),
            OptionSpec::boolean(
                "failed_challenge_allows_normal_placement",
                "A failed Défi still lets the player place a pawn on a cell the final dice \
                 make, though not on a Défi cell.",
                false,
            ),
            OptionSpec::boolean(
                "defi_requires_rethrow_of_combo",
                "A Défi taken with a major combination on the first throw must throw again at \
                 least one die of that combination, as in La Linotte.",
                false,
            ),
            OptionSpec::boolean(
                "predator_returns_pawn",
                "A pawn removed by the Yam Predator goes back to its owner's reserve instead \
                 of leaving the game.",
                false,
            ),
        ]
    }
}

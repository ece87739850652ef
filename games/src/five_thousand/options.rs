//! The options of a 5000 match (rules file §1 and §2): the target and how it is reached, the
//! opening threshold, the points table and the hot-dice variants.

use serde::{Deserialize, Serialize};

use super::scoring::Table;
use crate::options::{GameOptions, OptionSpec, OptionsError};

/// How many points a player needs in one turn at the end under
/// [`TargetRule::LastThousandInOneTurn`].
pub const LAST_TURN_POINTS: u32 = 1000;

/// How the target ends the game (rules 11 and 12).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandTargetRule))]
#[serde(rename_all = "snake_case")]
pub enum TargetRule {
    /// The original rules: a banked score of the target or more wins.
    #[default]
    AtLeast,
    /// The score must reach the target exactly; a banking that would pass it is void and the
    /// turn total is lost (S2).
    Exactly,
    /// The last 1000 points must be made in one turn: points above `target - 1000` do not count
    /// unless the banking reaches the target.
    LastThousandInOneTurn,
}

impl TargetRule {
    const VALUES: [&'static str; 3] = ["at_least", "exactly", "last_thousand_in_one_turn"];
}

/// The options of a match (rules file §1 and §2); the defaults are the original rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandOptions))]
pub struct Options {
    /// The score that wins: 5000, or 10 000 for the variant of that name.
    pub target: u32,
    /// Whether the target is a minimum, must be hit exactly, or needs its last 1000 in one turn.
    pub target_rule: TargetRule,
    /// The turn total a player needs to open (750; 500 in S3, 1000 in S2).
    pub opening_threshold: u32,
    /// Points of a straight (1500; 750 in S2).
    pub straight_value: u32,
    /// Four of a kind scores twice its brelan and five of a kind four times (a house table).
    pub extra_multiples: bool,
    /// After hot dice the player must throw all five dice again when a throw is left (S2).
    pub hot_dice_mandatory: bool,
    /// A hot-dice re-throw starts a fresh count of three throws (F2).
    pub hot_dice_resets_throw_count: bool,
    /// When a player reaches the target, the round is played out before the game ends (F9).
    pub finish_round: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: 5000,
            target_rule: TargetRule::AtLeast,
            opening_threshold: 750,
            straight_value: 1500,
            extra_multiples: false,
            hot_dice_mandatory: false,
            hot_dice_resets_throw_count: false,
            finish_round: false,
        }
    }
}

impl Options {
    /// The points table these options give.
    pub fn table(&self) -> Table {
        Table {
            straight: self.straight_value,
            extra_multiples: self.extra_multiples,
        }
    }
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        let d = Options::default();
        vec![
            points_option(
                "target",
                "The banked score that wins the game (10 000 for the variant of that name).",
                TARGET_RANGE,
                d.target,
            ),
            OptionSpec::choice(
                "target_rule",
                "Whether the target is a minimum, must be hit exactly (passing it loses the turn), \
                 or needs its last 1000 points in one turn.",
                &TargetRule::VALUES,
                "at_least",
            ),
            points_option(
                "opening_threshold",
                "The points a player must make in one turn before banking anything.",
                OPENING_RANGE,
                d.opening_threshold,
            ),
            points_option(
                "straight_value",
                "Points of a straight, 1-2-3-4-5 or 2-3-4-5-6.",
                STRAIGHT_RANGE,
                d.straight_value,
            ),
            OptionSpec::boolean(
                "extra_multiples",
                "Four of a kind scores twice its brelan and five of a kind four times, instead of \
                 a brelan plus the leftover dice.",
                d.extra_multiples,
            ),
            OptionSpec::boolean(
                "hot_dice_mandatory",
                "When all five dice have scored, the player must throw them all again if a throw \
                 is left.",
                d.hot_dice_mandatory,
            ),
            OptionSpec::boolean(
                "hot_dice_resets_throw_count",
                "Throwing all five dice again after they have all scored starts a fresh count of \
                 three throws.",
                d.hot_dice_resets_throw_count,
            ),
            OptionSpec::boolean(
                "finish_round",
                "When a player reaches the target, the others finish the round before the game \
                 ends; the highest score wins.",
                d.finish_round,
            ),
        ]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        for (name, value, (min, max)) in [
            ("target", self.target, TARGET_RANGE),
            ("opening_threshold", self.opening_threshold, OPENING_RANGE),
            ("straight_value", self.straight_value, STRAIGHT_RANGE),
        ] {
            if !(min..=max).contains(&value) {
                return Err(OptionsError::new(
                    name,
                    format!("must be an integer from {min} to {max}"),
                ));
            }
            if !value.is_multiple_of(POINT_STEP) {
                return Err(OptionsError::new(
                    name,
                    format!("must be a multiple of {POINT_STEP}, like every score"),
                ));
            }
        }
        Ok(())
    }
}

/// An integer option counted in points, from `min` to `max`.
fn points_option(
    name: &'static str,
    description: &'static str,
    (min, max): (u32, u32),
    default: u32,
) -> OptionSpec {
    OptionSpec::integer(
        name,
        description,
        i64::from(min),
        i64::from(max),
        i64::from(default),
    )
}

/// The ranges of the integer options; every score in the game is a multiple of 50, so they
/// must be too.
const TARGET_RANGE: (u32, u32) = (5000, 10_000);
const OPENING_RANGE: (u32, u32) = (500, 1000);
const STRAIGHT_RANGE: (u32, u32) = (750, 1500);
pub(super) const POINT_STEP: u32 = 50;

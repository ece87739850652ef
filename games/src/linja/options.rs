//! The options of a Linja match (rules file §2 and §5): the edition played and its
//! variants.

use serde::{Deserialize, Serialize};

use crate::options::{GameOptions, OptionSpec, OptionsError};

/// The two published editions of the rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaEdition))]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// The original French rules: initial move, following move, exact-arrival bonus, deduction.
    #[default]
    Seed,
    /// The 2010 Steffen-Spiele sheet: a 1-row following move after an initial move onto the
    /// goal line, an extra turn after a following move onto an empty row, no bonus, no
    /// deduction.
    Steffen2010,
}

/// The options of a match (rules file §2 and §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaOptions))]
pub struct Options {
    /// Which edition of the rules is played.
    pub edition: Edition,
    /// Original edition: pieces left in the owner's own half at the end cost that row's weight
    /// (rule 20). The 2010 edition never deducts, whatever this says.
    pub deduct_own_half: bool,
    /// The following move may be declined even when one is possible (rule 13).
    pub follow_up_optional: bool,
    /// Original edition: the bonus may move an opponent's piece instead of an own one (rule 16).
    pub nasty_bonus: bool,
    /// Original edition: the bonus may move an own piece back off its goal line (ambiguity A9).
    pub bonus_may_leave_goal: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            edition: Edition::Seed,
            deduct_own_half: true,
            follow_up_optional: false,
            nasty_bonus: false,
            bonus_may_leave_goal: true,
        }
    }
}

impl Options {
    /// Whether scoring deducts pieces left in their owner's own half.
    pub fn deducts(&self) -> bool {
        self.edition == Edition::Seed && self.deduct_own_half
    }
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        let defaults = Options::default();
        vec![
            OptionSpec::choice(
                "edition",
                "The rules played: the original French edition (exact-arrival bonus, deduction), or \
                 the 2010 Steffen-Spiele sheet (1-row following move after reaching the goal, \
                 extra turn after landing on an empty row, no bonus, no deduction).",
                &["seed", "steffen2010"],
                "seed",
            ),
            OptionSpec::boolean(
                "deduct_own_half",
                "Original edition: pieces still in your own half at the end cost the points that \
                 row is worth to your opponent.",
                defaults.deduct_own_half,
            ),
            OptionSpec::boolean(
                "follow_up_optional",
                "The following move may be declined even when one is possible.",
                defaults.follow_up_optional,
            ),
            OptionSpec::boolean(
                "nasty_bonus",
                "Original edition: the bonus may move one of your opponent's pieces one row \
                 forward or backward instead (never back off its goal line).",
                defaults.nasty_bonus,
            ),
            OptionSpec::boolean(
                "bonus_may_leave_goal",
                "Original edition: the bonus may move one of your pieces back off your goal line.",
                defaults.bonus_may_leave_goal,
            ),
        ]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if self.edition == Edition::Steffen2010 {
            // The 2010 edition has no bonus: refuse bonus options that would silently do nothing.
            if self.nasty_bonus {
                return Err(OptionsError::new(
                    "nasty_bonus",
                    "the steffen2010 edition has no bonus move",
                ));
            }
            if !self.bonus_may_leave_goal {
                return Err(OptionsError::new(
                    "bonus_may_leave_goal",
                    "the steffen2010 edition has no bonus move",
                ));
            }
        }
        Ok(())
    }
}

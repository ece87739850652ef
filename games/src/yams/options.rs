//! The options of a Yams match: the variants of the rules file and the bonus they give.

use serde::{Deserialize, Serialize};

use crate::options::{GameOptions, OptionSpec, OptionsError};

/// The most simultaneous grids per player allowed by the option `grids`.
pub const MAX_GRIDS: u8 = 6;

/// How the upper-section bonus ("prime") is computed, from the upper total U (Y1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsBonusRule))]
#[serde(rename_all = "snake_case")]
pub enum BonusRule {
    /// The original rules: (U − 63) + 30 once U reaches 63 (exceeds 63 with `bonus_strict`).
    #[default]
    #[serde(rename = "seed_diff_plus_30")]
    SeedDiffPlus30,
    /// A flat 35 once U ≥ 63 (sirtin.fr, yamsenligne.com).
    #[serde(rename = "flat_35_at_63")]
    Flat35At63,
    /// (U − 60) + 30 once U ≥ 60 (yamsenligne.com).
    #[serde(rename = "diff_plus_30_at_60")]
    DiffPlus30At60,
}

/// What a Brelan (three of a kind) scores (Y2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsBrelanValue))]
#[serde(rename_all = "snake_case")]
pub enum BrelanValue {
    /// A flat 10, as the original rules give it.
    #[default]
    #[serde(rename = "fixed_10")]
    Fixed10,
    /// The sum of the three equal dice (sirtin.fr).
    SumOfThree,
    /// The sum of all five dice (US three of a kind).
    SumOfDice,
}

/// The options of a Yams match; the defaults are the original rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsOptions))]
pub struct Options {
    /// How many grids each player fills at once (rule 9), 1 to [`MAX_GRIDS`].
    pub grids: u8,
    /// How the upper-section bonus is computed (Y1).
    pub bonus_rule: BonusRule,
    /// With the original French bonus rule, whether the upper total must exceed 63 rather than
    /// reach it (the French text says "dépasse", exceeds; Y1). Only valid with
    /// [`BonusRule::SeedDiffPlus30`].
    pub bonus_strict: bool,
    /// What a Brelan scores (Y2).
    pub brelan_value: BrelanValue,
    /// Whether five of a kind may be written as a Full (Y3).
    pub yams_counts_as_full: bool,
    /// Whether the Suite box is split into Petite suite (1-5, 30) and Grande suite (2-6, 40)
    /// (Y4).
    pub split_suites: bool,
    /// Whether the grid has a Double paire box.
    pub double_paire: bool,
    /// Whether Maxi and Mini boxes replace the Chance box.
    pub maxi_mini: bool,
}

/// The original rules: one grid, their bonus from 63, Brelan 10, one Suite box, Chance.
impl Default for Options {
    fn default() -> Self {
        Options {
            grids: 1,
            bonus_rule: BonusRule::default(),
            bonus_strict: false,
            brelan_value: BrelanValue::default(),
            yams_counts_as_full: false,
            split_suites: false,
            double_paire: false,
            maxi_mini: false,
        }
    }
}

impl Options {
    /// The bonus earned by an upper total of `upper` (Y1).
    pub fn bonus(&self, upper: u16) -> u16 {
        let threshold = self.bonus_threshold();
        if upper < threshold {
            return 0;
        }
        match self.bonus_rule {
            BonusRule::SeedDiffPlus30 => upper - 63 + 30,
            BonusRule::Flat35At63 => 35,
            BonusRule::DiffPlus30At60 => upper - 60 + 30,
        }
    }

    /// The smallest upper total that earns a bonus.
    pub fn bonus_threshold(&self) -> u16 {
        match self.bonus_rule {
            BonusRule::SeedDiffPlus30 if self.bonus_strict => 64,
            BonusRule::SeedDiffPlus30 | BonusRule::Flat35At63 => 63,
            BonusRule::DiffPlus30At60 => 60,
        }
    }

    /// How many grids each player fills.
    pub(super) fn grid_count(&self) -> usize {
        usize::from(self.grids)
    }
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::integer(
                "grids",
                "How many grids each player fills at once: each turn you write in any empty box \
                 of any of your grids, and each grid earns its own bonus.",
                1,
                i64::from(MAX_GRIDS),
                1,
            ),
            OptionSpec::choice(
                "bonus_rule",
                "The upper-section bonus: (total − 63) + 30 from 63 as in the original French \
                 rules, a flat 35 from 63, or (total − 60) + 30 from 60.",
                &["seed_diff_plus_30", "flat_35_at_63", "diff_plus_30_at_60"],
                "seed_diff_plus_30",
            ),
            OptionSpec::boolean(
                "bonus_strict",
                "With the original French bonus, the upper total must exceed 63 instead of \
                 reaching it.",
                false,
            ),
            OptionSpec::choice(
                "brelan_value",
                "What a Brelan scores: a flat 10, the sum of the three equal dice, or the sum \
                 of all five dice.",
                &["fixed_10", "sum_of_three", "sum_of_dice"],
                "fixed_10",
            ),
            OptionSpec::boolean(
                "yams_counts_as_full",
                "Five of a kind may also be written as a Full.",
                false,
            ),
            OptionSpec::boolean(
                "split_suites",
                "Two straight boxes instead of one Suite worth 20: Petite suite 1-2-3-4-5 \
                 worth 30 and Grande suite 2-3-4-5-6 worth 40.",
                false,
            ),
            OptionSpec::boolean(
                "double_paire",
                "Add a Double paire box: two pairs of different faces, worth the sum of the \
                 four paired dice.",
                false,
            ),
            OptionSpec::boolean(
                "maxi_mini",
                "Maxi and Mini boxes replace Chance: both score the sum of the dice, and Maxi \
                 must be strictly greater than Mini or it scores 0 (and the other way round).",
                false,
            ),
        ]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if !(1..=MAX_GRIDS).contains(&self.grids) {
            return Err(OptionsError::new(
                "grids",
                format!("must be an integer from 1 to {MAX_GRIDS}"),
            ));
        }
        if self.bonus_strict && self.bonus_rule != BonusRule::SeedDiffPlus30 {
            return Err(OptionsError::new(
                "bonus_strict",
                "only applies to the original bonus rule (bonus_rule = seed_diff_plus_30)",
            ));
        }
        Ok(())
    }
}

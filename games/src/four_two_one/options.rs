//! The options of a 421 match: the variants of the rules file (first player, le bon,
//! l'espagnole, the nénette's amount, the charge in one throw, tie-break amounts, players with
//! no token after the charge).

use serde::{Deserialize, Serialize};

use crate::options::{GameOptions, OptionSpec};

/// Which end of the first-player throw leads the first round (rules 3.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneFirstPlayerRule))]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayerRule {
    /// The highest die starts (ace high, then six down to two).
    #[default]
    Highest,
    /// The lowest die starts.
    Lowest,
}

/// How many tokens change hands when the worst result of a round is the nénette (Q4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneNenetteAmount))]
#[serde(rename_all = "snake_case")]
pub enum NenetteAmount {
    /// Always 2, whatever the best result (original rules: "reçoit d'office 2 jetons").
    #[default]
    FixedTwo,
    /// The best result's value, but at least 2.
    AtLeastTwo,
    /// The best result's value plus 2.
    BestPlusTwo,
}

/// What happens to players holding no token when the charge ends (Q8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneZeroAtChargeEnd))]
#[serde(rename_all = "snake_case")]
pub enum ZeroAtChargeEnd {
    /// They win at once, sharing the win if there are several (original rules).
    #[default]
    WinImmediately,
    /// They sit out the décharge, which the others play; the first of those to reach 0 wins.
    SitsOutOfDecharge,
}

/// The options of a 421 match; the defaults are the original rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneOptions))]
#[serde(default)]
pub struct Options {
    /// Whether the highest or the lowest die of the first-player throw starts.
    pub first_player_rule: FirstPlayerRule,
    /// "Le bon": a following player may keep their dice before using all `k` throws.
    pub le_bon: bool,
    /// "L'espagnole": a player holding all 21 tokens when the charge ends loses at once.
    pub espagnole: bool,
    /// The amount when the worst result is the nénette.
    pub nenette_amount: NenetteAmount,
    /// The charge is played with one throw each.
    pub charge_single_throw: bool,
    /// Only one token changes hands in a round that needed a tie-break.
    pub tie_break_amount_one: bool,
    /// What happens to players holding no token when the charge ends.
    pub zero_at_charge_end: ZeroAtChargeEnd,
}

impl GameOptions for Options {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::choice(
                "first_player_rule",
                "Whether the highest or the lowest die (ace high) of the first throw starts.",
                &["highest", "lowest"],
                "highest",
            ),
            OptionSpec::boolean(
                "le_bon",
                "A player happy with their dice may stop before using the leader's number of throws.",
                false,
            ),
            OptionSpec::boolean(
                "espagnole",
                "A player who takes all 21 tokens during the charge loses at once.",
                false,
            ),
            OptionSpec::choice(
                "nenette_amount",
                "Tokens owed when the worst result is 2-2-1: always 2, the best result's value but at least 2, or that value plus 2.",
                &["fixed_two", "at_least_two", "best_plus_two"],
                "fixed_two",
            ),
            OptionSpec::boolean(
                "charge_single_throw",
                "During the charge, every player throws the dice only once.",
                false,
            ),
            OptionSpec::boolean(
                "tie_break_amount_one",
                "Only one token changes hands in a round decided by a tie-break.",
                false,
            ),
            OptionSpec::choice(
                "zero_at_charge_end",
                "Players with no token when the charge ends either win at once or sit out the décharge.",
                &["win_immediately", "sits_out_of_decharge"],
                "win_immediately",
            ),
        ]
    }
}

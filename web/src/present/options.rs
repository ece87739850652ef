//! What players call the options of each game and their values: the lobby's form, the rules
//! pages and error messages show these words, never the API's names (`nenette_amount`,
//! `seed_diff_plus_30`), which the API keeps.

use serde_json::Value;
use tapis_games::GameId;

/// The name players read for option `option` of `game`, if Tapis knows it.
pub fn label(game: GameId, option: &str) -> Option<&'static str> {
    use GameId::*;
    Some(match (game, option) {
        (Linotte | YamMaster, "count_all_windows") => "Count every stretch of a long run",
        (Linotte, "appel_after_sec_any_major") => "Appel after a Sec: any major combination wins",
        (Linotte, "failed_challenge_allows_normal_placement") => {
            "A failed Appel may still place a pawn"
        }
        (YamMaster, "failed_challenge_allows_normal_placement") => {
            "A failed Défi may still place a pawn"
        }
        (YamMaster, "defi_requires_rethrow_of_combo") => {
            "A Défi on a first-throw combination throws part of it again"
        }
        (YamMaster, "predator_returns_pawn") => "The Yam Predator gives the pawn back",
        (Linja, "edition") => "Rules edition",
        (Linja, "deduct_own_half") => "Pieces left in your own half cost points",
        (Linja, "follow_up_optional") => "The following move may be declined",
        (Linja, "nasty_bonus") => "The bonus may move an opponent's piece",
        (Linja, "bonus_may_leave_goal") => "The bonus may take a piece back off the goal line",
        (FiveThousand, "target") => "Winning score",
        (FiveThousand, "target_rule") => "Reaching the winning score",
        (FiveThousand, "opening_threshold") => "Points needed to open",
        (FiveThousand, "straight_value") => "Points of a straight",
        (FiveThousand, "extra_multiples") => "Four and five of a kind score more",
        (FiveThousand, "hot_dice_mandatory") => "Main pleine must be thrown again",
        (FiveThousand, "hot_dice_resets_throw_count") => "Main pleine gives three fresh throws",
        (FiveThousand, "finish_round") => "The round is finished after the winning score",
        (FourTwoOne, "first_player_rule") => "Who starts",
        (FourTwoOne, "le_bon") => "Le bon: stop early when happy",
        (FourTwoOne, "espagnole") => "L'espagnole: taking all 21 tokens loses",
        (FourTwoOne, "nenette_amount") => "Tokens owed for a nénette",
        (FourTwoOne, "charge_single_throw") => "A single throw each during the charge",
        (FourTwoOne, "tie_break_amount_one") => "A tie-break moves one token only",
        (FourTwoOne, "zero_at_charge_end") => "A player without tokens when the charge ends",
        (CantStop, "columns_to_win") => "Columns needed to win",
        (CantStop, "skip_occupied") => "Runners jump over opponents' pieces",
        (CantStop, "no_stop_on_opponent") => "No stopping on an opponent's piece",
        (CantStop, "pieces_per_player") => "Pieces per player",
        (Yams, "grids") => "Grids per player",
        (Yams, "bonus_rule") => "Upper-section bonus (prime)",
        (Yams, "bonus_strict") => "The bonus needs more than 63",
        (Yams, "brelan_value") => "What a Brelan scores",
        (Yams, "yams_counts_as_full") => "A Yams also counts as a Full",
        (Yams, "split_suites") => "Petite and Grande suite boxes",
        (Yams, "double_paire") => "A Double paire box",
        (Yams, "maxi_mini") => "Maxi and Mini instead of Chance",
        (MakeFive, "require_contiguous") => "Rows score only for tokens side by side",
        (MakeFive, "setup") => "Where a deal's first tokens go",
        _ => return None,
    })
}

/// The words players read for value `value` of choice option `option` of `game`.
pub fn choice(game: GameId, option: &str, value: &str) -> Option<&'static str> {
    use GameId::*;
    Some(match (game, option, value) {
        (Linja, "edition", "seed") => "the original French edition",
        (Linja, "edition", "steffen2010") => "the Steffen-Spiele sheet of 2010",
        (FiveThousand, "target_rule", "at_least") => "reach it or go past it",
        (FiveThousand, "target_rule", "exactly") => "hit it exactly",
        (FiveThousand, "target_rule", "last_thousand_in_one_turn") => {
            "make the last 1000 points in one turn"
        }
        (FourTwoOne, "first_player_rule", "highest") => "the highest die",
        (FourTwoOne, "first_player_rule", "lowest") => "the lowest die",
        (FourTwoOne, "nenette_amount", "fixed_two") => "always 2",
        (FourTwoOne, "nenette_amount", "at_least_two") => "the best result's value, at least 2",
        (FourTwoOne, "nenette_amount", "best_plus_two") => "the best result's value plus 2",
        (FourTwoOne, "zero_at_charge_end", "win_immediately") => "wins at once",
        (FourTwoOne, "zero_at_charge_end", "sits_out_of_decharge") => "sits out the décharge",
        (Yams, "bonus_rule", "seed_diff_plus_30") => "from 63: 30 plus the points above 63",
        (Yams, "bonus_rule", "flat_35_at_63") => "from 63: 35",
        (Yams, "bonus_rule", "diff_plus_30_at_60") => "from 60: 30 plus the points above 60",
        (Yams, "brelan_value", "fixed_10") => "10 points",
        (Yams, "brelan_value", "sum_of_three") => "the sum of the three equal dice",
        (Yams, "brelan_value", "sum_of_dice") => "the sum of all five dice",
        (MakeFive, "setup", "one_per_column") => "one at the foot of each column",
        (MakeFive, "setup", "destroyer_chooses") => "on columns the Destructeur chooses",
        _ => return None,
    })
}

/// An option's name for players: its label, or, for an option Tapis has no words for (never
/// expected: a test checks every game), its API name with spaces.
pub fn label_or_name(game: GameId, option: &str) -> String {
    label(game, option).map_or_else(|| option.replace('_', " "), str::to_owned)
}

/// A value of an option in words: `on` / `off`, a number, or a choice's words.
pub fn value_words(game: GameId, option: &str, value: &Value) -> String {
    match value {
        Value::Bool(true) => "on".to_owned(),
        Value::Bool(false) => "off".to_owned(),
        Value::String(s) => {
            choice(game, option, s).map_or_else(|| s.replace('_', " "), str::to_owned)
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use tapis_games::options::OptionKind;

    use super::*;

    /// Every option of every game, and every value of every choice, has words for players.
    #[test]
    fn every_option_and_choice_has_players_words() {
        for game in GameId::ALL {
            for spec in game.option_specs() {
                let label = label(game, spec.name);
                assert!(label.is_some(), "{game}: option {} has no label", spec.name);
                assert!(!label.unwrap_or_default().contains('_'));
                if let OptionKind::Choice { values } = &spec.kind {
                    for value in values {
                        let words = choice(game, spec.name, value);
                        assert!(
                            words.is_some(),
                            "{game}: {} = {value} has no words",
                            spec.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn values_read_as_words() {
        assert_eq!(
            value_words(GameId::Yams, "brelan_value", &Value::from("fixed_10")),
            "10 points"
        );
        assert_eq!(
            value_words(GameId::Yams, "maxi_mini", &Value::Bool(false)),
            "off"
        );
        assert_eq!(
            value_words(GameId::CantStop, "columns_to_win", &Value::from(3)),
            "3"
        );
    }
}

//! What players call the options of each game and their values: the lobby's form, the rules
//! pages and error messages show these words, never the API's names (`nenette_amount`,
//! `seed_diff_plus_30`), which the API keeps.

use serde_json::Value;
use tapis_games::GameId;
use tapis_l10n::Language;

/// The key of a message about option `option` of `game`: `option-yams-brelan-value-label`.
fn key(game: GameId, option: &str, what: &str) -> String {
    format!(
        "option-{}-{}-{what}",
        game.as_str(),
        option.replace('_', "-")
    )
}

/// The message `key` in `lang`, if the message files have it.
fn known(lang: Language, key: &str) -> Option<String> {
    tapis_l10n::try_message(lang, key, None).ok()
}

/// The name players read for option `option` of `game`, if Tapis knows it.
pub fn label(game: GameId, option: &str, lang: Language) -> Option<String> {
    known(lang, &key(game, option, "label"))
}

/// What option `option` of `game` changes, for players; `service` (the rules crate's English
/// text, as the API gives it) for an option the message files do not know.
pub fn description(game: GameId, option: &str, service: &str, lang: Language) -> String {
    known(lang, &key(game, option, "description")).unwrap_or_else(|| service.to_owned())
}

/// The words players read for value `value` of choice option `option` of `game`.
pub fn choice(game: GameId, option: &str, value: &str, lang: Language) -> Option<String> {
    let what = format!("value-{}", value.replace('_', "-"));
    known(lang, &key(game, option, &what))
}

/// An option's name for players: its label, or, for an option Tapis has no words for (never
/// expected: a test checks every game), its API name with spaces.
pub fn label_or_name(game: GameId, option: &str, lang: Language) -> String {
    label(game, option, lang).unwrap_or_else(|| option.replace('_', " "))
}

/// A value of an option in words: `on` / `off`, a number, or a choice's words.
pub fn value_words(game: GameId, option: &str, value: &Value, lang: Language) -> String {
    match value {
        Value::Bool(true) => lang.t("option-value-on"),
        Value::Bool(false) => lang.t("option-value-off"),
        Value::String(s) => choice(game, option, s, lang).unwrap_or_else(|| s.replace('_', " ")),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use tapis_games::options::OptionKind;

    use super::*;

    /// Every option of every game, and every value of every choice, has words for players, in
    /// each language.
    #[test]
    fn every_option_and_choice_has_players_words() {
        for lang in Language::ALL {
            for game in GameId::ALL {
                for spec in game.option_specs() {
                    let label = label(game, spec.name, lang);
                    assert!(label.is_some(), "{game}: option {} has no label", spec.name);
                    assert!(!label.unwrap_or_default().contains('_'));
                    let description = key(game, spec.name, "description");
                    assert!(known(lang, &description).is_some(), "{description}");
                    if let OptionKind::Choice { values } = &spec.kind {
                        for value in values {
                            let words = choice(game, spec.name, value, lang);
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
    }

    /// The English descriptions are the rules crate's, word for word.
    #[test]
    fn english_descriptions_are_the_services() {
        for game in GameId::ALL {
            for spec in game.option_specs() {
                assert_eq!(
                    description(game, spec.name, "", Language::En),
                    spec.description,
                    "{game}: {}",
                    spec.name
                );
            }
        }
    }

    #[test]
    fn values_read_as_words() {
        let en = Language::En;
        assert_eq!(
            value_words(GameId::Yams, "brelan_value", &Value::from("fixed_10"), en),
            "10 points"
        );
        assert_eq!(
            value_words(GameId::Yams, "maxi_mini", &Value::Bool(false), en),
            "off"
        );
        assert_eq!(
            value_words(GameId::CantStop, "columns_to_win", &Value::from(3), en),
            "3"
        );
        assert_eq!(
            value_words(GameId::Yams, "maxi_mini", &Value::Bool(true), Language::Fr),
            "activée"
        );
        assert_eq!(
            label_or_name(GameId::Yams, "yams_counts_as_full", Language::Fr),
            "Un Yams compte aussi comme Full"
        );
    }
}

//! The rules' own names in words: how a game ended (an outcome's reason), and any term of
//! the games' JSON (`dice_thrown` → `Dice thrown`), from the messages where they know it.

use tapis_l10n::Language;

/// How a game ended, from the outcome's reason.
pub fn reason_words(reason: &str, lang: Language) -> String {
    let key = match reason {
        "grids_filled" => "match-reason-grids-filled",
        "resignation" => "match-reason-resignation",
        "timeout" => "match-reason-timeout",
        "target_reached" => "match-reason-target-reached",
        "five_ones" => "match-reason-five-ones",
        "discharged" => "match-reason-discharged",
        "no_tokens_after_charge" => "match-reason-no-tokens-after-charge",
        "espagnole" => "match-reason-espagnole",
        "five_in_a_row" => "match-reason-five-in-a-row",
        "columns_won" => "match-reason-columns-won",
        "all_columns_won" => "match-reason-all-columns-won",
        "make_five" => "match-reason-make-five",
        "all_deals_played" => "match-reason-all-deals-played",
        "no_pawns_left" => "match-reason-no-pawns-left",
        "armies_passed" => "match-reason-armies-passed",
        "blocked" => "match-reason-blocked",
        // A reason the rules crate gained after these words: its own words where the
        // messages know them.
        other => return term(other, lang).to_lowercase(),
    };
    lang.t(key)
}

/// `initial_move` → `Initial move`.
pub fn humanize(name: &str) -> String {
    let spaced = name.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A type or field name of the JSON in words: `dice_thrown` → `Dice thrown` (`Dés lancés`), from
/// `play-common-term-<name>` where the messages know it, else [`humanize`]d.
pub fn term(name: &str, lang: Language) -> String {
    let key = format!("play-common-term-{}", name.replace('_', "-"));
    tapis_l10n::try_message(lang, &key, None).unwrap_or_else(|_| humanize(name))
}

//! A tournament's terms, in words: the game and its options, the tables, the rounds and the
//! clock, and who may enter.

use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::tournaments::TournamentView;

use crate::present::competition::{Term, days_for_moves, days_per_move, seats};
use crate::present::{When, game_name, options};

/// Every term of tournament `t`, as its page lists them.
pub(super) fn terms(t: &TournamentView, lang: Language) -> Vec<Term> {
    let term = |key: &str, value: String| Term::new(key, value, lang);
    let yes_no = |on: bool| {
        lang.t(if on {
            "tournament-yes"
        } else {
            "tournament-no"
        })
    };
    vec![
        term("tournament-game", game_name(&t.game)),
        term("tournament-options", options_words(t, lang)),
        term("tournament-table-size", seats(t.table_size, lang)),
        term("tournament-rounds", lang.number(i64::from(t.rounds))),
        term(
            "tournament-days-per-move",
            days_per_move(t.days_per_move, lang),
        ),
        term(
            "tournament-round-deadline",
            days_for_moves(
                "tournament-round-days",
                t.round_days,
                t.expected_moves,
                lang,
            ),
        ),
        term("tournament-rated", yes_no(t.rated)),
        term("tournament-starts", When::of(t.starts_at, lang).text),
        term("tournament-rating", rating_range(t, lang)),
        term(
            "tournament-max-players",
            t.max_players.map_or_else(
                || lang.t("tournament-no-limit"),
                |n| lang.number(i64::from(n)),
            ),
        ),
        term("tournament-vacation", yes_no(t.vacation_pauses)),
        term(
            "tournament-late-entry",
            lang.t1(
                "tournament-late-entry-until",
                "round",
                i64::from(t.late_entry_before_round),
            ),
        ),
        term("tournament-bots", yes_no(t.allow_bots)),
        term("tournament-organiser", t.organiser.clone()),
    ]
}

/// The game's options the tournament plays with, each with its value (none: the defaults).
fn options_words(t: &TournamentView, lang: Language) -> String {
    let game = t.game.parse::<GameId>().ok();
    match (game, t.options.as_object()) {
        (Some(game), Some(values)) if !values.is_empty() => values
            .iter()
            .map(|(name, value)| {
                lang.t2(
                    "tournament-option",
                    "name",
                    options::label_or_name(game, name, lang),
                    "value",
                    options::value_words(game, name, value, lang),
                )
            })
            .collect::<Vec<_>>()
            .join(" · "),
        _ => lang.t("tournament-options-none"),
    }
}

/// The ratings that may enter: any, or a range (its open ends from 0, up to 4000).
fn rating_range(t: &TournamentView, lang: Language) -> String {
    match (t.min_rating, t.max_rating) {
        (None, None) => lang.t("tournament-rating-any"),
        (min, max) => lang.t2(
            "tournament-rating-range",
            "min",
            min.map_or(0, i64::from),
            "max",
            max.map_or(4000, i64::from),
        ),
    }
}

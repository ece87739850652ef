//! A player's record as the profile and the leaderboards show it: ratings (rounded, `?` while
//! provisional), each game's history (a chart and the same numbers as a table), and finished
//! matches with the result and the rating change each one made.

use tapis_l10n::Language;
use tapis_service::matches::MatchSummary;
use tapis_service::ratings::{GameRating, HistoryEntry, RatingChange, RatingDelta};
use uuid::Uuid;

use super::line_chart::LineChart;
use super::rating_chart::{ChartPoint, rating_chart};
use super::{When, game_name, ordinal};

/// A rating change as people read it: `+12`, `−8` (with a true minus sign), `±0`.
pub fn change_text(delta: RatingDelta) -> String {
    delta.to_string().replacen('-', "\u{2212}", 1)
}

/// `gain`, `loss` or `even`: the class that colours a change (its sign says the same).
pub fn change_class(delta: RatingDelta) -> &'static str {
    match delta.rounded() {
        0 => "even",
        n if n > 0 => "gain",
        _ => "loss",
    }
}

/// A seat's result in words, from its rank and the ranks of every seat of the match (its
/// own included): `Won`, `Lost`, `Draw` between two; `Won`, `3rd of 4`, `Shared 2nd of 4`
/// among more; `Solo` alone.
pub fn result_text(rank: Option<usize>, ranks: &[Option<usize>], lang: Language) -> String {
    let Some(rank) = rank else {
        return lang.t("player-result-unranked");
    };
    let seats = ranks.len();
    let shared = ranks.iter().filter(|r| **r == Some(rank)).count() > 1;
    match (seats, rank, shared) {
        (0 | 1, _, _) => lang.t("player-result-solo"),
        (2, _, true) => lang.t("player-result-draw"),
        (2, 1, false) => lang.t("player-result-won"),
        (2, _, false) => lang.t("player-result-lost"),
        (_, 1, false) => lang.t("player-result-won"),
        (_, _, true) => lang.t2(
            "player-result-shared",
            "rank",
            ordinal(rank, lang),
            "seats",
            seats,
        ),
        (_, _, false) => lang.t2(
            "player-result-rank",
            "rank",
            ordinal(rank, lang),
            "seats",
            seats,
        ),
    }
}

/// One game's rating in the profile's table.
#[derive(Debug, Clone)]
pub struct RatingRow {
    pub game: String,
    pub game_name: String,
    /// Rounded to a whole point.
    pub rating: i64,
    pub provisional: bool,
    /// Rated matches of the game played.
    pub games: u32,
}

impl RatingRow {
    pub fn of(rating: &GameRating) -> RatingRow {
        RatingRow {
            game: rating.game.clone(),
            game_name: game_name(&rating.game),
            rating: rating.rating.rounded(),
            provisional: rating.provisional,
            games: rating.games,
        }
    }
}

/// One rated match in a game's history table.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    /// The player's n-th rated match of the game.
    pub number: usize,
    pub match_id: Uuid,
    pub at: When,
    pub rating: i64,
    pub change: String,
    pub change_class: &'static str,
}

/// A game's rating history: the chart, and the same history as a table.
#[derive(Debug, Clone)]
pub struct GameHistory {
    pub game: String,
    pub game_name: String,
    pub chart: LineChart,
    /// Oldest first, as drawn.
    pub rows: Vec<HistoryRow>,
}

impl GameHistory {
    /// The history of `username`'s rating in `game` (entries oldest first), in `lang`.
    pub fn of(username: &str, game: &str, entries: &[HistoryEntry], lang: Language) -> GameHistory {
        let name = game_name(game);
        let rows: Vec<HistoryRow> = entries
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let delta = RatingDelta::between(entry.rating_before, entry.rating_after);
                HistoryRow {
                    number: i + 1,
                    match_id: entry.match_id,
                    at: When::of(entry.at, lang),
                    rating: entry.rating_after.rounded(),
                    change: change_text(delta),
                    change_class: change_class(delta),
                }
            })
            .collect();
        // The start (the rating before the first match), then one point per match.
        let mut points = Vec::with_capacity(entries.len() + 1);
        if let Some(first) = entries.first() {
            points.push(ChartPoint {
                rating: first.rating_before.points(),
                label: lang.t1("chart-start", "rating", first.rating_before.rounded()),
            });
        }
        for (entry, row) in entries.iter().zip(&rows) {
            points.push(ChartPoint {
                rating: entry.rating_after.points(),
                label: lang.t_with(
                    "chart-point",
                    &[
                        ("number", row.number.into()),
                        ("when", row.at.text.as_str().into()),
                        ("rating", row.rating.into()),
                        ("change", row.change.as_str().into()),
                    ],
                ),
            });
        }
        GameHistory {
            chart: rating_chart(
                &format!("chart-{game}"),
                &lang.t2("chart-subject", "name", username, "game", &name),
                &points,
                lang,
            ),
            game: game.to_owned(),
            game_name: name,
            rows,
        }
    }
}

/// A finished match in a player's list.
#[derive(Debug, Clone)]
pub struct FinishedRow {
    pub id: Uuid,
    pub game_name: String,
    pub finished: When,
    /// The other players, in seat order.
    pub opponents: Vec<String>,
    pub result: String,
    pub rated: bool,
    /// What the match did to the player's rating (rated matches that counted).
    pub change: Option<(String, &'static str)>,
}

impl FinishedRow {
    /// `summary` as `username` played it; `changes` are the player's rating changes by match.
    pub fn of(
        summary: &MatchSummary,
        username: &str,
        changes: &[(Uuid, RatingChange)],
        lang: Language,
    ) -> FinishedRow {
        let own = summary
            .seats
            .iter()
            .find(|s| s.username.eq_ignore_ascii_case(username));
        let ranks: Vec<Option<usize>> = summary.seats.iter().map(|s| s.rank).collect();
        let change = changes
            .iter()
            .find(|(id, _)| *id == summary.id)
            .map(|(_, change)| (change_text(change.delta()), change_class(change.delta())));
        FinishedRow {
            id: summary.id,
            game_name: summary.game.name().to_owned(),
            // A finished match is not updated after it ends.
            finished: When::of(summary.updated_at, lang),
            opponents: summary
                .seats
                .iter()
                .filter(|s| !s.username.eq_ignore_ascii_case(username))
                .map(|s| s.username.clone())
                .collect(),
            result: result_text(own.and_then(|s| s.rank), &ranks, lang),
            rated: summary.rated,
            change,
        }
    }
}

#[cfg(test)]
mod tests {
    use tapis_service::ratings::Rating;

    use super::*;

    #[test]
    fn changes_carry_their_sign() {
        assert_eq!(change_text(RatingDelta::from_micros(12_400_000)), "+12");
        assert_eq!(
            change_text(RatingDelta::from_micros(-7_600_000)),
            "\u{2212}8"
        );
        assert_eq!(change_text(RatingDelta::from_micros(400_000)), "±0");
        assert_eq!(change_class(RatingDelta::from_micros(-7_600_000)), "loss");
        assert_eq!(change_class(RatingDelta::from_micros(12_000_000)), "gain");
        assert_eq!(change_class(RatingDelta::from_micros(0)), "even");
    }

    #[test]
    fn results_in_words() {
        assert_eq!(
            result_text(Some(1), &[Some(1), Some(2)], Language::En),
            "Won"
        );
        assert_eq!(
            result_text(Some(2), &[Some(1), Some(2)], Language::En),
            "Lost"
        );
        assert_eq!(
            result_text(Some(1), &[Some(1), Some(1)], Language::En),
            "Draw"
        );
        assert_eq!(
            result_text(Some(1), &[Some(2), Some(1), Some(3)], Language::En),
            "Won"
        );
        assert_eq!(
            result_text(Some(3), &[Some(2), Some(1), Some(3)], Language::En),
            "3rd of 3"
        );
        assert_eq!(
            result_text(Some(2), &[Some(1), Some(2), Some(2), Some(4)], Language::En),
            "Shared 2nd of 4"
        );
        assert_eq!(
            result_text(Some(1), &[Some(1), Some(1), Some(3)], Language::En),
            "Shared 1st of 3"
        );
        assert_eq!(result_text(Some(1), &[Some(1)], Language::En), "Solo");
        assert_eq!(result_text(None, &[None, None], Language::En), "Unranked");
        assert_eq!(
            result_text(Some(2), &[Some(1), Some(2), Some(2), Some(4)], Language::Fr),
            "2e ex æquo sur 4"
        );
        assert_eq!(
            result_text(Some(1), &[Some(1), Some(2)], Language::Fr),
            "Gagnée"
        );
    }

    #[test]
    fn a_history_starts_from_the_rating_before_its_first_match() {
        let at = time::macros::datetime!(2026-05-01 14:03 UTC);
        let entry = |before: i64, after: i64| HistoryEntry {
            match_id: Uuid::nil(),
            at,
            rating_before: Rating::from_micros(before),
            rating_after: Rating::from_micros(after),
        };
        let history = GameHistory::of(
            "alice",
            "linja",
            &[
                entry(1_500_000_000, 1_520_000_000),
                entry(1_520_000_000, 1_498_849_977),
            ],
            Language::En,
        );
        assert_eq!(history.game_name, "Linja");
        assert_eq!(history.rows.len(), 2);
        assert_eq!(history.rows[1].number, 2);
        assert_eq!(history.rows[1].rating, 1499);
        assert_eq!(history.rows[1].change, "\u{2212}21");
        assert_eq!(
            history.chart.lines[0].points.len(),
            3,
            "the start and two matches"
        );
        assert_eq!(history.chart.lines[0].points[0].label, "Start: 1,500");
        assert_eq!(
            history.chart.lines[0].points[2].label,
            "Match 2 (May 1, 2026, 2:03\u{202f}PM): 1,499, \u{2212}21"
        );
        assert_eq!(history.chart.id, "chart-linja");
        assert!(
            history
                .chart
                .description
                .starts_with("alice's Linja rating over 2")
        );
    }
}

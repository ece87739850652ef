//! What a match page shows around the table: the turn log in words, the result, the seats.

use tapis_l10n::Language;
use tapis_service::matches::{MatchResult, TurnEntry, TurnKind};
use tapis_service::ratings::RatingDelta;

use super::games::{self, Names};
use super::record::change_text;
use super::table::{Token, seat_symbol};
use super::words::reason_words;
use super::{When, ordinal};

/// How many turns the log shows before the rest is folded away.
pub const RECENT_TURNS: usize = 12;

/// One turn of the log, in words.
#[derive(Debug, Clone)]
pub struct LogEntry {
    pub seq: i64,
    /// Whose turn it was, or what happened ("The match starts").
    pub title: String,
    /// The seat that acted, for its colour and symbol.
    pub seat: Option<usize>,
    /// What happened, one sentence each.
    pub lines: Vec<String>,
    pub at: When,
    /// The words of the seat's token ("seat 2").
    pub seat_label: String,
}

impl LogEntry {
    /// The token of the seat that acted.
    pub fn token(&self) -> Option<Token> {
        self.seat
            .map(|seat| Token::of_seat(seat, self.seat_label.clone()))
    }
}

/// One turn-log entry in words.
pub fn log_entry(turn: &TurnEntry, names: &Names) -> LogEntry {
    let lang = names.lang();
    let who = turn.seat.map(|seat| names.of(seat));
    let title = match (turn.kind, &who) {
        (TurnKind::Start, _) => lang.t("match-log-start"),
        (TurnKind::Action, Some(who)) => who.clone(),
        (TurnKind::Resign, Some(who)) => lang.t1("match-log-resigns", "name", who),
        (TurnKind::Timeout, Some(who)) => lang.t1("match-log-timeout", "name", who),
        (_, None) => "—".to_owned(),
    };
    let mut lines: Vec<String> = turn
        .events
        .iter()
        .filter_map(|event| games::event_words(event, names))
        .collect();
    if lines.is_empty()
        && let Some(action) = &turn.action
    {
        lines.push(games::action_words(action, names));
    }
    LogEntry {
        seq: turn.seq,
        title,
        seat: turn.seat,
        lines,
        at: When::of(turn.at, lang),
        seat_label: turn
            .seat
            .map(|seat| lang.t1("match-seat", "seat", seat + 1))
            .unwrap_or_default(),
    }
}

/// The whole log, newest first.
pub fn turn_log(turns: &[TurnEntry], names: &Names) -> Vec<LogEntry> {
    turns
        .iter()
        .rev()
        .map(|turn| log_entry(turn, names))
        .collect()
}

/// The most turns "since your last move" shows.
pub const SINCE_TURNS: usize = 6;

/// What the viewer has not seen played yet: the turns of the other seats since the viewer's
/// own last move (at most [`SINCE_TURNS`], the latest ones), oldest first; for a spectator, or
/// a player who has not moved yet, the last turns played. The start of the match (its first
/// throws, say) counts as a turn nobody played.
pub fn since_last_move(turns: &[TurnEntry], viewer: Option<usize>) -> &[TurnEntry] {
    let mine = |t: &TurnEntry| viewer.is_some() && t.seat == viewer && t.kind == TurnKind::Action;
    let from = match turns.iter().rposition(mine) {
        Some(last) => last + 1,
        None if viewer.is_some() => 0,
        // A spectator sees the last turn played.
        None => turns.len().saturating_sub(1),
    };
    let since = turns.get(from..).unwrap_or(&[]);
    since
        .get(since.len().saturating_sub(SINCE_TURNS)..)
        .unwrap_or(&[])
}

/// The seats that have left the match (resigned or ran out of time).
pub fn departed(turns: &[TurnEntry]) -> Vec<usize> {
    turns
        .iter()
        .filter(|t| matches!(t.kind, TurnKind::Resign | TurnKind::Timeout))
        .filter_map(|t| t.seat)
        .collect()
}

/// One line of the final ranking.
#[derive(Debug, Clone)]
pub struct ResultRow {
    pub rank: String,
    pub seat: usize,
    pub name: String,
    pub score: i64,
    /// `1500 → 1520 (+20)` for rated matches.
    pub rating: Option<String>,
    pub yours: bool,
    pub first: bool,
}

impl ResultRow {
    pub fn symbol(&self) -> &'static str {
        seat_symbol(self.seat)
    }
}

/// The result of a finished match.
#[derive(Debug, Clone)]
pub struct ResultView {
    /// `Alice wins`, `You win!`, `Alice and Bob share the win`.
    pub headline: String,
    pub reason: String,
    pub rows: Vec<ResultRow>,
}

impl ResultView {
    pub fn of(result: &MatchResult, your_seat: Option<usize>, lang: Language) -> ResultView {
        let rows: Vec<ResultRow> = result
            .ranking
            .iter()
            .map(|entry| ResultRow {
                rank: ordinal(entry.rank, lang),
                seat: entry.seat,
                name: entry.username.clone(),
                score: entry.score,
                rating: entry.rating_before.zip(entry.rating_after).map(|(b, a)| {
                    lang.t_with(
                        "match-rating-change",
                        &[
                            ("before", b.rounded().into()),
                            ("after", a.rounded().into()),
                            ("delta", change_text(RatingDelta::between(b, a)).into()),
                        ],
                    )
                }),
                yours: your_seat == Some(entry.seat),
                first: entry.rank == 1,
            })
            .collect();
        let winners: Vec<&ResultRow> = rows.iter().filter(|r| r.first).collect();
        let headline = match (rows.as_slice(), winners.as_slice()) {
            // A game played alone (Yams) is not won: it ends with a score.
            ([alone], _) if alone.yours => lang.t1("match-solo-over-yours", "score", alone.score),
            ([alone], _) => lang.t2("match-solo-over", "name", &alone.name, "score", alone.score),
            (_, []) => lang.t("match-over"),
            (_, [one]) if one.yours => lang.t("match-you-win"),
            (_, [one]) => lang.t1("match-wins", "name", &one.name),
            (_, several) => {
                let names: Vec<String> = several.iter().map(|r| r.name.clone()).collect();
                lang.t1("match-share-win", "names", super::join_names(&names, lang))
            }
        };
        ResultView {
            headline,
            reason: reason_words(&result.reason, lang),
            rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use tapis_games::{AnyAction, AnyEvent, GameId};
    use tapis_service::matches::{RankingEntry, TurnEntry};
    use tapis_service::ratings::Rating;
    use time::OffsetDateTime;

    fn names() -> Names {
        Names(vec!["Alice".into(), "Bob".into()], Language::En)
    }

    /// A value of Yams read from its JSON.
    fn yams<T>(read: fn(GameId, Value) -> Result<T, serde_json::Error>, json: Value) -> T {
        read(GameId::Yams, json).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_turn_reads_as_its_events() {
        let turn = TurnEntry {
            seq: 3,
            seat: Some(1),
            kind: TurnKind::Action,
            action: Some(yams(AnyAction::from_json, json!({"type": "score", "box": "full"}))),
            chance: Vec::new(),
            events: [
                json!({"type": "scored", "seat": 1, "grid": 0, "box": "full", "dice": [2, 2, 5, 5, 5], "points": 30}),
                json!({"type": "turn_started", "seat": 0, "round": 2}),
                json!({"type": "dice_thrown", "seat": 0, "throw": 1, "thrown": [1, 3, 3, 5, 6], "dice": [1, 3, 3, 5, 6]}),
            ]
            .into_iter()
            .map(|event| yams(AnyEvent::from_json, event))
            .collect(),
            at: OffsetDateTime::now_utc(),
        };
        let entry = log_entry(&turn, &names());
        assert_eq!(entry.title, "Bob");
        assert_eq!(
            entry.lines,
            ["Bob scored 30 in Full", "Alice threw 1 3 3 5 6"]
        );
        let resign = TurnEntry {
            seq: 4,
            seat: Some(0),
            kind: TurnKind::Resign,
            action: None,
            events: Vec::new(),
            ..turn
        };
        assert_eq!(log_entry(&resign, &names()).title, "Alice resigns");
        assert_eq!(departed(&[resign]), [0]);
    }

    #[test]
    fn results_name_the_winner_and_the_rating_changes() {
        let result = MatchResult {
            ranking: vec![
                RankingEntry {
                    seat: 1,
                    username: "Bob".into(),
                    rank: 1,
                    score: 250,
                    rating_before: Some(Rating::from_points(1500)),
                    rating_after: Some(Rating::from_points(1520)),
                },
                RankingEntry {
                    seat: 0,
                    username: "Alice".into(),
                    rank: 2,
                    score: 200,
                    rating_before: None,
                    rating_after: None,
                },
            ],
            reason: "grids_filled".into(),
        };
        let view = ResultView::of(&result, Some(0), Language::En);
        assert_eq!(view.headline, "Bob wins");
        assert_eq!(view.reason, "every grid is full");
        assert_eq!(view.rows[0].rating.as_deref(), Some("1,500 → 1,520 (+20)"));
        assert!(view.rows[1].yours);
        assert_eq!(
            ResultView::of(&result, Some(1), Language::En).headline,
            "You win!"
        );
        let vue = ResultView::of(&result, Some(0), Language::Fr);
        assert_eq!(vue.headline, "Bob gagne");
        assert_eq!(vue.reason, "toutes les grilles sont remplies");
        // Ratings grouped as each language writes thousands; a loss with a true minus sign.
        assert_eq!(
            vue.rows[0].rating.as_deref(),
            Some("1\u{202f}500 → 1\u{202f}520 (+20)")
        );
        let mut lost = result.clone();
        lost.ranking[0].rating_after = Some(Rating::from_points(1488));
        assert_eq!(
            ResultView::of(&lost, None, Language::En).rows[0]
                .rating
                .as_deref(),
            Some("1,500 → 1,488 (\u{2212}12)")
        );
    }

    /// A game played alone ends with a score, not a win.
    #[test]
    fn a_game_played_alone_ends_with_its_score() {
        let result = MatchResult {
            ranking: vec![RankingEntry {
                seat: 0,
                username: "Alice".into(),
                rank: 1,
                score: 245,
                rating_before: None,
                rating_after: None,
            }],
            reason: "grids_filled".into(),
        };
        assert_eq!(
            ResultView::of(&result, Some(0), Language::En).headline,
            "Your game is over: 245 points"
        );
        assert_eq!(
            ResultView::of(&result, None, Language::En).headline,
            "Game over for Alice: 245 points"
        );
        assert_eq!(
            ResultView::of(&result, Some(0), Language::Fr).headline,
            "Votre partie est terminée\u{a0}: 245 points"
        );
    }
}

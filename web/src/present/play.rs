//! What a match page shows around the table: the turn log in words, the result, the seats.

use tapis_games::{AnyAction, AnyEvent};
use tapis_l10n::Language;
use tapis_service::matches::{MatchResult, TurnEntry, TurnKind};
use tapis_service::ratings::RatingDelta;
use time::OffsetDateTime;

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

/// A turn as players count them: a seat's consecutive moves until the turn passes, with the
/// events the moves made, the new turn's first throw (made by the move that ended the last
/// turn) filed under the new turn. The start of the match and a seat leaving are turns of their
/// own.
#[derive(Debug, Clone)]
pub struct PlayedTurn {
    /// The sequence number of its first turn-log entry.
    pub seq: i64,
    /// The seat whose turn it is (none for the start).
    pub seat: Option<usize>,
    pub kind: TurnKind,
    /// Whether the seat made a move in it yet (a turn can start with a throw made for it).
    pub acted: bool,
    pub events: Vec<AnyEvent>,
    /// The moves as posted, for a turn whose events say nothing.
    pub actions: Vec<AnyAction>,
    /// When its last entry was played.
    pub at: OffsetDateTime,
}

impl PlayedTurn {
    fn new(seq: i64, seat: Option<usize>, kind: TurnKind, at: OffsetDateTime) -> PlayedTurn {
        PlayedTurn {
            seq,
            seat,
            kind,
            acted: false,
            events: Vec::new(),
            actions: Vec::new(),
            at,
        }
    }

    /// A turn nothing happened in yet.
    fn is_empty(&self) -> bool {
        !self.acted && self.events.is_empty()
    }
}

/// The turn-log entries (each a move, the start or a seat leaving) gathered into turns, oldest
/// first.
pub fn played_turns(entries: &[TurnEntry]) -> Vec<PlayedTurn> {
    let mut turns: Vec<PlayedTurn> = Vec::new();
    for entry in entries {
        let continues = turns.last().is_some_and(|t| {
            entry.kind == TurnKind::Action
                && t.kind == TurnKind::Action
                && entry.seat.is_some()
                && t.seat == entry.seat
        });
        if !continues {
            turns.push(PlayedTurn::new(entry.seq, entry.seat, entry.kind, entry.at));
        }
        let Some(mut turn) = turns.pop() else {
            continue;
        };
        turn.at = entry.at;
        if entry.kind == TurnKind::Action {
            turn.acted = true;
            turn.actions.extend(entry.action.iter().cloned());
        }
        for event in &entry.events {
            if let Some(seat) = games::starts_turn(event) {
                // The rest of the entry belongs to the turn the event starts.
                if turn.is_empty() && turn.kind == TurnKind::Action {
                    turn.seat = Some(seat);
                } else {
                    turns.push(turn);
                    turn = PlayedTurn::new(entry.seq, Some(seat), TurnKind::Action, entry.at);
                }
            }
            turn.events.push(event.clone());
        }
        turns.push(turn);
    }
    turns
}

/// How many turns the players have played or are playing (the start and departures aside).
pub fn turn_count(turns: &[PlayedTurn]) -> usize {
    turns.iter().filter(|t| t.kind == TurnKind::Action).count()
}

/// One turn in words.
pub fn log_entry(turn: &PlayedTurn, names: &Names) -> LogEntry {
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
    if lines.is_empty() {
        lines = turn
            .actions
            .iter()
            .map(|action| games::action_words(action, names))
            .collect();
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

/// One turn-log entry (a single move, as a replay steps through them) in words.
pub fn entry_words(entry: &TurnEntry, names: &Names) -> LogEntry {
    let mut turn = PlayedTurn::new(entry.seq, entry.seat, entry.kind, entry.at);
    turn.events.clone_from(&entry.events);
    turn.actions.extend(entry.action.iter().cloned());
    log_entry(&turn, names)
}

/// The whole log, newest turn first.
pub fn turn_log(turns: &[PlayedTurn], names: &Names) -> Vec<LogEntry> {
    turns
        .iter()
        .rev()
        .filter(|t| !t.is_empty() || t.kind != TurnKind::Action)
        .map(|turn| log_entry(turn, names))
        .collect()
}

/// The most turns "since your last move" shows.
pub const SINCE_TURNS: usize = 6;

/// What the viewer has not seen played yet: the other seats' turns since the viewer's own last
/// move (at most [`SINCE_TURNS`], the latest ones), oldest first; for a spectator, or a player
/// who has not moved yet, the last turn played and what followed. The start of the match (its
/// first throws, say) counts as a turn nobody played; the viewer's own turn, started for them
/// (its first throw), is not news to them.
pub fn since_last_move(turns: &[PlayedTurn], viewer: Option<usize>) -> Vec<&PlayedTurn> {
    let mine = |t: &PlayedTurn| viewer.is_some() && t.seat == viewer && t.acted;
    let from = match turns.iter().rposition(mine) {
        Some(last) => last + 1,
        None if viewer.is_some() => 0,
        // A spectator sees the last turn played, and the one it started.
        None => turns.iter().rposition(|t| t.acted).unwrap_or(0),
    };
    let since: Vec<&PlayedTurn> = turns
        .get(from..)
        .unwrap_or(&[])
        .iter()
        .filter(|t| viewer.is_none() || t.seat != viewer)
        .collect();
    let skip = since.len().saturating_sub(SINCE_TURNS);
    since.into_iter().skip(skip).collect()
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
        let seated = result.ranking.iter().map(|e| (e.seat, e.username.as_str()));
        let rows: Vec<ResultRow> = result
            .ranking
            .iter()
            .map(|entry| ResultRow {
                rank: ordinal(entry.rank, lang),
                seat: entry.seat,
                name: super::seat_name(seated.clone(), entry.seat),
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
        let entry = entry_words(&turn, &names());
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
        assert_eq!(entry_words(&resign, &names()).title, "Alice resigns");
        assert_eq!(departed(&[resign]), [0]);
    }

    /// The turn log of a whole two-player Yams, as the service writes it: the start (the first
    /// throw), then one entry per move with the chance steps it led to. Each turn keeps its
    /// dice once (`keep` first legal), then scores in the first box offered.
    fn yams_entries() -> Vec<TurnEntry> {
        let mut state = tapis_games::AnyState::setup(GameId::Yams, 2, &json!({}))
            .unwrap_or_else(|e| panic!("{e}"));
        let at = OffsetDateTime::UNIX_EPOCH;
        let mut seed = 7u64;
        let mut dice = |count: usize| -> Vec<u8> {
            (0..count)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    ((seed >> 33) % 6) as u8 + 1
                })
                .collect()
        };
        let mut entries: Vec<TurnEntry> = Vec::new();
        let mut pending = TurnEntry {
            seq: 0,
            seat: None,
            kind: TurnKind::Start,
            action: None,
            chance: Vec::new(),
            events: Vec::new(),
            at,
        };
        let mut rerolled = false;
        loop {
            match state.turn() {
                tapis_games::Turn::Chance { chance } => {
                    let tapis_games::Chance::Dice { count } = chance else {
                        panic!("Yams only throws dice");
                    };
                    let events = state
                        .apply_chance(&dice(usize::from(count)))
                        .unwrap_or_else(|e| panic!("{e}"));
                    pending.events.extend(events);
                }
                tapis_games::Turn::Over => break,
                tapis_games::Turn::Seat { seat } => {
                    let legal = state.legal_actions(seat);
                    let kind =
                        |a: &AnyAction| serde_json::to_value(a).unwrap_or_default()["type"].clone();
                    let wanted = if rerolled { "score" } else { "reroll" };
                    let action = legal
                        .iter()
                        .find(|a| kind(a) == wanted)
                        .or_else(|| legal.iter().find(|a| kind(a) == "score"))
                        .unwrap_or_else(|| panic!("nothing to play"))
                        .clone();
                    rerolled = kind(&action) == "reroll";
                    let seq = pending.seq + 1;
                    entries.push(pending);
                    let events = state.apply(seat, &action).unwrap_or_else(|e| panic!("{e}"));
                    pending = TurnEntry {
                        seq,
                        seat: Some(seat),
                        kind: TurnKind::Action,
                        action: Some(action),
                        chance: Vec::new(),
                        events,
                        at,
                    };
                }
            }
        }
        entries.push(pending);
        entries
    }

    /// The type of an event, as its JSON says.
    fn kind_of(event: &AnyEvent) -> String {
        serde_json::to_value(event).unwrap_or_default()["type"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// A turn is a seat's moves until the turn passes: a whole Yams counts one turn per box
    /// scored, not one per move.
    #[test]
    fn turns_are_counted_as_players_count_them() {
        let entries = yams_entries();
        let turns = played_turns(&entries);
        let scored: usize = entries
            .iter()
            .flat_map(|e| &e.events)
            .filter(|e| kind_of(e) == "scored")
            .count();
        assert!(scored >= 24, "two players fill their sheets: {scored}");
        assert_eq!(turn_count(&turns), scored);
        assert!(entries.len() > 2 * scored, "{} moves", entries.len());
        for turn in turns.iter().filter(|t| t.kind == TurnKind::Action) {
            // Each turn starts with its own first throw and ends with its own score.
            let kinds: Vec<String> = turn.events.iter().map(kind_of).collect();
            assert_eq!(kinds.first().map(String::as_str), Some("turn_started"));
            assert_eq!(kinds.get(1).map(String::as_str), Some("dice_thrown"));
            assert_eq!(
                kinds.iter().filter(|k| *k == "scored").count(),
                1,
                "{kinds:?}"
            );
            assert_eq!(kinds.iter().filter(|k| *k == "turn_started").count(), 1);
        }
        assert_eq!(turn_log(&turns, &names()).len(), turns.len());
    }

    /// Since the viewer's last move: the other player's turn, from its first throw to its
    /// score; the viewer's own first throw is not news to them.
    #[test]
    fn since_your_last_move_is_the_other_players_whole_turn() {
        let entries = yams_entries();
        // Stop when Alice has just been given her third turn's dice.
        let cut = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                e.seat == Some(1) && e.events.iter().any(|ev| games::starts_turn(ev) == Some(0))
            })
            .nth(1)
            .map_or(0, |(i, _)| i + 1);
        let turns = played_turns(&entries[..cut]);
        let since = since_last_move(&turns, Some(0));
        assert_eq!(since.len(), 1, "{since:?}");
        let bob = log_entry(since[0], &names());
        assert_eq!(bob.title, "Bob");
        assert!(bob.lines[0].starts_with("Bob threw "), "{:?}", bob.lines);
        assert!(
            bob.lines
                .last()
                .is_some_and(|l| l.starts_with("Bob scored ")),
            "{:?}",
            bob.lines
        );
        assert!(
            bob.lines.iter().all(|l| !l.contains("Alice")),
            "{:?}",
            bob.lines
        );
        // Bob, waiting, has not seen Alice's first throw of the turn, nor her last turn.
        let for_bob = since_last_move(&turns, Some(1));
        assert_eq!(for_bob.len(), 1);
        assert_eq!(for_bob[0].seat, Some(0));
        assert!(!for_bob[0].acted);
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

//! What tournaments and leagues show alike, in words: their terms, their standings (a league's
//! division has a tournament's table) and the results of their matches.

use tapis_l10n::Language;
use tapis_service::tournaments::{StandingLine, Standings};

/// A line of the terms: what, and its value in words.
#[derive(Debug)]
pub struct Term {
    pub label: String,
    pub value: String,
}

impl Term {
    /// The term of message `key`, worth `value`.
    pub fn new(key: &str, value: String, lang: Language) -> Term {
        Term {
            label: lang.t(key),
            value,
        }
    }
}

/// Points as the standings show them: whole, or to two decimals.
pub fn points_text(points: f64, lang: Language) -> String {
    if points.fract() == 0.0 {
        lang.decimal(points, 0)
    } else {
        lang.decimal(points, 2)
    }
}

/// `Round 2 of 5`.
pub fn round_of(round: i16, rounds: i16, lang: Language) -> String {
    lang.t2(
        "tournaments-round-of",
        "round",
        i64::from(round),
        "rounds",
        i64::from(rounds),
    )
}

/// `3 days a move`, `3 jours par coup`.
pub fn days_per_move(days: i16, lang: Language) -> String {
    lang.t1("lobby-form-days", "count", i64::from(days))
}

/// `Tables of 2`.
pub fn seats(table_size: i16, lang: Language) -> String {
    lang.t1("tournament-seats", "count", i64::from(table_size))
}

/// Whether `username` is the viewer's (usernames are ASCII, matched without case).
pub fn is_me(username: &str, me: Option<&str>) -> bool {
    me.is_some_and(|me| me.eq_ignore_ascii_case(username))
}

/// The names of the two tie-breaks of `standings`, and the help that says how they order it.
pub fn tie_breaks(standings: &Standings, lang: Language) -> ([String; 2], String) {
    let names = standings
        .tie_breaks
        .clone()
        .map(|k| lang.t(&format!("tournament-tie-break-{}", k.replace('_', "-"))));
    let help = lang.t2(
        "tournament-tie-breaks-help",
        "first",
        names[0].as_str(),
        "second",
        names[1].as_str(),
    );
    (names, help)
}

/// A line of the standings, in words. A division's table also says where its player goes next
/// (once the season ended), a tournament's standings their byes and a withdrawal.
#[derive(Debug)]
pub struct StandingRow {
    pub rank: u32,
    pub username: String,
    pub points: String,
    pub played: u32,
    pub won: u32,
    pub byes: u32,
    pub tie_breaks: [String; 2],
    pub decided: String,
    pub withdrawn: bool,
    pub movement_key: String,
    pub movement: String,
    pub you: bool,
}

impl StandingRow {
    pub fn of(l: &StandingLine, me: Option<&str>, lang: Language) -> StandingRow {
        StandingRow {
            rank: l.rank,
            username: l.username.clone(),
            points: points_text(l.points, lang),
            played: l.played,
            won: l.won,
            byes: l.byes,
            tie_breaks: l.tie_breaks.map(|v| points_text(v, lang)),
            decided: lang.t(&format!(
                "tournament-decided-{}",
                l.decided_by.replace('_', "-")
            )),
            withdrawn: l.withdrawn,
            movement_key: String::new(),
            movement: String::new(),
            you: is_me(&l.username, me),
        }
    }
}

/// Each player of a match (or a bye) with their result: once it is over, their place and
/// points; a bye's points.
pub fn results(
    players: &[String],
    places: Option<&[i16]>,
    points: Option<&[f64]>,
    lang: Language,
) -> Vec<(String, String)> {
    let points_of = |i: usize| {
        points
            .and_then(|p| p.get(i))
            .map_or_else(String::new, |p| points_text(*p, lang))
    };
    players
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let result = match (places, points) {
                (Some(places), Some(_)) => lang.t2(
                    "tournament-place-points",
                    "place",
                    places.get(i).map_or(0, |p| i64::from(*p)),
                    "points",
                    points_of(i),
                ),
                (None, Some(_)) => lang.t1("tournament-bye-points", "points", points_of(0)),
                _ => String::new(),
            };
            (name.clone(), result)
        })
        .collect()
}

/// `10 days for 15 moves`: the time a round (a season) gives its matches, by message `key`.
pub fn days_for_moves(key: &str, days: u32, moves: i32, lang: Language) -> String {
    lang.t2(key, "days", i64::from(days), "moves", i64::from(moves))
}

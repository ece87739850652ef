//! Turning what the service returns into what the templates draw: match cards, times, game
//! descriptions, and (in the submodules) each game's table and turn log.

pub mod analysis;
pub mod competition;
pub mod device;
pub mod games;
pub mod glossary;
pub mod line_chart;
pub mod match_page;
pub mod options;
pub mod play;
pub mod rating_chart;
pub mod record;
pub mod rules;
pub mod stats;
pub mod table;
pub mod words;

use tapis_games::GameId;
use tapis_l10n::{Language, format};
use tapis_service::matches::{MatchStatus, MatchSummary, SeatView};
use time::OffsetDateTime;
use uuid::Uuid;

/// A point in time as pages show it: an exact UTC time (made local by the page's script, in
/// the page's language) and how far away it is.
#[derive(Debug, Clone)]
pub struct When {
    /// RFC 3339, for the `datetime` attribute.
    pub iso: String,
    /// `28 nov. 2026, 12:36` / `Nov 28, 2026, 12:36 PM` (UTC until the script makes it local).
    pub text: String,
    /// `in 2 days`, `il y a 3 heures`.
    pub relative: String,
}

impl When {
    pub fn of(at: OffsetDateTime, lang: Language) -> When {
        When::relative_to(at, OffsetDateTime::now_utc(), lang)
    }

    pub fn relative_to(at: OffsetDateTime, now: OffsetDateTime, lang: Language) -> When {
        When {
            // RFC 3339 formats every date of the range the database stores.
            iso: at
                .format(&time::format_description::well_known::Rfc3339)
                .unwrap_or_default(),
            text: format::date_time(lang, at),
            relative: format::relative(lang, at - now),
        }
    }
}

/// The name players know a game by, from its id (the same in every language).
pub fn game_name(id: &str) -> String {
    id.parse::<GameId>()
        .map_or_else(|_| id.to_owned(), |g| g.name().to_owned())
}

/// A game on the home page and in the lobby.
#[derive(Debug, Clone)]
pub struct GameCard {
    pub id: &'static str,
    pub name: &'static str,
    pub players: String,
    pub blurb: String,
    /// `Dice` or `Board`, in words.
    pub kind: String,
}

impl GameCard {
    pub fn of(game: GameId, lang: Language) -> GameCard {
        let (min, max) = (game.min_seats(), game.max_seats());
        let players = if min == max {
            lang.t1("game-players-exactly", "count", min)
        } else if min == 1 {
            lang.t1("game-players-solo", "max", max)
        } else {
            lang.t2("game-players-range", "min", min, "max", max)
        };
        let kind = match game {
            GameId::Linja | GameId::MakeFive => "game-kind-board",
            _ => "game-kind-dice",
        };
        GameCard {
            id: game.as_str(),
            name: game.name(),
            players,
            blurb: lang.t(&format!("game-blurb-{}", game.as_str())),
            kind: lang.t(kind),
        }
    }

    pub fn all(lang: Language) -> Vec<GameCard> {
        GameId::ALL
            .into_iter()
            .map(|game| GameCard::of(game, lang))
            .collect()
    }
}

/// A match in a list.
#[derive(Debug, Clone)]
pub struct MatchCard {
    pub id: Uuid,
    pub game: GameId,
    pub game_name: String,
    /// Every seated player's name, in seat order.
    pub players: Vec<String>,
    pub seat_count: usize,
    pub invited: Vec<String>,
    /// `Waiting for players`, `In play`, `Finished`, `Cancelled`, in words.
    pub status: String,
    pub open: bool,
    pub rated: bool,
    /// The viewer sits at this match.
    pub mine: bool,
    /// The viewer must act now.
    pub your_turn: bool,
    /// Who must act now.
    pub to_act: Option<String>,
    pub deadline: Option<When>,
    pub updated: When,
    /// The players' names as a list in words.
    players_text: String,
}

impl MatchCard {
    pub fn of(summary: &MatchSummary, lang: Language) -> MatchCard {
        let name_at = |seat: usize| -> Option<String> {
            summary
                .seats
                .iter()
                .find(|s: &&SeatView| s.seat == seat)
                .map(|s| s.username.clone())
        };
        let active = summary.status == MatchStatus::Active;
        let to_act_seat = summary.to_act.first().copied().filter(|_| active);
        MatchCard {
            id: summary.id,
            game: summary.game,
            game_name: summary.game.name().to_owned(),
            players: summary.seats.iter().map(|s| s.username.clone()).collect(),
            seat_count: summary.seat_count,
            invited: summary.invited.clone(),
            status: status_text(summary.status, lang),
            open: summary.status == MatchStatus::Open,
            rated: summary.rated,
            mine: summary.your_seat.is_some(),
            your_turn: to_act_seat.is_some() && to_act_seat == summary.your_seat,
            to_act: to_act_seat.and_then(name_at),
            deadline: summary
                .deadline
                .filter(|_| active)
                .map(|at| When::of(at, lang)),
            updated: When::of(summary.updated_at, lang),
            players_text: join_names(
                &summary
                    .seats
                    .iter()
                    .map(|s| s.username.clone())
                    .collect::<Vec<_>>(),
                lang,
            ),
        }
    }

    /// `Alice, Bob and Carol`.
    pub fn player_list(&self) -> &str {
        &self.players_text
    }

    /// Seats still free.
    pub fn free_seats(&self) -> usize {
        self.seat_count.saturating_sub(self.players.len())
    }
}

/// `Alice`, `Alice and Bob`, `Alice, Bob and Carol` (`Alice, Bob et Carol`).
pub fn join_names(names: &[String], lang: Language) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => lang.t2(
            "list-and",
            "init",
            init.join(&lang.t("list-separator")),
            "last",
            last,
        ),
    }
}

/// The words for a match status.
pub fn status_text(status: MatchStatus, lang: Language) -> String {
    lang.t(match status {
        MatchStatus::Open => "match-status-open",
        MatchStatus::Active => "match-status-active",
        MatchStatus::Finished => "match-status-finished",
        MatchStatus::Aborted => "match-status-aborted",
    })
}

/// `1st`, `2nd`, `3rd`, `4th`... (`1er`, `2e`...).
pub fn ordinal(n: usize, lang: Language) -> String {
    lang.t1("ordinal", "n", n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_naturally_in_both_languages() {
        let now = time::macros::datetime!(2026-11-26 10:00 UTC);
        let at = time::macros::datetime!(2026-11-28 12:36 UTC);
        let en = When::relative_to(at, now, Language::En);
        assert_eq!(en.relative, "in 2 days");
        assert_eq!(en.text, "Nov 28, 2026, 12:36\u{202f}PM");
        assert_eq!(en.iso, "2026-11-28T12:36:00Z");
        let fr = When::relative_to(at, now, Language::Fr);
        assert_eq!(fr.relative, "dans 2 jours");
        assert_eq!(fr.text, "28 nov. 2026, 12:36");
    }

    #[test]
    fn names_and_ordinals() {
        let names = ["Ann".to_owned(), "Bob".to_owned(), "Cy".to_owned()];
        assert_eq!(join_names(&names, Language::En), "Ann, Bob and Cy");
        assert_eq!(join_names(&names, Language::Fr), "Ann, Bob et Cy");
        assert_eq!(join_names(&names[..1], Language::En), "Ann");
        assert_eq!(ordinal(1, Language::En), "1st");
        assert_eq!(ordinal(12, Language::En), "12th");
        assert_eq!(ordinal(23, Language::En), "23rd");
        assert_eq!(ordinal(1, Language::Fr), "1er");
        assert_eq!(ordinal(2, Language::Fr), "2e");
    }

    #[test]
    fn games_are_introduced_in_both_languages() {
        let en = GameCard::of(GameId::Yams, Language::En);
        let fr = GameCard::of(GameId::Yams, Language::Fr);
        assert_eq!(en.name, fr.name);
        assert_eq!(en.kind, "Dice");
        assert_eq!(fr.kind, "Dés");
        assert_eq!(fr.players, "1 à 8 joueurs (en solo aussi)");
    }
}

/// The name of `seat` as a table shows it, among `seats` (each seat's number and username): a
/// player seated more than once (one computer player against several of its kind) is `#2`,
/// `#3`... from their second seat on, so that every seat has a name of its own.
pub fn seat_name<'a>(
    seats: impl IntoIterator<Item = (usize, &'a str)> + Clone,
    seat: usize,
) -> String {
    let Some(name) = seats
        .clone()
        .into_iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, n)| n)
    else {
        return String::new();
    };
    let before = seats
        .into_iter()
        .filter(|(s, n)| *s < seat && *n == name)
        .count();
    if before == 0 {
        name.to_owned()
    } else {
        format!("{name} #{}", before + 1)
    }
}

#[cfg(test)]
mod seat_name_tests {
    use super::seat_name;

    #[test]
    fn a_player_seated_twice_has_a_number_from_their_second_seat() {
        let seats = [
            (0, "alice"),
            (1, "tapis-easy"),
            (2, "tapis-easy"),
            (3, "tapis-easy"),
        ];
        let names: Vec<String> = (0..4).map(|s| seat_name(seats, s)).collect();
        assert_eq!(
            names,
            ["alice", "tapis-easy", "tapis-easy #2", "tapis-easy #3"]
        );
        assert_eq!(seat_name(seats, 9), "");
    }
}

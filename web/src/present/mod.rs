//! Turning what the service returns into what the templates draw: match cards, times, game
//! descriptions, and (in the submodules) each game's table and turn log.

pub mod chart;
pub mod games;
pub mod glossary;
pub mod options;
pub mod play;
pub mod record;
pub mod rules;
pub mod table;

use tapis_games::GameId;
use tapis_service::matches::{MatchStatus, MatchSummary, SeatView};
use time::OffsetDateTime;
use time::macros::format_description;
use uuid::Uuid;

/// A point in time as pages show it: an exact UTC time (made local by the page's script) and
/// how far away it is.
#[derive(Debug, Clone)]
pub struct When {
    /// RFC 3339, for the `datetime` attribute.
    pub iso: String,
    /// `2026-05-01 14:03 UTC`.
    pub text: String,
    /// `in 2 days`, `3 hours ago`.
    pub relative: String,
}

impl When {
    pub fn of(at: OffsetDateTime) -> When {
        When::relative_to(at, OffsetDateTime::now_utc())
    }

    pub fn relative_to(at: OffsetDateTime, now: OffsetDateTime) -> When {
        let iso = at
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        let text = at
            .format(format_description!(
                "[year]-[month]-[day] [hour]:[minute] UTC"
            ))
            .unwrap_or_default();
        When {
            iso,
            text,
            relative: relative(at - now),
        }
    }
}

/// `in 2 days`, `5 minutes ago`, `now`.
pub fn relative(delta: time::Duration) -> String {
    let seconds = delta.whole_seconds();
    let future = seconds >= 0;
    let abs = seconds.unsigned_abs();
    let (count, unit) = if abs < 60 {
        return "now".to_owned();
    } else if abs < 3600 {
        (abs / 60, "minute")
    } else if abs < 86_400 {
        (abs / 3600, "hour")
    } else {
        (abs / 86_400, "day")
    };
    let plural = if count == 1 { "" } else { "s" };
    if future {
        format!("in {count} {unit}{plural}")
    } else {
        format!("{count} {unit}{plural} ago")
    }
}

/// The name players know a game by, from its id.
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
    pub blurb: &'static str,
    /// `Dice` or `Board`.
    pub kind: &'static str,
}

impl GameCard {
    pub fn of(game: GameId) -> GameCard {
        let (min, max) = (game.min_seats(), game.max_seats());
        let players = if min == max {
            format!("{min} players")
        } else if min == 1 {
            format!("1 to {max} players (solo too)")
        } else {
            format!("{min} to {max} players")
        };
        let (kind, blurb) = match game {
            GameId::Linotte => (
                "Dice",
                "Throw five dice, call your combination (the Appel) and claim cells of a 5×5 grid: line up three, four or five pawns.",
            ),
            GameId::YamMaster => (
                "Dice",
                "La Linotte's modern edition: the Défi, the Yam Predator that removes a pawn, and five in a row wins at once.",
            ),
            GameId::Linja => (
                "Board",
                "Race your twelve pieces across seven bamboo sticks; the busier the row you land on, the further you jump next.",
            ),
            GameId::FiveThousand => (
                "Dice",
                "Set aside 1s, 5s and brelans (three of a kind), push your luck for more, and bank before a zero throw wipes your turn.",
            ),
            GameId::FourTwoOne => (
                "Dice",
                "The French bar game: the worst throw takes tokens in the charge, the best gives them away in the décharge.",
            ),
            GameId::CantStop => (
                "Dice",
                "Pair four dice to climb the columns from 2 to 12; stop to keep your progress, or keep rolling and risk it all.",
            ),
            GameId::Yams => (
                "Dice",
                "French Yahtzee: three throws to fill each box of your sheet, from Un to Yams, with a bonus over 63.",
            ),
            GameId::MakeFive => (
                "Board",
                "Cinq sur Cinq: the Aligneur sorts coloured tokens into rows while the Destructeur drops new ones from the bag.",
            ),
        };
        GameCard {
            id: game.as_str(),
            name: game.name(),
            players,
            blurb,
            kind,
        }
    }

    pub fn all() -> Vec<GameCard> {
        GameId::ALL.into_iter().map(GameCard::of).collect()
    }
}

/// A match in a list.
#[derive(Debug, Clone)]
pub struct MatchCard {
    pub id: Uuid,
    pub game: String,
    pub game_name: String,
    /// Every seated player's name, in seat order.
    pub players: Vec<String>,
    pub seat_count: usize,
    pub invited: Vec<String>,
    /// `Open`, `In play`, `Finished`, `Cancelled`.
    pub status: &'static str,
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
}

impl MatchCard {
    pub fn of(summary: &MatchSummary) -> MatchCard {
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
            game: summary.game.clone(),
            game_name: game_name(&summary.game),
            players: summary.seats.iter().map(|s| s.username.clone()).collect(),
            seat_count: summary.seat_count,
            invited: summary.invited.clone(),
            status: status_text(summary.status),
            open: summary.status == MatchStatus::Open,
            rated: summary.rated,
            mine: summary.your_seat.is_some(),
            your_turn: to_act_seat.is_some() && to_act_seat == summary.your_seat,
            to_act: to_act_seat.and_then(name_at),
            deadline: summary.deadline.filter(|_| active).map(When::of),
            updated: When::of(summary.updated_at),
        }
    }

    /// `Alice, Bob and Carol`.
    pub fn player_list(&self) -> String {
        join_names(&self.players)
    }

    /// Seats still free.
    pub fn free_seats(&self) -> usize {
        self.seat_count.saturating_sub(self.players.len())
    }
}

/// `Alice`, `Alice and Bob`, `Alice, Bob and Carol`.
pub fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The words for a match status.
pub fn status_text(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Open => "Waiting for players",
        MatchStatus::Active => "In play",
        MatchStatus::Finished => "Finished",
        MatchStatus::Aborted => "Cancelled",
    }
}

/// `1st`, `2nd`, `3rd`, `4th`...
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_times_read_naturally() {
        assert_eq!(relative(time::Duration::seconds(30)), "now");
        assert_eq!(relative(time::Duration::minutes(5)), "in 5 minutes");
        assert_eq!(relative(time::Duration::hours(-1)), "1 hour ago");
        assert_eq!(relative(time::Duration::days(3)), "in 3 days");
    }

    #[test]
    fn names_and_ordinals() {
        let names = ["Ann".to_owned(), "Bob".to_owned(), "Cy".to_owned()];
        assert_eq!(join_names(&names), "Ann, Bob and Cy");
        assert_eq!(join_names(&names[..1]), "Ann");
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(23), "23rd");
    }
}

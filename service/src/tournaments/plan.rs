//! A request for a new tournament parsed into the tournament to write, or the first rule it
//! breaks: [`TournamentPlan::parse`] is pure (the time is given), and the creation
//! (`super::entry::create`) writes the plan in one transaction.

use tapis_games::GameId;
use tapis_tournaments::{RoundClock, TableSizes};
use time::{Duration, OffsetDateTime};

use super::views::NewTournament;
use crate::error::{ServiceError, ServiceResult};
use crate::matches::tournament::TableTerms;

/// The rounds a tournament may have.
const ROUNDS: std::ops::RangeInclusive<i64> = 1..=30;
/// The longest name.
const NAME_CHARS: usize = 80;
/// How far ahead a tournament may start.
const LATEST_START: Duration = Duration::days(365);
/// The ratings a range may name.
const RATINGS: std::ops::RangeInclusive<i64> = 0..=4000;
/// The most players a tournament may take.
const PLAYERS: std::ops::RangeInclusive<i64> = 2..=1000;

/// A new tournament, as it will be written.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TournamentPlan {
    pub(super) name: String,
    /// The game, its options, whether rated, the days per move: checked as a match's.
    pub(super) terms: TableTerms,
    pub(super) table_size: i16,
    pub(super) rounds: i16,
    pub(super) expected_moves: i32,
    pub(super) starts_at: OffsetDateTime,
    pub(super) min_rating: Option<i32>,
    pub(super) max_rating: Option<i32>,
    pub(super) max_players: Option<i32>,
    pub(super) vacation_pauses: bool,
    pub(super) allow_bots: bool,
}

impl TournamentPlan {
    /// The tournament `request` asks for at `now`, or the first rule it breaks, in this order:
    /// the name; the game, the table size, the options, the clock and the rating (as for a
    /// match of that many seats); the rounds; the start; the rating range; the number of
    /// players; computer players (casual only).
    pub(super) fn parse(request: NewTournament, now: OffsetDateTime) -> ServiceResult<Self> {
        let name = request.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > NAME_CHARS {
            return Err(ServiceError::invalid(
                "name",
                "tournament_name",
                "must be 1 to 80 characters",
            ));
        }
        let table_size = usize::try_from(request.table_size).unwrap_or(0);
        let terms = TableTerms::parse(
            &request.game,
            table_size,
            request.options,
            request.rated,
            request.days_per_move,
        )
        .map_err(seats_as_table_size)?;
        let table_size = i16::try_from(table_size)
            .map_err(|_| ServiceError::internal("a table size out of range", table_size))?;
        let rounds = in_range(request.rounds, ROUNDS, "rounds", "rounds_range")?;
        check_start(request.starts_at, now)?;
        let (min_rating, max_rating) = rating_range(request.min_rating, request.max_rating)?;
        let max_players = request
            .max_players
            .map(|n| in_range(n, PLAYERS, "max_players", "max_players_range"))
            .transpose()?
            .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
        if request.allow_bots && terms.rated {
            return Err(ServiceError::invalid(
                "allow_bots",
                "bots_rated",
                "computer players may sit only in casual tournaments",
            ));
        }
        Ok(TournamentPlan {
            name,
            expected_moves: expected_moves(terms.game, usize::try_from(table_size).unwrap_or(2)),
            terms,
            table_size,
            rounds: i16::try_from(rounds).unwrap_or(1),
            starts_at: request.starts_at,
            min_rating,
            max_rating,
            max_players,
            vacation_pauses: request.vacation_pauses,
            allow_bots: request.allow_bots,
        })
    }

    /// The round's time limit.
    #[cfg(test)]
    pub(super) fn clock(&self) -> RoundClock {
        round_clock(self.terms.days_per_move, self.expected_moves)
    }
}

/// A match's refusal of its seats, said of the tournament's table size (the seats of its
/// matches); any other refusal as it is.
fn seats_as_table_size(refusal: ServiceError) -> ServiceError {
    match refusal {
        ServiceError::Validation {
            field,
            reason,
            message,
        } if field == "seats" => ServiceError::Validation {
            field: "table_size".into(),
            reason,
            message,
        },
        other => other,
    }
}

/// Refuses a start in the past, or more than [`LATEST_START`] after `now`.
fn check_start(starts_at: OffsetDateTime, now: OffsetDateTime) -> ServiceResult<()> {
    if starts_at < now {
        return Err(ServiceError::invalid(
            "starts_at",
            "starts_in_past",
            "must not be in the past",
        ));
    }
    if starts_at > now + LATEST_START {
        return Err(ServiceError::invalid(
            "starts_at",
            "starts_too_far",
            "must be within a year",
        ));
    }
    Ok(())
}

/// The rating range asked for, each end within [`RATINGS`] and the lower not above the higher.
fn rating_range(min: Option<i64>, max: Option<i64>) -> ServiceResult<(Option<i32>, Option<i32>)> {
    let min_rating = optional_in_range(min, RATINGS, "min_rating")?;
    let max_rating = optional_in_range(max, RATINGS, "max_rating")?;
    if let (Some(min), Some(max)) = (min_rating, max_rating)
        && min > max
    {
        return Err(ServiceError::invalid(
            "min_rating",
            "rating_range",
            "must not be above max_rating",
        ));
    }
    Ok((min_rating, max_rating))
}

/// A round's time limit from the stored figures.
pub(crate) fn round_clock(days_per_move: i16, expected_moves: i32) -> RoundClock {
    RoundClock {
        days_per_move: u32::try_from(days_per_move).unwrap_or(1),
        expected_moves: u32::try_from(expected_moves).unwrap_or(1),
    }
}

/// The tables a tournament of `game` with tables of up to `table_size` seats pairs: two-seat
/// tables for two, else from the game's smallest table (at least two) up.
pub(crate) fn table_sizes(game: GameId, table_size: i16) -> ServiceResult<TableSizes> {
    let max = usize::try_from(table_size)
        .map_err(|_| ServiceError::internal("a stored table size is negative", table_size))?;
    TableSizes::new(game.min_seats().max(2).min(max), max)
        .map_err(|e| ServiceError::internal("stored table sizes are not supported", e))
}

/// Turns (each a move on the clock) a player takes in a game of each kind, as played on
/// Tapis: the figure a round's deadline counts on, per seat.
fn turns_per_seat(game: GameId) -> u32 {
    match game {
        GameId::Linotte | GameId::YamMaster => 14,
        GameId::Linja => 16,
        GameId::FiveThousand => 12,
        GameId::FourTwoOne => 10,
        GameId::CantStop => 12,
        GameId::Yams => 13,
        GameId::MakeFive => 14,
    }
}

/// Moves a game of `game` at a table of `seats` is expected to take, all seats' turns counted.
pub(crate) fn expected_moves(game: GameId, seats: usize) -> i32 {
    let seats = u32::try_from(seats).unwrap_or(2);
    i32::try_from(turns_per_seat(game) * seats).unwrap_or(i32::MAX)
}

/// Whether late entry is still open once `started` rounds of `rounds` have started: until half
/// of them have.
pub(super) fn late_entry_open(started: i16, rounds: i16) -> bool {
    2 * i32::from(started) < i32::from(rounds)
}

/// The first number of started rounds at which late entry is closed.
pub(super) fn late_entry_before_round(rounds: i16) -> i16 {
    (rounds + 1) / 2
}

fn in_range(
    value: i64,
    range: std::ops::RangeInclusive<i64>,
    field: &'static str,
    reason: &'static str,
) -> ServiceResult<i64> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(ServiceError::invalid(
            field,
            reason,
            format!("must be from {} to {}", range.start(), range.end()),
        ))
    }
}

fn optional_in_range(
    value: Option<i64>,
    range: std::ops::RangeInclusive<i64>,
    field: &'static str,
) -> ServiceResult<Option<i32>> {
    value
        .map(|v| {
            in_range(v, range, field, "rating_range")
                .and_then(|v| i32::try_from(v).map_err(|e| ServiceError::internal("rating", e)))
        })
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-12-30 12:00 UTC);

    fn request() -> NewTournament {
        NewTournament {
            name: "  Winter Swiss ".into(),
            game: "linja".into(),
            options: None,
            table_size: 2,
            rounds: 5,
            days_per_move: 3,
            rated: true,
            starts_at: NOW + Duration::days(2),
            min_rating: None,
            max_rating: None,
            max_players: Some(64),
            vacation_pauses: true,
            allow_bots: false,
        }
    }

    fn refusal(request: NewTournament) -> (String, &'static str) {
        match TournamentPlan::parse(request, NOW) {
            Err(ServiceError::Validation { field, reason, .. }) => (field.into_owned(), reason),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_request_becomes_its_plan() {
        let plan = TournamentPlan::parse(request(), NOW).unwrap();
        assert_eq!(plan.name, "Winter Swiss");
        assert_eq!(plan.terms.game, GameId::Linja);
        assert!(plan.terms.rated);
        assert_eq!(plan.terms.days_per_move, 3);
        assert_eq!(plan.table_size, 2);
        assert_eq!(plan.rounds, 5);
        assert_eq!(plan.expected_moves, 32);
        assert_eq!(plan.clock().days(), 96);
        assert_eq!(plan.max_players, Some(64));
        assert_eq!(plan.terms.options, GameId::Linja.default_options());
    }

    #[test]
    fn each_rule_is_named_by_its_field_and_reason() {
        type Change = Box<dyn Fn(&mut NewTournament)>;
        let cases: Vec<(Change, (&str, &str))> = vec![
            (
                Box::new(|r| r.name = " ".into()),
                ("name", "tournament_name"),
            ),
            (
                Box::new(|r| r.name = "x".repeat(81)),
                ("name", "tournament_name"),
            ),
            (
                Box::new(|r| r.game = "chess".into()),
                ("game", "game_unknown"),
            ),
            (Box::new(|r| r.table_size = 3), ("table_size", "seat_count")),
            (Box::new(|r| r.table_size = 1), ("table_size", "seat_count")),
            (
                Box::new(|r| r.days_per_move = 0),
                ("days_per_move", "days_range"),
            ),
            (Box::new(|r| r.rounds = 0), ("rounds", "rounds_range")),
            (Box::new(|r| r.rounds = 31), ("rounds", "rounds_range")),
            (
                Box::new(|r| r.starts_at = NOW - Duration::minutes(1)),
                ("starts_at", "starts_in_past"),
            ),
            (
                Box::new(|r| r.starts_at = NOW + Duration::days(366)),
                ("starts_at", "starts_too_far"),
            ),
            (
                Box::new(|r| r.min_rating = Some(-1)),
                ("min_rating", "rating_range"),
            ),
            (
                Box::new(|r| {
                    r.min_rating = Some(1600);
                    r.max_rating = Some(1500);
                }),
                ("min_rating", "rating_range"),
            ),
            (
                Box::new(|r| r.max_players = Some(1)),
                ("max_players", "max_players_range"),
            ),
            (
                Box::new(|r| r.allow_bots = true),
                ("allow_bots", "bots_rated"),
            ),
            (
                Box::new(|r| r.options = Some(serde_json::json!({"no_such_option": 1}))),
                ("options.no_such_option", "option"),
            ),
        ];
        for (change, (field, reason)) in cases {
            let mut asked = request();
            change(&mut asked);
            assert_eq!(refusal(asked), (field.to_owned(), reason));
        }
    }

    #[test]
    fn computer_players_are_allowed_in_casual_tournaments_and_tables_follow_the_game() {
        let mut casual = request();
        casual.rated = false;
        casual.allow_bots = true;
        assert!(TournamentPlan::parse(casual, NOW).unwrap().allow_bots);

        let mut yams = request();
        yams.game = "yams".into();
        yams.table_size = 4;
        let plan = TournamentPlan::parse(yams, NOW).unwrap();
        assert_eq!(plan.table_size, 4);
        assert_eq!(plan.expected_moves, 52);
        let sizes = table_sizes(plan.terms.game, plan.table_size).unwrap();
        assert_eq!((sizes.min(), sizes.max()), (2, 4));
        assert_eq!(table_sizes(GameId::Linja, 2).unwrap(), TableSizes::TWO);
    }

    #[test]
    fn late_entry_closes_once_half_the_rounds_have_started() {
        // Five rounds: open before the first, second and third start; closed after.
        assert!(late_entry_open(0, 5));
        assert!(late_entry_open(2, 5));
        assert!(!late_entry_open(3, 5));
        assert_eq!(late_entry_before_round(5), 3);
        // Four rounds: closed once two have started.
        assert!(late_entry_open(1, 4));
        assert!(!late_entry_open(2, 4));
        assert_eq!(late_entry_before_round(4), 2);
        assert!(late_entry_open(0, 1));
        assert!(!late_entry_open(1, 1));
    }
}

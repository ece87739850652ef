//! What clients are sent about leagues.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::tournaments::Standings;

/// Where a season stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeasonStatus {
    /// Due at `starts_at` (it waits while the league has fewer members than a division needs).
    Upcoming,
    /// Its matches are being played.
    Running,
    /// Every match is over (or was adjudicated at the deadline); places and moves recorded.
    Finished,
}

named_values!(SeasonStatus {
    Upcoming => "upcoming",
    Running => "running",
    Finished => "finished",
});

impl SeasonStatus {
    pub(super) fn parse(stored: &str) -> ServiceResult<SeasonStatus> {
        SeasonStatus::named(stored)
            .ok_or_else(|| ServiceError::internal("a stored season status is unknown", stored))
    }
}

/// A season, without its divisions.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeasonBrief {
    pub id: Uuid,
    /// 1 for a league's first season.
    pub number: i32,
    pub status: SeasonStatus,
    /// When it is due to start (an upcoming season waits for enough members).
    #[serde(with = "time::serde::rfc3339")]
    pub starts_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub started_at: Option<OffsetDateTime>,
    /// Matches still running then are adjudicated.
    #[serde(with = "time::serde::rfc3339::option")]
    pub deadline: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub ended_at: Option<OffsetDateTime>,
}

/// A league in the list: its terms and its current season.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeagueSummary {
    /// The game id (one league per game).
    pub game: String,
    /// The largest table: 2 for two-player games.
    pub table_size: i16,
    pub days_per_move: i16,
    /// Days from a season's start to its deadline.
    pub season_days: u32,
    /// Players opted in (they will play the next season).
    pub members: i64,
    /// The season running, or the next one.
    pub season: SeasonBrief,
    /// Players in the current season's divisions (0 before it starts).
    pub players: i64,
    pub divisions: i64,
}

/// A player of a division.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DivisionPlayer {
    pub username: String,
    /// Their rating in the game (points, rounded).
    pub rating: i32,
    /// How they came to the division: `joined`, `promoted`, `relegated` or `stayed`.
    pub arrival: String,
    /// Once the season is over: their place in the final table (every place distinct, the
    /// tie-breaks and then the rating deciding), their points and the move it earned (`up`,
    /// `down`, `stay`).
    pub final_place: Option<i16>,
    pub points: Option<f64>,
    pub movement: Option<String>,
}

/// A division with its players (seeded order, or final order once the season is over).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DivisionSummary {
    pub id: Uuid,
    /// 1 for the top division.
    pub level: i16,
    /// The division's number within its level (1: one division per level for now).
    pub number: i16,
    pub players: Vec<DivisionPlayer>,
}

/// A season with its divisions.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeasonView {
    #[serde(flatten)]
    pub season: SeasonBrief,
    pub divisions: Vec<DivisionSummary>,
}

/// A league: its terms, its current season's divisions, the last finished season's.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeagueView {
    pub game: String,
    pub table_size: i16,
    pub days_per_move: i16,
    /// Moves a game is expected to take, all seats together.
    pub expected_moves: i32,
    /// Days from a season's start to its deadline (days per move × expected moves).
    pub season_days: u32,
    /// Players opted in (they will play the next season).
    pub members: i64,
    /// How many of each division go up, and down, at a season's end.
    pub promoted: usize,
    pub relegated: usize,
    /// How matches still running at the season's deadline are given their places.
    pub adjudication: &'static str,
    /// The season running (with its divisions), or the next one (none yet).
    pub current: SeasonView,
    /// The last finished season, with its final places and moves.
    pub previous: Option<SeasonView>,
}

/// A match of a division.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FixtureView {
    /// The round of the schedule it belongs to (every match starts with the season).
    pub round: i16,
    pub number: i16,
    pub match_id: Uuid,
    /// The players in seat order (the first had the first seat).
    pub players: Vec<String>,
    /// The match's status (`active`, `finished`, `aborted` when adjudicated).
    pub status: String,
    /// Whose turn it is, while in play.
    pub to_act: Option<String>,
    /// Once over: each player's place and points.
    pub places: Option<Vec<i16>>,
    pub points: Option<Vec<f64>>,
    /// The places were given by adjudication at the season's deadline.
    pub adjudicated: bool,
}

/// One division's table and matches.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DivisionView {
    pub id: Uuid,
    pub game: String,
    pub season: SeasonBrief,
    pub level: i16,
    pub number: i16,
    /// How many divisions the season has (the lowest is `levels`).
    pub levels: i16,
    /// The table after the matches over so far (played, won, points, tie-breaks).
    pub standings: Standings,
    pub players: Vec<DivisionPlayer>,
    pub fixtures: Vec<FixtureView>,
}

/// The caller's matches in a league's running season.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyFixtures {
    pub game: String,
    /// The running season the caller plays in (none: not playing now).
    pub season: Option<SeasonBrief>,
    pub division_id: Option<Uuid>,
    pub level: Option<i16>,
    /// The match to play next: the first of the caller's matches in play where it is their
    /// turn, else the first in play.
    pub next_match: Option<Uuid>,
    pub fixtures: Vec<FixtureView>,
}

/// The caller's membership of a league.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Membership {
    pub game: String,
    /// Opted in: entered in every season from the next one to start, until they opt out.
    pub opted_in: bool,
    /// The running season the caller plays in, if any (opting out does not take them out of
    /// it: their matches go on, and they leave at its end).
    pub playing_season: Option<i32>,
    /// The next season, which they will play if opted in then.
    pub next_season: Option<SeasonBrief>,
}

/// A league match of a player's, in a running season, where it is their turn.
#[derive(Debug, Clone, Serialize)]
pub struct LeagueMatch {
    /// The game id (the league's).
    pub game: String,
    /// The season's number.
    pub season: i32,
    /// The season's deadline (matches still running then are adjudicated).
    pub deadline: Option<OffsetDateTime>,
    pub division_id: Uuid,
    pub level: i16,
    pub match_id: Uuid,
    /// The other players at the table, in seat order.
    pub opponents: Vec<String>,
}

//! What clients send and are sent about tournaments.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Open for entries; starts at `starts_at`.
    Upcoming,
    /// Its rounds are being played.
    Running,
    /// Its last round is over.
    Finished,
    /// Called off (by its organiser before the start, or by a moderator).
    Cancelled,
}

named_values!(TournamentStatus {
    Upcoming => "upcoming",
    Running => "running",
    Finished => "finished",
    Cancelled => "cancelled",
});

impl TournamentStatus {
    pub(super) fn parse(stored: &str) -> ServiceResult<TournamentStatus> {
        TournamentStatus::named(stored)
            .ok_or_else(|| ServiceError::internal("a stored tournament status is unknown", stored))
    }
}

/// A request for a new Swiss tournament.
#[derive(Debug, Clone)]
pub struct NewTournament {
    pub name: String,
    pub game: String,
    pub options: Option<Value>,
    pub table_size: i64,
    pub rounds: i64,
    pub days_per_move: i64,
    pub rated: bool,
    pub starts_at: OffsetDateTime,
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
    pub max_players: Option<i64>,
    pub vacation_pauses: bool,
    pub allow_bots: bool,
}

/// Filters of the tournament list.
#[derive(Debug, Clone, Default)]
pub struct TournamentFilter {
    /// `upcoming`, `running`, `finished` or `cancelled`; all when not said.
    pub status: Option<String>,
    /// A game id.
    pub game: Option<String>,
    /// 1–100 (default 50).
    pub limit: Option<i64>,
}

/// A player entered in a tournament.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntrantView {
    pub username: String,
    /// Their rating in the tournament's game (points, rounded).
    pub rating: i32,
    /// A computer player, seated by the organiser.
    pub bot: bool,
    /// Rounds already started when they joined (0: before the start); they scored zero in
    /// those.
    pub joined_round: i16,
    /// Never paired again while true.
    pub withdrawn: bool,
    /// `left` (by their choice) or `forfeit` (timed out or resigned in a round, and did not
    /// re-confirm).
    pub withdrawn_reason: Option<String>,
}

/// A tournament.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentView {
    pub id: Uuid,
    pub name: String,
    /// The game id.
    pub game: String,
    /// Every option of the game.
    pub options: Value,
    /// The largest table: 2 for two-player tables.
    pub table_size: i16,
    pub rounds: i16,
    pub days_per_move: i16,
    /// Moves a game is expected to take, all seats together.
    pub expected_moves: i32,
    /// Days from a round's start to its deadline (days per move × expected moves).
    pub round_days: u32,
    pub rated: bool,
    #[serde(with = "time::serde::rfc3339")]
    pub starts_at: OffsetDateTime,
    pub min_rating: Option<i32>,
    pub max_rating: Option<i32>,
    pub max_players: Option<i32>,
    /// Whether a player's vacation pauses their tournament matches (the organiser's choice).
    pub vacation_pauses: bool,
    /// Whether the organiser may seat computer players (casual tournaments only).
    pub allow_bots: bool,
    pub organiser: String,
    pub status: TournamentStatus,
    /// The round in play (0 before the first).
    pub current_round: i16,
    /// Late entry stays open while fewer rounds than this have started.
    pub late_entry_before_round: i16,
    /// How matches still running at a round's deadline are given their places.
    pub adjudication: &'static str,
    pub entrants: Vec<EntrantView>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
}

/// A tournament in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentSummary {
    pub id: Uuid,
    pub name: String,
    pub game: String,
    pub table_size: i16,
    pub rounds: i16,
    pub days_per_move: i16,
    pub rated: bool,
    #[serde(with = "time::serde::rfc3339")]
    pub starts_at: OffsetDateTime,
    pub status: TournamentStatus,
    pub current_round: i16,
    /// Players entered (withdrawn ones included).
    pub entrants: i64,
    pub max_players: Option<i32>,
    pub organiser: String,
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StandingLine {
    /// 1 for the first; players sharing a place share its rank.
    pub rank: u32,
    pub username: String,
    /// Points, byes included (exact to 1/5040 of a point).
    pub points: f64,
    /// Tables played (byes not counted).
    pub played: u32,
    /// Tables won outright.
    pub won: u32,
    pub byes: u32,
    /// The two tie-breaks, in the order of `Standings::tie_breaks` (points, but the game
    /// score, which is in the game's unit).
    pub tie_breaks: [f64; 2],
    /// What put this line below the one above: `top` (the first line), `points`, the name of
    /// a tie-break (`buchholz`, `sonneborn_berger`, `opponents_score`, `game_score`), or
    /// `shared` (same rank).
    pub decided_by: String,
    pub withdrawn: bool,
}

/// The standings of a tournament, after the tables finished so far.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Standings {
    /// The two tie-breaks, in order.
    pub tie_breaks: [String; 2],
    /// Lines in all: those sent are `lines`, from the `offset`-th (0 for the first).
    pub total: usize,
    /// Where `lines` start among all (0 for the first line).
    pub offset: usize,
    pub lines: Vec<StandingLine>,
}

/// Which lines of the standings to send.
#[derive(Debug, Clone, Copy, Default)]
pub struct StandingsWindow {
    /// Lines to skip from the first (0 when not said).
    pub offset: Option<i64>,
    /// 1–1000 lines (100 when not said).
    pub limit: Option<i64>,
}

/// One table of a round, or a bye.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TableView {
    pub number: i16,
    /// The table's match; none for a bye.
    pub match_id: Option<Uuid>,
    /// The players in the pairing's seat order (the first had the first seat).
    pub players: Vec<String>,
    /// Each player's finishing place, once the table is over (none for a bye).
    pub places: Option<Vec<i16>>,
    /// Each player's points, once the table is over (a bye: ½).
    pub points: Option<Vec<f64>>,
    /// The places were given by adjudication at the round's deadline.
    pub adjudicated: bool,
    pub bye: bool,
}

/// A round: its dates and its tables.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundView {
    pub number: i16,
    #[serde(with = "time::serde::rfc3339")]
    pub started_at: OffsetDateTime,
    /// Matches still running then are adjudicated.
    #[serde(with = "time::serde::rfc3339")]
    pub deadline: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
    pub tables: Vec<TableView>,
}

/// What the viewer of a tournament's page may do there: the service's own rules, told in
/// advance so that a page offers only what it will accept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Allowed {
    pub join: bool,
    pub leave: bool,
    pub withdraw: bool,
    pub reconfirm: bool,
    /// The organiser before the start; a moderator until the end.
    pub cancel: bool,
    /// The organiser of a casual tournament open to computer players, while entries are open.
    pub seat_bots: bool,
    /// The computer players that may still be seated (when `seat_bots`).
    pub seat: Vec<String>,
    /// The computer players seated, which the organiser may remove before the start.
    pub unseat: Vec<String>,
}

/// Everything a tournament's page shows.
#[derive(Debug, Clone)]
pub struct TournamentSheet {
    pub tournament: TournamentView,
    pub standings: Standings,
    pub rounds: Vec<RoundView>,
    pub may: Allowed,
}

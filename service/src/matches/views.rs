//! The types a match is sent to clients as (views, summaries, the turn log, the export), and
//! the requests that create and list matches.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use tapis_games::{AnyAction, AnyEvent, AnyView, GameId};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::ratings::Rating;
use crate::{ServiceError, ServiceResult};

/// Where a match is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Waiting for players.
    Open,
    /// Being played.
    Active,
    /// Over, with a result.
    Finished,
    /// Cancelled or declined before it started.
    Aborted,
}

impl MatchStatus {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Open => "open",
            MatchStatus::Active => "active",
            MatchStatus::Finished => "finished",
            MatchStatus::Aborted => "aborted",
        }
    }

    /// The status named `s`, if any (a client's filter: no error is logged for a bad one).
    pub(crate) fn named(s: &str) -> Option<MatchStatus> {
        match s {
            "open" => Some(MatchStatus::Open),
            "active" => Some(MatchStatus::Active),
            "finished" => Some(MatchStatus::Finished),
            "aborted" => Some(MatchStatus::Aborted),
            _ => None,
        }
    }

    /// The status stored in a match row; any other is corrupt data, logged as such.
    pub(super) fn parse(s: &str) -> ServiceResult<MatchStatus> {
        MatchStatus::named(s).ok_or_else(|| ServiceError::internal("unknown match status", s))
    }
}

/// A seat and who sits there.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct SeatView {
    /// Playing order, from 0. Drawn at random when the match starts; before that, join order.
    pub seat: usize,
    pub username: String,
    /// Whether a computer player sits here (`GET /api/v1/bots`).
    #[serde(default)]
    pub bot: bool,
    /// The final score, once finished.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub score: Option<i64>,
    /// The final rank (1 = best), once finished.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rank: Option<usize>,
    /// Until when this player is on vacation (their clock stands still meanwhile): only while
    /// the match is open or active, and only when they are away.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        with = "time::serde::rfc3339::option"
    )]
    pub on_vacation_until: Option<OffsetDateTime>,
}

/// One seat's place in the result.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct RankingEntry {
    pub seat: usize,
    pub username: String,
    pub rank: usize,
    pub score: i64,
    /// The player's rating in this game before the match (rated matches only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rating_before: Option<Rating>,
    /// The player's rating after the match (rated matches only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rating_after: Option<Rating>,
}

/// How a finished match ended.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct MatchResult {
    /// Every seat, best first.
    pub ranking: Vec<RankingEntry>,
    /// How the match ended: the game's own end reason (`target_reached`, `resignation`,
    /// `five_in_a_row`...: each game's `EndReason`), or `timeout` when the player to act ran
    /// out of time and that ended the match.
    pub reason: String,
}

/// The commitment to the match's dice, and the seed once the match is over.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct Fairness {
    /// SHA-256 of the secret seed, in hex, published before the first throw.
    pub seed_sha256: String,
    /// The seed in hex, revealed once the match is finished or aborted.
    pub seed: Option<String>,
}

/// What the viewer of a match may do with it now, as the service decides it: the pages offer
/// these, and the API's clients are told by the answer to their request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Allowed {
    /// Take a free seat (or the one they are invited to) of an open match.
    pub join: bool,
    /// Decline their invitation to an open match.
    pub decline: bool,
    /// Cancel an open match they created.
    pub cancel: bool,
    /// Abort a match they play in, before each seat has taken a turn.
    pub abort: bool,
    /// Ask for a rematch of a finished match they played, none made yet.
    pub rematch: bool,
}

/// A match as its players and spectators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchView {
    pub id: Uuid,
    #[schema(value_type = String)]
    pub game: GameId,
    /// Every option of the match, defaults included.
    #[schema(schema_with = tapis_games::openapi::any_options)]
    pub options: Value,
    pub rated: bool,
    pub status: MatchStatus,
    /// Increases by one with every change; post it back with your action.
    pub version: i64,
    pub seat_count: usize,
    /// Days per move; `null` when the match has no clock.
    pub days_per_move: Option<i64>,
    pub creator: String,
    /// Players invited who have not joined yet.
    pub invited: Vec<String>,
    pub seats: Vec<SeatView>,
    /// The seats that may act now.
    pub to_act: Vec<usize>,
    /// The caller's seat, if they play in this match.
    pub your_seat: Option<usize>,
    /// When the player to act runs out of time; `null` when the match has no clock, or while
    /// the clock is paused (`paused_seconds_left`).
    #[serde(with = "time::serde::rfc3339::option")]
    pub deadline: Option<OffsetDateTime>,
    /// While the player to act is on vacation their clock is paused: the time they will
    /// have left when they return, in whole seconds; `null` when the clock is not paused.
    pub paused_seconds_left: Option<i64>,
    /// The game's view for the caller (see the per-game view schemas); `null` before the start.
    #[schema(schema_with = tapis_games::openapi::view_or_null)]
    pub state: Option<AnyView>,
    /// The caller's legal actions now, each ready to post back as `action`.
    #[schema(schema_with = tapis_games::openapi::action_list)]
    pub legal_actions: Vec<AnyAction>,
    pub result: Option<MatchResult>,
    pub fairness: Fairness,
    /// The rematch of this match, once one of its players asked for it
    /// (`POST /api/v1/matches/{id}/rematch`).
    pub rematch: Option<Uuid>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub started_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
    /// What the viewer may do with the match now (not in the API's JSON).
    #[serde(skip)]
    pub allowed: Allowed,
}

/// A match in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchSummary {
    pub id: Uuid,
    #[schema(value_type = String)]
    pub game: GameId,
    pub status: MatchStatus,
    pub rated: bool,
    pub version: i64,
    pub seat_count: usize,
    pub seats: Vec<SeatView>,
    pub invited: Vec<String>,
    pub to_act: Vec<usize>,
    pub your_seat: Option<usize>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub deadline: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
}

/// A page of a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Page<T> {
    pub items: Vec<T>,
    /// Pass as `cursor` to get the next page; `null` on the last page.
    pub next_cursor: Option<String>,
}

/// One chance event of the turn log: its index in the match's dice stream and its values.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct ChanceRecord {
    pub k: u64,
    pub values: Vec<u8>,
}

/// What a turn-log row records.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TurnKind {
    /// The start of the match (chance events before the first decision).
    Start,
    /// A seat's action.
    Action,
    /// A seat resigned.
    Resign,
    /// A seat ran out of time (counted as resigning).
    Timeout,
}

impl TurnKind {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            TurnKind::Start => "start",
            TurnKind::Action => "action",
            TurnKind::Resign => "resign",
            TurnKind::Timeout => "timeout",
        }
    }

    pub(super) fn parse(s: &str) -> ServiceResult<TurnKind> {
        match s {
            "start" => Ok(TurnKind::Start),
            "action" => Ok(TurnKind::Action),
            "resign" => Ok(TurnKind::Resign),
            "timeout" => Ok(TurnKind::Timeout),
            other => Err(ServiceError::internal("unknown turn kind", other)),
        }
    }
}

/// One entry of the turn log.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct TurnEntry {
    pub seq: i64,
    /// The seat that acted (none for the start).
    pub seat: Option<usize>,
    pub kind: TurnKind,
    /// The action as posted, for `action` entries.
    #[schema(schema_with = tapis_games::openapi::action_or_null)]
    pub action: Option<AnyAction>,
    /// The chance events resolved after it, in order.
    pub chance: Vec<ChanceRecord>,
    /// What happened, in order: the game's events, dice throws and draws included.
    #[schema(schema_with = tapis_games::openapi::event_list)]
    pub events: Vec<AnyEvent>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
}

/// One accepted move of a match as its stream sends it (`GET /api/v1/matches/{id}/stream`):
/// the version it brought the match to (the event's id) and its turn-log entry.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct MatchMove {
    pub match_id: Uuid,
    pub version: i64,
    #[serde(flatten)]
    pub turn: TurnEntry,
}

/// Everything needed to check a match offline with `tapis verify`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchExport {
    /// `tapis-export/1`.
    pub format: String,
    pub id: Uuid,
    #[schema(value_type = String)]
    pub game: GameId,
    #[schema(schema_with = tapis_games::openapi::any_options)]
    pub options: Value,
    pub rated: bool,
    pub status: MatchStatus,
    pub seats: Vec<SeatView>,
    pub fairness: Fairness,
    pub turns: Vec<TurnEntry>,
    pub result: Option<MatchResult>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub started_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
}

/// An export as written, its actions and events still JSON: they are read once the game is
/// known ([`MatchExport`]'s `Deserialize`).
#[derive(Deserialize)]
struct WrittenExport {
    format: String,
    id: Uuid,
    game: GameId,
    options: Value,
    rated: bool,
    status: MatchStatus,
    seats: Vec<SeatView>,
    fairness: Fairness,
    turns: Vec<WrittenTurn>,
    result: Option<MatchResult>,
    #[serde(with = "time::serde::rfc3339")]
    created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    started_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    finished_at: Option<OffsetDateTime>,
}

/// A turn-log entry as written.
#[derive(Deserialize)]
struct WrittenTurn {
    seq: i64,
    seat: Option<usize>,
    kind: TurnKind,
    action: Option<Value>,
    chance: Vec<ChanceRecord>,
    events: Vec<Value>,
    #[serde(with = "time::serde::rfc3339")]
    at: OffsetDateTime,
}

impl WrittenTurn {
    /// The entry with its action and events read as `game`'s.
    fn read(self, game: GameId) -> Result<TurnEntry, serde_json::Error> {
        Ok(TurnEntry {
            seq: self.seq,
            seat: self.seat,
            kind: self.kind,
            action: self
                .action
                .map(|action| AnyAction::from_json(game, action))
                .transpose()?,
            chance: self.chance,
            events: self
                .events
                .into_iter()
                .map(|event| AnyEvent::from_json(game, event))
                .collect::<Result<_, _>>()?,
            at: self.at,
        })
    }
}

impl<'de> Deserialize<'de> for MatchExport {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let written = WrittenExport::deserialize(deserializer)?;
        let game = written.game;
        let turns = written
            .turns
            .into_iter()
            .map(|turn| {
                let seq = turn.seq;
                turn.read(game).map_err(|e| {
                    serde::de::Error::custom(format!("turn {seq} is not a turn of {game}: {e}"))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(MatchExport {
            format: written.format,
            id: written.id,
            game,
            options: written.options,
            rated: written.rated,
            status: written.status,
            seats: written.seats,
            fairness: written.fairness,
            turns,
            result: written.result,
            created_at: written.created_at,
            started_at: written.started_at,
            finished_at: written.finished_at,
        })
    }
}

/// A match and its whole turn log, as the match page shows them.
#[derive(Debug, Clone)]
pub struct MatchWithTurns {
    pub view: MatchView,
    /// Oldest first.
    pub turns: Vec<TurnEntry>,
}

/// The export format this server writes.
pub const EXPORT_FORMAT: &str = "tapis-export/1";

/// The clock requested for a new match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DaysPerMove {
    /// Not given: 3 days.
    Default,
    /// Explicitly no clock (casual matches only).
    NoClock,
    /// This many days per move.
    Days(i64),
}

/// A request to create a match.
#[derive(Debug, Clone)]
pub struct NewMatch {
    pub game: String,
    pub seats: i64,
    pub options: Option<Value>,
    pub rated: Option<bool>,
    pub days_per_move: DaysPerMove,
    pub invite: Vec<String>,
}

/// Filters of the match list.
#[derive(Debug, Clone, Default)]
pub struct MatchFilter {
    pub status: Option<String>,
    pub game: Option<String>,
    pub player: Option<String>,
    /// Only matches where the caller must act now.
    pub my_turn: bool,
    /// Only open matches the caller is invited to.
    pub invited: bool,
    pub limit: Option<i64>,
    pub cursor: Option<String>,
}

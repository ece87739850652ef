//! Matches: creating and joining them, playing them move by move, the turn log and exports.
//!
//! Every write is one transaction that locks the match row first (`SELECT ... FOR UPDATE`), so
//! moves on one match are serialized by PostgreSQL whatever the number of server processes.
//! A move checks the version the client saw, applies the action through `tapis-games`, resolves
//! the chance steps that follow from the match's dice stream, appends one turn-log row and
//! updates the snapshot, the version and the deadline. Every change of a match's version
//! notifies the other server processes (`NOTIFY tapis_matches`): a move right after its
//! commit ([`NotifyCommitted`]), every other change through the `matches_notify` trigger,
//! delivered when its transaction commits.
//!
//! Moves are the hot path: a move is one transaction of two statements (lock the match row,
//! which holds a copy of its seats; record the step), then its notification, in three round
//! trips to the database (`BEGIN` is sent with the lock, `COMMIT` with the notification:
//! [`move_transaction`]), and its reply is built from what that transaction read and wrote;
//! reading a match is one statement.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::connection::TransactionDepthChange;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel_async::{
    AnsiTransactionManager, AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection,
    TransactionManager,
};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tapis_games::{AnyState, GameId, Outcome, SetupError, Turn};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::Identity;
use crate::ratings::{self, FinalSeat, Rating};
use crate::schema::{invitations, match_seats, matches, turns, users};
use crate::{ServiceError, ServiceResult, Services, accounts, fairness};

/// The most chance steps the rules may ask for in a row before we call it a bug.
const MAX_CHANCE_STEPS: usize = 10_000;

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
    fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Open => "open",
            MatchStatus::Active => "active",
            MatchStatus::Finished => "finished",
            MatchStatus::Aborted => "aborted",
        }
    }

    fn parse(s: &str) -> ServiceResult<MatchStatus> {
        match s {
            "open" => Ok(MatchStatus::Open),
            "active" => Ok(MatchStatus::Active),
            "finished" => Ok(MatchStatus::Finished),
            "aborted" => Ok(MatchStatus::Aborted),
            other => Err(ServiceError::internal("unknown match status", other)),
        }
    }
}

/// A seat and who sits there.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct SeatView {
    /// Playing order, from 0. Drawn at random when the match starts; before that, join order.
    pub seat: usize,
    pub username: String,
    /// The final score, once finished.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub score: Option<i64>,
    /// The final rank (1 = best), once finished.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rank: Option<usize>,
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
    /// How the game ended (`target_reached`, `resignation`, `five_in_a_row`...).
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

/// A match as its players and spectators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchView {
    pub id: Uuid,
    pub game: String,
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
    /// When the player to act runs out of time.
    #[serde(with = "time::serde::rfc3339::option")]
    pub deadline: Option<OffsetDateTime>,
    /// The game's view for the caller (see the per-game view schemas); `null` before the start.
    #[schema(schema_with = tapis_games::openapi::view_or_null)]
    pub state: Option<Value>,
    /// The caller's legal actions now, each ready to post back as `action`.
    #[schema(schema_with = tapis_games::openapi::action_list)]
    pub legal_actions: Vec<Value>,
    pub result: Option<MatchResult>,
    pub fairness: Fairness,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub started_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
}

/// A match in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchSummary {
    pub id: Uuid,
    pub game: String,
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
    fn as_str(self) -> &'static str {
        match self {
            TurnKind::Start => "start",
            TurnKind::Action => "action",
            TurnKind::Resign => "resign",
            TurnKind::Timeout => "timeout",
        }
    }

    fn parse(s: &str) -> ServiceResult<TurnKind> {
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
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct TurnEntry {
    pub seq: i64,
    /// The seat that acted (none for the start).
    pub seat: Option<usize>,
    pub kind: TurnKind,
    /// The action as posted, for `action` entries.
    #[schema(schema_with = tapis_games::openapi::action_or_null)]
    pub action: Option<Value>,
    /// The chance events resolved after it, in order.
    pub chance: Vec<ChanceRecord>,
    /// What happened, in order: the game's events, dice throws and draws included.
    #[schema(schema_with = tapis_games::openapi::event_list)]
    pub events: Vec<Value>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
}

/// Everything needed to check a match offline with `tapis verify`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MatchExport {
    /// `tapis-export/1`.
    pub format: String,
    pub id: Uuid,
    pub game: String,
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

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
struct MatchRow {
    id: Uuid,
    game: String,
    options: Value,
    rated: bool,
    status: String,
    seat_count: i16,
    creator_id: Uuid,
    days_per_move: Option<i16>,
    version: i64,
    state: Option<Value>,
    seed: Vec<u8>,
    seed_sha256: String,
    chance_count: i64,
    to_act_seat: Option<i16>,
    deadline: Option<OffsetDateTime>,
    result: Option<Value>,
    created_at: OffsetDateTime,
    started_at: Option<OffsetDateTime>,
    finished_at: Option<OffsetDateTime>,
    updated_at: OffsetDateTime,
    /// The user of each seat, in seat order (a copy of `match_seats` kept by a trigger).
    seat_user_ids: Vec<Uuid>,
    /// Their usernames, in the same order.
    seat_usernames: Vec<String>,
    /// How many rows the match has in the turn log: the seq of the next one.
    turn_count: i64,
}

impl MatchRow {
    fn status(&self) -> ServiceResult<MatchStatus> {
        MatchStatus::parse(&self.status)
    }

    fn game_id(&self) -> ServiceResult<GameId> {
        self.game
            .parse()
            .map_err(|e| ServiceError::internal("stored game id is unknown", e))
    }

    fn load_state(&self) -> ServiceResult<AnyState> {
        let json = self
            .state
            .as_ref()
            .ok_or_else(|| ServiceError::internal("active match without state", self.id))?;
        AnyState::from_json(self.game_id()?, json)
            .map_err(|e| ServiceError::internal("stored state is unreadable", e))
    }

    fn fairness(&self) -> ServiceResult<Fairness> {
        let revealed = matches!(self.status()?, MatchStatus::Finished | MatchStatus::Aborted);
        Ok(Fairness {
            seed_sha256: self.seed_sha256.clone(),
            seed: revealed.then(|| hex::encode(&self.seed)),
        })
    }
}

fn seat_index(seat: i16) -> usize {
    usize::try_from(seat).unwrap_or(0)
}

fn to_act(state: &AnyState) -> Option<usize> {
    match state.turn() {
        Turn::Seat { seat } => Some(seat),
        Turn::Chance { .. } | Turn::Over => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Reading

/// One seat of a match, with its player's id.
#[derive(Debug, Clone)]
struct Seated {
    view: SeatView,
    user_id: Uuid,
}

/// The seats of a match from the copy its row keeps, with the final ranks and scores of
/// `result` once it is finished.
fn seats_of(row: &MatchRow, result: Option<&MatchResult>) -> ServiceResult<Vec<Seated>> {
    if row.seat_user_ids.len() != row.seat_usernames.len() {
        return Err(ServiceError::internal(
            "the seat copy of a match is inconsistent",
            row.id,
        ));
    }
    Ok(row
        .seat_user_ids
        .iter()
        .zip(&row.seat_usernames)
        .enumerate()
        .map(|(seat, (user_id, username))| {
            let ranked = result.and_then(|r| r.ranking.iter().find(|e| e.seat == seat));
            Seated {
                view: SeatView {
                    seat,
                    username: username.clone(),
                    score: ranked.map(|e| e.score),
                    rank: ranked.map(|e| e.rank),
                },
                user_id: *user_id,
            }
        })
        .collect())
}

async fn load_invited(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> ServiceResult<Vec<(Uuid, String)>> {
    Ok(invitations::table
        .inner_join(users::table)
        .filter(invitations::match_id.eq_any(ids))
        .order((
            invitations::match_id,
            invitations::created_at,
            users::username,
        ))
        .select((invitations::match_id, users::username))
        .load(conn)
        .await?)
}

async fn find_row(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<MatchRow> {
    matches::table
        .find(id)
        .select(MatchRow::as_select())
        .first(conn)
        .await
        .optional()?
        .ok_or(ServiceError::NotFound("match"))
}

async fn lock_row(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<MatchRow> {
    matches::table
        .find(id)
        .select(MatchRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?
        .ok_or(ServiceError::NotFound("match"))
}

/// A match (its row holds its seats).
async fn load_match(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Loaded> {
    Loaded::new(find_row(conn, id).await?)
}

/// A match, its row locked for this transaction.
async fn lock_match(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Loaded> {
    Loaded::new(lock_row(conn, id).await?)
}

/// What a view is made of: the row, its seats and result decoded and, when it is already at
/// hand (after a move), the decoded state of the row.
struct Loaded {
    row: MatchRow,
    seats: Vec<Seated>,
    result: Option<MatchResult>,
    state: Option<AnyState>,
}

impl Loaded {
    fn new(row: MatchRow) -> ServiceResult<Loaded> {
        let result = match &row.result {
            Some(json) => Some(
                MatchResult::deserialize(json)
                    .map_err(|e| ServiceError::internal("stored result is unreadable", e))?,
            ),
            None => None,
        };
        let seats = seats_of(&row, result.as_ref())?;
        Ok(Loaded {
            row,
            seats,
            result,
            state: None,
        })
    }

    fn seat_of(&self, user_id: Uuid) -> Option<usize> {
        self.seats
            .iter()
            .find(|s| s.user_id == user_id)
            .map(|s| s.view.seat)
    }

    /// The state, decoded from the row unless a move left it at hand.
    fn take_state(&mut self) -> ServiceResult<AnyState> {
        match self.state.take() {
            Some(state) => Ok(state),
            None => self.row.load_state(),
        }
    }
}

/// The view of a loaded match for `viewer`. Reads the invitations of open and aborted
/// matches (an active or finished match has none: every invitee took a seat before the last
/// seat was taken) and the creator's name when they have no seat (they always do, as the
/// creator takes the first seat).
async fn view_of(
    conn: &mut AsyncPgConnection,
    mut loaded: Loaded,
    viewer: Option<&Identity>,
) -> ServiceResult<MatchView> {
    let status = loaded.row.status()?;
    let invited = match status {
        MatchStatus::Open | MatchStatus::Aborted => load_invited(conn, &[loaded.row.id])
            .await?
            .into_iter()
            .map(|(_, name)| name)
            .collect(),
        MatchStatus::Active | MatchStatus::Finished => Vec::new(),
    };
    let creator = match loaded
        .seats
        .iter()
        .find(|s| s.user_id == loaded.row.creator_id)
    {
        Some(seat) => seat.view.username.clone(),
        None => {
            users::table
                .find(loaded.row.creator_id)
                .select(users::username)
                .first(conn)
                .await?
        }
    };
    let your_seat = viewer.and_then(|who| loaded.seat_of(who.user_id));
    let (state, legal_actions) = match (&loaded.row.state, status) {
        (Some(_), MatchStatus::Active | MatchStatus::Finished) => {
            let state = loaded.take_state()?;
            let legal = match (your_seat, status) {
                (Some(seat), MatchStatus::Active) => state.legal_actions(seat),
                _ => Vec::new(),
            };
            (Some(state.view(your_seat)), legal)
        }
        _ => (None, Vec::new()),
    };
    let row = loaded.row;
    let result = loaded.result;
    let fairness = row.fairness()?;
    Ok(MatchView {
        id: row.id,
        game: row.game,
        options: row.options,
        rated: row.rated,
        status,
        version: row.version,
        seat_count: seat_index(row.seat_count),
        days_per_move: row.days_per_move.map(i64::from),
        creator,
        invited,
        seats: loaded.seats.into_iter().map(|s| s.view).collect(),
        to_act: row.to_act_seat.map(seat_index).into_iter().collect(),
        your_seat,
        deadline: row.deadline,
        state,
        legal_actions,
        result,
        fairness,
        created_at: row.created_at,
        started_at: row.started_at,
        finished_at: row.finished_at,
        updated_at: row.updated_at,
    })
}

/// A match as `viewer` (or a spectator) sees it.
pub async fn get(
    services: &Services,
    id: Uuid,
    viewer: Option<&Identity>,
) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let loaded = load_match(&mut conn, id).await?;
    view_of(&mut conn, loaded, viewer).await
}

/// The current version of a match (cheap: for live updates).
pub async fn version(services: &Services, id: Uuid) -> ServiceResult<i64> {
    let mut conn = services.conn().await?;
    matches::table
        .find(id)
        .select(matches::version)
        .first(&mut conn)
        .await
        .optional()?
        .ok_or(ServiceError::NotFound("match"))
}

fn encode_cursor(updated_at: OffsetDateTime, id: Uuid) -> String {
    let micros = updated_at.unix_timestamp_nanos() / 1000;
    URL_SAFE_NO_PAD.encode(format!("{micros}.{id}"))
}

fn decode_cursor(cursor: &str) -> ServiceResult<(OffsetDateTime, Uuid)> {
    let bad = || ServiceError::invalid("cursor", "is not a cursor from this list");
    let raw = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| bad())?;
    let raw = String::from_utf8(raw).map_err(|_| bad())?;
    let (micros, id) = raw.split_once('.').ok_or_else(bad)?;
    let micros: i128 = micros.parse().map_err(|_| bad())?;
    let at = OffsetDateTime::from_unix_timestamp_nanos(micros * 1000).map_err(|_| bad())?;
    let id = Uuid::parse_str(id).map_err(|_| bad())?;
    Ok((at, id))
}

/// Lists matches, most recently updated first.
pub async fn list(
    services: &Services,
    filter: &MatchFilter,
    viewer: Option<&Identity>,
) -> ServiceResult<Page<MatchSummary>> {
    let limit = filter.limit.unwrap_or(50);
    if !(1..=200).contains(&limit) {
        return Err(ServiceError::invalid("limit", "must be from 1 to 200"));
    }
    let mut conn = services.conn().await?;
    let mut query = matches::table.into_boxed();
    if let Some(status) = &filter.status {
        let status = MatchStatus::parse(status).map_err(|_| {
            ServiceError::invalid("status", "must be open, active, finished or aborted")
        })?;
        query = query.filter(matches::status.eq(status.as_str()));
    }
    if let Some(game) = &filter.game {
        let game: GameId = game
            .parse()
            .map_err(|e: tapis_games::UnknownGame| ServiceError::invalid("game", e.to_string()))?;
        query = query.filter(matches::game.eq(game.as_str()));
    }
    if let Some(player) = &filter.player {
        let user = accounts::find_by_name(&mut conn, player)
            .await?
            .ok_or_else(|| ServiceError::invalid("player", "no player has this name"))?;
        query = query.filter(diesel::dsl::exists(
            match_seats::table
                .filter(match_seats::match_id.eq(matches::id))
                .filter(match_seats::user_id.eq(user.id)),
        ));
    }
    if filter.my_turn || filter.invited {
        let who = viewer.ok_or(ServiceError::Unauthenticated(
            "sign in to filter by your own matches",
        ))?;
        if filter.my_turn {
            query = query
                .filter(matches::status.eq("active"))
                .filter(diesel::dsl::exists(
                    match_seats::table
                        .filter(match_seats::match_id.eq(matches::id))
                        .filter(match_seats::user_id.eq(who.user_id))
                        .filter(match_seats::seat.nullable().eq(matches::to_act_seat)),
                ));
        }
        if filter.invited {
            query = query
                .filter(matches::status.eq("open"))
                .filter(diesel::dsl::exists(
                    invitations::table
                        .filter(invitations::match_id.eq(matches::id))
                        .filter(invitations::user_id.eq(who.user_id)),
                ));
        }
    }
    if let Some(cursor) = &filter.cursor {
        let (at, id) = decode_cursor(cursor)?;
        query = query.filter(
            matches::updated_at
                .lt(at)
                .or(matches::updated_at.eq(at).and(matches::id.lt(id))),
        );
    }
    let mut rows: Vec<MatchRow> = query
        .order((matches::updated_at.desc(), matches::id.desc()))
        .limit(limit + 1)
        .select(MatchRow::as_select())
        .load(&mut conn)
        .await?;
    let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
    rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next_cursor = if more {
        rows.last().map(|r| encode_cursor(r.updated_at, r.id))
    } else {
        None
    };

    // Only open and aborted matches can have invitations (see `view_of`).
    let ids: Vec<Uuid> = rows
        .iter()
        .filter(|r| matches!(r.status.as_str(), "open" | "aborted"))
        .map(|r| r.id)
        .collect();
    let invited = if ids.is_empty() {
        Vec::new()
    } else {
        load_invited(&mut conn, &ids).await?
    };
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        let loaded = Loaded::new(row)?;
        let your_seat = viewer.and_then(|who| loaded.seat_of(who.user_id));
        let row = loaded.row;
        items.push(MatchSummary {
            id: row.id,
            game: row.game,
            status: MatchStatus::parse(&row.status)?,
            rated: row.rated,
            version: row.version,
            seat_count: seat_index(row.seat_count),
            seats: loaded.seats.into_iter().map(|seat| seat.view).collect(),
            invited: invited
                .iter()
                .filter(|(m, _)| *m == row.id)
                .map(|(_, name)| name.clone())
                .collect(),
            to_act: row.to_act_seat.map(seat_index).into_iter().collect(),
            your_seat,
            deadline: row.deadline,
            created_at: row.created_at,
            updated_at: row.updated_at,
        });
    }
    Ok(Page { items, next_cursor })
}

async fn load_turns(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Vec<TurnEntry>> {
    type TurnRow = (
        i64,
        Option<i16>,
        String,
        Option<Value>,
        Value,
        Value,
        OffsetDateTime,
    );
    let rows: Vec<TurnRow> = turns::table
        .filter(turns::match_id.eq(id))
        .order(turns::seq)
        .select((
            turns::seq,
            turns::seat,
            turns::kind,
            turns::action,
            turns::chance,
            turns::events,
            turns::at,
        ))
        .load(conn)
        .await?;
    rows.into_iter()
        .map(|(seq, seat, kind, action, chance, events, at)| {
            Ok(TurnEntry {
                seq,
                seat: seat.map(seat_index),
                kind: TurnKind::parse(&kind)?,
                action,
                chance: serde_json::from_value(chance)
                    .map_err(|e| ServiceError::internal("stored chance is unreadable", e))?,
                events: serde_json::from_value(events)
                    .map_err(|e| ServiceError::internal("stored events are unreadable", e))?,
                at,
            })
        })
        .collect()
}

/// The turn log of a match.
pub async fn turn_log(services: &Services, id: Uuid) -> ServiceResult<Vec<TurnEntry>> {
    let mut conn = services.conn().await?;
    find_row(&mut conn, id).await?;
    load_turns(&mut conn, id).await
}

/// The whole record of a match; the seed is included once the match is over.
pub async fn export(services: &Services, id: Uuid) -> ServiceResult<MatchExport> {
    let mut conn = services.conn().await?;
    let loaded = load_match(&mut conn, id).await?;
    let turns = load_turns(&mut conn, id).await?;
    let view = view_of(&mut conn, loaded, None).await?;
    Ok(MatchExport {
        format: EXPORT_FORMAT.to_owned(),
        id: view.id,
        game: view.game,
        options: view.options,
        rated: view.rated,
        status: view.status,
        seats: view.seats,
        fairness: view.fairness,
        turns,
        result: view.result,
        created_at: view.created_at,
        started_at: view.started_at,
        finished_at: view.finished_at,
    })
}

/// Replays the turn log of a match from its setup (used to check the stored snapshot).
pub async fn replay(services: &Services, id: Uuid) -> ServiceResult<(Option<Value>, Value)> {
    let mut conn = services.conn().await?;
    let row = find_row(&mut conn, id).await?;
    let turns = load_turns(&mut conn, id).await?;
    let replayed = crate::verify::replay(
        row.game_id()?,
        seat_index(row.seat_count),
        &row.options,
        None,
        &turns,
    )
    .map_err(|d| ServiceError::internal("the turn log does not replay", d))?;
    Ok((row.state.clone(), replayed.to_json()))
}

// ---------------------------------------------------------------------------------------------
// Writing

fn setup_error(error: SetupError) -> ServiceError {
    match error {
        SetupError::SeatCount { .. } => ServiceError::invalid("seats", error.to_string()),
        SetupError::Options(e) => {
            let field = match &e.option {
                Some(option) => format!("options.{option}"),
                None => "options".to_owned(),
            };
            ServiceError::invalid(field, e.message)
        }
    }
}

/// Creates a match; the creator takes the first seat. A one-seat match starts at once.
pub async fn create(
    services: &Services,
    who: &Identity,
    request: NewMatch,
) -> ServiceResult<MatchView> {
    let game: GameId = request.game.parse().map_err(|_| {
        let known: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
        ServiceError::invalid(
            "game",
            format!(
                "unknown game `{}` (known: {})",
                request.game,
                known.join(", ")
            ),
        )
    })?;
    let (min, max) = (game.min_seats(), game.max_seats());
    let seats = usize::try_from(request.seats)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ServiceError::invalid(
                "seats",
                format!("{} is played by {min} to {max} players", game.name()),
            )
        })?;
    let options = game
        .normalize_options(request.options.as_ref().unwrap_or(&Value::Null))
        .map_err(setup_error)?;
    let default_options = options == game.default_options();
    let days = match request.days_per_move {
        DaysPerMove::Default => Some(3),
        DaysPerMove::NoClock => None,
        DaysPerMove::Days(d) if (1..=14).contains(&d) => Some(d),
        DaysPerMove::Days(_) => {
            return Err(ServiceError::invalid(
                "days_per_move",
                "must be from 1 to 14, or null for no clock",
            ));
        }
    };
    let can_be_rated = default_options && seats >= 2 && days.is_some();
    let rated = match request.rated {
        Some(true) if !default_options => {
            return Err(ServiceError::invalid(
                "rated",
                "rated matches use the default options",
            ));
        }
        Some(true) if seats < 2 => {
            return Err(ServiceError::invalid(
                "rated",
                "rated matches need two or more players",
            ));
        }
        Some(true) if days.is_none() => {
            return Err(ServiceError::invalid("rated", "rated matches need a clock"));
        }
        Some(rated) => rated,
        None => can_be_rated,
    };
    if request.invite.len() >= seats {
        return Err(ServiceError::invalid(
            "invite",
            "more players invited than free seats",
        ));
    }
    let seed = fairness::new_seed().map_err(|e| ServiceError::internal("no OS randomness", e))?;
    let id = Uuid::new_v4();
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let mut invited = Vec::new();
            for name in &request.invite {
                let user = accounts::find_by_name(conn, name).await?.ok_or_else(|| {
                    ServiceError::invalid("invite", format!("no player is named `{name}`"))
                })?;
                if user.id == who.user_id {
                    return Err(ServiceError::invalid(
                        "invite",
                        "you cannot invite yourself",
                    ));
                }
                if invited.contains(&user.id) {
                    return Err(ServiceError::invalid(
                        "invite",
                        format!("`{name}` is invited twice"),
                    ));
                }
                invited.push(user.id);
            }
            diesel::insert_into(matches::table)
                .values((
                    matches::id.eq(id),
                    matches::game.eq(game.as_str()),
                    matches::options.eq(&options),
                    matches::rated.eq(rated),
                    matches::status.eq(MatchStatus::Open.as_str()),
                    matches::seat_count.eq(i16::try_from(seats).unwrap_or(i16::MAX)),
                    matches::creator_id.eq(who.user_id),
                    matches::days_per_move.eq(days.and_then(|d| i16::try_from(d).ok())),
                    matches::seed.eq(seed.to_vec()),
                    matches::seed_sha256.eq(fairness::seed_commitment(&seed)),
                ))
                .execute(conn)
                .await?;
            diesel::insert_into(match_seats::table)
                .values((
                    match_seats::match_id.eq(id),
                    match_seats::seat.eq(0),
                    match_seats::user_id.eq(who.user_id),
                ))
                .execute(conn)
                .await?;
            for user_id in invited {
                diesel::insert_into(invitations::table)
                    .values((
                        invitations::match_id.eq(id),
                        invitations::user_id.eq(user_id),
                    ))
                    .execute(conn)
                    .await?;
            }
            if seats == 1 {
                return start(conn, id).await;
            }
            load_match(conn, id).await
        })
        .await?;
    tracing::info!(match.id = %id, game = game.as_str(), seats, rated, "match created");
    view_of(&mut conn, loaded, Some(&who)).await
}

/// Takes a free seat in an open match; the match starts when the last seat is taken.
pub async fn join(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let locked = lock_match(conn, id).await?;
            let row = &locked.row;
            if row.status()? != MatchStatus::Open {
                return Err(ServiceError::MatchNotOpen);
            }
            let seated = locked.seats.len();
            if locked.seat_of(who.user_id).is_some() {
                return Err(ServiceError::AlreadyJoined);
            }
            let seat_count = seat_index(row.seat_count);
            if seated >= seat_count {
                return Err(ServiceError::MatchFull);
            }
            let pending: Vec<Uuid> = invitations::table
                .filter(invitations::match_id.eq(id))
                .select(invitations::user_id)
                .load(conn)
                .await?;
            let invited = pending.contains(&who.user_id);
            if !invited && seated + pending.len() >= seat_count {
                return Err(ServiceError::NotInvited);
            }
            diesel::insert_into(match_seats::table)
                .values((
                    match_seats::match_id.eq(id),
                    match_seats::seat.eq(i16::try_from(seated).unwrap_or(i16::MAX)),
                    match_seats::user_id.eq(who.user_id),
                ))
                .execute(conn)
                .await?;
            if invited {
                diesel::delete(
                    invitations::table
                        .filter(invitations::match_id.eq(id))
                        .filter(invitations::user_id.eq(who.user_id)),
                )
                .execute(conn)
                .await?;
            }
            if seated + 1 == seat_count {
                start(conn, id).await
            } else {
                touch(conn, row).await?;
                load_match(conn, id).await
            }
        })
        .await?;
    tracing::info!(match.id = %id, user.id = %who.user_id, "joined match");
    view_of(&mut conn, loaded, Some(&who)).await
}

/// The creator cancels an open match.
pub async fn cancel(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let row = lock_row(conn, id).await?;
            if row.creator_id != who.user_id {
                return Err(ServiceError::NotTheCreator);
            }
            abort(conn, &row).await?;
            load_match(conn, id).await
        })
        .await?;
    view_of(&mut conn, loaded, Some(&who)).await
}

/// An invited player declines: the challenge is called off.
pub async fn decline(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let row = lock_row(conn, id).await?;
            let deleted = diesel::delete(
                invitations::table
                    .filter(invitations::match_id.eq(id))
                    .filter(invitations::user_id.eq(who.user_id)),
            )
            .execute(conn)
            .await?;
            if deleted == 0 {
                return Err(ServiceError::NotInvited);
            }
            abort(conn, &row).await?;
            load_match(conn, id).await
        })
        .await?;
    view_of(&mut conn, loaded, Some(&who)).await
}

/// The current time, at the precision PostgreSQL stores (microseconds), so that values kept
/// in memory after a write equal the stored ones.
fn now_micros() -> OffsetDateTime {
    let now = OffsetDateTime::now_utc();
    now.replace_nanosecond(now.nanosecond() / 1_000 * 1_000)
        .unwrap_or(now)
}

async fn abort(conn: &mut AsyncPgConnection, row: &MatchRow) -> ServiceResult<()> {
    if row.status()? != MatchStatus::Open {
        return Err(ServiceError::MatchNotOpen);
    }
    let now = now_micros();
    // The version changes: the `matches_notify` trigger tells the other server processes.
    diesel::update(matches::table.find(row.id))
        .set((
            matches::status.eq(MatchStatus::Aborted.as_str()),
            matches::version.eq(row.version + 1),
            matches::finished_at.eq(now),
            matches::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Bumps the version of a match that changed outside the rules (a player joined).
async fn touch(conn: &mut AsyncPgConnection, row: &MatchRow) -> ServiceResult<()> {
    diesel::update(matches::table.find(row.id))
        .set((
            matches::version.eq(row.version + 1),
            matches::updated_at.eq(now_micros()),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Resolves every chance step now due from the match's dice stream.
fn resolve_chance(
    state: &mut AnyState,
    seed: &[u8],
    chance_count: &mut i64,
    records: &mut Vec<ChanceRecord>,
    events: &mut Vec<Value>,
) -> ServiceResult<()> {
    for _ in 0..MAX_CHANCE_STEPS {
        let Turn::Chance { chance } = state.turn() else {
            return Ok(());
        };
        let k = u64::try_from(*chance_count).unwrap_or(0);
        let values = fairness::chance_values(seed, k, &chance);
        let produced = state
            .apply_chance(&values)
            .map_err(|e| ServiceError::internal("the rules refused their own chance step", e))?;
        events.extend(produced);
        records.push(ChanceRecord { k, values });
        *chance_count += 1;
    }
    Err(ServiceError::internal(
        "chance steps did not come to an end",
        MAX_CHANCE_STEPS,
    ))
}

/// Draws the seat order, sets the game up and resolves its first chance steps.
/// The caller holds the lock on the match row.
async fn start(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Loaded> {
    let mut players: Vec<(Uuid, OffsetDateTime)> = match_seats::table
        .filter(match_seats::match_id.eq(id))
        .order(match_seats::seat)
        .select((match_seats::user_id, match_seats::joined_at))
        .load(conn)
        .await?;
    players.shuffle(&mut rand::rng());
    diesel::delete(match_seats::table.filter(match_seats::match_id.eq(id)))
        .execute(conn)
        .await?;
    let new_seats: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(seat, (user_id, joined_at))| {
            (
                match_seats::match_id.eq(id),
                match_seats::seat.eq(i16::try_from(seat).unwrap_or(i16::MAX)),
                match_seats::user_id.eq(*user_id),
                match_seats::joined_at.eq(*joined_at),
            )
        })
        .collect();
    diesel::insert_into(match_seats::table)
        .values(&new_seats)
        .execute(conn)
        .await?;
    // The row again, with the seats in their new order (copied by the trigger).
    let loaded = load_match(conn, id).await?;
    let state = AnyState::setup(loaded.row.game_id()?, players.len(), &loaded.row.options)
        .map_err(|e| ServiceError::internal("stored options no longer set up", e))?;
    let step = Step {
        kind: TurnKind::Start,
        seat: None,
        action: None,
        notify_after_commit: false,
    };
    advance(conn, loaded, state, step, Vec::new()).await
}

/// The decision recorded in a turn-log row.
struct Step {
    kind: TurnKind,
    seat: Option<usize>,
    action: Option<Value>,
    /// Whether the caller notifies the change itself after the commit ([`NotifyCommitted`])
    /// rather than through the trigger, in the transaction.
    notify_after_commit: bool,
}

/// The statement that records a step of a match: it updates the match row (snapshot,
/// version, dice used, clock, result) if the match is still at the version the step was
/// worked out from, and then appends the turn-log row, numbered after the last one (the match
/// counts them), in one statement: the turn row is written only with the update, so the
/// statement writes both or nothing, and says which by the rows it inserts (1 or 0).
///
/// The version check makes the write right on its own, whatever else the transaction holds:
/// a move sends it together with `COMMIT` ([`move_transaction`]), and the first time a
/// connection uses it, preparing it lets `COMMIT` overtake it, so that it then runs on its
/// own, after the lock was released. Written out rather than built with Diesel's DSL because
/// Diesel never keeps an `UPDATE` prepared (it prepares it anew on every execution); this text
/// never changes, so it is prepared once per connection and cached by its type. As the
/// version changes, the `matches_notify` trigger tells the other server processes, unless
/// `notify_after_commit` says the caller does it after the commit (it sets `tapis.notify` for
/// the trigger's condition).
struct RecordStep<'a> {
    match_id: Uuid,
    /// The version the step was worked out from: the update applies only to it.
    from_version: i64,
    /// The number of the new turn-log row: the match's `turn_count`, read under the lock.
    seq: i64,
    seat: Option<i16>,
    kind: &'a str,
    action: Option<&'a Value>,
    chance: &'a Value,
    events: &'a Value,
    at: OffsetDateTime,
    state: Option<&'a Value>,
    status: &'a str,
    version: i64,
    chance_count: i64,
    to_act_seat: Option<i16>,
    deadline: Option<OffsetDateTime>,
    result: Option<&'a Value>,
    started_at: Option<OffsetDateTime>,
    finished_at: Option<OffsetDateTime>,
    /// The caller sends the notification itself once the transaction has committed
    /// ([`NotifyCommitted`]): the trigger stays silent for this change.
    notify_after_commit: bool,
}

impl QueryId for RecordStep<'_> {
    type QueryId = RecordStep<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Pg> for RecordStep<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        use diesel::sql_types::{BigInt, Jsonb, Nullable, SmallInt, Text, Timestamptz};
        type SqlUuid = diesel::sql_types::Uuid;
        out.push_sql("WITH updated AS (UPDATE matches SET turn_count = ");
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        out.push_sql(" + 1, state = ");
        out.push_bind_param::<Nullable<Jsonb>, _>(&self.state)?;
        out.push_sql(", status = ");
        out.push_bind_param::<Text, _>(self.status)?;
        out.push_sql(", version = ");
        out.push_bind_param::<BigInt, _>(&self.version)?;
        out.push_sql(", chance_count = ");
        out.push_bind_param::<BigInt, _>(&self.chance_count)?;
        out.push_sql(", to_act_seat = ");
        out.push_bind_param::<Nullable<SmallInt>, _>(&self.to_act_seat)?;
        out.push_sql(", deadline = ");
        out.push_bind_param::<Nullable<Timestamptz>, _>(&self.deadline)?;
        out.push_sql(", result = ");
        out.push_bind_param::<Nullable<Jsonb>, _>(&self.result)?;
        out.push_sql(", updated_at = ");
        out.push_bind_param::<Timestamptz, _>(&self.at)?;
        out.push_sql(", started_at = ");
        out.push_bind_param::<Nullable<Timestamptz>, _>(&self.started_at)?;
        out.push_sql(", finished_at = ");
        out.push_bind_param::<Nullable<Timestamptz>, _>(&self.finished_at)?;
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<SqlUuid, _>(&self.match_id)?;
        out.push_sql(" AND version = ");
        out.push_bind_param::<BigInt, _>(&self.from_version)?;
        // Evaluated before the row is updated, hence before the trigger's condition reads it;
        // transaction-local, so it ends with the transaction.
        out.push_sql(" AND set_config('tapis.notify', ");
        let notify = if self.notify_after_commit {
            "after_commit"
        } else {
            "in_transaction"
        };
        out.push_bind_param::<Text, _>(notify)?;
        out.push_sql(
            ", true) IS NOT NULL RETURNING id) INSERT INTO turns (match_id, seq, seat, kind, \
             action, chance, events, at) SELECT id, ",
        );
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<SmallInt>, _>(&self.seat)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(self.kind)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Jsonb>, _>(&self.action)?;
        out.push_sql(", ");
        out.push_bind_param::<Jsonb, _>(self.chance)?;
        out.push_sql(", ");
        out.push_bind_param::<Jsonb, _>(self.events)?;
        out.push_sql(", ");
        out.push_bind_param::<Timestamptz, _>(&self.at)?;
        out.push_sql(" FROM updated");
        Ok(())
    }
}

/// The notification of a change that its transaction left to its caller
/// (`notify_after_commit`), sent once that transaction has committed: `pg_notify` on
/// `tapis_matches` with the match id, as the `matches_notify` trigger sends it, in a
/// transaction of its own that does not wait for its commit to reach the disk.
///
/// Why not in the transaction of the move: the first NOTIFY of a transaction takes a lock that
/// PostgreSQL holds until that transaction's commit is flushed, so the commits of notifying
/// transactions cannot share a flush and queue up behind the disk one by one. Here the move
/// commits (durably, flushing together with other commits) without that lock, and the
/// notification holds it only for the time of an asynchronous commit. A notification is worth
/// nothing after a crash of the database (its listeners lose their connections), so it needs
/// no durability; if this statement fails, the move stands and only that notification is lost.
struct NotifyCommitted {
    match_id: Uuid,
}

impl QueryId for NotifyCommitted {
    type QueryId = NotifyCommitted;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Pg> for NotifyCommitted {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "SELECT set_config('synchronous_commit', 'off', true), \
             pg_notify('tapis_matches', CAST(",
        );
        out.push_bind_param::<diesel::sql_types::Uuid, _>(&self.match_id)?;
        out.push_sql(" AS text))");
        Ok(())
    }
}

/// After a decision has been applied to `state`: resolves the chance steps that follow,
/// records the result (and the rating changes) if the game is over, appends the turn-log row
/// and updates the match. Returns the match as it now stands, its state at hand.
async fn advance(
    conn: &mut AsyncPgConnection,
    before: Loaded,
    state: AnyState,
    step: Step,
    events: Vec<Value>,
) -> ServiceResult<Loaded> {
    let pending = work_out_step(conn, before, state, step, events).await?;
    if !pending.write(conn).await? {
        // The caller holds the lock on the match row: its version cannot have moved.
        return Err(ServiceError::internal(
            "the match row changed under its lock",
            pending.after.row.id,
        ));
    }
    Ok(pending.after)
}

/// A step worked out under the lock of its match and not yet written: the match as it will
/// stand, and the turn-log row that records the step. Everything else the step changes (the
/// final ranks, the rating changes) is written already, in the same transaction: writing the
/// step is the transaction's last statement.
struct PendingStep {
    /// The match once the step is written, its state at hand.
    after: Loaded,
    seat: Option<i16>,
    kind: TurnKind,
    action: Option<Value>,
    chance: Value,
    events: Value,
    notify_after_commit: bool,
}

impl PendingStep {
    /// Whether the step ends the match (its transaction wrote the result and the ratings).
    fn ends_match(&self) -> bool {
        self.after.result.is_some()
    }

    fn statement(&self) -> RecordStep<'_> {
        let row = &self.after.row;
        RecordStep {
            match_id: row.id,
            from_version: row.version - 1,
            seq: row.turn_count - 1,
            seat: self.seat,
            kind: self.kind.as_str(),
            action: self.action.as_ref(),
            chance: &self.chance,
            events: &self.events,
            at: row.updated_at,
            state: row.state.as_ref(),
            status: &row.status,
            version: row.version,
            chance_count: row.chance_count,
            to_act_seat: row.to_act_seat,
            deadline: row.deadline,
            result: row.result.as_ref(),
            started_at: row.started_at,
            finished_at: row.finished_at,
            notify_after_commit: self.notify_after_commit,
        }
    }

    /// Writes the step: `Ok(false)` when the match is no longer at the version the step was
    /// worked out from, and nothing was written.
    async fn write(&self, conn: &mut AsyncPgConnection) -> ServiceResult<bool> {
        written(self.statement().execute(conn).await?)
    }
}

/// What the statement recording a step says it did: 1 row (written) or 0 (the version moved).
fn written(inserted: usize) -> ServiceResult<bool> {
    match inserted {
        0 => Ok(false),
        1 => Ok(true),
        more => Err(ServiceError::internal(
            "a step appended several turn rows",
            more,
        )),
    }
}

/// Works out a step once its decision has been applied to `state`: resolves the chance steps
/// that follow, and if the game is over, records the result (the final ranks and the rating
/// changes). The caller holds the lock on the match row and writes the step
/// ([`PendingStep::write`]) last.
async fn work_out_step(
    conn: &mut AsyncPgConnection,
    before: Loaded,
    mut state: AnyState,
    step: Step,
    mut events: Vec<Value>,
) -> ServiceResult<PendingStep> {
    let Loaded { row, mut seats, .. } = before;
    let mut chance_count = row.chance_count;
    let mut records = Vec::new();
    resolve_chance(
        &mut state,
        &row.seed,
        &mut chance_count,
        &mut records,
        &mut events,
    )?;
    let now = now_micros();
    let outcome = state.outcome();
    let to_act_seat = to_act(&state).and_then(|s| i16::try_from(s).ok());
    let deadline = match (&outcome, to_act_seat, row.days_per_move) {
        (None, Some(_), Some(days)) => Some(now + time::Duration::days(i64::from(days))),
        _ => None,
    };
    let result = match &outcome {
        Some(outcome) => Some(result_of(conn, &row, &seats, outcome, now).await?),
        None => None,
    };
    let status = if outcome.is_some() {
        MatchStatus::Finished
    } else {
        MatchStatus::Active
    };
    let encoding = |e: serde_json::Error| ServiceError::internal("cannot encode a turn", e);
    let result_json = result
        .as_ref()
        .map(serde_json::to_value)
        .transpose()
        .map_err(encoding)?;
    let chance_json = serde_json::to_value(&records).map_err(encoding)?;
    if let Some(result) = &result {
        for entry in &result.ranking {
            diesel::update(
                match_seats::table
                    .filter(match_seats::match_id.eq(row.id))
                    .filter(match_seats::seat.eq(i16::try_from(entry.seat).unwrap_or(-1))),
            )
            .set((
                match_seats::rank.eq(i16::try_from(entry.rank).ok()),
                match_seats::score.eq(entry.score),
            ))
            .execute(conn)
            .await?;
            if let Some(seat) = seats.iter_mut().find(|s| s.view.seat == entry.seat) {
                seat.view.rank = Some(entry.rank);
                seat.view.score = Some(entry.score);
            }
        }
        tracing::info!(match.id = %row.id, reason = %result.reason, "match finished");
    }
    let started_at = if step.kind == TurnKind::Start {
        Some(now)
    } else {
        row.started_at
    };
    let finished_at = if result.is_some() {
        Some(now)
    } else {
        row.finished_at
    };
    let row = MatchRow {
        state: Some(state.to_json()),
        status: status.as_str().to_owned(),
        version: row.version + 1,
        chance_count,
        to_act_seat,
        deadline,
        result: result_json,
        started_at,
        finished_at,
        updated_at: now,
        turn_count: row.turn_count + 1,
        ..row
    };
    Ok(PendingStep {
        after: Loaded {
            row,
            seats,
            result,
            state: Some(state),
        },
        seat: step.seat.and_then(|s| i16::try_from(s).ok()),
        kind: step.kind,
        action: step.action,
        chance: chance_json,
        events: Value::Array(events),
        notify_after_commit: step.notify_after_commit,
    })
}

/// The result of a match that just ended, with the rating changes it made if it is rated
/// (applied here, in the transaction that ends the match).
async fn result_of(
    conn: &mut AsyncPgConnection,
    row: &MatchRow,
    seats: &[Seated],
    outcome: &Outcome,
    now: OffsetDateTime,
) -> ServiceResult<MatchResult> {
    let seated = |seat: usize| seats.iter().find(|s| s.view.seat == seat);
    let mut ranking: Vec<RankingEntry> = outcome
        .ranking
        .iter()
        .map(|p| RankingEntry {
            seat: p.seat,
            username: seated(p.seat)
                .map(|s| s.view.username.clone())
                .unwrap_or_default(),
            rank: p.rank,
            score: p.score,
            rating_before: None,
            rating_after: None,
        })
        .collect();
    let final_seats = outcome
        .ranking
        .iter()
        .map(|p| {
            seated(p.seat)
                .map(|s| FinalSeat {
                    seat: p.seat,
                    user_id: s.user_id,
                    rank: p.rank,
                })
                .ok_or_else(|| ServiceError::internal("a ranked seat is empty", p.seat))
        })
        .collect::<ServiceResult<Vec<FinalSeat>>>()?;
    let changes =
        ratings::record_match(conn, row.id, row.game_id()?, row.rated, &final_seats, now).await?;
    if let Some(changes) = changes {
        for (entry, change) in ranking.iter_mut().zip(changes) {
            entry.rating_before = Some(change.before);
            entry.rating_after = Some(change.after);
        }
    }
    Ok(MatchResult {
        ranking,
        reason: outcome.reason.to_string(),
    })
}

/// Plays one action of the caller, made on `version` of the match.
///
/// One transaction ([`move_transaction`]): lock the match row (its copy of the seats gives the
/// caller's seat and the seats of the view), then record the step (turn-log row and match
/// update in one statement, sent with `COMMIT`). The view returned is built from what the
/// transaction read and wrote, without reading the match again.
pub async fn submit_action(
    services: &Services,
    who: &Identity,
    id: Uuid,
    version: i64,
    action: Value,
) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let started = std::time::Instant::now();
    let loaded = move_transaction(&mut conn, id, async |conn, row| {
        let mut locked = Loaded::new(row)?;
        let seat = locked
            .seat_of(who.user_id)
            .ok_or(ServiceError::NotAPlayer)?;
        let row = &locked.row;
        if row.version != version {
            return Err(ServiceError::VersionConflict {
                submitted: version,
                current: row.version,
            });
        }
        if row.status()? != MatchStatus::Active {
            return Err(ServiceError::MatchNotActive);
        }
        let mut state = locked.take_state()?;
        if state.turn() != (Turn::Seat { seat }) {
            return Err(ServiceError::NotYourTurn);
        }
        let events = state.apply(seat, &action).map_err(|e| match e {
            tapis_games::ActionError::NotYourTurn => ServiceError::NotYourTurn,
            // The error's own text already says "illegal action": keep only the reason.
            tapis_games::ActionError::Illegal(reason) => {
                ServiceError::IllegalAction(reason.into_owned())
            }
            other => ServiceError::IllegalAction(other.to_string()),
        })?;
        let step = Step {
            kind: TurnKind::Action,
            seat: Some(seat),
            action: Some(action),
            notify_after_commit: true,
        };
        work_out_step(conn, locked, state, step, events).await
    })
    .await?;
    tracing::debug!(
        match.id = %id,
        user.id = %who.user_id,
        duration_ms = started.elapsed().as_millis() as u64,
        "action applied"
    );
    view_of(&mut conn, loaded, Some(&who)).await
}

/// The transaction of a move, in two round trips to the database instead of five: `BEGIN` is
/// sent together with the statement that locks the match row, and the statement that writes
/// the move together with `COMMIT` and the notification of the move ([`NotifyCommitted`]).
/// In between, `body` checks the move on the locked row and works it out
/// ([`work_out_step`]). If anything fails, the transaction is rolled back, nothing is
/// notified and the error is returned as `AsyncConnection::transaction` returns it.
///
/// Pipelining: diesel-async sends a statement when its future is first polled, and
/// `futures_util`'s `join` polls its futures in order, so PostgreSQL receives `BEGIN` (a
/// simple query, sent at once) before the `SELECT ... FOR UPDATE`, and the write before
/// `COMMIT` before the notification; it runs them in the order received, and answers them in
/// one go. The one exception is a statement's first use on a connection: it is prepared first
/// (one more round trip), so the statements sent along with it overtake it. The write is
/// right either way: it applies only to the version the move was worked out from
/// ([`RecordStep`]), so if `COMMIT` overtook it, it runs on its own just after, and writes
/// nothing if another move got in between (a 409, as if it had lost the lock); the
/// notification, prepared the same way, still follows it. A move that ends the match is
/// written before `COMMIT` is sent: the result and the ratings are in the same transaction.
///
/// If the write fails in the transaction, PostgreSQL answers the `COMMIT` that follows with a
/// rollback: nothing was written, and the notification sent with it goes out for a match that
/// did not change (its listeners read the match again for nothing).
///
/// Why not `AsyncConnection::transaction`: it waits for the answer to `BEGIN` before the
/// closure runs, and for the answer to `COMMIT` before anything else is sent. This function
/// keeps diesel-async's transaction manager in step instead, so that the pool never hands out
/// a connection left inside a transaction: the manager counts the transaction as open from
/// before `BEGIN` is sent until `COMMIT` or `ROLLBACK` has been answered. If this future is
/// dropped in between (the client hung up), or `COMMIT` fails, the manager says the connection
/// is in a transaction or in error, and the pool closes it rather than reuse it (deadpool's
/// recycle check, `is_broken`). The transaction manager's status is diesel's API for
/// connection implementations, handed out by diesel-async's
/// `TransactionManager::transaction_manager_status_mut`.
async fn move_transaction(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    body: impl AsyncFnOnce(&mut AsyncPgConnection, MatchRow) -> ServiceResult<PendingStep>,
) -> ServiceResult<Loaded> {
    let state = transaction_status(conn).transaction_state()?;
    if state.transaction_depth().is_some() {
        return Err(diesel::result::Error::AlreadyInTransaction.into());
    }
    state.change_transaction_depth(TransactionDepthChange::IncreaseDepth)?;

    let (mut first, mut second) = (&*conn, &*conn);
    let (begun, locked) = futures_util::future::join(
        first.batch_execute("BEGIN"),
        matches::table
            .find(id)
            .select(MatchRow::as_select())
            .for_update()
            .first::<MatchRow>(&mut second),
    )
    .await;
    let mut done = match (begun, locked) {
        (Err(e), _) => Err(e.into()),
        (Ok(()), locked) => match locked.optional() {
            Ok(Some(row)) => body(&mut *conn, row).await,
            Ok(None) => Err(ServiceError::NotFound("match")),
            Err(e) => Err(e.into()),
        },
    };
    // A move that ends the match is written in the transaction, before `COMMIT` is sent.
    let mut written_before = None;
    if let Ok(pending) = &done
        && pending.ends_match()
    {
        match pending.write(conn).await {
            Ok(true) => written_before = Some(Ok(true)),
            Ok(false) => {
                done = Err(ServiceError::internal(
                    "the match row changed under its lock",
                    id,
                ))
            }
            Err(e) => done = Err(e),
        }
    }
    let pending = match done {
        Ok(pending) => pending,
        // As `AsyncConnection::transaction`: the error of the body, unless the rollback fails
        // (the transaction manager then marks the connection broken).
        Err(error) => {
            return match AnsiTransactionManager::rollback_transaction(conn).await {
                Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(error),
                Err(rollback) => Err(rollback.into()),
            };
        }
    };

    let (mut first, mut second, mut third) = (&*conn, &*conn, &*conn);
    let record = pending.statement();
    let write = async {
        match written_before {
            Some(done) => done,
            None => written(record.execute(&mut first).await?),
        }
    };
    let (written, committed, notified) = futures_util::future::join3(
        write,
        second.batch_execute("COMMIT"),
        NotifyCommitted { match_id: id }.execute(&mut third),
    )
    .await;
    match committed {
        Ok(()) => transaction_status(conn)
            .transaction_state()?
            .change_transaction_depth(TransactionDepthChange::DecreaseDepth)?,
        Err(e) => {
            // Whatever state the connection is in, it is not reused. A `COMMIT` fails only
            // when the database does (version conflicts and illegal moves are found before,
            // and rolled back).
            transaction_status(conn).set_in_error();
            return Err(e.into());
        }
    }
    if let Err(e) = notified {
        tracing::warn!(match.id = %id, error = %e, "a move was not notified");
    }
    if !written? {
        // `COMMIT` overtook the write (its first use on this connection) and another move of
        // the match got in between: this one lost the race, as if it had waited for the lock.
        let current = matches::table
            .find(id)
            .select(matches::version)
            .first::<i64>(conn)
            .await?;
        return Err(ServiceError::VersionConflict {
            submitted: pending.after.row.version - 1,
            current,
        });
    }
    Ok(pending.after)
}

/// The status of the transaction manager of a connection (see [`move_transaction`]).
fn transaction_status(
    conn: &mut AsyncPgConnection,
) -> &mut diesel::connection::TransactionManagerStatus {
    <AnsiTransactionManager as TransactionManager<AsyncPgConnection>>::transaction_manager_status_mut(
        conn,
    )
}

/// The caller resigns: they rank last, and the game goes on without them if more than one
/// player remains.
pub async fn resign(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let locked = lock_match(conn, id).await?;
            let seat = locked
                .seat_of(who.user_id)
                .ok_or(ServiceError::NotAPlayer)?;
            if locked.row.status()? != MatchStatus::Active {
                return Err(ServiceError::MatchNotActive);
            }
            leave(conn, locked, seat, TurnKind::Resign).await
        })
        .await?;
    tracing::info!(match.id = %id, user.id = %who.user_id, "resigned");
    view_of(&mut conn, loaded, Some(&who)).await
}

async fn leave(
    conn: &mut AsyncPgConnection,
    mut locked: Loaded,
    seat: usize,
    kind: TurnKind,
) -> ServiceResult<Loaded> {
    let mut state = locked.take_state()?;
    let events = state
        .resign(seat)
        .map_err(|e| ServiceError::IllegalAction(e.to_string()))?;
    let step = Step {
        kind,
        seat: Some(seat),
        action: None,
        notify_after_commit: false,
    };
    advance(conn, locked, state, step, events).await
}

/// Ends the turns of players who ran out of time (each is counted as resigning). Claims one
/// overdue match at a time with `FOR UPDATE SKIP LOCKED`, so several server processes can run
/// this concurrently without processing a match twice. Returns how many turns were ended.
pub async fn expire_overdue(services: &Services, at_most: usize) -> ServiceResult<usize> {
    let mut conn = services.conn().await?;
    let mut expired = 0;
    while expired < at_most {
        let done = conn
            .transaction::<_, ServiceError, _>(async |conn| {
                let row: Option<MatchRow> = matches::table
                    .filter(matches::status.eq("active"))
                    .filter(matches::deadline.le(OffsetDateTime::now_utc()))
                    .order(matches::deadline)
                    .select(MatchRow::as_select())
                    .for_update()
                    .skip_locked()
                    .first(conn)
                    .await
                    .optional()?;
                let Some(row) = row else {
                    return Ok(false);
                };
                let Some(seat) = row.to_act_seat.map(seat_index) else {
                    // Nobody to blame: clear the stale deadline.
                    diesel::update(matches::table.find(row.id))
                        .set(matches::deadline.eq(None::<OffsetDateTime>))
                        .execute(conn)
                        .await?;
                    return Ok(true);
                };
                tracing::info!(match.id = %row.id, seat, "ran out of time");
                leave(conn, Loaded::new(row)?, seat, TurnKind::Timeout).await?;
                Ok(true)
            })
            .await?;
        if !done {
            break;
        }
        expired += 1;
    }
    Ok(expired)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sql_of(step: &RecordStep<'_>) -> String {
        let shown = diesel::debug_query::<Pg, _>(step).to_string();
        match shown.split_once(" -- binds: ") {
            Some((sql, _)) => sql.to_owned(),
            None => shown,
        }
    }

    #[test]
    fn the_record_step_statement_has_one_text_whatever_the_values() {
        // It is cached by its type: its text must not depend on the values bound.
        let (state, chance, events) = (serde_json::json!({"a": 1}), Value::Null, Value::Null);
        let action = serde_json::json!({"type": "roll"});
        let result = serde_json::json!({"ranking": []});
        let now = now_micros();
        let start = RecordStep {
            match_id: Uuid::nil(),
            from_version: 0,
            seq: 0,
            seat: None,
            kind: "start",
            action: None,
            chance: &chance,
            events: &events,
            at: now,
            state: Some(&state),
            status: "active",
            version: 1,
            chance_count: 0,
            to_act_seat: Some(0),
            deadline: None,
            result: None,
            started_at: Some(now),
            finished_at: None,
            notify_after_commit: false,
        };
        let last = RecordStep {
            from_version: 6,
            seq: 7,
            seat: Some(1),
            kind: "action",
            action: Some(&action),
            to_act_seat: None,
            deadline: Some(now),
            result: Some(&result),
            started_at: None,
            finished_at: Some(now),
            notify_after_commit: true,
            ..start
        };
        let sql = sql_of(&start);
        assert_eq!(sql, sql_of(&last));
        assert!(sql.starts_with("WITH updated AS (UPDATE matches"), "{sql}");
        assert!(sql.contains("AND version = $13"), "{sql}");
        assert!(sql.ends_with(" FROM updated"), "{sql}");
        assert!(sql.contains("$21") && !sql.contains("$22"), "{sql}");
        assert!(RecordStep::query_id().is_some());
    }

    #[test]
    fn times_kept_in_memory_have_the_precision_of_the_database() {
        let now = now_micros();
        assert_eq!(now.nanosecond() % 1_000, 0);
    }
}

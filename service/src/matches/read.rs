//! Reading matches: one match as a viewer sees it, lists, the turn log, the export, and the
//! replay of the turn log.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use tapis_games::{AnyAction, AnyEvent, GameId};
use time::OffsetDateTime;
use uuid::Uuid;

use super::row::{
    Loaded, MatchRow, find_row, load_invited, load_match, row_as, seat_index, seats_to_act,
};
use super::seating::Seating;
use super::views::{
    Allowed, EXPORT_FORMAT, MatchExport, MatchFilter, MatchMove, MatchStatus, MatchSummary,
    MatchView, MatchWithTurns, Page, ReplayedStep, TurnEntry, TurnKind,
};
use super::waiting::waits_for;
use crate::db::json_text::JsonText;
use crate::identity::accounts;
use crate::identity::caller::Identity;
use crate::identity::credentials::Caller;
use crate::players::blocks;
use crate::schema::{invitations, match_seats, matches, turns, users};
use crate::{ServiceError, ServiceResult, Services};

/// The view of a loaded match for `viewer`. Reads the invitations of open and aborted
/// matches (an active or finished match has none: every invitee took a seat before the last
/// seat was taken) and the creator's name when they have no seat (they always do, as the
/// creator takes the first seat).
pub(super) async fn view_of(
    conn: &mut AsyncPgConnection,
    mut loaded: Loaded,
    viewer: Option<&Identity>,
) -> ServiceResult<MatchView> {
    let status = loaded.row.status()?;
    let invitations = match status {
        MatchStatus::Open | MatchStatus::Aborted => load_invited(conn, &[loaded.row.id]).await?,
        MatchStatus::Active | MatchStatus::Finished => Vec::new(),
    };
    let creator = creator_name(conn, &loaded).await?;
    let your_seat = viewer.and_then(|who| loaded.seat_of(who.user_id));
    let mut allowed = allowed_for(viewer, &loaded, status, &invitations)?;
    allowed.join &= !unwelcome(conn, viewer, &loaded, status, your_seat).await?;
    let invited = invitations.into_iter().map(|(_, _, name)| name).collect();
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
        game: row.game_id()?,
        options: row.options,
        rated: row.rated,
        status,
        version: row.version,
        seat_count: seat_index(row.seat_count)?,
        days_per_move: row.days_per_move.map(i64::from),
        creator,
        invited,
        seats: loaded.seats.into_iter().map(|s| s.view).collect(),
        to_act: seats_to_act(row.to_act_seat)?,
        your_seat,
        deadline: row.deadline,
        paused_seconds_left: row
            .paused_time_left_us
            .filter(|_| status == MatchStatus::Active)
            .map(|us| us / 1_000_000),
        state,
        legal_actions,
        result,
        fairness,
        rematch: row.rematch_id,
        created_at: row.created_at,
        started_at: row.started_at,
        finished_at: row.finished_at,
        updated_at: row.updated_at,
        allowed,
    })
}

/// The name of the match's creator: from their seat, or read when they have none.
async fn creator_name(conn: &mut AsyncPgConnection, loaded: &Loaded) -> ServiceResult<String> {
    let creator_id = loaded.row.creator_id;
    if let Some(seat) = loaded.seats.iter().find(|s| s.user_id == creator_id) {
        return Ok(seat.view.username.clone());
    }
    Ok(users::table
        .find(creator_id)
        .select(users::username)
        .first(conn)
        .await?)
}

/// Whether a player seated at an open match blocked `viewer`, who may not join then.
async fn unwelcome(
    conn: &mut AsyncPgConnection,
    viewer: Option<&Identity>,
    loaded: &Loaded,
    status: MatchStatus,
    your_seat: Option<usize>,
) -> ServiceResult<bool> {
    Ok(match viewer {
        Some(who) if status == MatchStatus::Open && your_seat.is_none() => {
            !blocks::blocked_by(conn, who.user_id, &loaded.row.seat_user_ids)
                .await?
                .is_empty()
        }
        _ => false,
    })
}

/// What `viewer` may do with a loaded match, given its unanswered invitations.
fn allowed_for(
    viewer: Option<&Identity>,
    loaded: &Loaded,
    status: MatchStatus,
    invitations: &[(Uuid, Uuid, String)],
) -> ServiceResult<Allowed> {
    let Some(who) = viewer else {
        return Ok(Allowed::default());
    };
    let seated = loaded.seat_of(who.user_id).is_some();
    let seating = Seating {
        status,
        seat_count: seat_index(loaded.row.seat_count)?,
        taken: loaded.seats.len(),
        pending: invitations.len(),
        seated,
        invited: invitations.iter().any(|(_, user, _)| *user == who.user_id),
        creator: loaded.row.creator_id == who.user_id,
    };
    Ok(Allowed {
        abort: seated && loaded.row.abortable()?,
        rematch: seated && status == MatchStatus::Finished && loaded.row.rematch_id.is_none(),
        ..seating.allowed()
    })
}

/// A match as `viewer` (or a spectator) sees it: one statement reads the match and confirms
/// the viewer ([`row_as`]).
pub async fn get(
    services: &Services,
    id: Uuid,
    viewer: Option<Caller<'_>>,
) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let (row, who) = row_as(&conn, services, id, viewer, false).await?;
    view_of(&mut conn, Loaded::new(row)?, who.as_ref()).await
}

/// A match as `viewer` (or a spectator) sees it, with its whole turn log and the viewer as the
/// statement that read the match confirmed them: the match page. The turn log's statement is
/// sent along with the match's (pipelined: one round trip for both); its rows are read as
/// the match's game once the match is known, and dropped unread if the match is not found or
/// the viewer is refused.
pub async fn get_with_turns(
    services: &Services,
    id: Uuid,
    viewer: Option<Caller<'_>>,
) -> ServiceResult<(MatchWithTurns, Option<Identity>)> {
    let mut conn = services.conn().await?;
    let shared: &AsyncPgConnection = &conn;
    let turns = async {
        let rows: Vec<TurnRow> = turn_rows(id).load(&mut &*shared).await?;
        Ok::<_, ServiceError>(rows)
    };
    let ((row, who), rows) =
        futures_util::try_join!(row_as(shared, services, id, viewer, false), turns)?;
    let game = row.game_id()?;
    let view = view_of(&mut conn, Loaded::new(row)?, who.as_ref()).await?;
    let turns = rows
        .into_iter()
        .map(|row| turn_entry(game, row))
        .collect::<ServiceResult<_>>()?;
    Ok((MatchWithTurns { view, turns }, who))
}

/// `view` with the whole turn log of its match, read in one statement.
pub(super) async fn with_turns(
    conn: &mut AsyncPgConnection,
    view: MatchView,
) -> ServiceResult<MatchWithTurns> {
    let turns = load_turns(conn, view.id, view.game).await?;
    Ok(MatchWithTurns { view, turns })
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

pub(super) fn encode_cursor(updated_at: OffsetDateTime, id: Uuid) -> String {
    let micros = updated_at.unix_timestamp_nanos() / 1000;
    URL_SAFE_NO_PAD.encode(format!("{micros}.{id}"))
}

pub(super) fn decode_cursor(cursor: &str) -> ServiceResult<(OffsetDateTime, Uuid)> {
    let bad = || ServiceError::invalid("cursor", "cursor", "is not a cursor from this list");
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
    let mut conn = services.conn().await?;
    list_on(&mut conn, filter, viewer).await
}

/// [`list`], on a connection the caller holds.
pub(crate) async fn list_on(
    conn: &mut AsyncPgConnection,
    filter: &MatchFilter,
    viewer: Option<&Identity>,
) -> ServiceResult<Page<MatchSummary>> {
    let (limit, page_size) = page_limit(filter.limit)?;
    let query = list_query(conn, filter, viewer).await?;
    let rows: Vec<MatchRow> = query
        .order((matches::updated_at.desc(), matches::id.desc()))
        .limit(limit + 1)
        .select(MatchRow::as_select())
        .load(conn)
        .await?;
    let (rows, next_cursor) = page_of(rows, page_size);
    let invited = invited_to(conn, &rows).await?;
    let items = rows
        .into_iter()
        .map(|row| summary_of(row, &invited, viewer))
        .collect::<ServiceResult<_>>()?;
    Ok(Page { items, next_cursor })
}

/// The rows a list asks for (`limit`, by default the documented page of 50) and the page they
/// make, one row more being read to tell whether another page follows.
fn page_limit(limit: Option<i64>) -> ServiceResult<(i64, usize)> {
    let limit = limit.unwrap_or(50);
    let page_size = usize::try_from(limit)
        .ok()
        .filter(|n| (1..=200).contains(n))
        .ok_or_else(|| ServiceError::invalid("limit", "limit_range", "must be from 1 to 200"))?;
    Ok((limit, page_size))
}

/// The query of a list, unordered: the matches `filter` keeps, for `viewer`. Reads the player
/// filtered by, if any.
async fn list_query(
    conn: &mut AsyncPgConnection,
    filter: &MatchFilter,
    viewer: Option<&Identity>,
) -> ServiceResult<matches::BoxedQuery<'static, Pg>> {
    let mut query = by_status_and_game(matches::table.into_boxed(), filter)?;
    if let Some(player) = &filter.player {
        let user = accounts::find_by_name(conn, player).await?.ok_or_else(|| {
            ServiceError::invalid("player", "player_unknown", "no player has this name")
        })?;
        query = query.filter(diesel::dsl::exists(
            match_seats::table
                .filter(match_seats::match_id.eq(matches::id))
                .filter(match_seats::user_id.eq(user.id)),
        ));
    }
    query = by_viewer(query, filter, viewer)?;
    if let Some(cursor) = &filter.cursor {
        let (at, id) = decode_cursor(cursor)?;
        query = query.filter(
            matches::updated_at
                .lt(at)
                .or(matches::updated_at.eq(at).and(matches::id.lt(id))),
        );
    }
    Ok(query)
}

/// `query` kept to the status and the game `filter` names, if it does.
fn by_status_and_game(
    mut query: matches::BoxedQuery<'static, Pg>,
    filter: &MatchFilter,
) -> ServiceResult<matches::BoxedQuery<'static, Pg>> {
    if let Some(status) = &filter.status {
        let status = MatchStatus::named(status).ok_or_else(|| {
            ServiceError::invalid(
                "status",
                "status_unknown",
                "must be open, active, finished or aborted",
            )
        })?;
        query = query.filter(matches::status.eq(status.as_str()));
    }
    if let Some(game) = &filter.game {
        let game: GameId = game.parse().map_err(|e: tapis_games::UnknownGame| {
            ServiceError::invalid("game", "game_unknown", e.to_string())
        })?;
        query = query.filter(matches::game.eq(game.as_str()));
    }
    Ok(query)
}

/// `query` kept to the matches where `viewer` must act, or is invited, if `filter` asks: those
/// filters need a signed-in viewer.
fn by_viewer(
    mut query: matches::BoxedQuery<'static, Pg>,
    filter: &MatchFilter,
    viewer: Option<&Identity>,
) -> ServiceResult<matches::BoxedQuery<'static, Pg>> {
    if !(filter.my_turn || filter.invited) {
        return Ok(query);
    }
    let who = viewer.ok_or(ServiceError::Unauthenticated(
        "sign in to filter by your own matches",
    ))?;
    if filter.my_turn {
        query = query.filter(waits_for(who.user_id));
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
    Ok(query)
}

/// The page of `page_size` rows out of the rows read (one more when another page follows),
/// with the cursor of the next page if there is one.
fn page_of(mut rows: Vec<MatchRow>, page_size: usize) -> (Vec<MatchRow>, Option<String>) {
    let more = rows.len() > page_size;
    rows.truncate(page_size);
    let next_cursor = if more {
        rows.last().map(|r| encode_cursor(r.updated_at, r.id))
    } else {
        None
    };
    (rows, next_cursor)
}

/// The unanswered invitations to the matches of `rows`: (match, player, name). Only open and
/// aborted matches can have some (see `view_of`): no statement when there are none of those.
async fn invited_to(
    conn: &mut AsyncPgConnection,
    rows: &[MatchRow],
) -> ServiceResult<Vec<(Uuid, Uuid, String)>> {
    let ids: Vec<Uuid> = rows
        .iter()
        .filter(|r| matches!(r.status.as_str(), "open" | "aborted"))
        .map(|r| r.id)
        .collect();
    if ids.is_empty() {
        Ok(Vec::new())
    } else {
        load_invited(conn, &ids).await
    }
}

/// A listed match as `viewer` sees it, given the unanswered invitations of the listed matches.
fn summary_of(
    row: MatchRow,
    invited: &[(Uuid, Uuid, String)],
    viewer: Option<&Identity>,
) -> ServiceResult<MatchSummary> {
    let loaded = Loaded::new(row)?;
    let your_seat = viewer.and_then(|who| loaded.seat_of(who.user_id));
    let row = loaded.row;
    Ok(MatchSummary {
        id: row.id,
        game: row.game_id()?,
        status: MatchStatus::parse(&row.status)?,
        rated: row.rated,
        version: row.version,
        seat_count: seat_index(row.seat_count)?,
        seats: loaded.seats.into_iter().map(|seat| seat.view).collect(),
        invited: invited
            .iter()
            .filter(|(m, _, _)| *m == row.id)
            .map(|(_, _, name)| name.clone())
            .collect(),
        to_act: seats_to_act(row.to_act_seat)?,
        your_seat,
        deadline: row.deadline,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

/// A turn-log row as read: its JSON columns as text, each read once into the game's types.
#[derive(Queryable, Selectable)]
#[diesel(table_name = turns)]
struct TurnRow {
    seq: i64,
    seat: Option<i16>,
    kind: String,
    action: Option<JsonText>,
    chance: JsonText,
    events: JsonText,
    at: OffsetDateTime,
}

/// A turn-log row of a match of `game`, its action and events read as that game's.
fn turn_entry(game: GameId, row: TurnRow) -> ServiceResult<TurnEntry> {
    let unreadable = |what: &'static str| move |e| ServiceError::internal(what, e);
    Ok(TurnEntry {
        seq: row.seq,
        seat: row.seat.map(seat_index).transpose()?,
        kind: TurnKind::parse(&row.kind)?,
        action: row
            .action
            .map(|action| AnyAction::from_json_text(game, action.as_bytes()))
            .transpose()
            .map_err(unreadable("a stored action is unreadable"))?,
        chance: serde_json::from_slice(row.chance.as_bytes())
            .map_err(unreadable("stored chance is unreadable"))?,
        events: AnyEvent::list_from_json_text(game, row.events.as_bytes())
            .map_err(unreadable("stored events are unreadable"))?,
        at: row.at,
    })
}

/// The moves of match `id` that brought it past `version`, oldest first, at most `limit`
/// (the turn-log rows written before versions were kept in the log are not among them).
pub(crate) async fn moves_since(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    version: i64,
    limit: i64,
) -> ServiceResult<Vec<MatchMove>> {
    // The game comes with each row, from the match joined: no statement more.
    let rows: Vec<(Option<i64>, String, TurnRow)> = turns::table
        .inner_join(matches::table)
        .filter(turns::match_id.eq(id))
        .filter(turns::version.gt(version))
        .order(turns::version)
        .limit(limit)
        .select((turns::version, matches::game, TurnRow::as_select()))
        .load(conn)
        .await?;
    rows.into_iter()
        .filter_map(|(v, game, row)| v.map(|v| (v, game, row)))
        .map(|(version, game, row)| {
            let game = game
                .parse()
                .map_err(|e| ServiceError::internal("a stored game is unknown", e))?;
            Ok(MatchMove {
                match_id: id,
                version,
                turn: turn_entry(game, row)?,
            })
        })
        .collect()
}

/// The turn log of match `id`, a match of `game`, oldest first.
pub(super) async fn load_turns(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    game: GameId,
) -> ServiceResult<Vec<TurnEntry>> {
    let rows: Vec<TurnRow> = turn_rows(id).load(conn).await?;
    rows.into_iter().map(|row| turn_entry(game, row)).collect()
}

/// The statement that reads a match's turn log, oldest first.
type TurnRows = diesel::dsl::Select<
    diesel::dsl::Order<
        diesel::dsl::Filter<turns::table, diesel::dsl::Eq<turns::match_id, Uuid>>,
        turns::seq,
    >,
    diesel::dsl::AsSelect<TurnRow, Pg>,
>;

/// The statement that reads the turn log of match `id`, oldest first.
fn turn_rows(id: Uuid) -> TurnRows {
    turns::table
        .filter(turns::match_id.eq(id))
        .order(turns::seq)
        .select(TurnRow::as_select())
}

/// The turn log of a match.
pub async fn turn_log(services: &Services, id: Uuid) -> ServiceResult<Vec<TurnEntry>> {
    let mut conn = services.conn().await?;
    let row = find_row(&mut conn, id).await?;
    load_turns(&mut conn, id, row.game_id()?).await
}

/// The whole record of a match; the seed is included once the match is over.
pub async fn export(services: &Services, id: Uuid) -> ServiceResult<MatchExport> {
    let mut conn = services.conn().await?;
    let loaded = load_match(&mut conn, id).await?;
    export_of(&mut conn, loaded).await
}

/// The export of a loaded match.
async fn export_of(conn: &mut AsyncPgConnection, loaded: Loaded) -> ServiceResult<MatchExport> {
    let turns = load_turns(conn, loaded.row.id, loaded.row.game_id()?).await?;
    let view = view_of(conn, loaded, None).await?;
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
    let game = row.game_id()?;
    let turns = load_turns(&mut conn, id, game).await?;
    let replayed = super::record::replay(
        game,
        seat_index(row.seat_count)?,
        &row.options,
        None,
        &turns,
    )
    .map_err(|d| ServiceError::internal("the turn log does not replay", d))?;
    let stored = row
        .state
        .as_ref()
        .map(JsonText::to_value)
        .transpose()
        .map_err(|e| ServiceError::internal("stored state is unreadable", e))?;
    Ok((stored, replayed.to_json()))
}

/// A finished match as it stood after step `step` of its turn log (the last step when `step`
/// is not given or is past the end), rebuilt by replaying the log through the rules. `None`
/// while the match is not finished: its record is not public before its end (the seed, and
/// a replay that would show what the players could not see).
pub async fn replay_step(
    services: &Services,
    id: Uuid,
    step: Option<usize>,
) -> ServiceResult<Option<ReplayedStep>> {
    let mut conn = services.conn().await?;
    let loaded = load_match(&mut conn, id).await?;
    if loaded.row.status()? != MatchStatus::Finished {
        return Ok(None);
    }
    let game = loaded.row.game_id()?;
    let record = export_of(&mut conn, loaded).await?;
    let (status, stored) = crate::analysis::stored(&mut conn, id).await?;
    let analysis = crate::analysis::read::for_page(game, status, stored, &record.turns)?;
    let last = record
        .turns
        .len()
        .checked_sub(1)
        .ok_or_else(|| ServiceError::internal("a finished match has no turn log", id))?;
    // Past the end means the end: a link to the last step stays good.
    let step = step.map_or(last, |step| step.min(last));
    let state = super::record::replay(
        game,
        record.seats.len(),
        &record.options,
        None,
        &record.turns[..=step],
    )
    .map_err(|d| ServiceError::internal("a finished match does not replay", d))?;
    Ok(Some(ReplayedStep {
        view: state.view(None),
        step,
        last,
        record,
        analysis,
    }))
}

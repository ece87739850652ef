//! Lists of matches: the filters, the pages and their cursors, and each match's summary.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_games::GameId;
use time::OffsetDateTime;
use uuid::Uuid;

use super::row::{Loaded, MatchRow, load_invited, seat_index, seats_to_act};
use super::views::{MatchFilter, MatchStatus, MatchSummary, Page};
use super::waiting::waits_for;
use crate::identity::accounts;
use crate::identity::caller::Identity;
use crate::schema::{invitations, match_seats, matches};
use crate::{ServiceError, ServiceResult, Services};

/// The cursor of the page after the row updated at `updated_at` with id `id`.
fn encode_cursor(updated_at: OffsetDateTime, id: Uuid) -> String {
    let micros = updated_at.unix_timestamp_nanos() / 1000;
    URL_SAFE_NO_PAD.encode(format!("{micros}.{id}"))
}

/// The row a cursor of [`encode_cursor`] points after, or an invalid `cursor`.
fn decode_cursor(cursor: &str) -> ServiceResult<(OffsetDateTime, Uuid)> {
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

//! A match's turn log as read: its rows read as the match's game, whole or since a version.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_games::{AnyAction, AnyEvent, GameId};
use time::OffsetDateTime;
use uuid::Uuid;

use super::row::{find_row, seat_index};
use super::views::{MatchMove, TurnEntry, TurnKind};
use crate::db::json_text::JsonText;
use crate::schema::{matches, turns};
use crate::{ServiceError, ServiceResult, Services};

/// A turn-log row as read: its JSON columns as text, each read once into the game's types.
#[derive(Queryable, Selectable)]
#[diesel(table_name = turns)]
pub(super) struct TurnRow {
    seq: i64,
    seat: Option<i16>,
    kind: String,
    action: Option<JsonText>,
    chance: JsonText,
    events: JsonText,
    at: OffsetDateTime,
}

/// A turn-log row of a match of `game`, its action and events read as that game's.
pub(super) fn turn_entry(game: GameId, row: TurnRow) -> ServiceResult<TurnEntry> {
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
pub(super) type TurnRows = diesel::dsl::Select<
    diesel::dsl::Order<
        diesel::dsl::Filter<turns::table, diesel::dsl::Eq<turns::match_id, Uuid>>,
        turns::seq,
    >,
    diesel::dsl::AsSelect<TurnRow, Pg>,
>;

/// The statement that reads the turn log of match `id`, oldest first.
pub(super) fn turn_rows(id: Uuid) -> TurnRows {
    turns::table
        .filter(turns::match_id.eq(id))
        .order(turns::seq)
        .select(TurnRow::as_select())
}

/// The turn log of a match.
pub async fn turn_log(services: &Services, id: Uuid) -> ServiceResult<Vec<TurnEntry>> {
    let mut conn = services.conn_keeping().await?;
    let row = find_row(&mut conn, id).await?;
    load_turns(&mut conn, id, row.game_id()?).await
}

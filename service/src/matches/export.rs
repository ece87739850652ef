//! A match's whole record: its export, and its turn log replayed through the rules.

use diesel_async::AsyncPgConnection;
use serde_json::Value;
use tapis_games::{AnyView, GameId};
use uuid::Uuid;

use super::history::load_turns;
use super::read::view_of;
use super::row::{Loaded, find_row, load_match, seat_index};
use super::views::{EXPORT_FORMAT, MatchExport, MatchStatus};
use crate::db::json_text::JsonText;
use crate::{ServiceError, ServiceResult, Services};

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

/// A finished match's record, and its game. `None` while the match is not finished: its
/// record is not public before its end (the seed, and a replay that would show what the
/// players could not see).
pub async fn finished_record(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> ServiceResult<Option<(GameId, MatchExport)>> {
    let loaded = load_match(conn, id).await?;
    if loaded.row.status()? != MatchStatus::Finished {
        return Ok(None);
    }
    let game = loaded.row.game_id()?;
    Ok(Some((game, export_of(conn, loaded).await?)))
}

/// The table after step `step` of a finished match's record (an index into its turn log), as
/// a spectator sees it, rebuilt by replaying the log through the rules.
pub fn view_after(game: GameId, record: &MatchExport, step: usize) -> ServiceResult<AnyView> {
    let turns = record
        .turns
        .get(..=step)
        .ok_or_else(|| ServiceError::internal("a replay past the turn log", step))?;
    let state = super::record::replay(game, record.seats.len(), &record.options, None, turns)
        .map_err(|d| ServiceError::internal("a finished match does not replay", d))?;
    Ok(state.view(None))
}

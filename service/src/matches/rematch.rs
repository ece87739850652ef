//! A rematch: once a match is over, any of its players asks for the same match again (same
//! game, options, rating, clock and table size) with the same players. The others are invited
//! as to any match and accept or decline; computer players sit at once, so a rematch against
//! the computer starts at once. At Linja the loser of the last game plays first, as its rules
//! say (`docs/rules/linja.md`); in the other games the seats are drawn as usual. One rematch per
//! match: whoever asks second is sent to the one already made.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use tapis_games::GameId;
use uuid::Uuid;

use super::create::create_on;
use super::plan::MatchPlan;
use super::read::view_of;
use super::row::{Loaded, load_match, lock_for_player, seat_index};
use super::views::{DaysPerMove, MatchStatus, MatchView, NewMatch};
use super::write::Lineage;
use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::schema::matches;
use crate::services::Services;

/// The rematch of match `id` for `who`, one of its players: made now (`true`), or the one
/// already made (`false`).
pub async fn rematch(
    services: &Services,
    who: &Identity,
    id: Uuid,
) -> ServiceResult<(MatchView, bool)> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let (loaded, made) = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let (old, _) = lock_for_player(
                conn,
                id,
                who.user_id,
                MatchStatus::Finished,
                ServiceError::MatchNotFinished,
            )
            .await?;
            if let Some(existing) = old.row.rematch_id {
                return Ok((load_match(conn, existing).await?, false));
            }
            let plan = MatchPlan::parse(request_again(&old, &who)?)?;
            let lineage = Lineage {
                rematch_of: Some(id),
                first: first_player(&old)?,
            };
            let new = create_on(conn, services, &who, &plan, lineage).await?;
            // The old match points to it (its version changes: its pages learn of it).
            diesel::update(matches::table.find(id))
                .set((
                    matches::rematch_id.eq(new.row.id),
                    matches::version.eq(old.row.version + 1),
                    matches::updated_at.eq(services.now()),
                ))
                .execute(conn)
                .await?;
            Ok((new, true))
        })
        .await?;
    if made {
        tracing::info!(match.id = %id, rematch.id = %loaded.row.id, "rematch");
    }
    Ok((view_of(&mut conn, loaded, Some(&who)).await?, made))
}

/// The request for the same match again, made by `who`, inviting the other players.
fn request_again(old: &Loaded, who: &Identity) -> ServiceResult<NewMatch> {
    let row = &old.row;
    Ok(NewMatch {
        game: row.game.clone(),
        seats: i64::try_from(seat_index(row.seat_count)?)
            .map_err(|e| ServiceError::internal("a seat count out of range", e))?,
        options: Some(row.options.clone()),
        rated: Some(row.rated),
        days_per_move: match row.days_per_move {
            Some(days) => DaysPerMove::Days(i64::from(days)),
            None => DaysPerMove::NoClock,
        },
        invite: row
            .seat_user_ids
            .iter()
            .zip(&row.seat_usernames)
            .filter(|(user, _)| **user != who.user_id)
            .map(|(_, name)| name.clone())
            .collect(),
    })
}

/// Who plays first in the rematch, when the game's rules say: at Linja, the loser of the last
/// game (none after a draw).
fn first_player(old: &Loaded) -> ServiceResult<Option<Uuid>> {
    if old.row.game_id()? != GameId::Linja {
        return Ok(None);
    }
    let Some(result) = &old.result else {
        return Ok(None);
    };
    let last = result.ranking.iter().map(|r| r.rank).max();
    let losers: Vec<&str> = result
        .ranking
        .iter()
        .filter(|r| Some(r.rank) == last && r.rank > 1)
        .map(|r| r.username.as_str())
        .collect();
    let [loser] = losers.as_slice() else {
        return Ok(None);
    };
    Ok(old
        .row
        .seat_usernames
        .iter()
        .position(|name| name == loser)
        .and_then(|seat| old.row.seat_user_ids.get(seat).copied()))
}

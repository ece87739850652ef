//! The matches waiting for a player's move, the nearest deadline first: where the match page's
//! "Next match" leads.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use tapis_games::GameId;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::schema::{match_seats, matches};
use crate::services::Services;

/// A match waiting for the player's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub id: Uuid,
    pub game: GameId,
    /// When their time runs out (none without a clock, or while it is paused).
    pub deadline: Option<OffsetDateTime>,
}

/// Whether the match read (a row of `matches`) is in play and waiting for `user_id`'s move:
/// their seat is the one to act.
#[diesel::dsl::auto_type]
pub(super) fn waits_for(user_id: Uuid) -> _ {
    matches::status.eq("active").and(diesel::dsl::exists(
        match_seats::table
            .filter(match_seats::match_id.eq(matches::id))
            .filter(match_seats::user_id.eq(user_id))
            .filter(match_seats::seat.nullable().eq(matches::to_act_seat)),
    ))
}

/// The matches in play where `who` is to act, the nearest deadline first (those without one
/// last, the longest waiting first among equals), at most `at_most`.
pub async fn waiting_for(
    services: &Services,
    who: &Identity,
    at_most: i64,
) -> ServiceResult<Vec<Waiting>> {
    let mut conn = services.conn().await?;
    let rows: Vec<(Uuid, String, Option<OffsetDateTime>)> = matches::table
        .filter(waits_for(who.user_id))
        .order((
            matches::deadline.asc().nulls_last(),
            matches::updated_at.asc(),
        ))
        .limit(at_most)
        .select((matches::id, matches::game, matches::deadline))
        .load(&mut conn)
        .await?;
    rows.into_iter()
        .map(|(id, game, deadline)| {
            Ok(Waiting {
                id,
                game: game
                    .parse()
                    .map_err(|e| ServiceError::internal("stored game id is unknown", e))?,
                deadline,
            })
        })
        .collect()
}

//! Blocking a player: neither then hears the other in any chat, and the blocked player can no
//! longer invite the blocker nor take a seat at a match where the blocker sits (they are told
//! only that the player does not take invitations from them, or that a player at the table
//! does not accept them). Only its author lifts a block.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::ServiceResult;
use crate::identity::accounts::{named_other_user, named_user};
use crate::identity::caller::Identity;
use crate::schema::{blocks, users};
use crate::services::Services;

/// A player the caller blocked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BlockedPlayer {
    pub username: String,
    /// Since when.
    #[serde(with = "time::serde::rfc3339")]
    pub since: OffsetDateTime,
}

/// `who` blocks the player named `username` (again: nothing changes).
pub async fn block(services: &Services, who: &Identity, username: &str) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    let blocked = named_other_user(
        &mut conn,
        who,
        username,
        "block_self",
        "you cannot block yourself",
    )
    .await?;
    diesel::insert_into(blocks::table)
        .values((
            blocks::blocker_id.eq(who.user_id),
            blocks::blocked_id.eq(blocked.id),
            blocks::created_at.eq(services.now()),
        ))
        .on_conflict_do_nothing()
        .execute(&mut conn)
        .await?;
    tracing::info!(user.id = %who.user_id, blocked.id = %blocked.id, "blocked a player");
    Ok(())
}

/// `who` lifts their block of the player named `username` (none: nothing changes).
pub async fn unblock(services: &Services, who: &Identity, username: &str) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    let blocked = named_user(&mut conn, username).await?;
    diesel::delete(
        blocks::table
            .filter(blocks::blocker_id.eq(who.user_id))
            .filter(blocks::blocked_id.eq(blocked.id)),
    )
    .execute(&mut conn)
    .await?;
    Ok(())
}

/// The players `who` blocked, by name.
pub async fn blocked(services: &Services, who: &Identity) -> ServiceResult<Vec<BlockedPlayer>> {
    let mut conn = services.conn().await?;
    let rows: Vec<(String, OffsetDateTime)> = blocks::table
        .inner_join(users::table.on(users::id.eq(blocks::blocked_id)))
        .filter(blocks::blocker_id.eq(who.user_id))
        .order(users::username.asc())
        .select((users::username, blocks::created_at))
        .load(&mut conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(username, since)| BlockedPlayer { username, since })
        .collect())
}

/// Which of `others` blocked `user`.
pub(crate) async fn blocked_by(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    others: &[Uuid],
) -> ServiceResult<Vec<Uuid>> {
    if others.is_empty() {
        return Ok(Vec::new());
    }
    Ok(blocks::table
        .filter(blocks::blocked_id.eq(user))
        .filter(blocks::blocker_id.eq_any(others))
        .select(blocks::blocker_id)
        .load(conn)
        .await?)
}

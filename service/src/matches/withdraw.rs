//! Taking a suspended player out of every match they are in (`crate::moderation`): they
//! resign the matches in play, and the open matches they created, sit at or are invited to
//! are called off, as if they had done each themselves.

use diesel::PgArrayExpressionMethods;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use time::OffsetDateTime;

use super::life::{Aborted, call_off_open, leave, may_call_off};
use super::row::lock_match;
use super::views::{MatchStatus, TurnKind};
use crate::error::ServiceResult;
use crate::identity::caller::Identity;
use crate::schema::{invitations, matches};

/// What [`withdraw`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Withdrawn {
    /// Matches in play the player resigned.
    pub resigned: usize,
    /// Open matches called off (created, joined or declined by the player).
    pub called_off: usize,
}

/// Withdraws `player` from every open or active match they sit at, created or are invited
/// to, in the caller's transaction: each match is locked in turn (in the order of their ids,
/// as every transaction that locks several matches does), a match in play is resigned (the others go
/// on, or win, as after any resignation), an open match is cancelled, or declined when they
/// were only invited.
pub(crate) async fn withdraw(
    conn: &mut AsyncPgConnection,
    player: &Identity,
    now: OffsetDateTime,
) -> ServiceResult<Withdrawn> {
    let mut ids: Vec<uuid::Uuid> = matches::table
        .filter(matches::status.eq_any(["open", "active"]))
        .filter(
            matches::seat_user_ids
                .contains(vec![player.user_id])
                .or(matches::creator_id.eq(player.user_id)),
        )
        .select(matches::id)
        .load(conn)
        .await?;
    ids.extend(
        invitations::table
            .inner_join(matches::table)
            .filter(invitations::user_id.eq(player.user_id))
            .filter(matches::status.eq("open"))
            .select(matches::id)
            .load::<uuid::Uuid>(conn)
            .await?,
    );
    ids.sort_unstable();
    ids.dedup();
    let mut done = Withdrawn::default();
    for id in ids {
        let mut locked = lock_match(conn, id).await?;
        match locked.row.status()? {
            MatchStatus::Active => {
                let Some(seat) = locked.seat_of(player.user_id) else {
                    continue;
                };
                let state = locked.take_state()?;
                let playing = !state.has_left(seat) && state.outcome().is_none();
                locked.state = Some(state);
                if playing {
                    leave(conn, locked, seat, TurnKind::Resign, now).await?;
                    done.resigned += 1;
                }
            }
            MatchStatus::Open => {
                let how = if locked.row.creator_id == player.user_id
                    || locked.seat_of(player.user_id).is_some()
                {
                    Aborted::Cancelled
                } else {
                    // Deletes their invitation.
                    may_call_off(conn, &locked.row, player, Aborted::Declined).await?;
                    Aborted::Declined
                };
                call_off_open(conn, &locked.row, player, how, now).await?;
                done.called_off += 1;
            }
            // Ended since the list was read.
            _ => {}
        }
    }
    Ok(done)
}

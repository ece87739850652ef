//! The rows of a match written outside its moves, shared by the ways a match begins and
//! ends outside the rules: a new match written open (by [`super::create`], a rematch or a
//! tournament's table), and a match in play ended with no result (aborted by a player, or
//! interrupted at a tournament's deadline).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::plan::{Invitees, MatchPlan};
use super::row::stored_seat;
use super::views::MatchStatus;
use crate::error::ServiceResult;
use crate::events::{self, EventKind, Told};
use crate::fairness;
use crate::schema::{invitations, match_seats, matches};

/// Where a new match comes from, besides its plan: the match it is a rematch of, and who plays
/// first (when the game's rules name them).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Lineage {
    pub(super) rematch_of: Option<Uuid>,
    pub(super) first: Option<Uuid>,
}

/// Who creates a match: they take its first seat.
#[derive(Debug, Clone, Copy)]
pub(super) struct Creator<'a> {
    pub(super) user_id: Uuid,
    pub(super) username: &'a str,
}

/// Writes a new match as planned, open: its row, the creator's seat then the bots' (or, for a
/// tournament's table, the other players'), the invitations, and the events that tell the
/// people invited.
pub(super) async fn write_new(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    plan: &MatchPlan,
    invitees: &Invitees,
    who: Creator<'_>,
    seed: &[u8],
    lineage: Lineage,
) -> ServiceResult<()> {
    diesel::insert_into(matches::table)
        .values((
            matches::id.eq(id),
            matches::game.eq(plan.game.as_str()),
            matches::options.eq(&plan.options),
            matches::rated.eq(plan.rated),
            matches::status.eq(MatchStatus::Open.as_str()),
            matches::seat_count.eq(stored_seat(plan.seats)?),
            matches::creator_id.eq(who.user_id),
            matches::days_per_move.eq(plan.days_per_move),
            matches::seed.eq(seed.to_vec()),
            matches::seed_sha256.eq(fairness::seed_commitment(seed)),
            matches::first_user_id.eq(lineage.first),
        ))
        .execute(conn)
        .await?;
    let seated = std::iter::once(who.user_id).chain(invitees.bots.iter().copied());
    for (seat, user_id) in seated.enumerate() {
        diesel::insert_into(match_seats::table)
            .values((
                match_seats::match_id.eq(id),
                match_seats::seat.eq(stored_seat(seat)?),
                match_seats::user_id.eq(user_id),
            ))
            .execute(conn)
            .await?;
    }
    for user_id in &invitees.people {
        diesel::insert_into(invitations::table)
            .values((
                invitations::match_id.eq(id),
                invitations::user_id.eq(user_id),
            ))
            .execute(conn)
            .await?;
    }
    let mut data = json!({"game": plan.game.as_str(), "by": who.username});
    if let (Some(of), Some(object)) = (lineage.rematch_of, data.as_object_mut()) {
        object.insert("rematch_of".into(), json!(of));
    }
    let told: Vec<Told> = invitees
        .people
        .iter()
        .map(|user_id| Told::of_match(*user_id, EventKind::Invitation, id, 0, data.clone()))
        .collect();
    events::tell(conn, &told).await
}

/// Ends match `id`, in play at version `version - 1`, with no result: status `aborted`, its
/// seed revealed, nobody to act and no deadline. The version changes: the `matches_notify`
/// trigger tells the other server processes, and the `matches_bot_to_act` trigger clears the
/// computers' mark.
pub(super) async fn end_in_play(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    version: i64,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    diesel::update(matches::table.find(id))
        .set((
            matches::status.eq(MatchStatus::Aborted.as_str()),
            matches::version.eq(version),
            matches::to_act_seat.eq(None::<i16>),
            matches::deadline.eq(None::<OffsetDateTime>),
            matches::paused_time_left_us.eq(None::<i64>),
            matches::finished_at.eq(now),
            matches::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

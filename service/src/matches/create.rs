//! Creating a match: the plan checked against the accounts it names, the creator's quotas,
//! the rows written and the people invited told; a match whose seats are all taken starts at
//! once.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::json;
use uuid::Uuid;

use super::life::start;
use super::plan::{Invitees, MatchPlan};
use super::read::view_of;
use super::row::{Loaded, load_match, stored_seat};
use super::views::{MatchStatus, MatchView, NewMatch};
use crate::error::{ServiceError, ServiceResult};
use crate::events::{self, EventKind, Told};
use crate::fairness;
use crate::identity::accounts::{self, Account};
use crate::identity::caller::Identity;
use crate::players::blocks;
use crate::quotas::Quotas;
use crate::schema::{invitations, match_seats, matches};
use crate::services::Services;
use crate::time::vacation::hold_vacation;

/// Creates a match; the creator takes the first seat and the bots invited (who accept at
/// once) the next ones. A match whose seats are all taken starts at once.
pub async fn create(
    services: &Services,
    who: &Identity,
    request: NewMatch,
) -> ServiceResult<MatchView> {
    let plan = MatchPlan::parse(request)?;
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            create_on(conn, services, &who, &plan, Lineage::default()).await
        })
        .await?;
    view_of(&mut conn, loaded, Some(&who)).await
}

/// Where a new match comes from, besides its plan: the match it is a rematch of, and who plays
/// first (when the game's rules name them).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Lineage {
    pub(super) rematch_of: Option<Uuid>,
    pub(super) first: Option<Uuid>,
}

/// Creates the match of `plan` in the caller's transaction (see [`create`]).
pub(super) async fn create_on(
    conn: &mut AsyncPgConnection,
    services: &Services,
    who: &Identity,
    plan: &MatchPlan,
    lineage: Lineage,
) -> ServiceResult<Loaded> {
    let seed = fairness::new_seed().map_err(|e| ServiceError::internal("no OS randomness", e))?;
    let id = Uuid::new_v4();
    let found = accounts::find_all_by_name(conn, &plan.invite).await?;
    let invitees = plan.invitees(who.user_id, &found)?;
    refuse_blocked_invitations(conn, who, plan, &found, &invitees).await?;
    let quotas = services.settings().quotas;
    within_match_quotas(conn, who.user_id, quotas, !invitees.bots.is_empty()).await?;
    let creator = Creator {
        user_id: who.user_id,
        username: &who.username,
    };
    write_new(conn, id, plan, &invitees, creator, &seed, lineage).await?;
    let loaded = if plan.full_with(&invitees) {
        // The match starts with the creator's vacation as it stands.
        hold_vacation(conn, who.user_id).await?;
        start(conn, id, services.now()).await?
    } else {
        load_match(conn, id).await?
    };
    tracing::info!(
        match.id = %id,
        game = plan.game.as_str(),
        seats = plan.seats,
        rated = plan.rated,
        "match created"
    );
    Ok(loaded)
}

/// Refuses the invitation of a person who blocked the creator, naming them.
async fn refuse_blocked_invitations(
    conn: &mut AsyncPgConnection,
    who: &Identity,
    plan: &MatchPlan,
    found: &[Option<Account>],
    invitees: &Invitees,
) -> ServiceResult<()> {
    let refusing = blocks::blocked_by(conn, who.user_id, &invitees.people).await?;
    let refused = plan.invite.iter().zip(found).find(|(_, account)| {
        account
            .as_ref()
            .is_some_and(|a| refusing.contains(&a.user_id))
    });
    match refused {
        Some((name, _)) => Err(ServiceError::invalid(
            "invite",
            "invite_refused",
            format!("“{name}” does not take invitations from you"),
        )),
        None => Ok(()),
    }
}

/// What one account has going: the open matches it created, and its matches against the
/// computer open or in play.
#[derive(diesel::QueryableByName)]
struct Going {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    open_created: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    against_bots: i64,
}

/// Refuses one more match to `user_id` once they created as many open matches as
/// [`Quotas::open_matches_per_account`] allows, or, for a match against the computer
/// (`with_bots`), once they have as many of those open or in play as
/// [`Quotas::bot_matches_per_account`] allows. Their row is locked first, so that two matches
/// created at once are counted one after the other.
async fn within_match_quotas(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    quotas: Quotas,
    with_bots: bool,
) -> ServiceResult<()> {
    crate::identity::locks::lock_account(conn, user_id).await?;
    let going: Going = diesel::sql_query(
        "SELECT count(*) FILTER (WHERE m.status = 'open' AND m.creator_id = $1) AS open_created, \
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM users u \
                    WHERE u.id = ANY(m.seat_user_ids) AND u.is_bot)) AS against_bots \
         FROM matches m \
         WHERE m.status IN ('open', 'active') AND m.seat_user_ids @> ARRAY[$1]",
    )
    .bind::<diesel::sql_types::Uuid, _>(user_id)
    .get_result(conn)
    .await?;
    if with_bots && going.against_bots >= quotas.bot_matches_per_account {
        return Err(ServiceError::TooManyBotMatches {
            limit: quotas.bot_matches_per_account,
        });
    }
    if going.open_created >= quotas.open_matches_per_account {
        return Err(ServiceError::TooManyOpenMatches {
            limit: quotas.open_matches_per_account,
        });
    }
    Ok(())
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

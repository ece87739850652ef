//! Creating a match: the plan checked against the accounts it names, the creator's quotas,
//! the rows written and the people invited told; a match whose seats are all taken starts at
//! once.

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::life::start;
use super::plan::{Invitees, MatchPlan};
use super::read::view_of;
use super::row::{Loaded, load_match};
use super::views::{MatchView, NewMatch};
use super::write::{Creator, Lineage, write_new};
use crate::error::{ServiceError, ServiceResult};
use crate::fairness;
use crate::identity::accounts::{self, Account};
use crate::identity::caller::Identity;
use crate::players::blocks;
use crate::quotas::Quotas;
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
    // A new match, its seats and invitations: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            create_on(conn, services, &who, &plan, Lineage::default()).await
        })
        .await?;
    view_of(&mut conn, loaded, Some(&who)).await
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
/// created at once are counted one after the other. Counted from the player's seats (the index
/// of `match_seats` on the player), not by reading every open or active match, and the
/// computer opponents from the copy of the seats' flags on each match row.
async fn within_match_quotas(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    quotas: Quotas,
    with_bots: bool,
) -> ServiceResult<()> {
    crate::identity::locks::lock_account(conn, user_id).await?;
    let going: Going = diesel::sql_query(
        "SELECT count(*) FILTER (WHERE m.status = 'open' AND m.creator_id = $1) AS open_created, \
                count(*) FILTER (WHERE true = ANY (m.seat_bots)) AS against_bots \
         FROM match_seats s JOIN matches m ON m.id = s.match_id \
         WHERE s.user_id = $1 AND m.status IN ('open', 'active')",
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

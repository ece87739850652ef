//! Opting in and out of a league. Opting in enters the player in every season from the next
//! one to start; opting out takes effect at the next season: a player cannot leave a season
//! that has started (their matches go on and count; they are not placed in the next one).
//! Each is one transaction on the member's row.

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use super::store::{self, LeagueRow};
use super::views::{Membership, SeasonStatus};
use crate::error::{LeagueRefusal, ServiceError, ServiceResult};
use crate::identity::accounts;
use crate::identity::caller::Identity;
use crate::schema::{league_division_members, league_members};
use crate::services::Services;

/// The caller opts in to the league of `game` (computer players may not).
pub async fn opt_in(services: &Services, who: &Identity, game: &str) -> ServiceResult<Membership> {
    set(services, who, game, true).await
}

/// The caller opts out of the league of `game`, from the next season on.
pub async fn opt_out(services: &Services, who: &Identity, game: &str) -> ServiceResult<Membership> {
    set(services, who, game, false).await
}

async fn set(
    services: &Services,
    who: &Identity,
    game: &str,
    opted_in: bool,
) -> ServiceResult<Membership> {
    let game = store::game_of(game)?;
    let user_id = who.user_id;
    let now = services.now();
    let mut conn = services.conn().await?;
    let membership = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let league = store::league(conn, game).await?;
            if accounts::is_bot(conn, user_id).await? {
                return Err(ServiceError::League(LeagueRefusal::BotsNotAllowed));
            }
            diesel::insert_into(league_members::table)
                .values((
                    league_members::game.eq(&league.game),
                    league_members::user_id.eq(user_id),
                    league_members::opted_in.eq(opted_in),
                    league_members::changed_at.eq(now),
                ))
                .on_conflict((league_members::game, league_members::user_id))
                .do_update()
                .set((
                    league_members::opted_in.eq(excluded(league_members::opted_in)),
                    league_members::changed_at.eq(excluded(league_members::changed_at)),
                ))
                .execute(conn)
                .await?;
            membership_of(conn, &league, user_id).await
        })
        .await?;
    tracing::info!(league = membership.game, user.id = %user_id, opted_in, "league membership");
    Ok(membership)
}

/// The membership of `user_id` in `league`.
pub(super) async fn membership_of(
    conn: &mut AsyncPgConnection,
    league: &LeagueRow,
    user_id: uuid::Uuid,
) -> ServiceResult<Membership> {
    // No row: never opted in.
    let opted_in = league_members::table
        .find((&league.game, user_id))
        .select(league_members::opted_in)
        .first::<bool>(conn)
        .await
        .optional()?
        == Some(true);
    let current = store::current_season(conn, &league.game).await?;
    let (playing_season, next_season) = match current.status()? {
        SeasonStatus::Running => {
            let playing: bool = diesel::select(diesel::dsl::exists(
                league_division_members::table
                    .filter(league_division_members::season_id.eq(current.id))
                    .filter(league_division_members::user_id.eq(user_id)),
            ))
            .get_result(conn)
            .await?;
            (playing.then_some(current.number), None)
        }
        _ => (None, Some(current.brief()?)),
    };
    Ok(Membership {
        game: league.game.clone(),
        opted_in,
        playing_season,
        next_season,
    })
}

//! Entering and leaving tournaments, and their organisers' decisions: each one transaction
//! that locks the tournament's row first, so that a join and the round's start (or two joins
//! for the last place) are taken one after the other.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::plan::{TournamentPlan, late_entry_open};
use super::read::view_of;
use super::store::{self, TournamentRow};
use super::views::{NewTournament, TournamentStatus, TournamentView};
use crate::error::{ServiceError, ServiceResult, TournamentRefusal};
use crate::identity::accounts;
use crate::identity::caller::Identity;
use crate::schema::{tournament_entrants, tournaments, users};
use crate::services::Services;

/// Creates a tournament organised by the caller (who is not entered: they join like anyone).
pub async fn create(
    services: &Services,
    who: &Identity,
    request: NewTournament,
) -> ServiceResult<TournamentView> {
    let plan = TournamentPlan::parse(request, services.now())?;
    let id = Uuid::new_v4();
    let organiser = who.user_id;
    let mut conn = services.conn().await?;
    let row = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            diesel::insert_into(tournaments::table)
                .values((
                    tournaments::id.eq(id),
                    tournaments::name.eq(&plan.name),
                    tournaments::game.eq(plan.terms.game.as_str()),
                    tournaments::options.eq(&plan.terms.options),
                    tournaments::table_size.eq(plan.table_size),
                    tournaments::rounds.eq(plan.rounds),
                    tournaments::days_per_move.eq(plan.terms.days_per_move),
                    tournaments::expected_moves.eq(plan.expected_moves),
                    tournaments::rated.eq(plan.terms.rated),
                    tournaments::starts_at.eq(plan.starts_at),
                    tournaments::min_rating.eq(plan.min_rating),
                    tournaments::max_rating.eq(plan.max_rating),
                    tournaments::max_players.eq(plan.max_players),
                    tournaments::vacation_pauses.eq(plan.vacation_pauses),
                    tournaments::allow_bots.eq(plan.allow_bots),
                    tournaments::organiser_id.eq(organiser),
                    tournaments::created_at.eq(services.now()),
                ))
                .execute(conn)
                .await?;
            store::find(conn, id).await
        })
        .await?;
    tracing::info!(tournament.id = %id, user.id = %organiser, game = row.game, "tournament created");
    view_of(&mut conn, row).await
}

/// Runs `$body` (a block giving `ServiceResult<()>`) on tournament `$id` in one transaction,
/// its row locked (`$row`), then reads the tournament back.
macro_rules! locked {
    ($services:expr, $id:expr, |$conn:ident, $row:ident| $body:block) => {{
        let mut conn = $services.conn().await?;
        let row = conn
            .transaction::<_, ServiceError, _>(async |$conn| {
                let $row = &store::lock($conn, $id).await?;
                let done: ServiceResult<()> = async { $body }.await;
                done?;
                store::touch($conn, $id).await?;
                store::find($conn, $id).await
            })
            .await?;
        view_of(&mut conn, row).await
    }};
}

/// Whether entries are taken now: before the start, and after it until half the rounds have
/// started (late entry); the round number the entrant joins at.
fn entry_round(row: &TournamentRow) -> ServiceResult<i16> {
    match row.status()? {
        TournamentStatus::Upcoming => Ok(0),
        TournamentStatus::Running if late_entry_open(row.current_round, row.rounds) => {
            Ok(row.current_round)
        }
        TournamentStatus::Running => Err(ServiceError::Tournament(TournamentRefusal::Started)),
        TournamentStatus::Finished | TournamentStatus::Cancelled => {
            Err(ServiceError::Tournament(TournamentRefusal::Over))
        }
    }
}

/// Enters `user_id` (not a bot unless `seated_by_organiser`), checking the place left and the
/// rating range (computer players are outside the ratings' reach).
async fn enter(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    user_id: Uuid,
    seated_by_organiser: bool,
) -> ServiceResult<()> {
    let joined_round = entry_round(row)?;
    let entered: Vec<Uuid> = tournament_entrants::table
        .filter(tournament_entrants::tournament_id.eq(row.id))
        .select(tournament_entrants::user_id)
        .load(conn)
        .await?;
    if entered.contains(&user_id) {
        return Err(ServiceError::Tournament(TournamentRefusal::AlreadyEntered));
    }
    if let Some(max) = row.max_players
        && i64::try_from(entered.len()).unwrap_or(i64::MAX) >= i64::from(max)
    {
        return Err(ServiceError::Tournament(TournamentRefusal::Full));
    }
    let rating = store::rating_of(conn, user_id, &row.game).await?;
    if !seated_by_organiser {
        let below = row.min_rating.is_some_and(|min| rating < min);
        let above = row.max_rating.is_some_and(|max| rating > max);
        if below || above {
            return Err(ServiceError::Tournament(
                TournamentRefusal::RatingOutsideRange,
            ));
        }
    }
    diesel::insert_into(tournament_entrants::table)
        .values((
            tournament_entrants::tournament_id.eq(row.id),
            tournament_entrants::user_id.eq(user_id),
            tournament_entrants::joined_round.eq(joined_round),
            tournament_entrants::seated_by_organiser.eq(seated_by_organiser),
            tournament_entrants::rating.eq(rating),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// The caller joins: before the start, or late while fewer than half the rounds have started
/// (scoring zero for the rounds missed).
pub async fn join(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<TournamentView> {
    let user_id = who.user_id;
    let view = locked!(services, id, |conn, row| {
        if accounts::is_bot(conn, user_id).await? {
            return Err(ServiceError::Tournament(TournamentRefusal::BotsNotAllowed));
        }
        enter(conn, row, user_id, false).await
    })?;
    tracing::info!(tournament.id = %id, user.id = %user_id, "joined tournament");
    Ok(view)
}

/// The organiser seats computer player `username` (casual tournaments that allow them only).
pub async fn seat_bot(
    services: &Services,
    who: &Identity,
    id: Uuid,
    username: &str,
) -> ServiceResult<TournamentView> {
    let organiser = who.user_id;
    locked!(services, id, |conn, row| {
        if row.organiser_id != organiser {
            return Err(ServiceError::Tournament(TournamentRefusal::NotTheOrganiser));
        }
        if !row.allow_bots || row.rated {
            return Err(ServiceError::Tournament(TournamentRefusal::BotsNotAllowed));
        }
        let Some(bot) = bot_named(conn, username).await? else {
            return Err(ServiceError::invalid(
                "username",
                "bot_unknown",
                format!("no computer player is named “{username}”"),
            ));
        };
        enter(conn, row, bot, true).await
    })
}

/// The computer player named `username`, if there is one.
async fn bot_named(conn: &mut AsyncPgConnection, username: &str) -> ServiceResult<Option<Uuid>> {
    Ok(users::table
        .filter(users::username.eq(username))
        .filter(users::is_bot.eq(true))
        .select(users::id)
        .first(conn)
        .await
        .optional()?)
}

/// The caller's entry, locked with the tournament.
async fn entry_of(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    user_id: Uuid,
) -> ServiceResult<bool> {
    let withdrawn: Option<bool> = tournament_entrants::table
        .find((row.id, user_id))
        .select(tournament_entrants::withdrawn)
        .for_update()
        .first(conn)
        .await
        .optional()?;
    withdrawn.ok_or(ServiceError::Tournament(TournamentRefusal::NotEntered))
}

/// The caller leaves a tournament that has not started (afterwards: withdraw). The organiser
/// removes a computer player they seated the same way (`bot`).
pub async fn leave(
    services: &Services,
    who: &Identity,
    id: Uuid,
    bot: Option<&str>,
) -> ServiceResult<TournamentView> {
    let caller = who.user_id;
    locked!(services, id, |conn, row| {
        let user_id = match bot {
            None => caller,
            Some(name) => {
                if row.organiser_id != caller {
                    return Err(ServiceError::Tournament(TournamentRefusal::NotTheOrganiser));
                }
                bot_named(conn, name)
                    .await?
                    .ok_or(ServiceError::Tournament(TournamentRefusal::NotEntered))?
            }
        };
        match row.status()? {
            TournamentStatus::Upcoming => {}
            TournamentStatus::Running => {
                return Err(ServiceError::Tournament(TournamentRefusal::Started));
            }
            _ => return Err(ServiceError::Tournament(TournamentRefusal::Over)),
        }
        entry_of(conn, row, user_id).await?;
        diesel::delete(tournament_entrants::table.find((row.id, user_id)))
            .execute(conn)
            .await?;
        Ok(())
    })
}

/// The caller withdraws from the rounds to come of a running tournament (their matches in
/// play go on; they stay in the standings).
pub async fn withdraw(
    services: &Services,
    who: &Identity,
    id: Uuid,
) -> ServiceResult<TournamentView> {
    change_entry(services, who.user_id, id, Some("left")).await
}

/// The caller re-confirms their entry in a running tournament: withdrawn, they are paired
/// again from the next round; having timed out or resigned in the round in play, they are not
/// withdrawn when it ends.
pub async fn reconfirm(
    services: &Services,
    who: &Identity,
    id: Uuid,
) -> ServiceResult<TournamentView> {
    change_entry(services, who.user_id, id, None).await
}

/// Withdraws `user_id` from running tournament `id` for `reason` (refused when withdrawn
/// already), or, without one, re-confirms their entry at the round in play.
async fn change_entry(
    services: &Services,
    user_id: Uuid,
    id: Uuid,
    withdrawn: Option<&'static str>,
) -> ServiceResult<TournamentView> {
    locked!(services, id, |conn, row| {
        running(row)?;
        if entry_of(conn, row, user_id).await? && withdrawn.is_some() {
            return Err(ServiceError::Tournament(
                TournamentRefusal::AlreadyWithdrawn,
            ));
        }
        let reconfirmed = withdrawn
            .is_none()
            .then_some(tournament_entrants::reconfirmed_round.eq(row.current_round));
        diesel::update(tournament_entrants::table.find((row.id, user_id)))
            .set((
                tournament_entrants::withdrawn.eq(withdrawn.is_some()),
                tournament_entrants::withdrawn_reason.eq(withdrawn),
                reconfirmed,
            ))
            .execute(conn)
            .await?;
        Ok(())
    })
}

/// Cancels a tournament: its organiser before the start, a moderator before its end. Matches
/// in play go on, outside the tournament.
pub async fn cancel(
    services: &Services,
    who: &Identity,
    id: Uuid,
) -> ServiceResult<TournamentView> {
    let caller = who.user_id;
    let now = services.now();
    let view = locked!(services, id, |conn, row| {
        let moderator: bool = users::table
            .find(caller)
            .select(users::moderator)
            .first(conn)
            .await?;
        let status = row.status()?;
        match status {
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                return Err(ServiceError::Tournament(TournamentRefusal::Over));
            }
            _ if moderator => {}
            _ if row.organiser_id != caller => {
                return Err(ServiceError::Tournament(TournamentRefusal::NotTheOrganiser));
            }
            TournamentStatus::Running => {
                return Err(ServiceError::Tournament(TournamentRefusal::Started));
            }
            TournamentStatus::Upcoming => {}
        }
        diesel::update(tournaments::table.find(row.id))
            .set((
                tournaments::status.eq(TournamentStatus::Cancelled.as_str()),
                tournaments::finished_at.eq(now),
            ))
            .execute(conn)
            .await?;
        Ok(())
    })?;
    tracing::info!(tournament.id = %id, user.id = %caller, "tournament cancelled");
    Ok(view)
}

/// Refuses what only a running tournament allows: before its start, or once it is over.
fn running(row: &TournamentRow) -> ServiceResult<()> {
    match row.status()? {
        TournamentStatus::Running => Ok(()),
        TournamentStatus::Upcoming => Err(ServiceError::Tournament(TournamentRefusal::NotStarted)),
        _ => Err(ServiceError::Tournament(TournamentRefusal::Over)),
    }
}

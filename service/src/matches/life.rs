//! The life of a match outside its moves, once created (`create`): joining, cancelling and
//! declining it, starting it when the last seat is taken, aborting it in its first moves,
//! resigning and running out of time.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use rand::seq::SliceRandom;
use serde_json::json;
use tapis_games::AnyState;
use time::OffsetDateTime;
use uuid::Uuid;

use super::read::view_of;
use super::row::{
    Loaded, MatchRow, is_tournament_table, load_match, lock_for_player, lock_match, lock_row,
    seat_index, stored_seat,
};
use super::seating::Seating;
use super::step::Step;
use super::store::advance;
use super::views::{MatchStatus, MatchView, TurnKind};
use super::write::end_in_play;
use crate::error::{ServiceError, ServiceResult};
use crate::events::{self, EventKind, Told};
use crate::identity::caller::Identity;
use crate::players::{blocks, follows};
use crate::schema::{invitations, match_seats, matches, users};
use crate::services::Services;
use crate::time::vacation::hold_vacation;
use crate::worker::{self, Pieces};

/// Takes a free seat in an open match; the match starts when the last seat is taken.
pub async fn join(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    // Changes this match only, of what the process keeps (`db::kept`).
    let mut conn = services.conn_changing_match(id).await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let locked = lock_match(conn, id).await?;
            let row = &locked.row;
            let seated = locked.seats.len();
            let seat_count = seat_index(row.seat_count)?;
            let pending: Vec<Uuid> = invitations::table
                .filter(invitations::match_id.eq(id))
                .select(invitations::user_id)
                .load(conn)
                .await?;
            let invited = pending.contains(&who.user_id);
            let seating = Seating {
                status: row.status()?,
                seat_count,
                taken: seated,
                pending: pending.len(),
                seated: locked.seat_of(who.user_id).is_some(),
                invited,
                creator: row.creator_id == who.user_id,
            };
            if let Some(refusal) = seating.join_refusal() {
                return Err(refusal);
            }
            if !blocks::blocked_by(conn, who.user_id, &row.seat_user_ids)
                .await?
                .is_empty()
            {
                return Err(ServiceError::NotWelcome);
            }
            diesel::insert_into(match_seats::table)
                .values((
                    match_seats::match_id.eq(id),
                    match_seats::seat.eq(stored_seat(seated)?),
                    match_seats::user_id.eq(who.user_id),
                ))
                .execute(conn)
                .await?;
            if invited {
                diesel::delete(
                    invitations::table
                        .filter(invitations::match_id.eq(id))
                        .filter(invitations::user_id.eq(who.user_id)),
                )
                .execute(conn)
                .await?;
            }
            if seated + 1 == seat_count {
                // The match starts with the joiner's vacation as it stands.
                hold_vacation(conn, who.user_id).await?;
                start(conn, id, services.now()).await
            } else {
                touch(conn, row, services.now()).await?;
                load_match(conn, id).await
            }
        })
        .await?;
    tracing::info!(match.id = %id, user.id = %who.user_id, "joined match");
    view_of(&mut conn, loaded, Some(&who)).await
}

/// The creator cancels an open match.
pub async fn cancel(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    call_off(services, who, id, Aborted::Cancelled).await
}

/// An invited player declines: the challenge is called off.
pub async fn decline(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    call_off(services, who, id, Aborted::Declined).await
}

/// Calls open match `id` off as `how` says, under the lock of its row, once `who` is found
/// to have the right ([`may_call_off`]).
async fn call_off(
    services: &Services,
    who: &Identity,
    id: Uuid,
    how: Aborted,
) -> ServiceResult<MatchView> {
    let mut conn = services.conn().await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let row = lock_row(conn, id).await?;
            may_call_off(conn, &row, &who, how).await?;
            call_off_open(conn, &row, &who, how, services.now()).await?;
            load_match(conn, id).await
        })
        .await?;
    view_of(&mut conn, loaded, Some(&who)).await
}

/// Whether `who` may call the match of `row` off as `how` says: cancel it as its creator,
/// or decline their invitation to it (deleting the invitation, as [`abort`] expects).
pub(super) async fn may_call_off(
    conn: &mut AsyncPgConnection,
    row: &MatchRow,
    who: &Identity,
    how: Aborted,
) -> ServiceResult<()> {
    match how {
        Aborted::Cancelled if row.creator_id != who.user_id => Err(ServiceError::NotTheCreator),
        Aborted::Cancelled => Ok(()),
        Aborted::Declined => {
            let deleted = diesel::delete(
                invitations::table
                    .filter(invitations::match_id.eq(row.id))
                    .filter(invitations::user_id.eq(who.user_id)),
            )
            .execute(conn)
            .await?;
            if deleted == 0 {
                return Err(ServiceError::NotInvited);
            }
            Ok(())
        }
    }
}

/// How an open match was called off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Aborted {
    /// By its creator.
    Cancelled,
    /// By an invited player (whose invitation the caller has deleted).
    Declined,
}

/// Calls an open match off, on behalf of `by`, and tells the people it concerned: the
/// creator hears that `by` declined; everyone else invited or seated (but `by`) that the
/// match is cancelled.
pub(super) async fn call_off_open(
    conn: &mut AsyncPgConnection,
    row: &MatchRow,
    by: &Identity,
    how: Aborted,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    if row.status()? != MatchStatus::Open {
        return Err(ServiceError::MatchNotOpen);
    }
    let version = row.version + 1;
    // The version changes: the `matches_notify` trigger tells the other server processes.
    diesel::update(matches::table.find(row.id))
        .set((
            matches::status.eq(MatchStatus::Aborted.as_str()),
            matches::version.eq(version),
            matches::finished_at.eq(now),
            matches::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    let mut concerned: Vec<Uuid> = invitations::table
        .filter(invitations::match_id.eq(row.id))
        .select(invitations::user_id)
        .load(conn)
        .await?;
    concerned.extend(
        match_seats::table
            .inner_join(users::table)
            .filter(match_seats::match_id.eq(row.id))
            .filter(users::is_bot.eq(false))
            .select(match_seats::user_id)
            .load::<Uuid>(conn)
            .await?,
    );
    concerned.sort_unstable();
    concerned.dedup();
    let data = json!({"game": row.game, "by": by.username});
    let told: Vec<Told> = concerned
        .into_iter()
        .filter(|user_id| *user_id != by.user_id)
        .map(|user_id| {
            Told::of_match(
                user_id,
                if how == Aborted::Declined && user_id == row.creator_id {
                    EventKind::InvitationDeclined
                } else {
                    EventKind::MatchCancelled
                },
                row.id,
                version,
                data.clone(),
            )
        })
        .collect();
    events::tell(conn, &told).await
}

/// Locks match `id` for one of its players ([`lock_for_player`]) in a use case for matches in
/// play: `match_not_active` otherwise.
async fn lock_in_play(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    user_id: Uuid,
) -> ServiceResult<(Loaded, usize)> {
    lock_for_player(
        conn,
        id,
        user_id,
        MatchStatus::Active,
        ServiceError::MatchNotActive,
    )
    .await
}

/// A player aborts a match in play before each seat has taken a turn: it ends with no result
/// and no rating change (status `aborted`, its seed revealed), and the other players hear of
/// it (`match_cancelled`, `by` the player). Afterwards, `abort_not_allowed`: resign instead.
pub async fn abort(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    // Changes this match only, of what the process keeps (`db::kept`).
    let mut conn = services.conn_changing_match(id).await?;
    let who = who.clone();
    let now = services.now();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let (locked, _) = lock_in_play(conn, id, who.user_id).await?;
            if !locked.row.abortable()? || is_tournament_table(conn, id).await? {
                return Err(ServiceError::AbortNotAllowed);
            }
            let row = &locked.row;
            let version = row.version + 1;
            end_in_play(conn, row.id, version, now).await?;
            let data = json!({"game": row.game, "by": who.username});
            let told: Vec<Told> = row
                .seat_user_ids
                .iter()
                .zip(row.seat_bots())
                .filter(|(user_id, bot)| **user_id != who.user_id && !**bot)
                .map(|(user_id, _)| {
                    Told::of_match(
                        *user_id,
                        EventKind::MatchCancelled,
                        row.id,
                        version,
                        data.clone(),
                    )
                })
                .collect();
            events::tell(conn, &told).await?;
            load_match(conn, id).await
        })
        .await?;
    tracing::info!(match.id = %id, user.id = %who.user_id, "aborted match");
    view_of(&mut conn, loaded, Some(&who)).await
}

/// Bumps the version of a match that changed outside the rules (a player joined).
pub(super) async fn touch(
    conn: &mut AsyncPgConnection,
    row: &MatchRow,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    diesel::update(matches::table.find(row.id))
        .set((
            matches::version.eq(row.version + 1),
            matches::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Draws the seat order, sets the game up and resolves its first chance steps.
/// The caller holds the lock on the match row.
pub(super) async fn start(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    now: OffsetDateTime,
) -> ServiceResult<Loaded> {
    let mut players: Vec<(Uuid, OffsetDateTime)> = match_seats::table
        .filter(match_seats::match_id.eq(id))
        .order(match_seats::seat)
        .select((match_seats::user_id, match_seats::joined_at))
        .load(conn)
        .await?;
    players.shuffle(&mut rand::rng());
    // Who plays first, when the match names them (a rematch of Linja: its loser).
    let first: Option<Uuid> = matches::table
        .find(id)
        .select(matches::first_user_id)
        .first(conn)
        .await?;
    if let Some(at) = first.and_then(|first| players.iter().position(|(user, _)| *user == first)) {
        players.rotate_left(at);
    }
    diesel::delete(match_seats::table.filter(match_seats::match_id.eq(id)))
        .execute(conn)
        .await?;
    let new_seats: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(seat, (user_id, joined_at))| {
            Ok((
                match_seats::match_id.eq(id),
                match_seats::seat.eq(stored_seat(seat)?),
                match_seats::user_id.eq(*user_id),
                match_seats::joined_at.eq(*joined_at),
            ))
        })
        .collect::<ServiceResult<_>>()?;
    diesel::insert_into(match_seats::table)
        .values(&new_seats)
        .execute(conn)
        .await?;
    // The row again, with the seats in their new order (copied by the trigger).
    let loaded = load_match(conn, id).await?;
    let state = AnyState::setup(loaded.row.game_id()?, players.len(), &loaded.row.options)
        .map_err(|e| ServiceError::internal("stored options no longer set up", e))?;
    let step = Step {
        kind: TurnKind::Start,
        seat: None,
        action: None,
        notify_after_commit: false,
    };
    let started = advance(conn, loaded, state, step, Vec::new(), now).await?;
    let row = &started.row;
    follows::tell_followers(conn, row.id, row.version, &row.game, &row.seat_user_ids).await?;
    Ok(started)
}

/// The caller resigns: they rank last, and the game goes on without them if more than one
/// player remains.
pub async fn resign(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<MatchView> {
    // Changes this match only, of what the process keeps (`db::kept`).
    let mut conn = services.conn_changing_match(id).await?;
    let who = who.clone();
    let loaded = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let (locked, seat) = lock_in_play(conn, id, who.user_id).await?;
            leave(conn, locked, seat, TurnKind::Resign, services.now()).await
        })
        .await?;
    tracing::info!(match.id = %id, user.id = %who.user_id, "resigned");
    view_of(&mut conn, loaded, Some(&who)).await
}

/// `seat` leaves the match (resigns, or runs out of time). When the seats still playing are
/// then all computer players, nobody is left to play for: they leave too, one after the other
/// in seat order, each as a turn of its own, and the match ends at once (the computers' time
/// goes to matches where someone waits for them).
pub(super) async fn leave(
    conn: &mut AsyncPgConnection,
    mut locked: Loaded,
    seat: usize,
    kind: TurnKind,
    now: OffsetDateTime,
) -> ServiceResult<Loaded> {
    let bots = locked.row.seat_bots().to_vec();
    let mut state = locked.take_state()?;
    let mut leaving = Some((seat, kind));
    loop {
        let Some((seat, kind)) = leaving else {
            locked.state = Some(state);
            return Ok(locked);
        };
        let events = state
            .resign(seat)
            .map_err(|e| ServiceError::IllegalAction(e.to_string()))?;
        let step = Step {
            kind,
            seat: Some(seat),
            action: None,
            notify_after_commit: false,
        };
        locked = advance(conn, locked, state, step, events, now).await?;
        state = locked.take_state()?;
        leaving = computer_left_alone(&state, &bots).map(|bot| (bot, TurnKind::Resign));
    }
}

/// The first computer seat still playing, when no person is left playing and the game is not
/// over; `bots[seat]` says whether a seat is a computer player.
fn computer_left_alone(state: &AnyState, bots: &[bool]) -> Option<usize> {
    if state.outcome().is_some() {
        return None;
    }
    let playing = || (0..bots.len()).filter(|seat| !state.has_left(*seat));
    if playing().any(|seat| !bots[seat]) {
        return None;
    }
    playing().next()
}

/// Ends the turns of players who ran out of time (each is counted as resigning). Claims one
/// overdue match at a time with `FOR UPDATE SKIP LOCKED`, so several server processes can run
/// this concurrently without processing a match twice. Returns how many turns were ended.
pub async fn expire_overdue(services: &Services, at_most: usize) -> ServiceResult<usize> {
    worker::one_at_a_time(services, at_most, &Overdue).await
}

/// The matches whose player to act is past their deadline, one at a time.
struct Overdue;

impl Pieces for Overdue {
    async fn one(&self, conn: &mut AsyncPgConnection, now: OffsetDateTime) -> ServiceResult<bool> {
        let row: Option<MatchRow> = matches::table
            .filter(matches::status.eq("active"))
            .filter(matches::deadline.le(now))
            .order(matches::deadline)
            .select(MatchRow::as_select())
            .for_update()
            .skip_locked()
            .first(conn)
            .await
            .optional()?;
        let Some(row) = row else {
            return Ok(false);
        };
        let Some(seat) = row.to_act_seat.map(seat_index).transpose()? else {
            // Nobody to blame: clear the stale deadline.
            diesel::update(matches::table.find(row.id))
                .set(matches::deadline.eq(None::<OffsetDateTime>))
                .execute(conn)
                .await?;
            return Ok(true);
        };
        tracing::info!(match.id = %row.id, seat, "ran out of time");
        leave(conn, Loaded::new(row)?, seat, TurnKind::Timeout, now).await?;
        Ok(true)
    }
}

/// Tells the players whose deadline is less than 24 hours away (`deadline_soon`), once per
/// turn, in matches with more than a day per move (with one day, the turn's own
/// `your_turn` says as much). Claims the matches with `FOR UPDATE SKIP LOCKED`, so several
/// server processes never tell one twice. Returns how many were told.
pub async fn tell_deadlines(services: &Services, at_most: i64) -> ServiceResult<usize> {
    #[derive(QueryableByName)]
    struct Told {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        told: i64,
    }
    // Writes the workers' bookkeeping and events only, no part of what is kept (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    // The notification wakes the hubs, which number the new events (the version is not
    // changed, so no trigger tells them).
    let told: Told = diesel::sql_query(
        "WITH due AS (SELECT id FROM matches WHERE status = 'active' AND days_per_move > 1 \
         AND deadline > $2 AND deadline <= $2 + interval '24 hours' \
         AND deadline_told_version IS DISTINCT FROM version \
         ORDER BY deadline LIMIT $1 FOR UPDATE SKIP LOCKED), \
         marked AS (UPDATE matches m SET deadline_told_version = m.version FROM due \
         WHERE m.id = due.id RETURNING m.id, m.version, m.game, m.deadline, \
         m.seat_user_ids[m.to_act_seat + 1] AS user_id), \
         inserted AS (INSERT INTO user_events (user_id, kind, match_id, version, data) \
         SELECT t.user_id, 'deadline_soon', t.id, t.version, \
         jsonb_build_object('game', t.game, 'deadline', t.deadline) \
         FROM marked t JOIN users u ON u.id = t.user_id WHERE NOT u.is_bot RETURNING match_id) \
         SELECT count(*) AS told, max(pg_notify('tapis_matches', match_id::text)::text) AS woken \
         FROM inserted",
    )
    .bind::<diesel::sql_types::BigInt, _>(at_most)
    .bind::<diesel::sql_types::Timestamptz, _>(services.now())
    .get_result(&mut conn)
    .await?;
    usize::try_from(told.told).map_err(|e| ServiceError::internal("a count is negative", e))
}

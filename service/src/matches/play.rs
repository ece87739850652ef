//! A move: the caller's action checked and applied to its match as read, and written if the
//! match has not changed since ([`unlocked_move`]); else under the lock of its match, in the
//! transaction of [`move_transaction`].

use diesel_async::AsyncPgConnection;
use serde_json::Value;
use tapis_games::{AnyAction, AnyEvent, AnyState, Turn};
use time::OffsetDateTime;
use uuid::Uuid;

use super::read::{view_of, with_turns};
use super::row::Loaded;
use super::step::{Step, work_out_going_step, work_out_step};
use super::store::{move_transaction, unlocked_move};
use super::views::{MatchStatus, MatchView, MatchWithTurns, TurnKind};
use crate::identity::caller::Identity;
use crate::identity::credentials::Caller;
use crate::{ServiceError, ServiceResult, Services};

/// An action submitted for a move: as a client posted it, to be read as an action of the
/// match's game once the match is loaded, or already chosen among the legal actions (a
/// computer player's).
#[derive(Debug, Clone, PartialEq)]
pub enum Submitted {
    Posted(Value),
    Chosen(AnyAction),
}

impl From<Value> for Submitted {
    fn from(action: Value) -> Self {
        Submitted::Posted(action)
    }
}

impl From<AnyAction> for Submitted {
    fn from(action: AnyAction) -> Self {
        Submitted::Chosen(action)
    }
}

/// Plays one action of the caller, made on `version` of the match.
///
/// Without a lock ([`unlocked_move`]): the match and the caller as the process keeps them, or
/// read and confirmed by one statement (its copy of the seats gives the caller's seat and the
/// seats of the view), then the step recorded (turn-log row and match update in one
/// statement) if the match row has not changed since; a move that ends the match reads the
/// players' ratings first and writes their new ratings with the step, each only if it has not
/// changed since. If the match or a rating has changed meanwhile, in one transaction ([`move_transaction`]): the match row locked and the caller confirmed in
/// one statement, then the step recorded, sent with `COMMIT`. The view returned is built from
/// what was read and written, without reading the match again.
pub async fn submit_action(
    services: &Services,
    who: impl Into<Caller<'_>>,
    id: Uuid,
    version: i64,
    action: impl Into<Submitted>,
) -> ServiceResult<MatchView> {
    // A move changes its match only, which it forgets itself (`move_transaction`).
    let mut conn = services.conn_keeping().await?;
    let (view, _) = play(&mut conn, services, who.into(), id, version, action.into()).await?;
    Ok(view)
}

/// Plays one action of the caller as [`submit_action`] does, and answers with the match and
/// its whole turn log, as the match page shows them, and the caller as the move's statement
/// confirmed them: the view is built from what the move's transaction read and wrote, and the
/// log is read once the move has committed (one more statement, on the same connection).
pub async fn submit_action_with_turns(
    services: &Services,
    who: impl Into<Caller<'_>>,
    id: Uuid,
    version: i64,
    action: impl Into<Submitted>,
) -> ServiceResult<(MatchWithTurns, Identity)> {
    // A move changes its match only, which it forgets itself (`move_transaction`).
    let mut conn = services.conn_keeping().await?;
    let (view, who) = play(&mut conn, services, who.into(), id, version, action.into()).await?;
    Ok((with_turns(&mut conn, view).await?, who))
}

/// The move itself: played without a lock when it can be ([`unlocked_move`]), else in its
/// transaction ([`move_transaction`]); either leaves the match as it now stands, its state at
/// hand. Answers the caller's view of it, and the caller.
async fn play(
    conn: &mut AsyncPgConnection,
    services: &Services,
    caller: Caller<'_>,
    id: Uuid,
    version: i64,
    action: Submitted,
) -> ServiceResult<(MatchView, Identity)> {
    let clock = &services.settings().clock;
    let started = std::time::Instant::now();
    let unlocked = unlocked_move(conn, services, id, caller, |mut loaded, who| {
        let now = clock.now();
        let (state, step, events) = apply(&mut loaded, who, version, action.clone(), now)?;
        work_out_going_step(loaded, state, step, events, now)
    })
    .await?;
    let (loaded, who) = match unlocked {
        Some(played) => played,
        None => {
            let mut mover = None;
            let loaded = move_transaction(conn, services, id, caller, async |conn, row, who| {
                let now = clock.now();
                let mut locked = Loaded::new(row)?;
                let (state, step, events) = apply(&mut locked, &who, version, action, now)?;
                mover = Some(who);
                work_out_step(conn, locked, state, step, events, now).await
            })
            .await?;
            let who =
                mover.ok_or_else(|| ServiceError::internal("a move without its caller", id))?;
            (loaded, who)
        }
    };
    tracing::debug!(
        match.id = %id,
        user.id = %who.user_id,
        duration_ms = started.elapsed().as_millis() as u64,
        "action applied"
    );
    let view = view_of(conn, loaded, Some(&who)).await?;
    Ok((view, who))
}

/// Checks the caller's action, made on `version`, against the match as read, and applies it
/// to its state: the state after it, the step and its events.
fn apply(
    loaded: &mut Loaded,
    who: &Identity,
    version: i64,
    action: Submitted,
    now: OffsetDateTime,
) -> ServiceResult<(AnyState, Step, Vec<AnyEvent>)> {
    let seat = loaded
        .acting_seat_of(who.user_id)
        .ok_or(ServiceError::NotAPlayer)?;
    let row = &loaded.row;
    if row.version != version {
        return Err(ServiceError::VersionConflict {
            submitted: version,
            current: row.version,
        });
    }
    if row.status()? != MatchStatus::Active {
        return Err(ServiceError::MatchNotActive);
    }
    // The deadline is the player to act's, read with the row: once it has passed, the move is
    // too late, and the clock's next pass records the time-out.
    if row.deadline.is_some_and(|deadline| deadline <= now) {
        return Err(ServiceError::DeadlinePassed);
    }
    let mut state = loaded.take_state()?;
    if state.turn() != (Turn::Seat { seat }) {
        return Err(ServiceError::NotYourTurn);
    }
    let action = match action {
        Submitted::Posted(json) => state.read_action(json).map_err(illegal)?,
        Submitted::Chosen(action) => action,
    };
    let events = state.apply(seat, &action).map_err(illegal)?;
    let step = Step {
        kind: TurnKind::Action,
        seat: Some(seat),
        action: Some(action),
        notify_after_commit: true,
    };
    Ok((state, step, events))
}

/// Why the rules refused an action, as the service says it.
fn illegal(refusal: tapis_games::ActionError) -> ServiceError {
    match refusal {
        tapis_games::ActionError::NotYourTurn => ServiceError::NotYourTurn,
        // The error's own text already says "illegal action": keep only the reason.
        tapis_games::ActionError::Illegal(reason) => {
            ServiceError::IllegalAction(reason.into_owned())
        }
        other => ServiceError::IllegalAction(other.to_string()),
    }
}

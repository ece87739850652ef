//! Working out a step of a match once its decision has been applied: the chance steps that
//! follow from the match's dice stream, the clock, and, when the game is over, the result, the
//! final ranks and the rating changes.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use tapis_games::{AnyAction, AnyEvent, AnyState, Outcome, Turn};
use time::OffsetDateTime;

use super::record::result_reason;
use super::row::{Loaded, MatchRow, Seated, stored_seat, to_act};
use super::views::{ChanceRecord, MatchResult, MatchStatus, RankingEntry, TurnKind};
use crate::ratings::{self, FinalSeat};
use crate::schema::match_seats;
use crate::{ServiceError, ServiceResult, fairness};

/// The most chance steps the rules may ask for in a row before we call it a bug.
pub(super) const MAX_CHANCE_STEPS: usize = 10_000;

/// Resolves every chance step now due from the match's dice stream.
pub(super) fn resolve_chance(
    state: &mut AnyState,
    seed: &[u8],
    chance_count: &mut i64,
    records: &mut Vec<ChanceRecord>,
    events: &mut Vec<AnyEvent>,
) -> ServiceResult<()> {
    for _ in 0..MAX_CHANCE_STEPS {
        let Turn::Chance { chance } = state.turn() else {
            return Ok(());
        };
        // A negative counter is corrupt data: reading it as 0 would throw the first dice again.
        let k = u64::try_from(*chance_count).map_err(|_| {
            ServiceError::internal("the stored chance counter is negative", *chance_count)
        })?;
        let values = fairness::chance_values(seed, k, &chance);
        let produced = state
            .apply_chance(&values)
            .map_err(|e| ServiceError::internal("the rules refused their own chance step", e))?;
        events.extend(produced);
        records.push(ChanceRecord { k, values });
        *chance_count += 1;
    }
    Err(ServiceError::internal(
        "chance steps did not come to an end",
        MAX_CHANCE_STEPS,
    ))
}

/// The decision recorded in a turn-log row.
pub(super) struct Step {
    pub(super) kind: TurnKind,
    pub(super) seat: Option<usize>,
    pub(super) action: Option<AnyAction>,
    /// Whether the caller notifies the change itself after the commit
    /// ([`NotifyCommitted`](super::store::NotifyCommitted)) rather than through the trigger,
    /// in the transaction.
    pub(super) notify_after_commit: bool,
}

/// A step worked out under the lock of its match and not yet written: the match as it will
/// stand, and the turn-log row that records the step. Everything else the step changes (the
/// final ranks, the rating changes) is written already, in the same transaction: writing the
/// step is the transaction's last statement.
pub(super) struct PendingStep {
    /// The match once the step is written, its state at hand.
    pub(super) after: Loaded,
    pub(super) seat: Option<i16>,
    pub(super) kind: TurnKind,
    pub(super) action: Option<Value>,
    pub(super) chance: Value,
    pub(super) events: Value,
    pub(super) notify_after_commit: bool,
}

/// Works out a step once its decision has been applied to `state`: resolves the chance steps
/// that follow, and if the game is over, records the result (the final ranks and the rating
/// changes). The caller holds the lock on the match row and writes the step
/// ([`PendingStep::write`]) last. `now` is the time of the step.
///
/// The clock of the player to act next starts with the match's whole time per move; if they
/// are on vacation it starts paused ([`crate::time::vacation`]), to run when they return.
pub(super) async fn work_out_step(
    conn: &mut AsyncPgConnection,
    before: Loaded,
    mut state: AnyState,
    step: Step,
    mut events: Vec<AnyEvent>,
    now: OffsetDateTime,
) -> ServiceResult<PendingStep> {
    let Loaded { row, mut seats, .. } = before;
    let mut chance_count = row.chance_count;
    let mut records = Vec::new();
    resolve_chance(
        &mut state,
        &row.seed,
        &mut chance_count,
        &mut records,
        &mut events,
    )?;
    let outcome = state.outcome();
    let next = to_act(&state);
    let to_act_seat = next.map(stored_seat).transpose()?;
    let (deadline, paused_time_left_us) = match (&outcome, next, row.days_per_move) {
        (None, Some(seat), Some(days)) => {
            let time_per_move = time::Duration::days(i64::from(days));
            if row.vacation_of(seat).is_some() {
                let us = i64::try_from(time_per_move.whole_microseconds())
                    .map_err(|_| ServiceError::internal("the time per move does not fit", days))?;
                (None, Some(us))
            } else {
                (Some(now + time_per_move), None)
            }
        }
        _ => (None, None),
    };
    let result = match &outcome {
        Some(outcome) => Some(result_of(conn, &row, &seats, step.kind, outcome, now).await?),
        None => None,
    };
    let status = if outcome.is_some() {
        MatchStatus::Finished
    } else {
        MatchStatus::Active
    };
    let encoding = |e: serde_json::Error| ServiceError::internal("cannot encode a turn", e);
    let result_json = result
        .as_ref()
        .map(serde_json::to_value)
        .transpose()
        .map_err(encoding)?;
    let chance_json = serde_json::to_value(&records).map_err(encoding)?;
    let action_json = step
        .action
        .as_ref()
        .map(serde_json::to_value)
        .transpose()
        .map_err(encoding)?;
    let events_json = serde_json::to_value(&events).map_err(encoding)?;
    if let Some(result) = &result {
        for entry in &result.ranking {
            diesel::update(
                match_seats::table
                    .filter(match_seats::match_id.eq(row.id))
                    .filter(match_seats::seat.eq(stored_seat(entry.seat)?)),
            )
            .set((
                match_seats::rank.eq(stored_seat(entry.rank)?),
                match_seats::score.eq(entry.score),
            ))
            .execute(conn)
            .await?;
            if let Some(seat) = seats.iter_mut().find(|s| s.view.seat == entry.seat) {
                seat.view.rank = Some(entry.rank);
                seat.view.score = Some(entry.score);
            }
        }
        tracing::info!(match.id = %row.id, reason = %result.reason, "match finished");
    }
    let started_at = if step.kind == TurnKind::Start {
        Some(now)
    } else {
        row.started_at
    };
    let finished_at = if result.is_some() {
        Some(now)
    } else {
        row.finished_at
    };
    let row = MatchRow {
        state: Some(state.to_json()),
        status: status.as_str().to_owned(),
        version: row.version + 1,
        chance_count,
        to_act_seat,
        deadline,
        paused_time_left_us,
        result: result_json,
        started_at,
        finished_at,
        updated_at: now,
        turn_count: row.turn_count + 1,
        ..row
    };
    Ok(PendingStep {
        after: Loaded {
            row,
            seats,
            result,
            state: Some(state),
        },
        seat: step.seat.map(stored_seat).transpose()?,
        kind: step.kind,
        action: action_json,
        chance: chance_json,
        events: events_json,
        notify_after_commit: step.notify_after_commit,
    })
}

/// The result of a match that just ended by a step of `kind`, with the rating changes it made
/// if it is rated (applied here, in the transaction that ends the match).
pub(super) async fn result_of(
    conn: &mut AsyncPgConnection,
    row: &MatchRow,
    seats: &[Seated],
    kind: TurnKind,
    outcome: &Outcome,
    now: OffsetDateTime,
) -> ServiceResult<MatchResult> {
    let mut ranking = Vec::with_capacity(outcome.ranking.len());
    let mut final_seats = Vec::with_capacity(outcome.ranking.len());
    for placing in &outcome.ranking {
        let seated = seats
            .iter()
            .find(|s| s.view.seat == placing.seat)
            .ok_or_else(|| ServiceError::internal("a ranked seat is empty", placing.seat))?;
        ranking.push(RankingEntry {
            seat: placing.seat,
            username: seated.view.username.clone(),
            rank: placing.rank,
            score: placing.score,
            rating_before: None,
            rating_after: None,
        });
        final_seats.push(FinalSeat {
            seat: placing.seat,
            user_id: seated.user_id,
            rank: placing.rank,
        });
    }
    let changes =
        ratings::record_match(conn, row.id, row.game_id()?, row.rated, &final_seats, now).await?;
    if let Some(changes) = changes {
        for (entry, change) in ranking.iter_mut().zip(changes) {
            entry.rating_before = Some(change.before);
            entry.rating_after = Some(change.after);
        }
    }
    Ok(MatchResult {
        ranking,
        reason: result_reason(kind, outcome).to_owned(),
    })
}

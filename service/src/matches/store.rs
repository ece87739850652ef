//! The store of a step: the statement that records it (turn-log row and match update in one),
//! written in the caller's transaction ([`advance`]) or, for a move, in a transaction of two
//! round trips ([`move_transaction`]); a move's notification is sent after it commits, off
//! the request ([`super::notices`]).

use diesel::connection::TransactionDepthChange;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::HasSqlType;
use diesel_async::{
    AnsiTransactionManager, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection,
    TransactionManager,
};
use serde_json::Value;
use tapis_games::{AnyEvent, AnyState};
use time::OffsetDateTime;
use uuid::Uuid;

use super::row::{Loaded, MatchRow, row_as};
use super::step::{PendingStep, Step, work_out_step};
use crate::db::json_text::JsonText;
use crate::identity::caller::Identity;
use crate::identity::credentials::Caller;
use crate::schema::matches;
use crate::{ServiceError, ServiceResult, Services};

/// The statement that records a step of a match: it updates the match row (snapshot,
/// version, dice used, clock, result) if the match is still at the version the step was
/// worked out from, and then appends the turn-log row, numbered after the last one (the match
/// counts them), in one statement: the turn row is written only with the update, so the
/// statement writes both or nothing, and says which by the rows it inserts (1 or 0).
///
/// The version check makes the write right on its own, whatever else the transaction holds:
/// a move sends it together with `COMMIT` ([`move_transaction`]), and the first time a
/// connection uses it, preparing it lets `COMMIT` overtake it, so that it then runs on its
/// own, after the lock was released. Written out rather than built with Diesel's DSL because
/// Diesel never keeps an `UPDATE` prepared (it prepares it anew on every execution); this text
/// never changes, so it is prepared once per connection and cached by its type. As the
/// version changes, the `matches_notify` trigger tells the other server processes, unless
/// `notify_after_commit` says the caller does it after the commit (it sets `tapis.notify` for
/// the trigger's condition).
pub(super) struct RecordStep<'a> {
    match_id: Uuid,
    /// The version the step was worked out from: the update applies only to it.
    from_version: i64,
    /// The number of the new turn-log row: the match's `turn_count`, read under the lock.
    seq: i64,
    seat: Option<i16>,
    kind: &'a str,
    action: Option<&'a Value>,
    chance: &'a Value,
    events: &'a Value,
    at: OffsetDateTime,
    state: Option<&'a JsonText>,
    status: &'a str,
    version: i64,
    chance_count: i64,
    to_act_seat: Option<i16>,
    deadline: Option<OffsetDateTime>,
    paused_time_left_us: Option<i64>,
    moved_seats: i32,
    result: Option<&'a Value>,
    started_at: Option<OffsetDateTime>,
    finished_at: Option<OffsetDateTime>,
    /// The caller has the change notified once the transaction has committed
    /// ([`MoveNotices`](super::notices::MoveNotices)): the trigger stays silent for it.
    notify_after_commit: bool,
}

impl QueryId for RecordStep<'_> {
    type QueryId = RecordStep<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Pg> for RecordStep<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        use diesel::sql_types::{BigInt, Integer, Jsonb, Nullable, SmallInt, Text, Timestamptz};
        type SqlUuid = diesel::sql_types::Uuid;
        sql_then_bind::<BigInt, _>(
            &mut out,
            "WITH updated AS (UPDATE matches SET turn_count = ",
            &self.seq,
        )?;
        sql_then_bind::<Nullable<Jsonb>, _>(&mut out, " + 1, state = ", &self.state)?;
        sql_then_bind::<Text, _>(&mut out, ", status = ", self.status)?;
        sql_then_bind::<BigInt, _>(&mut out, ", version = ", &self.version)?;
        sql_then_bind::<BigInt, _>(&mut out, ", chance_count = ", &self.chance_count)?;
        sql_then_bind::<Nullable<SmallInt>, _>(&mut out, ", to_act_seat = ", &self.to_act_seat)?;
        sql_then_bind::<Nullable<Timestamptz>, _>(&mut out, ", deadline = ", &self.deadline)?;
        sql_then_bind::<Nullable<BigInt>, _>(
            &mut out,
            ", paused_time_left_us = ",
            &self.paused_time_left_us,
        )?;
        sql_then_bind::<Integer, _>(&mut out, ", moved_seats = ", &self.moved_seats)?;
        sql_then_bind::<Nullable<Jsonb>, _>(&mut out, ", result = ", &self.result)?;
        sql_then_bind::<Timestamptz, _>(&mut out, ", updated_at = ", &self.at)?;
        sql_then_bind::<Nullable<Timestamptz>, _>(&mut out, ", started_at = ", &self.started_at)?;
        sql_then_bind::<Nullable<Timestamptz>, _>(&mut out, ", finished_at = ", &self.finished_at)?;
        sql_then_bind::<SqlUuid, _>(&mut out, " WHERE id = ", &self.match_id)?;
        sql_then_bind::<BigInt, _>(&mut out, " AND version = ", &self.from_version)?;
        // Evaluated before the row is updated, hence before the trigger's condition reads it;
        // transaction-local, so it ends with the transaction.
        out.push_sql(" AND set_config('tapis.notify', ");
        let notify = if self.notify_after_commit {
            "after_commit"
        } else {
            "in_transaction"
        };
        out.push_bind_param::<Text, _>(notify)?;
        out.push_sql(
            ", true) IS NOT NULL RETURNING id) INSERT INTO turns (match_id, seq, version, \
             seat, kind, action, chance, events, at) SELECT id, ",
        );
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        sql_then_bind::<BigInt, _>(&mut out, ", ", &self.version)?;
        sql_then_bind::<Nullable<SmallInt>, _>(&mut out, ", ", &self.seat)?;
        sql_then_bind::<Text, _>(&mut out, ", ", self.kind)?;
        sql_then_bind::<Nullable<Jsonb>, _>(&mut out, ", ", &self.action)?;
        sql_then_bind::<Jsonb, _>(&mut out, ", ", self.chance)?;
        sql_then_bind::<Jsonb, _>(&mut out, ", ", self.events)?;
        sql_then_bind::<Timestamptz, _>(&mut out, ", ", &self.at)?;
        out.push_sql(" FROM updated");
        Ok(())
    }
}

/// Pushes `sql` to `out`, then `value` as a bind parameter of SQL type `ST`.
fn sql_then_bind<'b, ST, U>(
    out: &mut AstPass<'_, 'b, Pg>,
    sql: &str,
    value: &'b U,
) -> QueryResult<()>
where
    Pg: HasSqlType<ST>,
    U: ToSql<ST, Pg> + ?Sized,
{
    out.push_sql(sql);
    out.push_bind_param::<ST, U>(value)
}

impl PendingStep {
    /// Whether the step ends the match (its transaction wrote the result and the ratings).
    pub(super) fn ends_match(&self) -> bool {
        self.after.result.is_some()
    }

    pub(super) fn statement(&self) -> RecordStep<'_> {
        let row = &self.after.row;
        RecordStep {
            match_id: row.id,
            from_version: row.version - 1,
            seq: row.turn_count - 1,
            seat: self.seat,
            kind: self.kind.as_str(),
            action: self.action.as_ref(),
            chance: &self.chance,
            events: &self.events,
            at: row.updated_at,
            state: row.state.as_ref(),
            status: &row.status,
            version: row.version,
            chance_count: row.chance_count,
            to_act_seat: row.to_act_seat,
            deadline: row.deadline,
            paused_time_left_us: row.paused_time_left_us,
            moved_seats: row.moved_seats,
            result: row.result.as_ref(),
            started_at: row.started_at,
            finished_at: row.finished_at,
            notify_after_commit: self.notify_after_commit,
        }
    }

    /// Writes the step: `Ok(false)` when the match is no longer at the version the step was
    /// worked out from, and nothing was written.
    pub(super) async fn write(&self, conn: &mut AsyncPgConnection) -> ServiceResult<bool> {
        written(self.statement().execute(conn).await?)
    }
}

/// What the statement recording a step says it did: 1 row (written) or 0 (the version moved).
pub(super) fn written(inserted: usize) -> ServiceResult<bool> {
    match inserted {
        0 => Ok(false),
        1 => Ok(true),
        more => Err(ServiceError::internal(
            "a step appended several turn rows",
            more,
        )),
    }
}

/// After a decision has been applied to `state`: resolves the chance steps that follow,
/// records the result (and the rating changes) if the game is over, appends the turn-log row
/// and updates the match. Returns the match as it now stands, its state at hand.
pub(super) async fn advance(
    conn: &mut AsyncPgConnection,
    before: Loaded,
    state: AnyState,
    step: Step,
    events: Vec<AnyEvent>,
    now: OffsetDateTime,
) -> ServiceResult<Loaded> {
    let pending = work_out_step(conn, before, state, step, events, now).await?;
    if !pending.write(conn).await? {
        // The caller holds the lock on the match row: its version cannot have moved.
        return Err(ServiceError::internal(
            "the match row changed under its lock",
            pending.after.row.id,
        ));
    }
    Ok(pending.after)
}

/// The transaction of a move, in two round trips to the database instead of four: `BEGIN` is
/// sent together with the statement that locks the match row, and the statement that writes
/// the move together with `COMMIT`. In between, `body` checks the move on the locked row and
/// works it out ([`work_out_step`](super::step::work_out_step)). If anything fails, the
/// transaction is rolled back, nothing is notified and the error is returned as
/// `AsyncConnection::transaction` returns it. Once the move has committed, its match is
/// handed to this process's [`MoveNotices`](super::notices::MoveNotices), which notifies the
/// other server processes in a transaction of its own, after the reply if need be.
///
/// Pipelining: diesel-async sends a statement when its future is first polled, and
/// `futures_util`'s `join` polls its futures in order, so PostgreSQL receives `BEGIN` (a
/// simple query, sent at once) before the `SELECT ... FOR UPDATE`, and the write before
/// `COMMIT`; it runs them in the order received, and answers them in one go. The one
/// exception is a statement's first use on a connection: it is prepared first (one more round
/// trip), so the statements sent along with it overtake it. The write is right either way: it
/// applies only to the version the move was worked out from ([`RecordStep`]), so if `COMMIT`
/// overtook it, it runs on its own just after, and writes nothing if another move got in
/// between (a 409, as if it had lost the lock). A move that ends the match is written before
/// `COMMIT` is sent: the result and the ratings are in the same transaction.
///
/// If the write fails in the transaction, PostgreSQL answers the `COMMIT` that follows with a
/// rollback: nothing was written, and nothing is notified.
///
/// Why not `AsyncConnection::transaction`: it waits for the answer to `BEGIN` before the
/// closure runs, and for the answer to `COMMIT` before anything else is sent. This function
/// keeps diesel-async's transaction manager in step instead, so that the pool never hands out
/// a connection left inside a transaction: the manager counts the transaction as open from
/// before `BEGIN` is sent until `COMMIT` or `ROLLBACK` has been answered. If this future is
/// dropped in between (the client hung up), or `COMMIT` fails, the manager says the connection
/// is in a transaction or in error, and the pool closes it rather than reuse it (deadpool's
/// recycle check, `is_broken`). The transaction manager's status is diesel's API for
/// connection implementations, handed out by diesel-async's
/// `TransactionManager::transaction_manager_status_mut`.
pub(super) async fn move_transaction(
    conn: &mut AsyncPgConnection,
    services: &Services,
    id: Uuid,
    caller: Caller<'_>,
    body: impl AsyncFnOnce(&mut AsyncPgConnection, MatchRow, Identity) -> ServiceResult<PendingStep>,
) -> ServiceResult<Loaded> {
    enter_transaction(conn)?;
    let done = async {
        let (row, who) = begin_and_lock(conn, services, id, caller).await?;
        let pending = body(&mut *conn, row, who).await?;
        // A move that ends the match is written in the transaction, before `COMMIT` is sent.
        let written_before = write_if_ending(conn, id, &pending).await?;
        Ok((pending, written_before))
    };
    let (pending, written_before) = match done.await {
        Ok(done) => done,
        Err(error) => return Err(roll_back(conn, error).await),
    };
    if !commit_move(conn, &pending, written_before).await? {
        // `COMMIT` overtook the write (its first use on this connection) and another move of
        // the match got in between: this one lost the race, as if it had waited for the lock.
        let current = matches::table
            .find(id)
            .select(matches::version)
            .first::<i64>(conn)
            .await?;
        return Err(ServiceError::VersionConflict {
            submitted: pending.after.row.version - 1,
            current,
        });
    }
    // Forgotten here at once (`db::kept`), and told to the other server processes once it
    // has committed, off the request.
    services.reads().forget_match(id);
    services.move_notices().moved(&services.pool, id);
    Ok(pending.after)
}

/// Counts the transaction of a move as open in the connection's transaction manager, before
/// its `BEGIN` is sent (see [`move_transaction`]); fails if one is open already.
fn enter_transaction(conn: &mut AsyncPgConnection) -> ServiceResult<()> {
    let state = transaction_status(conn).transaction_state()?;
    if state.transaction_depth().is_some() {
        return Err(diesel::result::Error::AlreadyInTransaction.into());
    }
    state.change_transaction_depth(TransactionDepthChange::IncreaseDepth)?;
    Ok(())
}

/// Sends `BEGIN` together with the statement that locks the row of match `id` and confirms the
/// caller ([`row_as`]), in one round trip; reads the row and the caller.
async fn begin_and_lock(
    conn: &mut AsyncPgConnection,
    services: &Services,
    id: Uuid,
    caller: Caller<'_>,
) -> ServiceResult<(MatchRow, Identity)> {
    let (mut first, second) = (&*conn, &*conn);
    // The lock is sent when its future is first polled, after `BEGIN` (see `move_transaction`).
    let lock = row_as(
        second,
        services,
        id,
        Some(caller),
        true,
        services.reads().ticket(),
    );
    let (begun, locked) = futures_util::future::join(first.batch_execute("BEGIN"), lock).await;
    begun?;
    let (row, who) = locked?;
    let who = who.ok_or_else(|| ServiceError::internal("a move without its caller", id))?;
    Ok((row, who))
}

/// Writes `pending` now, in the transaction, if it ends the match (its result and ratings are
/// written in the transaction already): whether it was written.
async fn write_if_ending(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    pending: &PendingStep,
) -> ServiceResult<bool> {
    if !pending.ends_match() {
        return Ok(false);
    }
    if pending.write(conn).await? {
        Ok(true)
    } else {
        Err(ServiceError::internal(
            "the match row changed under its lock",
            id,
        ))
    }
}

/// Rolls back the transaction of a move that failed with `error`, and returns the error as
/// `AsyncConnection::transaction` does: the error of the body, unless the rollback fails (the
/// transaction manager then marks the connection broken).
async fn roll_back(conn: &mut AsyncPgConnection, error: ServiceError) -> ServiceError {
    match AnsiTransactionManager::rollback_transaction(conn).await {
        Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => error,
        Err(rollback) => rollback.into(),
    }
}

/// Sends the statement that writes the move (unless `written_before`) together with `COMMIT`,
/// in one round trip, and closes the transaction in the connection's transaction manager:
/// whether the move was written.
async fn commit_move(
    conn: &mut AsyncPgConnection,
    pending: &PendingStep,
    written_before: bool,
) -> ServiceResult<bool> {
    let (mut first, mut second) = (&*conn, &*conn);
    let record = pending.statement();
    let write = async {
        if written_before {
            Ok(true)
        } else {
            written(record.execute(&mut first).await?)
        }
    };
    let (written, committed) =
        futures_util::future::join(write, second.batch_execute("COMMIT")).await;
    match committed {
        Ok(()) => transaction_status(conn)
            .transaction_state()?
            .change_transaction_depth(TransactionDepthChange::DecreaseDepth)?,
        Err(e) => {
            // Whatever state the connection is in, it is not reused. A `COMMIT` fails only
            // when the database does (version conflicts and illegal moves are found before,
            // and rolled back).
            transaction_status(conn).set_in_error();
            return Err(e.into());
        }
    }
    written
}

/// The status of the transaction manager of a connection (see [`move_transaction`]).
pub(super) fn transaction_status(
    conn: &mut AsyncPgConnection,
) -> &mut diesel::connection::TransactionManagerStatus {
    <AnsiTransactionManager as TransactionManager<AsyncPgConnection>>::transaction_manager_status_mut(
        conn,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clock;

    fn sql_of(step: &RecordStep<'_>) -> String {
        let shown = diesel::debug_query::<Pg, _>(step).to_string();
        match shown.split_once(" -- binds: ") {
            Some((sql, _)) => sql.to_owned(),
            None => shown,
        }
    }

    #[test]
    fn the_record_step_statement_has_one_text_whatever_the_values() {
        // It is cached by its type: its text must not depend on the values bound.
        let state = JsonText::from(String::from(r#"{"a": 1}"#));
        let (chance, events) = (Value::Null, Value::Null);
        let action = serde_json::json!({"type": "roll"});
        let result = serde_json::json!({"ranking": []});
        let now = Clock::system().now();
        let start = RecordStep {
            match_id: Uuid::nil(),
            from_version: 0,
            seq: 0,
            seat: None,
            kind: "start",
            action: None,
            chance: &chance,
            events: &events,
            at: now,
            state: Some(&state),
            status: "active",
            version: 1,
            chance_count: 0,
            to_act_seat: Some(0),
            deadline: None,
            paused_time_left_us: None,
            moved_seats: 0,
            result: None,
            started_at: Some(now),
            finished_at: None,
            notify_after_commit: false,
        };
        let last = RecordStep {
            from_version: 6,
            seq: 7,
            seat: Some(1),
            kind: "action",
            action: Some(&action),
            moved_seats: 0b10,
            to_act_seat: None,
            deadline: Some(now),
            result: Some(&result),
            started_at: None,
            finished_at: Some(now),
            notify_after_commit: true,
            ..start
        };
        let sql = sql_of(&start);
        assert_eq!(sql, sql_of(&last));
        assert!(sql.starts_with("WITH updated AS (UPDATE matches"), "{sql}");
        assert!(sql.contains("AND version = $15"), "{sql}");
        assert!(sql.ends_with(" FROM updated"), "{sql}");
        assert!(sql.contains("$24") && !sql.contains("$25"), "{sql}");
        assert!(RecordStep::query_id().is_some());
    }
}

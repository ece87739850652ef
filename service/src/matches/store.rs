//! The store of a step: the statement that records it (turn-log row and match update in one),
//! written in the caller's transaction ([`advance`]) or, for a move, in a transaction of two
//! round trips ([`move_transaction`]); a move's notification is sent after it commits, off
//! the request ([`super::notices`]).

use std::sync::Arc;

use diesel::connection::TransactionDepthChange;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel_async::{
    AnsiTransactionManager, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection,
    TransactionManager,
};
use serde_json::Value;
use tapis_games::{AnyEvent, AnyState};
use time::OffsetDateTime;
use uuid::Uuid;

use super::read::{KeptMatch, kept_read};
use super::row::{Loaded, MatchRow, row_as};
use super::step::{Ending, PendingStep, Step, WorkedStep, work_out_step};
use crate::db::fragment::sql_then_bind;
use crate::db::json_text::JsonText;
use crate::db::kept::Ticket;
use crate::identity::caller::Identity;
use crate::identity::credentials::Caller;
use crate::ratings::RatingsRead;
use crate::schema::matches;
use crate::{ServiceError, ServiceResult, Services};

/// The statement that records a step of a match: it updates the match row (snapshot,
/// version, dice used, clock, result) if the match is still at the version the step was
/// worked out from, and then appends the turn-log row, numbered after the last one (the match
/// counts them), in one statement: the turn row is written only with the update, so the
/// statement writes both or nothing, and answers the row's new `xmin` ([`MatchRow::stamp`])
/// if it wrote them, nothing if not. A move worked out without a lock ([`unlocked_move`])
/// also gives the stamp of the row it read: the row is updated only if it is still that row.
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
    /// The `xmin` of the row the step was worked out from, when it was read without a lock.
    stamp: Option<&'a str>,
    /// The caller has the change notified once the transaction has committed
    /// ([`MoveNotices`](super::notices::MoveNotices)): the trigger stays silent for it.
    notify_after_commit: bool,
}

impl QueryId for RecordStep<'_> {
    type QueryId = RecordStep<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl diesel::query_builder::Query for RecordStep<'_> {
    type SqlType = diesel::sql_types::Text;
}

impl QueryFragment<Pg> for RecordStep<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.push_ctes(&mut out)?;
        out.push_sql(" SELECT stamp FROM updated");
        Ok(())
    }
}

/// The statement that records a step that ends its match: [`RecordStep`]'s, which also writes
/// the seats' final ranks and the players' ratings with their history ([`Ending`]), only with
/// the match row. It answers the row's new stamp and the rows it wrote of `match_seats`,
/// `ratings` and `rating_history`, or nothing if the match had changed. Its text is the same
/// whether the match is rated or not, so that it stays prepared.
struct RecordEnding<'a> {
    step: RecordStep<'a>,
    ending: &'a Ending,
}

impl QueryId for RecordEnding<'_> {
    type QueryId = RecordEnding<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl diesel::query_builder::Query for RecordEnding<'_> {
    type SqlType = (
        diesel::sql_types::Text,
        diesel::sql_types::BigInt,
        diesel::sql_types::BigInt,
        diesel::sql_types::BigInt,
    );
}

impl QueryFragment<Pg> for RecordEnding<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.step.push_ctes(&mut out)?;
        self.ending.push_ctes(&mut out)?;
        out.push_sql(
            " SELECT stamp, (SELECT count(*) FROM ranked), (SELECT count(*) FROM rated), \
             (SELECT count(*) FROM history) FROM updated",
        );
        Ending::push_check(&mut out);
        Ok(())
    }
}

impl<'a> RecordStep<'a> {
    /// The statement's common table expressions: `updated` (the match row, returning its `id`
    /// and new `stamp`) and `inserted` (the turn-log row).
    fn push_ctes<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        use diesel::sql_types::{
            BigInt, Integer, Json, Jsonb, Nullable, SmallInt, Text, Timestamptz,
        };
        type SqlUuid = diesel::sql_types::Uuid;
        sql_then_bind::<BigInt, _>(
            out,
            "WITH updated AS (UPDATE matches SET turn_count = ",
            &self.seq,
        )?;
        sql_then_bind::<Nullable<Json>, _>(out, " + 1, state = ", &self.state)?;
        sql_then_bind::<Text, _>(out, ", status = ", self.status)?;
        sql_then_bind::<BigInt, _>(out, ", version = ", &self.version)?;
        sql_then_bind::<BigInt, _>(out, ", chance_count = ", &self.chance_count)?;
        sql_then_bind::<Nullable<SmallInt>, _>(out, ", to_act_seat = ", &self.to_act_seat)?;
        sql_then_bind::<Nullable<Timestamptz>, _>(out, ", deadline = ", &self.deadline)?;
        sql_then_bind::<Nullable<BigInt>, _>(
            out,
            ", paused_time_left_us = ",
            &self.paused_time_left_us,
        )?;
        sql_then_bind::<Integer, _>(out, ", moved_seats = ", &self.moved_seats)?;
        sql_then_bind::<Nullable<Jsonb>, _>(out, ", result = ", &self.result)?;
        sql_then_bind::<Timestamptz, _>(out, ", updated_at = ", &self.at)?;
        sql_then_bind::<Nullable<Timestamptz>, _>(out, ", started_at = ", &self.started_at)?;
        sql_then_bind::<Nullable<Timestamptz>, _>(out, ", finished_at = ", &self.finished_at)?;
        sql_then_bind::<SqlUuid, _>(out, " WHERE id = ", &self.match_id)?;
        sql_then_bind::<BigInt, _>(out, " AND version = ", &self.from_version)?;
        sql_then_bind::<Nullable<Text>, _>(out, " AND xmin::text = coalesce(", &self.stamp)?;
        out.push_sql(", xmin::text)");
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
            ", true) IS NOT NULL RETURNING id, xmin::text AS stamp), \
             inserted AS (INSERT INTO turns (match_id, seq, version, \
             seat, kind, action, chance, events, at) SELECT id, ",
        );
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        sql_then_bind::<BigInt, _>(out, ", ", &self.version)?;
        sql_then_bind::<Nullable<SmallInt>, _>(out, ", ", &self.seat)?;
        sql_then_bind::<Text, _>(out, ", ", self.kind)?;
        sql_then_bind::<Nullable<Json>, _>(out, ", ", &self.action)?;
        sql_then_bind::<Json, _>(out, ", ", self.chance)?;
        sql_then_bind::<Json, _>(out, ", ", self.events)?;
        sql_then_bind::<Timestamptz, _>(out, ", ", &self.at)?;
        out.push_sql(" FROM updated)");
        Ok(())
    }
}

impl PendingStep {
    /// Whether the step ends the match (its transaction wrote the result and the ratings).
    pub(super) fn ends_match(&self) -> bool {
        self.after.result.is_some()
    }

    /// The statement that writes the step; `unlocked`: the match was read without a lock, and
    /// is written only if its row is still as read.
    pub(super) fn statement(&self, unlocked: bool) -> RecordStep<'_> {
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
            // The row after the step keeps the stamp of the row it was worked out from.
            stamp: unlocked.then_some(row.stamp.as_str()),
            notify_after_commit: self.notify_after_commit,
        }
    }

    /// Writes the step, under the lock of its match (or `unlocked`, see [`Self::statement`]):
    /// the row's new stamp, or `None` when the match is no longer at the version (or the row)
    /// the step was worked out from, and nothing was written.
    pub(super) async fn write(
        &self,
        conn: &mut AsyncPgConnection,
        unlocked: bool,
    ) -> ServiceResult<Option<String>> {
        let Some(ending) = &self.ending else {
            return written(self.statement(unlocked).get_results(conn).await?);
        };
        let statement = RecordEnding {
            step: self.statement(unlocked),
            ending,
        };
        let rows: Vec<(String, i64, i64, i64)> = match statement.get_results(conn).await {
            Ok(rows) => rows,
            // Read without a lock, a rating changed since (another ending of one of the
            // players): nothing was written, and the move is to be played under the lock.
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::SerializationFailure,
                _,
            )) if unlocked => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        let mut stamps = Vec::with_capacity(rows.len());
        for (stamp, ranked, rated, history) in rows {
            ending.check_written(ranked, rated, history)?;
            stamps.push(stamp);
        }
        written(stamps)
    }

    /// The match as written, stamped with its new `xmin`.
    fn written_as(mut self, stamp: String) -> Loaded {
        self.after.row.stamp = stamp;
        self.after
    }
}

/// What the statement recording a step says it did: the row's new stamp (written), or nothing
/// (the match had changed).
fn written(stamps: Vec<String>) -> ServiceResult<Option<String>> {
    let mut stamps = stamps.into_iter();
    match (stamps.next(), stamps.next()) {
        (stamp, None) => Ok(stamp),
        (Some(_), Some(_)) | (None, Some(_)) => Err(ServiceError::internal(
            "a step updated several match rows",
            "",
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
    match pending.write(conn, false).await? {
        Some(stamp) => Ok(pending.written_as(stamp)),
        // The caller holds the lock on the match row: its version cannot have moved.
        None => Err(ServiceError::internal(
            "the match row changed under its lock",
            pending.after.row.id,
        )),
    }
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
    // Taken before the match is read: the row written is kept only if nothing was told of
    // the match since (`db::kept`).
    let ticket = services.reads().ticket_for(id);
    enter_transaction(conn)?;
    let done = async {
        let (row, who) = begin_and_lock(conn, services, id, caller, ticket).await?;
        let pending = body(&mut *conn, row, who).await?;
        // A move that ends the match is written in the transaction, before `COMMIT` is sent.
        let written_before = write_if_ending(conn, id, &pending).await?;
        Ok((pending, written_before))
    };
    let (pending, written_before) = match done.await {
        Ok(done) => done,
        Err(error) => return Err(roll_back(conn, error).await),
    };
    let Some(stamp) = commit_move(conn, &pending, written_before).await? else {
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
    };
    Ok(moved(services, ticket, pending.written_as(stamp)))
}

/// A move played without a lock, when it can be: the caller's action is checked and worked
/// out by `body` on the match as the process keeps it or as one statement reads it (with the
/// caller, [`row_as`]), and written by one statement that is its own transaction, only if the
/// match row is still exactly the row read ([`RecordStep`]'s stamp). A move is then one
/// statement (or two, when the match was not kept) instead of a transaction of four. A move
/// that ends its match reads its players' ratings first, as they stand, and writes its result
/// and their new ratings with the step ([`RecordEnding`]), each rating only if it is still the
/// one read: one statement more.
///
/// `Ok(None)`: the move is to be played under the lock ([`move_transaction`]), because
/// - the match changed since it was read (another move got in, or a worker's bookkeeping
///   wrote the row): under the lock the move is worked out again from the row as it is;
/// - it ends the match, and another ending changed a player's rating between the statement
///   that read the ratings and the one that writes the ending (which then writes nothing), or
///   created a player's first rating row of the game at the same moment as the read;
/// - the match as kept refused the move: the refusal is given under the lock, from the row as
///   it is (what is kept may be a moment behind another process's move).
///
/// A refusal worked out from a row just read is given at once, as the row stood then.
pub(super) async fn unlocked_move(
    conn: &mut AsyncPgConnection,
    services: &Services,
    id: Uuid,
    caller: Caller<'_>,
    body: impl FnOnce(Loaded, &Identity) -> ServiceResult<WorkedStep>,
) -> ServiceResult<Option<(Loaded, Identity)>> {
    let ticket = services.reads().ticket_for(id);
    let (loaded, who, kept) = match kept_read(services, id, Some(caller), false)? {
        Some((kept, Some(who))) => (kept.loaded()?, who, true),
        Some((_, None)) | None => {
            let (row, who) = row_as(conn, services, id, Some(caller), false, ticket).await?;
            let who = who.ok_or_else(|| ServiceError::internal("a move without its caller", id))?;
            (Loaded::new(row)?, who, false)
        }
    };
    let worked = match body(loaded, &who) {
        Ok(worked) => worked,
        Err(_) if kept => return Ok(None),
        Err(refused) => return Err(refused),
    };
    let pending = if worked.ends_match() {
        // One more statement reads the players' ratings as they stand.
        match worked.result(conn, RatingsRead::AsTheyStand).await? {
            Some(pending) => pending,
            None => return Ok(None),
        }
    } else {
        worked.going()?
    };
    match pending.write(conn, true).await? {
        Some(stamp) => Ok(Some((
            moved(services, ticket, pending.written_as(stamp)),
            who,
        ))),
        None => Ok(None),
    }
}

/// What follows a move's commit: the process keeps the match as written, if nothing was told
/// of it since `ticket` (`db::kept`), and tells the other server processes, off the request.
fn moved(services: &Services, ticket: Option<Ticket>, after: Loaded) -> Loaded {
    let id = after.row.id;
    let version = after.row.version;
    match KeptMatch::written(&after) {
        Ok(kept) => services.reads().keep_written(ticket, id, Arc::new(kept)),
        Err(_) => services.reads().forget_match(id),
    }
    services.move_notices().moved(&services.pool, id, version);
    after
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
    ticket: Option<Ticket>,
) -> ServiceResult<(MatchRow, Identity)> {
    let (mut first, second) = (&*conn, &*conn);
    // The lock is sent when its future is first polled, after `BEGIN` (see `move_transaction`).
    let lock = row_as(second, services, id, Some(caller), true, ticket);
    let (begun, locked) = futures_util::future::join(first.batch_execute("BEGIN"), lock).await;
    begun?;
    let (row, who) = locked?;
    let who = who.ok_or_else(|| ServiceError::internal("a move without its caller", id))?;
    Ok((row, who))
}

/// Writes `pending` now, in the transaction, if it ends the match (its result and ratings are
/// written in the transaction already): the row's new stamp if it was written.
async fn write_if_ending(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    pending: &PendingStep,
) -> ServiceResult<Option<String>> {
    if !pending.ends_match() {
        return Ok(None);
    }
    match pending.write(conn, false).await? {
        Some(stamp) => Ok(Some(stamp)),
        None => Err(ServiceError::internal(
            "the match row changed under its lock",
            id,
        )),
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

/// Sends the statement that writes the move (unless it was `written_before`, with that
/// stamp) together with `COMMIT`, in one round trip, and closes the transaction in the
/// connection's transaction manager: the row's new stamp if the move was written.
async fn commit_move(
    conn: &mut AsyncPgConnection,
    pending: &PendingStep,
    written_before: Option<String>,
) -> ServiceResult<Option<String>> {
    let (mut first, mut second) = (&*conn, &*conn);
    let record = pending.statement(false);
    let write = async {
        match written_before {
            Some(stamp) => Ok(Some(stamp)),
            None => written(record.get_results(&mut first).await?),
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
    use crate::ratings::{self, FinalSeat, Rating, Standing};

    fn sql_of<T: QueryFragment<Pg>>(statement: &T) -> String {
        let shown = diesel::debug_query::<Pg, _>(statement).to_string();
        match shown.split_once(" -- binds: ") {
            Some((sql, _)) => sql.to_owned(),
            None => shown,
        }
    }

    /// The values a step's statement borrows.
    struct Values {
        state: JsonText,
        chance: Value,
        events: Value,
        action: Value,
        result: Value,
        now: OffsetDateTime,
    }

    impl Values {
        fn new() -> Values {
            Values {
                state: JsonText::from(String::from(r#"{"a": 1}"#)),
                chance: Value::Null,
                events: Value::Null,
                action: serde_json::json!({"type": "roll"}),
                result: serde_json::json!({"ranking": []}),
                now: Clock::system().now(),
            }
        }

        /// The first step of a match and one that ends it, as unlike as can be.
        fn first_and_last(&self) -> (RecordStep<'_>, RecordStep<'_>) {
            let start = RecordStep {
                match_id: Uuid::nil(),
                from_version: 0,
                seq: 0,
                seat: None,
                kind: "start",
                action: None,
                chance: &self.chance,
                events: &self.events,
                at: self.now,
                state: Some(&self.state),
                status: "active",
                version: 1,
                chance_count: 0,
                to_act_seat: Some(0),
                deadline: None,
                paused_time_left_us: None,
                moved_seats: 0,
                result: None,
                started_at: Some(self.now),
                finished_at: None,
                stamp: None,
                notify_after_commit: false,
            };
            let last = RecordStep {
                from_version: 6,
                seq: 7,
                seat: Some(1),
                kind: "action",
                action: Some(&self.action),
                moved_seats: 0b10,
                to_act_seat: None,
                deadline: Some(self.now),
                result: Some(&self.result),
                started_at: None,
                finished_at: Some(self.now),
                stamp: Some("731"),
                notify_after_commit: true,
                ..start
            };
            (start, last)
        }
    }

    #[test]
    fn the_record_step_statement_has_one_text_whatever_the_values() {
        // It is cached by its type: its text must not depend on the values bound.
        let values = Values::new();
        let (start, last) = values.first_and_last();
        let sql = sql_of(&start);
        assert_eq!(sql, sql_of(&last));
        assert!(sql.starts_with("WITH updated AS (UPDATE matches"), "{sql}");
        assert!(sql.contains("AND version = $15"), "{sql}");
        assert!(
            sql.contains("AND xmin::text = coalesce($16, xmin::text)"),
            "{sql}"
        );
        assert!(sql.ends_with(" SELECT stamp FROM updated"), "{sql}");
        assert!(sql.contains("$25") && !sql.contains("$26"), "{sql}");
        assert!(RecordStep::query_id().is_some());
    }

    #[test]
    fn the_ending_statement_has_one_text_rated_or_not() {
        // Cached by its own type, apart from the step's: one text for every ending.
        let values = Values::new();
        let (start, last) = values.first_and_last();
        let id = Uuid::nil();
        let unrated = Ending::of(id, &[(0, 1, 12)], ratings::Ended::nothing(id, values.now));
        let seats = [
            FinalSeat {
                seat: 0,
                user_id: Uuid::from_u128(1),
                rank: 2,
            },
            FinalSeat {
                seat: 1,
                user_id: Uuid::from_u128(2),
                rank: 1,
            },
        ];
        let standings: Vec<Standing> = seats
            .iter()
            .map(|seat| Standing {
                rating: Rating::from_micros(1_500_000_000),
                games: 3,
                rank: seat.rank,
            })
            .collect();
        let changes = ratings::elo::rate(&standings);
        let game = tapis_games::GameId::Yams;
        let rated = ratings::Ended::new(id, game, values.now, &seats, &standings, changes)
            .expect("a rated ending");
        let rated = Ending::of(id, &[(0, 2, 5), (1, 1, 9)], rated);
        let step_sql = sql_of(&start);
        let sql = sql_of(&RecordEnding {
            step: start,
            ending: &unrated,
        });
        assert_eq!(
            sql,
            sql_of(&RecordEnding {
                step: last,
                ending: &rated,
            })
        );
        assert!(sql.starts_with(&step_sql.replace(" SELECT stamp FROM updated", "")));
        for part in [
            ", ranks AS (SELECT * FROM unnest(",
            ", ranked AS (UPDATE match_seats",
            ", rated AS (UPDATE ratings",
            "AND r.rating = c.rating_before AND r.games = c.number - 1 ",
            ", history AS (INSERT INTO rating_history",
        ] {
            assert!(sql.contains(part), "{part} in {sql}");
        }
        assert!(
            sql.contains("(SELECT count(*) FROM history) FROM updated WHERE tapis_written("),
            "{sql}"
        );
        assert!(RecordEnding::query_id().is_some());
        assert_ne!(RecordEnding::query_id(), RecordStep::query_id());
    }
}

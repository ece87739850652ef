//! What the database did for one piece of work (a request): how many statements it ran, in
//! how many round trips and transactions, and how many statements a connection prepared on the
//! way. The hot paths have a budget of each, which the HTTP tests hold them to through the
//! `Tapis-Db-Work` header (see `docs/performance.md`).
//!
//! Every pooled connection reports its statements to [`Tally`] (a diesel `Instrumentation`,
//! installed when the pool opens the connection); the reports count only inside [`counted`],
//! which keeps the tally of the task that runs the work (a task-local value, so that the
//! background workers and the other requests sharing the pool are not counted with it).
//! Outside of it a report costs one failed task-local look-up.
//!
//! How statements are told apart: a statement is reported when it is sent (its future is
//! first polled) and again when its answer is read. A round trip is a wait for the database:
//! a statement sent when every statement before it has been answered, and after the work last
//! waited (its future returned `Pending`), starts a new one; statements sent together
//! (pipelined, in one poll) share one, even when the answer to the first was read before the
//! next was sent (it can be, on a busy machine). The count can only err low: two statements
//! awaited one after the other count once if the first was answered before the work ever
//! waited for it. A transaction is a `BEGIN` or a statement sent outside of one (it commits by
//! itself). Statements a connection prepares before their first use are counted apart
//! (`prepared`): each costs one more round trip, once per connection.

use std::cell::RefCell;
use std::future::Future;

use diesel::connection::{Instrumentation, InstrumentationEvent};

/// The database work of a piece of work.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DbWork {
    /// Statements sent, `BEGIN` and `COMMIT` included.
    pub statements: u32,
    /// Times the work waited for the database: statements sent together count once.
    pub round_trips: u32,
    /// Transactions: each `BEGIN`, and each statement sent outside of a transaction.
    pub transactions: u32,
    /// Statements prepared before their first use on a connection (one round trip each).
    pub prepared: u32,
}

impl std::fmt::Display for DbWork {
    /// As the `Tapis-Db-Work` header says it: `statements=5, round-trips=2, transactions=2,
    /// prepared=0`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "statements={}, round-trips={}, transactions={}, prepared={}",
            self.statements, self.round_trips, self.transactions, self.prepared
        )
    }
}

/// The count kept while a piece of work runs.
#[derive(Debug, Default)]
struct Count {
    work: DbWork,
    /// Statements sent and not yet answered.
    waiting: u32,
    /// The work has waited (returned `Pending`) since the last statement was sent.
    waited: bool,
    in_transaction: bool,
}

impl Count {
    fn sent(&mut self, sql: &str) {
        let work = &mut self.work;
        if self.waiting == 0 && (self.waited || work.statements == 0) {
            work.round_trips += 1;
        }
        work.statements += 1;
        self.waiting += 1;
        self.waited = false;
        match Keyword::of(sql) {
            Keyword::Begin => {
                work.transactions += 1;
                self.in_transaction = true;
            }
            Keyword::End => self.in_transaction = false,
            Keyword::Other if !self.in_transaction => work.transactions += 1,
            Keyword::Other => {}
        }
    }

    fn answered(&mut self) {
        self.waiting = self.waiting.saturating_sub(1);
    }
}

/// What a statement does to the transaction it is sent in.
#[derive(Debug, PartialEq, Eq)]
enum Keyword {
    Begin,
    End,
    Other,
}

impl Keyword {
    fn of(sql: &str) -> Keyword {
        let first = sql
            .trim_start()
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or_default();
        if first.eq_ignore_ascii_case("begin") || first.eq_ignore_ascii_case("start") {
            Keyword::Begin
        } else if ["commit", "rollback", "end", "abort"]
            .iter()
            .any(|end| first.eq_ignore_ascii_case(end))
        {
            Keyword::End
        } else {
            Keyword::Other
        }
    }
}

tokio::task_local! {
    static COUNT: RefCell<Count>;
}

/// Runs `work` and counts what the database does for it (on the pool's connections, in this
/// task).
pub async fn counted<F: Future>(work: F) -> (F::Output, DbWork) {
    COUNT
        .scope(RefCell::new(Count::default()), async {
            let mut work = std::pin::pin!(work);
            let output = std::future::poll_fn(|cx| {
                let polled = work.as_mut().poll(cx);
                if polled.is_pending() {
                    let _ = COUNT.try_with(|count| count.borrow_mut().waited = true);
                }
                polled
            })
            .await;
            let done = COUNT.with(|count| count.borrow().work);
            (output, done)
        })
        .await
}

/// The instrumentation of every pooled connection: it reports to the count of the task that
/// uses the connection, if that task counts ([`counted`]).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Tally;

impl Instrumentation for Tally {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        // Outside of `counted` there is nothing to do (the look-up fails).
        let _ = COUNT.try_with(|count| {
            let mut count = count.borrow_mut();
            match event {
                InstrumentationEvent::StartQuery { query, .. } => count.sent(&query.to_string()),
                InstrumentationEvent::FinishQuery { .. } => count.answered(),
                InstrumentationEvent::CacheQuery { .. } => count.work.prepared += 1,
                _ => {}
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each group is sent in one go, its statements separated by `;`; `|` ends a statement
    /// answered before the next is sent (in the same poll); between groups the work waits.
    fn count(groups: &[&str]) -> DbWork {
        let mut count = Count::default();
        for group in groups {
            for answered_at_once in group.split('|') {
                let sent: Vec<&str> = answered_at_once.split(';').collect();
                for sql in &sent {
                    count.sent(sql);
                }
                for _ in &sent {
                    count.answered();
                }
            }
            count.waited = true;
        }
        count.work
    }

    #[test]
    fn statements_sent_together_share_a_round_trip() {
        let work = count(&[
            "BEGIN;SELECT 1 FOR UPDATE",
            "UPDATE x SET a = 1;COMMIT;SELECT pg_notify('c', 'p')",
        ]);
        assert_eq!(
            work,
            DbWork {
                statements: 5,
                round_trips: 2,
                transactions: 2,
                prepared: 0
            }
        );
        // The first answer came before the rest was sent: still sent together.
        let busy = count(&[
            "BEGIN|SELECT 1 FOR UPDATE",
            "UPDATE x SET a = 1|COMMIT|SELECT 2",
        ]);
        assert_eq!(busy, work);
    }

    #[test]
    fn a_statement_outside_a_transaction_is_one() {
        let work = count(&["SELECT 1", "  begin", "SELECT 2", "rollback", "SELECT 3"]);
        assert_eq!(work.transactions, 3);
        assert_eq!(work.round_trips, 5);
        assert_eq!(Keyword::of("COMMIT"), Keyword::End);
        assert_eq!(Keyword::of("START TRANSACTION"), Keyword::Begin);
        assert_eq!(Keyword::of("SELECT begin FROM t"), Keyword::Other);
        assert_eq!(Keyword::of(""), Keyword::Other);
    }

    #[test]
    fn the_header_says_each_figure() {
        let work = DbWork {
            statements: 5,
            round_trips: 2,
            transactions: 2,
            prepared: 1,
        };
        assert_eq!(
            work.to_string(),
            "statements=5, round-trips=2, transactions=2, prepared=1"
        );
    }
}

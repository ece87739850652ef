//! What the background workers share (the correspondence clock, the league and the tournament
//! workers): their ticks, and their work taken one piece at a time.
//!
//! A piece of work (a season or a tournament due, a vacation run out, a turn past its
//! deadline) is claimed with `FOR UPDATE SKIP LOCKED` and done in a transaction of its own, so
//! that several server processes share the work and never do a piece twice; a worker takes
//! pieces until none is due or it took as many as it may at one look.

use std::time::Duration;

use diesel::prelude::*;
use diesel_async::methods::LoadQuery;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use time::OffsetDateTime;
use tokio::sync::watch;
use tokio::time::{Instant, Interval, MissedTickBehavior};
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::services::Services;

/// When a worker looks for work: every `interval`, until `shutdown` turns true.
pub(crate) struct Ticks {
    ticker: Interval,
    shutdown: watch::Receiver<bool>,
}

impl Ticks {
    /// Ticks every `interval` (a late tick delays the next ones), until `shutdown` turns true.
    pub(crate) fn new(interval: Duration, shutdown: watch::Receiver<bool>) -> Ticks {
        let mut ticker = tokio::time::interval(interval);
        ticker.set_missed_tick_behavior(MissedTickBehavior::Delay);
        Ticks { ticker, shutdown }
    }

    /// Waits for the next tick; false once the worker is to stop.
    pub(crate) async fn next(&mut self) -> bool {
        self.next_or(std::future::pending(), Instant::now()).await
    }

    /// Waits for the next tick or for `woken`, whichever comes first; once woken, waits until
    /// `not_before` too. False once the worker is to stop (it stops waiting then).
    pub(crate) async fn next_or(
        &mut self,
        woken: impl Future<Output = ()>,
        not_before: Instant,
    ) -> bool {
        tokio::select! {
            _ = self.ticker.tick() => {}
            _ = woken => {
                tokio::select! {
                    _ = tokio::time::sleep_until(not_before) => {}
                    _ = self.shutdown.changed() => {}
                }
            }
            _ = self.shutdown.changed() => {}
        }
        !*self.shutdown.borrow()
    }
}

/// Logs what a look did, through `said`, when it did something. A failure is not logged
/// again: its cause was logged where it happened, and the next tick tries again.
pub(crate) fn done(look: ServiceResult<usize>, said: impl FnOnce(usize)) {
    if let Ok(n @ 1..) = look {
        said(n);
    }
}

/// Work a background worker does one piece at a time.
pub(crate) trait Pieces: Sync {
    /// Whether a piece may be due at `now`, asked before each piece outside of a transaction:
    /// a plain read that spares the transaction when most looks find nothing. By default, the
    /// transaction finds out.
    fn any_due(
        &self,
        conn: &mut AsyncPgConnection,
        now: OffsetDateTime,
    ) -> impl Future<Output = ServiceResult<bool>> + Send {
        let _ = (conn, now);
        async { Ok(true) }
    }

    /// Claims a piece due at `now` (the time the transaction began) and does it, in the
    /// caller's transaction; false when none is due.
    fn one(
        &self,
        conn: &mut AsyncPgConnection,
        now: OffsetDateTime,
    ) -> impl Future<Output = ServiceResult<bool>> + Send;
}

/// Does up to `at_most` pieces of `work`, each in its own transaction, until none is due;
/// returns how many were done.
pub(crate) async fn one_at_a_time(
    services: &Services,
    at_most: usize,
    work: &impl Pieces,
) -> ServiceResult<usize> {
    // Forgets what the process keeps (`db::kept`) only when a piece was done: the clock's
    // loops look every few seconds, and mostly find nothing due.
    let mut conn = services.conn_keeping().await?;
    let mut done = 0;
    while done < at_most {
        if !work.any_due(&mut conn, services.now()).await? {
            break;
        }
        let did = conn
            .transaction::<_, ServiceError, _>(async |conn| work.one(conn, services.now()).await)
            .await?;
        if !did {
            break;
        }
        done += 1;
    }
    if done > 0 {
        services.reads().forget_all();
    }
    Ok(done)
}

/// The id of a piece of work claimed by a statement of SQL (`SELECT x.id ... FOR UPDATE OF x
/// SKIP LOCKED`).
#[derive(QueryableByName)]
pub(crate) struct Claimed {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
}

/// The id of the piece `claim` (a statement that returns at most one [`Claimed`] row) locked,
/// if it found one.
pub(crate) async fn claim_id<'q, Q>(
    conn: &mut AsyncPgConnection,
    claim: Q,
) -> ServiceResult<Option<Uuid>>
where
    Q: LoadQuery<'q, AsyncPgConnection, Claimed> + Send + 'q,
{
    let claimed: Option<Claimed> = claim.get_result(conn).await.optional()?;
    Ok(claimed.map(|c| c.id))
}

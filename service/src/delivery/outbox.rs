//! The transactional outbox: what must leave Tapis (a mail, a webhook call) is a row of
//! `outbox`, written in the transaction that causes it (by a trigger on `user_events`, or by a
//! use case), so that it exists if and only if its cause committed and a slow receiver never
//! delays a move.
//!
//! Every process runs a sender per channel ([`run`], with a [`Courier`] that knows how to
//! deliver). A sender claims due rows with `FOR UPDATE SKIP LOCKED` and takes a lease on them
//! in one short transaction (`due_at` moves past the time an attempt may take, `attempts`
//! counts it), delivers them with no transaction open, then settles each one: sent, due again
//! after a backoff, or given up. A process that stops between delivering and settling leaves
//! the lease to run out, and the row is delivered again: at least once, never lost. Two
//! senders never hold one row at once, since a claim skips locked rows and leased ones are
//! not due.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use time::OffsetDateTime;
use tokio::sync::watch;
use tokio::task::JoinSet;
use uuid::Uuid;

use crate::error::ServiceResult;
use crate::services::Services;

/// Who delivers a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Mail,
    Webhook,
}

impl Channel {
    /// The name in `outbox.channel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Mail => "mail",
            Channel::Webhook => "webhook",
        }
    }
}

/// One claimed row: what to deliver, and which attempt this is.
#[derive(Debug, Clone, QueryableByName)]
pub struct Parcel {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub user_id: Uuid,
    /// An event kind (`your_turn`...) or a message of its own (`verify_email`).
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<BigInt>)]
    pub event_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Jsonb)]
    pub payload: Value,
    /// The same on every attempt.
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub delivery_id: Uuid,
    /// This attempt's number, from 1.
    #[diesel(sql_type = Integer)]
    pub attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: OffsetDateTime,
}

/// How an attempt went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// Delivered: the row is done.
    Sent,
    /// Not delivered this time (the receiver is down, answered an error...): tried again
    /// after a backoff, until the outbox gives up.
    Failed(String),
    /// Never deliverable (no address any more, a disabled webhook): given up at once.
    Refused(String),
}

/// A channel's delivery: what a sender calls for each claimed row.
pub trait Courier: Send + Sync + 'static {
    /// The rows it delivers.
    fn channel(&self) -> Channel;

    /// Delivers one row. May be called more than once for the same row (see the module).
    fn deliver(
        &self,
        services: &Services,
        parcel: &Parcel,
    ) -> impl Future<Output = Delivery> + Send;

    /// Told once when the outbox stops trying a row (a webhook failing for a day is disabled).
    fn gave_up(
        &self,
        _services: &Services,
        _parcel: &Parcel,
        _error: &str,
    ) -> impl Future<Output = ()> + Send {
        async {}
    }
}

/// How a sender claims and retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxSettings {
    /// How often it looks for due rows.
    pub interval: Duration,
    /// How many rows it claims and delivers at once.
    pub batch: i64,
    /// How long a claimed row is left to its attempt before another sender may take it.
    pub lease: Duration,
    /// The wait after the first failure; it doubles with each failure, up to `max_backoff`.
    pub first_backoff: Duration,
    pub max_backoff: Duration,
    /// A row still failing this long after it was written is given up.
    pub give_up_after: Duration,
}

impl Default for OutboxSettings {
    /// Every second, 16 at a time, a one-minute lease, retries after 30 s, 1 min, 2 min... up
    /// to every hour, for a day.
    fn default() -> OutboxSettings {
        OutboxSettings {
            interval: Duration::from_secs(1),
            batch: 16,
            lease: Duration::from_secs(60),
            first_backoff: Duration::from_secs(30),
            max_backoff: Duration::from_secs(3600),
            give_up_after: Duration::from_secs(24 * 3600),
        }
    }
}

impl OutboxSettings {
    /// The wait before the attempt after `attempts` failed ones.
    pub fn backoff(&self, attempts: i32) -> Duration {
        let doublings = u32::try_from(attempts.saturating_sub(1))
            .unwrap_or(0)
            .min(30);
        self.first_backoff
            .saturating_mul(1u32 << doublings)
            .min(self.max_backoff)
    }
}

fn span(duration: Duration) -> time::Duration {
    time::Duration::try_from(duration).unwrap_or(time::Duration::MAX)
}

/// Claims up to `settings.batch` due rows of `channel`, leasing them for `settings.lease`.
pub async fn claim(
    services: &Services,
    channel: Channel,
    settings: &OutboxSettings,
) -> ServiceResult<Vec<Parcel>> {
    claim_at_most(services, channel, settings, settings.batch).await
}

/// Claims up to `limit` due rows of `channel` (at least one), leasing them for
/// `settings.lease`.
async fn claim_at_most(
    services: &Services,
    channel: Channel,
    settings: &OutboxSettings,
    limit: i64,
) -> ServiceResult<Vec<Parcel>> {
    // A background writer of its own tables: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let now = services.now();
    let claimed = diesel::sql_query(
        "UPDATE outbox o SET attempts = o.attempts + 1, due_at = $3 \
         FROM (SELECT id FROM outbox \
               WHERE channel = $1 AND sent_at IS NULL AND gave_up_at IS NULL AND due_at <= $2 \
               ORDER BY due_at, id \
               LIMIT $4 \
               FOR UPDATE SKIP LOCKED) due \
         WHERE o.id = due.id \
         RETURNING o.id, o.user_id, o.kind, o.event_id, o.payload, o.delivery_id, o.attempts, \
                   o.created_at",
    )
    .bind::<Text, _>(channel.as_str())
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(now + span(settings.lease))
    .bind::<BigInt, _>(limit.max(1))
    .load::<Parcel>(&mut conn)
    .await?;
    Ok(claimed)
}

/// What became of a claimed row after its attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    Sent,
    /// Due again at this time.
    Retry(OffsetDateTime),
    GaveUp,
    /// Another sender took the row meanwhile (this attempt outlived its lease): nothing
    /// changed.
    Stale,
}

/// Records how the attempt on `parcel` went.
pub async fn settle(
    services: &Services,
    parcel: &Parcel,
    delivery: &Delivery,
    settings: &OutboxSettings,
) -> ServiceResult<Settled> {
    // A background writer of its own tables: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let now = services.now();
    let (changed, settled) = match delivery {
        // A row delivered is done, whoever holds it now.
        Delivery::Sent => (
            diesel::sql_query(
                "UPDATE outbox SET sent_at = $2, last_error = NULL \
                 WHERE id = $1 AND sent_at IS NULL AND gave_up_at IS NULL",
            )
            .bind::<BigInt, _>(parcel.id)
            .bind::<Timestamptz, _>(now)
            .execute(&mut conn)
            .await?,
            Settled::Sent,
        ),
        // A failure is recorded only by the attempt that holds the row.
        Delivery::Failed(error) if now - parcel.created_at < span(settings.give_up_after) => {
            let due = now + span(settings.backoff(parcel.attempts));
            let retry = "UPDATE outbox SET due_at = $2, last_error = $3 \
                 WHERE id = $1 AND attempts = $4 AND sent_at IS NULL AND gave_up_at IS NULL";
            (
                record_failure(&mut conn, retry, parcel, due, error).await?,
                Settled::Retry(due),
            )
        }
        Delivery::Failed(error) | Delivery::Refused(error) => {
            let give_up = "UPDATE outbox SET gave_up_at = $2, last_error = $3 \
                 WHERE id = $1 AND attempts = $4 AND sent_at IS NULL AND gave_up_at IS NULL";
            (
                record_failure(&mut conn, give_up, parcel, now, error).await?,
                Settled::GaveUp,
            )
        }
    };
    Ok(if changed == 1 {
        settled
    } else {
        Settled::Stale
    })
}

/// Records a failed attempt on `parcel` with `statement`, which sets a time (`$2`: when to
/// retry, or when the sender gave up) and the error (`$3`) on the row (`$1`), if this attempt
/// (`$4`) still holds it; answers how many rows changed.
async fn record_failure(
    conn: &mut AsyncPgConnection,
    statement: &'static str,
    parcel: &Parcel,
    at: OffsetDateTime,
    error: &str,
) -> QueryResult<usize> {
    diesel::sql_query(statement)
        .bind::<BigInt, _>(parcel.id)
        .bind::<Timestamptz, _>(at)
        .bind::<Text, _>(error)
        .bind::<Integer, _>(parcel.attempts)
        .execute(conn)
        .await
}

/// How long rows stay after they are settled (sent or given up).
pub const KEEP_SETTLED: Duration = Duration::from_secs(30 * 24 * 3600);
const PRUNE_EVERY: Duration = Duration::from_secs(600);

/// How long a stopping sender waits for its deliveries in flight.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// Runs `courier`'s sender until `shutdown` turns true. Up to `settings.batch` rows are in
/// flight at once, each delivered and settled in a task of its own, so that a slow receiver
/// holds one place and never delays the others: every `settings.interval`, and whenever a
/// delivery ends while the last claim came back full, it claims what is due to fill the free
/// places. Every ten minutes it deletes rows settled more than [`KEEP_SETTLED`] ago. When it
/// stops, it gives the deliveries in flight [`STOP_GRACE`] to end; the rest are dropped, their
/// leases run out and another sender delivers them.
pub async fn run<C: Courier>(
    services: Services,
    courier: C,
    settings: OutboxSettings,
    mut shutdown: watch::Receiver<bool>,
) {
    let courier = Arc::new(courier);
    let channel = courier.channel().as_str();
    let mut ticker = tokio::time::interval(settings.interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut pruned = std::time::Instant::now();
    let places = usize::try_from(settings.batch.max(1)).unwrap_or(1);
    let mut in_flight = JoinSet::new();
    // Whether the last claim filled every free place (more may be due).
    let mut more_due = false;
    loop {
        let claim_now = tokio::select! {
            _ = ticker.tick() => true,
            Some(ended) = in_flight.join_next(), if !in_flight.is_empty() => {
                if let Err(e) = ended {
                    tracing::error!(channel, error = %e, "a delivery panicked: its row is tried again when its lease runs out");
                }
                more_due
            }
            _ = shutdown.changed() => false,
        };
        if *shutdown.borrow() {
            let ending = async { while in_flight.join_next().await.is_some() {} };
            if tokio::time::timeout(STOP_GRACE, ending).await.is_err() {
                tracing::warn!(
                    channel,
                    left = in_flight.len(),
                    "stopped with deliveries in flight: they are tried again when their leases run out"
                );
            }
            return;
        }
        if pruned.elapsed() >= PRUNE_EVERY {
            pruned = std::time::Instant::now();
            if let Err(e) = prune(&services, KEEP_SETTLED, 10_000).await {
                tracing::warn!(error = %e, "settled outbox rows could not be deleted");
            }
        }
        let free = places.saturating_sub(in_flight.len());
        if !claim_now || free == 0 {
            continue;
        }
        let limit = i64::try_from(free).unwrap_or(i64::MAX);
        match claim_at_most(&services, courier.channel(), &settings, limit).await {
            Ok(parcels) => {
                more_due = parcels.len() == free;
                for parcel in parcels {
                    let (services, courier) = (services.clone(), courier.clone());
                    in_flight.spawn(async move {
                        attempt(&services, courier.as_ref(), parcel, &settings).await
                    });
                }
            }
            Err(e) => {
                more_due = false;
                tracing::warn!(channel, error = %e, "the outbox could not be read");
            }
        }
    }
}

/// One round of a sender, all at once: claims what is due (up to `settings.batch` rows),
/// delivers and settles each, and returns once every one is settled. Returns how many rows it
/// claimed.
pub async fn send_due<C: Courier>(
    services: &Services,
    courier: &C,
    settings: &OutboxSettings,
) -> ServiceResult<usize> {
    let parcels = claim(services, courier.channel(), settings).await?;
    let claimed = parcels.len();
    futures_util::future::join_all(
        parcels
            .into_iter()
            .map(|parcel| attempt(services, courier, parcel, settings)),
    )
    .await;
    Ok(claimed)
}

/// Delivers one claimed row, settles it and logs how it went.
async fn attempt<C: Courier>(
    services: &Services,
    courier: &C,
    parcel: Parcel,
    settings: &OutboxSettings,
) {
    let delivery = courier.deliver(services, &parcel).await;
    let settled = settle(services, &parcel, &delivery, settings).await;
    let channel = courier.channel().as_str();
    match (settled, &delivery) {
        (Ok(Settled::Sent), _) => {
            tracing::debug!(channel, outbox.id = parcel.id, kind = %parcel.kind, "delivered")
        }
        (Ok(Settled::Retry(due)), Delivery::Failed(error)) => {
            tracing::info!(channel, outbox.id = parcel.id, attempt = parcel.attempts, %error, %due, "delivery failed: will try again")
        }
        (Ok(Settled::GaveUp), Delivery::Failed(error) | Delivery::Refused(error)) => {
            tracing::warn!(channel, outbox.id = parcel.id, attempts = parcel.attempts, %error, "delivery given up");
            courier.gave_up(services, &parcel, error).await;
        }
        (Ok(Settled::Stale), _) => {
            tracing::info!(
                channel,
                outbox.id = parcel.id,
                "an attempt outlived its lease: another sender has the row"
            )
        }
        (Ok(_), _) => {}
        // The row stays leased: it is tried again when the lease runs out.
        (Err(e), _) => {
            tracing::warn!(channel, outbox.id = parcel.id, error = %e, "a delivery could not be recorded")
        }
    }
}

/// Deletes the rows settled more than `keep` ago (sent or given up), at most `limit` of them.
pub async fn prune(services: &Services, keep: Duration, limit: i64) -> ServiceResult<usize> {
    // A background writer of its own tables: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let before = services.now() - span(keep);
    Ok(diesel::sql_query(
        "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox \
           WHERE coalesce(sent_at, gave_up_at) < $1 LIMIT $2)",
    )
    .bind::<Timestamptz, _>(before)
    .bind::<BigInt, _>(limit)
    .execute(&mut conn)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_the_first_wait_up_to_the_longest() {
        let settings = OutboxSettings::default();
        assert_eq!(settings.backoff(1), Duration::from_secs(30));
        assert_eq!(settings.backoff(2), Duration::from_secs(60));
        assert_eq!(settings.backoff(5), Duration::from_secs(480));
        assert_eq!(settings.backoff(8), Duration::from_secs(3600));
        assert_eq!(settings.backoff(i32::MAX), Duration::from_secs(3600));
        assert_eq!(settings.backoff(0), Duration::from_secs(30));
    }
}

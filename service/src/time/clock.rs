//! The correspondence clock: a background loop that ends the vacations that have run out
//! (their players' clocks run again) and the turns of players past their deadline, and tells
//! those whose deadline is less than a day away.

use std::time::Duration;

use tokio::sync::watch;

use super::vacation;
use crate::matches;
use crate::services::Services;
use crate::worker::{self, Ticks};

/// Checks for run-out vacations and overdue turns every `interval` until `shutdown` turns
/// true. Vacations first: a clock that runs again from a vacation's end may already be over.
pub async fn run(services: Services, interval: Duration, shutdown: watch::Receiver<bool>) {
    let mut ticks = Ticks::new(interval, shutdown);
    while ticks.next().await {
        worker::done(vacation::end_expired(&services, 100).await, |n| {
            tracing::info!(ended = n, "ended vacations that ran out");
        });
        worker::done(matches::expire_overdue(&services, 100).await, |n| {
            tracing::info!(expired = n, "ended overdue turns");
        });
        worker::done(matches::tell_deadlines(&services, 100).await, |n| {
            tracing::info!(told = n, "told players their deadline is near");
        });
    }
}

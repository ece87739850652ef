//! What the listener of a process hears besides the streams' news: changes to what the process
//! keeps (`db::kept`), which it forgets, and the marks of [`Marks`].

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use diesel_async::RunQueryDsl;
use tokio::sync::oneshot;
use uuid::Uuid;

use crate::{ServiceError, ServiceResult, Services};

/// A match's row changed without a move (a vacation's copy, a rematch asked for...), told by
/// the triggers of migration `2027-01-03-000001_kept_reads`.
const ROWS_CHANNEL: &str = "tapis_match_rows";
/// A session or token of a player ended or changed, or the player did (the same migration).
const CREDENTIALS_CHANNEL: &str = "tapis_credentials";
/// The marks of [`Marks`].
const MARKS_CHANNEL: &str = "tapis_marks";

/// The channels the listener listens to for this module, beside the streams' own.
pub(super) const CHANNELS: [&str; 3] = [ROWS_CHANNEL, CREDENTIALS_CHANNEL, MARKS_CHANNEL];

/// Forgets what a notification on `channel` says changed, or tells the waiter of a mark;
/// false when the channel is not one of [`CHANNELS`]. A payload that is no id forgets
/// everything.
pub(super) fn forgets(services: &Services, marks: &Marks, channel: &str, payload: &str) -> bool {
    let reads = services.reads();
    match (channel, payload.parse::<Uuid>()) {
        (ROWS_CHANNEL, Ok(id)) => reads.forget_match(id),
        (CREDENTIALS_CHANNEL, Ok(id)) => reads.forget_user(id),
        (ROWS_CHANNEL | CREDENTIALS_CHANNEL, Err(_)) => reads.forget_all(),
        // Another process's mark is for its own listener.
        (MARKS_CHANNEL, Ok(mark)) => marks.heard(mark),
        (MARKS_CHANNEL, Err(_)) => {}
        _ => return false,
    }
    true
}

/// Forgets what a notification on `tapis_matches` says changed: the match told of, unless the
/// process keeps it as new as the version a move's notification says (`db::kept`); everything
/// if the payload is not a match's. Returns the match, whose moves are to be read.
pub(super) fn match_told(services: &Services, payload: &str) -> Option<Uuid> {
    let reads = services.reads();
    let told = crate::matches::read_told(payload);
    match told {
        Some((id, Some(version))) => reads.told_moved(id, version),
        Some((id, None)) => reads.forget_match(id),
        None => reads.forget_all(),
    }
    told.map(|(id, _)| id)
}

/// Who waits for this process's listener to hear their mark: a notification sent after the
/// commits to wait for reaches the listener after every notification of those transactions
/// (PostgreSQL delivers them in the order of the commits), so once it is heard, the process
/// has forgotten what they changed. For what changes the database directly (an operator's
/// statement, a test).
#[derive(Debug, Default)]
pub(super) struct Marks {
    waiting: Mutex<HashMap<Uuid, oneshot::Sender<()>>>,
}

impl Marks {
    /// A panic while the map was held cannot leave it half changed (one insert or removal).
    fn lock(&self) -> MutexGuard<'_, HashMap<Uuid, oneshot::Sender<()>>> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends a mark and waits, at most `within`, for the listener to hear it.
    pub(super) async fn wait(&self, services: &Services, within: Duration) -> ServiceResult<()> {
        let mark = Uuid::new_v4();
        let (told, heard) = oneshot::channel();
        self.lock().insert(mark, told);
        let sent = async {
            let mut conn = services.conn_keeping().await?;
            diesel::sql_query("SELECT pg_notify($1, $2)")
                .bind::<diesel::sql_types::Text, _>(MARKS_CHANNEL)
                .bind::<diesel::sql_types::Text, _>(mark.to_string())
                .execute(&mut conn)
                .await?;
            Ok::<_, ServiceError>(())
        };
        let outcome = match sent.await {
            Ok(()) => tokio::time::timeout(within, heard)
                .await
                .map(|_| ())
                .map_err(|_| ServiceError::internal("the listener did not hear its mark", mark)),
            Err(e) => Err(e),
        };
        self.lock().remove(&mark);
        outcome
    }

    /// The listener heard `mark`: its waiter, if it is still waiting, is told.
    fn heard(&self, mark: Uuid) {
        if let Some(told) = self.lock().remove(&mark) {
            // The waiter gave up meanwhile: nothing to tell.
            let _ = told.send(());
        }
    }
}

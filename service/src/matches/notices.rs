//! The notifications of moves: after a move has committed, its match id and the version it
//! wrote are handed to this process's [`MoveNotices`], which sends them on `tapis_matches` as
//! `{id}:{version}` (the `matches_notify` trigger sends every other change, as `{id}`) in a
//! transaction of its own, off the request: a move is one transaction, and its reply waits
//! for nothing else. The version tells a process that keeps the match as new (the process
//! that wrote it, `db::kept`) that it has nothing to forget.
//!
//! Why not in the transaction of the move: the first `NOTIFY` of a transaction takes a lock
//! shared by every notifying transaction of the database, held until that transaction's
//! commit is done, so that notifying commits queue up one behind the other. Here only one
//! transaction of this process at a time notifies, for every move that committed while the
//! one before it was being sent: at low load each move is notified at once, under load the
//! moves share a transaction (and a match that moved twice in it is notified once; its
//! listeners read its moves by version). The notifying transaction does not wait for its
//! commit to reach the disk: a notification is worth nothing after a crash of the database
//! (its listeners lose their connections), and one lost otherwise is found by the listeners'
//! periodic look at every match they watch (`events::hub`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use diesel::QueryResult;
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Array, Text};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::db::DbPool;

/// The matches whose moves committed and are not notified yet, and whether a task is sending
/// them.
#[derive(Debug, Default)]
pub(crate) struct MoveNotices {
    pending: Mutex<Pending>,
}

#[derive(Debug, Default)]
struct Pending {
    /// Each match, with the highest version its moves wrote.
    matches: HashMap<Uuid, i64>,
    /// A task is sending notifications: it takes these before it ends.
    sending: bool,
}

impl MoveNotices {
    /// Notes that a move of match `id` committed `version`: it is notified by the task sending
    /// now, or by one started here.
    pub(crate) fn moved(self: &Arc<Self>, pool: &DbPool, id: Uuid, version: i64) {
        let start = {
            let mut pending = self.lock();
            let told = pending.matches.entry(id).or_insert(version);
            *told = (*told).max(version);
            !std::mem::replace(&mut pending.sending, true)
        };
        if start {
            tokio::spawn(send_pending(Arc::clone(self), pool.clone()));
        }
    }

    /// The matches to notify now, or `None` (and no task sending any more) when there are
    /// none.
    fn take(&self) -> Option<Vec<String>> {
        let mut pending = self.lock();
        if pending.matches.is_empty() {
            pending.sending = false;
            return None;
        }
        Some(
            pending
                .matches
                .drain()
                .map(|(id, version)| told_moved(id, version))
                .collect(),
        )
    }

    /// A panic while the lock was held cannot leave the set half changed (each change is one
    /// insert, one drain or one flag), so a poisoned lock is used as it is.
    fn lock(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The payload that tells that match `id` moved to `version` ([`read_told`] reads it).
fn told_moved(id: Uuid, version: i64) -> String {
    format!("{id}:{version}")
}

/// What a notification on `tapis_matches` tells: the match, and the version a move wrote
/// (none from the trigger, which tells every other change); `None` if it is not a match's.
pub(crate) fn read_told(payload: &str) -> Option<(Uuid, Option<i64>)> {
    match payload.split_once(':') {
        Some((id, version)) => Some((id.parse().ok()?, Some(version.parse().ok()?))),
        None => Some((payload.parse().ok()?, None)),
    }
}

/// Sends the pending notifications, a transaction at a time, until none is left.
async fn send_pending(notices: Arc<MoveNotices>, pool: DbPool) {
    let mut sender = Sender {
        notices,
        done: false,
    };
    while let Some(matches) = sender.notices.take() {
        let sent = match pool.get().await {
            Ok(mut conn) => NotifyMoved { matches: &matches }
                .execute(&mut conn)
                .await
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = sent {
            tracing::warn!(
                matches = matches.len(),
                error = %e,
                "moves were not notified"
            );
        }
    }
    // `take` found none left and said that no task is sending any more.
    sender.done = true;
}

/// The task sending notifications: if it is dropped before it is done (its runtime shutting
/// down), the next move starts another rather than wait for it forever.
struct Sender {
    notices: Arc<MoveNotices>,
    done: bool,
}

impl Drop for Sender {
    fn drop(&mut self) {
        if !self.done {
            self.notices.lock().sending = false;
        }
    }
}

/// `pg_notify` on `tapis_matches` with each match id, in a transaction that does not wait for
/// its commit to reach the disk. Its text never changes: it is prepared once per connection.
struct NotifyMoved<'a> {
    matches: &'a [String],
}

impl QueryId for NotifyMoved<'_> {
    type QueryId = NotifyMoved<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Pg> for NotifyMoved<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "SELECT pg_notify('tapis_matches', id) \
             FROM set_config('synchronous_commit', 'off', true), unnest(",
        );
        out.push_bind_param::<Array<Text>, _>(self.matches)?;
        out.push_sql(") AS id");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notification_statement_has_one_text_whatever_the_matches() {
        let one = [Uuid::nil().to_string()];
        let two = [Uuid::nil().to_string(), Uuid::from_u128(2).to_string()];
        let sql = |matches: &[String]| {
            let shown = diesel::debug_query::<Pg, _>(&NotifyMoved { matches }).to_string();
            shown
                .split_once(" -- binds: ")
                .map_or(shown.clone(), |(sql, _)| sql.to_owned())
        };
        assert_eq!(sql(&one), sql(&two));
        assert!(NotifyMoved::query_id().is_some());
    }

    #[test]
    fn pending_matches_are_taken_once_and_the_sender_stops_when_none_is_left() {
        let notices = MoveNotices::default();
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        {
            let mut pending = notices.lock();
            pending.matches.extend([(a, 3), (b, 8)]);
            pending.sending = true;
        }
        let mut taken = notices.take().expect("two matches to notify");
        taken.sort();
        assert_eq!(taken, vec![format!("{a}:3"), format!("{b}:8")]);
        assert!(notices.lock().sending, "still sending until it finds none");
        assert_eq!(notices.take(), None);
        assert!(!notices.lock().sending, "the next move starts a sender");
    }

    #[test]
    fn a_notification_says_the_match_and_perhaps_the_version_moved_to() {
        let id = Uuid::from_u128(9);
        assert_eq!(read_told(&told_moved(id, 12)), Some((id, Some(12))));
        assert_eq!(read_told(&id.to_string()), Some((id, None)));
        assert_eq!(read_told("nonsense"), None);
        assert_eq!(read_told(&format!("{id}:x")), None);
    }

    #[test]
    fn a_sender_dropped_before_it_is_done_lets_the_next_move_start_another() {
        let notices = Arc::new(MoveNotices::default());
        notices.lock().sending = true;
        drop(Sender {
            notices: Arc::clone(&notices),
            done: false,
        });
        assert!(!notices.lock().sending);
    }

    #[tokio::test]
    async fn a_move_starts_one_sender_and_the_moves_after_it_join_its_batch() {
        // No database: the sender's connection fails, and the failure is only logged.
        let manager = diesel_async::pooled_connection::AsyncDieselConnectionManager::<
            diesel_async::AsyncPgConnection,
        >::new("postgres://nobody@127.0.0.1:1/none");
        let pool = DbPool::builder(manager)
            .max_size(1)
            .build()
            .expect("a pool");
        let notices = Arc::new(MoveNotices::default());
        notices.moved(&pool, Uuid::from_u128(1), 5);
        notices.moved(&pool, Uuid::from_u128(2), 3);
        notices.moved(&pool, Uuid::from_u128(1), 4);
        // On this single-threaded runtime the sender has not run yet: one sender, both
        // matches waiting for it.
        assert!(notices.lock().sending);
        assert_eq!(notices.lock().matches.len(), 2);
        assert_eq!(
            notices.lock().matches[&Uuid::from_u128(1)],
            5,
            "the highest version"
        );
        while notices.lock().sending {
            tokio::task::yield_now().await;
        }
        assert!(notices.lock().matches.is_empty());
    }
}

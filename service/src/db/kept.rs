//! The reads a process keeps ([`KeptReads`]): the rows of matches (with what they decode to)
//! and the callers behind credentials, served without a statement while they are exact.
//!
//! Why it is exact:
//! - **Changes made by this process.** Every pooled connection forgets everything kept when it
//!   goes back to the pool, its work done (`Services::conn`), unless its use case says that it
//!   changes nothing kept (`Services::conn_keeping`); a move forgets its own match once it has
//!   committed. So a request that follows a change made here never reads what was kept before.
//! - **Changes made by other processes** (or by hand). Each one that touches what is kept is
//!   notified in the transaction that makes it, by triggers (a match row, a session, a token,
//!   a player's name, language or suspension), except a move's, notified just after its
//!   commit (`matches::notices`). This process's listener forgets what it is told of
//!   (`events::hub`), a moment after the commit.
//! - **A read that raced a change.** A read takes a [`Ticket`] before it asks the database,
//!   and what it read is kept only if nothing was forgotten since: a change that committed
//!   after the read's snapshot was told after the ticket, so either it prevents keeping, or it
//!   removes what was kept.
//! - **A listener that is not listening.** Nothing is kept or served while the listener is not
//!   connected (notifications would be lost), and everything is forgotten when it connects.
//! - **A notification that never comes** (a process killed between a move's commit and its
//!   notification): nothing is served longer than [`KEEP_FOR`] after it was read.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use time::OffsetDateTime;
use uuid::Uuid;

/// How long a read is served at most, if no notification forgets it first.
pub const KEEP_FOR: Duration = Duration::from_secs(2);
/// How many matches, and callers, are kept at most: past it, all are forgotten and kept again
/// as they are read (the busy ones come back at once).
const MATCHES_KEPT: usize = 1024;
const CALLERS_KEPT: usize = 8192;

/// The credentials a caller is kept under: a session (by its id and its user's), or a
/// personal API token (by its hash).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CallerKey {
    Session { session_id: Uuid, user_id: Uuid },
    Token(Vec<u8>),
}

/// The reads a process keeps: matches as `M`, callers as `C`.
pub struct KeptReads<M, C> {
    inner: Mutex<Inner<M, C>>,
}

struct Inner<M, C> {
    /// The listener is connected and listening.
    live: bool,
    /// Rises with every forgetting.
    generation: u64,
    matches: HashMap<Uuid, Kept<M>>,
    callers: HashMap<CallerKey, KeptCaller<C>>,
}

struct Kept<T> {
    value: T,
    read_at: Instant,
}

struct KeptCaller<C> {
    kept: Kept<C>,
    user_id: Uuid,
    /// The caller's last use as written, or as this process is writing it.
    last_used_at: Option<OffsetDateTime>,
}

/// Taken before a read of the database: what it read may be kept only if nothing was
/// forgotten since.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket(u64);

impl<M, C> Default for KeptReads<M, C> {
    fn default() -> Self {
        KeptReads {
            inner: Mutex::new(Inner {
                live: false,
                generation: 0,
                matches: HashMap::new(),
                callers: HashMap::new(),
            }),
        }
    }
}

impl<M, C> std::fmt::Debug for KeptReads<M, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = self.lock();
        f.debug_struct("KeptReads")
            .field("live", &inner.live)
            .field("matches", &inner.matches.len())
            .field("callers", &inner.callers.len())
            .finish()
    }
}

/// A kept value still young enough to serve.
fn fresh<T>(kept: &Kept<T>, now: Instant) -> bool {
    now.saturating_duration_since(kept.read_at) < KEEP_FOR
}

/// Inserts `value` under `key`, forgetting the whole map first when it is full.
fn insert<K: Eq + Hash, V>(map: &mut HashMap<K, V>, key: K, value: V, capacity: usize) {
    if map.len() >= capacity && !map.contains_key(&key) {
        map.clear();
    }
    map.insert(key, value);
}

impl<M, C> KeptReads<M, C> {
    /// A panic while the lock was held cannot leave the maps half changed (each change is one
    /// insert, one removal or one clear, and a counter), so a poisoned lock is used as it is.
    fn lock(&self) -> MutexGuard<'_, Inner<M, C>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<M: Clone, C: Clone> KeptReads<M, C> {
    /// The ticket of a read about to ask the database; `None` while nothing may be kept (the
    /// listener is not listening).
    pub fn ticket(&self) -> Option<Ticket> {
        let inner = self.lock();
        inner.live.then_some(Ticket(inner.generation))
    }

    /// Match `id` as kept, if it is and may be served.
    pub fn a_match(&self, id: Uuid) -> Option<M> {
        let inner = self.lock();
        let kept = inner.matches.get(&id).filter(|_| inner.live)?;
        fresh(kept, Instant::now()).then(|| kept.value.clone())
    }

    /// Keeps match `id` as a read that took `ticket` found it, unless something was forgotten
    /// since.
    pub fn keep_match(&self, ticket: Ticket, id: Uuid, value: M) {
        let mut inner = self.lock();
        if inner.live && inner.generation == ticket.0 {
            let kept = Kept {
                value,
                read_at: Instant::now(),
            };
            insert(&mut inner.matches, id, kept, MATCHES_KEPT);
        }
    }

    /// The caller kept under `key`, if any may be served, with its last use as kept; when
    /// `due(last use)` says the use is to be written again, the kept last use becomes `now`
    /// (the caller writes it), so that it is written once.
    pub fn caller(
        &self,
        key: &CallerKey,
        now: OffsetDateTime,
        due: impl FnOnce(Option<OffsetDateTime>) -> bool,
    ) -> Option<(C, Option<OffsetDateTime>)> {
        let mut inner = self.lock();
        if !inner.live {
            return None;
        }
        let kept = inner.callers.get_mut(key)?;
        if !fresh(&kept.kept, Instant::now()) {
            return None;
        }
        let last_used_at = kept.last_used_at;
        if due(last_used_at) {
            kept.last_used_at = Some(now);
        }
        Some((kept.kept.value.clone(), last_used_at))
    }

    /// Keeps the caller of player `user_id` under `key`, as a read that took `ticket` found
    /// it, unless something was forgotten since.
    pub fn keep_caller(
        &self,
        ticket: Ticket,
        key: CallerKey,
        user_id: Uuid,
        last_used_at: Option<OffsetDateTime>,
        value: C,
    ) {
        let mut inner = self.lock();
        if inner.live && inner.generation == ticket.0 {
            let kept = KeptCaller {
                kept: Kept {
                    value,
                    read_at: Instant::now(),
                },
                user_id,
                last_used_at,
            };
            insert(&mut inner.callers, key, kept, CALLERS_KEPT);
        }
    }

    /// Forgets match `id`.
    pub fn forget_match(&self, id: Uuid) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.matches.remove(&id);
    }

    /// Forgets every caller of player `user_id` (their sessions and tokens).
    pub fn forget_user(&self, user_id: Uuid) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.callers.retain(|_, kept| kept.user_id != user_id);
    }

    /// Forgets everything.
    pub fn forget_all(&self) {
        let mut inner = self.lock();
        forget_all(&mut inner);
    }

    /// Says whether the listener is now listening: everything is forgotten either way (what
    /// changed while it was not was not told).
    pub fn listening(&self, live: bool) {
        let mut inner = self.lock();
        forget_all(&mut inner);
        inner.live = live;
    }
}

fn forget_all<M, C>(inner: &mut Inner<M, C>) {
    inner.generation += 1;
    inner.matches.clear();
    inner.callers.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    type Reads = KeptReads<&'static str, &'static str>;

    fn listening() -> Reads {
        let reads = Reads::default();
        reads.listening(true);
        reads
    }

    fn session(n: u128) -> CallerKey {
        CallerKey::Session {
            session_id: Uuid::from_u128(n),
            user_id: Uuid::from_u128(n + 100),
        }
    }

    const NOW: OffsetDateTime = OffsetDateTime::UNIX_EPOCH;

    #[test]
    fn nothing_is_kept_or_served_while_the_listener_is_not_listening() {
        let reads = Reads::default();
        assert_eq!(reads.ticket(), None);
        let live = listening();
        let ticket = live.ticket().expect("listening");
        live.keep_match(ticket, Uuid::nil(), "v1");
        assert_eq!(live.a_match(Uuid::nil()), Some("v1"));
        live.listening(false);
        assert_eq!(live.a_match(Uuid::nil()), None);
        assert_eq!(live.ticket(), None);
        live.keep_match(ticket, Uuid::nil(), "v1");
        live.listening(true);
        assert_eq!(
            live.a_match(Uuid::nil()),
            None,
            "forgotten when it connects again"
        );
    }

    #[test]
    fn a_read_that_raced_a_change_is_not_kept() {
        let reads = listening();
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let ticket = reads.ticket().expect("listening");
        reads.forget_match(b);
        reads.keep_match(ticket, a, "before the change");
        assert_eq!(reads.a_match(a), None);
        let ticket = reads.ticket().expect("listening");
        reads.keep_match(ticket, a, "after it");
        assert_eq!(reads.a_match(a), Some("after it"));
        reads.forget_match(a);
        assert_eq!(reads.a_match(a), None);
    }

    #[test]
    fn a_player_forgotten_loses_every_session_and_token_kept() {
        let reads = listening();
        let user = Uuid::from_u128(7);
        let other = Uuid::from_u128(8);
        let ticket = reads.ticket().expect("listening");
        reads.keep_caller(ticket, session(1), user, None, "ada");
        reads.keep_caller(ticket, CallerKey::Token(vec![1]), user, None, "ada's bot");
        reads.keep_caller(ticket, session(2), other, None, "bob");
        reads.forget_user(user);
        assert_eq!(reads.caller(&session(1), NOW, |_| false), None);
        assert_eq!(
            reads.caller(&CallerKey::Token(vec![1]), NOW, |_| false),
            None
        );
        assert_eq!(
            reads.caller(&session(2), NOW, |_| false),
            Some(("bob", None))
        );
    }

    #[test]
    fn a_use_due_is_given_once() {
        let reads = listening();
        let ticket = reads.ticket().expect("listening");
        reads.keep_caller(ticket, session(1), Uuid::nil(), None, "ada");
        let due = |at: Option<OffsetDateTime>| at.is_none();
        assert_eq!(reads.caller(&session(1), NOW, due), Some(("ada", None)));
        assert_eq!(
            reads.caller(&session(1), NOW, due),
            Some(("ada", Some(NOW)))
        );
    }

    #[test]
    fn a_full_map_is_forgotten_whole() {
        let reads = listening();
        let ticket = reads.ticket().expect("listening");
        for n in 0..MATCHES_KEPT as u128 {
            reads.keep_match(ticket, Uuid::from_u128(n), "kept");
        }
        assert_eq!(reads.a_match(Uuid::from_u128(0)), Some("kept"));
        reads.keep_match(ticket, Uuid::from_u128(u128::MAX), "one more");
        assert_eq!(reads.a_match(Uuid::from_u128(0)), None);
        assert_eq!(reads.a_match(Uuid::from_u128(u128::MAX)), Some("one more"));
    }
}

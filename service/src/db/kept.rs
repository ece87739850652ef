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
//!   and what it read is kept only if nothing that it could have read was forgotten since: a
//!   change that committed after the read's snapshot was told after the ticket, so either it
//!   prevents keeping, or it removes what was kept. A match's forgetting stops only the reads
//!   of the matches that share its stripe ([`STRIPES`]), so that the moves of other matches,
//!   told all the time under load, do not stop every read from being kept.
//! - **Moves, told with their version.** A move's notification carries the version it wrote
//!   ([`KeptReads::told_moved`]): a process that keeps the match at that version or a newer
//!   one forgets nothing; any other notes the version told, and keeps no read of the match
//!   older than it, without stopping the other reads in flight. A move made here keeps the
//!   row it wrote ([`KeptReads::keep_written`]) with the ticket it took before it read the
//!   match. A read never replaces a newer version of a match with an older one.
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
/// The stripes of the matches' forgettings: forgetting a match stops the reads in flight of
/// the matches of its stripe, not of every match.
const STRIPES: usize = 256;

/// What a kept match says of itself to be kept right: its version (a match's version rises
/// with each change of play).
pub trait Versioned {
    fn version(&self) -> i64;
}

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
    /// Rises with every forgetting of callers or of everything.
    generation: u64,
    /// Rise with every forgetting of a match of their stripe ([`stripe`]).
    stripes: Box<[u64; STRIPES]>,
    matches: HashMap<Uuid, Entry<M>>,
    callers: HashMap<CallerKey, KeptCaller<C>>,
}

struct Kept<T> {
    value: T,
    read_at: Instant,
}

/// What a process knows of a match: kept, or only the version a move was told at (nothing
/// older may be kept).
enum Entry<M> {
    Kept(Kept<M>),
    Told(i64),
}

impl<M: Versioned> Entry<M> {
    /// `value`, kept now.
    fn kept(value: M) -> Entry<M> {
        Entry::Kept(Kept {
            value,
            read_at: Instant::now(),
        })
    }

    /// The newest version known of the match.
    fn version(&self) -> i64 {
        match self {
            Entry::Kept(kept) => kept.value.version(),
            Entry::Told(version) => *version,
        }
    }
}

struct KeptCaller<C> {
    kept: Kept<C>,
    user_id: Uuid,
    /// The caller's last use as written, or as this process is writing it.
    last_used_at: Option<OffsetDateTime>,
}

/// Taken before a read of the database: what it read may be kept only if nothing it could
/// have read was forgotten since. A ticket for a match ([`KeptReads::ticket_for`]) also
/// counts the forgettings of its stripe; any ticket may keep callers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    generation: u64,
    /// The stripe of the match read, and its forgettings.
    stripe: Option<(usize, u64)>,
}

/// The stripe of match `id`.
fn stripe(id: Uuid) -> usize {
    // The low bits of a UUID (v4 or v7) are random.
    (id.as_u64_pair().1 % STRIPES as u64) as usize
}

impl<M, C> Default for KeptReads<M, C> {
    fn default() -> Self {
        KeptReads {
            inner: Mutex::new(Inner {
                live: false,
                generation: 0,
                stripes: Box::new([0; STRIPES]),
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

impl<M: Clone + Versioned, C: Clone> KeptReads<M, C> {
    /// The ticket of a read about to ask the database for callers only; `None` while nothing
    /// may be kept (the listener is not listening).
    pub fn ticket(&self) -> Option<Ticket> {
        let inner = self.lock();
        inner.live.then_some(Ticket {
            generation: inner.generation,
            stripe: None,
        })
    }

    /// The ticket of a read about to ask the database for match `id` (and its caller).
    pub fn ticket_for(&self, id: Uuid) -> Option<Ticket> {
        let inner = self.lock();
        let stripe = stripe(id);
        inner.live.then_some(Ticket {
            generation: inner.generation,
            stripe: Some((stripe, inner.stripes[stripe])),
        })
    }

    /// Match `id` as kept, if it is and may be served.
    pub fn a_match(&self, id: Uuid) -> Option<M> {
        let inner = self.lock();
        match inner.matches.get(&id).filter(|_| inner.live)? {
            Entry::Kept(kept) => fresh(kept, Instant::now()).then(|| kept.value.clone()),
            Entry::Told(_) => None,
        }
    }

    /// Keeps match `id` as a read that took `ticket` found it, unless something it could have
    /// read was forgotten since, or a newer version of the match is known.
    pub fn keep_match(&self, ticket: Ticket, id: Uuid, value: M) {
        let mut inner = self.lock();
        if inner.may_keep_match(ticket, id) && !inner.newer_known(id, &value) {
            inner.keep(id, Entry::kept(value));
        }
    }

    /// Keeps match `id` as this process has just written it (a move that committed), if
    /// nothing it could have read was forgotten since `ticket`, taken before the match was
    /// read for the move, and no newer version is known; else notes the version written, so
    /// that no older read of the match is kept.
    pub fn keep_written(&self, ticket: Option<Ticket>, id: Uuid, value: M) {
        let mut inner = self.lock();
        if inner.newer_known(id, &value) {
            return;
        }
        let may = ticket.is_some_and(|ticket| inner.may_keep_match(ticket, id));
        let entry = if may {
            Entry::kept(value)
        } else {
            Entry::Told(value.version())
        };
        if inner.live {
            inner.keep(id, entry);
        }
    }

    /// Match `id` now stands at `version` at least (a move, told by the process that made it):
    /// unless what is kept is as new, it is forgotten and no read older than `version` is
    /// kept any more.
    pub fn told_moved(&self, id: Uuid, version: i64) {
        let mut inner = self.lock();
        let known = inner.matches.get(&id).map(Entry::version);
        if inner.live && known.is_none_or(|known| known < version) {
            inner.keep(id, Entry::Told(version));
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
        if inner.live && inner.generation == ticket.generation {
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
        self.lock().forget_match(id);
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

impl<M, C> Inner<M, C> {
    /// Whether a read of match `id` that took `ticket` may keep what it read.
    fn may_keep_match(&self, ticket: Ticket, id: Uuid) -> bool {
        let stripe = stripe(id);
        self.live
            && self.generation == ticket.generation
            && ticket.stripe == Some((stripe, self.stripes[stripe]))
    }

    /// Whether a version of match `id` newer than `value` is known.
    fn newer_known(&self, id: Uuid, value: &M) -> bool
    where
        M: Versioned,
    {
        self.matches
            .get(&id)
            .is_some_and(|known| known.version() > value.version())
    }

    fn keep(&mut self, id: Uuid, entry: Entry<M>) {
        if self.matches.len() >= MATCHES_KEPT && !self.matches.contains_key(&id) {
            // The versions told go with what was kept: no read in flight may keep anything.
            self.generation += 1;
            self.matches.clear();
        }
        self.matches.insert(id, entry);
    }

    fn forget_match(&mut self, id: Uuid) {
        self.stripes[stripe(id)] += 1;
        self.matches.remove(&id);
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

    /// A match kept in these tests: its version, and a word to tell the reads apart.
    type Row = (i64, &'static str);

    impl Versioned for Row {
        fn version(&self) -> i64 {
            self.0
        }
    }

    type Reads = KeptReads<Row, &'static str>;

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
        let ticket = live.ticket_for(Uuid::nil()).expect("listening");
        live.keep_match(ticket, Uuid::nil(), (1, "v1"));
        assert_eq!(live.a_match(Uuid::nil()), Some((1, "v1")));
        live.listening(false);
        assert_eq!(live.a_match(Uuid::nil()), None);
        assert_eq!(live.ticket(), None);
        live.keep_match(ticket, Uuid::nil(), (1, "v1"));
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
        // `b` shares `a`'s stripe, `c` does not.
        let (a, b, c) = (Uuid::from_u128(1), Uuid::from_u128(257), Uuid::from_u128(2));
        let ticket = reads.ticket_for(a).expect("listening");
        reads.forget_match(b);
        reads.keep_match(ticket, a, (1, "before the change"));
        assert_eq!(reads.a_match(a), None);
        let ticket = reads.ticket_for(a).expect("listening");
        reads.forget_match(c);
        reads.keep_match(ticket, a, (1, "after it"));
        assert_eq!(reads.a_match(a), Some((1, "after it")));
        reads.forget_match(a);
        assert_eq!(reads.a_match(a), None);
        let ticket = reads.ticket_for(a).expect("listening");
        reads.forget_user(Uuid::nil());
        reads.keep_match(ticket, a, (1, "before a player's change"));
        assert_eq!(
            reads.a_match(a),
            None,
            "a player's forgetting stops every read"
        );
    }

    #[test]
    fn a_read_never_replaces_a_newer_version_kept() {
        let reads = listening();
        let a = Uuid::from_u128(1);
        let (slow, fast) = (reads.ticket_for(a), reads.ticket_for(a));
        reads.keep_match(fast.expect("listening"), a, (2, "new"));
        reads.keep_match(slow.expect("listening"), a, (1, "old"));
        assert_eq!(reads.a_match(a), Some((2, "new")));
    }

    #[test]
    fn a_move_written_here_is_kept_and_its_own_notification_forgets_nothing() {
        let reads = listening();
        let a = Uuid::from_u128(1);
        let read_for_the_move = reads.ticket_for(a);
        let read_for_a_view = reads.ticket_for(a);
        reads.keep_written(read_for_the_move, a, (2, "written"));
        assert_eq!(reads.a_match(a), Some((2, "written")));
        // A view that read the match before the move committed keeps nothing.
        reads.keep_match(read_for_a_view.expect("listening"), a, (1, "read before"));
        assert_eq!(reads.a_match(a), Some((2, "written")));
        reads.told_moved(a, 2);
        assert_eq!(reads.a_match(a), Some((2, "written")), "its own move");
        reads.told_moved(a, 3);
        assert_eq!(reads.a_match(a), None, "another process's move");
    }

    #[test]
    fn a_move_told_stops_only_the_older_reads_of_its_match() {
        let reads = listening();
        let a = Uuid::from_u128(1);
        let (for_a_move, for_a_view, for_another_view) = (
            reads.ticket_for(a),
            reads.ticket_for(a),
            reads.ticket_for(a),
        );
        // Told of a move to version 5 while nothing of the match is kept.
        reads.told_moved(a, 5);
        reads.keep_match(for_a_view.expect("listening"), a, (4, "read before it"));
        assert_eq!(reads.a_match(a), None);
        reads.keep_written(for_a_move, a, (6, "the next move, made here"));
        assert_eq!(reads.a_match(a), Some((6, "the next move, made here")));
        reads.keep_match(
            for_another_view.expect("listening"),
            a,
            (5, "read after it"),
        );
        assert_eq!(reads.a_match(a), Some((6, "the next move, made here")));
    }

    #[test]
    fn a_move_written_after_a_change_was_told_is_not_kept() {
        let reads = listening();
        let a = Uuid::from_u128(1);
        let ticket = reads.ticket_for(a);
        reads.told_moved(a, 3);
        reads.keep_written(ticket, a, (2, "written"));
        assert_eq!(reads.a_match(a), None);
        reads.keep_written(None, a, (4, "written while not listening"));
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
        let keep = |n: u128, value: Row| {
            let id = Uuid::from_u128(n);
            reads.keep_match(reads.ticket_for(id).expect("listening"), id, value);
        };
        for n in 0..MATCHES_KEPT as u128 {
            keep(n, (1, "kept"));
        }
        assert_eq!(reads.a_match(Uuid::from_u128(0)), Some((1, "kept")));
        keep(u128::MAX, (1, "one more"));
        assert_eq!(reads.a_match(Uuid::from_u128(0)), None);
        assert_eq!(
            reads.a_match(Uuid::from_u128(u128::MAX)),
            Some((1, "one more"))
        );
    }
}

//! The handle every use case takes ([`Services`]): the connection pool, the deployment's
//! [`Settings`], the keys and password hasher made from them, and this process's hub of live
//! events.

use std::sync::Arc;

use diesel_async::AsyncPgConnection;
use diesel_async::pooled_connection::deadpool::Object;
use uuid::Uuid;

use crate::activity::Activity;
use crate::db::DbPool;
use crate::db::kept::KeptReads;
use crate::delivery::webhooks::network::install_tls_provider;
use crate::error::ServiceResult;
use crate::events::{EventHub, StreamGate};
use crate::identity::confirmed::KeptCaller;
use crate::identity::passwords::{Hasher, PasswordHashing};
use crate::identity::session_tokens::JwtKeys;
use crate::identity::throttle::SignInLimits;
use crate::matches::KeptMatch;
use crate::matches::notices::MoveNotices;
use crate::quotas::Quotas;
use crate::time::wall_clock::Clock;
use crate::tournaments::StandingsCache;

/// What the use cases need to know about their deployment.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The HS256 secret that signs session tokens.
    pub jwt_secret: Vec<u8>,
    /// How long a session token stays valid.
    pub jwt_ttl: time::Duration,
    pub password_hashing: PasswordHashing,
    pub sign_in_limits: SignInLimits,
    /// Days of vacation each player may take per calendar year (`TAPIS_VACATION_DAYS`).
    pub vacation_days_per_year: u16,
    /// What time it is for deadlines and vacations: [`Clock::system`] in production.
    pub clock: Clock,
    /// Webhooks may call this machine over plain http (`http://127.0.0.1`, `localhost`) and
    /// any address: true in development only. In production only `https` URLs to public
    /// addresses are called (`delivery::webhooks`).
    pub webhooks_allow_local: bool,
    /// What one client may take of what all share (`docs/limits.md`).
    pub quotas: Quotas,
}

/// The vacation allowance when none is configured: 14 days per calendar year.
pub const DEFAULT_VACATION_DAYS: u16 = 14;

/// The shared handle every use case takes: the pool and the settings.
#[derive(Clone)]
pub struct Services {
    pub pool: DbPool,
    inner: Arc<Inner>,
}

struct Inner {
    settings: Settings,
    keys: JwtKeys,
    passwords: Hasher,
    events: Arc<EventHub>,
    streams: Arc<StreamGate>,
    activity: Arc<Activity>,
    standings: StandingsCache,
    move_notices: Arc<MoveNotices>,
    reads: Arc<Reads>,
}

/// The reads this process keeps (`db::kept`): matches and callers.
pub(crate) type Reads = KeptReads<Arc<KeptMatch>, KeptCaller>;

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Services").finish_non_exhaustive()
    }
}

impl Services {
    /// Prepares the services (this hashes a dummy password once, off the async threads).
    pub async fn new(pool: DbPool, settings: Settings) -> ServiceResult<Services> {
        // Before any HTTP client of this process is built (the webhook sender's, tests').
        install_tls_provider();
        let passwords = Hasher::new(settings.password_hashing).await?;
        let keys = JwtKeys::new(&settings.jwt_secret);
        let streams = Arc::new(StreamGate::new(settings.quotas.streams));
        Ok(Services {
            pool,
            inner: Arc::new(Inner {
                settings,
                keys,
                passwords,
                events: Arc::default(),
                streams,
                activity: Arc::default(),
                standings: StandingsCache::default(),
                move_notices: Arc::default(),
                reads: Arc::default(),
            }),
        })
    }

    /// The deployment settings.
    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// This process's hub of live events (run by [`crate::events::run`]).
    pub fn events(&self) -> &Arc<EventHub> {
        &self.inner.events
    }

    /// The door of this process's event streams (their caps).
    pub fn streams(&self) -> &Arc<StreamGate> {
        &self.inner.streams
    }

    /// How busy this process is with requests (the HTTP server notes each one).
    pub fn activity(&self) -> &Arc<Activity> {
        &self.inner.activity
    }

    /// The current time, by the deployment's clock (to the microsecond).
    pub fn now(&self) -> time::OffsetDateTime {
        self.inner.settings.clock.now()
    }

    /// The tournaments' standings this process keeps.
    pub(crate) fn standings_cache(&self) -> &StandingsCache {
        &self.inner.standings
    }

    /// The notifications of this process's moves, sent after their commits.
    pub(crate) fn move_notices(&self) -> &Arc<MoveNotices> {
        &self.inner.move_notices
    }

    pub(crate) fn keys(&self) -> &JwtKeys {
        &self.inner.keys
    }

    pub(crate) fn passwords(&self) -> &Hasher {
        &self.inner.passwords
    }

    /// The reads this process keeps (`db::kept`).
    pub(crate) fn reads(&self) -> &Reads {
        &self.inner.reads
    }

    /// A pooled connection for work that may change what this process keeps (a match, a
    /// session or token, a player): everything kept is forgotten when it goes back to the pool,
    /// its work done (`db::kept`). The safe choice, and the one to take when unsure.
    pub(crate) async fn conn(&self) -> ServiceResult<Conn> {
        Ok(Conn {
            pooled: self.pool.get().await?,
            _forgets: Some(Forgets(Arc::clone(&self.inner.reads), None)),
        })
    }

    /// A pooled connection for work that changes one match and nothing else this process keeps
    /// (joining it, resigning it...): that match is forgotten when it goes back to the pool,
    /// and the rest stays kept.
    pub(crate) async fn conn_changing_match(&self, id: Uuid) -> ServiceResult<Conn> {
        Ok(Conn {
            pooled: self.pool.get().await?,
            _forgets: Some(Forgets(Arc::clone(&self.inner.reads), Some(id))),
        })
    }

    /// A pooled connection for work that changes nothing this process keeps: reads, and writes
    /// of other tables (events, deliveries, the last use of a session or token, which the kept
    /// caller follows itself), or of one match that the work forgets itself (a move).
    pub(crate) async fn conn_keeping(&self) -> ServiceResult<Conn> {
        Ok(Conn {
            pooled: self.pool.get().await?,
            _forgets: None,
        })
    }

    /// Whether the database answers (for health checks).
    pub async fn database_is_up(&self) -> bool {
        use diesel_async::RunQueryDsl;
        let Ok(mut conn) = self.pool.get().await else {
            return false;
        };
        diesel::sql_query("SELECT 1")
            .execute(&mut conn)
            .await
            .is_ok()
    }
}

/// A pooled connection ([`Services::conn`]), which forgets the reads the process keeps when it
/// goes back to the pool if its work may have changed them.
pub(crate) struct Conn {
    pooled: Object<AsyncPgConnection>,
    _forgets: Option<Forgets>,
}

/// Forgets every read the process keeps when dropped, or only the match it names.
struct Forgets(Arc<Reads>, Option<Uuid>);

impl Drop for Forgets {
    fn drop(&mut self) {
        match self.1 {
            Some(id) => self.0.forget_match(id),
            None => self.0.forget_all(),
        }
    }
}

impl Conn {
    /// The pooled connection itself (the forgetting, if any, happens now).
    pub(crate) fn into_pooled(self) -> Object<AsyncPgConnection> {
        self.pooled
    }
}

impl std::ops::Deref for Conn {
    type Target = AsyncPgConnection;

    fn deref(&self) -> &AsyncPgConnection {
        &self.pooled
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut AsyncPgConnection {
        &mut self.pooled
    }
}

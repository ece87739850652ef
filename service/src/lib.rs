//! Tapis's use cases over PostgreSQL: accounts and tokens, matches and their turn logs, fair
//! dice, the correspondence clock, vacations, Elo ratings and offline verification of finished
//! matches.
//!
//! Presentation layers (`tapis-api`, `tapis-web`) call these functions and map
//! [`ServiceError`] to their own responses; they never touch SQL or game rules themselves.

pub mod accounts;
pub mod auth;
pub mod bots;
pub mod clock;
pub mod db;
pub mod error;
pub mod events;
pub mod fairness;
pub mod games;
pub mod matches;
pub mod notifications;
pub mod outbox;
mod passwords;
pub mod players;
pub mod ratings;
pub mod schema;
pub mod sessions;
mod throttle;
pub mod vacation;
pub mod verify;
pub mod wall_clock;
pub mod webhooks;

use std::sync::Arc;

pub use auth::Identity;
pub use db::DbPool;
pub use error::{ServiceError, ServiceResult};
pub use throttle::SignInLimits;
pub use wall_clock::{Clock, ClockHand};

/// Cost of the argon2id password hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordHashing {
    /// Memory in KiB (production: at least 19 MiB).
    pub memory_kib: u32,
    /// Number of passes (production: at least 2).
    pub iterations: u32,
}

impl PasswordHashing {
    /// The production setting: 19 MiB, 2 passes, 1 lane (OWASP's argon2id baseline).
    pub const PRODUCTION: PasswordHashing = PasswordHashing {
        memory_kib: 19 * 1024,
        iterations: 2,
    };
    /// A cheap setting for tests only.
    pub const TESTING: PasswordHashing = PasswordHashing {
        memory_kib: 64,
        iterations: 1,
    };
}

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
    /// addresses are called (`webhooks`).
    pub webhooks_allow_local: bool,
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
    keys: auth::JwtKeys,
    passwords: passwords::Hasher,
    events: Arc<events::EventHub>,
}

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Services").finish_non_exhaustive()
    }
}

impl Services {
    /// Prepares the services (this hashes a dummy password once, off the async threads).
    pub async fn new(pool: DbPool, settings: Settings) -> ServiceResult<Services> {
        // Before any HTTP client of this process is built (the webhook sender's, tests').
        webhooks::install_tls_provider();
        let passwords = passwords::Hasher::new(settings.password_hashing).await?;
        let keys = auth::JwtKeys::new(&settings.jwt_secret);
        Ok(Services {
            pool,
            inner: Arc::new(Inner {
                settings,
                keys,
                passwords,
                events: Arc::default(),
            }),
        })
    }

    /// The deployment settings.
    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// This process's hub of live events (run by [`events::run`]).
    pub fn events(&self) -> &Arc<events::EventHub> {
        &self.inner.events
    }

    /// The current time, by the deployment's clock (to the microsecond).
    pub fn now(&self) -> time::OffsetDateTime {
        self.inner.settings.clock.now()
    }

    pub(crate) fn keys(&self) -> &auth::JwtKeys {
        &self.inner.keys
    }

    pub(crate) fn passwords(&self) -> &passwords::Hasher {
        &self.inner.passwords
    }

    /// A pooled connection.
    pub(crate) async fn conn(
        &self,
    ) -> ServiceResult<
        diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>,
    > {
        Ok(self.pool.get().await?)
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

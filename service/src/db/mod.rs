//! Connection pool and embedded migrations; the count of what the database does for a
//! request ([`work`]); statements written out by hand ([`fragment`]).

pub(crate) mod fragment;
pub mod json_text;
pub mod kept;
pub mod work;

use diesel::migration::MigrationVersion;
use diesel::result::{OptionalExtension, QueryResult};
use diesel_async::AsyncPgConnection;
use diesel_async::pooled_connection::deadpool::Pool;
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::error::{ServiceError, ServiceResult};

/// A statement's single row, or [`ServiceError::NotFound`] naming what was looked for when
/// there is none (any other failure as it is).
pub(crate) trait OrNotFound<T> {
    fn or_not_found(self, what: &'static str) -> ServiceResult<T>;
}

impl<T> OrNotFound<T> for QueryResult<T> {
    fn or_not_found(self, what: &'static str) -> ServiceResult<T> {
        self.optional()?.ok_or(ServiceError::NotFound(what))
    }
}

/// The pool every use case borrows connections from.
pub type DbPool = Pool<AsyncPgConnection>;

/// Every migration of `migrations/`, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

/// Failure to reach or prepare the database.
#[derive(Debug, thiserror::Error)]
pub enum DbSetupError {
    #[error("cannot build the connection pool: {0}")]
    Pool(String),
    #[error("cannot connect to the database: {0}")]
    Connect(String),
    #[error("migration failed: {0}")]
    Migration(String),
}

/// How long a request waits for a free connection, or for a new one to be established.
pub const CONNECTION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Builds a pool of at most `max_size` connections to `database_url`.
///
/// A connection going back to a caller is not checked with a query (`RecyclingMethod::Fast`:
/// the default, `Verified`, costs a round trip and a transaction on every checkout, as many
/// as the work of a move). A connection is still dropped, and replaced by a new one, when it
/// was left inside a transaction or its socket is closed (the server ended it, or restarted):
/// its background task notices the closed socket at once. What remains is the moment between
/// the server going away and that notice, the same as with a check, which can fail just after
/// it: the request then fails with a database error and the connection is not reused.
pub fn pool(database_url: &str, max_size: usize) -> Result<DbPool, DbSetupError> {
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    // Every connection reports its statements, counted for the requests that ask (`work`).
    config.custom_setup = Box::new(|url| {
        Box::pin(async move {
            use diesel_async::AsyncConnection;
            let mut conn = AsyncPgConnection::establish(url).await?;
            conn.set_instrumentation(work::Tally);
            Ok(conn)
        })
    });
    let manager =
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config);
    Pool::builder(manager)
        .max_size(max_size)
        // During an outage a request fails within seconds (503, `database_unavailable`)
        // instead of waiting for a connection that will not come.
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(CONNECTION_TIMEOUT))
        .create_timeout(Some(CONNECTION_TIMEOUT))
        .build()
        .map_err(|e| DbSetupError::Pool(e.to_string()))
}

/// Runs a migration task on a blocking thread with its own connection.
async fn with_harness<T: Send + 'static>(
    database_url: &str,
    task: impl FnOnce(
        &mut diesel_async::AsyncMigrationHarness<AsyncPgConnection>,
    ) -> Result<T, DbSetupError>
    + Send
    + 'static,
) -> Result<T, DbSetupError> {
    use diesel_async::AsyncConnection;
    let connection = AsyncPgConnection::establish(database_url)
        .await
        .map_err(|e| DbSetupError::Connect(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let mut harness = diesel_async::AsyncMigrationHarness::new(connection);
        task(&mut harness)
    })
    .await
    .map_err(|e| DbSetupError::Migration(e.to_string()))?
}

/// The versions of the migrations a harness applied or reverted, as text.
fn versions_done(
    done: diesel::migration::Result<Vec<MigrationVersion<'_>>>,
) -> Result<Vec<String>, DbSetupError> {
    done.map(|versions| versions.iter().map(ToString::to_string).collect())
        .map_err(|e| DbSetupError::Migration(e.to_string()))
}

/// Applies every pending migration; returns the versions applied.
pub async fn run_migrations(database_url: &str) -> Result<Vec<String>, DbSetupError> {
    with_harness(database_url, |harness| {
        versions_done(harness.run_pending_migrations(MIGRATIONS))
    })
    .await
}

/// Reverts every applied migration (used by the migration round-trip test).
pub async fn revert_all_migrations(database_url: &str) -> Result<Vec<String>, DbSetupError> {
    with_harness(database_url, |harness| {
        versions_done(harness.revert_all_migrations(MIGRATIONS))
    })
    .await
}

//! The per-test database: every test gets a database of its own, cloned from a migrated
//! template (`CREATE DATABASE ... TEMPLATE ...`) and dropped when the test ends.
//!
//! The server to create databases on comes from `TAPIS_TEST_DATABASE_URL` (a maintenance
//! database URL, set by `scripts/test.sh`). Without it the tests fail: they never skip.

use std::path::{Path, PathBuf};
use std::time::Duration;

use diesel::sql_types::Text;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use sha2::{Digest, Sha256};

/// The advisory lock under which one test process builds the template while the others wait.
const TEMPLATE_LOCK: i64 = 73247;

fn admin_url() -> String {
    std::env::var("TAPIS_TEST_DATABASE_URL").expect(
        "TAPIS_TEST_DATABASE_URL must name a PostgreSQL maintenance database \
         (scripts/test.sh sets it up)",
    )
}

fn url_for(database: &str) -> String {
    let admin = admin_url();
    match admin.rsplit_once('/') {
        Some((server, _)) => format!("{server}/{database}"),
        None => panic!("TAPIS_TEST_DATABASE_URL has no database part: {admin}"),
    }
}

async fn admin() -> AsyncPgConnection {
    AsyncPgConnection::establish(&admin_url())
        .await
        .expect("cannot connect to TAPIS_TEST_DATABASE_URL")
}

/// The template's name changes whenever a migration changes.
fn template_name() -> String {
    let mut hasher = Sha256::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations");
    let mut entries: Vec<_> = walk(Path::new(dir));
    entries.sort();
    for path in entries {
        hasher.update(path.to_string_lossy().as_bytes());
        hasher.update(std::fs::read(&path).unwrap());
    }
    format!("tapis_template_{}", &hex::encode(hasher.finalize())[..16])
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

async fn ensure_template() -> String {
    let name = template_name();
    let mut conn = admin().await;
    // Test processes run in parallel: one builds the template, the others wait for it.
    diesel::sql_query(format!("SELECT pg_advisory_lock({TEMPLATE_LOCK})"))
        .execute(&mut conn)
        .await
        .unwrap();
    if !database_exists(&mut conn, &name).await {
        let building = format!("{name}_building");
        diesel::sql_query(format!("DROP DATABASE IF EXISTS {building}"))
            .execute(&mut conn)
            .await
            .unwrap();
        diesel::sql_query(format!("CREATE DATABASE {building}"))
            .execute(&mut conn)
            .await
            .unwrap();
        tapis_service::db::run_migrations(&url_for(&building))
            .await
            .expect("migrations failed on the template");
        diesel::sql_query(format!("ALTER DATABASE {building} RENAME TO {name}"))
            .execute(&mut conn)
            .await
            .unwrap();
    }
    diesel::sql_query(format!("SELECT pg_advisory_unlock({TEMPLATE_LOCK})"))
        .execute(&mut conn)
        .await
        .unwrap();
    name
}

#[derive(diesel::QueryableByName)]
struct Exists {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    exists: bool,
}

async fn database_exists(conn: &mut AsyncPgConnection, name: &str) -> bool {
    let rows: Vec<Exists> =
        diesel::sql_query("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS exists")
            .bind::<Text, _>(name)
            .load(conn)
            .await
            .unwrap();
    rows.into_iter().next().is_some_and(|r| r.exists)
}

/// A database of its own for one test, dropped when the test ends.
#[derive(Debug)]
pub struct TestDb {
    pub name: String,
    pub url: String,
}

impl TestDb {
    /// A fresh, migrated database.
    pub async fn migrated() -> TestDb {
        let template = ensure_template().await;
        TestDb::create(Some(&template)).await
    }

    /// A fresh, empty database (no migrations).
    pub async fn empty() -> TestDb {
        TestDb::create(None).await
    }

    async fn create(template: Option<&str>) -> TestDb {
        let name = format!("tapis_test_{}", uuid::Uuid::new_v4().simple());
        let sql = match template {
            Some(template) => format!("CREATE DATABASE {name} TEMPLATE {template}"),
            None => format!("CREATE DATABASE {name}"),
        };
        let mut conn = admin().await;
        // Cloning fails while another session is connected to the template: retry briefly.
        let mut attempts = 0;
        loop {
            match diesel::sql_query(&sql).execute(&mut conn).await {
                Ok(_) => break,
                Err(_) if attempts < 50 => {
                    attempts += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("cannot create {name}: {e}"),
            }
        }
        TestDb {
            url: url_for(&name),
            name,
        }
    }

    /// A direct connection, for tests that look at or change rows.
    pub async fn connect(&self) -> AsyncPgConnection {
        AsyncPgConnection::establish(&self.url).await.unwrap()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let name = self.name.clone();
        // Async work cannot run in drop: use a short-lived runtime on a thread of its own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let mut conn = admin().await;
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn)
                    .await;
            });
        })
        .join();
    }
}

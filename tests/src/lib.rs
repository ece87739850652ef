//! The integration-test harness: every test gets its own database, cloned from a migrated
//! template (`CREATE DATABASE ... TEMPLATE ...`), and the real app started on a free port,
//! talked to over HTTP.
//!
//! The server to create databases on comes from `TAPIS_TEST_DATABASE_URL` (a maintenance
//! database URL, set by `scripts/test.sh`). Without it the tests fail: they never skip.

#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod receiver;

use std::time::Duration;

use diesel::sql_types::Text;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tapis_bots::Budget;
use tapis_server::{
    Application, Background, HttpSettings, MailSettings, OutboxSettings, WorkerSettings,
};
use tapis_service::{Clock, ClockHand, PasswordHashing, Services, Settings, SignInLimits};

/// The JWT secret of test apps (tests forge tokens with it and with others).
pub const TEST_JWT_SECRET: &[u8] = b"test-secret-test-secret-test-secret!";

/// How often the test app's clock looks for overdue turns.
pub const TEST_CLOCK_INTERVAL: Duration = Duration::from_millis(100);

/// The test app's bot worker: it looks for bot turns often and thinks briefly, so that tests
/// wait little (the levels' full budgets are measured by the arena, not here).
pub const TEST_BOTS: WorkerSettings = WorkerSettings {
    interval: Duration::from_millis(20),
    concurrency: 2,
    claim: Duration::from_secs(30),
    budget: Some(Budget { iterations: 200 }),
    // Only the tests that play Yams or 5000 against a strong bot need the solved tables: they
    // work them out then.
    warm_up: false,
};

/// The test app's webhook sender: it looks for due deliveries often; retries and giving up
/// follow the production figures, on the app's adjustable clock.
pub const TEST_WEBHOOKS: OutboxSettings = OutboxSettings {
    interval: Duration::from_millis(100),
    batch: 16,
    lease: Duration::from_secs(60),
    first_backoff: Duration::from_secs(30),
    max_backoff: Duration::from_secs(3600),
    give_up_after: Duration::from_secs(24 * 3600),
};

/// No bot worker (for tests that leave bot turns pending).
pub const NO_BOTS: WorkerSettings = WorkerSettings {
    interval: Duration::from_millis(50),
    concurrency: 0,
    claim: Duration::from_secs(30),
    budget: None,
    warm_up: false,
};

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
    let mut entries: Vec<_> = walk(std::path::Path::new(dir));
    entries.sort();
    for path in entries {
        hasher.update(path.to_string_lossy().as_bytes());
        hasher.update(std::fs::read(&path).unwrap());
    }
    format!("tapis_template_{}", &hex::encode(hasher.finalize())[..16])
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
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
    diesel::sql_query("SELECT pg_advisory_lock(73247)")
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
    diesel::sql_query("SELECT pg_advisory_unlock(73247)")
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
                Err(e) if attempts < 50 => {
                    attempts += 1;
                    let _ = e;
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

/// A response: status, headers and JSON body (`Null` when there is none).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    /// The problem `code`, for error responses.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }
}

/// The real app, on its own database and a free port.
#[derive(Debug)]
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub services: Services,
    pub db: TestDb,
    /// The app's clock (deadlines, vacations): it runs with the system's time until a test
    /// moves it forward (`app.clock_hand.advance(...)`), in every process of the app.
    pub clock_hand: ClockHand,
    clock: Clock,
}

impl TestApp {
    /// Starts an app with the default sign-in limits.
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(SignInLimits::default()).await
    }

    pub async fn spawn_with(limits: SignInLimits) -> TestApp {
        TestApp::spawn_configured(limits, HttpSettings::default()).await
    }

    /// Starts an app with these sign-in limits and HTTP settings (production's cookies and
    /// HSTS, a trusted proxy header...).
    pub async fn spawn_configured(limits: SignInLimits, http: HttpSettings) -> TestApp {
        TestApp::spawn_full(limits, http, TEST_BOTS).await
    }

    /// Starts an app whose bot worker runs with `bots`.
    pub async fn spawn_with_bots(bots: WorkerSettings) -> TestApp {
        TestApp::spawn_full(SignInLimits::default(), HttpSettings::default(), bots).await
    }

    /// Starts an app whose webhooks follow development's rules (`allow_local`: http to this
    /// machine, any address) or production's (https to public addresses only).
    pub async fn spawn_with_webhooks(allow_local: bool) -> TestApp {
        let db = TestDb::migrated().await;
        let (clock, clock_hand) = Clock::adjustable();
        let (base, services) = start_app(
            &db.url,
            SignInLimits::default(),
            HttpSettings::default(),
            TEST_BOTS,
            clock.clone(),
            allow_local,
            None,
        )
        .await;
        TestApp {
            base,
            client: reqwest::Client::new(),
            services,
            db,
            clock_hand,
            clock,
        }
    }

    async fn spawn_full(limits: SignInLimits, http: HttpSettings, bots: WorkerSettings) -> TestApp {
        TestApp::spawn_all(limits, http, bots, None).await
    }

    /// Starts an app whose mail sender sends by SMTP to `127.0.0.1:{smtp_port}` (nothing
    /// need listen there yet), with links to [`TEST_PUBLIC_URL`].
    pub async fn spawn_mailing(smtp_port: u16) -> TestApp {
        TestApp::spawn_all(
            SignInLimits::default(),
            HttpSettings::default(),
            NO_BOTS,
            Some(test_mail_settings(smtp_port)),
        )
        .await
    }

    async fn spawn_all(
        limits: SignInLimits,
        http: HttpSettings,
        bots: WorkerSettings,
        mail: Option<MailSettings>,
    ) -> TestApp {
        let db = TestDb::migrated().await;
        let (clock, clock_hand) = Clock::adjustable();
        let (base, services) =
            start_app(&db.url, limits, http, bots, clock.clone(), true, mail).await;
        TestApp {
            base,
            client: reqwest::Client::new(),
            services,
            db,
            clock_hand,
            clock,
        }
    }

    /// Starts another app (another server process, as far as the database can tell) on this
    /// app's database; returns its base URL.
    pub async fn start_another(&self, bots: WorkerSettings) -> String {
        start_app(
            &self.db.url,
            SignInLimits::default(),
            HttpSettings::default(),
            bots,
            self.clock.clone(),
            self.services.settings().webhooks_allow_local,
            None,
        )
        .await
        .0
    }

    async fn send(&self, request: reqwest::RequestBuilder, token: Option<&str>) -> Reply {
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        let response = request.send().await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(self.client.get(format!("{}{path}", self.base)), token)
            .await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(
            self.client.post(format!("{}{path}", self.base)).json(&body),
            token,
        )
        .await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(self.client.delete(format!("{}{path}", self.base)), token)
            .await
    }

    /// Signs a new player up; returns their session token.
    pub async fn player(&self, username: &str) -> String {
        let reply = self
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": username, "password": "correct horse"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Signs an existing player in again; returns a new session token.
    pub async fn sign_in(&self, username: &str) -> String {
        let reply = self
            .post(
                "/api/v1/sessions",
                None,
                json!({"username": username, "password": "correct horse"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Creates a match of `game` for `tokens.len()` players and has the others join it.
    /// Returns the match view after the last join. The first throw may end a match (five 1s
    /// at 5000, once in 7,776 matches): such a match is left finished and another one started,
    /// since the tests need one in play.
    pub async fn started_match(&self, game: &str, tokens: &[&str], extra: Value) -> Value {
        for _ in 0..3 {
            let view = self.create_and_join(game, tokens, &extra).await;
            if view["status"] != "finished" {
                return view;
            }
        }
        panic!("{game}: three matches in a row were over at their first throw");
    }

    async fn create_and_join(&self, game: &str, tokens: &[&str], extra: &Value) -> Value {
        let mut body = json!({"game": game, "seats": tokens.len()});
        if let (Some(target), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            for (k, v) in extra {
                target.insert(k.clone(), v.clone());
            }
        }
        let created = self.post("/api/v1/matches", Some(tokens[0]), body).await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        let id = created.body["id"].as_str().unwrap().to_owned();
        let mut view = created.body;
        for token in &tokens[1..] {
            let joined = self
                .post(
                    &format!("/api/v1/matches/{id}/join"),
                    Some(token),
                    json!({}),
                )
                .await;
            assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
            view = joined.body;
        }
        view
    }
}

/// A Server-Sent Events stream opened on an app, read one event at a time.
pub struct EventStream {
    events: std::pin::Pin<
        Box<
            dyn futures_util::Stream<
                    Item = Result<
                        eventsource_stream::Event,
                        eventsource_stream::EventStreamError<reqwest::Error>,
                    >,
                > + Send,
        >,
    >,
}

impl std::fmt::Debug for EventStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventStream").finish_non_exhaustive()
    }
}

/// One event received: its `id:`, its `event:` name and its `data:` as JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Received {
    pub id: String,
    pub event: String,
    pub data: Value,
}

impl EventStream {
    /// The next event, if one comes within `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<Received> {
        use futures_util::StreamExt;
        match tokio::time::timeout(wait, self.events.next()).await {
            Ok(Some(Ok(event))) => Some(Received {
                id: event.id,
                event: event.event,
                data: serde_json::from_str(&event.data)
                    .unwrap_or_else(|e| panic!("data is not JSON ({e}): {}", event.data)),
            }),
            Ok(Some(Err(e))) => panic!("the stream failed: {e}"),
            Ok(None) | Err(_) => None,
        }
    }

    /// The next event, which must come within 5 s and be named `event`.
    pub async fn expect(&mut self, event: &str) -> Received {
        let received = self
            .next_within(Duration::from_secs(5))
            .await
            .unwrap_or_else(|| panic!("no `{event}` within 5 s"));
        assert_eq!(received.event, event, "{received:?}");
        received
    }

    /// The next event named `event`, which must come within 5 s, passing over any named in
    /// `before`.
    pub async fn expect_after(&mut self, event: &str, before: &[&str]) -> Received {
        loop {
            let received = self
                .next_within(Duration::from_secs(5))
                .await
                .unwrap_or_else(|| panic!("no `{event}` within 5 s"));
            if received.event == event {
                return received;
            }
            assert!(before.contains(&received.event.as_str()), "{received:?}");
        }
    }

    /// Every event until the stream ends (its server closed it, or the connection broke),
    /// which must happen within `wait`.
    pub async fn until_end(&mut self, wait: Duration) -> Vec<Received> {
        use futures_util::StreamExt;
        let deadline = tokio::time::Instant::now() + wait;
        let mut received = Vec::new();
        loop {
            match tokio::time::timeout_at(deadline, self.events.next()).await {
                Ok(Some(Ok(event))) => received.push(Received {
                    id: event.id,
                    event: event.event,
                    data: serde_json::from_str(&event.data).unwrap(),
                }),
                Ok(Some(Err(_)) | None) => return received,
                Err(_) => panic!("the stream did not end within {wait:?}"),
            }
        }
    }

    /// Checks that nothing comes within `wait`.
    pub async fn expect_nothing(&mut self, wait: Duration) {
        if let Some(received) = self.next_within(wait).await {
            panic!("nothing was expected, but got {received:?}");
        }
    }
}

impl TestApp {
    /// Opens the stream at `path` on `base` (this app's or another's), with a bearer token
    /// and a `Last-Event-ID` if given: the stream, or the reply that refused it.
    pub async fn open_stream_on(
        &self,
        base: &str,
        path: &str,
        token: Option<&str>,
        last_event_id: Option<&str>,
    ) -> Result<EventStream, Reply> {
        open_event_stream(&self.client, &format!("{base}{path}"), token, last_event_id).await
    }

    /// Opens a stream on this app; panics if it is refused.
    pub async fn open_stream(
        &self,
        path: &str,
        token: Option<&str>,
        last_event_id: Option<&str>,
    ) -> EventStream {
        match self
            .open_stream_on(&self.base, path, token, last_event_id)
            .await
        {
            Ok(stream) => stream,
            Err(reply) => panic!("{path} refused: {} {:?}", reply.status, reply.body),
        }
    }
}

/// Opens the event stream at `url` (of any server, in this process or not), with a bearer
/// token and a `Last-Event-ID` if given: the stream, or the reply that refused it.
pub async fn open_event_stream(
    client: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    last_event_id: Option<&str>,
) -> Result<EventStream, Reply> {
    use eventsource_stream::Eventsource;
    let mut request = client.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(id) = last_event_id {
        request = request.header("Last-Event-ID", id);
    }
    let response = request.send().await.unwrap();
    if response.status() != StatusCode::OK {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        return Err(Reply {
            status,
            headers,
            body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
        });
    }
    assert_eq!(
        response.headers()["content-type"],
        "text/event-stream",
        "a stream's media type"
    );
    Ok(EventStream {
        events: Box::pin(response.bytes_stream().eventsource()),
    })
}

/// Starts the real app on `url`; returns its base URL and its services.
async fn start_app(
    url: &str,
    limits: SignInLimits,
    http: HttpSettings,
    bots: WorkerSettings,
    clock: Clock,
    webhooks_allow_local: bool,
    mail: Option<MailSettings>,
) -> (String, Services) {
    let pool = tapis_service::db::pool(url, 8).unwrap();
    let settings = Settings {
        jwt_secret: TEST_JWT_SECRET.to_vec(),
        jwt_ttl: time::Duration::hours(1),
        password_hashing: PasswordHashing::TESTING,
        sign_in_limits: limits,
        vacation_days_per_year: tapis_service::DEFAULT_VACATION_DAYS,
        clock,
        webhooks_allow_local,
    };
    let services = Services::new(pool, settings).await.unwrap();
    let background = Background {
        clock_interval: TEST_CLOCK_INTERVAL,
        bots,
        webhooks: TEST_WEBHOOKS,
        mail,
    };
    let app = Application::build_with(services.clone(), "127.0.0.1:0", background, http).unwrap();
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    (base, services)
}

/// A small seeded generator for choosing among legal actions reproducibly.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

impl TestApp {
    /// The token of each seat of a started match, from `players` (username, token).
    pub fn tokens_by_seat(&self, view: &Value, players: &[(String, String)]) -> Vec<String> {
        view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| {
                let name = seat["username"].as_str().unwrap();
                players
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, t)| t.clone())
                    .unwrap()
            })
            .collect()
    }

    /// Plays a started match to its end through the API only, each player picking one of the
    /// `legal_actions` listed in their view. Returns the final view (as seen by seat 0) and
    /// the number of actions posted.
    pub async fn play_out(
        &self,
        id: &str,
        seat_tokens: &[String],
        rng: &mut Rng,
    ) -> (Value, usize) {
        for posted in 0..20_000 {
            let view = self
                .get(&format!("/api/v1/matches/{id}"), Some(&seat_tokens[0]))
                .await
                .body;
            if view["status"] != "active" {
                return (view, posted);
            }
            let seat = view["to_act"][0]
                .as_u64()
                .expect("an active match has someone to act") as usize;
            let token = &seat_tokens[seat];
            let mine = self
                .get(&format!("/api/v1/matches/{id}"), Some(token))
                .await
                .body;
            let actions = mine["legal_actions"].as_array().unwrap();
            assert!(
                !actions.is_empty(),
                "seat {seat} must act but has no legal action: {mine}"
            );
            // Mostly avoid passing when something else is possible, so that random games
            // of the pass-heavy games (La Linotte, Yam Master) end in fewer requests.
            let active: Vec<&Value> = actions.iter().filter(|a| a["type"] != "pass").collect();
            let action = if !active.is_empty() && rng.below(10) < 9 {
                active[rng.below(active.len())].clone()
            } else {
                actions[rng.below(actions.len())].clone()
            };
            let reply = self
                .post(
                    &format!("/api/v1/matches/{id}/actions"),
                    Some(token),
                    json!({"version": mine["version"], "action": action}),
                )
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{action}: {:?}", reply.body);
        }
        panic!("match {id} did not end within 20000 actions");
    }
}

/// A page fetched by a [`Browser`]: status, headers and the HTML (or other text).
#[derive(Debug)]
pub struct WebPage {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl WebPage {
    /// A header's value, or `""`.
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// Asserts that the page contains `needle`.
    #[track_caller]
    pub fn assert_contains(&self, needle: &str) {
        assert!(
            self.text.contains(needle),
            "expected {needle:?} in the page ({}):\n{}",
            self.status,
            self.text
        );
    }

    /// The value of the first `name="csrf"` field of the page.
    pub fn csrf(&self) -> Option<String> {
        let at = self.text.find("name=\"csrf\" value=\"")?;
        let rest = &self.text[at + "name=\"csrf\" value=\"".len()..];
        rest.split('"').next().map(str::to_owned)
    }
}

/// A browser-like client of the web pages: keeps cookies, does not follow redirects, and
/// remembers the CSRF token of the last page it loaded.
#[derive(Debug)]
pub struct Browser {
    pub base: String,
    pub client: reqwest::Client,
    csrf: std::sync::Mutex<Option<String>>,
}

impl Browser {
    pub fn new(app: &TestApp) -> Browser {
        Browser::with_headers(app, reqwest::header::HeaderMap::new())
    }

    /// A browser whose every request says which languages its reader prefers.
    pub fn speaking(app: &TestApp, accept_language: &str) -> Browser {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            reqwest::header::HeaderValue::from_str(accept_language).unwrap(),
        );
        Browser::with_headers(app, headers)
    }

    fn with_headers(app: &TestApp, headers: reqwest::header::HeaderMap) -> Browser {
        Browser {
            base: app.base.clone(),
            client: reqwest::Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .default_headers(headers)
                .build()
                .unwrap(),
            csrf: std::sync::Mutex::new(None),
        }
    }

    async fn read(&self, response: reqwest::Response) -> WebPage {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let page = WebPage {
            status,
            headers,
            text,
        };
        if let Some(token) = page.csrf() {
            *self.csrf.lock().unwrap() = Some(token);
        }
        page
    }

    /// The CSRF token of the last page that had one (loads the home page if none yet).
    pub async fn csrf(&self) -> String {
        if self.csrf.lock().unwrap().is_none() {
            self.get("/signin").await;
        }
        self.csrf
            .lock()
            .unwrap()
            .clone()
            .expect("a page with a CSRF token")
    }

    pub async fn get(&self, path: &str) -> WebPage {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// An htmx GET (with `HX-Request`).
    pub async fn hx_get(&self, path: &str) -> WebPage {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .header("HX-Request", "true")
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// Posts a form with the CSRF token in its `csrf` field.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> WebPage {
        let token = self.csrf().await;
        let mut body: Vec<(&str, &str)> = vec![("csrf", token.as_str())];
        body.extend_from_slice(fields);
        self.post_raw(path, &body).await
    }

    /// Posts a form exactly as given (no CSRF token added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> WebPage {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .form(fields)
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// An htmx POST: the token in the `X-CSRF-Token` header, as the pages send it.
    pub async fn hx_post(&self, path: &str, fields: &[(&str, &str)]) -> WebPage {
        let token = self.csrf().await;
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .header("HX-Request", "true")
            .header("X-CSRF-Token", token)
            .form(fields)
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// Opens a Server-Sent Events stream of the pages with this browser's cookies, and a
    /// `Last-Event-ID` if given: the stream, or the answer that refused it.
    pub async fn open_stream(
        &self,
        path: &str,
        last_event_id: Option<&str>,
    ) -> Result<EventStream, WebPage> {
        use eventsource_stream::Eventsource;
        let mut request = self.client.get(format!("{}{path}", self.base));
        if let Some(id) = last_event_id {
            request = request.header("Last-Event-ID", id);
        }
        let response = request.send().await.unwrap();
        if response.status() != StatusCode::OK {
            return Err(self.read(response).await);
        }
        assert_eq!(
            response.headers()["content-type"],
            "text/event-stream",
            "a stream's media type"
        );
        assert_eq!(response.headers()["cache-control"], "no-store");
        Ok(EventStream {
            events: Box::pin(response.bytes_stream().eventsource()),
        })
    }

    /// Signs a new player up through the sign-up form; the browser is then signed in.
    pub async fn sign_up(&self, username: &str) {
        self.get("/signup").await;
        let page = self
            .post(
                "/signup",
                &[
                    ("username", username),
                    ("password", "correct horse"),
                    ("password_again", "correct horse"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
}

/// Where the links of the test apps' mails point (tests follow them on the app's own address).
pub const TEST_PUBLIC_URL: &str = "https://tapis.example";

/// The mail settings of a test app that sends to the SMTP server on `smtp_port`.
pub fn test_mail_settings(smtp_port: u16) -> MailSettings {
    MailSettings {
        from: "Tapis <tapis@tapis.example>".to_owned(),
        public_url: url::Url::parse(TEST_PUBLIC_URL).unwrap(),
        transport: tapis_server::MailTransport::Smtp(format!("smtp://127.0.0.1:{smtp_port}")),
    }
}

/// One mail an [`SmtpSink`] received, as a mail client reads it (parsed with `mail-parser`).
#[derive(Debug, Clone)]
pub struct Mail {
    /// The envelope's recipients.
    pub rcpt: Vec<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub message_id: String,
    /// `List-Unsubscribe` and `List-Unsubscribe-Post`, as sent (`""` when absent).
    pub list_unsubscribe: String,
    pub list_unsubscribe_post: String,
    pub raw: String,
}

impl Mail {
    fn parse(rcpt: Vec<String>, raw: &[u8]) -> Mail {
        let message = mail_parser::MessageParser::default()
            .parse(raw)
            .unwrap_or_else(|| panic!("not a mail: {}", String::from_utf8_lossy(raw)));
        let header = |name: &str| {
            message
                .header_raw(name)
                .map(|v| v.trim().to_owned())
                .unwrap_or_default()
        };
        Mail {
            rcpt,
            subject: message.subject().unwrap_or_default().to_owned(),
            text: message
                .body_text(0)
                .map(|t| t.into_owned())
                .unwrap_or_default(),
            html: message
                .body_html(0)
                .map(|t| t.into_owned())
                .unwrap_or_default(),
            message_id: message.message_id().unwrap_or_default().to_owned(),
            list_unsubscribe: header("List-Unsubscribe"),
            list_unsubscribe_post: header("List-Unsubscribe-Post"),
            raw: String::from_utf8_lossy(raw).into_owned(),
        }
    }

    /// The one-click unsubscribe URL of `List-Unsubscribe`, without its angle brackets.
    pub fn unsubscribe_url(&self) -> &str {
        self.list_unsubscribe
            .trim_start_matches('<')
            .trim_end_matches('>')
    }

    /// The path (and query) of the first link of the plain text that starts with
    /// `{TEST_PUBLIC_URL}{prefix}`, to follow on a test app.
    pub fn link(&self, prefix: &str) -> Option<String> {
        let start = format!("{TEST_PUBLIC_URL}{prefix}");
        let at = self.text.find(&start)?;
        let url = self.text[at..].split_whitespace().next()?;
        Some(url[TEST_PUBLIC_URL.len()..].to_owned())
    }
}

#[derive(Debug, Default)]
struct Inbox {
    mails: Vec<(Vec<String>, Vec<u8>)>,
}

/// mailin's handler for one connection: keeps each message in the shared inbox.
struct Keeper {
    inbox: std::sync::Arc<std::sync::Mutex<Inbox>>,
    rcpt: Vec<String>,
    data: Vec<u8>,
}

impl mailin::Handler for Keeper {
    fn data_start(
        &mut self,
        _domain: &str,
        _from: &str,
        _is8bit: bool,
        to: &[String],
    ) -> mailin::Response {
        self.rcpt = to.to_vec();
        self.data.clear();
        mailin::response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> mailin::Response {
        let mail = (
            std::mem::take(&mut self.rcpt),
            std::mem::take(&mut self.data),
        );
        self.inbox.lock().unwrap().mails.push(mail);
        mailin::response::OK
    }
}

/// A real SMTP server for the tests, in-process: `mailin`'s SMTP state machine (the protocol:
/// EHLO, MAIL, RCPT, DATA, dot-unstuffing, replies) over tokio sockets; it keeps every mail it
/// receives. Stops when dropped.
#[derive(Debug)]
pub struct SmtpSink {
    pub port: u16,
    inbox: std::sync::Arc<std::sync::Mutex<Inbox>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A port where nothing listens (yet): bound, then released.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl SmtpSink {
    /// A sink on a free port.
    pub async fn start() -> SmtpSink {
        SmtpSink::start_on(0).await
    }

    /// A sink on `port` (0: a free one).
    pub async fn start_on(port: u16) -> SmtpSink {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .unwrap();
        let port = listener.local_addr().unwrap().port();
        let inbox = std::sync::Arc::new(std::sync::Mutex::new(Inbox::default()));
        let shared = inbox.clone();
        let task = tokio::spawn(async move {
            let builder = mailin::SessionBuilder::new("sink.tapis.example");
            loop {
                let Ok((stream, peer)) = listener.accept().await else {
                    return;
                };
                let mut session = builder.build(
                    peer.ip(),
                    Keeper {
                        inbox: shared.clone(),
                        rcpt: Vec::new(),
                        data: Vec::new(),
                    },
                );
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut read = BufReader::new(read);
                    let greeting = session.greeting().buffer().unwrap();
                    if write.write_all(&greeting).await.is_err() {
                        return;
                    }
                    let mut line = Vec::new();
                    loop {
                        line.clear();
                        match read.read_until(b'\n', &mut line).await {
                            Ok(0) | Err(_) => return,
                            Ok(_) => {}
                        }
                        let response = session.process(&line);
                        match response.action {
                            mailin::Action::NoReply => {}
                            mailin::Action::Reply => {
                                let bytes = response.buffer().unwrap();
                                if write.write_all(&bytes).await.is_err() {
                                    return;
                                }
                            }
                            mailin::Action::Close | mailin::Action::UpgradeTls => {
                                let bytes = response.buffer().unwrap();
                                let _ = write.write_all(&bytes).await;
                                return;
                            }
                        }
                    }
                });
            }
        });
        SmtpSink { port, inbox, task }
    }

    /// Every mail received so far, in order.
    pub fn received(&self) -> Vec<Mail> {
        self.inbox
            .lock()
            .unwrap()
            .mails
            .iter()
            .map(|(rcpt, raw)| Mail::parse(rcpt.clone(), raw))
            .collect()
    }

    /// The mails received for `address` that `keep` keeps, waiting up to 10 s until there are
    /// at least `count` of them (then returns them; panics if they do not come).
    pub async fn wait_for(
        &self,
        address: &str,
        count: usize,
        keep: impl Fn(&Mail) -> bool,
    ) -> Vec<Mail> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let mails: Vec<Mail> = self
                .received()
                .into_iter()
                .filter(|m| m.rcpt.iter().any(|r| r == address) && keep(m))
                .collect();
            if mails.len() >= count {
                return mails;
            }
            if tokio::time::Instant::now() > deadline {
                panic!(
                    "{count} mails for {address} expected within 10 s, got {}: {:#?}",
                    mails.len(),
                    mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Whether a mail is a notification (every notification has a one-click unsubscribe link; the
/// verification mail has none).
pub fn is_notification(mail: &Mail) -> bool {
    !mail.list_unsubscribe.is_empty()
}

//! The app under test: the real Tapis app ([`TestApp`]) started on a database of its own and
//! a free port, with the settings tests run it with (a short bot budget, frequent clock and
//! webhook rounds, an adjustable clock).

use std::time::Duration;

use tapis_bots::Budget;
use tapis_server::{
    Application, Background, HttpSettings, KillSwitch, MailSettings, OutboxSettings, Roles,
    WorkerSettings,
};
use tapis_service::analysis::AnalysisSettings;
use tapis_service::quotas::Quotas;
use tapis_service::{Clock, ClockHand, PasswordHashing, Services, Settings, SignInLimits};

use crate::db::TestDb;
use crate::mail::test_mail_settings;

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
/// The quotas of test apps: production's, except that every player of every test signs up
/// from 127.0.0.1 (the sign-up throttle is tested with its own quota).
pub const TEST_QUOTAS: Quotas = Quotas {
    sign_ups_per_address: 1_000_000,
    ..Quotas::DEFAULT
};

pub const NO_BOTS: WorkerSettings = WorkerSettings {
    interval: Duration::from_millis(50),
    concurrency: 0,
    claim: Duration::from_secs(30),
    budget: None,
    warm_up: false,
};

/// How long the tests' HTTP clients keep an idle connection for the next request: well under
/// the server's keep-alive (5 s), so that a client never sends a request on a connection the
/// server is closing at that moment (the request would fail with an incomplete message, as it
/// did on a busy machine, where a test can pause for seconds between two requests).
pub const CLIENT_IDLE: Duration = Duration::from_secs(2);

/// A client of the test app's API, keeping idle connections [`CLIENT_IDLE`].
pub fn api_client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_idle_timeout(CLIENT_IDLE)
        .build()
        .unwrap()
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
    /// Stops this app as a crash would ([`TestApp::restart`]).
    kill: KillSwitch,
}

/// How one app is started: everything a test may choose, on top of its database and clock.
struct Launch {
    limits: SignInLimits,
    http: HttpSettings,
    bots: WorkerSettings,
    webhooks_allow_local: bool,
    mail: Option<MailSettings>,
    quotas: Quotas,
    clock_interval: Duration,
    analysis: AnalysisSettings,
}

impl Default for Launch {
    fn default() -> Launch {
        Launch {
            limits: SignInLimits::default(),
            http: HttpSettings::default(),
            bots: TEST_BOTS,
            webhooks_allow_local: true,
            mail: None,
            quotas: TEST_QUOTAS,
            clock_interval: TEST_CLOCK_INTERVAL,
            // Off: the engines' first analysis solves tables for seconds of every core, which
            // the tests of other things need not pay (`spawn_analysing` turns it on).
            analysis: AnalysisSettings {
                concurrency: 0,
                ..AnalysisSettings::default()
            },
        }
    }
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
        TestApp::launch(Launch {
            limits,
            http,
            ..Launch::default()
        })
        .await
    }

    /// Starts an app with these quotas (`tapis_service::quotas`) and HTTP settings.
    pub async fn spawn_with_quotas(quotas: Quotas, http: HttpSettings) -> TestApp {
        TestApp::launch(Launch {
            quotas,
            http,
            ..Launch::default()
        })
        .await
    }

    /// Starts an app whose analysis worker runs (and looks for analyses every 100 ms).
    pub async fn spawn_analysing() -> TestApp {
        TestApp::launch(Launch {
            analysis: AnalysisSettings {
                concurrency: 1,
                interval: Duration::from_millis(100),
                ..AnalysisSettings::default()
            },
            ..Launch::default()
        })
        .await
    }

    /// Starts an app whose bot worker runs with `bots`.
    pub async fn spawn_with_bots(bots: WorkerSettings) -> TestApp {
        TestApp::launch(Launch {
            bots,
            ..Launch::default()
        })
        .await
    }

    /// Starts an app whose clock loop acts only once, at start: overdue turns and run-out
    /// vacations wait until the test ends them itself (`matches::expire_overdue`,
    /// `vacation::end_expired`), so that it can act between a deadline and its time-out.
    pub async fn spawn_without_clock_loop() -> TestApp {
        TestApp::launch(Launch {
            clock_interval: Duration::from_secs(365 * 24 * 3600),
            ..Launch::default()
        })
        .await
    }

    /// Starts an app whose webhooks follow development's rules (`allow_local`: http to this
    /// machine, any address) or production's (https to public addresses only).
    pub async fn spawn_with_webhooks(allow_local: bool) -> TestApp {
        TestApp::launch(Launch {
            webhooks_allow_local: allow_local,
            ..Launch::default()
        })
        .await
    }

    /// Starts an app whose mail sender sends by SMTP to `127.0.0.1:{smtp_port}` (nothing
    /// need listen there yet), with links to [`TEST_PUBLIC_URL`](crate::mail::TEST_PUBLIC_URL).
    pub async fn spawn_mailing(smtp_port: u16) -> TestApp {
        TestApp::launch(Launch {
            bots: NO_BOTS,
            mail: Some(test_mail_settings(smtp_port)),
            ..Launch::default()
        })
        .await
    }

    async fn launch(launch: Launch) -> TestApp {
        let db = TestDb::migrated().await;
        let (clock, clock_hand) = Clock::adjustable();
        let (base, services, kill) = start_app(&db.url, clock.clone(), launch).await;
        TestApp {
            base,
            client: api_client(),
            services,
            db,
            clock_hand,
            clock,
            kill,
        }
    }

    /// Stops this app (its server and every background worker) at once, as a crash would,
    /// and starts a new one on the same database and clock, with the default settings: the
    /// test goes on with the new one (`base`, `services`), as clients would after a restart.
    pub async fn restart(&mut self) {
        self.kill.kill().await;
        let launch = Launch {
            webhooks_allow_local: self.services.settings().webhooks_allow_local,
            ..Launch::default()
        };
        let (base, services, kill) = start_app(&self.db.url, self.clock.clone(), launch).await;
        self.base = base;
        self.services = services;
        self.kill = kill;
        // Connections to the old server are gone: a fresh client.
        self.client = api_client();
    }

    /// Starts another app (another server process, as far as the database can tell) on this
    /// app's database; returns its base URL.
    pub async fn start_another(&self, bots: WorkerSettings) -> String {
        self.another_process(bots).await.base
    }

    /// Starts another app on this app's database ([`TestApp::start_another`]): its base URL
    /// and its services.
    pub async fn another_process(&self, bots: WorkerSettings) -> Another {
        let launch = Launch {
            bots,
            webhooks_allow_local: self.services.settings().webhooks_allow_local,
            ..Launch::default()
        };
        let (base, services, _) = start_app(&self.db.url, self.clock.clone(), launch).await;
        Another { base, services }
    }
}

/// Another app on a test app's database ([`TestApp::another_process`]).
#[derive(Debug)]
pub struct Another {
    pub base: String,
    pub services: Services,
}

impl Another {
    /// Returns once this app has heard of every change committed before ([`TestApp::caught_up`]).
    pub async fn caught_up(&self) {
        caught_up(&self.services).await;
    }
}

impl TestApp {
    /// Returns once this app has heard of every change committed before (a test's own
    /// statements on `db` included) and forgotten what it kept of them
    /// (`tapis_service::db::kept`): a test that changes the database by hand calls it before
    /// asking the app again, as another server process would only be told a moment later.
    pub async fn caught_up(&self) {
        caught_up(&self.services).await;
    }
}

async fn caught_up(services: &Services) {
    tapis_service::events::EventHub::caught_up(services, Duration::from_secs(30))
        .await
        .expect("the app's listener hears its mark");
}

/// Starts the real app on the database at `url`; returns its base URL, its services and the
/// switch that stops it.
async fn start_app(url: &str, clock: Clock, launch: Launch) -> (String, Services, KillSwitch) {
    let pool = tapis_service::db::pool(url, 8).unwrap();
    let settings = Settings {
        jwt_secret: TEST_JWT_SECRET.to_vec(),
        jwt_ttl: time::Duration::hours(1),
        password_hashing: PasswordHashing::TESTING,
        sign_in_limits: launch.limits,
        vacation_days_per_year: tapis_service::DEFAULT_VACATION_DAYS,
        clock,
        webhooks_allow_local: launch.webhooks_allow_local,
        quotas: launch.quotas,
    };
    let services = Services::new(pool, settings).await.unwrap();
    let background = Background {
        roles: Roles::BOTH,
        analysis: launch.analysis,
        clock_interval: launch.clock_interval,
        bots: launch.bots,
        webhooks: TEST_WEBHOOKS,
        mail: launch.mail,
    };
    // Every response of a test app says what the database did for it (`Tapis-Db-Work`): the
    // budget tests read it.
    let http = HttpSettings {
        db_work_header: true,
        ..launch.http
    };
    let app = Application::build_with(services.clone(), "127.0.0.1:0", background, http).unwrap();
    let base = format!("http://127.0.0.1:{}", app.port());
    let kill = app.kill_switch();
    tokio::spawn(app.run_until_stopped());
    (base, services, kill)
}

/// Starts the real app with a pool to a port where no PostgreSQL listens (the database is down
/// from the start); returns its base URL.
pub async fn start_without_database() -> String {
    let pool = tapis_service::db::pool("postgres://postgres@127.0.0.1:9/tapis", 2).unwrap();
    let settings = Settings {
        jwt_secret: b"an outage test secret of at least 32 bytes".to_vec(),
        jwt_ttl: time::Duration::hours(1),
        password_hashing: PasswordHashing::TESTING,
        sign_in_limits: SignInLimits::default(),
        vacation_days_per_year: tapis_service::DEFAULT_VACATION_DAYS,
        clock: Clock::system(),
        webhooks_allow_local: true,
        quotas: Quotas::default(),
    };
    let services = Services::new(pool, settings).await.unwrap();
    let app = Application::build(services, "127.0.0.1:0", Duration::from_secs(3600)).unwrap();
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    base
}

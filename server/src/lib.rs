//! The `tapis` server: composes the API and the web pages over the services, runs the
//! correspondence clock and the bot worker, and shuts down gracefully. [`Application::build`] starts it the same
//! way in `main` and in the integration tests.

pub mod cli;
pub mod config;
pub mod request_log;

use std::net::{IpAddr, TcpListener};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Server, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpMessage, HttpResponse, HttpServer, get, web};
use tapis_api::ApiError;
use tapis_service::ServiceError;
use tapis_service::Services;
use tapis_service::analysis::AnalysisSettings;
use tapis_service::identity::accounts::ClientInfo;
use tapis_service::quotas::StreamLimits;
use tapis_web::cookies::CookiePolicy;
use tapis_web::error::WebError;
use tokio::sync::watch;
use tracing_actix_web::TracingLogger;

pub use config::{Config, ConfigError, Environment, HttpSettings, LogFormat};
pub use tapis_mail::{MailSettings, Transport as MailTransport};
pub use tapis_service::bots::WorkerSettings;
pub use tapis_service::delivery::outbox::OutboxSettings;

/// `200` when the database answers, `503` otherwise.
#[get("/healthz")]
async fn healthz(services: web::Data<Services>) -> HttpResponse {
    if services.database_is_up().await {
        HttpResponse::Ok().json(serde_json::json!({"status": "ok"}))
    } else {
        HttpResponse::ServiceUnavailable()
            .json(serde_json::json!({"status": "database unavailable"}))
    }
}

/// Puts what is known of the client in the request's extensions (`accounts::ClientInfo`): its
/// address (the peer's, or the one the trusted proxy reports in the configured header: the last
/// address of `X-Forwarded-For`, the one that proxy added, as a client can forge the earlier
/// ones) and its user agent.
async fn resolve_client(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let from_header = req
        .app_data::<web::Data<HttpSettings>>()
        .and_then(|http| http.client_ip_header.clone())
        .and_then(|name| {
            let value = req.headers().get(name.as_str())?.to_str().ok()?;
            value.rsplit(',').next()?.trim().parse::<IpAddr>().ok()
        });
    let address = from_header.or_else(|| req.peer_addr().map(|a| a.ip()));
    let user_agent = req
        .headers()
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    req.extensions_mut().insert(ClientInfo {
        address: address.map(|ip| ip.to_string()),
        user_agent,
    });
    next.call(req).await
}

/// Refuses a NUL character (`%00`) in the address before any handler runs: PostgreSQL cannot
/// store one in text, and no name of the site or the API holds one. In the path there is no
/// such resource (404), in the query the address is not valid (422); the API answers with a
/// problem, the pages with an error page.
async fn refuse_nul(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let in_path = req.path().contains("%00");
    if !in_path && !req.query_string().contains("%00") {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    }
    let api = req.path().starts_with("/api/");
    let refusal: actix_web::Error = match (api, in_path) {
        (true, true) => ApiError::not_found("no resource at this address").into(),
        (true, false) => {
            ApiError::validation("query", "the query must not contain a NUL character (%00)").into()
        }
        (false, true) => WebError::NotFound.into(),
        (false, false) => WebError::Service(ServiceError::invalid(
            "address",
            "nul_character",
            "must not contain a NUL character (%00)",
        ))
        .into(),
    };
    Ok(req.error_response(refusal).map_into_right_body())
}

/// The header that says what the database did for a request (`tapis_service::db::work`), sent
/// when [`HttpSettings::db_work_header`] asks for it.
pub const DB_WORK_HEADER: &str = "tapis-db-work";

/// Counts what the database does for each request and says it in the [`DB_WORK_HEADER`]
/// header, when the settings ask for it (the tests hold the hot paths to their budgets with
/// it; `docs/performance.md`).
async fn count_db_work(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let wanted = req
        .app_data::<web::Data<HttpSettings>>()
        .is_some_and(|http| http.db_work_header);
    if !wanted {
        return next.call(req).await;
    }
    let (response, work) = tapis_service::db::work::counted(next.call(req)).await;
    let mut response = response?;
    let value = header::HeaderValue::from_str(&work.to_string())
        .map_err(|e| ServiceError::internal("database work header", e))
        .map_err(WebError::Service)?;
    response
        .headers_mut()
        .insert(header::HeaderName::from_static(DB_WORK_HEADER), value);
    Ok(response)
}

/// Registers every route of the server on an actix `App`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(healthz);
    tapis_api::configure(cfg);
    // Last: the web's scope takes every path the API did not.
    tapis_web::configure(cfg);
}

/// The routes of a process without the web role: its health alone.
fn worker_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(healthz);
}

/// What a process does (`TAPIS_ROLES`): serve the pages and the API (`web`), do the background
/// work (`worker`: the clock, the computer players, the tournaments, the analyses, the mail and
/// webhook senders), or both (the default). Every process numbers and relays the events (the streams
/// of a web process need them, and it costs nothing where nobody listens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roles {
    pub web: bool,
    pub worker: bool,
}

impl Roles {
    pub const BOTH: Roles = Roles {
        web: true,
        worker: true,
    };
}

/// What runs beside the HTTP server: the correspondence clock, the bot worker, the analysis
/// worker, the webhook sender and the mail sender.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Background {
    /// Whether this process serves the pages and the API, and does the background work.
    pub roles: Roles,
    /// The analysis worker (none when its concurrency is 0).
    pub analysis: AnalysisSettings,
    /// How often the clock looks for overdue turns, and the tournament worker for rounds to
    /// close and start.
    pub clock_interval: Duration,
    /// The bot worker (no worker when its concurrency is 0).
    pub bots: WorkerSettings,
    /// How the webhook sender claims and retries its rows of the outbox.
    pub webhooks: OutboxSettings,
    /// The mail sender (`None`: this process sends no mail).
    pub mail: Option<MailSettings>,
}

/// File descriptors kept for everything but event streams: the database pool, the listener,
/// the other requests, mail and webhook connections.
pub const DESCRIPTORS_RESERVED: u64 = 512;

/// Raises this process's limit of open files to the most the system allows; the limit now in
/// force (`None` where it cannot be read).
pub fn raise_descriptor_limit() -> Option<u64> {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => Some(limit),
        Err(error) => {
            tracing::warn!(%error, "the limit of open files could not be raised");
            rlimit::getrlimit(rlimit::Resource::NOFILE)
                .ok()
                .map(|(soft, _)| soft)
        }
    }
}

/// `limits` with the total number of streams below what `descriptors` leave once
/// [`DESCRIPTORS_RESERVED`] are set aside (a quarter of them, if more), so that streams can
/// never take the descriptors that `/healthz`, the API and sign-in need.
pub fn streams_within(limits: StreamLimits, descriptors: Option<u64>) -> StreamLimits {
    let Some(descriptors) = descriptors else {
        return limits;
    };
    let reserved = DESCRIPTORS_RESERVED.max(descriptors / 4);
    let room = usize::try_from(descriptors.saturating_sub(reserved)).unwrap_or(usize::MAX);
    StreamLimits {
        total: limits.total.min(room).max(1),
        ..limits
    }
}

/// A running server: its HTTP server future, the port it listens on, its clock and its bot
/// worker.
pub struct Application {
    port: u16,
    server: Server,
    background: Vec<tokio::task::JoinHandle<()>>,
    stop_background: watch::Sender<bool>,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

/// Stops an [`Application`] at once ([`Application::kill_switch`]).
#[derive(Debug, Clone)]
pub struct KillSwitch {
    server: actix_web::dev::ServerHandle,
    background: Vec<tokio::task::AbortHandle>,
}

impl KillSwitch {
    /// Stops the background work (each task dropped where it stands) and the server (its
    /// connections closed, no request let finish); returns once the server has stopped.
    pub async fn kill(&self) {
        for task in &self.background {
            task.abort();
        }
        self.server.stop(false).await;
    }
}

impl Application {
    /// Binds `bind` (port 0 picks a free port) and prepares the server and its clock, with
    /// the development HTTP settings.
    pub fn build(
        services: Services,
        bind: &str,
        clock_interval: Duration,
    ) -> std::io::Result<Application> {
        let background = Background {
            roles: Roles::BOTH,
            analysis: AnalysisSettings::default(),
            clock_interval,
            bots: WorkerSettings::default(),
            webhooks: OutboxSettings::default(),
            mail: None,
        };
        Application::build_with(services, bind, background, HttpSettings::default())
    }

    /// Like [`Application::build`], with the settings of the background work and HTTP.
    pub fn build_with(
        services: Services,
        bind: &str,
        background: Background,
        http: HttpSettings,
    ) -> std::io::Result<Application> {
        let courier = tapis_service::delivery::webhooks::courier::WebhookCourier::new(
            services.settings().webhooks_allow_local,
            background.webhooks.give_up_after,
        )
        .map_err(|e| std::io::Error::other(format!("webhook sender: {e}")))?;
        let web_role = background.roles.web;
        let listener = TcpListener::bind(bind)?;
        let port = listener.local_addr()?.port();
        let data = web::Data::new(services.clone());
        let cookies = web::Data::new(CookiePolicy {
            always_secure: http.secure_cookies,
        });
        let streams = web::Data::new(http.streams);
        let http = web::Data::new(http);
        let activity = services.activity().clone();
        let server = HttpServer::new(move || {
            // Each request is noted, so that the background work that gives way to requests
            // (the analyses) knows when they come.
            let activity = activity.clone();
            let mut headers = DefaultHeaders::new().add(("X-Content-Type-Options", "nosniff"));
            if let Some(hsts) = &http.hsts {
                headers = headers.add(("Strict-Transport-Security", hsts.clone()));
            }
            App::new()
                .wrap(from_fn(count_db_work))
                .wrap_fn(move |req, service| {
                    activity.request_started();
                    service.call(req)
                })
                .wrap(from_fn(refuse_nul))
                .wrap(from_fn(resolve_client))
                .wrap(headers)
                .wrap(TracingLogger::<request_log::RequestLog>::new())
                .app_data(data.clone())
                .app_data(cookies.clone())
                .app_data(http.clone())
                .app_data(streams.clone())
                .configure(if web_role { routes } else { worker_routes })
        })
        .shutdown_timeout(20)
        // A client that closes its connection is gone at once, even while its response (an
        // event stream) is still being written: its stream ends and gives its place back.
        .h1_allow_half_closed(false)
        .listen(listener)?
        .run();
        let (stop_background, stopped) = watch::channel(false);
        let events = tokio::spawn(tapis_service::events::run(
            services.clone(),
            stopped.clone(),
        ));
        let mut tasks = vec![events];
        if !background.roles.worker {
            return Ok(Application {
                port,
                server,
                background: tasks,
                stop_background,
            });
        }
        tasks.push(tokio::spawn(tapis_service::time::clock::run(
            services.clone(),
            background.clock_interval,
            stopped.clone(),
        )));
        // The tournaments' rounds: looked for as often as overdue turns, and whenever a
        // match changed.
        tasks.push(tokio::spawn(tapis_service::tournaments::run(
            services.clone(),
            background.clock_interval,
            stopped.clone(),
        )));
        // The leagues' seasons: started and ended as often as overdue turns are looked for.
        tasks.push(tokio::spawn(tapis_service::leagues::run(
            services.clone(),
            background.clock_interval,
            stopped.clone(),
        )));
        tasks.push(tokio::spawn(tapis_service::delivery::outbox::run(
            services.clone(),
            courier,
            background.webhooks,
            stopped.clone(),
        )));
        tasks.push(tokio::spawn(tapis_service::analysis::run(
            services.clone(),
            background.analysis,
            stopped.clone(),
        )));
        if let Some(mail) = &background.mail {
            let courier = tapis_mail::MailCourier::new(mail).map_err(std::io::Error::other)?;
            tasks.push(tokio::spawn(tapis_service::delivery::outbox::run(
                services.clone(),
                courier,
                OutboxSettings::default(),
                stopped.clone(),
            )));
        }
        tasks.push(tokio::spawn(tapis_service::bots::run(
            services,
            background.bots,
            stopped,
        )));
        Ok(Application {
            port,
            server,
            background: tasks,
            stop_background,
        })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// A switch that stops this server and its background work at once, as a crash would
    /// (the tests of a restart: nothing is let finish, every transaction in flight is lost).
    pub fn kill_switch(&self) -> KillSwitch {
        KillSwitch {
            server: self.server.handle(),
            background: self.background.iter().map(|t| t.abort_handle()).collect(),
        }
    }

    /// Serves until a shutdown signal (SIGINT or SIGTERM), then lets requests in flight finish
    /// and stops the clock and the bot worker (a bot turn being thought about is left to the
    /// next start, or to another process, when its claim expires).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let result = self.server.await;
        let _ = self.stop_background.send(true);
        for task in self.background {
            let _ = task.await;
        }
        result
    }
}

#[cfg(test)]
mod descriptor_tests {
    use super::*;

    #[test]
    fn streams_always_leave_descriptors_for_the_rest() {
        let limits = StreamLimits::default();
        // A small limit: the reserve comes first.
        assert_eq!(streams_within(limits, Some(1024)).total, 512);
        // A large one: a quarter is kept, and the configured total stands below the rest.
        assert_eq!(streams_within(limits, Some(1 << 20)).total, limits.total);
        assert_eq!(streams_within(limits, Some(4096)).total, 3072);
        // Nothing left: one stream still, never zero (the door would refuse everyone).
        assert_eq!(streams_within(limits, Some(100)).total, 1);
        assert_eq!(streams_within(limits, None), limits);
        // The other caps are kept.
        assert_eq!(
            streams_within(limits, Some(1024)).per_address,
            limits.per_address
        );
    }
}

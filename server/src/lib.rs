//! The `tapis` server: composes the API and the web pages over the services, runs the
//! correspondence clock, and shuts down gracefully. [`Application::build`] starts it the same
//! way in `main` and in the integration tests.

pub mod cli;
pub mod config;

use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::{App, HttpResponse, HttpServer, get, web};
use tapis_service::Services;
use tokio::sync::watch;
use tracing_actix_web::TracingLogger;

pub use config::{Config, ConfigError, Environment, LogFormat};

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

/// Registers every route of the server on an actix `App`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(healthz);
    tapis_api::configure(cfg);
    // Last: the web's scope takes every path the API did not.
    tapis_web::configure(cfg);
}

/// A running server: its HTTP server future, the port it listens on, and its clock.
pub struct Application {
    port: u16,
    server: Server,
    clock: tokio::task::JoinHandle<()>,
    stop_clock: watch::Sender<bool>,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

impl Application {
    /// Binds `bind` (port 0 picks a free port) and prepares the server and its clock.
    pub fn build(
        services: Services,
        bind: &str,
        clock_interval: Duration,
    ) -> std::io::Result<Application> {
        let listener = TcpListener::bind(bind)?;
        let port = listener.local_addr()?.port();
        let data = web::Data::new(services.clone());
        let server = HttpServer::new(move || {
            App::new()
                .wrap(TracingLogger::default())
                .app_data(data.clone())
                .configure(routes)
        })
        .shutdown_timeout(20)
        .listen(listener)?
        .run();
        let (stop_clock, stopped) = watch::channel(false);
        let clock = tokio::spawn(tapis_service::clock::run(services, clock_interval, stopped));
        Ok(Application {
            port,
            server,
            clock,
            stop_clock,
        })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until a shutdown signal (SIGINT or SIGTERM), then lets requests in flight finish
    /// and stops the clock.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let result = self.server.await;
        let _ = self.stop_clock.send(true);
        let _ = self.clock.await;
        result
    }
}

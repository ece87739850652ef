//! The `tapis` command: `serve` (the default), `migrate`, `openapi`, `verify FILE` and
//! `admin grant-moderator NAME` / `admin revoke-moderator NAME`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tapis_server::request_log::ClientFaultsAreWarnings;
use tapis_server::{Application, Background, Config, Environment, LogFormat};
use tapis_service::analysis::AnalysisSettings;
use tapis_service::bots::WorkerSettings;
use tapis_service::delivery::outbox::OutboxSettings;
use tapis_service::{Clock, PasswordHashing, Services, Settings, SignInLimits};
use tracing_subscriber::EnvFilter;

#[derive(Debug, Parser)]
#[command(
    name = "tapis",
    version,
    about = "Classic French dice and board games by correspondence"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the server (the default).
    Serve,
    /// Apply pending database migrations, then exit.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Check an exported match offline: recompute every throw from the revealed seed and replay
    /// every action through the rules.
    Verify {
        /// The export (JSON from GET /api/v1/matches/{id}/export).
        file: PathBuf,
    },
    /// Administration of the accounts (only here, never through the API).
    Admin {
        #[command(subcommand)]
        command: Admin,
    },
}

#[derive(Debug, Subcommand)]
enum Admin {
    /// Make a player a moderator: they see the moderation page and act on reports.
    GrantModerator {
        /// The player's username.
        username: String,
    },
    /// Take the moderator role back.
    RevokeModerator {
        /// The player's username.
        username: String,
    },
}

/// Logs to standard output, as text or JSON lines, at `RUST_LOG`'s levels (`info` by default);
/// the requests that actix-http could not read are warnings (`ClientFaultsAreWarnings`).
fn init_logging(format: LogFormat) {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let (json, text) = match format {
        LogFormat::Json => (Some(tracing_subscriber::fmt::layer().json()), None),
        LogFormat::Text => (None, Some(tracing_subscriber::fmt::layer())),
    };
    tracing_subscriber::registry()
        .with(filter)
        .with(ClientFaultsAreWarnings)
        .with(json)
        .with(text)
        .init();
}

/// The allocator of the server: the request path allocates and frees many small, short-lived
/// buffers (JSON values, SQL binds, headers) on several worker threads, which mimalloc serves
/// with less CPU than the system allocator (profiled under `scripts/bench.sh`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Serve) {
        Command::Openapi => {
            println!("{}", tapis_api::openapi::document_json());
            ExitCode::SUCCESS
        }
        Command::Verify { file } => verify(&file),
        Command::Migrate => run_async(migrate()),
        Command::Serve => run_async(serve()),
        Command::Admin { command } => run_async(admin(command)),
    }
}

fn run_async(task: impl std::future::Future<Output = Result<(), String>>) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tapis: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(task) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!("{message}");
            eprintln!("tapis: {message}");
            ExitCode::FAILURE
        }
    }
}

fn load_config() -> Result<Config, String> {
    let (config, warnings) = Config::from_env().map_err(|e| e.to_string())?;
    init_logging(config.log_format);
    for warning in warnings {
        tracing::warn!("{warning}");
    }
    Ok(config)
}

async fn migrate() -> Result<(), String> {
    let config = load_config()?;
    let applied = tapis_service::db::run_migrations(&config.database_url)
        .await
        .map_err(|e| e.to_string())?;
    tracing::info!(count = applied.len(), "migrations applied");
    Ok(())
}

/// Runs an `admin` subcommand against the configured database.
async fn admin(command: Admin) -> Result<(), String> {
    let config = load_config()?;
    let pool = tapis_service::db::pool(&config.database_url, 1).map_err(|e| e.to_string())?;
    let (username, moderator) = match &command {
        Admin::GrantModerator { username } => (username, true),
        Admin::RevokeModerator { username } => (username, false),
    };
    tapis_service::moderation::grant(&pool, username, moderator)
        .await
        .map_err(|e| format!("{username}: {e}"))?;
    println!(
        "{username} {} a moderator",
        if moderator { "is now" } else { "is no longer" }
    );
    Ok(())
}

async fn serve() -> Result<(), String> {
    let config = load_config()?;
    if config.environment == Environment::Development {
        let applied = tapis_service::db::run_migrations(&config.database_url)
            .await
            .map_err(|e| e.to_string())?;
        if !applied.is_empty() {
            tracing::info!(
                count = applied.len(),
                "development: migrations applied at start"
            );
        }
    }
    let pool = tapis_service::db::pool(&config.database_url, config.pool_size)
        .map_err(|e| e.to_string())?;
    let descriptors = tapis_server::raise_descriptor_limit();
    let streams = tapis_server::streams_within(config.quotas.streams, descriptors);
    tracing::info!(
        open_files = descriptors,
        streams.total = streams.total,
        streams.per_address = streams.per_address,
        streams.per_account = streams.per_account,
        "the limit of open files and the caps of event streams"
    );
    let settings = Settings {
        jwt_secret: config.jwt_secret.clone(),
        jwt_ttl: config.session_ttl,
        password_hashing: PasswordHashing::PRODUCTION,
        sign_in_limits: SignInLimits::default(),
        vacation_days_per_year: config.vacation_days,
        clock: Clock::system(),
        webhooks_allow_local: config.webhooks_allow_local,
        quotas: tapis_service::quotas::Quotas {
            streams,
            ..config.quotas
        },
    };
    let services = Services::new(pool, settings)
        .await
        .map_err(|e| format!("cannot prepare the services: {e}"))?;
    let app = Application::build_with(
        services,
        &config.bind,
        Background {
            roles: config.roles,
            analysis: AnalysisSettings {
                concurrency: config.analysis_concurrency,
                ..AnalysisSettings::default()
            },
            clock_interval: config.clock_interval,
            bots: WorkerSettings {
                concurrency: config.bot_concurrency,
                ..WorkerSettings::default()
            },
            webhooks: OutboxSettings::default(),
            mail: config.mail.clone(),
        },
        config.http.clone(),
    )
    .map_err(|e| format!("cannot listen on {}: {e}", config.bind))?;
    tracing::info!(bind = %config.bind, port = app.port(), web = config.roles.web, worker = config.roles.worker, "Tapis is serving");
    app.run_until_stopped()
        .await
        .map_err(|e| format!("server error: {e}"))?;
    tracing::info!("stopped");
    Ok(())
}

fn verify(file: &Path) -> ExitCode {
    let outcome = tapis_server::cli::verify_file(file);
    if outcome.exit_code == 2 {
        eprintln!("tapis verify: {}", outcome.message);
    } else {
        println!("{}", outcome.message);
    }
    ExitCode::from(outcome.exit_code)
}

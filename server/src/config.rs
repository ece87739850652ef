//! Configuration from environment variables (all listed in `.env.example` and the README).

use std::time::Duration;

use tapis_service::quotas::{ChatLimits, Quotas, StreamLimits};

/// Development or production: production refuses to start without a real JWT secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

/// Log lines as text for people or JSON for machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// Everything the server reads from its environment.
#[derive(Clone)]
pub struct Config {
    pub environment: Environment,
    pub database_url: String,
    pub bind: String,
    pub jwt_secret: Vec<u8>,
    pub session_ttl: time::Duration,
    pub pool_size: usize,
    pub clock_interval: Duration,
    /// How many bot decisions are thought about at once (0: this process plays no bot turns).
    pub bot_concurrency: usize,
    /// Analyses made at once by this process (`TAPIS_ANALYSIS_CONCURRENCY`; 0: none).
    pub analysis_concurrency: usize,
    /// What this process does (`TAPIS_ROLES`: `web`, `worker`, or both, the default).
    pub roles: crate::Roles,
    /// Days of vacation each player may take per calendar year.
    pub vacation_days: u16,
    /// Webhooks may call this machine over http and any address (development only; see
    /// `tapis_service::Settings::webhooks_allow_local`).
    pub webhooks_allow_local: bool,
    pub log_format: LogFormat,
    pub http: HttpSettings,
    /// How mails leave (`None`: this process sends none; see [`mail_settings`]).
    pub mail: Option<tapis_mail::MailSettings>,
    /// What one client may take of what all share (`docs/limits.md`).
    pub quotas: Quotas,
}

/// How the server speaks HTTP to browsers and proxies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HttpSettings {
    /// Session, device and CSRF cookies are always `Secure` (production).
    pub secure_cookies: bool,
    /// The `Strict-Transport-Security` value to send on every response, if any.
    pub hsts: Option<String>,
    /// The header in which a trusted reverse proxy gives the client's address
    /// (`X-Forwarded-For`: its last address; `X-Real-IP`...); `None`: the peer's address.
    pub client_ip_header: Option<String>,
    /// How event streams keep quiet connections open.
    pub streams: tapis_api::StreamSettings,
    /// Every response says what the database did for it in a `Tapis-Db-Work` header
    /// (`TAPIS_DB_WORK_HEADER=true`; the tests and `scripts/bench.sh` read it).
    pub db_work_header: bool,
}

/// HSTS in production unless configured: a year, subdomains included.
pub const DEFAULT_HSTS: &str = "max-age=31536000; includeSubDomains";

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("environment", &self.environment)
            .field("bind", &self.bind)
            .field("pool_size", &self.pool_size)
            .field("clock_interval", &self.clock_interval)
            .field("bot_concurrency", &self.bot_concurrency)
            .field("analysis_concurrency", &self.analysis_concurrency)
            .field("roles", &self.roles)
            .field("vacation_days", &self.vacation_days)
            .field("webhooks_allow_local", &self.webhooks_allow_local)
            .field("log_format", &self.log_format)
            .field("mail", &self.mail.as_ref().map(|m| m.public_url.as_str()))
            .finish_non_exhaustive()
    }
}

/// A variable is missing or malformed.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{0} must be set")]
    Missing(&'static str),
    #[error("{name} is invalid: {message}")]
    Invalid { name: &'static str, message: String },
}

fn var(name: &'static str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The value of the variable `name` that is one of two words: the first (and the default) or
/// the second.
fn either<T>(
    name: &'static str,
    (first, default): (&str, T),
    (second, other): (&str, T),
) -> Result<T, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(word) if word == first => Ok(default),
        Some(word) if word == second => Ok(other),
        Some(word) => Err(ConfigError::Invalid {
            name,
            message: format!("`{word}` is neither {first} nor {second}"),
        }),
    }
}

fn parse<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(raw) => raw
            .trim()
            .parse()
            .map_err(|e: T::Err| ConfigError::Invalid {
                name,
                message: e.to_string(),
            }),
    }
}

impl Config {
    /// Reads the configuration. Returns it with warnings to log once logging is set up.
    pub fn from_env() -> Result<(Config, Vec<String>), ConfigError> {
        let mut warnings = Vec::new();
        let environment = either(
            "TAPIS_ENV",
            ("development", Environment::Development),
            ("production", Environment::Production),
        )?;
        let database_url = var("DATABASE_URL").ok_or(ConfigError::Missing("DATABASE_URL"))?;
        let jwt_secret = match (var("TAPIS_JWT_SECRET"), environment) {
            (Some(secret), _) if secret.len() >= 32 => secret.into_bytes(),
            (Some(_), _) => {
                return Err(ConfigError::Invalid {
                    name: "TAPIS_JWT_SECRET",
                    message: "use at least 32 characters".into(),
                });
            }
            (None, Environment::Production) => {
                return Err(ConfigError::Missing("TAPIS_JWT_SECRET"));
            }
            (None, Environment::Development) => {
                let mut secret = [0u8; 32];
                getrandom::fill(&mut secret).map_err(|e| ConfigError::Invalid {
                    name: "TAPIS_JWT_SECRET",
                    message: format!("no OS randomness to generate one: {e}"),
                })?;
                warnings.push(
                    "TAPIS_JWT_SECRET is not set: using a random secret, so sessions end when \
                     the server restarts (set it in production)"
                        .to_owned(),
                );
                hex::encode(secret).into_bytes()
            }
        };
        let log_format = either(
            "TAPIS_LOG_FORMAT",
            ("text", LogFormat::Text),
            ("json", LogFormat::Json),
        )?;
        let session_hours: i64 = parse("TAPIS_SESSION_HOURS", 24 * 7)?;
        if !(1..=24 * 365).contains(&session_hours) {
            return Err(ConfigError::Invalid {
                name: "TAPIS_SESSION_HOURS",
                message: "must be from 1 to 8760".into(),
            });
        }
        let clock_secs: u64 = parse("TAPIS_CLOCK_INTERVAL_SECS", 30)?;
        let hsts = match (var("TAPIS_HSTS"), environment) {
            (Some(off), _) if off.trim().eq_ignore_ascii_case("off") => None,
            (Some(value), _) => {
                if !value.trim().starts_with("max-age=")
                    || actix_web::http::header::HeaderValue::from_str(value.trim()).is_err()
                {
                    return Err(ConfigError::Invalid {
                        name: "TAPIS_HSTS",
                        message: "use `off` or a Strict-Transport-Security value starting with \
                                  max-age="
                            .into(),
                    });
                }
                Some(value.trim().to_owned())
            }
            (None, Environment::Production) => Some(DEFAULT_HSTS.to_owned()),
            (None, Environment::Development) => None,
        };
        let client_ip_header = match var("TAPIS_CLIENT_IP_HEADER") {
            None => None,
            Some(name) => {
                match actix_web::http::header::HeaderName::from_bytes(name.trim().as_bytes()) {
                    Ok(_) => Some(name.trim().to_owned()),
                    Err(e) => {
                        return Err(ConfigError::Invalid {
                            name: "TAPIS_CLIENT_IP_HEADER",
                            message: e.to_string(),
                        });
                    }
                }
            }
        };
        let bind = var("TAPIS_BIND").unwrap_or_else(|| "127.0.0.1:8080".to_owned());
        let pool_size: usize = parse("TAPIS_DB_POOL_SIZE", 16)?;
        let bot_concurrency: usize = parse("TAPIS_BOT_CONCURRENCY", 2)?;
        let analysis_concurrency: usize = parse("TAPIS_ANALYSIS_CONCURRENCY", 1)?;
        let roles = roles(var("TAPIS_ROLES").as_deref())?;
        let vacation_days: u16 =
            parse("TAPIS_VACATION_DAYS", tapis_service::DEFAULT_VACATION_DAYS)?;
        if vacation_days > 366 {
            return Err(ConfigError::Invalid {
                name: "TAPIS_VACATION_DAYS",
                message: "must be from 0 to 366".into(),
            });
        }
        let mail = mail_settings(environment, &bind, &mut warnings)?;
        let quotas = quotas()?;
        Ok((
            Config {
                environment,
                database_url,
                bind,
                jwt_secret,
                session_ttl: time::Duration::hours(session_hours),
                pool_size: pool_size.max(1),
                clock_interval: Duration::from_secs(clock_secs.max(1)),
                bot_concurrency,
                analysis_concurrency,
                roles,
                vacation_days,
                webhooks_allow_local: environment == Environment::Development,
                log_format,
                http: HttpSettings {
                    secure_cookies: environment == Environment::Production,
                    hsts,
                    client_ip_header,
                    streams: tapis_api::StreamSettings::default(),
                    db_work_header: parse("TAPIS_DB_WORK_HEADER", false)?,
                },
                mail,
                quotas,
            },
            warnings,
        ))
    }
}

fn at_least_one_i32(name: &'static str, value: i32) -> Result<i32, ConfigError> {
    if value < 1 {
        return Err(ConfigError::Invalid {
            name,
            message: "must be at least 1".into(),
        });
    }
    Ok(value)
}

/// The quotas, each from its variable or its default (`docs/limits.md`).
fn quotas() -> Result<Quotas, ConfigError> {
    let default = Quotas::default();
    let at_least_one = |name: &'static str, value: usize| {
        if value == 0 {
            Err(ConfigError::Invalid {
                name,
                message: "must be at least 1".into(),
            })
        } else {
            Ok(value)
        }
    };
    Ok(Quotas {
        streams: StreamLimits {
            per_address: at_least_one(
                "TAPIS_STREAMS_PER_ADDRESS",
                parse("TAPIS_STREAMS_PER_ADDRESS", default.streams.per_address)?,
            )?,
            per_account: at_least_one(
                "TAPIS_STREAMS_PER_ACCOUNT",
                parse("TAPIS_STREAMS_PER_ACCOUNT", default.streams.per_account)?,
            )?,
            total: at_least_one(
                "TAPIS_STREAMS_MAX",
                parse("TAPIS_STREAMS_MAX", default.streams.total)?,
            )?,
            ..default.streams
        },
        bot_matches_per_account: parse(
            "TAPIS_BOT_MATCHES_PER_ACCOUNT",
            default.bot_matches_per_account,
        )?
        .max(0),
        open_matches_per_account: parse(
            "TAPIS_OPEN_MATCHES_PER_ACCOUNT",
            default.open_matches_per_account,
        )?
        .max(1),
        sign_ups_per_address: at_least_one_i32(
            "TAPIS_SIGN_UPS_PER_ADDRESS",
            parse("TAPIS_SIGN_UPS_PER_ADDRESS", default.sign_ups_per_address)?,
        )?,
        verify_mails_per_account: parse(
            "TAPIS_VERIFY_MAILS_PER_ACCOUNT",
            default.verify_mails_per_account,
        )?
        .max(1),
        verify_mails_per_address: parse(
            "TAPIS_VERIFY_MAILS_PER_ADDRESS",
            default.verify_mails_per_address,
        )?
        .max(1),
        chat: ChatLimits {
            burst: parse("TAPIS_CHAT_BURST", default.chat.burst)?.max(1),
            per_minute: parse("TAPIS_CHAT_PER_MINUTE", default.chat.per_minute)?.max(1),
            ..default.chat
        },
    })
}

/// Where mails are written in development without `TAPIS_SMTP_URL`.
pub const DEVELOPMENT_MAIL_DIR: &str = "target/mail";

/// The mail settings (`docs/notifications.md`):
/// - `TAPIS_SMTP_URL` set: mails go by SMTP; in production `TAPIS_PUBLIC_URL` and
///   `TAPIS_MAIL_FROM` must be set too (links to the wrong site, or mail from a made-up
///   sender, would be worse than no mail), else the server refuses to start;
/// - unset in development: mails are written as `.eml` files under `target/mail/`, links
///   point to `http://{TAPIS_BIND}`;
/// - unset in production: no mail is sent (a warning says so); the mails wait in the outbox
///   for a process that has SMTP.
fn mail_settings(
    environment: Environment,
    bind: &str,
    warnings: &mut Vec<String>,
) -> Result<Option<tapis_mail::MailSettings>, ConfigError> {
    let smtp = var("TAPIS_SMTP_URL");
    let public = var("TAPIS_PUBLIC_URL");
    let from = var("TAPIS_MAIL_FROM");
    let production = environment == Environment::Production;
    let transport = match smtp {
        Some(url) => {
            let parsed = url::Url::parse(url.trim()).map_err(|e| ConfigError::Invalid {
                name: "TAPIS_SMTP_URL",
                message: e.to_string(),
            })?;
            if !matches!(parsed.scheme(), "smtp" | "smtps") {
                return Err(ConfigError::Invalid {
                    name: "TAPIS_SMTP_URL",
                    message: "use smtp://host:port or smtps://user:password@host".into(),
                });
            }
            if production && public.is_none() {
                return Err(ConfigError::Missing("TAPIS_PUBLIC_URL"));
            }
            if production && from.is_none() {
                return Err(ConfigError::Missing("TAPIS_MAIL_FROM"));
            }
            tapis_mail::Transport::Smtp(url.trim().to_owned())
        }
        None if production => {
            warnings.push(
                "TAPIS_SMTP_URL is not set: no mail is sent by this process (verification \
                 links and notifications wait in the outbox)"
                    .to_owned(),
            );
            return Ok(None);
        }
        None => {
            warnings.push(format!(
                "TAPIS_SMTP_URL is not set: mails are written to {DEVELOPMENT_MAIL_DIR}/ as \
                 .eml files"
            ));
            tapis_mail::Transport::Files(DEVELOPMENT_MAIL_DIR.into())
        }
    };
    let public_url = match public {
        Some(raw) => url::Url::parse(raw.trim()).map_err(|e| ConfigError::Invalid {
            name: "TAPIS_PUBLIC_URL",
            message: e.to_string(),
        })?,
        None => url::Url::parse(&format!("http://{bind}")).map_err(|e| ConfigError::Invalid {
            name: "TAPIS_BIND",
            message: format!("cannot make the site's address from it: {e}"),
        })?,
    };
    if !matches!(public_url.scheme(), "http" | "https") || public_url.host_str().is_none() {
        return Err(ConfigError::Invalid {
            name: "TAPIS_PUBLIC_URL",
            message: "use the site's address, as https://tapis.example.org".into(),
        });
    }
    let from = from.unwrap_or_else(|| "Tapis <tapis@localhost>".to_owned());
    let settings = tapis_mail::MailSettings {
        from,
        public_url,
        transport,
    };
    // Checks the sender and the SMTP URL now rather than at the first mail.
    tapis_mail::MailCourier::new(&settings).map_err(|e| ConfigError::Invalid {
        name: match e {
            tapis_mail::MailError::From(_) => "TAPIS_MAIL_FROM",
            tapis_mail::MailError::Smtp(_) => "TAPIS_SMTP_URL",
            tapis_mail::MailError::Folder(_) => "TAPIS_SMTP_URL",
        },
        message: e.to_string(),
    })?;
    Ok(Some(settings))
}

/// `TAPIS_ROLES`: `web`, `worker`, or both (`web,worker`, the default when unset).
fn roles(value: Option<&str>) -> Result<crate::Roles, ConfigError> {
    let Some(value) = value else {
        return Ok(crate::Roles::BOTH);
    };
    let mut roles = crate::Roles {
        web: false,
        worker: false,
    };
    for role in value.split(',').map(str::trim) {
        match role {
            "web" => roles.web = true,
            "worker" => roles.worker = true,
            _ => {
                return Err(ConfigError::Invalid {
                    name: "TAPIS_ROLES",
                    message: format!("“{role}” is no role: say web, worker, or web,worker"),
                });
            }
        }
    }
    if !roles.web && !roles.worker {
        return Err(ConfigError::Invalid {
            name: "TAPIS_ROLES",
            message: "name at least one role: web, worker".to_owned(),
        });
    }
    Ok(roles)
}

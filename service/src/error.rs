//! The one error type of the service layer, with stable machine codes.
//!
//! Presentation layers map each variant to a status and a body (problem+json in the API, an
//! inline message on a page). Internal causes are logged once, where they are turned into
//! [`ServiceError::Internal`], and never shown to a client.

use std::borrow::Cow;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::pooled_connection::deadpool::PoolError;

/// What `Retry-After` says when the database cannot be reached: long enough for a restart.
pub const DATABASE_RETRY_AFTER_SECS: u64 = 5;

/// Why a link of a mail (verification, unsubscribe) does not work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkProblem {
    /// Not signed by this deployment, not of the right kind, or not a token at all.
    Invalid,
    /// A verification link older than 48 hours.
    Expired,
    /// A verification link of an address given before the account's present one.
    Superseded,
}

/// Why a use case failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// A field of the request is invalid: `reason` says why in a stable snake_case word
    /// (`username_format`, `password_length`...) that pages translate; `message` says it in
    /// English (the API's `detail`).
    #[error("{field}: {message}")]
    Validation {
        field: Cow<'static, str>,
        reason: &'static str,
        message: Cow<'static, str>,
    },
    #[error("this username is already taken")]
    UsernameTaken,
    #[error("wrong username or password")]
    InvalidCredentials,
    /// A bearer token is missing, malformed, expired, forged or revoked.
    #[error("{0}")]
    Unauthenticated(&'static str),
    /// A personal API token without the scope the request needs (sessions have every scope).
    #[error("this token does not have the “{0}” scope: make a token with it")]
    MissingScope(crate::identity::scopes::Scope),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("you are not a player of this match")]
    NotAPlayer,
    #[error("this match is reserved for invited players")]
    NotInvited,
    #[error("only the creator of the match may do this")]
    NotTheCreator,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("illegal action: {0}")]
    IllegalAction(String),
    #[error("the match has changed since version {submitted}: it is now at version {current}")]
    VersionConflict { submitted: i64, current: i64 },
    #[error("the match is not open for joining")]
    MatchNotOpen,
    #[error("the match is not in progress")]
    MatchNotActive,
    #[error("every seat of this match is taken")]
    MatchFull,
    #[error("you already sit at this match")]
    AlreadyJoined,
    /// A stream was asked to resume from an id it never sent (the text says why).
    #[error("{0}")]
    BadLastEventId(&'static str),
    /// A stream was asked to resume from events older than the horizon: they are gone.
    #[error(
        "these events are older than the streams keep; the oldest left has id {oldest}: start again without Last-Event-ID"
    )]
    EventsExpired { oldest: i64 },
    /// A vacation is in force: return (`DELETE /api/v1/me/vacation`) before starting another.
    #[error("you are already on vacation: return first to start another")]
    AlreadyOnVacation,
    #[error("you are not on vacation")]
    NotOnVacation,
    /// A webhook URL that Tapis will not call (its scheme, or an address inside the network).
    #[error("this webhook URL is refused: {0}")]
    WebhookUrlRefused(String),
    #[error("an account may have at most {limit} webhooks: delete one first")]
    TooManyWebhooks { limit: i64 },
    /// A link of a mail (verification, unsubscribe) that does not work.
    #[error("{}", match .0 {
        LinkProblem::Invalid => "this link is not valid: it was not made by this site, or it was cut short",
        LinkProblem::Expired => "this verification link has expired: give the address again to get a new one",
        LinkProblem::Superseded => "this verification link is for an address that has been replaced since: use the link of the latest mail",
    })]
    BadLink(LinkProblem),
    #[error("too many attempts; try again in {retry_after_secs} seconds")]
    RateLimited { retry_after_secs: u64 },
    /// The database cannot be reached (down, restarting, or every connection busy for too
    /// long): the request changed nothing and can be retried.
    #[error("the service is briefly unavailable; try again in a few seconds")]
    DatabaseUnavailable,
    /// Something failed on our side; the cause has been logged.
    #[error("internal error")]
    Internal,
}

impl ServiceError {
    /// The stable snake_case code clients can match on.
    pub fn code(&self) -> &'static str {
        match self {
            ServiceError::Validation { .. } => "validation_failed",
            ServiceError::UsernameTaken => "username_taken",
            ServiceError::InvalidCredentials => "invalid_credentials",
            ServiceError::Unauthenticated(_) => "unauthenticated",
            ServiceError::MissingScope(_) => "missing_scope",
            ServiceError::NotFound(_) => "not_found",
            ServiceError::NotAPlayer => "not_a_player",
            ServiceError::NotInvited => "not_invited",
            ServiceError::NotTheCreator => "not_the_creator",
            ServiceError::NotYourTurn => "not_your_turn",
            ServiceError::IllegalAction(_) => "illegal_action",
            ServiceError::VersionConflict { .. } => "version_conflict",
            ServiceError::MatchNotOpen => "match_not_open",
            ServiceError::MatchNotActive => "match_not_active",
            ServiceError::MatchFull => "match_full",
            ServiceError::AlreadyJoined => "already_joined",
            ServiceError::BadLastEventId(_) => "bad_last_event_id",
            ServiceError::EventsExpired { .. } => "events_expired",
            ServiceError::AlreadyOnVacation => "already_on_vacation",
            ServiceError::NotOnVacation => "not_on_vacation",
            ServiceError::WebhookUrlRefused(_) => "webhook_url_refused",
            ServiceError::TooManyWebhooks { .. } => "too_many_webhooks",
            ServiceError::BadLink(problem) => match problem {
                LinkProblem::Invalid => "link_invalid",
                LinkProblem::Expired => "link_expired",
                LinkProblem::Superseded => "link_superseded",
            },
            ServiceError::RateLimited { .. } => "rate_limited",
            ServiceError::DatabaseUnavailable => "database_unavailable",
            ServiceError::Internal => "internal_error",
        }
    }

    /// The HTTP status of this error: the one mapping that both the API and the web pages use.
    pub fn http_status(&self) -> u16 {
        match self {
            ServiceError::Validation { .. }
            | ServiceError::IllegalAction(_)
            | ServiceError::WebhookUrlRefused(_) => 422,
            ServiceError::InvalidCredentials | ServiceError::Unauthenticated(_) => 401,
            ServiceError::NotFound(_) => 404,
            ServiceError::MissingScope(_)
            | ServiceError::NotAPlayer
            | ServiceError::NotInvited
            | ServiceError::NotTheCreator => 403,
            ServiceError::UsernameTaken
            | ServiceError::NotYourTurn
            | ServiceError::VersionConflict { .. }
            | ServiceError::MatchNotOpen
            | ServiceError::MatchNotActive
            | ServiceError::MatchFull
            | ServiceError::AlreadyJoined
            | ServiceError::AlreadyOnVacation
            | ServiceError::NotOnVacation
            | ServiceError::TooManyWebhooks { .. } => 409,
            ServiceError::BadLastEventId(_) | ServiceError::BadLink(_) => 400,
            ServiceError::EventsExpired { .. } => 410,
            ServiceError::RateLimited { .. } => 429,
            ServiceError::DatabaseUnavailable => 503,
            ServiceError::Internal => 500,
        }
    }

    /// How long a client should wait before trying again, for the errors that say so.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            ServiceError::RateLimited { retry_after_secs } => Some(*retry_after_secs),
            ServiceError::DatabaseUnavailable => Some(DATABASE_RETRY_AFTER_SECS),
            _ => None,
        }
    }

    /// A validation error on `field`, for `reason` (a stable snake_case word), with an English
    /// `message`.
    pub fn invalid(
        field: impl Into<Cow<'static, str>>,
        reason: &'static str,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        ServiceError::Validation {
            field: field.into(),
            reason,
            message: message.into(),
        }
    }

    /// Logs an unexpected failure and hides it behind [`ServiceError::Internal`].
    pub fn internal(context: &str, cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "{context}");
        ServiceError::Internal
    }
}

impl From<DieselError> for ServiceError {
    fn from(error: DieselError) -> Self {
        match error {
            DieselError::NotFound => ServiceError::NotFound("record"),
            DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, info) => {
                tracing::warn!(error = %info.message(), "the database connection was lost");
                ServiceError::DatabaseUnavailable
            }
            other => ServiceError::internal("database query failed", other),
        }
    }
}

impl From<PoolError> for ServiceError {
    fn from(error: PoolError) -> Self {
        match error {
            // No connection could be had: the database is down, restarting or saturated.
            // That is an outage to report (as a warning), not a bug.
            PoolError::Timeout(_) | PoolError::Backend(_) | PoolError::Closed => {
                tracing::warn!(error = %error, "no database connection");
                ServiceError::DatabaseUnavailable
            }
            other => ServiceError::internal("the connection pool is misconfigured", other),
        }
    }
}

/// `NotFound(what)` when a write that names one of the caller's things touched no row (it does
/// not exist, or is someone else's: the caller cannot tell which).
pub(crate) fn found(rows: usize, what: &'static str) -> ServiceResult<()> {
    if rows == 0 {
        return Err(ServiceError::NotFound(what));
    }
    Ok(())
}

/// Deletes the row `$id` of `$table` (a table of `crate::schema` with the columns `id` and
/// `user_id`) over `$conn` if it belongs to the user `$owner`, with [`found`]: `NotFound($what)`
/// when no row went. For the caller's own things: its tokens, sessions and webhooks.
macro_rules! delete_owned {
    ($conn:expr, $table:ident, $id:expr, $owner:expr, $what:expr) => {
        $crate::error::found(
            diesel::delete(
                $table::table
                    .filter($table::id.eq($id))
                    .filter($table::user_id.eq($owner)),
            )
            .execute($conn)
            .await?,
            $what,
        )
    };
}

pub(crate) use delete_owned;

/// Shorthand for results of the service layer.
pub type ServiceResult<T> = Result<T, ServiceError>;

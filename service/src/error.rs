//! The one error type of the service layer, with stable machine codes.
//!
//! Presentation layers map each variant to a status and a body (problem+json in the API, an
//! inline message on a page). Internal causes are logged once, where they are turned into
//! [`ServiceError::Internal`], and never shown to a client.

use std::borrow::Cow;

/// Why a use case failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// A field of the request is invalid.
    #[error("{field}: {message}")]
    Validation {
        field: Cow<'static, str>,
        message: Cow<'static, str>,
    },
    #[error("this username is already taken")]
    UsernameTaken,
    #[error("wrong username or password")]
    InvalidCredentials,
    /// A bearer token is missing, malformed, expired, forged or revoked.
    #[error("{0}")]
    Unauthenticated(&'static str),
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
    #[error("too many attempts; try again in {retry_after_secs} seconds")]
    RateLimited { retry_after_secs: u64 },
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
            ServiceError::RateLimited { .. } => "rate_limited",
            ServiceError::Internal => "internal_error",
        }
    }

    /// A validation error on `field`.
    pub fn invalid(
        field: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        ServiceError::Validation {
            field: field.into(),
            message: message.into(),
        }
    }

    /// Logs an unexpected failure and hides it behind [`ServiceError::Internal`].
    pub fn internal(context: &str, cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "{context}");
        ServiceError::Internal
    }
}

impl From<diesel::result::Error> for ServiceError {
    fn from(error: diesel::result::Error) -> Self {
        match error {
            diesel::result::Error::NotFound => ServiceError::NotFound("record"),
            other => ServiceError::internal("database query failed", other),
        }
    }
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for ServiceError {
    fn from(error: diesel_async::pooled_connection::deadpool::PoolError) -> Self {
        ServiceError::internal("no database connection", error)
    }
}

/// Shorthand for results of the service layer.
pub type ServiceResult<T> = Result<T, ServiceError>;

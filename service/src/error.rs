//! The one error type of the service layer, with stable machine codes.
//!
//! Presentation layers map each variant to a status and a body (problem+json in the API, an
//! inline message on a page). Internal causes are logged once, where they are turned into
//! [`ServiceError::Internal`], and never shown to a client.

use std::borrow::Cow;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::pooled_connection::deadpool::{HookError, PoolError};
use time::OffsetDateTime;

use crate::identity::scopes::{Scope, ScopeError};

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
    MissingScope(Scope),
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
    /// A match may be aborted only until each seat has taken a turn.
    #[error("every player has moved: the match can no longer be aborted (resign instead)")]
    AbortNotAllowed,
    /// The match is not over yet.
    #[error("the match is not over")]
    MatchNotFinished,
    /// A player at the match blocked the caller, who may not take a seat there.
    #[error("a player at this match does not accept you at their table")]
    NotWelcome,
    /// A moderator suspended the account: it cannot sign in, play or use a token before
    /// `until`.
    #[error("this account is suspended until {}", moment(until))]
    AccountSuspended { until: OffsetDateTime },
    /// A moderator muted the caller's chat until `until`.
    #[error("a moderator muted your chat until {}", moment(until))]
    ChatMuted { until: OffsetDateTime },
    /// Only moderators may do this.
    #[error("only moderators may do this")]
    NotAModerator,
    /// The caller already reported this player (or this message), and the report is open.
    #[error("you already reported this, and a moderator has not yet looked at it")]
    AlreadyReported,
    /// The caller turned this match's chat off: they cannot post to it.
    #[error("you turned this match's chat off: turn it on to write")]
    ChatOff,
    /// The caller's time for their move ran out: the clock's next pass records the time-out.
    #[error("your time for a move has run out: the match records the time-out")]
    DeadlinePassed,
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
    #[error(
        "an account may have at most {limit} matches against the computer open or in play: finish or resign one first"
    )]
    TooManyBotMatches { limit: i64 },
    #[error(
        "an account may have at most {limit} open matches waiting for players: cancel one, or wait for players to join"
    )]
    TooManyOpenMatches { limit: i64 },
    /// A link of a mail (verification, unsubscribe) that does not work.
    #[error("{}", match .0 {
        LinkProblem::Invalid => "this link is not valid: it was not made by this site, or it was cut short",
        LinkProblem::Expired => "this verification link has expired: give the address again to get a new one",
        LinkProblem::Superseded => "this verification link is for an address that has been replaced since: use the link of the latest mail",
    })]
    BadLink(LinkProblem),
    /// A tournament refuses what was asked of it (the refusal says why).
    #[error("{0}")]
    Tournament(TournamentRefusal),
    /// A league refuses what was asked of it (the refusal says why).
    #[error("{0}")]
    League(LeagueRefusal),
    #[error("too many attempts; try again in {retry_after_secs} seconds")]
    RateLimited { retry_after_secs: u64 },
    /// Opening one more event stream would pass a cap (`quotas::StreamLimits`).
    #[error("{cap}: close one of them, or try again in {retry_after_secs} seconds")]
    TooManyStreams {
        cap: StreamCap,
        retry_after_secs: u64,
    },
    /// The database cannot be reached (down, restarting, or every connection busy for too
    /// long): the request changed nothing and can be retried.
    #[error("the service is briefly unavailable; try again in a few seconds")]
    DatabaseUnavailable,
    /// Something failed on our side; the cause has been logged.
    #[error("internal error")]
    Internal,
}

/// A moment as the API writes it (RFC 3339), for the messages of errors.
fn moment(at: &OffsetDateTime) -> String {
    at.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| at.to_string())
}

/// Why a tournament refuses a player's or its organiser's request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TournamentRefusal {
    #[error("only the organiser of the tournament may do this")]
    NotTheOrganiser,
    #[error(
        "the tournament has started: it can no longer be left or cancelled (withdraw instead), and late entry is closed once half its rounds have started"
    )]
    Started,
    #[error("the tournament has not started yet: leave it instead")]
    NotStarted,
    #[error("the tournament is over or cancelled")]
    Over,
    #[error("you are already entered in this tournament")]
    AlreadyEntered,
    #[error("you are not entered in this tournament")]
    NotEntered,
    #[error("you have already withdrawn from this tournament")]
    AlreadyWithdrawn,
    #[error("the tournament has as many players as it takes")]
    Full,
    #[error("your rating in this game is outside the tournament's range")]
    RatingOutsideRange,
    #[error("computer players may sit only in casual tournaments that allow them")]
    BotsNotAllowed,
}

impl TournamentRefusal {
    /// The stable code clients match on.
    pub fn code(self) -> &'static str {
        match self {
            TournamentRefusal::NotTheOrganiser => "not_the_organiser",
            TournamentRefusal::Started => "tournament_started",
            TournamentRefusal::NotStarted => "tournament_not_started",
            TournamentRefusal::Over => "tournament_over",
            TournamentRefusal::AlreadyEntered => "already_entered",
            TournamentRefusal::NotEntered => "not_entered",
            TournamentRefusal::AlreadyWithdrawn => "already_withdrawn",
            TournamentRefusal::Full => "tournament_full",
            TournamentRefusal::RatingOutsideRange => "rating_outside_range",
            TournamentRefusal::BotsNotAllowed => "bots_not_allowed",
        }
    }

    /// 403 for who may not ask, 409 for what the tournament's state refuses.
    pub fn http_status(self) -> u16 {
        match self {
            TournamentRefusal::NotTheOrganiser | TournamentRefusal::RatingOutsideRange => 403,
            _ => 409,
        }
    }
}

/// Why a league refuses a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LeagueRefusal {
    #[error("computer players never sit in leagues")]
    BotsNotAllowed,
}

impl LeagueRefusal {
    /// The stable code clients match on.
    pub fn code(self) -> &'static str {
        match self {
            LeagueRefusal::BotsNotAllowed => "bots_not_allowed",
        }
    }

    /// 403: who may not ask.
    pub fn http_status(self) -> u16 {
        match self {
            LeagueRefusal::BotsNotAllowed => 403,
        }
    }
}

/// Which cap of the event streams a client reached, and its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamCap {
    /// Streams open from one client address.
    Address(usize),
    /// Streams open by one account.
    Account(usize),
    /// Streams open in this server process.
    Server(usize),
}

impl std::fmt::Display for StreamCap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamCap::Address(n) => {
                write!(f, "at most {n} event streams may be open from one address")
            }
            StreamCap::Account(n) => {
                write!(f, "at most {n} event streams may be open for one account")
            }
            StreamCap::Server(n) => write!(f, "the server holds its most event streams ({n})"),
        }
    }
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
            ServiceError::AbortNotAllowed => "abort_not_allowed",
            ServiceError::ChatOff => "chat_off",
            ServiceError::AccountSuspended { .. } => "account_suspended",
            ServiceError::ChatMuted { .. } => "chat_muted",
            ServiceError::NotAModerator => "not_a_moderator",
            ServiceError::AlreadyReported => "already_reported",
            ServiceError::NotWelcome => "not_welcome",
            ServiceError::MatchNotFinished => "match_not_finished",
            ServiceError::DeadlinePassed => "deadline_passed",
            ServiceError::MatchFull => "match_full",
            ServiceError::AlreadyJoined => "already_joined",
            ServiceError::BadLastEventId(_) => "bad_last_event_id",
            ServiceError::EventsExpired { .. } => "events_expired",
            ServiceError::AlreadyOnVacation => "already_on_vacation",
            ServiceError::NotOnVacation => "not_on_vacation",
            ServiceError::WebhookUrlRefused(_) => "webhook_url_refused",
            ServiceError::TooManyWebhooks { .. } => "too_many_webhooks",
            ServiceError::TooManyBotMatches { .. } => "too_many_bot_matches",
            ServiceError::TooManyOpenMatches { .. } => "too_many_open_matches",
            ServiceError::BadLink(problem) => match problem {
                LinkProblem::Invalid => "link_invalid",
                LinkProblem::Expired => "link_expired",
                LinkProblem::Superseded => "link_superseded",
            },
            ServiceError::Tournament(refusal) => refusal.code(),
            ServiceError::League(refusal) => refusal.code(),
            ServiceError::RateLimited { .. } => "rate_limited",
            ServiceError::TooManyStreams { .. } => "too_many_streams",
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
            | ServiceError::NotTheCreator
            | ServiceError::NotWelcome
            | ServiceError::AccountSuspended { .. }
            | ServiceError::ChatMuted { .. }
            | ServiceError::NotAModerator => 403,
            ServiceError::UsernameTaken
            | ServiceError::NotYourTurn
            | ServiceError::VersionConflict { .. }
            | ServiceError::MatchNotOpen
            | ServiceError::MatchNotActive
            | ServiceError::AbortNotAllowed
            | ServiceError::ChatOff
            | ServiceError::AlreadyReported
            | ServiceError::MatchNotFinished
            | ServiceError::DeadlinePassed
            | ServiceError::MatchFull
            | ServiceError::AlreadyJoined
            | ServiceError::AlreadyOnVacation
            | ServiceError::NotOnVacation
            | ServiceError::TooManyWebhooks { .. }
            | ServiceError::TooManyBotMatches { .. }
            | ServiceError::TooManyOpenMatches { .. } => 409,
            ServiceError::Tournament(refusal) => refusal.http_status(),
            ServiceError::League(refusal) => refusal.http_status(),
            ServiceError::BadLastEventId(_) | ServiceError::BadLink(_) => 400,
            ServiceError::EventsExpired { .. } => 410,
            ServiceError::RateLimited { .. } | ServiceError::TooManyStreams { .. } => 429,
            ServiceError::DatabaseUnavailable => 503,
            ServiceError::Internal => 500,
        }
    }

    /// How long a client should wait before trying again, for the errors that say so.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            ServiceError::RateLimited { retry_after_secs }
            | ServiceError::TooManyStreams {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
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
            other if is_connection_failure(&other) => {
                // An outage to report (as a warning), not a bug: the request changed nothing.
                tracing::warn!(error = %other, "the database connection was lost");
                ServiceError::DatabaseUnavailable
            }
            other => ServiceError::internal("database query failed", other),
        }
    }
}

impl From<ScopeError> for ServiceError {
    fn from(error: ScopeError) -> Self {
        match error {
            ScopeError::Unknown(_) => {
                ServiceError::invalid("scopes", "token_scope_unknown", error.to_string())
            }
            ScopeError::Empty => {
                ServiceError::invalid("scopes", "token_scopes_empty", error.to_string())
            }
            ScopeError::Stored(name) => {
                ServiceError::internal("a stored token scope is unknown", name)
            }
        }
    }
}

/// What the PostgreSQL client says when the connection itself failed, rather than the request
/// (`tokio_postgres::Error` without a SQLSTATE, which diesel-async reports as
/// `UnableToSendCommand`): the socket closed or broke (a broken pipe, a reset), the server
/// stopped answering or answered nonsense; and the connection's background task gone
/// (`channel closed`). The rest of that kind (a parameter that does not serialise, a column or
/// row count that does not match...) is a bug of ours.
const LOST_CONNECTION: [&str; 9] = [
    "connection closed",
    "error communicating with the server",
    "unexpected message from server",
    "error parsing response from server",
    "error performing TLS handshake",
    "error connecting to server",
    "timeout waiting for server",
    "channel closed",
    "channel lagged",
];

/// How PostgreSQL's own messages begin when it ends or refuses the connection, whatever the
/// request: `terminating connection due to administrator command` (57P01: a restart, a fast
/// shutdown, `pg_terminate_backend`), `... because of crash of another server process`
/// (57P02), `... due to idle-session timeout` (57P05), `... due to idle-in-transaction
/// timeout`, `... due to conflict with recovery`; `the database system is starting up`, `...
/// shutting down`, `... in recovery mode`, `... not yet accepting connections` (57P03).
/// The SQLSTATE itself is not given by diesel-async, so the (English) message is read.
const SERVER_ENDS_CONNECTION: [&str; 2] = ["terminating connection", "the database system is"];

/// Whether `error` says that the connection to the database failed (lost, closed, or ended
/// by the server), so that the request can be retried once it is back: a 503, not a bug.
pub fn is_connection_failure(error: &DieselError) -> bool {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => true,
        DieselError::DatabaseError(DatabaseErrorKind::UnableToSendCommand, info) => {
            let message = info.message();
            LOST_CONNECTION.iter().any(|lost| message.starts_with(lost))
        }
        DieselError::DatabaseError(_, info) => {
            let message = info.message();
            SERVER_ENDS_CONNECTION
                .iter()
                .any(|ended| message.starts_with(ended))
        }
        // A transaction whose `COMMIT` failed and whose rollback failed too: the connection
        // went away between them, or with the `COMMIT`.
        DieselError::RollbackErrorOnCommit {
            rollback_error,
            commit_error,
        } => is_connection_failure(commit_error) || is_connection_failure(rollback_error),
        // A rollback failed, so the connection's transaction manager gave up on it: its
        // connection broke (it is not given back to the pool).
        DieselError::BrokenTransactionManager => true,
        _ => false,
    }
}

impl From<PoolError> for ServiceError {
    fn from(error: PoolError) -> Self {
        match error {
            // No connection could be had: the database is down, restarting or saturated.
            // That is an outage to report (as a warning), not a bug.
            PoolError::Timeout(_)
            | PoolError::Backend(_)
            | PoolError::Closed
            | PoolError::PostCreateHook(HookError::Backend(_)) => {
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

#[cfg(test)]
mod tests {
    use deadpool::managed::TimeoutType;
    use diesel::result::ConnectionError;
    use diesel_async::pooled_connection::PoolError as BackendError;

    use super::*;

    fn database(kind: DatabaseErrorKind, message: &str) -> DieselError {
        DieselError::DatabaseError(kind, Box::new(message.to_owned()))
    }

    fn unavailable(error: &ServiceError) -> bool {
        matches!(error, ServiceError::DatabaseUnavailable)
            && error.http_status() == 503
            && error.code() == "database_unavailable"
            && error.retry_after_secs() == Some(DATABASE_RETRY_AFTER_SECS)
    }

    /// The scopes' refusals: a request's are validation errors of the field `scopes`, with the
    /// scope named; a stored one is internal.
    #[test]
    fn scope_errors_are_validation_errors_of_the_scopes() {
        let unknown = ServiceError::from(ScopeError::Unknown("admin".to_owned()));
        assert!(
            matches!(
                &unknown,
                ServiceError::Validation { field, reason: "token_scope_unknown", message }
                    if field == "scopes" && message.contains("“admin”")
            ),
            "{unknown:?}"
        );
        let empty = ServiceError::from(ScopeError::Empty);
        assert!(
            matches!(
                &empty,
                ServiceError::Validation { field, reason: "token_scopes_empty", message }
                    if field == "scopes" && *message == "choose at least one scope"
            ),
            "{empty:?}"
        );
        assert!(matches!(
            ServiceError::from(ScopeError::Stored("admin".to_owned())),
            ServiceError::Internal
        ));
    }

    /// Every way a connection fails, as diesel-async reports it: a 503 with `Retry-After`.
    #[test]
    fn every_connection_failure_is_database_unavailable() {
        use DatabaseErrorKind::{ClosedConnection, UnableToSendCommand, Unknown};
        let failures = [
            // The client's own word for a lost connection (`tokio_postgres::Error` without a
            // SQLSTATE): a closed socket, a broken pipe or a reset (I/O), nonsense or silence.
            database(UnableToSendCommand, "connection closed"),
            database(UnableToSendCommand, "error communicating with the server"),
            database(UnableToSendCommand, "unexpected message from server"),
            database(UnableToSendCommand, "error parsing response from server"),
            database(UnableToSendCommand, "error performing TLS handshake"),
            database(UnableToSendCommand, "error connecting to server"),
            database(UnableToSendCommand, "timeout waiting for server"),
            // The connection's background task is gone.
            database(UnableToSendCommand, "channel closed"),
            database(UnableToSendCommand, "channel lagged by 2"),
            database(
                ClosedConnection,
                "server closed the connection unexpectedly",
            ),
            // The server ends the connection: restart, crash, timeouts, recovery.
            database(
                Unknown,
                "terminating connection due to administrator command",
            ),
            database(
                Unknown,
                "terminating connection because of crash of another server process",
            ),
            database(
                Unknown,
                "terminating connection due to idle-session timeout",
            ),
            database(
                Unknown,
                "terminating connection due to idle-in-transaction timeout",
            ),
            database(
                Unknown,
                "terminating connection due to conflict with recovery",
            ),
            database(Unknown, "the database system is shutting down"),
            database(Unknown, "the database system is starting up"),
            database(Unknown, "the database system is in recovery mode"),
            // A `COMMIT` and its rollback lost with the connection.
            DieselError::RollbackErrorOnCommit {
                rollback_error: Box::new(database(UnableToSendCommand, "connection closed")),
                commit_error: Box::new(database(
                    Unknown,
                    "terminating connection due to administrator command",
                )),
            },
            // A rollback that failed: the transaction manager gave the connection up.
            DieselError::BrokenTransactionManager,
        ];
        for failure in failures {
            let shown = failure.to_string();
            assert!(is_connection_failure(&failure), "{shown}");
            let error = ServiceError::from(failure);
            assert!(unavailable(&error), "{shown}: {error:?}");
        }
    }

    /// What is not a connection failure stays what it was: a bug (500) or a missing row.
    #[test]
    fn other_database_errors_are_not_outages() {
        use DatabaseErrorKind::{
            SerializationFailure, UnableToSendCommand, UniqueViolation, Unknown,
        };
        for error in [
            database(UnableToSendCommand, "error serializing parameter 2"),
            database(UnableToSendCommand, "error deserializing column 0"),
            database(UnableToSendCommand, "invalid column `id`"),
            database(
                UnableToSendCommand,
                "query returned an unexpected number of rows",
            ),
            database(UnableToSendCommand, "expected 3 parameters but got 2"),
            database(UnableToSendCommand, "error encoding message to server"),
            database(Unknown, "syntax error at or near \"SELEC\""),
            database(Unknown, "column \"terminating connection\" does not exist"),
            database(UniqueViolation, "duplicate key value"),
            database(SerializationFailure, "could not serialize access"),
            DieselError::RollbackErrorOnCommit {
                rollback_error: Box::new(database(Unknown, "division by zero")),
                commit_error: Box::new(database(Unknown, "division by zero")),
            },
            DieselError::AlreadyInTransaction,
        ] {
            let shown = error.to_string();
            assert!(!is_connection_failure(&error), "{shown}");
            let error = ServiceError::from(error);
            assert!(
                matches!(error, ServiceError::Internal),
                "{shown}: {error:?}"
            );
            assert_eq!(error.http_status(), 500);
        }
        assert!(matches!(
            ServiceError::from(DieselError::NotFound),
            ServiceError::NotFound(_)
        ));
    }

    /// No connection from the pool: waiting, connecting or checking timed out, connecting
    /// failed, or the pool is closed (the process is stopping).
    #[test]
    fn no_connection_from_the_pool_is_database_unavailable() {
        for error in [
            PoolError::Timeout(TimeoutType::Wait),
            PoolError::Timeout(TimeoutType::Create),
            PoolError::Timeout(TimeoutType::Recycle),
            PoolError::Backend(BackendError::ConnectionError(
                ConnectionError::BadConnection("connection refused".to_owned()),
            )),
            PoolError::Backend(BackendError::QueryError(database(
                DatabaseErrorKind::UnableToSendCommand,
                "connection closed",
            ))),
            PoolError::Closed,
            PoolError::PostCreateHook(HookError::Backend(BackendError::ConnectionError(
                ConnectionError::BadConnection("connection refused".to_owned()),
            ))),
        ] {
            let shown = format!("{error:?}");
            let error = ServiceError::from(error);
            assert!(unavailable(&error), "{shown}: {error:?}");
        }
        assert!(matches!(
            ServiceError::from(PoolError::NoRuntimeSpecified),
            ServiceError::Internal
        ));
    }
}

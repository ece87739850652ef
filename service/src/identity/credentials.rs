//! What a request presents to say who calls ([`Credentials`]): a session token, whose
//! signature and expiry are checked at once, or a personal API token. Either still needs the
//! database to confirm it (a session can be ended, a token revoked, at any moment). The hot
//! paths (a move, a match view, the match page) confirm it in the very statement that reads or
//! locks the match, with the subqueries of [`Confirm`]: checking the caller costs them no
//! statement of their own, and credentials ended a moment ago are refused all the same. The
//! other use cases confirm it on their own first (`auth::authenticate`).
//!
//! A personal API token may do only what its scopes allow: the same subqueries read its
//! scopes, and a token without the scope the request needs ([`Credentials::needing`]) is
//! refused (`MissingScope`) before anything is done, at no statement of its own either.
//!
//! The last use of a session or token, shown in their lists, is written at most once a minute:
//! on the hot paths after the response, in the background ([`record_use_later`]).

use diesel::expression::{AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Bytea, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use time::OffsetDateTime;
use uuid::Uuid;

use super::api_tokens::{API_TOKEN_PREFIX, hash_token};
use super::caller::{Identity, TokenGrant, stored_language};
use super::confirmed::{ConfirmType, ConfirmedRow, KeptCaller};
use super::scopes::{self, Scope};
use super::session_tokens;
use crate::db::kept::{CallerKey, Ticket};
use crate::error::{ServiceError, ServiceResult};
use crate::schema::{api_tokens, sessions};
use crate::services::Services;

/// A bearer token as a request presents it, read but not yet confirmed by the database.
#[derive(Clone, PartialEq, Eq)]
pub enum Credentials {
    /// A session token signed with this deployment's key and not expired: its session's row
    /// must still exist.
    Session { user_id: Uuid, session_id: Uuid },
    /// A personal API token (its SHA-256): it must still exist, and have the scope the
    /// request needs, if it needs one.
    ApiToken { hash: Vec<u8>, needs: Option<Scope> },
}

impl std::fmt::Debug for Credentials {
    /// Never shows a token's hash.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credentials::Session {
                user_id,
                session_id,
            } => f
                .debug_struct("Session")
                .field("user_id", user_id)
                .field("session_id", session_id)
                .finish(),
            Credentials::ApiToken { .. } => f.write_str("ApiToken"),
        }
    }
}

/// Who calls a use case of a hot path (a move, a match view): a caller known already (confirmed
/// by a statement of its own, or a computer player), or credentials that the use case confirms
/// in the statement that reads or locks the match (`Credentials::confirm`).
#[derive(Debug, Clone, Copy)]
pub enum Caller<'a> {
    Known(&'a Identity),
    Presenting(&'a Credentials),
}

impl<'a> From<&'a Identity> for Caller<'a> {
    fn from(who: &'a Identity) -> Caller<'a> {
        Caller::Known(who)
    }
}

impl<'a> From<&'a Credentials> for Caller<'a> {
    fn from(credentials: &'a Credentials) -> Caller<'a> {
        Caller::Presenting(credentials)
    }
}

impl Credentials {
    /// Reads a bearer token: a personal API token by its prefix, else a session token, whose
    /// signature and expiry are checked here (no database).
    pub fn read(services: &Services, bearer: &str) -> ServiceResult<Credentials> {
        if bearer.starts_with(API_TOKEN_PREFIX) {
            return Ok(Credentials::ApiToken {
                hash: hash_token(bearer),
                needs: None,
            });
        }
        Credentials::read_session(services, bearer)
    }

    /// Reads a session token only (what the web's session cookie may hold): a personal API
    /// token is refused (`Unauthenticated`), whatever its scopes, so that it never opens the
    /// pages of the account.
    pub fn read_session(services: &Services, token: &str) -> ServiceResult<Credentials> {
        if token.starts_with(API_TOKEN_PREFIX) {
            return Err(ServiceError::Unauthenticated(
                "a personal API token is not a session",
            ));
        }
        let claims = session_tokens::check(services.keys(), token)?;
        Ok(Credentials::Session {
            user_id: claims.sub,
            session_id: claims.sid,
        })
    }

    /// These credentials for a request that needs `scope`: a personal API token without it is
    /// refused when it is confirmed (`MissingScope`); a session may do everything.
    pub fn needing(self, scope: Scope) -> Credentials {
        match self {
            Credentials::ApiToken { hash, .. } => Credentials::ApiToken {
                hash,
                needs: Some(scope),
            },
            session @ Credentials::Session { .. } => session,
        }
    }

    /// Why credentials the database did not confirm are refused.
    fn refusal(&self) -> ServiceError {
        match self {
            Credentials::Session { .. } => ServiceError::Unauthenticated("this session has ended"),
            Credentials::ApiToken { .. } => ServiceError::Unauthenticated("the token is not valid"),
        }
    }

    /// The subquery that reads the caller in another statement, as one record: the caller's
    /// id, name, language and last use, a token's id and scopes, and the end of the caller's
    /// suspension (a moderator's, `crate::moderation`); `NULL` when the credentials do not
    /// hold (anymore). A session's token id and scopes are `NULL`.
    pub(crate) fn confirm(&self, now: OffsetDateTime) -> Confirm<'_> {
        Confirm {
            credentials: self,
            now,
        }
    }

    /// The caller, from what [`Credentials::confirm`] read; records the use in the background
    /// when the last one is over a minute old.
    pub(crate) fn confirmed(
        &self,
        services: &Services,
        found: ConfirmedRow,
        now: OffsetDateTime,
    ) -> ServiceResult<Identity> {
        let last_used_at = found.as_ref().and_then(|found| found.3);
        let who = self.confirmed_now(found, now)?;
        if use_is_stale(last_used_at, now) {
            record_use_later(services, self.clone(), now);
        }
        Ok(who)
    }

    /// The caller, from what [`Credentials::confirm`] read at `now` (its use is not
    /// recorded); a suspended account, and a token without the scope the request needs, are
    /// refused.
    pub(crate) fn confirmed_now(
        &self,
        found: ConfirmedRow,
        now: OffsetDateTime,
    ) -> ServiceResult<Identity> {
        let Some((user_id, username, language, _, token_id, token_scopes, suspended, _)) = found
        else {
            return Err(self.refusal());
        };
        if let Some(until) = suspended.filter(|until| *until > now) {
            return Err(ServiceError::AccountSuspended { until });
        }
        let (session_id, token) = match self {
            Credentials::Session { session_id, .. } => (Some(*session_id), None),
            Credentials::ApiToken { .. } => {
                let (Some(id), Some(token_scopes)) = (token_id, token_scopes) else {
                    return Err(ServiceError::internal(
                        "a confirmed token has no id or scopes",
                        user_id,
                    ));
                };
                let grant = TokenGrant {
                    id,
                    scopes: scopes::stored(&token_scopes)?,
                };
                (None, Some(grant))
            }
        };
        let who = Identity {
            user_id,
            username,
            session_id,
            language: stored_language(language),
            token,
        };
        if let Credentials::ApiToken {
            needs: Some(scope), ..
        } = self
        {
            who.require(*scope)?;
        }
        Ok(who)
    }
}

/// The caller behind credentials, as the process keeps it (`db::kept`).
impl Credentials {
    /// What the credentials are kept under.
    fn kept_as(&self) -> CallerKey {
        match self {
            Credentials::Session {
                user_id,
                session_id,
            } => CallerKey::Session {
                session_id: *session_id,
                user_id: *user_id,
            },
            Credentials::ApiToken { hash, .. } => CallerKey::Token(hash.clone()),
        }
    }

    /// The caller as the process keeps them, without a statement: `None` when they are not
    /// kept (or their session has ended since); then a refusal for a suspended account or a
    /// missing scope, as [`Credentials::confirmed`] says it. The use is recorded in the
    /// background when the last one is over a minute old, once.
    pub(crate) fn kept(
        &self,
        services: &Services,
        now: OffsetDateTime,
    ) -> Option<ServiceResult<Identity>> {
        let (KeptCaller(mut found), last_used_at) =
            services
                .reads()
                .caller(&self.kept_as(), now, |at| use_is_stale(at, now))?;
        // A session past its end is refused by the statement: ask it.
        if matches!(self, Credentials::Session { .. }) && found.7.is_none_or(|end| end <= now) {
            return None;
        }
        found.3 = last_used_at;
        if use_is_stale(last_used_at, now) {
            record_use_later(services, self.clone(), now);
        }
        Some(self.confirmed_now(Some(found), now))
    }

    /// Keeps the caller a statement that started after `ticket` found at `now` (nothing when
    /// it found none: credentials that do not hold are asked about again). A use due is kept as
    /// made `now`: the caller of this records it.
    pub(crate) fn keep(
        &self,
        services: &Services,
        ticket: Ticket,
        found: &ConfirmedRow,
        now: OffsetDateTime,
    ) {
        if let Some(found) = found {
            let last_used_at = match found.3 {
                at if use_is_stale(at, now) => Some(now),
                at => at,
            };
            let caller = KeptCaller(found.clone());
            services
                .reads()
                .keep_caller(ticket, self.kept_as(), found.0, last_used_at, caller);
        }
    }
}

/// Whether a last use at `last_used_at` is to be written again (over a minute ago, or never).
pub(crate) fn use_is_stale(last_used_at: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    last_used_at.is_none_or(|at| at < now - time::Duration::minutes(1))
}

/// Writes the use of `credentials` at `now`, unless it was written within the minute before
/// (the filter repeats the test, so concurrent requests write it once).
pub(crate) async fn record_use(
    conn: &mut AsyncPgConnection,
    credentials: &Credentials,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let a_minute_ago = now - time::Duration::minutes(1);
    match credentials {
        Credentials::Session { session_id, .. } => {
            diesel::update(sessions::table.find(session_id))
                .filter(sessions::last_used_at.lt(a_minute_ago))
                .set(sessions::last_used_at.eq(now))
                .execute(conn)
                .await?
        }
        Credentials::ApiToken { hash, .. } => {
            diesel::update(api_tokens::table.filter(api_tokens::token_hash.eq(hash)))
                .filter(
                    api_tokens::last_used_at
                        .is_null()
                        .or(api_tokens::last_used_at.lt(a_minute_ago)),
                )
                .set(api_tokens::last_used_at.eq(now))
                .execute(conn)
                .await?
        }
    };
    Ok(())
}

/// [`record_use`] in the background, off the request that found it due: a failure only leaves
/// the last use older in the lists, and is logged.
fn record_use_later(services: &Services, credentials: Credentials, now: OffsetDateTime) {
    let services = services.clone();
    tokio::spawn(async move {
        let recorded = async {
            // The last use is no part of what the process keeps (it follows it itself).
            let mut conn = services.conn_keeping().await?;
            record_use(&mut conn, &credentials, now).await
        };
        if let Err(error) = recorded.await {
            tracing::warn!(%error, "the last use of a session or token was not recorded");
        }
    });
}

/// The subquery that reads the caller behind `credentials` as one record, for the select list
/// of another statement: `NULL` when the credentials do not hold. One subquery rather than one
/// per column: each is a plan of its own that PostgreSQL sets up on every execution
/// (`docs/performance.md`). Written out, as Diesel has no scalar subquery over a join chosen
/// at run time; its text depends on the kind of credentials, so it is cached by its text, not
/// by its type.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Confirm<'a> {
    credentials: &'a Credentials,
    now: OffsetDateTime,
}

impl QueryId for Confirm<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Expression for Confirm<'_> {
    type SqlType = ConfirmType;
}

impl<QS> AppearsOnTable<QS> for Confirm<'_> {}

impl<QS> SelectableExpression<QS> for Confirm<'_> {}

impl<GB> ValidGrouping<GB> for Confirm<'_> {
    type IsAggregate = diesel::expression::is_aggregate::Never;
}

impl QueryFragment<Pg> for Confirm<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("(SELECT ROW(users.id, users.username, users.language, ");
        match self.credentials {
            Credentials::Session {
                user_id,
                session_id,
            } => {
                // A session has no token: its id and scopes are NULL.
                out.push_sql(
                    "sessions.last_used_at, NULL::uuid, NULL::text[], users.suspended_until, \
                     sessions.expires_at) FROM sessions JOIN users ON users.id = sessions.user_id \
                     WHERE sessions.id = ",
                );
                out.push_bind_param::<diesel::sql_types::Uuid, _>(session_id)?;
                out.push_sql(" AND sessions.user_id = ");
                out.push_bind_param::<diesel::sql_types::Uuid, _>(user_id)?;
                out.push_sql(" AND sessions.expires_at > ");
                out.push_bind_param::<Timestamptz, _>(&self.now)?;
            }
            Credentials::ApiToken { hash, .. } => {
                out.push_sql(
                    "api_tokens.last_used_at, api_tokens.id, api_tokens.scopes, \
                     users.suspended_until, NULL::timestamptz) FROM api_tokens JOIN users ON users.id = api_tokens.user_id \
                     WHERE api_tokens.token_hash = ",
                );
                out.push_bind_param::<Bytea, _>(hash)?;
            }
        }
        out.push_sql(")");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_use_is_written_again_after_a_minute() {
        let now = OffsetDateTime::UNIX_EPOCH + time::Duration::days(20_000);
        assert!(use_is_stale(None, now));
        assert!(use_is_stale(Some(now - time::Duration::seconds(61)), now));
        assert!(!use_is_stale(Some(now - time::Duration::seconds(59)), now));
    }

    #[test]
    fn the_debug_form_never_shows_a_token() {
        let token = Credentials::ApiToken {
            hash: vec![0xab; 32],
            needs: None,
        };
        assert_eq!(format!("{token:?}"), "ApiToken");
    }

    #[test]
    fn the_caller_is_read_in_one_subquery_from_the_row_of_the_credentials() {
        let session = Credentials::Session {
            user_id: Uuid::nil(),
            session_id: Uuid::nil(),
        };
        let now = OffsetDateTime::UNIX_EPOCH;
        let sql = diesel::debug_query::<Pg, _>(&session.confirm(now)).to_string();
        assert!(
            sql.starts_with(
                "(SELECT ROW(users.id, users.username, users.language, sessions.last_used_at, \
                 NULL::uuid, NULL::text[], users.suspended_until, sessions.expires_at) FROM \
                 sessions JOIN users ON \
                 users.id = sessions.user_id WHERE sessions.id = $1 AND sessions.user_id = $2 \
                 AND sessions.expires_at > $3)"
            ),
            "{sql}"
        );
        let token = Credentials::ApiToken {
            hash: vec![1],
            needs: None,
        };
        let sql = diesel::debug_query::<Pg, _>(&token.confirm(now)).to_string();
        assert!(
            sql.starts_with(
                "(SELECT ROW(users.id, users.username, users.language, api_tokens.last_used_at, \
                 api_tokens.id, api_tokens.scopes, users.suspended_until, NULL::timestamptz) FROM \
                 api_tokens JOIN \
                 users ON users.id = api_tokens.user_id WHERE api_tokens.token_hash = $1)"
            ),
            "{sql}"
        );
    }

    #[test]
    fn only_a_token_is_held_to_the_scope_a_request_needs() {
        let user_id = Uuid::from_u128(1);
        let found = |scopes: &[&str]| -> ConfirmedRow {
            Some((
                user_id,
                "ada".to_owned(),
                None,
                None,
                Some(Uuid::from_u128(2)),
                Some(scopes.iter().map(|s| (*s).to_owned()).collect()),
                None,
                None,
            ))
        };
        let token = Credentials::ApiToken {
            hash: vec![1],
            needs: None,
        };
        let who = token
            .clone()
            .needing(Scope::Play)
            .confirmed_now(found(&["play"]), OffsetDateTime::UNIX_EPOCH);
        assert_eq!(who.unwrap().token.unwrap().scopes, vec![Scope::Play]);
        let refused = token
            .needing(Scope::Account)
            .confirmed_now(found(&["play", "read"]), OffsetDateTime::UNIX_EPOCH);
        assert!(
            matches!(refused, Err(ServiceError::MissingScope(Scope::Account))),
            "{refused:?}"
        );
        let session = Credentials::Session {
            user_id,
            session_id: Uuid::from_u128(3),
        }
        .needing(Scope::Account);
        let who = session
            .confirmed_now(
                Some((
                    user_id,
                    "ada".to_owned(),
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                )),
                OffsetDateTime::UNIX_EPOCH,
            )
            .unwrap();
        assert!(who.token.is_none() && who.may(Scope::Account));
    }

    #[test]
    fn a_suspended_account_is_refused_until_its_suspension_ends() {
        let now = OffsetDateTime::UNIX_EPOCH + time::Duration::days(20_000);
        let session = Credentials::Session {
            user_id: Uuid::from_u128(1),
            session_id: Uuid::from_u128(3),
        };
        let found = |until: Option<OffsetDateTime>| -> ConfirmedRow {
            Some((
                Uuid::from_u128(1),
                "ada".to_owned(),
                None,
                None,
                None,
                None,
                until,
                None,
            ))
        };
        let until = now + time::Duration::days(3);
        let refused = session.confirmed_now(found(Some(until)), now);
        assert!(
            matches!(refused, Err(ServiceError::AccountSuspended { until: u }) if u == until),
            "{refused:?}"
        );
        assert!(session.confirmed_now(found(Some(now)), now).is_ok());
        assert!(session.confirmed_now(found(None), now).is_ok());
        assert!(
            matches!(
                session.confirmed_now(None, now),
                Err(ServiceError::Unauthenticated(_))
            ),
            "a session the statement did not find has ended"
        );
    }
}

//! Accounts: signing up and in, finding a user by name, changing the password, the account
//! page's overview and the interface's language.

use std::collections::HashMap;

use diesel::dsl::sql;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Array, Bool, Nullable, Text, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::api_tokens::{self, ApiToken};
use super::caller::Identity;
use super::passwords::{MAX_PASSWORD_CHARS, Password};
use super::sessions::{self, SessionInfo};
use super::{devices, throttle};
use crate::db::OrNotFound;
use crate::delivery::notifications::settings::{self as notifications, NotificationSettings};
use crate::error::{ServiceError, ServiceResult};
use crate::schema::users;
use crate::services::Services;
use crate::time::vacation::{self, VacationStatus};

/// A valid username: 3 to 24 letters, digits, `_` or `-`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> ServiceResult<Username> {
        let ok_chars = raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !(3..=24).contains(&raw.len()) || !ok_chars {
            return Err(ServiceError::invalid(
                "username",
                "username_format",
                "must be 3 to 24 letters, digits, '_' or '-'",
            ));
        }
        Ok(Username(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A user as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: Uuid,
    pub username: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

/// A signed-in session: the user and a bearer token.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Session {
    pub user: User,
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    #[serde(with = "time::serde::rfc3339")]
    pub expires_at: OffsetDateTime,
}

/// Opens a session for `user` on `conn`.
async fn session_for(
    conn: &mut AsyncPgConnection,
    services: &Services,
    user: User,
    user_agent: Option<&str>,
) -> ServiceResult<Session> {
    let (token, expires_at) = sessions::open(conn, services, user.id, user_agent).await?;
    Ok(Session {
        user,
        token,
        expires_at,
    })
}

/// Creates an account and signs it in.
pub async fn sign_up(
    services: &Services,
    username: &str,
    password: &str,
    client: &ClientInfo,
) -> ServiceResult<Session> {
    let username = Username::parse(username)?;
    let password = Password::parse("password", password)?;
    // Counted under the client's address before any password is hashed: a burst from one
    // address waits out its delays instead of taking the hashing lane (`docs/limits.md`).
    if let Some(address) = client.address.as_deref() {
        let free = services.settings().quotas.sign_ups_per_address;
        let key = [throttle::sign_up_key(address, free)];
        let mut conn = services.conn().await?;
        throttle::reserve(&mut conn, &key, services.settings().sign_in_limits).await?;
    }
    // No connection is held while the password waits for the hashing lane.
    let hash = services.passwords().hash(&password).await?;
    let mut conn = services.conn().await?;
    let user_agent = client.user_agent.as_deref();
    let inserted = diesel::insert_into(users::table)
        .values((
            users::id.eq(Uuid::new_v4()),
            users::username.eq(username.as_str()),
            users::password_hash.eq(hash),
        ))
        .returning(User::as_returning())
        .get_result(&mut conn)
        .await;
    let user = match inserted {
        Ok(user) => user,
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => return Err(ServiceError::UsernameTaken),
        Err(other) => return Err(other.into()),
    };
    tracing::info!(user.id = %user.id, "account created");
    session_for(&mut conn, services, user, user_agent).await
}

/// Where a request comes from, as the server resolved it: the client's address (the peer's, or
/// the one a trusted proxy reports) and what it says it is. The server puts one in every
/// request's extensions, for the sign-in throttle and the list of sessions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientInfo {
    pub address: Option<String>,
    pub user_agent: Option<String>,
}

/// A sign-in attempt, with what the throttle needs to know of where it comes from.
#[derive(Debug, Clone, Copy, Default)]
pub struct SignInAttempt<'a> {
    pub username: &'a str,
    pub password: &'a str,
    /// The client's IP address.
    pub address: Option<&'a str>,
    /// The device token this browser was given at an earlier sign-in, if any.
    pub device: Option<&'a str>,
    /// What the client says it is (kept with the session).
    pub user_agent: Option<&'a str>,
}

/// A successful sign-in: the session, and a device token for the browser to keep.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub session: Session,
    pub device_token: String,
}

/// Signs in with a username and password.
///
/// The username and password are checked for shape first (a name that cannot exist is a 422,
/// and costs no database work nor password hashing), then one attempt is reserved with the
/// throttle before the password is verified (`throttle`): concurrent guesses never check more
/// passwords than the throttle allows.
pub async fn sign_in(services: &Services, attempt: SignInAttempt<'_>) -> ServiceResult<SignedIn> {
    let username = Username::parse(attempt.username)?;
    if attempt.password.chars().count() > MAX_PASSWORD_CHARS {
        return Err(ServiceError::invalid(
            "password",
            "password_too_long",
            "must be at most 128 characters",
        ));
    }
    let limits = services.settings().sign_in_limits;
    let device = attempt
        .device
        .and_then(|token| devices::known(services, username.as_str(), token));
    let keys = throttle::keys_of(
        &limits,
        username.as_str(),
        attempt.address,
        device.as_deref(),
    );
    let mut conn = services.conn().await?;
    throttle::reserve(&mut conn, &keys, limits).await?;

    let found: Option<(User, String, Option<OffsetDateTime>)> = users::table
        .filter(named(username.as_str()))
        .select((
            User::as_select(),
            users::password_hash,
            users::suspended_until,
        ))
        .first(&mut conn)
        .await
        .optional()?;
    let (user, hash, suspended_until) = match found {
        Some((user, hash, until)) => (Some(user), Some(hash), until),
        None => (None, None, None),
    };
    let ok = services
        .passwords()
        .verify(attempt.password, hash.as_deref())
        .await?;
    match user {
        Some(user) if ok => {
            throttle::succeeded(&mut conn, &keys).await?;
            // Said only to whoever knows the password.
            if let Some(until) = suspended_until.filter(|until| *until > services.now()) {
                return Err(ServiceError::AccountSuspended { until });
            }
            let device_token = devices::issue(services, username.as_str())?;
            let session = session_for(&mut conn, services, user, attempt.user_agent).await?;
            Ok(SignedIn {
                session,
                device_token,
            })
        }
        // The attempt stays counted.
        _ => Err(ServiceError::InvalidCredentials),
    }
}

/// The user behind an identity.
pub async fn user(services: &Services, id: Uuid) -> ServiceResult<User> {
    let mut conn = services.conn().await?;
    users::table
        .find(id)
        .select(User::as_select())
        .first(&mut conn)
        .await
        .or_not_found("user")
}

/// A user by username (without regard to case).
pub async fn user_by_name(services: &Services, username: &str) -> ServiceResult<User> {
    let mut conn = services.conn().await?;
    named_user(&mut conn, username).await
}

/// The rows of `users` named `username` without regard to case (at most one: the unique index
/// is on `lower(username)`).
pub(crate) fn named(
    username: &str,
) -> Box<dyn BoxableExpression<users::table, Pg, SqlType = Bool>> {
    Box::new(
        sql::<Bool>("lower(username) = lower(")
            .bind::<Text, _>(username.to_owned())
            .sql(")"),
    )
}

/// The user named `username` (without regard to case), if there is one.
pub(crate) async fn find_by_name(
    conn: &mut AsyncPgConnection,
    username: &str,
) -> ServiceResult<Option<User>> {
    Ok(users::table
        .filter(named(username))
        .select(User::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// An account as a name finds it: who it is, and whether it is a computer player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Account {
    pub(crate) user_id: Uuid,
    pub(crate) is_bot: bool,
}

/// The account of each of `names` (without regard to case, like [`named`]), in the same
/// order: `None` for a name nobody has. One statement, however many names.
pub(crate) async fn find_all_by_name(
    conn: &mut AsyncPgConnection,
    names: &[String],
) -> ServiceResult<Vec<Option<Account>>> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Nullable<SqlUuid>)]
        id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Bool>)]
        is_bot: Option<bool>,
    }
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<Found> = diesel::sql_query(
        "SELECT u.id, u.is_bot FROM unnest($1::text[]) WITH ORDINALITY AS n(name, i) \
         LEFT JOIN users u ON lower(u.username) = lower(n.name) ORDER BY n.i",
    )
    .bind::<Array<Text>, _>(names)
    .load(conn)
    .await?;
    Ok(found
        .into_iter()
        .map(|f| {
            Some(Account {
                user_id: f.id?,
                is_bot: f.is_bot?,
            })
        })
        .collect())
}

/// Whether account `user_id` is a computer player's.
pub(crate) async fn is_bot(conn: &mut AsyncPgConnection, user_id: Uuid) -> ServiceResult<bool> {
    Ok(users::table
        .find(user_id)
        .select(users::is_bot)
        .first(conn)
        .await?)
}

/// The usernames of the accounts `ids` (those that exist), by id.
pub(crate) async fn usernames(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> ServiceResult<HashMap<Uuid, String>> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .select((users::id, users::username))
        .load::<(Uuid, String)>(conn)
        .await?
        .into_iter()
        .collect())
}

/// Each of `tables` with the names of the players other than `who` at it (its `seats`), in
/// seat order: a player's opponents at their tables of a tournament or a league.
pub(crate) async fn with_opponents<T>(
    conn: &mut AsyncPgConnection,
    who: Uuid,
    tables: Vec<T>,
    seats: impl Fn(&T) -> &[Uuid],
) -> ServiceResult<Vec<(T, Vec<String>)>> {
    let others: Vec<Uuid> = tables
        .iter()
        .flat_map(|table| seats(table).iter().copied())
        .filter(|id| *id != who)
        .collect();
    let names = usernames(conn, &others).await?;
    Ok(tables
        .into_iter()
        .map(|table| {
            let opponents = seats(&table)
                .iter()
                .filter(|id| **id != who)
                .filter_map(|id| names.get(id).cloned())
                .collect();
            (table, opponents)
        })
        .collect())
}

/// The user named `username` (without regard to case): not found (404) when there is none.
pub(crate) async fn named_user(
    conn: &mut AsyncPgConnection,
    username: &str,
) -> ServiceResult<User> {
    find_by_name(conn, username)
        .await?
        .ok_or(ServiceError::NotFound("user"))
}

/// The user named `username` (as [`named_user`]), who must be another than `who`: a player
/// cannot block or follow themselves (a validation error of the field `username`, with
/// `reason` and `message`).
pub(crate) async fn named_other_user(
    conn: &mut AsyncPgConnection,
    who: &Identity,
    username: &str,
    reason: &'static str,
    message: &'static str,
) -> ServiceResult<User> {
    let user = named_user(conn, username).await?;
    if user.id == who.user_id {
        return Err(ServiceError::invalid("username", reason, message));
    }
    Ok(user)
}

/// Changes the caller's password after checking the current one, and ends every other
/// session of the caller (the one that asked stays signed in; API tokens are not touched).
pub async fn change_password(
    services: &Services,
    who: &Identity,
    current: &str,
    new: &str,
) -> ServiceResult<()> {
    let new = Password::parse("new_password", new)?;
    let mut conn = services.conn().await?;
    let hash: String = users::table
        .find(who.user_id)
        .select(users::password_hash)
        .first(&mut conn)
        .await
        .optional()?
        .ok_or(ServiceError::Unauthenticated(
            "this account no longer exists",
        ))?;
    if !services.passwords().verify(current, Some(&hash)).await? {
        return Err(ServiceError::invalid(
            "current_password",
            "password_wrong",
            "is not your password",
        ));
    }
    let new_hash = services.passwords().hash(&new).await?;
    let user_id = who.user_id;
    let keep = who.session_id;
    conn.transaction::<_, ServiceError, _>(async |conn| {
        diesel::update(users::table.find(user_id))
            .set(users::password_hash.eq(new_hash))
            .execute(conn)
            .await?;
        sessions::end_others(conn, user_id, keep).await
    })
    .await
}

/// What the account page shows: the caller's personal API tokens, live sessions and
/// vacation.
#[derive(Debug, Clone)]
pub struct AccountOverview {
    pub tokens: Vec<ApiToken>,
    pub sessions: Vec<SessionInfo>,
    pub vacation: VacationStatus,
    pub notifications: NotificationSettings,
}

/// The caller's API tokens and sessions, each with its last use, and their vacation.
pub async fn overview(services: &Services, who: &Identity) -> ServiceResult<AccountOverview> {
    Ok(AccountOverview {
        tokens: api_tokens::list(services, who).await?,
        sessions: sessions::list(services, who).await?,
        vacation: vacation::status(services, who).await?,
        notifications: notifications::get(services, who).await?,
    })
}

/// Records the language the caller chose for the interface (`None`: follow the browser's).
pub async fn set_language(
    services: &Services,
    who: &Identity,
    language: Option<tapis_l10n::Language>,
) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    diesel::update(users::table.find(who.user_id))
        .set(users::language.eq(language.map(|l| l.code())))
        .execute(&mut conn)
        .await?;
    Ok(())
}

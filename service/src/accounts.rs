//! Accounts: sign up, sign in, profiles and passwords.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::{Identity, issue_session};
use crate::ratings::{self, GameRating};
use crate::schema::users;
use crate::{ServiceError, ServiceResult, Services, throttle};

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
                "must be 3 to 24 letters, digits, '_' or '-'",
            ));
        }
        Ok(Username(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password acceptable for a new account: 8 to 128 characters.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

impl Password {
    pub fn parse(field: &'static str, raw: &str) -> ServiceResult<Password> {
        if !(8..=128).contains(&raw.chars().count()) {
            return Err(ServiceError::invalid(field, "must be 8 to 128 characters"));
        }
        Ok(Password(raw.to_owned()))
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

/// A player's public profile: the account and its rating in every game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Profile {
    pub id: Uuid,
    pub username: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// The current rating in every game, in catalogue order.
    pub ratings: Vec<GameRating>,
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

fn session_for(services: &Services, user: User) -> ServiceResult<Session> {
    let identity = Identity {
        user_id: user.id,
        username: user.username.clone(),
    };
    let (token, expires_at) = issue_session(services, &identity)?;
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
) -> ServiceResult<Session> {
    let username = Username::parse(username)?;
    let password = Password::parse("password", password)?;
    let hash = services.passwords().hash(&password.0).await?;
    let mut conn = services.conn().await?;
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
    session_for(services, user)
}

/// Signs in with a username and password. `address` is the caller's network address, used
/// with the account for rate limiting.
pub async fn sign_in(
    services: &Services,
    username: &str,
    password: &str,
    address: Option<&str>,
) -> ServiceResult<Session> {
    let limits = services.settings().sign_in_limits;
    let account_key = format!("account:{}", username.to_lowercase());
    let mut keys = vec![(account_key.clone(), limits.per_account)];
    if let Some(address) = address {
        keys.push((format!("address:{address}"), limits.per_address));
    }
    let mut conn = services.conn().await?;
    throttle::check(&mut conn, &keys, limits).await?;

    let found: Option<(User, String)> = users::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(username) = lower(")
                .bind::<diesel::sql_types::Text, _>(username)
                .sql(")"),
        )
        .select((User::as_select(), users::password_hash))
        .first(&mut conn)
        .await
        .optional()?;
    let (user, hash) = match found {
        Some((user, hash)) => (Some(user), Some(hash)),
        None => (None, None),
    };
    let ok = services
        .passwords()
        .verify(password, hash.as_deref())
        .await?;
    match user {
        Some(user) if ok => {
            throttle::clear(&mut conn, &account_key).await?;
            session_for(services, user)
        }
        _ => {
            throttle::record_failure(&mut conn, &keys, limits).await?;
            Err(ServiceError::InvalidCredentials)
        }
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
        .optional()?
        .ok_or(ServiceError::NotFound("user"))
}

/// A user by username (without regard to case).
pub async fn user_by_name(services: &Services, username: &str) -> ServiceResult<User> {
    let mut conn = services.conn().await?;
    find_by_name(&mut conn, username)
        .await?
        .ok_or(ServiceError::NotFound("user"))
}

/// A player's public profile, with their current ratings (username without regard to case).
pub async fn profile(services: &Services, username: &str) -> ServiceResult<Profile> {
    let mut conn = services.conn().await?;
    let user = find_by_name(&mut conn, username)
        .await?
        .ok_or(ServiceError::NotFound("user"))?;
    let ratings = ratings::load_for_user(&mut conn, user.id).await?;
    Ok(Profile {
        id: user.id,
        username: user.username,
        created_at: user.created_at,
        ratings,
    })
}

pub(crate) async fn find_by_name(
    conn: &mut diesel_async::AsyncPgConnection,
    username: &str,
) -> ServiceResult<Option<User>> {
    Ok(users::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(username) = lower(")
                .bind::<diesel::sql_types::Text, _>(username)
                .sql(")"),
        )
        .select(User::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// Changes the caller's password after checking the current one.
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
        .await?;
    if !services.passwords().verify(current, Some(&hash)).await? {
        return Err(ServiceError::invalid(
            "current_password",
            "is not your password",
        ));
    }
    let new_hash = services.passwords().hash(&new.0).await?;
    diesel::update(users::table.find(who.user_id))
        .set(users::password_hash.eq(new_hash))
        .execute(&mut conn)
        .await?;
    Ok(())
}

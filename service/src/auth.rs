//! Who is calling: session tokens (JWT, HS256, with expiry) and personal API tokens.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tapis_l10n::Language;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::found;
use crate::schema::{api_tokens, users};
use crate::{ServiceError, ServiceResult, Services, sessions};

/// The prefix of personal API tokens, which tells them apart from session tokens.
pub const API_TOKEN_PREFIX: &str = "tapis_";

/// An authenticated caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub user_id: Uuid,
    pub username: String,
    /// The session the caller came with; `None` for a personal API token.
    pub session_id: Option<Uuid>,
    /// The language the player chose for the interface, if they chose one.
    pub language: Option<Language>,
}

/// Signing and checking keys for session tokens.
pub(crate) struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: Uuid,
    /// The session's row (`sessions`): the token works only while that row exists.
    sid: Uuid,
    iat: i64,
    exp: i64,
}

impl JwtKeys {
    pub(crate) fn new(secret: &[u8]) -> JwtKeys {
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }
}

/// Opens a session for `user_id` and issues its token; returns the token with its expiry.
pub(crate) async fn issue_session(
    conn: &mut diesel_async::AsyncPgConnection,
    services: &Services,
    user_id: Uuid,
    user_agent: Option<&str>,
) -> ServiceResult<(String, OffsetDateTime)> {
    let (session_id, expires_at) = sessions::open(conn, services, user_id, user_agent).await?;
    let claims = Claims {
        sub: user_id,
        sid: session_id,
        iat: OffsetDateTime::now_utc().unix_timestamp(),
        exp: expires_at.unix_timestamp(),
    };
    let token = jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &services.keys().encoding,
    )
    .map_err(|e| ServiceError::internal("cannot sign a session token", e))?;
    Ok((token, expires_at))
}

/// Identifies the caller from a bearer token (session or personal API token).
pub async fn authenticate(services: &Services, bearer: &str) -> ServiceResult<Identity> {
    if bearer.starts_with(API_TOKEN_PREFIX) {
        return authenticate_api_token(services, bearer).await;
    }
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub", "sid"]);
    let data = jsonwebtoken::decode::<Claims>(bearer, &services.keys().decoding, &validation)
        .map_err(|e| match e.kind() {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => {
                ServiceError::Unauthenticated("the session token has expired")
            }
            _ => ServiceError::Unauthenticated("the token is not valid"),
        })?;
    sessions::identity(services, data.claims.sid, data.claims.sub).await
}

/// A player's stored language: the column's check allows only the codes of [`Language`].
pub(crate) fn stored_language(code: Option<String>) -> Option<Language> {
    code.and_then(|c| c.parse().ok())
}

fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

async fn authenticate_api_token(services: &Services, token: &str) -> ServiceResult<Identity> {
    let mut conn = services.conn().await?;
    type Found = (Uuid, Option<OffsetDateTime>, Uuid, String, Option<String>);
    let found: Option<Found> = api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(hash_token(token)))
        .select((
            api_tokens::id,
            api_tokens::last_used_at,
            users::id,
            users::username,
            users::language,
        ))
        .first(&mut conn)
        .await
        .optional()?;
    let Some((token_id, last_used_at, user_id, username, language)) = found else {
        return Err(ServiceError::Unauthenticated("the token is not valid"));
    };
    // Record the use, at most once a minute per token: most requests read only. The filter
    // repeats the test, so concurrent requests write it once.
    let now = OffsetDateTime::now_utc();
    let a_minute_ago = now - time::Duration::minutes(1);
    if last_used_at.is_none_or(|at| at < a_minute_ago) {
        diesel::update(api_tokens::table.find(token_id))
            .filter(
                api_tokens::last_used_at
                    .is_null()
                    .or(api_tokens::last_used_at.lt(a_minute_ago)),
            )
            .set(api_tokens::last_used_at.eq(now))
            .execute(&mut conn)
            .await?;
    }
    Ok(Identity {
        user_id,
        username,
        session_id: None,
        language: stored_language(language),
    })
}

/// A personal API token as listed (never with its secret).
#[derive(Debug, Clone, Serialize, ToSchema, Queryable)]
pub struct ApiToken {
    pub id: Uuid,
    pub name: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub last_used_at: Option<OffsetDateTime>,
}

/// A newly created personal API token: the only time its secret is shown.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NewApiToken {
    pub id: Uuid,
    pub name: String,
    /// The secret, to send as `Authorization: Bearer <token>`. It is not stored and cannot be
    /// shown again.
    pub token: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

/// Creates a personal API token named `name` for the caller.
pub async fn create_api_token(
    services: &Services,
    who: &Identity,
    name: &str,
) -> ServiceResult<NewApiToken> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        return Err(ServiceError::invalid(
            "name",
            "token_name_length",
            "must be 1 to 64 characters",
        ));
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| ServiceError::internal("no OS randomness", e))?;
    let token = format!("{API_TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(secret));
    let id = Uuid::new_v4();
    let mut conn = services.conn().await?;
    let created_at: OffsetDateTime = diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::id.eq(id),
            api_tokens::user_id.eq(who.user_id),
            api_tokens::name.eq(name),
            api_tokens::token_hash.eq(hash_token(&token)),
        ))
        .returning(api_tokens::created_at)
        .get_result(&mut conn)
        .await?;
    Ok(NewApiToken {
        id,
        name: name.to_owned(),
        token,
        created_at,
    })
}

/// The caller's personal API tokens, newest first.
pub async fn list_api_tokens(services: &Services, who: &Identity) -> ServiceResult<Vec<ApiToken>> {
    let mut conn = services.conn().await?;
    Ok(api_tokens::table
        .filter(api_tokens::user_id.eq(who.user_id))
        .order((api_tokens::created_at.desc(), api_tokens::id))
        .select((
            api_tokens::id,
            api_tokens::name,
            api_tokens::created_at,
            api_tokens::last_used_at,
        ))
        .load(&mut conn)
        .await?)
}

/// Revokes one of the caller's tokens; it stops working at once.
pub async fn revoke_api_token(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    let deleted = diesel::delete(
        api_tokens::table
            .filter(api_tokens::id.eq(id))
            .filter(api_tokens::user_id.eq(who.user_id)),
    )
    .execute(&mut conn)
    .await?;
    found(deleted, "token")
}

//! Personal API tokens: secrets a player creates for their programs, sent as bearer tokens like
//! session tokens but told apart by their prefix, stored only as a hash, and working until
//! revoked.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Identity;
use crate::error::{ServiceError, ServiceResult, delete_owned};
use crate::schema::api_tokens;
use crate::secrets::random_bytes;
use crate::services::Services;

/// The prefix of personal API tokens, which tells them apart from session tokens.
pub const API_TOKEN_PREFIX: &str = "tapis_";

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

pub(crate) fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Creates a personal API token named `name` for the caller.
pub async fn create(services: &Services, who: &Identity, name: &str) -> ServiceResult<NewApiToken> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        return Err(ServiceError::invalid(
            "name",
            "token_name_length",
            "must be 1 to 64 characters",
        ));
    }
    let secret: [u8; 32] = random_bytes()?;
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
pub async fn list(services: &Services, who: &Identity) -> ServiceResult<Vec<ApiToken>> {
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
pub async fn revoke(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    delete_owned!(&mut conn, api_tokens, id, who.user_id, "token")
}

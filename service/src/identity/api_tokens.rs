//! Personal API tokens: secrets a player creates for their programs, sent as bearer tokens like
//! session tokens but told apart by their prefix, stored only as a hash, and working until
//! revoked. Each may do only what its scopes allow (`scopes`), chosen when it is made. A token
//! made with a token gets no scope its maker lacks, and is revoked with it (its row names its
//! maker's, `ON DELETE CASCADE`).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Identity;
use super::scopes::{self, Scope};
use crate::error::{ServiceError, ServiceResult, delete_owned};
use crate::schema::api_tokens;
use crate::secrets::random_bytes;
use crate::services::Services;

/// The prefix of personal API tokens, which tells them apart from session tokens.
pub const API_TOKEN_PREFIX: &str = "tapis_";

/// A personal API token as listed (never with its secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ApiToken {
    pub id: Uuid,
    pub name: String,
    /// What the token may do.
    pub scopes: Vec<Scope>,
    /// The token that made this one, if a token did: revoking it revokes this one too.
    pub parent_id: Option<Uuid>,
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
    /// What the token may do.
    pub scopes: Vec<Scope>,
    /// The token that made this one, if a token did: revoking it revokes this one too.
    pub parent_id: Option<Uuid>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

pub(crate) fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Creates a personal API token named `name` for the caller, with the scopes named `scopes`
/// (`None`: [`Scope::DEFAULT`]; see [`scopes::requested`]). A caller who comes with a token
/// makes a child of it: no scope it lacks (`MissingScope`), and revoked with it.
pub async fn create<S: AsRef<str>>(
    services: &Services,
    who: &Identity,
    name: &str,
    scopes: Option<&[S]>,
) -> ServiceResult<NewApiToken> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        return Err(ServiceError::invalid(
            "name",
            "token_name_length",
            "must be 1 to 64 characters",
        ));
    }
    let scopes = scopes::requested(scopes)?;
    for scope in &scopes {
        who.require(*scope)?;
    }
    let parent_id = who.token.as_ref().map(|t| t.id);
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
            api_tokens::scopes.eq(scopes::to_stored(&scopes)),
            api_tokens::parent_id.eq(parent_id),
        ))
        .returning(api_tokens::created_at)
        .get_result(&mut conn)
        .await
        .map_err(|e| match e {
            // The token making this one was revoked a moment ago.
            DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _)
                if parent_id.is_some() =>
            {
                ServiceError::Unauthenticated("the token is not valid")
            }
            other => other.into(),
        })?;
    Ok(NewApiToken {
        id,
        name: name.to_owned(),
        token,
        scopes,
        parent_id,
        created_at,
    })
}

/// The caller's personal API tokens, newest first.
pub async fn list(services: &Services, who: &Identity) -> ServiceResult<Vec<ApiToken>> {
    let mut conn = services.conn().await?;
    let rows: Vec<TokenRow> = api_tokens::table
        .filter(api_tokens::user_id.eq(who.user_id))
        .order((api_tokens::created_at.desc(), api_tokens::id))
        .select((
            api_tokens::id,
            api_tokens::name,
            api_tokens::scopes,
            api_tokens::parent_id,
            api_tokens::created_at,
            api_tokens::last_used_at,
        ))
        .load(&mut conn)
        .await?;
    rows.into_iter()
        .map(
            |(id, name, stored, parent_id, created_at, last_used_at)| -> ServiceResult<ApiToken> {
                Ok(ApiToken {
                    id,
                    name,
                    scopes: scopes::stored(&stored)?,
                    parent_id,
                    created_at,
                    last_used_at,
                })
            },
        )
        .collect()
}

/// A row of `api_tokens` as listed.
type TokenRow = (
    Uuid,
    String,
    Vec<String>,
    Option<Uuid>,
    OffsetDateTime,
    Option<OffsetDateTime>,
);

/// Revokes one of the caller's tokens; it stops working at once, and so do the tokens made
/// with it (the database deletes them with it).
pub async fn revoke(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    delete_owned!(&mut conn, api_tokens, id, who.user_id, "token")
}

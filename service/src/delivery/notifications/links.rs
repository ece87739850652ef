//! The signed links of the mails. They carry tokens signed with a key derived from the
//! deployment's secret (HS256 JWTs with a `purpose` claim, so that no token passes for another
//! kind, nor for a session token):
//! - verification: names the player, the address and the request (`set_at`), valid 48 hours;
//!   a newer request supersedes it;
//! - unsubscribe: names the player and an event kind (or `all`); it does not expire, and using
//!   it twice changes nothing more.

use diesel::prelude::*;
use diesel::sql_types::{Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use hmac::Mac;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::settings::{EVENTS, micros, read};
use crate::error::{LinkProblem, ServiceError, ServiceResult};
use crate::schema::mail_settings;
use crate::secrets::keyed_mac;
use crate::services::Services;

/// How long a verification link works.
pub const VERIFY_LINK_HOURS: i64 = 48;

#[derive(Debug, Serialize, Deserialize)]
struct LinkClaims {
    sub: Uuid,
    purpose: String,
    /// Verification: the address, and the request (`set_at`, in microseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    req: Option<i64>,
    /// Unsubscribe: an event kind, or `all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    iat: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exp: Option<i64>,
}

const VERIFY_PURPOSE: &str = "verify_email";
const UNSUBSCRIBE_PURPOSE: &str = "unsubscribe";

/// The key of the links: derived from the deployment's secret, so that a link is no session
/// token and a session token no link.
fn link_key(services: &Services) -> ServiceResult<Vec<u8>> {
    let mac = keyed_mac(&services.settings().jwt_secret, b"tapis mail links\0")?;
    Ok(mac.finalize().into_bytes().to_vec())
}

fn sign(services: &Services, claims: &LinkClaims) -> ServiceResult<String> {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(&link_key(services)?),
    )
    .map_err(|e| ServiceError::internal("cannot sign a link", e))
}

fn open(services: &Services, token: &str, purpose: &str) -> ServiceResult<LinkClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    // Expiry is checked below by the deployment's clock.
    validation.validate_exp = false;
    validation.set_required_spec_claims(&["sub"]);
    let claims = jsonwebtoken::decode::<LinkClaims>(
        token.trim(),
        &DecodingKey::from_secret(&link_key(services)?),
        &validation,
    )
    .map_err(|_| ServiceError::BadLink(LinkProblem::Invalid))?
    .claims;
    if claims.purpose != purpose {
        return Err(ServiceError::BadLink(LinkProblem::Invalid));
    }
    Ok(claims)
}

/// The token of the verification link of `email`, given at `set_at` (microseconds).
pub fn verify_token(
    services: &Services,
    user_id: Uuid,
    email: &str,
    set_at: i64,
) -> ServiceResult<String> {
    let now = services.now().unix_timestamp();
    sign(
        services,
        &LinkClaims {
            sub: user_id,
            purpose: VERIFY_PURPOSE.to_owned(),
            email: Some(email.to_owned()),
            req: Some(set_at),
            kind: None,
            iat: now,
            exp: Some(now + VERIFY_LINK_HOURS * 3600),
        },
    )
}

/// The token of the unsubscribe link of `kind` (an event kind, or `all`).
pub fn unsubscribe_token(services: &Services, user_id: Uuid, kind: &str) -> ServiceResult<String> {
    sign(
        services,
        &LinkClaims {
            sub: user_id,
            purpose: UNSUBSCRIBE_PURPOSE.to_owned(),
            email: None,
            req: None,
            kind: Some(kind.to_owned()),
            iat: services.now().unix_timestamp(),
            exp: None,
        },
    )
}

/// Follows a verification link: the address it names becomes verified. Following it again
/// changes nothing. Refused (`bad_link`) when forged, expired or superseded.
pub async fn verify(services: &Services, token: &str) -> ServiceResult<String> {
    let claims = open(services, token, VERIFY_PURPOSE)?;
    let (Some(email), Some(req), Some(exp)) = (claims.email, claims.req, claims.exp) else {
        return Err(ServiceError::BadLink(LinkProblem::Invalid));
    };
    let now = services.now();
    if now.unix_timestamp() >= exp {
        return Err(ServiceError::BadLink(LinkProblem::Expired));
    }
    let mut conn = services.conn().await?;
    let row = read(&mut conn, claims.sub)
        .await?
        .ok_or(ServiceError::BadLink(LinkProblem::Superseded))?;
    if row.email.as_deref() != Some(email.as_str()) || row.set_at.map(micros) != Some(req) {
        return Err(ServiceError::BadLink(LinkProblem::Superseded));
    }
    diesel::update(mail_settings::table.find(claims.sub))
        .filter(mail_settings::verified_at.is_null())
        .filter(mail_settings::email.eq(&email))
        .set(mail_settings::verified_at.eq(now))
        .execute(&mut conn)
        .await?;
    Ok(email)
}

/// What an unsubscribe link stops: one event kind, or every mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsubscribed {
    Kind(String),
    All,
}

/// Reads an unsubscribe link without using it (for the page that asks to confirm).
pub fn read_unsubscribe(services: &Services, token: &str) -> ServiceResult<Unsubscribed> {
    let claims = open(services, token, UNSUBSCRIBE_PURPOSE)?;
    match claims.kind.as_deref() {
        Some("all") => Ok(Unsubscribed::All),
        Some(kind) if EVENTS.contains(&kind) => Ok(Unsubscribed::Kind(kind.to_owned())),
        _ => Err(ServiceError::BadLink(LinkProblem::Invalid)),
    }
}

/// Uses an unsubscribe link: the kind it names is no longer mailed (or nothing is, for
/// `all`). Using it again changes nothing more. Needs no session: the signature is the proof.
pub async fn unsubscribe(services: &Services, token: &str) -> ServiceResult<Unsubscribed> {
    let what = read_unsubscribe(services, token)?;
    let user_id = open(services, token, UNSUBSCRIBE_PURPOSE)?.sub;
    let mut conn = services.conn().await?;
    let changed = match &what {
        Unsubscribed::All => {
            diesel::update(mail_settings::table.find(user_id))
                .set(mail_settings::events.eq(Vec::<String>::new()))
                .execute(&mut conn)
                .await?
        }
        Unsubscribed::Kind(kind) => {
            diesel::sql_query(
                "UPDATE mail_settings SET events = array_remove(events, $2) WHERE user_id = $1",
            )
            .bind::<SqlUuid, _>(user_id)
            .bind::<Text, _>(kind)
            .execute(&mut conn)
            .await?
        }
    };
    tracing::info!(user.id = %user_id, rows = changed, "unsubscribed by a mail's link");
    Ok(what)
}

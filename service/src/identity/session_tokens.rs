//! Session tokens: JWTs (HS256, with an expiry) signed with the deployment's secret, each
//! naming its user and its session's row (`sessions`), which must still exist for the token to
//! work (`super::sessions`).

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};

/// Signing and checking keys for session tokens.
pub(crate) struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl JwtKeys {
    pub(crate) fn new(secret: &[u8]) -> JwtKeys {
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }
}

/// What a session token says.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Claims {
    /// The user.
    pub(crate) sub: Uuid,
    /// The session's row (`sessions`): the token works only while that row exists.
    pub(crate) sid: Uuid,
    iat: i64,
    exp: i64,
}

/// The token of session `session_id` of `user_id`, valid until `expires_at`.
pub(crate) fn sign(
    keys: &JwtKeys,
    user_id: Uuid,
    session_id: Uuid,
    expires_at: OffsetDateTime,
) -> ServiceResult<String> {
    let claims = Claims {
        sub: user_id,
        sid: session_id,
        iat: OffsetDateTime::now_utc().unix_timestamp(),
        exp: expires_at.unix_timestamp(),
    };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding)
        .map_err(|e| ServiceError::internal("cannot sign a session token", e))
}

/// What `token` says, if these keys signed it and it has not expired.
pub(crate) fn check(keys: &JwtKeys, token: &str) -> ServiceResult<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub", "sid"]);
    let data =
        jsonwebtoken::decode::<Claims>(token, &keys.decoding, &validation).map_err(|e| match e
            .kind()
        {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => {
                ServiceError::Unauthenticated("the session token has expired")
            }
            _ => ServiceError::Unauthenticated("the token is not valid"),
        })?;
    Ok(data.claims)
}

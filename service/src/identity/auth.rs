//! Who is calling: a bearer token, either a session token or a personal API token, turned into
//! the caller's [`Identity`].

use super::api_tokens::{self, API_TOKEN_PREFIX};
use super::caller::Identity;
use super::{session_tokens, sessions};
use crate::error::ServiceResult;
use crate::services::Services;

/// Identifies the caller from a bearer token (session or personal API token).
pub async fn authenticate(services: &Services, bearer: &str) -> ServiceResult<Identity> {
    if bearer.starts_with(API_TOKEN_PREFIX) {
        return api_tokens::authenticate(services, bearer).await;
    }
    let claims = session_tokens::check(services.keys(), bearer)?;
    sessions::identity(services, claims.sid, claims.sub).await
}

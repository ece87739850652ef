//! Who is calling: a bearer token, either a session token or a personal API token
//! ([`Credentials`]), confirmed by the database and turned into the caller's [`Identity`].

use diesel_async::RunQueryDsl;
use time::OffsetDateTime;

use super::caller::Identity;
use super::confirmed::ConfirmedRow;
use super::credentials::{Credentials, record_use, use_is_stale};
use crate::error::ServiceResult;
use crate::services::Services;

/// Identifies the caller from a bearer token (session or personal API token), in one
/// statement (and one more, at most once a minute, to record the use).
pub async fn authenticate(services: &Services, bearer: &str) -> ServiceResult<Identity> {
    confirm(services, &Credentials::read(services, bearer)?).await
}

/// The caller behind `credentials`: as the process keeps them (`db::kept`), else confirmed by
/// a statement of its own. The hot paths confirm them in their own statement instead
/// (`Credentials::confirm`).
pub async fn confirm(services: &Services, credentials: &Credentials) -> ServiceResult<Identity> {
    let now = OffsetDateTime::now_utc();
    if let Some(kept) = credentials.kept(services, now) {
        return kept;
    }
    let ticket = services.reads().ticket();
    // Writes only the last use, which is no part of what the process keeps.
    let mut conn = services.conn_keeping().await?;
    let found: ConfirmedRow = diesel::select(credentials.confirm(now))
        .get_result(&mut conn)
        .await?;
    let last_used_at = found.as_ref().and_then(|found| found.3);
    if let Some(ticket) = ticket {
        credentials.keep(services, ticket, &found, now);
    }
    let who = credentials.confirmed_now(found, now)?;
    if use_is_stale(last_used_at, now) {
        record_use(&mut conn, credentials, now).await?;
    }
    Ok(who)
}

//! Sessions: the server-side handle of every session token, so that a session can be ended at
//! once (signing out, "sign out everywhere", a password change) although its token is a signed
//! JWT that would otherwise stay valid until it expires. A token names its row (`sid`); a token
//! whose row is gone, or whose user is gone, is refused.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Identity;
use super::session_tokens;
use crate::error::{ServiceError, ServiceResult, delete_owned};
use crate::schema::sessions;
use crate::services::Services;

/// The longest user agent kept with a session (longer ones are shortened).
pub const MAX_USER_AGENT_CHARS: usize = 200;

/// A session as its owner sees it in the list of their sessions.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable)]
pub struct SessionInfo {
    pub id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// Updated at most once a minute.
    #[serde(with = "time::serde::rfc3339")]
    pub last_used_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    pub expires_at: OffsetDateTime,
    /// What the browser or program said it was when it signed in (may be empty).
    pub user_agent: String,
    /// This is the session of the request that asked.
    pub current: bool,
}

/// Keeps what a user agent says short and printable.
fn tidy_user_agent(raw: Option<&str>) -> String {
    raw.unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_USER_AGENT_CHARS)
        .collect()
}

/// Opens a session for `user_id`, valid for the configured time, and issues its token; returns
/// the token with its expiry.
pub(crate) async fn open(
    conn: &mut AsyncPgConnection,
    services: &Services,
    user_id: Uuid,
    user_agent: Option<&str>,
) -> ServiceResult<(String, OffsetDateTime)> {
    let id = Uuid::new_v4();
    let now = OffsetDateTime::now_utc();
    // The expiry is kept at the precision a token carries (whole seconds).
    let expires_at =
        OffsetDateTime::from_unix_timestamp((now + services.settings().jwt_ttl).unix_timestamp())
            .map_err(|e| ServiceError::internal("session expiry out of range", e))?;
    // Expired sessions of this user go when a new one starts: the table stays small without
    // a sweeper.
    diesel::delete(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::expires_at.le(now)),
    )
    .execute(conn)
    .await?;
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(id),
            sessions::user_id.eq(user_id),
            sessions::expires_at.eq(expires_at),
            sessions::user_agent.eq(tidy_user_agent(user_agent)),
        ))
        .execute(conn)
        .await?;
    let token = session_tokens::sign(services.keys(), user_id, id, expires_at)?;
    Ok((token, expires_at))
}

/// The caller's live sessions, most recently used first.
pub async fn list(services: &Services, who: &Identity) -> ServiceResult<Vec<SessionInfo>> {
    let mut conn = services.conn().await?;
    let current = who.session_id.unwrap_or(Uuid::nil());
    Ok(sessions::table
        .filter(sessions::user_id.eq(who.user_id))
        .filter(sessions::expires_at.gt(OffsetDateTime::now_utc()))
        .order((sessions::last_used_at.desc(), sessions::id))
        .select((
            sessions::id,
            sessions::created_at,
            sessions::last_used_at,
            sessions::expires_at,
            sessions::user_agent,
            sessions::id.eq(current),
        ))
        .load(&mut conn)
        .await?)
}

/// Ends one of the caller's sessions: its token stops working at once.
pub async fn end(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    delete_owned!(&mut conn, sessions, id, who.user_id, "session")
}

/// Ends the caller's own session, if the caller came with one (signing out).
pub async fn end_current(services: &Services, who: &Identity) -> ServiceResult<()> {
    let Some(id) = who.session_id else {
        return Ok(());
    };
    let mut conn = services.conn().await?;
    diesel::delete(sessions::table.find(id))
        .execute(&mut conn)
        .await?;
    Ok(())
}

/// Ends every session of the caller ("sign out everywhere"); API tokens are not touched.
pub async fn end_all(services: &Services, who: &Identity) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    diesel::delete(sessions::table.filter(sessions::user_id.eq(who.user_id)))
        .execute(&mut conn)
        .await?;
    Ok(())
}

/// Ends every session of `user_id` but `keep` (after a password change).
pub(crate) async fn end_others(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    keep: Option<Uuid>,
) -> ServiceResult<()> {
    diesel::delete(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::id.ne(keep.unwrap_or(Uuid::nil()))),
    )
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agents_are_shortened_and_printable() {
        assert_eq!(tidy_user_agent(Some("curl/8\n\0x")), "curl/8x");
        assert_eq!(tidy_user_agent(None), "");
        let long = "a".repeat(500);
        assert_eq!(
            tidy_user_agent(Some(&long)).chars().count(),
            MAX_USER_AGENT_CHARS
        );
    }
}

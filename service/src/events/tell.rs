//! Recording events in the transaction that causes them (those the `matches_events` trigger
//! does not write: invitations, declines and cancellations, the deadline warnings).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::EventKind;
use crate::ServiceResult;
use crate::schema::user_events;

/// An event for one person, about one match at one version.
#[derive(Debug, Clone)]
pub(crate) struct Told {
    pub user_id: Uuid,
    pub kind: EventKind,
    pub match_id: Uuid,
    pub version: i64,
    /// A JSON object: what else the event says.
    pub data: Value,
}

/// Writes `events` in the caller's transaction; they reach the streams once it has committed
/// and the sequencer has numbered them (the caller's change of the match notifies
/// `tapis_matches`, which wakes the sequencer).
pub(crate) async fn tell(conn: &mut AsyncPgConnection, events: &[Told]) -> ServiceResult<()> {
    if events.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = events
        .iter()
        .map(|e| {
            (
                user_events::user_id.eq(e.user_id),
                user_events::kind.eq(e.kind.as_str()),
                user_events::match_id.eq(e.match_id),
                user_events::version.eq(e.version),
                user_events::data.eq(&e.data),
            )
        })
        .collect();
    diesel::insert_into(user_events::table)
        .values(&rows)
        .execute(conn)
        .await?;
    Ok(())
}

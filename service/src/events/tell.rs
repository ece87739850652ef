//! Recording events in the transaction that causes them (those the `matches_updated` trigger
//! does not write: invitations, declines and cancellations, the deadline warnings, the
//! competitions' events).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::EventKind;
use crate::ServiceResult;
use crate::schema::user_events;

/// An event for one person: about one match at one version, or about a competition (a
/// tournament's round, its end; later a league's season), which `data` names.
#[derive(Debug, Clone)]
pub(crate) struct Told {
    pub user_id: Uuid,
    pub kind: EventKind,
    /// The match it is about and the match's version then, if any.
    pub match_at: Option<(Uuid, i64)>,
    /// A JSON object: what else the event says.
    pub data: Value,
}

impl Told {
    /// An event about match `match_id` at `version`.
    pub(crate) fn of_match(
        user_id: Uuid,
        kind: EventKind,
        match_id: Uuid,
        version: i64,
        data: Value,
    ) -> Told {
        Told {
            user_id,
            kind,
            match_at: Some((match_id, version)),
            data,
        }
    }
}

/// Writes `events` in the caller's transaction; they reach the streams once it has committed
/// and the sequencer has numbered them (the caller's change of the match notifies
/// `tapis_matches`, a tournament's `tapis_tournaments`, which wakes the sequencer; else the
/// hub's next look, within a second).
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
                user_events::match_id.eq(e.match_at.map(|(id, _)| id)),
                user_events::version.eq(e.match_at.map(|(_, v)| v)),
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

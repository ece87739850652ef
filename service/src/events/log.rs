//! The stored events: numbering those that committed (the sequencer), reading them, and
//! deleting the old ones past the horizon; and the reads, one batch at a time, of what else a
//! stream follows (a match's moves, its chat).

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Nullable, Untyped};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::{EventKind, TournamentChange, UserEvent};
use crate::chat::{self, ChatMessage};
use crate::matches::{self, MatchMove};
use crate::schema::user_events;
use crate::{ServiceError, ServiceResult, Services};

/// The key of the advisory lock that lets one sequencer run at a time, across processes.
const SEQUENCER_LOCK: i64 = 0x7461_7069_7365_7631; // "tapisev1"
/// Events numbered per transaction of the sequencer, and read per query.
pub(super) const BATCH: i64 = 1000;

#[derive(QueryableByName)]
struct Numbered {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

/// Numbers the events that committed and have no place yet, in one transaction at a time
/// across every process (an advisory lock), then tells every hub (`tapis_events`). Returns
/// how many it numbered.
pub(super) async fn sequence(services: &Services) -> ServiceResult<i64> {
    let mut conn = services.conn_keeping().await?;
    conn.transaction::<_, ServiceError, _>(async |conn| {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<BigInt, _>(SEQUENCER_LOCK)
            .execute(conn)
            .await?;
        // Numbered in the order they were written (`nextval` over the ordered rows), so that
        // the events of one transaction keep their order (`match_started`, then
        // `your_turn`); the rows of one statement become visible together, after every row
        // numbered before them.
        let numbered: Numbered = Sequence.get_result(conn).await?;
        Ok(numbered.count)
    })
    .await
}

/// The statement of [`sequence`], which runs whenever events were written (tens of times a
/// second under load): written out, its text is prepared once per connection and its plan
/// kept, where Diesel prepares a `sql_query` anew at every execution (0.3 ms of planning
/// each time, measured under load: `docs/performance.md`).
struct Sequence;

impl QueryId for Sequence {
    type QueryId = Sequence;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for Sequence {
    // Read by name (`Numbered`): the notification's column is void.
    type SqlType = Untyped;
}

impl QueryFragment<Pg> for Sequence {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "WITH todo AS (SELECT id FROM user_events WHERE seq IS NULL ORDER BY id LIMIT ",
        );
        out.push_bind_param::<BigInt, _>(&BATCH)?;
        out.push_sql(
            " FOR UPDATE), ordered AS (SELECT id, nextval('user_events_order') AS seq \
             FROM (SELECT id FROM todo ORDER BY id) t), \
             done AS (UPDATE user_events e SET seq = o.seq FROM ordered o WHERE e.id = o.id \
             RETURNING e.seq) \
             SELECT count(*) AS count, \
             CASE WHEN count(*) > 0 THEN pg_notify('tapis_events', max(seq)::text) END AS told \
             FROM done",
        );
        Ok(())
    }
}

#[derive(QueryableByName)]
struct Latest {
    #[diesel(sql_type = BigInt)]
    latest: i64,
}

/// The highest number given to an event that can be read (0 when none; the events pruned
/// count, so that an id from before the horizon is known to be old, not unknown).
pub(super) async fn latest_seq(services: &Services) -> ServiceResult<i64> {
    let mut conn = services.conn_keeping().await?;
    let latest: Latest = diesel::sql_query(
        "SELECT greatest(coalesce((SELECT max(seq) FROM user_events), 0), \
         (SELECT pruned_below - 1 FROM user_events_horizon), 0) AS latest",
    )
    .get_result(&mut conn)
    .await?;
    Ok(latest.latest)
}

type EventRow = (Option<i64>, Uuid, String, Option<Uuid>, Option<i64>, Value);

/// Events numbered after `after` (for one person, or for everyone), oldest first, at most
/// [`BATCH`].
pub(super) async fn events_after(
    conn: &mut AsyncPgConnection,
    after: i64,
    user: Option<Uuid>,
) -> ServiceResult<Vec<UserEvent>> {
    let mut query = user_events::table
        .filter(user_events::seq.gt(after))
        .order(user_events::seq)
        .limit(BATCH)
        .select((
            user_events::seq,
            user_events::user_id,
            user_events::kind,
            user_events::match_id,
            user_events::version,
            user_events::data,
        ))
        .into_boxed();
    if let Some(user_id) = user {
        query = query.filter(user_events::user_id.eq(user_id));
    }
    let rows: Vec<EventRow> = query.load(conn).await?;
    rows.into_iter().map(user_event).collect()
}

fn user_event((seq, user_id, kind, match_id, version, data): EventRow) -> ServiceResult<UserEvent> {
    let seq = seq.ok_or_else(|| ServiceError::internal("an event read has no number", user_id))?;
    let kind: EventKind = kind
        .parse()
        .map_err(|e| ServiceError::internal("a stored event has an unknown kind", e))?;
    let data = match data {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    Ok(UserEvent {
        seq,
        user_id,
        kind,
        match_at: match_id.zip(version),
        data,
    })
}

/// A match's moves after version `after`, at most [`BATCH`].
pub(super) async fn moves_after(
    services: &Services,
    id: Uuid,
    after: i64,
) -> ServiceResult<Vec<MatchMove>> {
    let mut conn = services.conn_keeping().await?;
    matches::moves_since(&mut conn, id, after, BATCH).await
}

/// A match's chat messages numbered after `after`, at most [`BATCH`].
pub(super) async fn chat_after(
    services: &Services,
    id: Uuid,
    after: i64,
) -> ServiceResult<Vec<ChatMessage>> {
    let mut conn = services.conn_keeping().await?;
    chat::messages_after(&mut conn, id, after, BATCH).await
}

/// Where tournament `id` stands, if it moved past stamp `after` (one change: a page fetches
/// the tournament afresh, whatever changed).
pub(super) async fn tournament_after(
    services: &Services,
    id: Uuid,
    after: i64,
) -> ServiceResult<Vec<TournamentChange>> {
    let mut conn = services.conn_keeping().await?;
    Ok(crate::tournaments::stamps(&mut conn, &[id])
        .await?
        .into_iter()
        .filter(|(_, stamp)| *stamp > after)
        .map(|(tournament_id, stamp)| TournamentChange {
            tournament_id,
            stamp,
        })
        .collect())
}

#[derive(QueryableByName)]
struct Pruned {
    #[diesel(sql_type = Nullable<BigInt>)]
    below: Option<i64>,
}

/// Deletes the events numbered more than `keep` ago, and moves the horizon past them: a
/// stream that resumes from before it has lost events and is told so. Returns the new
/// horizon (the lowest number a stream may resume after, plus one), if it moved.
pub async fn prune(services: &Services, keep: time::Duration) -> ServiceResult<Option<i64>> {
    let mut conn = services.conn_keeping().await?;
    let seconds = keep.whole_seconds();
    let pruned: Pruned = diesel::sql_query(
        "WITH gone AS (DELETE FROM user_events WHERE seq IS NOT NULL \
         AND created_at < now() - make_interval(secs => $1) RETURNING seq), \
         moved AS (UPDATE user_events_horizon SET pruned_below = greatest(pruned_below, \
         (SELECT max(seq) + 1 FROM gone)) WHERE EXISTS (SELECT 1 FROM gone) \
         RETURNING pruned_below) SELECT (SELECT pruned_below FROM moved) AS below",
    )
    .bind::<diesel::sql_types::Double, _>(seconds as f64)
    .get_result(&mut conn)
    .await?;
    Ok(pruned.below)
}

/// The lowest number a stream may resume after, plus one: events below it are gone.
pub(super) async fn horizon(conn: &mut AsyncPgConnection) -> ServiceResult<i64> {
    let below: i64 = diesel::sql_query("SELECT pruned_below AS below FROM user_events_horizon")
        .get_result::<Pruned>(conn)
        .await?
        .below
        .unwrap_or(0);
    Ok(below)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequencer_statement_is_kept_prepared() {
        assert!(Sequence::query_id().is_some());
        let shown = diesel::debug_query::<Pg, _>(&Sequence).to_string();
        assert!(shown.contains("LIMIT $1 FOR UPDATE"), "{shown}");
        assert!(shown.ends_with(&format!("-- binds: [{BATCH}]")), "{shown}");
    }
}

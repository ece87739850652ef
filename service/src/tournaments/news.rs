//! What the tournament worker tells, in its own transaction: each entrant of a round that
//! starts hears `round_started` (their match and table, or their bye), each entrant of a
//! tournament that ends hears `tournament_finished` (their place and points); and every page
//! that follows the tournament hears that it changed (`store::touch`, docs/events.md).
//!
//! Computer players are told nothing, as in their matches. The events name the tournament in
//! their data (`tournament_id`, `tournament`): they are events of a competition, not of a
//! match, and a league's season tells its own the same way.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::{Value, json};
use uuid::Uuid;

use super::read::standing_lines;
use super::store::{EntrantRow, TournamentRow};
use crate::error::ServiceResult;
use crate::events::{self, EventKind, Told};
use crate::schema::matches;

/// A table of a round just started: its number, its match (none for a bye) and its players.
pub(super) struct StartedTable {
    pub(super) number: i16,
    pub(super) match_id: Option<Uuid>,
    pub(super) seats: Vec<Uuid>,
}

/// What every event of tournament `row` says of it.
fn about(row: &TournamentRow) -> serde_json::Map<String, Value> {
    let mut data = serde_json::Map::new();
    data.insert("tournament_id".into(), json!(row.id));
    data.insert("tournament".into(), json!(row.name));
    data.insert("game".into(), json!(row.game));
    data
}

/// Tells each person at a table of round `round` of `row` that it started.
pub(super) async fn round_started(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    round: i16,
    tables: &[StartedTable],
    entrants: &[EntrantRow],
) -> ServiceResult<()> {
    let names: HashMap<Uuid, (&str, bool)> = entrants
        .iter()
        .map(|e| (e.user_id, (e.username.as_str(), e.is_bot)))
        .collect();
    let ids: Vec<Uuid> = tables.iter().filter_map(|t| t.match_id).collect();
    let versions: HashMap<Uuid, i64> = matches::table
        .filter(matches::id.eq_any(&ids))
        .select((matches::id, matches::version))
        .load::<(Uuid, i64)>(conn)
        .await?
        .into_iter()
        .collect();
    let mut told = Vec::new();
    for table in tables {
        for user_id in &table.seats {
            if names.get(user_id).is_none_or(|(_, bot)| *bot) {
                continue;
            }
            let mut data = about(row);
            data.insert("round".into(), json!(round));
            data.insert("rounds".into(), json!(row.rounds));
            data.insert("table".into(), json!(table.number));
            let opponents: Vec<&str> = table
                .seats
                .iter()
                .filter(|other| *other != user_id)
                .filter_map(|other| names.get(other).map(|(name, _)| *name))
                .collect();
            data.insert("opponents".into(), json!(opponents));
            data.insert("bye".into(), json!(table.match_id.is_none()));
            let match_at = table
                .match_id
                .and_then(|id| versions.get(&id).map(|v| (id, *v)));
            told.push(Told {
                user_id: *user_id,
                kind: EventKind::RoundStarted,
                match_at,
                data: Value::Object(data),
            });
        }
    }
    events::tell(conn, &told).await
}

/// Tells each person entered in `row` (withdrawn or not) their final place and points, from
/// the standings after the round just closed (in this transaction).
pub(super) async fn finished(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
) -> ServiceResult<()> {
    let (entrants, lines) = standing_lines(conn, row).await?;
    let bots: HashMap<Uuid, bool> = entrants.iter().map(|e| (e.user_id, e.is_bot)).collect();
    let told: Vec<Told> = lines
        .iter()
        .filter(|line| bots.get(&line.id) == Some(&false))
        .map(|line| {
            let mut data = about(row);
            data.insert("place".into(), json!(line.rank));
            data.insert("points".into(), json!(line.points.to_f64()));
            data.insert("entrants".into(), json!(lines.len()));
            data.insert("rounds".into(), json!(row.rounds));
            Told {
                user_id: line.id,
                kind: EventKind::TournamentFinished,
                match_at: None,
                data: Value::Object(data),
            }
        })
        .collect();
    events::tell(conn, &told).await
}

#[derive(QueryableByName)]
struct Stamp {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    stamp: i64,
}

/// Where each tournament of `ids` stands, as one number that grows with every change a page
/// shows of it: its revision (raised by every transaction that changes its entrants, rounds or
/// status: `store::touch`) plus the number of its matches that ended (a match ending changes
/// the rounds shown before the round closes). The pages' streams number a tournament's changes
/// by it (docs/events.md), and the hubs compare it with what they handed out in case a
/// notification was lost. A tournament that does not exist has none.
pub(crate) async fn stamps(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> ServiceResult<Vec<(Uuid, i64)>> {
    let rows: Vec<Stamp> = diesel::sql_query(
        "SELECT t.id, t.revision + coalesce((SELECT count(*) FROM round_tables rt \
                JOIN matches m ON m.id = rt.match_id \
                WHERE rt.tournament_id = t.id AND m.status NOT IN ('open', 'active')), 0) AS stamp \
         FROM tournaments t WHERE t.id = ANY($1)",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(ids)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.stamp)).collect())
}

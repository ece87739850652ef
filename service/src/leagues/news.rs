//! What the league worker tells, in its own transaction: each player of a season that starts
//! hears `season_started` (their division, its players, their matches, how they came to it);
//! at a season's end, each player whose place earns a move hears `promoted` or `relegated`.
//! Players who stay hear nothing more than their matches' ends. (To even the divisions' sizes
//! the next season may also move up the best player who stayed below: they learn it from that
//! season's `season_started`, whose `arrival` says `promoted`.)
//!
//! Bots never sit in leagues, so everyone is told. The events name the league in their data
//! (`league`: the game, `season`), as a tournament's name it; the transaction notifies the
//! hubs so that the events are numbered and sent at once, even when no match changed with them.

use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::{Map, Value, json};
use time::OffsetDateTime;
use uuid::Uuid;

use super::plan::{Earned, PlannedDivision};
use super::store::{LeagueRow, SeasonRow};
use crate::error::ServiceResult;
use crate::events::{self, EventKind, Told};

/// What every event of season `season` of `league` says of it.
fn about(league: &LeagueRow, season: &SeasonRow) -> Map<String, Value> {
    let mut data = Map::new();
    data.insert("league".into(), json!(league.game));
    data.insert("game".into(), json!(league.game));
    data.insert("season".into(), json!(season.number));
    data.insert("season_id".into(), json!(season.id));
    data
}

/// A division of a season just started: its id and its plan.
pub(super) struct StartedDivision<'a> {
    pub(super) id: Uuid,
    pub(super) plan: &'a PlannedDivision,
}

/// Tells each player of the season just started their division.
pub(super) async fn started(
    conn: &mut AsyncPgConnection,
    league: &LeagueRow,
    season: &SeasonRow,
    divisions: &[StartedDivision<'_>],
    deadline: OffsetDateTime,
) -> ServiceResult<()> {
    let levels = divisions.len();
    let mut told = Vec::new();
    for (index, division) in divisions.iter().enumerate() {
        let players = division.plan.players.len();
        for (user_id, arrival) in &division.plan.players {
            let matches = division
                .plan
                .rounds
                .iter()
                .flat_map(|r| r.tables.iter())
                .filter(|seats| seats.contains(user_id))
                .count();
            let mut data = about(league, season);
            data.insert("division_id".into(), json!(division.id));
            data.insert("level".into(), json!(index + 1));
            data.insert("levels".into(), json!(levels));
            data.insert("players".into(), json!(players));
            data.insert("matches".into(), json!(matches));
            data.insert("arrival".into(), json!(arrival.as_str()));
            data.insert("deadline".into(), json!(deadline.unix_timestamp()));
            told.push(Told {
                user_id: *user_id,
                kind: EventKind::SeasonStarted,
                match_at: None,
                data: Value::Object(data),
            });
        }
    }
    events::tell(conn, &told).await?;
    wake(conn, season.id).await
}

/// A player's end of season: their place in their division and the move it earned.
pub(super) struct Finish {
    pub(super) user_id: Uuid,
    pub(super) level: usize,
    pub(super) place: usize,
    pub(super) earned: Earned,
}

/// Tells each player whose place earned a move that they go up or down.
pub(super) async fn moved(
    conn: &mut AsyncPgConnection,
    league: &LeagueRow,
    season: &SeasonRow,
    finishes: &[Finish],
) -> ServiceResult<()> {
    let told: Vec<Told> = finishes
        .iter()
        .filter_map(|f| {
            let (kind, to_level) = match f.earned {
                Earned::Up => (EventKind::Promoted, f.level.checked_sub(1)?),
                Earned::Down => (EventKind::Relegated, f.level + 1),
                Earned::Stay => return None,
            };
            let mut data = about(league, season);
            data.insert("from_level".into(), json!(f.level));
            data.insert("to_level".into(), json!(to_level));
            data.insert("place".into(), json!(f.place));
            Some(Told {
                user_id: f.user_id,
                kind,
                match_at: None,
                data: Value::Object(data),
            })
        })
        .collect();
    events::tell(conn, &told).await?;
    wake(conn, season.id).await
}

/// Once the transaction commits, the hubs number and send the events it told (the channel of
/// the competitions that changed: a season's id names no tournament any page follows).
async fn wake(conn: &mut AsyncPgConnection, season_id: Uuid) -> ServiceResult<()> {
    diesel::sql_query("SELECT pg_notify($1, $2)")
        .bind::<diesel::sql_types::Text, _>(crate::tournaments::CHANGES_CHANNEL)
        .bind::<diesel::sql_types::Text, _>(season_id.to_string())
        .execute(conn)
        .await?;
    Ok(())
}

//! The analysis of finished matches (`docs/analysis.md`): each decision's cost, each throw's
//! luck, a summary per player, worked out by the engines of `tapis-bots` from the match's
//! record.
//!
//! - **Queued with its cause**: the statement that finishes a match queues its analysis (the
//!   trigger `matches_updated`), so a finished match always has one, and the move pays
//!   no statement for it.
//! - **Made in the background** ([`run`]), by whichever process claims it first: a claim is a
//!   lease (`attempts` + 1, `not_before` pushed past the lease), taken with
//!   `FOR UPDATE SKIP LOCKED` and committed at once, so that no transaction stays open while
//!   an engine works; the engines run a few at a time, each on a thread of its own at the lowest
//!   priority ([`low_priority`]), so that they take only the CPU that play leaves. A process that
//!   dies mid-analysis leaves its lease to run out: another takes it over. A failure is
//!   recorded and retried later, up to [`AnalysisSettings::attempts`] times, then the analysis
//!   is marked `failed`; a game the engines do not cover yet is `unsupported`. When the
//!   engines' version changes, the analyses an older version made are queued again.
//! - **Never during play** ([`get`]): the analysis of a match not finished is refused
//!   (`match_not_finished`), so nothing of an engine's judgement leaves the server while it
//!   could help a player.

mod low_priority;
pub mod read;
mod record;
pub mod stats;

use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{Array, Double, Int2, Integer, Jsonb, Nullable, SmallInt, Text};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use serde_json::Value;
use tapis_bots::analysis::{self, AnalysisError, ENGINE_VERSION};
use tokio::sync::{Semaphore, watch};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::matches;
use crate::schema::analyses;
use crate::services::Services;

/// How the analysis worker runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// How many analyses are worked on at once (0: this process makes none).
    pub concurrency: usize,
    /// How often it looks for queued analyses.
    pub interval: Duration,
    /// How long a claim holds before another worker may take it over.
    pub lease: Duration,
    /// How many times an analysis is tried before it is marked `failed`.
    pub attempts: i16,
    /// The share of its time, in percent, an engine may work while this process serves
    /// requests: after a step worked out while requests came, the engine rests so long that
    /// its work is this share of the time ([`low_priority::Pacer`]). 100: it never rests.
    pub busy_percent: u32,
}

impl Default for AnalysisSettings {
    fn default() -> AnalysisSettings {
        AnalysisSettings {
            concurrency: 1,
            interval: Duration::from_secs(2),
            lease: Duration::from_secs(600),
            attempts: 3,
            busy_percent: 10,
        }
    }
}

/// Where the analysis of a finished match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisStatus {
    /// Queued or being made.
    Pending,
    /// Made: the analysis is there.
    Ready,
    /// No engine covers this game (or these options) yet.
    Unsupported,
    /// Every attempt failed (the server's log says why).
    Failed,
}

impl AnalysisStatus {
    fn stored(name: &str) -> ServiceResult<AnalysisStatus> {
        match name {
            "pending" => Ok(AnalysisStatus::Pending),
            "ready" => Ok(AnalysisStatus::Ready),
            "unsupported" => Ok(AnalysisStatus::Unsupported),
            "failed" => Ok(AnalysisStatus::Failed),
            other => Err(ServiceError::internal(
                "a stored analysis status is unknown",
                other,
            )),
        }
    }
}

/// A match's analysis as a client gets it.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchAnalysis {
    pub status: AnalysisStatus,
    /// The analysis, once ready (`bots::analysis::Analysis` as JSON).
    pub analysis: Option<Value>,
}

#[derive(QueryableByName)]
struct Found {
    #[diesel(sql_type = Text)]
    match_status: String,
    #[diesel(sql_type = Nullable<Text>)]
    status: Option<String>,
    #[diesel(sql_type = Nullable<Jsonb>)]
    result: Option<Value>,
}

/// The analysis of match `id`: refused while the match is not finished
/// (`match_not_finished`); pending until the background has made it.
pub async fn get(services: &Services, id: Uuid) -> ServiceResult<MatchAnalysis> {
    // Reads only.
    let mut conn = services.conn_keeping().await?;
    let found: Option<Found> = diesel::sql_query(
        "SELECT m.status AS match_status, a.status, a.result \
         FROM matches m LEFT JOIN analyses a ON a.match_id = m.id WHERE m.id = $1",
    )
    .bind::<diesel::sql_types::Uuid, _>(id)
    .get_result(&mut conn)
    .await
    .optional()?;
    let found = found.ok_or(ServiceError::NotFound("match"))?;
    if found.match_status != "finished" {
        return Err(ServiceError::MatchNotFinished);
    }
    let Some(status) = found.status else {
        // Finished before analyses were queued, and missed by the migration's backfill:
        // queued now.
        diesel::insert_into(analyses::table)
            .values((analyses::match_id.eq(id), analyses::status.eq("pending")))
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .await?;
        return Ok(MatchAnalysis {
            status: AnalysisStatus::Pending,
            analysis: None,
        });
    };
    let status = AnalysisStatus::stored(&status)?;
    Ok(MatchAnalysis {
        status,
        analysis: found.result.filter(|_| status == AnalysisStatus::Ready),
    })
}

/// Where match `id`'s analysis stands, and its JSON once made (pending when it has not been
/// queued yet).
pub(crate) async fn stored(
    conn: &mut diesel_async::AsyncPgConnection,
    id: Uuid,
) -> ServiceResult<(AnalysisStatus, Option<Value>)> {
    let found: Option<(String, Option<Value>)> = analyses::table
        .find(id)
        .select((analyses::status, analyses::result))
        .first(conn)
        .await
        .optional()?;
    Ok(match found {
        Some((status, result)) => (AnalysisStatus::stored(&status)?, result),
        None => (AnalysisStatus::Pending, None),
    })
}

/// An analysis claimed by this worker.
#[derive(Debug, QueryableByName)]
struct Claimed {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    match_id: Uuid,
    #[diesel(sql_type = SmallInt)]
    attempts: i16,
}

/// Claims the queued analysis waiting longest, for `lease`.
async fn claim(services: &Services, lease: Duration) -> ServiceResult<Option<Claimed>> {
    // A background writer of its own tables: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    Ok(diesel::sql_query(
        "UPDATE analyses SET attempts = attempts + 1, \
                not_before = now() + make_interval(secs => $1) \
         WHERE match_id = (SELECT match_id FROM analyses \
                           WHERE status = 'pending' AND not_before <= now() \
                           ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED) \
         RETURNING match_id, attempts",
    )
    .bind::<Double, _>(lease.as_secs_f64())
    .get_result(&mut conn)
    .await
    .optional()?)
}

/// What became of one claimed analysis.
enum Outcome {
    /// Made: the analysis as JSON, its unit, each seat's figures and every face thrown.
    Ready {
        json: Value,
        unit: Value,
        seats: Vec<stats::SeatFigures>,
        faces: [i32; 6],
    },
    Unsupported,
    Failed(String),
}

/// Makes the claimed analysis (the engine on a thread of its own, at the lowest priority) and
/// stores what came of it.
async fn make(services: &Services, claimed: Claimed, settings: AnalysisSettings) {
    let id = claimed.match_id;
    let outcome = match matches::export(services, id).await {
        Ok(export) => match record::of(&export) {
            Ok(record) => {
                let seats = record.seats;
                let mut pacer =
                    low_priority::Pacer::new(services.activity(), settings.busy_percent);
                match low_priority::run(move || {
                    analysis::analyse_paced(&record, &mut || pacer.pace())
                })
                .await
                {
                    Ok(Ok(made)) => ready(&made, seats),
                    Ok(Err(AnalysisError::Unsupported { .. })) => Outcome::Unsupported,
                    Ok(Err(e)) => Outcome::Failed(e.to_string()),
                    Err(e) => Outcome::Failed(e.to_string()),
                }
            }
            Err(reason) => Outcome::Failed(reason),
        },
        Err(e) => Outcome::Failed(format!("the match could not be read: {e}")),
    };
    if let Err(error) = settle(services, &claimed, outcome, settings).await {
        tracing::warn!(match.id = %id, %error, "an analysis could not be stored: it will be claimed again");
    }
}

/// A made analysis, ready to be stored.
fn ready(made: &analysis::Analysis, seats: usize) -> Outcome {
    let (seats, faces) = stats::figures(made, seats);
    match (serde_json::to_value(made), serde_json::to_value(made.unit)) {
        (Ok(json), Ok(unit)) => Outcome::Ready {
            json,
            unit,
            seats,
            faces,
        },
        (Err(e), _) | (_, Err(e)) => {
            Outcome::Failed(format!("the analysis does not serialise: {e}"))
        }
    }
}

/// Stores a claimed analysis's outcome ($2: its status, $3 the analysis, $4 the error, $5 the
/// engine version, $6 the pause before a retry, $7 the claim's attempt), only for the claim
/// that made it; once made, each seat's figures beside it ($8 every face, $9 the unit, $10 the
/// seats' figures as JSON) and `analysis_ready` for the players, the event hubs woken to
/// number it.
const SETTLE: &str = "WITH settled AS ( \
           UPDATE analyses SET status = $2, result = $3, error = $4, engine_version = $5, \
                  faces = $8, \
                  done_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END, \
                  not_before = CASE WHEN $2 = 'pending' \
                                    THEN now() + make_interval(secs => $6) ELSE not_before END \
           WHERE match_id = $1 AND status = 'pending' AND attempts = $7 \
           RETURNING match_id, status), \
         seated AS ( \
           INSERT INTO analysis_seats (match_id, seat, user_id, game, finished_at, unit, \
                                       decisions, cost_total, throws, luck_total, faces) \
           SELECT m.id, f.seat, m.seat_user_ids[f.seat + 1], m.game, m.finished_at, $9, \
                  f.decisions, f.cost_total, f.throws, f.luck_total, f.faces \
           FROM settled s JOIN matches m ON m.id = s.match_id \
           CROSS JOIN jsonb_to_recordset($10) AS f(seat smallint, decisions integer, \
                  cost_total double precision, throws integer, luck_total double precision, \
                  faces integer[]) \
           WHERE s.status = 'ready' AND m.finished_at IS NOT NULL \
             AND m.seat_user_ids[f.seat + 1] IS NOT NULL \
           ON CONFLICT (match_id, seat) DO UPDATE SET unit = EXCLUDED.unit, \
                  decisions = EXCLUDED.decisions, cost_total = EXCLUDED.cost_total, \
                  throws = EXCLUDED.throws, luck_total = EXCLUDED.luck_total, \
                  faces = EXCLUDED.faces), \
         told AS ( \
           INSERT INTO user_events (user_id, kind, match_id, version, data) \
           SELECT DISTINCT u.id, 'analysis_ready', m.id, m.version, \
                  jsonb_build_object('game', m.game) \
           FROM settled s JOIN matches m ON m.id = s.match_id \
           JOIN users u ON u.id = ANY (m.seat_user_ids) \
           WHERE s.status = 'ready' AND NOT u.is_bot \
           RETURNING 1) \
         SELECT pg_notify('tapis_matches', $1::text) \
         WHERE EXISTS (SELECT 1 FROM told)";

/// The unit, each seat's figures (JSON) and every face of a made analysis, as [`SETTLE`] binds
/// them (nothing for another outcome).
fn figure_binds(
    figures: Option<(Value, Vec<stats::SeatFigures>, [i32; 6])>,
) -> ServiceResult<(Option<String>, Value, Option<Vec<i32>>)> {
    Ok(match figures {
        Some((unit, seats, faces)) => (
            unit.as_str().map(str::to_owned),
            serde_json::to_value(seats).map_err(|e| {
                ServiceError::internal("the figures of an analysis do not serialise", e)
            })?,
            Some(faces.to_vec()),
        ),
        None => (None, Value::Array(Vec::new()), None),
    })
}

/// Stores what came of a claimed analysis: made, unsupported, or failed (retried after a
/// pause growing with the attempts, until the last).
async fn settle(
    services: &Services,
    claimed: &Claimed,
    outcome: Outcome,
    settings: AnalysisSettings,
) -> ServiceResult<()> {
    // A background writer of its own tables: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let id = claimed.match_id;
    let version = i32::try_from(ENGINE_VERSION).unwrap_or(i32::MAX);
    let mut figures = None;
    let (status, result, error) = match outcome {
        Outcome::Ready {
            json,
            unit,
            seats,
            faces,
        } => {
            figures = Some((unit, seats, faces));
            ("ready", Some(json), None)
        }
        Outcome::Unsupported => ("unsupported", None, None),
        Outcome::Failed(reason) => {
            tracing::warn!(match.id = %id, attempt = claimed.attempts, %reason, "an analysis failed");
            let status = if claimed.attempts >= settings.attempts {
                "failed"
            } else {
                "pending"
            };
            (status, None, Some(reason))
        }
    };
    // A failed attempt waits 30 s, 60 s, 120 s... before the next.
    let pause =
        30.0 * f64::from(2_i32.pow(u32::try_from(claimed.attempts.clamp(1, 10) - 1).unwrap_or(0)));
    let (unit, seats, faces) = figure_binds(figures)?;
    // One statement ([`SETTLE`]).
    diesel::sql_query(SETTLE)
        .bind::<diesel::sql_types::Uuid, _>(id)
        .bind::<Text, _>(status)
        .bind::<Nullable<Jsonb>, _>(result)
        .bind::<Nullable<Text>, _>(error)
        .bind::<Integer, _>(version)
        .bind::<Double, _>(pause)
        .bind::<Int2, _>(claimed.attempts)
        .bind::<Nullable<Array<Integer>>, _>(faces)
        .bind::<Nullable<Text>, _>(unit)
        .bind::<Jsonb, _>(seats)
        .execute(&mut conn)
        .await?;
    if status == "ready" {
        tracing::debug!(match.id = %id, "a match was analysed");
    }
    Ok(())
}

/// Queues again the analyses an older engine made (or found unsupported).
async fn requeue_older(services: &Services) -> ServiceResult<usize> {
    // A background writer of its own tables: nothing this process keeps (`db::kept`).
    let mut conn = services.conn_keeping().await?;
    let version = i32::try_from(ENGINE_VERSION).unwrap_or(i32::MAX);
    Ok(diesel::update(
        analyses::table
            .filter(analyses::status.eq_any(["ready", "unsupported"]))
            .filter(analyses::engine_version.lt(version)),
    )
    .set((
        analyses::status.eq("pending"),
        analyses::attempts.eq(0_i16),
        analyses::not_before.eq(diesel::dsl::now),
    ))
    .execute(&mut conn)
    .await?)
}

/// Runs the analysis worker until `shutdown` turns true: claims queued analyses while it has
/// room, looking again every `interval` and as soon as a match changed in any process (one may
/// have finished).
pub async fn run(
    services: Services,
    settings: AnalysisSettings,
    mut shutdown: watch::Receiver<bool>,
) {
    if settings.concurrency == 0 {
        return;
    }
    match requeue_older(&services).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(count = n, "analyses of an older engine queued again"),
        Err(error) => {
            tracing::warn!(%error, "the analyses of an older engine were not queued again")
        }
    }
    let working = Arc::new(Semaphore::new(settings.concurrency));
    let mut ticker = tokio::time::interval(settings.interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            _ = services.events().a_match_changed() => {}
            _ = shutdown.changed() => {}
        }
        if *shutdown.borrow() {
            return;
        }
        loop {
            let Ok(permit) = working.clone().try_acquire_owned() else {
                break;
            };
            match claim(&services, settings.lease).await {
                Ok(Some(claimed)) => {
                    let services = services.clone();
                    tokio::spawn(async move {
                        make(&services, claimed, settings).await;
                        drop(permit);
                    });
                }
                Ok(None) => break,
                Err(error) => {
                    tracing::warn!(%error, "analyses could not be claimed");
                    break;
                }
            }
        }
    }
}

/// Makes every queued analysis due now, here and now (for tests and the command line).
pub async fn drain(services: &Services, settings: AnalysisSettings) -> ServiceResult<usize> {
    let mut made = 0;
    while let Some(claimed) = claim(services, settings.lease).await? {
        make(services, claimed, settings).await;
        made += 1;
    }
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back() {
        for (name, status) in [
            ("pending", AnalysisStatus::Pending),
            ("ready", AnalysisStatus::Ready),
            ("unsupported", AnalysisStatus::Unsupported),
            ("failed", AnalysisStatus::Failed),
        ] {
            assert_eq!(AnalysisStatus::stored(name).unwrap(), status);
            assert_eq!(serde_json::to_value(status).unwrap(), name);
        }
        assert!(AnalysisStatus::stored("done").is_err());
    }
}

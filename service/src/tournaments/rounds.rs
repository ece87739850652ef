//! The tournament worker: it finds the tournaments due for a round (their start time reached,
//! every match of their round over, or their round's deadline passed), closes the round in play
//! (adjudicating the matches still running at the deadline, withdrawing the players who timed
//! out or resigned and did not re-confirm), and starts the next one or finishes the
//! tournament: all in one transaction per tournament, claimed with `FOR UPDATE SKIP LOCKED`,
//! so that several processes share the work and never start a round twice. The same
//! transaction tells the entrants (`round_started`, `tournament_finished`: `news`) and the
//! pages following the tournament. The pairing is computed by `tapis-tournaments` on a
//! short-lived thread of its own, never on the async threads. The worker looks when a match
//! changed (in any process: the event hub hears it through `LISTEN`) and every `interval`.

use std::time::Duration;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_tournaments::{Contender, Pairing, TableSizes, pair_round};
use time::OffsetDateTime;
use tokio::sync::watch;
use uuid::Uuid;

use super::news::{self, StartedTable};
use super::plan::round_clock;
use super::store::{self, TournamentRow};
use super::views::TournamentStatus;
use crate::error::{ServiceError, ServiceResult};
use crate::matches::tournament::{TableTerms, close_table, create_table};
use crate::schema::{round_tables, tournament_rounds, tournaments};
use crate::services::Services;
use crate::worker::{self, Pieces, Ticks};

/// The least time between two looks woken by matches changing.
const WAKE_GAP: Duration = Duration::from_millis(500);

/// Looks for tournaments due for a round every `interval`, and whenever a match changed, until
/// `shutdown` turns true.
pub async fn run(services: Services, interval: Duration, shutdown: watch::Receiver<bool>) {
    let mut ticks = Ticks::new(interval, shutdown);
    let mut last_look = tokio::time::Instant::now();
    // Every move wakes the worker: under a flood of moves it still looks at most once per
    // `WAKE_GAP`, so that its search stays off the database's back.
    while ticks
        .next_or(
            services.events().a_match_changed_for_tournaments(),
            last_look + WAKE_GAP,
        )
        .await
    {
        last_look = tokio::time::Instant::now();
        worker::done(advance_due(&services, 20).await, |n| {
            tracing::info!(advanced = n, "tournaments advanced");
        });
    }
}

/// Advances up to `at_most` tournaments due for a round, each in its own transaction; returns
/// how many were.
pub async fn advance_due(services: &Services, at_most: usize) -> ServiceResult<usize> {
    worker::one_at_a_time(services, at_most, &DueTournaments).await
}

/// The tournaments due for a round, advanced one at a time.
struct DueTournaments;

impl Pieces for DueTournaments {
    async fn one(&self, conn: &mut AsyncPgConnection, now: OffsetDateTime) -> ServiceResult<bool> {
        let Some(row) = claim_due(conn, now).await? else {
            return Ok(false);
        };
        advance(conn, &row, now).await?;
        Ok(true)
    }
}

/// Locks one tournament due for a round, skipping those another process holds: upcoming ones
/// whose start time has come, running ones whose round has no match left in play or whose
/// deadline has passed.
async fn claim_due(
    conn: &mut AsyncPgConnection,
    now: OffsetDateTime,
) -> ServiceResult<Option<TournamentRow>> {
    let claim = diesel::sql_query(
        "SELECT t.id FROM tournaments t \
         WHERE (t.status = 'upcoming' AND t.starts_at <= $1) \
            OR (t.status = 'running' AND ( \
                EXISTS (SELECT 1 FROM tournament_rounds r WHERE r.tournament_id = t.id \
                        AND r.number = t.current_round AND r.deadline <= $1) \
                OR NOT EXISTS (SELECT 1 FROM round_tables rt JOIN matches m ON m.id = rt.match_id \
                        WHERE rt.tournament_id = t.id AND rt.round = t.current_round \
                        AND m.status IN ('open', 'active')))) \
         ORDER BY t.starts_at, t.id LIMIT 1 FOR UPDATE OF t SKIP LOCKED",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(now);
    let Some(id) = worker::claim_id(conn, claim).await? else {
        return Ok(None);
    };
    Ok(Some(store::find(conn, id).await?))
}

/// Closes the round in play (if any) and starts the next one, or finishes the tournament.
async fn advance(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    // Before any match is locked: the entrants' vacations hold still while their matches are
    // adjudicated and started (a vacation locks its player, then their matches).
    hold_vacations(conn, row.id).await?;
    store::touch(conn, row.id).await?;
    match row.status()? {
        TournamentStatus::Upcoming => {
            let entrants = store::entrants(conn, row.id).await?;
            if entrants.iter().filter(|e| !e.withdrawn).count() < 2 {
                tracing::info!(tournament.id = %row.id, "tournament cancelled: fewer than two players");
                set_status(conn, row.id, TournamentStatus::Cancelled, now).await?;
            } else {
                start_round(conn, row, 1, now).await?;
            }
        }
        TournamentStatus::Running => {
            close_round(conn, row, now).await?;
            if row.current_round >= row.rounds {
                tracing::info!(tournament.id = %row.id, "tournament finished");
                set_status(conn, row.id, TournamentStatus::Finished, now).await?;
                news::finished(conn, row).await?;
            } else {
                start_round(conn, row, row.current_round + 1, now).await?;
            }
        }
        TournamentStatus::Finished | TournamentStatus::Cancelled => {}
    }
    Ok(())
}

/// Holds the vacations of every entrant of tournament `id` still until the end of the
/// transaction (a lock for share on their rows, in the order of their ids), as a match's start
/// does for its players ([`crate::time::vacation`]).
async fn hold_vacations(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<()> {
    diesel::sql_query(
        "SELECT u.id FROM users u JOIN tournament_entrants e ON e.user_id = u.id \
         WHERE e.tournament_id = $1 ORDER BY u.id FOR SHARE OF u",
    )
    .bind::<diesel::sql_types::Uuid, _>(id)
    .execute(conn)
    .await?;
    Ok(())
}

async fn set_status(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    status: TournamentStatus,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    diesel::update(tournaments::table.find(id))
        .set((
            tournaments::status.eq(status.as_str()),
            tournaments::finished_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Records the places of every table of the round in play (adjudicating the matches still
/// running), withdraws the players who timed out or resigned in it without re-confirming, and
/// marks it finished.
async fn close_round(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let round = row.current_round;
    let open: Vec<(i16, Uuid, Vec<Uuid>)> = round_tables::table
        .filter(round_tables::tournament_id.eq(row.id))
        .filter(round_tables::round.eq(round))
        .filter(round_tables::places.is_null())
        // Matches are locked in the order of their ids, as every transaction that locks
        // several does.
        .order(round_tables::match_id)
        .select((
            round_tables::number,
            round_tables::match_id.assume_not_null(),
            round_tables::seats,
        ))
        .filter(round_tables::match_id.is_not_null())
        .load(conn)
        .await?;
    let mut adjudicated = 0;
    for (number, match_id, seats) in open {
        let outcome = close_table(conn, match_id, &seats, now).await?;
        let (places, scores, by_adjudication) =
            (outcome.places, outcome.game_scores, outcome.adjudicated);
        adjudicated += usize::from(by_adjudication);
        diesel::update(round_tables::table.find((row.id, round, number)))
            .set((
                round_tables::places.eq(places),
                round_tables::game_scores.eq(scores),
                round_tables::adjudicated.eq(by_adjudication),
            ))
            .execute(conn)
            .await?;
    }
    withdraw_forfeits(conn, row.id, round).await?;
    diesel::update(tournament_rounds::table.find((row.id, round)))
        .set(tournament_rounds::finished_at.eq(now))
        .execute(conn)
        .await?;
    tracing::info!(tournament.id = %row.id, round, adjudicated, "round closed");
    Ok(())
}

/// Withdraws from later rounds the people who timed out or resigned in `round` and did not
/// re-confirm during it (computer players resign only when no person is left to play).
async fn withdraw_forfeits(
    conn: &mut AsyncPgConnection,
    tournament_id: Uuid,
    round: i16,
) -> ServiceResult<()> {
    let withdrawn = diesel::sql_query(
        "UPDATE tournament_entrants e SET withdrawn = true, withdrawn_reason = 'forfeit' \
         FROM (SELECT DISTINCT s.user_id FROM round_tables rt \
               JOIN turns t ON t.match_id = rt.match_id AND t.kind IN ('timeout', 'resign') \
               JOIN match_seats s ON s.match_id = t.match_id AND s.seat = t.seat \
               JOIN users u ON u.id = s.user_id AND NOT u.is_bot \
               WHERE rt.tournament_id = $1 AND rt.round = $2) f \
         WHERE e.tournament_id = $1 AND e.user_id = f.user_id AND NOT e.withdrawn \
           AND e.reconfirmed_round IS DISTINCT FROM $2",
    )
    .bind::<diesel::sql_types::Uuid, _>(tournament_id)
    .bind::<diesel::sql_types::SmallInt, _>(round)
    .execute(conn)
    .await?;
    if withdrawn > 0 {
        tracing::info!(tournament.id = %tournament_id, round, withdrawn, "players withdrawn after a forfeit");
    }
    Ok(())
}

/// Pairs round `number` from the rounds recorded so far and writes it: the round, one started
/// match per table, the byes; the tournament runs it.
async fn start_round(
    conn: &mut AsyncPgConnection,
    row: &TournamentRow,
    number: i16,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    store::refresh_ratings(conn, row.id, &row.game).await?;
    let entrants = store::entrants(conn, row.id).await?;
    let tables = store::tables(conn, row.id).await?;
    let records = store::records(&tables, number - 1)?;
    let contenders = tapis_tournaments::contenders(&store::crate_entrants(&entrants), &records)
        .map_err(|e| ServiceError::internal("stored rounds do not make contenders", e))?;
    let pairing = pair_off_thread(contenders, row.sizes()?).await?;
    let deadline = now + round_clock(row.days_per_move, row.expected_moves).duration();
    diesel::insert_into(tournament_rounds::table)
        .values((
            tournament_rounds::tournament_id.eq(row.id),
            tournament_rounds::number.eq(number),
            tournament_rounds::started_at.eq(now),
            tournament_rounds::deadline.eq(deadline),
        ))
        .execute(conn)
        .await?;
    let terms = TableTerms {
        game: row.game_id()?,
        options: row.options.clone(),
        rated: row.rated,
        days_per_move: row.days_per_move,
        vacation_pauses: row.vacation_pauses,
    };
    let mut started = Vec::with_capacity(pairing.tables.len() + pairing.byes.len());
    for seats in &pairing.tables {
        let match_id = create_table(conn, &terms, seats, now).await?;
        started.push(StartedTable {
            number: next_table(&started)?,
            match_id: Some(match_id),
            seats: seats.to_vec(),
        });
    }
    for bye in &pairing.byes {
        started.push(StartedTable {
            number: next_table(&started)?,
            match_id: None,
            seats: vec![*bye],
        });
    }
    for table in &started {
        insert_table(conn, row.id, number, table).await?;
    }
    news::round_started(conn, row, number, &started, &entrants).await?;
    diesel::update(tournaments::table.find(row.id))
        .set((
            tournaments::status.eq(TournamentStatus::Running.as_str()),
            tournaments::current_round.eq(number),
        ))
        .execute(conn)
        .await?;
    tracing::info!(
        tournament.id = %row.id,
        round = number,
        tables = pairing.tables.len(),
        byes = pairing.byes.len(),
        "round started"
    );
    Ok(())
}

/// The number of the table after those of `started` (from 1).
fn next_table(started: &[StartedTable]) -> ServiceResult<i16> {
    i16::try_from(started.len() + 1)
        .map_err(|e| ServiceError::internal("a round of more tables than numbers", e))
}

async fn insert_table(
    conn: &mut AsyncPgConnection,
    tournament_id: Uuid,
    round: i16,
    table: &StartedTable,
) -> ServiceResult<()> {
    diesel::insert_into(round_tables::table)
        .values((
            round_tables::tournament_id.eq(tournament_id),
            round_tables::round.eq(round),
            round_tables::number.eq(table.number),
            round_tables::match_id.eq(table.match_id),
            round_tables::seats.eq(&table.seats),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Pairs a round on a thread of its own, which ends with it: the matching keeps large working
/// buffers per thread (`docs/tournaments.md`), which a pooled thread would keep.
async fn pair_off_thread(
    contenders: Vec<Contender<Uuid>>,
    sizes: TableSizes,
) -> ServiceResult<Pairing<Uuid>> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("tapis-pairing".into())
        .spawn(move || {
            let _ = tx.send(pair_round(&contenders, sizes));
        })
        .map_err(|e| ServiceError::internal("the pairing thread did not start", e))?;
    rx.await
        .map_err(|e| ServiceError::internal("the pairing thread stopped", e))?
        .map_err(|e| ServiceError::internal("the pairing refused the stored tournament", e))
}

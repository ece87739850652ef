//! The league worker: it finds the seasons due (an upcoming one whose start time has come and
//! whose league has enough members; a running one whose matches are all over or whose
//! deadline has passed), and starts or ends them: all in one transaction per season, claimed
//! with `FOR UPDATE SKIP LOCKED`, so that several processes share the work and never start a
//! season twice.
//!
//! Starting places the members in divisions and starts **every match of the season at once**
//! (a correspondence league: each player plays all their division's matches side by side).
//! Ending closes every fixture (adjudicating those still in play at the deadline), records
//! each player's points, final place and the move it earned, and schedules the next season a
//! week later. The divisions and schedules are computed by `tapis-tournaments` on a blocking
//! thread, never on the async threads.

use std::collections::HashSet;
use std::time::Duration;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_tournaments::Standing;
use tapis_tournaments::league::DIVISION_MIN;
use time::OffsetDateTime;
use tokio::sync::watch;
use uuid::Uuid;

use super::news;
use super::plan::{PlannedDivision, SeasonInput, earned, plan_season};
use super::store::{self, LeagueRow, SeasonRow};
use super::views::SeasonStatus;
use crate::error::{ServiceError, ServiceResult};
use crate::matches::tournament::{TableTerms, close_table, create_table};
use crate::schema::{
    league_division_members, league_divisions, league_fixtures, league_members, league_seasons,
};
use crate::services::Services;
use crate::worker::{self, Pieces, Ticks};

/// The pause between a season's end and the next season's start.
pub const BETWEEN_SEASONS: time::Duration = time::Duration::days(7);

/// Looks for seasons due every `interval`, until `shutdown` turns true.
pub async fn run(services: Services, interval: Duration, shutdown: watch::Receiver<bool>) {
    let mut ticks = Ticks::new(interval, shutdown);
    while ticks.next().await {
        worker::done(advance_due(&services, 8).await, |n| {
            tracing::info!(advanced = n, "league seasons advanced");
        });
    }
}

/// Starts or ends up to `at_most` seasons due, each in its own transaction; returns how many.
pub async fn advance_due(services: &Services, at_most: usize) -> ServiceResult<usize> {
    worker::one_at_a_time(services, at_most, &DueSeasons).await
}

/// The seasons due, started or ended one at a time.
struct DueSeasons;

impl Pieces for DueSeasons {
    async fn one(&self, conn: &mut AsyncPgConnection, now: OffsetDateTime) -> ServiceResult<bool> {
        let Some(season) = claim_due(conn, now).await? else {
            return Ok(false);
        };
        advance(conn, &season, now).await?;
        Ok(true)
    }
}

/// Locks one season due, skipping those another process holds: upcoming ones whose start time
/// has come and whose league has at least [`DIVISION_MIN`] members opted in (fewer: the season
/// waits, and is not even claimed); running ones with no match left in play or whose deadline
/// has passed.
async fn claim_due(
    conn: &mut AsyncPgConnection,
    now: OffsetDateTime,
) -> ServiceResult<Option<SeasonRow>> {
    let claim = diesel::sql_query(
        "SELECT s.id FROM league_seasons s \
         WHERE (s.status = 'upcoming' AND s.starts_at <= $1 \
                AND (SELECT count(*) FROM league_members m \
                     WHERE m.game = s.game AND m.opted_in) >= $2) \
            OR (s.status = 'running' AND (s.deadline <= $1 \
                OR NOT EXISTS (SELECT 1 FROM league_divisions d \
                        JOIN league_fixtures f ON f.division_id = d.id \
                        JOIN matches m ON m.id = f.match_id \
                        WHERE d.season_id = s.id AND m.status IN ('open', 'active')))) \
         ORDER BY s.starts_at, s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(now)
    .bind::<diesel::sql_types::BigInt, _>(i64::try_from(DIVISION_MIN).unwrap_or(i64::MAX));
    let Some(id) = worker::claim_id(conn, claim).await? else {
        return Ok(None);
    };
    Ok(Some(store::season(conn, id).await?))
}

async fn advance(
    conn: &mut AsyncPgConnection,
    season: &SeasonRow,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let league = store::league(conn, store::game_of(&season.game)?).await?;
    // Before any match is locked: the players' vacations hold still while their matches are
    // started or adjudicated (a vacation locks its player, then their matches).
    hold_vacations(conn, season).await?;
    match season.status()? {
        SeasonStatus::Upcoming => start(conn, &league, season, now).await,
        SeasonStatus::Running => end(conn, &league, season, now).await,
        SeasonStatus::Finished => Ok(()),
    }
}

/// Holds still the vacations of the league's members and the season's players until the end
/// of the transaction (a lock for share on their rows, in the order of their ids).
async fn hold_vacations(conn: &mut AsyncPgConnection, season: &SeasonRow) -> ServiceResult<()> {
    diesel::sql_query(
        "SELECT u.id FROM users u WHERE u.id IN ( \
             SELECT user_id FROM league_members WHERE game = $1 AND opted_in \
             UNION SELECT user_id FROM league_division_members WHERE season_id = $2) \
         ORDER BY u.id FOR SHARE OF u",
    )
    .bind::<diesel::sql_types::Text, _>(&season.game)
    .bind::<diesel::sql_types::Uuid, _>(season.id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Places the members in divisions and starts every match of the season.
async fn start(
    conn: &mut AsyncPgConnection,
    league: &LeagueRow,
    season: &SeasonRow,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let input = SeasonInput {
        previous: previous_divisions(conn, season).await?,
        members: members(conn, &league.game).await?,
        sizes: league.sizes()?,
    };
    let planned = plan_off_thread(input).await?;
    let game = league.game_id()?;
    let terms = TableTerms {
        game,
        options: game.default_options(),
        rated: true,
        days_per_move: league.days_per_move,
        vacation_pauses: true,
    };
    let mut matches = 0usize;
    let mut started = Vec::with_capacity(planned.len());
    for (index, division) in planned.iter().enumerate() {
        let division_id = Uuid::new_v4();
        started.push(news::StartedDivision {
            id: division_id,
            plan: division,
        });
        let level = small(index + 1)?;
        matches += start_division(conn, season, division_id, level, division, &terms, now).await?;
    }
    let deadline = now + league.season_length();
    diesel::update(league_seasons::table.find(season.id))
        .set((
            league_seasons::status.eq(SeasonStatus::Running.as_str()),
            league_seasons::started_at.eq(now),
            league_seasons::deadline.eq(deadline),
        ))
        .execute(conn)
        .await?;
    news::started(conn, league, season, &started, deadline).await?;
    tracing::info!(
        league = league.game,
        season = season.number,
        divisions = planned.len(),
        matches,
        "season started"
    );
    Ok(())
}

/// Writes division `id` of the season at `level` as planned, with its players, and starts
/// every one of its matches on `terms`; returns how many.
async fn start_division(
    conn: &mut AsyncPgConnection,
    season: &SeasonRow,
    id: Uuid,
    level: i16,
    division: &PlannedDivision,
    terms: &TableTerms,
    now: OffsetDateTime,
) -> ServiceResult<usize> {
    diesel::insert_into(league_divisions::table)
        .values((
            league_divisions::id.eq(id),
            league_divisions::season_id.eq(season.id),
            league_divisions::level.eq(level),
            league_divisions::number.eq(1i16),
        ))
        .execute(conn)
        .await?;
    let rows: Vec<_> = division
        .players
        .iter()
        .enumerate()
        .map(|(seed, (user_id, arrival))| {
            Ok((
                league_division_members::division_id.eq(id),
                league_division_members::season_id.eq(season.id),
                league_division_members::user_id.eq(*user_id),
                league_division_members::seed.eq(small(seed + 1)?),
                league_division_members::arrival.eq(arrival.as_str()),
            ))
        })
        .collect::<ServiceResult<_>>()?;
    diesel::insert_into(league_division_members::table)
        .values(rows)
        .execute(conn)
        .await?;
    let mut matches = 0;
    for (round, scheduled) in division.rounds.iter().enumerate() {
        for (number, seats) in scheduled.tables.iter().enumerate() {
            let match_id = create_table(conn, terms, seats, now).await?;
            diesel::insert_into(league_fixtures::table)
                .values((
                    league_fixtures::division_id.eq(id),
                    league_fixtures::round.eq(small(round + 1)?),
                    league_fixtures::number.eq(small(number + 1)?),
                    league_fixtures::match_id.eq(match_id),
                    league_fixtures::seats.eq(seats),
                ))
                .execute(conn)
                .await?;
            matches += 1;
        }
    }
    Ok(matches)
}

/// The last season's divisions, top first, each in final order (empty for the first season).
async fn previous_divisions(
    conn: &mut AsyncPgConnection,
    season: &SeasonRow,
) -> ServiceResult<Vec<Vec<Uuid>>> {
    let previous: Option<Uuid> = league_seasons::table
        .filter(league_seasons::game.eq(&season.game))
        .filter(league_seasons::status.eq(SeasonStatus::Finished.as_str()))
        .order(league_seasons::number.desc())
        .select(league_seasons::id)
        .first(conn)
        .await
        .optional()?;
    let Some(previous) = previous else {
        return Ok(Vec::new());
    };
    let rows: Vec<(i16, Uuid, Option<i16>)> = league_division_members::table
        .inner_join(league_divisions::table)
        .filter(league_division_members::season_id.eq(previous))
        .order((
            league_divisions::level,
            league_divisions::number,
            league_division_members::final_place,
        ))
        .select((
            league_divisions::level,
            league_division_members::user_id,
            league_division_members::final_place,
        ))
        .load(conn)
        .await?;
    let mut divisions: Vec<Vec<Uuid>> = Vec::new();
    let mut level = None;
    for (at, user, place) in rows {
        if place.is_none() {
            return Err(ServiceError::internal(
                "a finished season's player without a place",
                user,
            ));
        }
        if level != Some(at) {
            divisions.push(Vec::new());
            level = Some(at);
        }
        if let Some(division) = divisions.last_mut() {
            division.push(user);
        }
    }
    Ok(divisions)
}

/// The league's members opted in, with their rating (points, rounded; 1500 without one).
async fn members(conn: &mut AsyncPgConnection, game: &str) -> ServiceResult<Vec<(Uuid, i32)>> {
    #[derive(QueryableByName)]
    struct Member {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        user_id: Uuid,
        #[diesel(sql_type = diesel::sql_types::Integer)]
        rating: i32,
    }
    let rows: Vec<Member> = diesel::sql_query(
        "SELECT m.user_id, COALESCE(round(r.rating / 1000000.0), 1500)::integer AS rating \
         FROM league_members m \
         LEFT JOIN ratings r ON r.user_id = m.user_id AND r.game = m.game \
         WHERE m.game = $1 AND m.opted_in ORDER BY m.user_id",
    )
    .bind::<diesel::sql_types::Text, _>(game)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|m| (m.user_id, m.rating)).collect())
}

/// Plans the season on a blocking thread: a division's table schedule is a search.
async fn plan_off_thread(input: SeasonInput) -> ServiceResult<Vec<PlannedDivision>> {
    tokio::task::spawn_blocking(move || plan_season(&input))
        .await
        .map_err(|e| ServiceError::internal("the season's planning stopped", e))?
        .map_err(|e| ServiceError::internal("the season's players do not make divisions", e))
}

/// Closes every fixture (adjudicating those in play), records each player's result and move,
/// finishes the season and schedules the next one.
async fn end(
    conn: &mut AsyncPgConnection,
    league: &LeagueRow,
    season: &SeasonRow,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let divisions = store::divisions(conn, season.id).await?;
    let ids: Vec<Uuid> = divisions.iter().map(|d| d.id).collect();
    let adjudicated = close_fixtures(conn, &ids, now).await?;
    let fixtures = store::fixtures(conn, &ids).await?;
    let players = store::players(conn, season.id, &league.game).await?;
    let sizes = league.sizes()?;
    let mut finishes = Vec::with_capacity(players.len());
    for division in &divisions {
        let here: Vec<&store::PlayerRow> = players
            .iter()
            .filter(|p| p.division_id == division.id)
            .collect();
        let played: Vec<&store::FixtureRow> = fixtures
            .iter()
            .filter(|f| f.division_id == division.id)
            .collect();
        let lines = store::standings(&here, &played, sizes)?;
        let finished = record_finishes(conn, division, &lines, divisions.len()).await?;
        finishes.extend(finished);
    }
    diesel::update(league_seasons::table.find(season.id))
        .set((
            league_seasons::status.eq(SeasonStatus::Finished.as_str()),
            league_seasons::ended_at.eq(now),
        ))
        .execute(conn)
        .await?;
    diesel::insert_into(league_seasons::table)
        .values((
            league_seasons::id.eq(Uuid::new_v4()),
            league_seasons::game.eq(&season.game),
            league_seasons::number.eq(season.number + 1),
            league_seasons::starts_at.eq(now + BETWEEN_SEASONS),
        ))
        .execute(conn)
        .await?;
    news::moved(conn, league, season, &finishes).await?;
    let leaving = leaving_count(conn, &season.game, &players).await?;
    tracing::info!(
        league = league.game,
        season = season.number,
        adjudicated,
        leaving,
        "season finished"
    );
    Ok(())
}

/// Closes the fixtures of the divisions `ids` not closed yet (adjudicating the matches still in
/// play); returns how many were adjudicated.
async fn close_fixtures(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    now: OffsetDateTime,
) -> ServiceResult<usize> {
    let mut open: Vec<store::FixtureRow> = store::fixtures(conn, ids)
        .await?
        .into_iter()
        .filter(|f| f.places.is_none())
        .collect();
    // Matches are locked in the order of their ids, as every transaction that locks several
    // does.
    open.sort_by_key(|f| f.match_id);
    let mut adjudicated = 0usize;
    for fixture in &open {
        let outcome = close_table(conn, fixture.match_id, &fixture.seats, now).await?;
        adjudicated += usize::from(outcome.adjudicated);
        diesel::update(league_fixtures::table.find((
            fixture.division_id,
            fixture.round,
            fixture.number,
        )))
        .set((
            league_fixtures::places.eq(outcome.places),
            league_fixtures::game_scores.eq(outcome.game_scores),
            league_fixtures::adjudicated.eq(outcome.adjudicated),
        ))
        .execute(conn)
        .await?;
    }
    Ok(adjudicated)
}

/// Records the final `lines` of `division` (one of `levels`): each player's points, place
/// and the move it earned, which it returns.
async fn record_finishes(
    conn: &mut AsyncPgConnection,
    division: &store::DivisionRow,
    lines: &[Standing<Uuid>],
    levels: usize,
) -> ServiceResult<Vec<news::Finish>> {
    let level = usize::try_from(division.level).unwrap_or(usize::MAX);
    let mut finishes = Vec::with_capacity(lines.len());
    for (index, line) in lines.iter().enumerate() {
        let movement = earned(index + 1, lines.len(), level, levels);
        finishes.push(news::Finish {
            user_id: line.id,
            level,
            place: index + 1,
            earned: movement,
        });
        diesel::update(league_division_members::table.find((division.id, line.id)))
            .set((
                league_division_members::points
                    .eq(i64::try_from(line.points.units()).unwrap_or(i64::MAX)),
                league_division_members::final_place.eq(small(index + 1)?),
                league_division_members::movement.eq(movement.as_str()),
            ))
            .execute(conn)
            .await?;
    }
    Ok(finishes)
}

/// How many of the season's players have opted out (they leave at its end).
async fn leaving_count(
    conn: &mut AsyncPgConnection,
    game: &str,
    players: &[store::PlayerRow],
) -> ServiceResult<usize> {
    let staying: HashSet<Uuid> = league_members::table
        .filter(league_members::game.eq(game))
        .filter(league_members::opted_in.eq(true))
        .select(league_members::user_id)
        .load::<Uuid>(conn)
        .await?
        .into_iter()
        .collect();
    Ok(players
        .iter()
        .filter(|p| !staying.contains(&p.user_id))
        .count())
}

fn small(n: usize) -> ServiceResult<i16> {
    i16::try_from(n).map_err(|_| ServiceError::internal("a number beyond a smallint", n))
}

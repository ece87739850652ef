//! Reading leagues: the list with each current season, one league (its current season's
//! divisions, the last finished season's), one division's table and fixtures, the history of
//! past seasons, and a player's own fixtures in the running season.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_tournaments::Points;
use tapis_tournaments::league::{PROMOTED, RELEGATED};
use uuid::Uuid;

use super::store::{self, DivisionRow, FixtureRow, LeagueRow, PlayerRow, SeasonRow};
use super::views::{
    DivisionPlayer, DivisionSummary, DivisionView, FixtureView, LeagueMatch, LeagueSummary,
    LeagueView, Membership, MyFixtures, SeasonStatus, SeasonView,
};
use crate::adjudication;
use crate::db::OrNotFound;
use crate::error::{ServiceError, ServiceResult};
use crate::identity::accounts;
use crate::identity::caller::Identity;
use crate::schema::{
    league_division_members, league_divisions, league_fixtures, league_members, league_seasons,
    leagues, match_seats, matches, users,
};
use crate::services::Services;
use crate::tournaments::read::{places_points, standings_view};

/// How many past seasons the history lists.
const HISTORY: i64 = 50;

/// Every league (one per game, in the order of the games' list), with its current season.
pub async fn list(services: &Services) -> ServiceResult<Vec<LeagueSummary>> {
    let mut conn = services.conn().await?;
    let rows: Vec<LeagueRow> = leagues::table
        .select(LeagueRow::as_select())
        .load(&mut conn)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for game in tapis_games::GameId::ALL {
        let Some(league) = rows.iter().find(|l| l.game == game.as_str()) else {
            continue;
        };
        let season = store::current_season(&mut conn, &league.game).await?;
        let (players, divisions): (i64, i64) = if season.status()? == SeasonStatus::Running {
            let players = league_division_members::table
                .filter(league_division_members::season_id.eq(season.id))
                .count()
                .get_result(&mut conn)
                .await?;
            let divisions = league_divisions::table
                .filter(league_divisions::season_id.eq(season.id))
                .count()
                .get_result(&mut conn)
                .await?;
            (players, divisions)
        } else {
            (0, 0)
        };
        out.push(LeagueSummary {
            game: league.game.clone(),
            table_size: league.table_size,
            days_per_move: league.days_per_move,
            season_days: league.season_days(),
            members: members_count(&mut conn, &league.game).await?,
            season: season.brief()?,
            players,
            divisions,
        });
    }
    Ok(out)
}

async fn members_count(conn: &mut AsyncPgConnection, game: &str) -> ServiceResult<i64> {
    Ok(league_members::table
        .filter(league_members::game.eq(game))
        .filter(league_members::opted_in.eq(true))
        .count()
        .get_result(conn)
        .await?)
}

/// The league of `game`: its terms, its current season with its divisions (none before it
/// starts), and the last finished season.
pub async fn get(services: &Services, game: &str) -> ServiceResult<LeagueView> {
    let game = store::game_of(game)?;
    let mut conn = services.conn().await?;
    let league = store::league(&mut conn, game).await?;
    let current = store::current_season(&mut conn, &league.game).await?;
    let previous = store::finished_seasons(&mut conn, &league.game, 1)
        .await?
        .into_iter()
        .next();
    let current = season_view(&mut conn, &league, current).await?;
    let previous = match previous {
        Some(season) => Some(season_view(&mut conn, &league, season).await?),
        None => None,
    };
    Ok(LeagueView {
        members: members_count(&mut conn, &league.game).await?,
        season_days: league.season_days(),
        promoted: PROMOTED,
        relegated: RELEGATED,
        adjudication: adjudication::SEASON_RULE,
        game: league.game,
        table_size: league.table_size,
        days_per_move: league.days_per_move,
        expected_moves: league.expected_moves,
        current,
        previous,
    })
}

/// The league's finished seasons, latest first, with their divisions' final places and moves.
pub async fn seasons(services: &Services, game: &str) -> ServiceResult<Vec<SeasonView>> {
    let game = store::game_of(game)?;
    let mut conn = services.conn().await?;
    let league = store::league(&mut conn, game).await?;
    let mut out = Vec::new();
    for season in store::finished_seasons(&mut conn, &league.game, HISTORY).await? {
        out.push(season_view(&mut conn, &league, season).await?);
    }
    Ok(out)
}

async fn season_view(
    conn: &mut AsyncPgConnection,
    league: &LeagueRow,
    season: SeasonRow,
) -> ServiceResult<SeasonView> {
    let divisions = store::divisions(conn, season.id).await?;
    let players = store::players(conn, season.id, &league.game).await?;
    Ok(SeasonView {
        season: season.brief()?,
        divisions: divisions
            .iter()
            .map(|d| {
                Ok(DivisionSummary {
                    id: d.id,
                    level: d.level,
                    number: d.number,
                    players: players
                        .iter()
                        .filter(|p| p.division_id == d.id)
                        .map(player_view)
                        .collect::<ServiceResult<_>>()?,
                })
            })
            .collect::<ServiceResult<_>>()?,
    })
}

fn player_view(p: &PlayerRow) -> ServiceResult<DivisionPlayer> {
    let points = p
        .points
        .map(|units| {
            u64::try_from(units)
                .map(|units| Points::from_units(units).to_f64())
                .map_err(|e| ServiceError::internal("stored league points are negative", e))
        })
        .transpose()?;
    Ok(DivisionPlayer {
        username: p.username.clone(),
        rating: p.rating,
        arrival: p.arrival.clone(),
        final_place: p.final_place,
        points,
        movement: p.movement.clone(),
    })
}

/// One division of the league of `game`: its standings, its players, its fixtures.
pub async fn division(
    services: &Services,
    game: &str,
    division_id: Uuid,
) -> ServiceResult<DivisionView> {
    let game = store::game_of(game)?;
    let mut conn = services.conn().await?;
    let league = store::league(&mut conn, game).await?;
    let division: DivisionRow = league_divisions::table
        .find(division_id)
        .select(DivisionRow::as_select())
        .first(&mut conn)
        .await
        .or_not_found("division")?;
    let season = store::season(&mut conn, division.season_id).await?;
    if season.game != league.game {
        return Err(ServiceError::NotFound("division"));
    }
    let levels: i64 = league_divisions::table
        .filter(league_divisions::season_id.eq(season.id))
        .count()
        .get_result(&mut conn)
        .await?;
    let players: Vec<PlayerRow> = store::players(&mut conn, season.id, &league.game)
        .await?
        .into_iter()
        .filter(|p| p.division_id == division.id)
        .collect();
    let fixtures = store::fixtures(&mut conn, &[division.id]).await?;
    let fixtures = results_so_far(&mut conn, fixtures).await?;
    let here: Vec<&PlayerRow> = players.iter().collect();
    let played: Vec<&FixtureRow> = fixtures.iter().collect();
    let sizes = league.sizes()?;
    let lines = store::standings(&here, &played, sizes)?;
    let names: HashMap<Uuid, &str> = players
        .iter()
        .map(|p| (p.user_id, p.username.as_str()))
        .collect();
    let standings = standings_view(lines, &names, sizes)?;
    let fixtures = fixture_views(&mut conn, &fixtures).await?;
    Ok(DivisionView {
        id: division.id,
        game: league.game,
        season: season.brief()?,
        level: division.level,
        number: division.number,
        levels: i16::try_from(levels).unwrap_or(i16::MAX),
        standings,
        players: players
            .iter()
            .map(player_view)
            .collect::<ServiceResult<_>>()?,
        fixtures,
    })
}

/// `fixtures` with the results of those whose match is over but not yet recorded (the season
/// records them all at its end): the table is read live through the season.
async fn results_so_far(
    conn: &mut AsyncPgConnection,
    mut fixtures: Vec<FixtureRow>,
) -> ServiceResult<Vec<FixtureRow>> {
    let pending: Vec<Uuid> = fixtures
        .iter()
        .filter(|f| f.places.is_none())
        .map(|f| f.match_id)
        .collect();
    let ranked: HashMap<(Uuid, Uuid), (i16, i64)> = match_seats::table
        .inner_join(matches::table)
        .filter(match_seats::match_id.eq_any(&pending))
        .filter(matches::status.eq("finished"))
        .select((
            match_seats::match_id,
            match_seats::user_id,
            match_seats::rank,
            match_seats::score,
        ))
        .load::<(Uuid, Uuid, Option<i16>, Option<i64>)>(conn)
        .await?
        .into_iter()
        .filter_map(|(m, user, rank, score)| Some(((m, user), (rank?, score?))))
        .collect();
    for fixture in fixtures.iter_mut().filter(|f| f.places.is_none()) {
        let seats: Option<Vec<(i16, i64)>> = fixture
            .seats
            .iter()
            .map(|user| ranked.get(&(fixture.match_id, *user)).copied())
            .collect();
        if let Some(seats) = seats {
            let (places, scores) = seats.into_iter().unzip();
            fixture.places = Some(places);
            fixture.game_scores = Some(scores);
        }
    }
    Ok(fixtures)
}

/// The views of `fixtures`, with their players' names and their matches' states.
async fn fixture_views(
    conn: &mut AsyncPgConnection,
    fixtures: &[FixtureRow],
) -> ServiceResult<Vec<FixtureView>> {
    let match_ids: Vec<Uuid> = fixtures.iter().map(|f| f.match_id).collect();
    let states: HashMap<Uuid, (String, Option<i16>)> = matches::table
        .filter(matches::id.eq_any(&match_ids))
        .select((matches::id, matches::status, matches::to_act_seat))
        .load::<(Uuid, String, Option<i16>)>(conn)
        .await?
        .into_iter()
        .map(|(id, status, to_act)| (id, (status, to_act)))
        .collect();
    // The seat to act is the match's own seat order: its player is read from the match.
    let seated: HashMap<(Uuid, i16), Uuid> = match_seats::table
        .filter(match_seats::match_id.eq_any(&match_ids))
        .select((
            match_seats::match_id,
            match_seats::seat,
            match_seats::user_id,
        ))
        .load::<(Uuid, i16, Uuid)>(conn)
        .await?
        .into_iter()
        .map(|(m, seat, user)| ((m, seat), user))
        .collect();
    let people: Vec<Uuid> = fixtures
        .iter()
        .flat_map(|f| f.seats.iter().copied())
        .collect();
    let names = accounts::usernames(conn, &people).await?;
    let name = |id: &Uuid| {
        names
            .get(id)
            .cloned()
            .ok_or_else(|| ServiceError::internal("a fixture's player is unknown", id))
    };
    fixtures
        .iter()
        .map(|f| {
            let (status, to_act) = states
                .get(&f.match_id)
                .cloned()
                .ok_or_else(|| ServiceError::internal("a fixture without its match", f.match_id))?;
            let to_act = match to_act {
                Some(seat) if status == "active" => {
                    seated.get(&(f.match_id, seat)).map(&name).transpose()?
                }
                _ => None,
            };
            let points = f.places.as_deref().map(places_points).transpose()?;
            Ok(FixtureView {
                round: f.round,
                number: f.number,
                match_id: f.match_id,
                players: f.seats.iter().map(name).collect::<ServiceResult<_>>()?,
                status,
                to_act,
                places: f.places.clone(),
                points,
                adjudicated: f.adjudicated,
            })
        })
        .collect()
}

/// The caller's fixtures in the running season of the league of `game`, and the match to play
/// next.
pub async fn my_fixtures(
    services: &Services,
    who: &Identity,
    game: &str,
) -> ServiceResult<MyFixtures> {
    let game = store::game_of(game)?;
    let mut conn = services.conn().await?;
    let league = store::league(&mut conn, game).await?;
    let current = store::current_season(&mut conn, &league.game).await?;
    let mut out = MyFixtures {
        game: league.game.clone(),
        season: None,
        division_id: None,
        level: None,
        next_match: None,
        fixtures: Vec::new(),
    };
    if current.status()? != SeasonStatus::Running {
        return Ok(out);
    }
    let division: Option<(Uuid, i16)> = league_division_members::table
        .inner_join(league_divisions::table)
        .filter(league_division_members::season_id.eq(current.id))
        .filter(league_division_members::user_id.eq(who.user_id))
        .select((league_divisions::id, league_divisions::level))
        .first(&mut conn)
        .await
        .optional()?;
    let Some((division_id, level)) = division else {
        return Ok(out);
    };
    let mine: Vec<FixtureRow> = store::fixtures(&mut conn, &[division_id])
        .await?
        .into_iter()
        .filter(|f| f.seats.contains(&who.user_id))
        .collect();
    let mine = results_so_far(&mut conn, mine).await?;
    let fixtures = fixture_views(&mut conn, &mine).await?;
    let me: String = users::table
        .find(who.user_id)
        .select(users::username)
        .first(&mut conn)
        .await?;
    let in_play = |f: &&FixtureView| f.status == "active";
    out.next_match = fixtures
        .iter()
        .filter(in_play)
        .find(|f| f.to_act.as_deref() == Some(me.as_str()))
        .or_else(|| fixtures.iter().find(in_play))
        .map(|f| f.match_id);
    out.season = Some(current.brief()?);
    out.division_id = Some(division_id);
    out.level = Some(level);
    out.fixtures = fixtures;
    Ok(out)
}

/// The caller's membership of the league of `game`.
pub async fn membership(
    services: &Services,
    who: &Identity,
    game: &str,
) -> ServiceResult<Membership> {
    let game = store::game_of(game)?;
    let mut conn = services.conn().await?;
    let league = store::league(&mut conn, game).await?;
    super::membership::membership_of(&mut conn, &league, who.user_id).await
}

/// The games whose league the caller is opted in to (for the list's buttons).
pub async fn opted_in_games(services: &Services, who: &Identity) -> ServiceResult<Vec<String>> {
    let mut conn = services.conn().await?;
    Ok(league_members::table
        .filter(league_members::user_id.eq(who.user_id))
        .filter(league_members::opted_in.eq(true))
        .select(league_members::game)
        .load(&mut conn)
        .await?)
}

/// The caller's league matches in running seasons where it is their turn, the soonest season
/// deadline first: the home page's "your next league match".
pub async fn my_turns(services: &Services, who: &Identity) -> ServiceResult<Vec<LeagueMatch>> {
    let mut conn = services.conn().await?;
    type Row = (
        String,
        i32,
        Option<time::OffsetDateTime>,
        Uuid,
        i16,
        Uuid,
        Vec<Uuid>,
    );
    let rows: Vec<Row> = league_fixtures::table
        .inner_join(league_divisions::table.inner_join(league_seasons::table))
        .inner_join(matches::table)
        .inner_join(
            match_seats::table.on(match_seats::match_id
                .eq(league_fixtures::match_id)
                .and(matches::to_act_seat.eq(match_seats::seat.nullable()))),
        )
        .filter(league_seasons::status.eq(SeasonStatus::Running.as_str()))
        .filter(matches::status.eq("active"))
        .filter(match_seats::user_id.eq(who.user_id))
        .order((
            league_seasons::deadline.asc(),
            league_fixtures::round,
            league_fixtures::number,
        ))
        .select((
            league_seasons::game,
            league_seasons::number,
            league_seasons::deadline,
            league_divisions::id,
            league_divisions::level,
            matches::id,
            league_fixtures::seats,
        ))
        .load(&mut conn)
        .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let rows = accounts::with_opponents(&mut conn, who.user_id, rows, |r| &r.6).await?;
    Ok(rows
        .into_iter()
        .map(
            |((game, season, deadline, division_id, level, match_id, _), opponents)| LeagueMatch {
                game,
                season,
                deadline,
                division_id,
                level,
                match_id,
                opponents,
            },
        )
        .collect())
}

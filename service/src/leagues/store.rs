//! A league as stored: its row, its seasons, a season's divisions with their players (names
//! and ratings) and their fixtures, and a division's results as the pure crate reads them.

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_games::GameId;
use tapis_tournaments::{Entrant, RoundRecord, Standing, TableSizes};
use time::OffsetDateTime;
use uuid::Uuid;

use super::views::{SeasonBrief, SeasonStatus};
use crate::db::OrNotFound;
use crate::error::{ServiceError, ServiceResult};
use crate::schema::{league_divisions, league_fixtures, league_seasons, leagues};
use crate::tournaments::plan::{round_clock, table_sizes};
use crate::tournaments::store::table_result;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = leagues)]
pub(super) struct LeagueRow {
    pub(super) game: String,
    pub(super) table_size: i16,
    pub(super) days_per_move: i16,
    pub(super) expected_moves: i32,
}

impl LeagueRow {
    pub(super) fn game_id(&self) -> ServiceResult<GameId> {
        self.game
            .parse()
            .map_err(|e| ServiceError::internal("a stored league game is unknown", e))
    }

    pub(super) fn sizes(&self) -> ServiceResult<TableSizes> {
        table_sizes(self.game_id()?, self.table_size)
    }

    /// Days from a season's start to its deadline.
    pub(super) fn season_days(&self) -> u32 {
        round_clock(self.days_per_move, self.expected_moves).days()
    }

    pub(super) fn season_length(&self) -> std::time::Duration {
        round_clock(self.days_per_move, self.expected_moves).duration()
    }
}

/// The game named `game` in a path, or not found (as any unknown league).
pub(super) fn game_of(game: &str) -> ServiceResult<GameId> {
    game.parse().map_err(|_| ServiceError::NotFound("league"))
}

/// The league of `game`.
pub(super) async fn league(conn: &mut AsyncPgConnection, game: GameId) -> ServiceResult<LeagueRow> {
    leagues::table
        .find(game.as_str())
        .select(LeagueRow::as_select())
        .first(conn)
        .await
        .or_not_found("league")
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = league_seasons)]
pub(super) struct SeasonRow {
    pub(super) id: Uuid,
    pub(super) game: String,
    pub(super) number: i32,
    pub(super) status: String,
    pub(super) starts_at: OffsetDateTime,
    pub(super) started_at: Option<OffsetDateTime>,
    pub(super) deadline: Option<OffsetDateTime>,
    pub(super) ended_at: Option<OffsetDateTime>,
}

impl SeasonRow {
    pub(super) fn status(&self) -> ServiceResult<SeasonStatus> {
        SeasonStatus::parse(&self.status)
    }

    pub(super) fn brief(&self) -> ServiceResult<SeasonBrief> {
        Ok(SeasonBrief {
            id: self.id,
            number: self.number,
            status: self.status()?,
            starts_at: self.starts_at,
            started_at: self.started_at,
            deadline: self.deadline,
            ended_at: self.ended_at,
        })
    }
}

/// The season `id`.
pub(super) async fn season(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<SeasonRow> {
    league_seasons::table
        .find(id)
        .select(SeasonRow::as_select())
        .first(conn)
        .await
        .or_not_found("season")
}

/// The league's season not finished (running, or the next one): there is always one.
pub(super) async fn current_season(
    conn: &mut AsyncPgConnection,
    game: &str,
) -> ServiceResult<SeasonRow> {
    league_seasons::table
        .filter(league_seasons::game.eq(game))
        .filter(league_seasons::status.ne(SeasonStatus::Finished.as_str()))
        .select(SeasonRow::as_select())
        .first(conn)
        .await
        .optional()?
        .ok_or_else(|| ServiceError::internal("a league without a current season", game))
}

/// The league's finished seasons, latest first (at most `limit`).
pub(super) async fn finished_seasons(
    conn: &mut AsyncPgConnection,
    game: &str,
    limit: i64,
) -> ServiceResult<Vec<SeasonRow>> {
    Ok(league_seasons::table
        .filter(league_seasons::game.eq(game))
        .filter(league_seasons::status.eq(SeasonStatus::Finished.as_str()))
        .order(league_seasons::number.desc())
        .limit(limit)
        .select(SeasonRow::as_select())
        .load(conn)
        .await?)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = league_divisions)]
pub(super) struct DivisionRow {
    pub(super) id: Uuid,
    pub(super) season_id: Uuid,
    pub(super) level: i16,
    pub(super) number: i16,
}

/// The divisions of season `season_id`, top first.
pub(super) async fn divisions(
    conn: &mut AsyncPgConnection,
    season_id: Uuid,
) -> ServiceResult<Vec<DivisionRow>> {
    Ok(league_divisions::table
        .filter(league_divisions::season_id.eq(season_id))
        .order((league_divisions::level, league_divisions::number))
        .select(DivisionRow::as_select())
        .load(conn)
        .await?)
}

/// A division's player with what the pages and the standings need of their account.
#[derive(Debug, Clone, QueryableByName)]
pub(super) struct PlayerRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub(super) division_id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub(super) user_id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub(super) username: String,
    /// Rating in the league's game, in points, rounded (1500 without one).
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub(super) rating: i32,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub(super) arrival: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    pub(super) points: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::SmallInt>)]
    pub(super) final_place: Option<i16>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub(super) movement: Option<String>,
}

/// The players of season `season_id`'s divisions: in final order once it is over, in seed
/// order before.
pub(super) async fn players(
    conn: &mut AsyncPgConnection,
    season_id: Uuid,
    game: &str,
) -> ServiceResult<Vec<PlayerRow>> {
    Ok(diesel::sql_query(
        "SELECT m.division_id, m.user_id, u.username, \
                COALESCE(round(r.rating / 1000000.0), 1500)::integer AS rating, \
                m.arrival, m.points, m.final_place, m.movement \
         FROM league_division_members m \
         JOIN users u ON u.id = m.user_id \
         LEFT JOIN ratings r ON r.user_id = m.user_id AND r.game = $2 \
         WHERE m.season_id = $1 \
         ORDER BY m.division_id, COALESCE(m.final_place, m.seed), m.seed",
    )
    .bind::<diesel::sql_types::Uuid, _>(season_id)
    .bind::<diesel::sql_types::Text, _>(game)
    .load(conn)
    .await?)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = league_fixtures)]
pub(super) struct FixtureRow {
    pub(super) division_id: Uuid,
    pub(super) round: i16,
    pub(super) number: i16,
    pub(super) match_id: Uuid,
    pub(super) seats: Vec<Uuid>,
    pub(super) places: Option<Vec<i16>>,
    pub(super) game_scores: Option<Vec<i64>>,
    pub(super) adjudicated: bool,
}

/// The fixtures of the divisions `division_ids`, by division, round and number.
pub(super) async fn fixtures(
    conn: &mut AsyncPgConnection,
    division_ids: &[Uuid],
) -> ServiceResult<Vec<FixtureRow>> {
    Ok(league_fixtures::table
        .filter(league_fixtures::division_id.eq_any(division_ids))
        .order((
            league_fixtures::division_id,
            league_fixtures::round,
            league_fixtures::number,
        ))
        .select(FixtureRow::as_select())
        .load(conn)
        .await?)
}

/// A division's rounds as the crate reads them: each round's fixtures that are over (places
/// recorded); those still in play count for nothing yet. Resting is no bye: it scores nothing.
pub(super) fn records(fixtures: &[&FixtureRow]) -> ServiceResult<Vec<RoundRecord<Uuid>>> {
    let mut rounds: BTreeMap<i16, RoundRecord<Uuid>> = BTreeMap::new();
    for fixture in fixtures {
        let record = rounds.entry(fixture.round).or_default();
        let over = table_result(&fixture.seats, &fixture.places, &fixture.game_scores)?;
        record.tables.extend(over);
    }
    Ok(rounds.into_values().collect())
}

/// A division's standings after its fixtures over so far, best first (equal lines in the
/// order of rating, as the crate lists them).
pub(super) fn standings(
    players: &[&PlayerRow],
    fixtures: &[&FixtureRow],
    sizes: TableSizes,
) -> ServiceResult<Vec<Standing<Uuid>>> {
    let entrants: Vec<Entrant<Uuid>> = players
        .iter()
        .map(|p| Entrant {
            id: p.user_id,
            rating: p.rating,
            withdrawn: false,
        })
        .collect();
    tapis_tournaments::standings(&entrants, &records(fixtures)?, sizes)
        .map_err(|e| ServiceError::internal("stored fixtures do not make standings", e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(round: i16, seats: &[Uuid], places: Option<Vec<i16>>) -> FixtureRow {
        FixtureRow {
            division_id: Uuid::nil(),
            round,
            number: 1,
            match_id: Uuid::new_v4(),
            seats: seats.to_vec(),
            game_scores: places.as_ref().map(|p| vec![0; p.len()]),
            places,
            adjudicated: false,
        }
    }

    fn player(id: Uuid, rating: i32) -> PlayerRow {
        PlayerRow {
            division_id: Uuid::nil(),
            user_id: id,
            username: id.to_string(),
            rating,
            arrival: "joined".into(),
            points: None,
            final_place: None,
            movement: None,
        }
    }

    #[test]
    fn only_the_fixtures_over_count_and_a_double_round_robin_ranks() {
        let [a, b, c] = [(); 3].map(|_| Uuid::new_v4());
        let fixtures = [
            fixture(1, &[a, b], Some(vec![1, 2])),
            fixture(2, &[b, c], Some(vec![1, 1])),
            fixture(3, &[c, a], Some(vec![2, 1])),
            fixture(4, &[b, a], None),
        ];
        let refs: Vec<&FixtureRow> = fixtures.iter().collect();
        let recorded = records(&refs).unwrap();
        assert_eq!(recorded.len(), 4);
        assert!(recorded[3].tables.is_empty());
        let players = [player(a, 1500), player(b, 1600), player(c, 1400)];
        let prefs: Vec<&PlayerRow> = players.iter().collect();
        let lines = standings(&prefs, &refs, TableSizes::TWO).unwrap();
        assert_eq!(lines[0].id, a);
        assert_eq!(lines[0].played, 2);
        assert_eq!(lines[0].won, 2);
        // b and c: ½ each; b beat nobody, neither did c: equal, the higher rated listed first.
        assert_eq!(lines[1].id, b);
        assert_eq!(lines[2].id, c);
        let corrupt = [fixture(1, &[a, b], Some(vec![-1, 1]))];
        let refs: Vec<&FixtureRow> = corrupt.iter().collect();
        assert!(records(&refs).is_err());
    }
}

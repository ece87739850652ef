//! A tournament as stored: its row, its entrants (with their names and ratings), and its
//! rounds as the pure crate reads them ([`Entrant`], [`RoundRecord`]).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use tapis_games::GameId;
use tapis_tournaments::{Entrant, RoundRecord, TableResult, TableSizes};
use time::OffsetDateTime;
use uuid::Uuid;

use super::plan::table_sizes;
use super::views::TournamentStatus;
use crate::db::OrNotFound;
use crate::error::{ServiceError, ServiceResult};
use crate::schema::{round_tables, tournaments};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub(super) struct TournamentRow {
    pub(super) id: Uuid,
    pub(super) name: String,
    pub(super) game: String,
    pub(super) options: Value,
    pub(super) table_size: i16,
    pub(super) rounds: i16,
    pub(super) days_per_move: i16,
    pub(super) expected_moves: i32,
    pub(super) rated: bool,
    pub(super) starts_at: OffsetDateTime,
    pub(super) min_rating: Option<i32>,
    pub(super) max_rating: Option<i32>,
    pub(super) max_players: Option<i32>,
    pub(super) vacation_pauses: bool,
    pub(super) allow_bots: bool,
    pub(super) organiser_id: Uuid,
    pub(super) status: String,
    pub(super) current_round: i16,
    pub(super) created_at: OffsetDateTime,
    pub(super) finished_at: Option<OffsetDateTime>,
}

impl TournamentRow {
    pub(super) fn status(&self) -> ServiceResult<TournamentStatus> {
        TournamentStatus::parse(&self.status)
    }

    pub(super) fn game_id(&self) -> ServiceResult<GameId> {
        self.game
            .parse()
            .map_err(|e| ServiceError::internal("a stored tournament game is unknown", e))
    }

    pub(super) fn sizes(&self) -> ServiceResult<TableSizes> {
        table_sizes(self.game_id()?, self.table_size)
    }
}

/// The tournament `id`.
pub(super) async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<TournamentRow> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .first(conn)
        .await
        .or_not_found("tournament")
}

/// The tournament `id`, its row locked for this transaction.
pub(super) async fn lock(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<TournamentRow> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .for_update()
        .first(conn)
        .await
        .or_not_found("tournament")
}

/// An entrant with what the pages and the pairing need of their account.
#[derive(Debug, Clone, QueryableByName)]
pub(super) struct EntrantRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub(super) user_id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub(super) username: String,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub(super) is_bot: bool,
    /// Rating in the tournament's game, in points, rounded (1500 for a player without one).
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub(super) rating: i32,
    #[diesel(sql_type = diesel::sql_types::SmallInt)]
    pub(super) joined_round: i16,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub(super) withdrawn: bool,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub(super) withdrawn_reason: Option<String>,
}

/// The entrants of tournament `id`, in the order they joined, with their ratings as the
/// tournament took them (when they joined, then at each round's start: [`refresh_ratings`]).
pub(super) async fn entrants(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> ServiceResult<Vec<EntrantRow>> {
    Ok(diesel::sql_query(
        "SELECT e.user_id, u.username, u.is_bot, e.rating, \
                e.joined_round, e.withdrawn, e.withdrawn_reason \
         FROM tournament_entrants e \
         JOIN users u ON u.id = e.user_id \
         WHERE e.tournament_id = $1 \
         ORDER BY e.joined_at, e.user_id",
    )
    .bind::<diesel::sql_types::Uuid, _>(id)
    .load(conn)
    .await?)
}

/// Takes the entrants' ratings in `game` again (at a round's start): until the next, the
/// standings' last tie-break and the pairing's order hold still.
pub(super) async fn refresh_ratings(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    game: &str,
) -> ServiceResult<()> {
    diesel::sql_query(
        "UPDATE tournament_entrants e \
         SET rating = COALESCE((SELECT round(r.rating / 1000000.0)::integer FROM ratings r \
                                WHERE r.user_id = e.user_id AND r.game = $2), 1500) \
         WHERE e.tournament_id = $1",
    )
    .bind::<diesel::sql_types::Uuid, _>(id)
    .bind::<diesel::sql_types::Text, _>(game)
    .execute(conn)
    .await?;
    Ok(())
}

/// The channel the hubs listen on for tournaments that changed (payload: the tournament's id).
pub(crate) const CHANNEL: &str = "tapis_tournaments";

/// Raises the revision of tournament `id`, in a transaction that changes it (its entrants, its
/// rounds, its status): the standings kept by every process are read again, and once the
/// transaction commits every hub hears that it changed (the pages following it fetch it
/// again; the sequencer numbers the events the transaction told).
pub(super) async fn touch(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<()> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::revision.eq(tournaments::revision + 1))
        .execute(conn)
        .await?;
    diesel::sql_query("SELECT pg_notify($1, $2)")
        .bind::<diesel::sql_types::Text, _>(CHANNEL)
        .bind::<diesel::sql_types::Text, _>(id.to_string())
        .execute(conn)
        .await?;
    Ok(())
}

/// The rating of `user_id` in `game`, in points (1500 without one).
pub(super) async fn rating_of(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    game: &str,
) -> ServiceResult<i32> {
    use crate::schema::ratings;
    let micros: Option<i64> = ratings::table
        .find((user_id, game))
        .select(ratings::rating)
        .first(conn)
        .await
        .optional()?;
    Ok(micros.map_or(1500, |m| {
        i32::try_from((m + 500_000).div_euclid(1_000_000)).unwrap_or(i32::MAX)
    }))
}

/// The entrants as the crate reads them.
pub(super) fn crate_entrants(rows: &[EntrantRow]) -> Vec<Entrant<Uuid>> {
    rows.iter()
        .map(|e| Entrant {
            id: e.user_id,
            rating: e.rating,
            withdrawn: e.withdrawn,
        })
        .collect()
}

/// One stored table of a round (or a bye).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = round_tables)]
pub(super) struct TableRow {
    pub(super) round: i16,
    pub(super) number: i16,
    pub(super) match_id: Option<Uuid>,
    pub(super) seats: Vec<Uuid>,
    pub(super) places: Option<Vec<i16>>,
    pub(super) game_scores: Option<Vec<i64>>,
    pub(super) adjudicated: bool,
}

/// Every table of tournament `id`, by round and number.
pub(super) async fn tables(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Vec<TableRow>> {
    Ok(round_tables::table
        .filter(round_tables::tournament_id.eq(id))
        .order((round_tables::round, round_tables::number))
        .select(TableRow::as_select())
        .load(conn)
        .await?)
}

/// The rounds as the crate reads them, from the first to `rounds`: each with its tables that
/// are over (places recorded) and its byes; a table still in play counts for nothing yet.
pub(super) fn records(tables: &[TableRow], rounds: i16) -> ServiceResult<Vec<RoundRecord<Uuid>>> {
    let count = usize::try_from(rounds).unwrap_or(0);
    let mut out: Vec<RoundRecord<Uuid>> = vec![RoundRecord::default(); count];
    for table in tables {
        let Some(record) = usize::try_from(table.round)
            .ok()
            .and_then(|r| r.checked_sub(1))
            .and_then(|r| out.get_mut(r))
        else {
            continue;
        };
        if table.match_id.is_none() {
            record.byes.extend(table.seats.iter().copied());
            continue;
        }
        let over = table_result(&table.seats, &table.places, &table.game_scores)?;
        record.tables.extend(over);
    }
    Ok(out)
}

/// A table as the crate reads it once it is over (places recorded), from its stored seats,
/// places and game scores: a tournament's table or a league's fixture. `None` while it is in
/// play; a negative place is a corrupt record, not a value to guess.
pub(crate) fn table_result(
    seats: &[Uuid],
    places: &Option<Vec<i16>>,
    game_scores: &Option<Vec<i64>>,
) -> ServiceResult<Option<TableResult<Uuid>>> {
    let (Some(places), Some(scores)) = (places, game_scores) else {
        return Ok(None);
    };
    let places = places
        .iter()
        .map(|p| u32::try_from(*p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ServiceError::internal("a stored place is negative", e))?;
    Ok(Some(TableResult {
        seats: seats.to_vec(),
        places,
        game_scores: scores.clone(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(round: i16, number: i16, seats: &[Uuid], places: Option<Vec<i16>>) -> TableRow {
        TableRow {
            round,
            number,
            match_id: (seats.len() > 1).then(Uuid::new_v4),
            seats: seats.to_vec(),
            game_scores: places.as_ref().map(|p| vec![0; p.len()]),
            places,
            adjudicated: false,
        }
    }

    #[test]
    fn records_hold_the_tables_over_and_the_byes_by_round() {
        let [a, b, c, d, e] = [(); 5].map(|_| Uuid::new_v4());
        let tables = vec![
            table(1, 1, &[a, b], Some(vec![1, 2])),
            table(1, 2, &[c, d], Some(vec![1, 1])),
            table(1, 3, &[e], None),
            // Round 2 in play: its table counts for nothing yet, its bye already does.
            table(2, 1, &[a, c], None),
            table(2, 2, &[b, e], Some(vec![2, 1])),
            table(2, 3, &[d], None),
        ];
        let recorded = records(&tables, 2).unwrap();
        assert_eq!(recorded.len(), 2);
        assert_eq!(recorded[0].tables.len(), 2);
        assert_eq!(recorded[0].tables[0].seats, vec![a, b]);
        assert_eq!(recorded[0].tables[0].places, vec![1, 2]);
        assert_eq!(recorded[0].byes, vec![e]);
        assert_eq!(recorded[1].tables.len(), 1);
        assert_eq!(recorded[1].tables[0].seats, vec![b, e]);
        assert_eq!(recorded[1].byes, vec![d]);
        // Asking for fewer rounds leaves the later ones out.
        assert_eq!(records(&tables, 1).unwrap().len(), 1);
        // A negative place is a corrupt record, not a value to guess.
        let corrupt = vec![table(1, 1, &[a, b], Some(vec![-1, 1]))];
        assert!(records(&corrupt, 1).is_err());
    }
}

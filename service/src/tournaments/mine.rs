//! A player's matches in play in tournaments: the "your next match" of the home page.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use time::OffsetDateTime;
use uuid::Uuid;

use super::views::TournamentStatus;
use crate::error::ServiceResult;
use crate::identity::accounts;
use crate::identity::caller::Identity;
use crate::schema::{matches, round_tables, tournament_rounds, tournaments};
use crate::services::Services;

/// A match a player sits at in the round in play of a running tournament.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentMatch {
    pub tournament_id: Uuid,
    pub tournament_name: String,
    /// The game id.
    pub game: String,
    pub round: i16,
    pub rounds: i16,
    pub match_id: Uuid,
    /// The other players at the table, in seat order.
    pub opponents: Vec<String>,
    /// The round's deadline (matches still running then are adjudicated).
    pub deadline: OffsetDateTime,
}

/// The caller's matches still in play in the current rounds of running tournaments, the
/// soonest deadline first.
pub async fn my_matches(
    services: &Services,
    who: &Identity,
) -> ServiceResult<Vec<TournamentMatch>> {
    let mut conn = services.conn().await?;
    type Row = (
        Uuid,
        String,
        String,
        i16,
        i16,
        Uuid,
        Vec<Uuid>,
        OffsetDateTime,
    );
    let rows: Vec<Row> = round_tables::table
        .inner_join(
            tournaments::table.on(tournaments::id
                .eq(round_tables::tournament_id)
                .and(tournaments::current_round.eq(round_tables::round))),
        )
        .inner_join(
            tournament_rounds::table.on(tournament_rounds::tournament_id
                .eq(round_tables::tournament_id)
                .and(tournament_rounds::number.eq(round_tables::round))),
        )
        .inner_join(matches::table)
        .filter(tournaments::status.eq(TournamentStatus::Running.as_str()))
        .filter(matches::status.eq("active"))
        .filter(round_tables::seats.contains(vec![who.user_id]))
        .order((tournament_rounds::deadline.asc(), tournaments::id))
        .select((
            tournaments::id,
            tournaments::name,
            tournaments::game,
            round_tables::round,
            tournaments::rounds,
            matches::id,
            round_tables::seats,
            tournament_rounds::deadline,
        ))
        .load(&mut conn)
        .await?;
    let rows = accounts::with_opponents(&mut conn, who.user_id, rows, |r| &r.6).await?;
    Ok(rows
        .into_iter()
        .map(
            |(
                (tournament_id, tournament_name, game, round, rounds, match_id, _, deadline),
                opponents,
            )| {
                TournamentMatch {
                    tournament_id,
                    tournament_name,
                    game,
                    round,
                    rounds,
                    match_id,
                    opponents,
                    deadline,
                }
            },
        )
        .collect())
}

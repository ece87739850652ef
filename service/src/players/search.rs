//! Finding players by the start of their name, without regard to case (an index on
//! `lower(username)` serves the prefix), each with their ratings in the games they played
//! rated.

use std::collections::HashMap;

use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use tapis_games::GameId;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::ratings::{GameRating, Rating};
use crate::schema::{ratings, users};
use crate::services::Services;

/// The most players one search gives.
pub const FOUND_AT_MOST: i64 = 50;

/// A player found, with their ratings in the games they played rated (catalogue order).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FoundPlayer {
    pub username: String,
    /// A computer player (`GET /api/v1/bots`).
    pub bot: bool,
    pub ratings: Vec<GameRating>,
}

/// The players whose name starts with `prefix` (1 to 24 of the characters names are made of),
/// in name order, at most [`FOUND_AT_MOST`].
pub async fn search(services: &Services, prefix: &str) -> ServiceResult<Vec<FoundPlayer>> {
    let prefix = prefix.trim();
    let fits = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if prefix.is_empty() || prefix.chars().count() > 24 || !prefix.chars().all(fits) {
        return Err(ServiceError::invalid(
            "q",
            "search_prefix",
            "search by the start of a name: 1 to 24 letters, digits, '_' or '-'",
        ));
    }
    // `_` is a wildcard of LIKE: escaped, it is itself.
    let pattern = format!("{}%", prefix.to_lowercase().replace('_', "\\_"));
    let mut conn = services.conn().await?;
    let found: Vec<(Uuid, String, bool)> = users::table
        .filter(
            sql::<Bool>("lower(username) LIKE ")
                .bind::<Text, _>(pattern)
                .sql(" ESCAPE '\\'"),
        )
        .order(sql::<Text>("lower(username)"))
        .limit(FOUND_AT_MOST)
        .select((users::id, users::username, users::is_bot))
        .load(&mut conn)
        .await?;
    let ids: Vec<Uuid> = found.iter().map(|(id, _, _)| *id).collect();
    let rows: Vec<(Uuid, String, i64, i32)> = ratings::table
        .filter(ratings::user_id.eq_any(&ids))
        .filter(ratings::games.gt(0))
        .select((
            ratings::user_id,
            ratings::game,
            ratings::rating,
            ratings::games,
        ))
        .load(&mut conn)
        .await?;
    let mut by_user: HashMap<Uuid, Vec<GameRating>> = HashMap::new();
    for (user_id, game, rating, games) in rows {
        let game = game
            .parse()
            .map_err(|e| ServiceError::internal("a stored rating's game is unknown", e))?;
        let games = u32::try_from(games)
            .map_err(|e| ServiceError::internal("a stored count of games is negative", e))?;
        by_user.entry(user_id).or_default().push(GameRating::new(
            game,
            Rating::from_micros(rating),
            games,
        ));
    }
    Ok(found
        .into_iter()
        .map(|(id, username, bot)| {
            let mut ratings = by_user.remove(&id).unwrap_or_default();
            ratings.sort_by_key(|r| GameId::ALL.iter().position(|g| g.as_str() == r.game));
            FoundPlayer {
                username,
                bot,
                ratings,
            }
        })
        .collect())
}

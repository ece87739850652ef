//! Ratings: a player's rating in every game, the history of one, and the leaderboards.

use actix_web::get;
use actix_web::web::{Data, Path, Query};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::ratings::{self, GameRating, HistoryEntry, LeaderboardEntry};
use utoipa::IntoParams;

use crate::problem::Problem;
use crate::responses::{NoSuchUserOrGame, Reply, ServiceUnavailable, ok};

/// Which places of a leaderboard.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// How many places, 1–200 (default 50).
    pub limit: Option<i64>,
    /// How many places to skip from the top (default 0).
    pub offset: Option<i64>,
}

/// A player's rating in every game (1500 and no matches for games never played rated).
#[utoipa::path(get, path = "/api/v1/users/{username}/ratings", operation_id = "get_ratings", tag = "ratings",
    params(("username" = String, Path)),
    responses(
        (status = 200, description = "A rating per game", body = Vec<GameRating>),
        (status = 404, description = "`not_found`: no such user", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/users/{username}/ratings")]
pub async fn of_user(services: Data<Services>, username: Path<String>) -> Reply {
    ok(ratings::of_user(&services, &username).await?)
}

/// The history of a player's rating in one game, oldest first: every rated match they
/// finished, with the rating before and after it.
#[utoipa::path(get, path = "/api/v1/users/{username}/ratings/{game}/history", operation_id = "get_rating_history", tag = "ratings",
    params(("username" = String, Path), ("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "The history, oldest first", body = Vec<HistoryEntry>),
        NoSuchUserOrGame,
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/users/{username}/ratings/{game}/history")]
pub async fn history(services: Data<Services>, path: Path<(String, String)>) -> Reply {
    let (username, game) = path.into_inner();
    ok(ratings::history(&services, &username, &game).await?)
}

/// A game's leaderboard: players with 10 or more rated matches of the game, best first.
#[utoipa::path(get, path = "/api/v1/leaderboards/{game}", operation_id = "get_leaderboard", tag = "ratings",
    params(("game" = String, Path, description = "A game id"), LeaderboardQuery),
    responses(
        (status = 200, description = "The places asked for, best first", body = Vec<LeaderboardEntry>),
        (status = 404, description = "`not_found`: no such game", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed`: bad `limit` or `offset`", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/leaderboards/{game}")]
pub async fn leaderboard(
    services: Data<Services>,
    game: Path<String>,
    query: Query<LeaderboardQuery>,
) -> Reply {
    let query = query.into_inner();
    ok(ratings::leaderboard(&services, &game, query.limit, query.offset).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(of_user).service(history).service(leaderboard);
}

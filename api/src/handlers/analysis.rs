//! The analysis of a finished match (`docs/analysis.md`).

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use serde_json::json;
use tapis_service::Services;
use tapis_service::analysis::stats::{self, PlayerStats, SiteDice};
use tapis_service::analysis::{self, AnalysisStatus};
use uuid::Uuid;

use crate::problem::Problem;
use crate::responses::{NoSuchUserOrGame, NotFound, Reply, ServiceUnavailable, ok};

/// The analysis of a finished match: for each step, a decision's cost (the value of the best
/// choice minus that of the choice made, with the best choice and a mark: `inaccuracy`,
/// `mistake`, `blunder`) or a throw's luck, and each seat's value after it; a summary per
/// player (decisions analysed, total and mean cost, marks, total luck, the luck-adjusted
/// result). The `unit` says what the values are: `win_probability` (5000 for two), the
/// `expected_score` of the player's own grid (Yams), `round_tokens` (421).
///
/// Made in the background once the match is over: `202 {"status": "pending"}` until then.
/// `{"status": "unsupported"}` for a game the engines do not cover yet, `{"status":
/// "failed"}` when every attempt failed. Never while the match is played (409).
#[utoipa::path(get, path = "/api/v1/matches/{id}/analysis", operation_id = "get_analysis", tag = "matches",
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "`status`: `ready` (with `unit`, `engine`, `players` and `steps`), `unsupported` or `failed`", body = Object),
        (status = 202, description = "`{\"status\": \"pending\"}`: the analysis is queued or being made; ask again in a few seconds", body = Object),
        (status = 404, response = NotFound),
        (status = 409, description = "`match_not_finished`: the match is not over (no analysis is given during play)", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/matches/{id}/analysis")]
pub async fn get(services: Data<Services>, id: Path<Uuid>) -> Reply {
    let found = analysis::get(&services, id.into_inner()).await?;
    Ok(match (found.status, found.analysis) {
        (AnalysisStatus::Ready, Some(mut made)) => {
            if let Some(object) = made.as_object_mut() {
                object.insert("status".to_owned(), json!("ready"));
            }
            HttpResponse::Ok().json(made)
        }
        (AnalysisStatus::Pending, _) => HttpResponse::Accepted().json(json!({"status": "pending"})),
        (status, _) => HttpResponse::Ok().json(json!({"status": status})),
    })
}

/// A player's statistics in one game, over every analysed match they played: the mean cost of
/// an unforced decision and the mean luck of one of their own throws (in the game's `unit`),
/// the latest analysed matches (at most 100, oldest first: is the player improving?), and
/// every face of their own dice with a chi-square test against fair dice (`dice`).
#[utoipa::path(get, path = "/api/v1/users/{username}/stats/{game}", operation_id = "get_player_stats", tag = "ratings",
    params(("username" = String, Path), ("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "The player's statistics in the game", body = PlayerStats),
        NoSuchUserOrGame,
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/users/{username}/stats/{game}")]
pub async fn player_stats(services: Data<Services>, path: Path<(String, String)>) -> Reply {
    let (username, game) = path.into_inner();
    ok(stats::of_player(&services, &username, &game).await?)
}

/// Every face thrown on Tapis, in every analysed match, in all and game by game, each with a
/// chi-square test against fair dice (five degrees of freedom; `consistent_with_fair_dice`
/// while the p-value is at least 0.01).
#[utoipa::path(get, path = "/api/v1/stats/dice", operation_id = "get_site_dice", tag = "ratings",
    responses(
        (status = 200, description = "The site's dice", body = SiteDice),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/stats/dice")]
pub async fn site_dice(services: Data<Services>) -> Reply {
    ok(stats::site_dice(&services).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(get).service(player_stats).service(site_dice);
}

//! The analysis of a finished match (`docs/analysis.md`).

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use serde_json::json;
use tapis_service::Services;
use tapis_service::analysis::{self, AnalysisStatus};
use uuid::Uuid;

use crate::problem::Problem;
use crate::responses::{NotFound, Reply, ServiceUnavailable};

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

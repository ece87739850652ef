//! The catalogue of games.

use actix_web::web::Path;
use actix_web::{HttpResponse, get};
use tapis_service::games::{self, GameInfo};

use crate::responses::{PublicOne, Reply, ServiceUnavailable, ok};

/// Every game, with its players and options.
#[utoipa::path(get, path = "/api/v1/games", operation_id = "list_games", tag = "games",
    responses(
        (status = 200, description = "Every game", body = Vec<GameInfo>),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/games")]
pub async fn list() -> HttpResponse {
    HttpResponse::Ok().json(games::list())
}

/// One game, with the options each match may set.
#[utoipa::path(get, path = "/api/v1/games/{game}", operation_id = "get_game", tag = "games",
    params(("game" = String, Path, description = "`linotte`, `yam-master`, `linja`, `5000`, `421`, `cant-stop`, `yams` or `make-five`")),
    responses(
        (status = 200, description = "The game", body = GameInfo),
        PublicOne,
    ))]
#[get("/games/{game}")]
pub async fn get(game: Path<String>) -> Reply {
    ok(games::get(&game)?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(list).service(get);
}

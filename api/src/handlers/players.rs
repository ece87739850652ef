//! Finding players by the start of their name.

use actix_web::get;
use actix_web::web::{Data, Query};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::players::search::{self as finding, FoundPlayer};
use utoipa::IntoParams;

use crate::problem::Problem;
use crate::responses::{Reply, ServiceUnavailable, ok};

/// What to look for.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// The start of a name (1 to 24 letters, digits, `_` or `-`), without regard to case.
    pub q: String,
}

/// Players whose name starts with `q`, in name order (at most 50), each with their ratings in
/// the games they played rated.
#[utoipa::path(get, path = "/api/v1/players", operation_id = "search_players", tag = "players",
    params(SearchQuery),
    responses(
        (status = 200, description = "The players found", body = Vec<FoundPlayer>),
        (status = 422, description = "`validation_failed`: `q` is missing or not the start of a name", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/players")]
pub async fn search(services: Data<Services>, query: Query<SearchQuery>) -> Reply {
    ok(finding::search(&services, &query.q).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(search);
}

//! The computer opponents.

use actix_web::get;
use actix_web::web::Data;
use tapis_service::Services;
use tapis_service::bots::{self, BotInfo};

use crate::responses::{Reply, ServiceUnavailable, ok};

/// Every computer opponent: invite one by its `username` when creating a match
/// (`invite: ["tapis-strong"]`); it accepts at once.
#[utoipa::path(get, path = "/api/v1/bots", operation_id = "list_bots", tag = "games",
    responses(
        (status = 200, description = "The bots, from the easiest to the strongest", body = Vec<BotInfo>),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/bots")]
pub async fn list(services: Data<Services>) -> Reply {
    ok(bots::list(&services).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(list);
}

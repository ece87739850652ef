//! The computer opponents.

use actix_web::web::Data;
use actix_web::{HttpResponse, get};
use tapis_service::Services;
use tapis_service::bots::{self, BotInfo};

use crate::responses::{Reply, ServiceUnavailable};

/// Every computer opponent: invite one by its `username` when creating a match
/// (`invite: ["tapis-strong"]`); it accepts at once.
#[utoipa::path(get, path = "/api/v1/bots", operation_id = "list_bots", tag = "games",
    responses(
        (status = 200, description = "The bots, from the easiest to the strongest", body = Vec<BotInfo>),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/bots")]
pub async fn list(services: Data<Services>) -> Reply {
    Ok(HttpResponse::Ok().json(bots::list(&services).await?))
}

//! Tapis's public REST API under `/api/v1` (see `docs/api.md` for the contract):
//! JSON in and out, errors as problem+json with stable codes, and an OpenAPI 3.1 document
//! generated from these handlers by utoipa.

// The house rule (clippy.toml sets the limit): no function of the code (tests aside) longer
// than 80 lines.
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

pub mod docs;
pub mod extract;
pub mod game_schemas;
pub mod handlers;
pub mod openapi;
pub mod problem;
pub mod responses;

use actix_web::{HttpRequest, HttpResponse, web};

pub use handlers::streams::StreamSettings;
pub use problem::{ApiError, Problem};

/// The largest JSON body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Registers the API routes, the OpenAPI document and its browsable documentation.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api/v1")
            .app_data(
                web::JsonConfig::default()
                    .limit(MAX_BODY_BYTES)
                    .error_handler(problem::json_error),
            )
            .app_data(web::PathConfig::default().error_handler(problem::path_error))
            .app_data(web::QueryConfig::default().error_handler(problem::query_error))
            .configure(routes)
            .default_service(web::to(not_found)),
    )
    .service(openapi::serve)
    .service(docs::page)
    .service(docs::init)
    .service(docs::script)
    .service(docs::style);
}

/// The routes under `/api/v1`, each endpoint once.
fn routes(cfg: &mut web::ServiceConfig) {
    // The routes are tried in order, each path with parameters by a regular expression:
    // the moves and the reads of a match, most of the traffic, come first (no two
    // patterns here match the same path, so the order changes nothing else).
    cfg.service(handlers::matches::act)
        .service(handlers::matches::get)
        .configure(handlers::accounts::routes)
        .configure(handlers::sessions::routes)
        .configure(handlers::notifications::routes)
        .configure(handlers::games::routes)
        .configure(handlers::bots::routes)
        .configure(handlers::matches::routes)
        .configure(handlers::analysis::routes)
        .configure(handlers::chat::routes)
        .configure(handlers::blocks::routes)
        .configure(handlers::players::routes)
        .configure(handlers::moderation::routes)
        .configure(handlers::streams::routes)
        .configure(handlers::webhooks::routes)
        .configure(handlers::ratings::routes)
        .configure(handlers::tournaments::routes)
        .configure(handlers::leagues::routes);
}

/// Any other path under `/api/v1`.
async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found(format!(
        "no endpoint {} {}",
        req.method(),
        req.path()
    )))
}

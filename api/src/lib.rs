//! Tapis's public REST API under `/api/v1` (see `docs/api.md` for the contract):
//! JSON in and out, errors as problem+json with stable codes, and an OpenAPI 3.1 document
//! generated from these handlers by utoipa.

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
        .service(handlers::accounts::sign_up)
        .service(handlers::accounts::sign_in)
        .service(handlers::sessions::list)
        .service(handlers::sessions::end)
        .service(handlers::sessions::end_all)
        .service(handlers::accounts::me)
        .service(handlers::accounts::change_password)
        .service(handlers::accounts::vacation_status)
        .service(handlers::accounts::start_vacation)
        .service(handlers::accounts::end_vacation)
        .service(handlers::notifications::set_email)
        .service(handlers::notifications::get_settings)
        .service(handlers::notifications::put_settings)
        .service(handlers::accounts::profile)
        .service(handlers::accounts::create_token)
        .service(handlers::accounts::list_tokens)
        .service(handlers::accounts::revoke_token)
        .service(handlers::games::list)
        .service(handlers::games::get)
        .service(handlers::bots::list)
        .service(handlers::matches::create)
        .service(handlers::matches::list)
        .service(handlers::matches::join)
        .service(handlers::matches::cancel)
        .service(handlers::matches::decline)
        .service(handlers::matches::abort)
        .service(handlers::matches::resign)
        .service(handlers::matches::rematch)
        .service(handlers::matches::turns)
        .service(handlers::matches::export)
        .service(handlers::analysis::get)
        .service(handlers::analysis::player_stats)
        .service(handlers::analysis::site_dice)
        .service(handlers::chat::read)
        .service(handlers::chat::post)
        .service(handlers::chat::settings)
        .service(handlers::blocks::list)
        .service(handlers::blocks::block)
        .service(handlers::blocks::unblock)
        .service(handlers::blocks::following)
        .service(handlers::blocks::follow)
        .service(handlers::blocks::unfollow)
        .service(handlers::blocks::follow_settings)
        .service(handlers::blocks::set_follow_settings)
        .service(handlers::players::search)
        .service(handlers::moderation::report)
        .service(handlers::moderation::notices)
        .service(handlers::moderation::acknowledge)
        .service(handlers::moderation::open_reports)
        .service(handlers::moderation::act)
        .service(handlers::moderation::log)
        .service(handlers::streams::user)
        .service(handlers::streams::of_match)
        .service(handlers::webhooks::create)
        .service(handlers::webhooks::list)
        .service(handlers::webhooks::remove)
        .service(handlers::webhooks::deliveries)
        .service(handlers::ratings::of_user)
        .service(handlers::ratings::history)
        .service(handlers::ratings::leaderboard)
        .service(handlers::tournaments::create)
        .service(handlers::tournaments::list)
        .service(handlers::tournaments::get)
        .service(handlers::tournaments::standings)
        .service(handlers::tournaments::rounds)
        .service(handlers::tournaments::join)
        .service(handlers::tournaments::leave)
        .service(handlers::tournaments::withdraw)
        .service(handlers::tournaments::reconfirm)
        .service(handlers::tournaments::cancel)
        .service(handlers::tournaments::seat_bot)
        .service(handlers::tournaments::remove_bot)
        .service(handlers::leagues::list)
        .service(handlers::leagues::get)
        .service(handlers::leagues::division)
        .service(handlers::leagues::seasons)
        .service(handlers::leagues::membership)
        .service(handlers::leagues::opt_in)
        .service(handlers::leagues::opt_out)
        .service(handlers::leagues::fixtures);
}

/// Any other path under `/api/v1`.
async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found(format!(
        "no endpoint {} {}",
        req.method(),
        req.path()
    )))
}

//! Tapis's web pages: HTML rendered by askama templates (in the workspace's `templates/`) and
//! made live with htmx (vendored, served from `/static/`).
//!
//! Handlers call the same `tapis-service` functions as the JSON API and stay thin: extract the
//! request, call the service, render. Following the Kanidm pattern, a page struct embeds its
//! fragment struct, so a full page and an htmx swap of the same part render through one
//! template. Errors have their own type ([`error::WebError`]) and presentation
//! ([`error_page`]): a page for a browser, an inline message for htmx. Every state-changing
//! request is checked against CSRF ([`csrf`]).
//!
//! The modules stand in layers, each using only those before it, so that no two import each
//! other: the error type ([`error`]), the cookies ([`cookies`]), the static files ([`assets`])
//! and the lists of games ([`game_choice`]), which use none of the others; then the form
//! bodies ([`form`]), the CSRF protection ([`csrf`]), the request context ([`session`]), the
//! frame of every page ([`page`]) and the error page ([`error_page`]); the pages ([`pages`],
//! drawn by the presenters of [`present`]) last.

// The house rule (clippy.toml sets the limit): no function of the code (tests aside) longer
// than 80 lines.
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

pub mod assets;
pub mod cookies;
pub mod csrf;
pub mod error;
pub mod error_page;
pub mod form;
pub mod game_choice;
pub mod page;
pub mod pages;
pub mod present;
pub mod session;

use actix_web::middleware::from_fn;
use actix_web::{HttpResponse, web};

use crate::error::WebError;

/// Registers the web routes. Call it after the API's routes: its scope takes every path the
/// API did not.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(assets::serve).service(
        web::scope("")
            .wrap(from_fn(csrf::protect))
            .wrap(from_fn(error_page::htmx_errors))
            .app_data(web::PathConfig::default().error_handler(|_, _| WebError::NotFound.into()))
            .app_data(web::QueryConfig::default().error_handler(|e, _| {
                tracing::debug!(error = %e, "an address that cannot be read");
                WebError::BadRequest("address").into()
            }))
            .configure(routes)
            .default_service(web::to(not_found)),
    );
}

/// The pages' routes, in this order: a route comes before any of the following that would
/// take its path.
fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(pages::home::home)
        .service(pages::auth::sign_in_page)
        .service(pages::auth::sign_in)
        .service(pages::auth::sign_up_page)
        .service(pages::auth::sign_up)
        .service(pages::auth::sign_out)
        .service(pages::language::switch)
        .service(pages::account::account)
        .service(pages::account::change_password)
        .service(pages::account::set_language)
        .service(pages::account::create_token)
        .service(pages::account::revoke_token)
        .service(pages::account::end_session)
        .service(pages::account::end_all_sessions)
        .service(pages::account::start_vacation)
        .service(pages::account::end_vacation)
        .service(pages::account::set_email)
        .service(pages::account::set_notifications)
        .service(pages::mail::verify)
        .service(pages::mail::unsubscribe_page)
        .service(pages::mail::unsubscribe)
        .service(pages::lobby::lobby)
        .service(pages::lobby::create_form)
        .service(pages::lobby::create)
        .service(pages::lobby::join)
        .service(pages::lobby::decline)
        .service(pages::lobby::cancel)
        .service(pages::lobby::play_computer)
        .service(pages::play::match_page)
        .service(pages::play::match_fragment)
        .service(pages::play::match_poll)
        .service(pages::live::match_stream)
        .service(pages::live::user_stream)
        .service(pages::play::match_act)
        .service(pages::play::match_resign)
        .service(pages::play::match_abort)
        .service(pages::play::match_rematch)
        .service(pages::play::next_match)
        .service(pages::chat::chat_panel)
        .service(pages::chat::chat_post)
        .service(pages::chat::chat_switch)
        // Before `block_switch`, whose `{switch}` would take `report`.
        .service(pages::moderation::report_form)
        .service(pages::moderation::report_post)
        .service(pages::moderation::moderation_index)
        .service(pages::moderation::moderate)
        .service(pages::moderation::acknowledge)
        .service(pages::players::block_switch)
        .service(pages::players::blocked_players)
        .service(pages::players::search_players)
        .service(pages::players::following_players)
        .service(pages::players::following_settings)
        .service(pages::play::match_replay)
        .service(pages::analysis::analysis_link)
        .service(pages::analysis::site_dice)
        .service(pages::rules::rules_index)
        .service(pages::rules::game_rules)
        .service(pages::players::profile)
        .service(pages::leaderboards::index)
        .service(pages::leaderboards::board)
        // `new` before `{id}`.
        .service(pages::tournaments::list)
        .service(pages::tournaments::new_form)
        .service(pages::tournaments::page)
        .service(pages::tournaments::create)
        .service(pages::tournaments::act)
        .service(pages::leagues::list)
        .service(pages::leagues::seasons)
        .service(pages::leagues::division)
        .service(pages::leagues::page)
        .service(pages::leagues::act);
}

async fn not_found() -> Result<HttpResponse, WebError> {
    Err(WebError::NotFound)
}

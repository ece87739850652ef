//! The OpenAPI document, generated from the handlers' annotations.

use actix_web::{HttpResponse, get};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::game_schemas;
use crate::handlers::{
    accounts, analysis, blocks, bots, chat, games, leagues, matches, moderation, notifications,
    players, ratings, sessions, streams, tournaments, webhooks,
};
use crate::responses;

/// Adds the bearer-token security scheme.
#[derive(Debug)]
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A session token from `POST /api/v1/sessions`, which may call every \
                         route, or a personal API token (`POST /api/v1/tokens`), which may call \
                         only the routes its scopes allow: each operation's `security` names the \
                         scope it needs (`play`, `read`, `account`, `webhooks` or `tokens`), and \
                         a token without it is answered 403 `missing_scope`",
                    ))
                    .build(),
            ),
        );
    }
}

/// Adds the schemas of every game's actions, views, events and options, which the match
/// schemas refer to, and names the variants of every tagged union.
#[derive(Debug)]
struct GameSchemas;

impl Modify for GameSchemas {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.schemas.extend(game_schemas::components());
        // The unions of the service's types too (a match's `turn`, a turn's chance records).
        game_schemas::name_variants(&mut components.schemas);
    }
}

/// The document.
#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "Tapis",
        description = "Play classic French dice and board games by correspondence. Every match view lists the caller's legal actions, ready to post back unchanged; errors are application/problem+json with a stable `code`.",
        license(name = "AGPL-3.0-or-later"),
    ),
    paths(
        accounts::sign_up,
        accounts::sign_in,
        sessions::list,
        sessions::end,
        sessions::end_all,
        accounts::me,
        accounts::change_password,
        accounts::vacation_status,
        accounts::start_vacation,
        accounts::end_vacation,
        notifications::set_email,
        notifications::get_settings,
        notifications::put_settings,
        accounts::profile,
        accounts::create_token,
        accounts::list_tokens,
        accounts::revoke_token,
        games::list,
        games::get,
        bots::list,
        matches::create,
        matches::list,
        matches::get,
        matches::join,
        matches::cancel,
        matches::decline,
        matches::act,
        matches::abort,
        matches::resign,
        matches::rematch,
        matches::turns,
        matches::export,
        analysis::get,
        analysis::player_stats,
        analysis::site_dice,
        chat::read,
        chat::post,
        chat::settings,
        blocks::list,
        blocks::block,
        blocks::unblock,
        blocks::following,
        blocks::follow,
        blocks::unfollow,
        blocks::follow_settings,
        blocks::set_follow_settings,
        players::search,
        moderation::report,
        moderation::notices,
        moderation::acknowledge,
        moderation::open_reports,
        moderation::act,
        moderation::log,
        ratings::of_user,
        ratings::history,
        ratings::leaderboard,
        streams::user,
        streams::of_match,
        webhooks::create,
        webhooks::list,
        webhooks::remove,
        webhooks::deliveries,
        tournaments::create,
        tournaments::list,
        tournaments::get,
        tournaments::standings,
        tournaments::rounds,
        tournaments::join,
        tournaments::leave,
        tournaments::withdraw,
        tournaments::reconfirm,
        tournaments::cancel,
        tournaments::seat_bot,
        tournaments::remove_bot,
        leagues::list,
        leagues::get,
        leagues::division,
        leagues::seasons,
        leagues::membership,
        leagues::opt_in,
        leagues::opt_out,
        leagues::fixtures,
    ),
    components(
        schemas(
            crate::problem::Problem,
            streams::StreamEventData,
            tapis_service::matches::MatchMove,
            tapis_service::events::EventKind,
        ),
        responses(
            responses::InvalidJson,
            responses::Unauthorized,
            responses::MissingScope,
            responses::Suspended,
            responses::NotFound,
            responses::PayloadTooLarge,
            responses::UnsupportedMediaType,
            responses::ValidationFailed,
            responses::RateLimited,
            responses::TooManyStreams,
            responses::ServiceUnavailable,
        ),
    ),
    modifiers(&BearerAuth, &GameSchemas),
    tags(
        (name = "accounts", description = "Sign up, sign in, profiles"),
        (name = "tokens", description = "Personal API tokens for bots and apps"),
        (name = "games", description = "The games and their options"),
        (name = "matches", description = "Creating, joining and playing matches"),
        (name = "ratings", description = "Elo ratings per game, their history, leaderboards"),
        (name = "players", description = "Finding, following and blocking players"),
        (name = "moderation", description = "Reports, the notices of moderators' actions, and the moderators' own routes"),
        (name = "chat", description = "Each match's chat: the players', and the spectators' apart"),
        (name = "events", description = "Live events as Server-Sent Events: yours, and a match's moves and chat"),
        (name = "webhooks", description = "Signed HTTP calls to your app when your events happen"),
        (name = "tournaments", description = "Swiss tournaments: entries, rounds, standings"),
        (name = "leagues", description = "One league per game, in seasons: divisions, tables, promotion and relegation"),
    )
)]
pub struct ApiDoc;

/// The document as pretty JSON (what `tapis openapi` prints and `openapi/openapi.json` holds).
pub fn document_json() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Serves the document.
#[get("/api/openapi.json")]
pub async fn serve() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document_json())
}

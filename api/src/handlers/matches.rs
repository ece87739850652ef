//! Matches: create, list, view, join, play, resign, the turn log and the export.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use tapis_service::Services;
use tapis_service::matches::{
    self, DaysPerMove, MatchExport, MatchFilter, MatchSummary, MatchView, NewMatch, Page, TurnEntry,
};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::extract::{Body, Caller, MaybeCaller};
use crate::problem::{ApiError, Problem};

/// Tells a field given as `null` from a missing one.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A new match.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// The game id (see `GET /api/v1/games`).
    pub game: String,
    /// The number of players.
    pub seats: i64,
    /// The game's options; missing ones take their default. Any non-default option makes the
    /// match casual.
    #[serde(default)]
    pub options: Option<Value>,
    /// Whether the match counts for ratings. Defaults to true when it can be rated (default
    /// options, two or more seats, a clock).
    #[serde(default)]
    pub rated: Option<bool>,
    /// Days per move, 1–14 (default 3); `null` for no clock (casual matches only).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    pub days_per_move: Option<Option<i64>>,
    /// Usernames of players invited; their seats are reserved for them.
    #[serde(default)]
    pub invite: Vec<String>,
}

/// An action on a match.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PostAction {
    /// The version of the match the action was chosen on.
    pub version: i64,
    /// One of `legal_actions`, as listed (an object with a `type`; see the per-game schemas).
    #[schema(schema_with = tapis_games::openapi::any_action)]
    pub action: Value,
}

/// Filters of the match list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `open`, `active`, `finished` or `aborted`.
    pub status: Option<String>,
    /// A game id.
    pub game: Option<String>,
    /// Only matches this player sits at.
    pub player: Option<String>,
    /// Only matches where the caller must act now (needs a token).
    pub my_turn: Option<bool>,
    /// Only open matches the caller is invited to (needs a token).
    pub invited: Option<bool>,
    /// Page size, 1–200 (default 50).
    pub limit: Option<i64>,
    /// From the previous page's `next_cursor`.
    pub cursor: Option<String>,
}

/// Create a match; the creator takes the first seat.
#[utoipa::path(post, path = "/api/v1/matches", tag = "matches", security(("bearer" = [])),
    request_body = CreateMatch,
    responses(
        (status = 201, body = MatchView),
        (status = 422, description = "`validation_failed` (unknown game, bad seats or options...)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches")]
pub async fn create(
    services: web::Data<Services>,
    caller: Caller,
    body: Body<CreateMatch>,
) -> Result<HttpResponse, ApiError> {
    let body = body.0;
    let request = NewMatch {
        game: body.game,
        seats: body.seats,
        options: body.options,
        rated: body.rated,
        days_per_move: match body.days_per_move {
            None => DaysPerMove::Default,
            Some(None) => DaysPerMove::NoClock,
            Some(Some(days)) => DaysPerMove::Days(days),
        },
        invite: body.invite,
    };
    let view = matches::create(&services, &caller.0, request).await?;
    Ok(HttpResponse::Created().json(view))
}

/// List matches, most recently updated first.
#[utoipa::path(get, path = "/api/v1/matches", tag = "matches", params(ListQuery),
    responses(
        (status = 200, body = Page<MatchSummary>),
        (status = 422, description = "`validation_failed`", body = Problem, content_type = "application/problem+json"),
    ))]
#[get("/matches")]
pub async fn list(
    services: web::Data<Services>,
    caller: MaybeCaller,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let filter = MatchFilter {
        status: query.status,
        game: query.game,
        player: query.player,
        my_turn: query.my_turn.unwrap_or(false),
        invited: query.invited.unwrap_or(false),
        limit: query.limit,
        cursor: query.cursor,
    };
    Ok(HttpResponse::Ok().json(matches::list(&services, &filter, caller.0.as_ref()).await?))
}

/// A match as the caller sees it, with their legal actions.
#[utoipa::path(get, path = "/api/v1/matches/{id}", tag = "matches", params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MatchView),
        (status = 404, description = "`not_found`", body = Problem, content_type = "application/problem+json"),
    ))]
#[get("/matches/{id}")]
pub async fn get(
    services: web::Data<Services>,
    caller: MaybeCaller,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::get(&services, id.into_inner(), caller.0.as_ref()).await?))
}

/// Take a seat; the match starts (seat order drawn at random) when the last seat is taken.
#[utoipa::path(post, path = "/api/v1/matches/{id}/join", tag = "matches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MatchView),
        (status = 403, description = "`not_invited`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`match_not_open`, `match_full` or `already_joined`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/join")]
pub async fn join(
    services: web::Data<Services>,
    caller: Caller,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::join(&services, &caller.0, id.into_inner()).await?))
}

/// Cancel an open match (its creator only).
#[utoipa::path(post, path = "/api/v1/matches/{id}/cancel", tag = "matches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MatchView),
        (status = 403, description = "`not_the_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`match_not_open`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/cancel")]
pub async fn cancel(
    services: web::Data<Services>,
    caller: Caller,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::cancel(&services, &caller.0, id.into_inner()).await?))
}

/// Decline an invitation: the challenge is called off.
#[utoipa::path(post, path = "/api/v1/matches/{id}/decline", tag = "matches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MatchView),
        (status = 403, description = "`not_invited`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/decline")]
pub async fn decline(
    services: web::Data<Services>,
    caller: Caller,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::decline(&services, &caller.0, id.into_inner()).await?))
}

/// Play one of your legal actions, chosen on `version` of the match.
#[utoipa::path(post, path = "/api/v1/matches/{id}/actions", tag = "matches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = PostAction,
    responses(
        (status = 200, description = "Applied; the new view", body = MatchView),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`version_conflict` (with `current_version`), `not_your_turn` or `match_not_active`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`illegal_action`, with the reason", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/actions")]
pub async fn act(
    services: web::Data<Services>,
    caller: Caller,
    id: web::Path<Uuid>,
    body: Body<PostAction>,
) -> Result<HttpResponse, ApiError> {
    let body = body.0;
    let view = matches::submit_action(
        &services,
        &caller.0,
        id.into_inner(),
        body.version,
        body.action,
    )
    .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Resign: you rank last; with more than two players the game goes on without you.
#[utoipa::path(post, path = "/api/v1/matches/{id}/resign", tag = "matches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MatchView),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`match_not_active`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/resign")]
pub async fn resign(
    services: web::Data<Services>,
    caller: Caller,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::resign(&services, &caller.0, id.into_inner()).await?))
}

/// The turn log: every action with the events (dice included) it produced.
#[utoipa::path(get, path = "/api/v1/matches/{id}/turns", tag = "matches", params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = Vec<TurnEntry>),
        (status = 404, description = "`not_found`", body = Problem, content_type = "application/problem+json"),
    ))]
#[get("/matches/{id}/turns")]
pub async fn turns(
    services: web::Data<Services>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::turn_log(&services, id.into_inner()).await?))
}

/// The whole record, for `tapis verify`: the seed is included once the match is over.
#[utoipa::path(get, path = "/api/v1/matches/{id}/export", tag = "matches", params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MatchExport),
        (status = 404, description = "`not_found`", body = Problem, content_type = "application/problem+json"),
    ))]
#[get("/matches/{id}/export")]
pub async fn export(
    services: web::Data<Services>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(matches::export(&services, id.into_inner()).await?))
}

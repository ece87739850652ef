//! Live events as Server-Sent Events (`text/event-stream`): the caller's events, and a
//! match's moves. Each event has an `id:` to resume from (`Last-Event-ID`), an `event:` name
//! and `data:`, one JSON object; a comment line keeps a quiet stream open.

use std::future::ready;

use actix_web::http::header::HeaderName;
use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, Responder, get};
use actix_web_lab::sse;
use futures_util::{Stream, StreamExt};
use serde::Serialize;
pub use tapis_service::events::StreamSettings;
use tapis_service::events::{self, MatchEvent, until_interrupted};
use tapis_service::{ServiceError, Services};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::extract::scope::Read;
use crate::extract::{Caller, Client, MaybeCaller};
use crate::problem::ApiError;
use crate::responses::{Guarded, GuardedOne, TooManyStreams};

/// The `data` of an event of `GET /api/v1/stream`: the fields each event may have. Only the
/// OpenAPI document uses this type (the events are built by `tapis_service::events`).
#[derive(Debug, Serialize, ToSchema)]
#[allow(dead_code, reason = "a schema for the document, never built")]
pub struct StreamEventData {
    /// The match the event is about: every event of a match has it; a tournament's event has
    /// it when it concerns the player's match (`round_started` at a table), and has not
    /// otherwise (a bye, `tournament_finished`).
    match_id: Option<Uuid>,
    /// The match's version when it happened (with `match_id`).
    version: Option<i64>,
    /// The game's id (`yams`, `cant-stop`...).
    game: String,
    /// `your_turn`, `deadline_soon`: until when the move may be made (none without a clock).
    #[schema(format = DateTime, nullable)]
    deadline: Option<String>,
    /// `match_finished`: the result, as in the match view.
    #[schema(value_type = Option<Object>)]
    result: Option<serde_json::Value>,
    /// `invitation`, `invitation_declined`, `match_cancelled`: who did it.
    by: Option<String>,
    /// `followed_started`: the player followed who sits at the match.
    player: Option<String>,
    /// `round_started`, `tournament_finished`: the tournament the event is about
    /// (`GET /api/v1/tournaments/{id}`), and its name (`tournament`).
    tournament_id: Option<Uuid>,
    tournament: Option<String>,
    /// `round_started`: the round that started, of how many (`rounds`, also in
    /// `tournament_finished`), the player's table (its number in the round), the others at it
    /// (`opponents`), and whether it is a bye (no match: it counts as a draw).
    round: Option<i64>,
    rounds: Option<i64>,
    table: Option<i64>,
    opponents: Option<Vec<String>>,
    bye: Option<bool>,
    /// `tournament_finished`: the player's final place (from 1; tied players share it), their
    /// points, and how many entrants there were.
    place: Option<i64>,
    points: Option<f64>,
    entrants: Option<i64>,
}

fn last_event_id(req: &HttpRequest) -> Result<Option<&str>, ApiError> {
    match req.headers().get(HeaderName::from_static("last-event-id")) {
        None => Ok(None),
        Some(value) => value.to_str().map(Some).map_err(|_| {
            ServiceError::BadLastEventId(tapis_service::events::NOT_AN_EVENT_ID).into()
        }),
    }
}

fn respond<S>(events: S, settings: Option<Data<StreamSettings>>) -> impl Responder
where
    S: Stream<Item = sse::Event> + 'static,
{
    let settings = settings.map(|s| **s).unwrap_or_default();
    sse::Sse::from_infallible_stream(events)
        .with_keep_alive(settings.keep_alive)
        .with_retry_duration(settings.retry)
}

/// The caller's events, as they happen: `your_turn`, `match_started`, `match_finished`,
/// `invitation`, `invitation_declined`, `match_cancelled`, `deadline_soon`, and
/// `followed_started` (a player the caller follows started a match; only when the caller
/// turned it on: `PUT /api/v1/me/follow-settings`), `analysis_ready` (the analysis of a match
/// the caller played is made: `GET /api/v1/matches/{id}/analysis`), and the events of the
/// tournaments the caller entered: `round_started` (their match and table, or their bye) and
/// `tournament_finished` (their place and points).
///
/// Each event's `data` is one JSON object ([`StreamEventData`]): an event of a match has
/// `match_id` and `version`; a tournament's event has `tournament_id` (and `match_id` when it
/// names the caller's match). Without `Last-Event-ID` the stream starts with what happens next; with it, it
/// first sends what the caller missed since that id (events are kept 7 days). A comment line
/// every 25 s keeps the connection open.
#[utoipa::path(get, path = "/api/v1/stream", operation_id = "stream_events", tag = "events",
    params(("Last-Event-ID" = Option<String>, Header, description = "Resume after this event id (the last `id:` received)")),
    responses(
        (status = 200, description = "Server-Sent Events; each `data:` is a `StreamEventData` object", content_type = "text/event-stream", body = String),
        (status = 400, description = "`bad_last_event_id`: Last-Event-ID is not a whole number from 0, or no event has this id yet", content_type = "application/problem+json", body = crate::problem::Problem),
        Guarded,
        (status = 429, response = TooManyStreams),
        (status = 410, description = "`events_expired`: the events after Last-Event-ID are older than the 7 days the streams keep; reconnect without it", content_type = "application/problem+json", body = crate::problem::Problem),
    ),
    security(("bearer" = ["read"])))]
#[get("/stream")]
pub async fn user(
    services: Data<Services>,
    caller: Caller<Read>,
    client: Client,
    req: HttpRequest,
    settings: Option<Data<StreamSettings>>,
) -> Result<impl Responder, ApiError> {
    let address = client.0.address.as_deref();
    let stream = events::user_stream(&services, &caller.0, last_event_id(&req)?, address).await?;
    let events = until_interrupted(stream).map(|event| {
        sse::Event::Data(
            sse::Data::new(event.payload().to_string())
                .event(event.kind.as_str())
                .id(event.seq.to_string()),
        )
    });
    Ok(respond(events, settings))
}

/// Every accepted move of a match, as it is played: `event: move`, `id:` the version it
/// brought the match to, `data:` a `MatchMove` (the version, the seat, the action, the
/// chance and the events, as in the turn log). And the messages of its chat that the caller
/// may read (`GET /api/v1/matches/{id}/chat` says which), as they are posted: `event:
/// chat_message`, `data:` a `ChatMessage`, with no `id:` (they do not move `Last-Event-ID`);
/// after connecting, read the chat once for what came before.
///
/// Anyone may follow a match. Without `Last-Event-ID` the stream starts with the next move;
/// with a version, it first sends the moves played after it.
#[utoipa::path(get, path = "/api/v1/matches/{id}/stream", operation_id = "stream_match", tag = "events",
    params(("id" = Uuid, Path), ("Last-Event-ID" = Option<String>, Header, description = "Resume after this version (the last `id:` received)")),
    responses(
        (status = 200, description = "Server-Sent Events; each `data:` is a `MatchMove` object (`event: move`) or a `ChatMessage` (`event: chat_message`)", content_type = "text/event-stream", body = String),
        (status = 400, description = "`bad_last_event_id`: Last-Event-ID is not a whole number from 0, or the match has not reached this version", content_type = "application/problem+json", body = crate::problem::Problem),
        GuardedOne,
        (status = 403, response = crate::responses::Suspended),
        (status = 429, response = TooManyStreams),
    ))]
#[get("/matches/{id}/stream")]
pub async fn of_match(
    services: Data<Services>,
    id: Path<Uuid>,
    caller: MaybeCaller,
    client: Client,
    req: HttpRequest,
    settings: Option<Data<StreamSettings>>,
) -> Result<impl Responder, ApiError> {
    let opener = events::Opener {
        address: client.0.address.as_deref(),
        account: None,
    };
    let stream = events::match_stream(
        &services,
        id.into_inner(),
        last_event_id(&req)?,
        opener,
        caller.0.as_ref(),
    )
    .await?;
    let events = until_interrupted(stream).filter_map(|event| ready(match_event(&event)));
    Ok(respond(events, settings))
}

/// An event of a match's stream as it is sent: a move with its version as `id:`, a chat
/// message without one.
fn match_event(event: &MatchEvent) -> Option<sse::Event> {
    let (json, name, id) = match event {
        MatchEvent::Move(m) => (
            serde_json::to_string(&**m),
            "move",
            Some(m.version.to_string()),
        ),
        MatchEvent::Chat(message) => (serde_json::to_string(&**message), "chat_message", None),
    };
    match json {
        Ok(json) => {
            let data = sse::Data::new(json).event(name);
            Some(sse::Event::Data(match id {
                Some(id) => data.id(id),
                None => data,
            }))
        }
        Err(e) => {
            tracing::error!(error = %e, "a match's event did not serialize");
            None
        }
    }
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(user).service(of_match);
}

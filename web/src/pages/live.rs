//! The pages' live events, as Server-Sent Events: the signed-in player's own events
//! (`GET /stream`, by the session cookie) and a match's moves (`GET /matches/{id}/stream`,
//! resumed from the version the page shows). They are the API's streams (the same service
//! functions, the same `id:`, `event:` and `data:`), reached the way a page reaches the site;
//! `web/static/tapis.js` follows them (`docs/events.md`, "Pages").

use std::future::ready;
use std::sync::Arc;

use actix_web::http::header::{self, HeaderName};
use actix_web::{HttpRequest, HttpResponse, Responder, get, web};
use actix_web_lab::sse;
use futures_util::{Stream, StreamExt};
use serde::Deserialize;
use tapis_service::ServiceError;
use tapis_service::events::{self, StreamSettings, until_interrupted};
use tapis_service::matches::MatchMove;
use uuid::Uuid;

use crate::error::WebError;
use crate::session::{Ctx, services};

/// The `Last-Event-ID` a browser sends when its `EventSource` reconnects.
fn last_event_id(req: &HttpRequest) -> Result<Option<&str>, WebError> {
    match req.headers().get(HeaderName::from_static("last-event-id")) {
        None => Ok(None),
        Some(value) => value.to_str().map(Some).map_err(|_| {
            ServiceError::BadLastEventId(tapis_service::events::NOT_AN_EVENT_ID).into()
        }),
    }
}

/// An SSE response, kept open by the deployment's keep-alive comments.
fn respond<S>(events: S, req: &HttpRequest) -> impl Responder + use<S>
where
    S: Stream<Item = sse::Event> + 'static,
{
    let settings = req
        .app_data::<web::Data<StreamSettings>>()
        .map(|s| *s.get_ref())
        .unwrap_or_default();
    sse::Sse::from_infallible_stream(events)
        .with_keep_alive(settings.keep_alive)
        .with_retry_duration(settings.retry)
        .customize()
        .insert_header((header::CACHE_CONTROL, "no-store"))
}

/// `GET /stream`: the signed-in player's events (`your_turn`, `match_started`...), as the
/// API's `GET /api/v1/stream` sends them. A visitor has none: 401, with no page and no
/// redirect (an `EventSource` would not follow one).
#[get("/stream")]
pub async fn user_stream(req: HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let Some(who) = &ctx.viewer else {
        return Ok(HttpResponse::Unauthorized()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish());
    };
    let stream = events::user_stream(&services(&req)?, who, last_event_id(&req)?).await?;
    let events = until_interrupted(stream).map(|event| {
        sse::Event::Data(
            sse::Data::new(event.payload().to_string())
                .event(event.kind.as_str())
                .id(event.seq.to_string()),
        )
    });
    Ok(respond(events, &req).respond_to(&req).map_into_boxed_body())
}

#[derive(Debug, Deserialize)]
pub struct MatchStreamQuery {
    /// The version the page shows: the stream starts with the moves played after it.
    since: Option<i64>,
}

/// `GET /matches/{id}/stream?since=N`: the moves of a match played after version `N`, then as
/// they are played (`event: move`, `id:` the version). An `EventSource` that reconnects sends
/// the last version it received as `Last-Event-ID`, which wins over `since`.
#[get("/matches/{id}/stream")]
pub async fn match_stream(
    req: HttpRequest,
    id: web::Path<Uuid>,
    query: web::Query<MatchStreamQuery>,
) -> Result<HttpResponse, WebError> {
    let since = query.since.map(|v| v.to_string());
    let resume = last_event_id(&req)?.or(since.as_deref());
    let stream = events::match_stream(&services(&req)?, id.into_inner(), resume).await?;
    let events = until_interrupted(stream).filter_map(|m: Arc<MatchMove>| {
        ready(match serde_json::to_string(&*m) {
            Ok(json) => Some(sse::Event::Data(
                sse::Data::new(json).event("move").id(m.version.to_string()),
            )),
            Err(e) => {
                tracing::error!(error = %e, match.id = %m.match_id, "a move did not serialize");
                None
            }
        })
    });
    Ok(respond(events, &req).respond_to(&req).map_into_boxed_body())
}

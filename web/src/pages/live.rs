//! The pages' live events, as Server-Sent Events: one stream per browser (`GET /stream`, by the
//! session cookie) with the signed-in player's own events and the moves of the matches its
//! pages show, each resumed from the version the page shows; and a match's moves alone
//! (`GET /matches/{id}/stream`, which pages drawn before the one stream still follow). They
//! are the API's streams (the same service functions, the same `event:` and `data:`), reached
//! the way a page reaches the site; `web/static/tapis.js` follows them, one tab of a browser
//! for all its tabs (`docs/events.md`, "Pages").

use std::future::ready;

use actix_web::HttpMessage;
use actix_web::http::header::{self, HeaderName};
use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, HttpResponse, Responder, get, web};
use actix_web_lab::sse;
use futures_util::{Stream, StreamExt};
use serde::Deserialize;
use tapis_service::ServiceError;
use tapis_service::events::{self, MatchEvent, PageEvent, StreamSettings, until_interrupted};
use tapis_service::identity::accounts::ClientInfo;
use uuid::Uuid;

use crate::error::WebError;
use crate::page::Reply;
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

/// What the server resolved of the client (its address): nothing without its middleware.
fn client_info(req: &HttpRequest) -> ClientInfo {
    req.extensions()
        .get::<ClientInfo>()
        .cloned()
        .unwrap_or_default()
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

#[derive(Debug, Deserialize)]
pub struct PageStreamQuery {
    /// The matches the browser's pages show, each with the version it shows:
    /// `ID:VERSION,ID:VERSION`. Their moves played after that version come on the stream.
    matches: Option<String>,
    /// The last of the player's events the browser received (as `Last-Event-ID`, which wins
    /// over it): a stream opened anew by the page resumes after it.
    after: Option<String>,
    /// The tournaments the browser's pages show: `ID,ID`. Each change of theirs (a round
    /// started, a match of theirs ended, the end) comes on the stream from the moment it opens.
    tournaments: Option<String>,
}

/// Reads `ID,ID` (at most [`events::PAGE_STREAM_TOURNAMENTS`], each tournament once).
fn followed_tournaments(text: Option<&str>) -> Result<Vec<Uuid>, WebError> {
    let bad = || WebError::BadRequest("stream_tournaments");
    let mut tournaments: Vec<Uuid> = Vec::new();
    for part in text.unwrap_or("").split(',').filter(|p| !p.is_empty()) {
        let id: Uuid = part.parse().map_err(|_| bad())?;
        if tournaments.contains(&id) {
            return Err(bad());
        }
        tournaments.push(id);
    }
    if tournaments.len() > events::PAGE_STREAM_TOURNAMENTS {
        return Err(bad());
    }
    Ok(tournaments)
}

/// Reads `ID:VERSION,ID:VERSION` (at most [`events::PAGE_STREAM_MATCHES`], each match once).
fn followed_matches(text: Option<&str>) -> Result<Vec<(Uuid, i64)>, WebError> {
    let bad = || WebError::BadRequest("stream_matches");
    let mut matches: Vec<(Uuid, i64)> = Vec::new();
    for part in text.unwrap_or("").split(',').filter(|p| !p.is_empty()) {
        let (id, version) = part.split_once(':').ok_or_else(bad)?;
        let id: Uuid = id.parse().map_err(|_| bad())?;
        let version: i64 = version.parse().map_err(|_| bad())?;
        if version < 0 || matches.iter().any(|(m, _)| *m == id) {
            return Err(bad());
        }
        matches.push((id, version));
    }
    if matches.len() > events::PAGE_STREAM_MATCHES {
        return Err(bad());
    }
    Ok(matches)
}

/// `GET /stream?matches=ID:VERSION,...&tournaments=ID,...&after=SEQ`: the one stream a
/// browser's pages follow. It carries the signed-in player's events (`your_turn`,
/// `match_started`..., as the API's `GET /api/v1/stream` sends them, `id:` their number), the
/// moves of the matches named (`event: move`, `data:` the move with its `match_id` and
/// `version`, and no `id:`, so that a reconnecting `EventSource` resumes the player's events
/// by `Last-Event-ID` while the moves resume from the versions in the address), and the
/// changes of the tournaments named (`event: tournament`, `data:` its `tournament_id` and
/// `stamp`, no `id:`). A visitor has no events of their own: with no match nor tournament
/// named, 401, with no page and no redirect (an `EventSource` would not follow one).
#[get("/stream")]
pub async fn user_stream(req: HttpRequest, ctx: Ctx, query: Query<PageStreamQuery>) -> Reply {
    let matches = followed_matches(query.matches.as_deref())?;
    let tournaments = followed_tournaments(query.tournaments.as_deref())?;
    if ctx.viewer.is_none() && matches.is_empty() && tournaments.is_empty() {
        return Ok(HttpResponse::Unauthorized()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish());
    }
    let resume = last_event_id(&req)?.or(query.after.as_deref());
    let client = client_info(&req);
    let address = client.address.as_deref();
    let stream = events::page_stream(
        &services(&req)?,
        ctx.viewer.as_ref(),
        resume,
        &matches,
        &tournaments,
        address,
    )
    .await?;
    let events = until_interrupted(stream).filter_map(|event| {
        ready(match &*event {
            PageEvent::User(event) => Some(sse::Event::Data(
                sse::Data::new(event.payload().to_string())
                    .event(event.kind.as_str())
                    .id(event.seq.to_string()),
            )),
            PageEvent::Move(m) => unnumbered(&**m, "move"),
            PageEvent::Chat(message) => unnumbered(&**message, "chat_message"),
            PageEvent::Tournament(change) => unnumbered(&**change, "tournament"),
        })
    });
    Ok(respond(events, &req).respond_to(&req).map_into_boxed_body())
}

/// An event without `id:` (a move, a chat message): it leaves the `Last-Event-ID` to the
/// player's events.
fn unnumbered(data: &impl serde::Serialize, name: &'static str) -> Option<sse::Event> {
    match serde_json::to_string(data) {
        Ok(json) => Some(sse::Event::Data(sse::Data::new(json).event(name))),
        Err(e) => {
            tracing::error!(error = %e, event = name, "a stream's event did not serialize");
            None
        }
    }
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
    ctx: Ctx,
    id: Path<Uuid>,
    query: Query<MatchStreamQuery>,
) -> Reply {
    let since = query.since.map(|v| v.to_string());
    let resume = last_event_id(&req)?.or(since.as_deref());
    let client = client_info(&req);
    let opener = events::Opener {
        address: client.address.as_deref(),
        account: None,
    };
    let stream = events::match_stream(
        &services(&req)?,
        id.into_inner(),
        resume,
        opener,
        ctx.viewer.as_ref(),
    )
    .await?;
    let events = until_interrupted(stream).filter_map(|event| {
        ready(match &*event {
            MatchEvent::Move(m) => match serde_json::to_string(&**m) {
                Ok(json) => Some(sse::Event::Data(
                    sse::Data::new(json).event("move").id(m.version.to_string()),
                )),
                Err(e) => {
                    tracing::error!(error = %e, match.id = %m.match_id, "a move did not serialize");
                    None
                }
            },
            MatchEvent::Chat(message) => unnumbered(&**message, "chat_message"),
        })
    });
    Ok(respond(events, &req).respond_to(&req).map_into_boxed_body())
}

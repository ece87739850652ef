//! A match's chat: read it, write to it, turn it off for oneself. Seated players write to the
//! players' channel, everyone else signed in to the spectators'; new messages also come on the
//! match's stream (`event: chat_message`).

use actix_web::web::{Data, Path};
use actix_web::{get, post, put};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::chat::{self, ChatMessage, ChatView, Preset, Said};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::extract::scope::Play;
use crate::extract::{Body, Caller, MaybeCaller};
use crate::problem::Problem;
use crate::responses::{BodyRejected, Guarded, GuardedOne, NotFound, Reply, created, ok};

/// A message to post: free text, or one of the presets (exactly one of the two).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PostMessage {
    /// At most 500 characters, on one line, without control characters; no links from an
    /// account younger than a day.
    pub text: Option<String>,
    /// A phrase sent with one click, shown to each reader in their language.
    pub preset: Option<Preset>,
}

/// Whether the caller hears a match's chat.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatSettings {
    /// `true`: the caller gets no message of this match's chat and cannot post to it.
    pub off: bool,
}

/// The chat of a match as the caller sees it: a seated player reads the players' channel (and
/// the spectators' once the match is over), anyone else the spectators'; messages of players
/// the caller blocked, or who blocked the caller, are left out. The last 200, oldest first.
#[utoipa::path(get, path = "/api/v1/matches/{id}/chat", operation_id = "get_chat", tag = "chat",
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "The chat as the caller sees it", body = ChatView),
        GuardedOne,
        (status = 403, response = crate::responses::Suspended),
    ))]
#[get("/matches/{id}/chat")]
pub async fn read(services: Data<Services>, caller: MaybeCaller, id: Path<Uuid>) -> Reply {
    let view = chat::read(&services, id.into_inner(), caller.0.as_ref()).await?;
    ok(view)
}

/// Posts a message to the caller's channel of the match's chat (the players' when seated,
/// else the spectators'). At most 5 messages in 10 seconds and 20 a minute per player, over
/// all matches.
#[utoipa::path(post, path = "/api/v1/matches/{id}/chat", operation_id = "post_chat", tag = "chat", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    request_body = PostMessage,
    responses(
        (status = 201, description = "Posted", body = ChatMessage),
        BodyRejected,
        (status = 401, response = crate::responses::Unauthorized),
        (status = 403, description = "`chat_muted`: a moderator muted the caller's chat (`detail` says until when); or `missing_scope`, `account_suspended`", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = crate::responses::ServiceUnavailable),
        (status = 404, response = NotFound),
        (status = 409, description = "`chat_off`: the caller turned this match's chat off", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed`: `text` is empty, over 500 characters, holds control characters or line breaks, or a link from an account younger than a day (`detail` says which); or neither or both of `text` and `preset` are given", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many messages; wait the seconds `Retry-After` says", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
#[post("/matches/{id}/chat")]
pub async fn post(
    services: Data<Services>,
    caller: Caller<Play>,
    id: Path<Uuid>,
    body: Body<PostMessage>,
) -> Reply {
    let said = match body.0 {
        PostMessage {
            text: Some(text),
            preset: None,
        } => Said::Text(text),
        PostMessage {
            text: None,
            preset: Some(preset),
        } => Said::Preset(preset),
        _ => {
            return Err(tapis_service::ServiceError::invalid(
                "text",
                "chat_text_or_preset",
                "give either `text` or `preset`",
            )
            .into());
        }
    };
    let posted = chat::post(&services, &caller.0, id.into_inner(), said).await?;
    created(posted)
}

/// Turns the match's chat off for the caller (or on again).
#[utoipa::path(put, path = "/api/v1/matches/{id}/chat/settings", operation_id = "set_chat", tag = "chat", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    request_body = ChatSettings,
    responses(
        (status = 200, description = "The chat as the caller now sees it", body = ChatView),
        BodyRejected,
        Guarded,
        (status = 404, response = NotFound),
        (status = 422, description = "`validation_failed`: `off` is missing or not a boolean", body = Problem, content_type = "application/problem+json"),
    ))]
#[put("/matches/{id}/chat/settings")]
pub async fn settings(
    services: Data<Services>,
    caller: Caller<Play>,
    id: Path<Uuid>,
    body: Body<ChatSettings>,
) -> Reply {
    let view = chat::set_off(&services, &caller.0, id.into_inner(), body.0.off).await?;
    ok(view)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(read).service(post).service(settings);
}

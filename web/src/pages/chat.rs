//! A match's chat on the pages. The match page and the replay load the panel after they are
//! drawn (`GET /matches/{id}/chat`: the panel for htmx, a page of its own without it), so that
//! the chat never adds to their database work; a message posted (`POST /matches/{id}/chat`,
//! free text or a preset) answers with the panel afresh, a refusal with the panel, what was
//! typed and why. New messages come on the browser's stream (`event: chat_message`), and the
//! page reads the list again (`GET /matches/{id}/chat?part=messages`) so that each reader sees
//! presets in their own language and never a blocked player's message.

use actix_web::http::StatusCode;
use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::chat::{self, Channel, ChatMessage, ChatView, MAX_CHARS, Preset, Said};
use tapis_service::matches;
use uuid::Uuid;

use crate::error::{WebError, refusal, service_message, service_status};
use crate::form::FormData;
use crate::page::{Layout, Reply, render_status, see_other};
use crate::pages::moderation::report_path;
use crate::present::When;
use crate::present::match_page::Notice;
use crate::session::{Ctx, services};

/// One message as the panel shows it.
#[derive(Debug, Clone)]
pub struct ChatLine {
    pub number: i64,
    pub author: String,
    pub text: String,
    pub at: When,
    pub yours: bool,
    /// Written by a spectator (shown to players once the match is over).
    pub from_spectators: bool,
    /// The form that reports it to the moderators (for a signed-in reader, not its author).
    pub report: Option<String>,
}

/// The list of messages (swapped on its own when a message comes).
#[derive(Debug, Template)]
#[template(path = "chat_messages.html")]
pub struct ChatMessages {
    pub lang: Language,
    pub id: Uuid,
    pub off: bool,
    pub lines: Vec<ChatLine>,
}

/// The chat panel of a match.
#[derive(Debug, Template)]
#[template(path = "chat_panel.html")]
pub struct ChatPanel {
    pub lang: Language,
    pub id: Uuid,
    pub csrf: String,
    /// The channel the viewer writes to; `None` for a visitor.
    pub channel: Option<Channel>,
    pub messages: ChatMessages,
    pub notice: Option<Notice>,
    /// What the viewer typed, kept when it was refused.
    pub text: String,
    pub max_chars: usize,
    /// Each preset: its name and its words in the viewer's language.
    pub presets: Vec<(&'static str, String)>,
}

impl ChatPanel {
    fn new(ctx: &Ctx, id: Uuid, view: ChatView) -> ChatPanel {
        let lang = ctx.lang;
        let me = ctx.viewer.as_ref().map(|who| who.username.as_str());
        let lines = view
            .messages
            .iter()
            .map(|message| line(message, me, lang))
            .collect();
        ChatPanel {
            lang,
            id,
            csrf: ctx.csrf.clone(),
            channel: view.channel,
            messages: ChatMessages {
                lang,
                id,
                off: view.off,
                lines,
            },
            notice: None,
            text: String::new(),
            max_chars: MAX_CHARS,
            presets: Preset::ALL
                .into_iter()
                .map(|p| (p.as_str(), lang.t(&p.message_key())))
                .collect(),
        }
    }

    fn heading(&self) -> String {
        self.lang.t(match self.channel {
            Some(Channel::Players) => "chat-heading-players",
            Some(Channel::Spectators) | None => "chat-heading-spectators",
        })
    }

    fn explained(&self) -> String {
        self.lang.t(match self.channel {
            Some(Channel::Players) => "chat-explained-players",
            Some(Channel::Spectators) => "chat-explained-spectators",
            None => "chat-explained-visitor",
        })
    }
}

/// A message in the reader's words: a preset in their language.
fn line(message: &ChatMessage, me: Option<&str>, lang: Language) -> ChatLine {
    ChatLine {
        number: message.number,
        author: message.author.clone(),
        text: match message.preset {
            Some(preset) => lang.t(&preset.message_key()),
            None => message.text.clone(),
        },
        at: When::of(message.at, lang),
        yours: me == Some(message.author.as_str()),
        from_spectators: message.channel == Channel::Spectators,
        report: me
            .filter(|me| *me != message.author)
            .map(|_| report_path(&message.author, Some((message.match_id, message.number)))),
    }
}

/// The chat as a page of its own (without scripts).
#[derive(Debug, Template)]
#[template(path = "chat_page.html")]
struct ChatPage {
    layout: Layout,
    lang: Language,
    id: Uuid,
    panel: ChatPanel,
}

#[derive(Debug, Deserialize)]
pub struct ChatQuery {
    /// `messages`: the list alone.
    part: Option<String>,
}

/// `GET /matches/{id}/chat`: the panel (htmx), the list alone (`?part=messages`), or a page.
#[get("/matches/{id}/chat")]
pub async fn chat_panel(
    req: HttpRequest,
    ctx: Ctx,
    id: Path<Uuid>,
    query: Query<ChatQuery>,
) -> Reply {
    let id = id.into_inner();
    let view = chat::read(&services(&req)?, id, ctx.viewer.as_ref()).await?;
    let panel = ChatPanel::new(&ctx, id, view);
    if query.part.as_deref() == Some("messages") {
        return render_status(StatusCode::OK, &panel.messages);
    }
    respond(&req, &ctx, id, panel, StatusCode::OK).await
}

/// The panel for htmx, else the chat's own page.
async fn respond(
    req: &HttpRequest,
    ctx: &Ctx,
    id: Uuid,
    panel: ChatPanel,
    status: StatusCode,
) -> Reply {
    if ctx.htmx {
        return render_status(status, &panel);
    }
    let viewer = ctx.viewer.as_ref().map(Into::into);
    let shown = matches::get(&services(req)?, id, viewer).await?;
    render_status(
        status,
        &ChatPage {
            layout: Layout::new(
                ctx,
                ctx.lang.t1("chat-title", "game", shown.game.name()),
                "",
            ),
            lang: ctx.lang,
            id,
            panel,
        },
    )
}

/// `POST /matches/{id}/chat`: posts `text`, or the preset named by `preset`. Answers with the
/// panel (htmx) or sends back to the match; a refusal shows the panel with what was typed and
/// why (422, 409 or 429), never an error page.
#[post("/matches/{id}/chat")]
pub async fn chat_post(req: HttpRequest, ctx: Ctx, id: Path<Uuid>, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let id = id.into_inner();
    let services = services(&req)?;
    let said = match form.get("preset") {
        Some(name) => Preset::named(name)
            .map(Said::Preset)
            .ok_or(WebError::BadRequest("chat_preset"))?,
        None => Said::Text(form.text("text").to_owned()),
    };
    match chat::post(&services, &who, id, said).await {
        Ok(_) if ctx.htmx => {
            let view = chat::read(&services, id, Some(&who)).await?;
            render_status(StatusCode::OK, &ChatPanel::new(&ctx, id, view))
        }
        Ok(_) => Ok(see_other(&format!("/matches/{id}/chat"))),
        Err(error) => {
            let error = refusal(error)?;
            if matches!(error, ServiceError::NotFound(_)) {
                return Err(error.into());
            }
            let view = chat::read(&services, id, Some(&who)).await?;
            let mut panel = ChatPanel::new(&ctx, id, view);
            panel.text = form.text("text").to_owned();
            panel.notice = Some(Notice::refusal(service_message(&error, ctx.lang)));
            respond(&req, &ctx, id, panel, service_status(&error)).await
        }
    }
}

/// `POST /matches/{id}/chat/off` and `/chat/on`: the viewer turns the chat off or on again.
#[post("/matches/{id}/chat/{switch}")]
pub async fn chat_switch(req: HttpRequest, ctx: Ctx, path: Path<(Uuid, String)>) -> Reply {
    let who = ctx.require()?.clone();
    let (id, switch) = path.into_inner();
    let off = match switch.as_str() {
        "off" => true,
        "on" => false,
        _ => return Err(WebError::NotFound),
    };
    let view = chat::set_off(&services(&req)?, &who, id, off).await?;
    if ctx.htmx {
        return render_status(StatusCode::OK, &ChatPanel::new(&ctx, id, view));
    }
    Ok(see_other(&format!("/matches/{id}/chat")))
}

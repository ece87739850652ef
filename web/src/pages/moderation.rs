//! Reports and moderation: a player reports another player (or one of their chat messages);
//! moderators read the open reports, with the messages around a reported one, act on them,
//! and read the log. A player reads the moderators' notices on the home page.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::chat::Channel;
use tapis_service::moderation::{
    self, ActionKind, ActionRecord, ActionRequest, MAX_DETAILS_CHARS, OpenReport, ReportReason,
    ReportRequest,
};
use uuid::Uuid;

use crate::error::{WebError, refusal, service_message, service_status};
use crate::form::FormData;
use crate::page::{Layout, render_status, see_other, url_encode};
use crate::present::When;
use crate::present::match_page::Notice;
use crate::session::{Ctx, services};

/// The address of the form that reports `username` (or their message `number` of match
/// `match_id`).
pub fn report_path(username: &str, message: Option<(Uuid, i64)>) -> String {
    let base = format!("/players/{}/report", url_encode(username));
    match message {
        Some((id, number)) => format!("{base}?match={id}&message={number}"),
        None => base,
    }
}

#[derive(Debug, Template)]
#[template(path = "report.html")]
struct ReportPage {
    layout: Layout,
    lang: Language,
    csrf: String,
    player: String,
    action: String,
    /// The message reported, if it is one.
    message: Option<(Uuid, i64)>,
    /// Each reason: its name and its words.
    reasons: Vec<(&'static str, String)>,
    chosen: String,
    details: String,
    max_chars: usize,
    notice: Option<Notice>,
    /// The report was received.
    sent: bool,
}

impl ReportPage {
    fn new(ctx: &Ctx, player: &str, message: Option<(Uuid, i64)>) -> ReportPage {
        let lang = ctx.lang;
        ReportPage {
            layout: Layout::new(ctx, lang.t1("report-title", "name", player), ""),
            lang,
            csrf: ctx.csrf.clone(),
            player: player.to_owned(),
            action: report_path(player, None),
            message,
            reasons: ReportReason::ALL
                .into_iter()
                .map(|r| (r.as_str(), lang.t(&format!("report-reason-{}", r.as_str()))))
                .collect(),
            chosen: String::new(),
            details: String::new(),
            max_chars: MAX_DETAILS_CHARS,
            notice: None,
            sent: false,
        }
    }

    fn profile_path(&self) -> String {
        format!("/players/{}", url_encode(&self.player))
    }
}

#[derive(Debug, Deserialize)]
pub struct ReportQuery {
    #[serde(rename = "match")]
    match_id: Option<Uuid>,
    message: Option<i64>,
}

/// `GET /players/{username}/report[?match=ID&message=N]`: the form.
#[get("/players/{username}/report")]
pub async fn report_form(
    ctx: Ctx,
    username: web::Path<String>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, WebError> {
    ctx.require()?;
    let message = query.match_id.zip(query.message);
    render_status(StatusCode::OK, &ReportPage::new(&ctx, &username, message))
}

/// `POST /players/{username}/report`: the report (`reason`, `details`, and `match` and
/// `message` for a chat message). Answers with the page saying it was received, or the form
/// again with what was written and why it was refused.
#[post("/players/{username}/report")]
pub async fn report_post(
    req: HttpRequest,
    ctx: Ctx,
    username: web::Path<String>,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let match_id = optional(&form, "match")?;
    let number = optional(&form, "message")?;
    let message = match_id.zip(number);
    let mut page = ReportPage::new(&ctx, &username, message);
    page.chosen = form.text("reason").to_owned();
    page.details = form.text("details").to_owned();
    let made = match ReportReason::chosen(form.text("reason")) {
        Ok(reason) => {
            let request = ReportRequest {
                player: username.into_inner(),
                reason,
                details: page.details.clone(),
                match_id,
                message: number,
            };
            moderation::report(&services(&req)?, &who, request).await
        }
        Err(refused) => Err(refused),
    };
    match made {
        Ok(_) => {
            page.sent = true;
            render_status(StatusCode::OK, &page)
        }
        Err(error) => {
            let error = refusal(error)?;
            page.notice = Some(Notice {
                text: service_message(&error, ctx.lang),
                error: true,
            });
            render_status(service_status(&error), &page)
        }
    }
}

/// A form's field `name` read as a `T`: `None` when absent or empty, a bad request when it
/// is not one.
fn optional<T: std::str::FromStr>(form: &FormData, name: &str) -> Result<Option<T>, WebError> {
    match form.get(name).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(value) => value
            .parse()
            .map(Some)
            .map_err(|_| WebError::BadRequest("form_unreadable")),
    }
}

/// A message around a reported one.
#[derive(Debug)]
struct ContextLine {
    author: String,
    text: String,
    spectators: bool,
    reported: bool,
}

/// An open report as the moderation page shows it.
#[derive(Debug)]
struct ReportRow {
    id: i64,
    reporter: String,
    player: String,
    reason: String,
    details: String,
    at: When,
    /// The match of the reported message, and the messages around it.
    message: Option<(Uuid, Vec<ContextLine>)>,
}

impl ReportRow {
    fn of(report: OpenReport, lang: Language) -> ReportRow {
        ReportRow {
            id: report.id,
            reason: lang.t(&format!("report-reason-{}", report.reason.as_str())),
            at: When::of(report.at, lang),
            message: report.message.map(|m| {
                let lines = m
                    .context
                    .iter()
                    .map(|c| ContextLine {
                        author: c.author.clone(),
                        text: c.text.clone(),
                        spectators: c.channel == Channel::Spectators,
                        reported: c.number == m.number,
                    })
                    .collect();
                (m.match_id, lines)
            }),
            reporter: report.reporter,
            player: report.player,
            details: report.details,
        }
    }
}

/// An action of the log as the page shows it.
#[derive(Debug)]
struct LogRow {
    moderator: String,
    player: String,
    action: String,
    reason: String,
    until: Option<When>,
    at: When,
}

impl LogRow {
    fn of(record: ActionRecord, lang: Language) -> LogRow {
        LogRow {
            action: lang.t(&format!("moderation-action-{}", record.action.as_str())),
            until: record.until.map(|at| When::of(at, lang)),
            at: When::of(record.at, lang),
            moderator: record.moderator,
            player: record.player,
            reason: record.reason,
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "moderation.html")]
struct ModerationPage {
    layout: Layout,
    lang: Language,
    csrf: String,
    reports: Vec<ReportRow>,
    log: Vec<LogRow>,
    notice: Option<Notice>,
    /// Each action but the dismissal: its name and its words.
    actions: Vec<(&'static str, String)>,
}

/// The moderation page as `who` (a moderator) sees it.
async fn moderation_page(
    req: &HttpRequest,
    ctx: &Ctx,
    notice: Option<Notice>,
) -> Result<ModerationPage, WebError> {
    let who = ctx.require()?;
    let services = services(req)?;
    let reports = moderation::open_reports(&services, who).await?;
    let log = moderation::log(&services, who, None).await?;
    let lang = ctx.lang;
    Ok(ModerationPage {
        layout: Layout::new(ctx, lang.t("moderation-title"), ""),
        lang,
        csrf: ctx.csrf.clone(),
        reports: reports
            .into_iter()
            .map(|r| ReportRow::of(r, lang))
            .collect(),
        log: log.into_iter().map(|r| LogRow::of(r, lang)).collect(),
        notice,
        actions: ActionKind::ALL
            .into_iter()
            .filter(|a| *a != ActionKind::Dismiss)
            .map(|a| {
                (
                    a.as_str(),
                    lang.t(&format!("moderation-action-{}", a.as_str())),
                )
            })
            .collect(),
    })
}

/// `GET /moderation`: the open reports and the log, for moderators (403 for anyone else).
#[get("/moderation")]
pub async fn moderation_index(req: HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let page = moderation_page(&req, &ctx, None).await?;
    render_status(StatusCode::OK, &page)
}

/// `POST /moderation/actions`: an action (`player`, `action`, `reason`, `days`, `report`);
/// back to the moderation page, which says what was done or why it was refused. Anyone but a
/// moderator is refused (403) before the form is read.
#[post("/moderation/actions")]
pub async fn moderate(
    req: HttpRequest,
    ctx: Ctx,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let services = services(&req)?;
    if !moderation::is_moderator(&services, who.user_id).await? {
        return Err(ServiceError::NotAModerator.into());
    }
    let done = match ActionKind::chosen(form.text("action")) {
        Ok(action) => {
            let request = ActionRequest {
                player: form.text("player").to_owned(),
                action,
                reason: form.text("reason").to_owned(),
                days: optional(&form, "days")?,
                report: optional(&form, "report")?,
            };
            moderation::act(&services, &who, request).await
        }
        Err(refused) => Err(refused),
    };
    match done {
        Ok(record) => {
            let said = ctx.lang.t2(
                "moderation-done",
                "action",
                ctx.lang
                    .t(&format!("moderation-action-{}", record.action.as_str())),
                "name",
                record.player,
            );
            let page = moderation_page(
                &req,
                &ctx,
                Some(Notice {
                    text: said,
                    error: false,
                }),
            )
            .await?;
            render_status(StatusCode::OK, &page)
        }
        Err(error) => {
            let error = refusal(error)?;
            let notice = Notice {
                text: service_message(&error, ctx.lang),
                error: true,
            };
            let page = moderation_page(&req, &ctx, Some(notice)).await?;
            render_status(service_status(&error), &page)
        }
    }
}

/// `POST /notices/acknowledge`: the player read their notices up to `last`; back home.
#[post("/notices/acknowledge")]
pub async fn acknowledge(
    req: HttpRequest,
    ctx: Ctx,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let last = optional(&form, "last")?.ok_or(WebError::BadRequest("form_unreadable"))?;
    moderation::acknowledge(&services(&req)?, &who, last).await?;
    Ok(see_other("/"))
}

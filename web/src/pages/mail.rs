//! The pages the links of mails open: the verification of an address, and unsubscribing.
//!
//! Unsubscribing is two steps for a person (`GET` shows what the link stops and a button;
//! link scanners follow links and must not unsubscribe anyone) and one for a mail client
//! (RFC 8058's one-click `POST` to the same address, with no session and no CSRF token: the
//! link's signature is the proof, see `csrf::protect`).

use actix_web::http::StatusCode;
use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::delivery::notifications::links::{self, Unsubscribed};

use crate::error::{service_message, service_status};
use crate::page::{Layout, Reply, render_status};
use crate::session::{Ctx, services};

#[derive(Debug, Template)]
#[template(path = "mail_link.html")]
struct LinkPage {
    layout: Layout,
    lang: Language,
    heading: String,
    message: String,
    /// The unsubscribe token to confirm, on the page that asks.
    confirm: Option<String>,
}

fn page(
    ctx: &Ctx,
    status: StatusCode,
    heading: String,
    message: String,
    confirm: Option<String>,
) -> Reply {
    render_status(
        status,
        &LinkPage {
            layout: Layout::new(ctx, heading.clone(), ""),
            lang: ctx.lang,
            heading,
            message,
            confirm,
        },
    )
}

fn refused(ctx: &Ctx, error: ServiceError) -> Reply {
    match error {
        ServiceError::BadLink(_) => page(
            ctx,
            service_status(&error),
            ctx.lang.t("mail-link-failed-title"),
            service_message(&error, ctx.lang),
            None,
        ),
        other => Err(other.into()),
    }
}

/// The page of a link that worked: the message `title` over `message` (with the token to
/// confirm, on the page that asks).
fn worked(ctx: &Ctx, title: &str, message: String, confirm: Option<String>) -> Reply {
    page(ctx, StatusCode::OK, ctx.lang.t(title), message, confirm)
}

/// The message `key` saying what an unsubscribe link stops (`what`).
fn stops(lang: Language, key: &str, unsubscribed: &Unsubscribed) -> String {
    let what = match unsubscribed {
        Unsubscribed::All => lang.t("mail-event-all"),
        Unsubscribed::Kind(kind) => lang.t(&format!("mail-event-{}", kind.replace('_', "-"))),
    };
    lang.t1(key, "what", what)
}

#[derive(Debug, Deserialize)]
pub struct VerifyQuery {
    #[serde(default)]
    token: String,
}

/// `GET /email/verify?token=`: the link of the verification mail.
#[get("/email/verify")]
pub async fn verify(req: HttpRequest, ctx: Ctx, query: Query<VerifyQuery>) -> Reply {
    match links::verify(&services(&req)?, &query.token).await {
        Ok(email) => worked(
            &ctx,
            "mail-verified-title",
            ctx.lang.t1("mail-verified-body", "email", email.as_str()),
            None,
        ),
        Err(error) => refused(&ctx, error),
    }
}

/// `GET /unsubscribe/{token}`: what the link stops, and a button to confirm.
#[get("/unsubscribe/{token}")]
pub async fn unsubscribe_page(req: HttpRequest, ctx: Ctx, token: Path<String>) -> Reply {
    let token = token.into_inner();
    match links::read_unsubscribe(&services(&req)?, &token) {
        Ok(unsubscribed) => worked(
            &ctx,
            "mail-unsubscribe-title",
            stops(ctx.lang, "mail-unsubscribe-confirm", &unsubscribed),
            Some(token),
        ),
        Err(error) => refused(&ctx, error),
    }
}

/// `POST /unsubscribe/{token}`: unsubscribes (RFC 8058 one-click, or the page's button).
#[post("/unsubscribe/{token}")]
pub async fn unsubscribe(req: HttpRequest, ctx: Ctx, token: Path<String>) -> Reply {
    match links::unsubscribe(&services(&req)?, &token).await {
        Ok(unsubscribed) => worked(
            &ctx,
            "mail-unsubscribed-title",
            stops(ctx.lang, "mail-unsubscribed-body", &unsubscribed),
            None,
        ),
        Err(error) => refused(&ctx, error),
    }
}

//! Signing up, in and out. The forms are plain HTML forms (they work without JavaScript); a
//! refused form comes back with an inline message and what was typed (never the password).

use actix_web::http::StatusCode;
use actix_web::web::Query;
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::identity::accounts::{self, Session, SignInAttempt};
use tapis_service::identity::sessions;

use crate::cookies::{clear_session_cookie, device_cookie, session_cookie, set_cookie};
use crate::error::{refusal, service_status};
use crate::form::{FieldError, FormData};
use crate::page::{Layout, Reply, render, render_status, safe_next, see_other};
use crate::session::{Ctx, Origin, services};

#[derive(Debug, Template)]
#[template(path = "signin.html")]
struct SignInPage {
    layout: Layout,
    lang: Language,
    username: String,
    next: String,
    error: Option<FieldError>,
    /// The player just signed out everywhere (`?signed_out=everywhere`): the page says so.
    signed_out_everywhere: bool,
}

#[derive(Debug, Template)]
#[template(path = "signup.html")]
struct SignUpPage {
    layout: Layout,
    lang: Language,
    username: String,
    next: String,
    error: Option<FieldError>,
}

#[derive(Debug, Deserialize)]
pub struct NextQuery {
    next: Option<String>,
    /// `everywhere` after "Sign out everywhere".
    signed_out: Option<String>,
}

#[get("/signin")]
pub async fn sign_in_page(ctx: Ctx, query: Query<NextQuery>) -> Reply {
    let next = safe_next(query.next.as_deref());
    if ctx.viewer.is_some() {
        return Ok(see_other(&next));
    }
    render(&SignInPage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, ctx.lang.t("auth-sign-in"), ""),
        username: String::new(),
        next,
        error: None,
        signed_out_everywhere: query.signed_out.as_deref() == Some("everywhere"),
    })
}

#[get("/signup")]
pub async fn sign_up_page(ctx: Ctx, query: Query<NextQuery>) -> Reply {
    render(&SignUpPage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, ctx.lang.t("auth-sign-up"), ""),
        username: String::new(),
        next: safe_next(query.next.as_deref()),
        error: None,
    })
}

/// Signs the browser in: the session cookie (and the device cookie after a sign-in), then
/// back where the player was going.
fn signed_in(ctx: &Ctx, session: &Session, device_token: Option<&str>, next: &str) -> HttpResponse {
    let mut response = see_other(next);
    let mut cookies = vec![session_cookie(
        &session.token,
        session.expires_at,
        ctx.secure,
    )];
    if let Some(token) = device_token {
        cookies.push(device_cookie(token, ctx.secure));
    }
    for cookie in &cookies {
        set_cookie(&mut response, cookie);
    }
    response
}

#[post("/signin")]
pub async fn sign_in(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let services = services(&req)?;
    let username = form.text("username").trim().to_owned();
    let next = safe_next(form.get("next"));
    // The same throttle as the API, with this browser's device cookie if it has one.
    let origin = Origin::of(&req);
    let attempt = SignInAttempt {
        username: &username,
        password: form.text("password"),
        address: origin.client.address.as_deref(),
        device: origin.device.as_deref(),
        user_agent: origin.client.user_agent.as_deref(),
    };
    match accounts::sign_in(&services, attempt).await {
        Ok(signed) => Ok(signed_in(
            &ctx,
            &signed.session,
            Some(&signed.device_token),
            &next,
        )),
        Err(error) => {
            let error = refusal(error)?;
            render_status(
                service_status(&error),
                &SignInPage {
                    lang: ctx.lang,
                    layout: Layout::new(&ctx, ctx.lang.t("auth-sign-in"), ""),
                    username,
                    next,
                    error: Some(FieldError::of(&error, ctx.lang)),
                    signed_out_everywhere: false,
                },
            )
        }
    }
}

#[post("/signup")]
pub async fn sign_up(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let services = services(&req)?;
    let username = form.text("username").trim().to_owned();
    let next = safe_next(form.get("next"));
    let password = form.text("password");
    let refused = |error: FieldError, status: StatusCode| {
        render_status(
            status,
            &SignUpPage {
                lang: ctx.lang,
                layout: Layout::new(&ctx, ctx.lang.t("auth-sign-up"), ""),
                username: username.clone(),
                next: next.clone(),
                error: Some(error),
            },
        )
    };
    if password != form.text("password_again") {
        return refused(
            FieldError {
                field: "password_again".to_owned(),
                message: ctx.lang.t("auth-passwords-differ"),
            },
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    }
    let client = Origin::of(&req).client;
    match accounts::sign_up(&services, &username, password, &client).await {
        Ok(session) => Ok(signed_in(&ctx, &session, None, &next)),
        Err(error) => {
            let error = refusal(error)?;
            refused(FieldError::of(&error, ctx.lang), service_status(&error))
        }
    }
}

/// Signs out: the session ends (its token stops working everywhere at once) and the cookie
/// goes.
#[post("/signout")]
pub async fn sign_out(req: HttpRequest, ctx: Ctx) -> Reply {
    if let Some(who) = &ctx.viewer {
        sessions::end_current(&services(&req)?, who).await?;
    }
    Ok(signed_out(&ctx))
}

/// Back to the home page without the session cookie.
pub fn signed_out(ctx: &Ctx) -> HttpResponse {
    signed_out_to(ctx, "/")
}

/// To `location` without the session cookie.
pub fn signed_out_to(ctx: &Ctx, location: &str) -> HttpResponse {
    let mut response = see_other(location);
    set_cookie(&mut response, &clear_session_cookie(ctx.secure));
    response
}

/// Where "Sign out everywhere" lands: the sign-in page, which confirms it.
pub const SIGNED_OUT_EVERYWHERE: &str = "/signin?signed_out=everywhere";

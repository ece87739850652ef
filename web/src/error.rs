//! The web's presentation of errors: a page for a browser, an inline message for htmx.
//!
//! Handlers return [`WebError`] (most often a [`ServiceError`] converted with `?`). For a full
//! page request it becomes an error page with the right status; for an htmx request
//! [`htmx_errors`] turns it into a short message swapped into the page's message area
//! (`#flash`) instead of the fragment that was asked for. Internal causes are logged by the
//! service and never shown: a 500 page only says that something went wrong on our side.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{Error, HttpResponse, ResponseError};
use askama::Template;
use tapis_l10n::Language;
use tapis_service::ServiceError;

use actix_web::FromRequest;

use crate::page::{Layout, html};
use crate::session::Ctx;

/// Why a web request failed.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// The page needs a signed-in player; `next` is where to come back.
    #[error("please sign in first")]
    SignInRequired { next: String },
    /// A state-changing request without the right CSRF token.
    #[error("this form has expired or did not come from this site; reload the page and try again")]
    Csrf,
    #[error("there is no such page")]
    NotFound,
    /// A request that cannot be read; the reason is a stable word (`form_unreadable`,
    /// `form_too_large`, `address`, `page_number`) that pages translate.
    #[error("bad request: {0}")]
    BadRequest(&'static str),
    /// A template failed to render (a bug: logged, shown as a 500).
    #[error("internal error")]
    Render(#[from] askama::Error),
}

/// The message of an error response, kept for [`htmx_errors`].
#[derive(Debug, Clone)]
pub struct ErrorMessage(pub Said);

/// A value given to a [`Said`] message.
#[derive(Debug, Clone)]
enum SaidArg {
    Text(String),
    Number(i64),
    /// Another message, written in the same language.
    Message(String),
}

/// A message kept as its key and arguments, so that it can be written in any language (an
/// error is made before the reader's language is known).
#[derive(Debug, Clone)]
pub struct Said {
    key: String,
    args: Vec<(&'static str, SaidArg)>,
}

impl Said {
    pub fn new(key: impl Into<String>) -> Said {
        Said {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// With a text argument.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.push((name, SaidArg::Text(value.into())));
        self
    }

    /// With a number argument.
    pub fn number(mut self, name: &'static str, value: i64) -> Said {
        self.args.push((name, SaidArg::Number(value)));
        self
    }

    /// With `name` set to the text `value` in place of what it was.
    pub fn replacing(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.retain(|(n, _)| *n != name);
        self.text(name, value)
    }

    /// With an argument that is another message (`key`), in the same language.
    pub fn message(mut self, name: &'static str, key: impl Into<String>) -> Said {
        self.args.push((name, SaidArg::Message(key.into())));
        self
    }

    /// The message in `lang`.
    pub fn in_language(&self, lang: Language) -> String {
        let args: Vec<(&str, tapis_l10n::Value<'_>)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    SaidArg::Text(t) => tapis_l10n::Value::from(t.as_str()),
                    SaidArg::Number(n) => tapis_l10n::Value::from(*n),
                    SaidArg::Message(key) => tapis_l10n::Value::from(lang.t(key)),
                };
                (*name, value)
            })
            .collect();
        lang.t_with(&self.key, &args)
    }
}

/// What an error page says, kept on the response so that [`htmx_errors`], which has the
/// request, can draw it again for the signed-in player (with their navigation) in their
/// language.
#[derive(Debug, Clone)]
struct ErrorParts {
    heading: &'static str,
    message: Said,
}

#[derive(Debug, Template)]
#[template(path = "error.html")]
struct ErrorPage {
    layout: Layout,
    lang: Language,
    status: u16,
    heading: String,
    message: String,
}

#[derive(Debug, Template)]
#[template(path = "flash_partial.html")]
pub struct Flash {
    pub message: String,
}

impl WebError {
    /// What the player is told, in `lang`.
    pub fn message(&self, lang: Language) -> String {
        self.said().in_language(lang)
    }

    /// What the player is told, in any language.
    pub fn said(&self) -> Said {
        match self {
            WebError::Service(e) => service_said(e),
            WebError::Render(_) => service_said(&ServiceError::Internal),
            WebError::SignInRequired { .. } => Said::new("error-sign-in-required"),
            WebError::Csrf => Said::new("error-csrf"),
            WebError::NotFound => Said::new("error-no-such-page"),
            WebError::BadRequest(reason) => {
                Said::new(format!("error-bad-request-{}", reason.replace('_', "-")))
            }
        }
    }

    /// The key of the heading (and title) of the error page.
    fn heading(&self) -> &'static str {
        match self.status_code().as_u16() {
            400 | 422 => "error-heading-refused",
            403 => "error-heading-forbidden",
            404 => "error-heading-not-found",
            409 => "error-heading-too-late",
            429 => "error-heading-slow-down",
            503 => "error-heading-unavailable",
            500.. => "error-heading-server",
            _ => "error-heading-refused",
        }
    }
}

/// What a player is told about a refusal of the service, in `lang`.
pub fn service_message(error: &ServiceError, lang: Language) -> String {
    service_said(error).in_language(lang)
}

/// The key of a field's name as a validation message shows it (`The username`), or `None`
/// for a field no message names.
pub fn field_key(field: &str) -> Option<&'static str> {
    Some(match field {
        "username" => "error-field-username",
        "password" => "error-field-password",
        "new_password" => "error-field-new-password",
        "current_password" => "error-field-current-password",
        "name" => "error-field-name",
        "seats" => "error-field-seats",
        "invite" => "error-field-invite",
        "days_per_move" => "error-field-days-per-move",
        "rated" => "error-field-rated",
        "game" => "error-field-game",
        "level" => "error-field-level",
        "opponents" => "error-field-opponents",
        "lang" => "error-field-lang",
        "address" => "error-field-address",
        "limit" => "error-field-limit",
        "offset" => "error-field-offset",
        "status" => "error-field-status",
        "player" => "error-field-player",
        "cursor" => "error-field-cursor",
        "options" => "error-field-options",
        "until" => "error-field-until",
        "email" => "error-field-email",
        "events" => "error-field-events",
        "digest_hours" => "error-field-digest-hours",
        _ => return None,
    })
}

/// The text between the first pair of “curly quotes” of an English message (a name the
/// service quotes), or `""`.
fn quoted(message: &str) -> &str {
    message
        .split_once('“')
        .and_then(|(_, rest)| rest.split_once('”'))
        .map_or("", |(name, _)| name)
}

/// A validation error in any language, its field named by [`field_key`] (or by its own name).
pub fn validation_said(field: &str, reason: &str, message: &str) -> Said {
    let said = Said::new(format!("error-invalid-{}", reason.replace('_', "-")))
        .text("detail", message)
        .text("name", quoted(message));
    match field_key(field) {
        Some(key) => said.message("field", key),
        None => said.text("field", field),
    }
}

/// What a player is told about a refusal of the service, in any language: by the error's
/// code (and a validation error's reason).
pub fn service_said(error: &ServiceError) -> Said {
    match error {
        ServiceError::Validation {
            field,
            reason,
            message,
        } => validation_said(field, reason, message),
        ServiceError::NotFound(what) => {
            Said::new("error-not-found").message("what", format!("error-thing-{what}"))
        }
        ServiceError::IllegalAction(reason) => {
            let mut reason = reason.as_str();
            while let Some(rest) = reason.strip_prefix("illegal action: ") {
                reason = rest;
            }
            let mut reason = reason.trim().to_owned();
            if !reason.ends_with(['.', '!', '?']) {
                reason.push('.');
            }
            Said::new("error-illegal-action").text("reason", reason)
        }
        ServiceError::RateLimited { retry_after_secs } => Said::new("error-rate-limited").number(
            "seconds",
            i64::try_from(*retry_after_secs).unwrap_or(i64::MAX),
        ),
        other => Said::new(format!("error-{}", other.code().replace('_', "-"))),
    }
}

/// The HTTP status of a refusal of the service (the same as the API's: the service decides).
pub fn service_status(error: &ServiceError) -> StatusCode {
    StatusCode::from_u16(error.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// Capitalizes a message and ends it with a full stop.
pub fn sentence(message: &str) -> String {
    let mut out = message.trim().to_owned();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            WebError::Service(e) => service_status(e),
            WebError::SignInRequired { .. } => StatusCode::SEE_OTHER,
            WebError::Csrf => StatusCode::FORBIDDEN,
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::Render(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let WebError::Render(e) = self {
            tracing::error!(error = %e, "a template failed to render");
        }
        if let WebError::SignInRequired { next } = self {
            let location = format!("/signin?next={}", crate::page::url_encode(next));
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, location))
                .finish();
        }
        let status = self.status_code();
        let lang = Language::default();
        let said = self.said();
        let message = said.in_language(lang);
        let heading = lang.t(self.heading());
        let page = ErrorPage {
            lang,
            layout: Layout::anonymous(heading.clone()),
            status: status.as_u16(),
            heading,
            message: message.clone(),
        };
        let parts = ErrorParts {
            heading: self.heading(),
            message: said.clone(),
        };
        let mut response = match page.render() {
            Ok(body) => html(status, body),
            Err(e) => {
                tracing::error!(error = %e, "the error page failed to render");
                HttpResponse::build(status)
                    .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
                    .body(message.clone())
            }
        };
        if let Some(seconds) = match self {
            WebError::Service(e) => e.retry_after_secs(),
            _ => None,
        } {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response.extensions_mut().insert(ErrorMessage(said));
        response.extensions_mut().insert(parts);
        response
    }
}

/// An error page drawn again with the signed-in player's navigation and in the reader's
/// language (an error page is made without the request, so it starts out anonymous and in
/// English). If the session
/// cannot be read (the database is down, say) the anonymous page stays.
async fn for_the_viewer(response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let parts = response
        .response()
        .extensions()
        .get::<ErrorParts>()
        .cloned();
    let Some(parts) = parts else {
        return response;
    };
    let Ok(ctx) = Ctx::extract(response.request()).await else {
        return response;
    };
    if ctx.viewer.is_none() && ctx.lang == Language::default() {
        return response;
    }
    let status = response.status();
    let heading = ctx.lang.t(parts.heading);
    let page = ErrorPage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, heading.clone(), ""),
        status: status.as_u16(),
        heading,
        message: parts.message.in_language(ctx.lang),
    };
    let Ok(body) = page.render() else {
        return response;
    };
    let mut fresh = html(status, body);
    if let Some(retry) = response.headers().get(header::RETRY_AFTER) {
        fresh
            .headers_mut()
            .insert(header::RETRY_AFTER, retry.clone());
    }
    fresh
        .extensions_mut()
        .insert(ErrorMessage(parts.message.clone()));
    fresh.extensions_mut().insert(parts);
    response.into_response(fresh)
}

fn is_htmx(req: &ServiceRequest) -> bool {
    req.headers()
        .get("HX-Request")
        .is_some_and(|v| v.as_bytes() == b"true")
}

/// The middleware: for htmx requests, error pages become an inline message in `#flash` and a
/// redirect to the sign-in page becomes `HX-Redirect`; every web response gets the security
/// headers.
pub async fn htmx_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let htmx = is_htmx(&req);
    let mut response = next.call(req).await?.map_into_boxed_body();
    if !htmx && response.status() == StatusCode::SEE_OTHER && response.response().error().is_some()
    {
        // A redirect to the sign-in page is the answer, not a failure: drop the error it came
        // from, so that the request log does not report it as one.
        let location = response.headers().get(header::LOCATION).cloned();
        if let Some(location) = location {
            response = response.into_response(
                HttpResponse::SeeOther()
                    .insert_header((header::LOCATION, location))
                    .finish(),
            );
        }
    }
    if !htmx {
        response = for_the_viewer(response).await;
    }
    if htmx {
        let status = response.status();
        if status == StatusCode::SEE_OTHER {
            let location = response.headers().get(header::LOCATION).cloned();
            if let Some(location) = location {
                response = response.into_response(
                    HttpResponse::Ok()
                        .insert_header(("HX-Redirect", location))
                        .finish(),
                );
            }
        } else if status.is_client_error() || status.is_server_error() {
            let message = response
                .response()
                .extensions()
                .get::<ErrorMessage>()
                .map(|m| m.0.clone());
            if let Some(said) = message {
                // The reader's language: their account's, else the cookie's or the browser's.
                let lang = match Ctx::extract(response.request()).await {
                    Ok(ctx) => ctx.lang,
                    Err(_) => crate::session::language(response.request(), None),
                };
                let body = Flash {
                    message: said.in_language(lang),
                }
                .render()
                .unwrap_or_default();
                response = response.into_response(
                    HttpResponse::build(status)
                        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
                        .insert_header(("HX-Retarget", "#flash"))
                        .insert_header(("HX-Reswap", "innerHTML"))
                        .body(body),
                );
            }
        }
    }
    let headers = response.headers_mut();
    for (name, value) in crate::page::SECURITY_HEADERS {
        headers.insert(
            header::HeaderName::from_static(name),
            header::HeaderValue::from_static(value),
        );
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use actix_web::middleware::from_fn;
    use actix_web::{App, test, web};

    use super::*;

    async fn members_only() -> Result<HttpResponse, WebError> {
        Err(WebError::SignInRequired {
            next: "/account".to_owned(),
        })
    }

    #[core::prelude::v1::test]
    fn refusals_are_told_in_the_readers_language() {
        let format = ServiceError::invalid(
            "username",
            "username_format",
            "must be 3 to 24 letters, digits, '_' or '-'",
        );
        assert_eq!(
            service_message(&format, Language::En),
            "The username must be 3 to 24 letters, digits, '_' or '-'."
        );
        assert!(
            service_message(&format, Language::Fr).starts_with("Le nom d’utilisateur doit"),
            "{}",
            service_message(&format, Language::Fr)
        );
        let illegal = ServiceError::IllegalAction("illegal action: no pawn there".to_owned());
        assert_eq!(
            service_message(&illegal, Language::En),
            "Illegal action: no pawn there."
        );
        assert_eq!(
            service_message(&illegal, Language::Fr),
            "Ce coup n’est pas permis maintenant."
        );
        assert_eq!(
            service_message(&ServiceError::NotFound("match"), Language::Fr),
            "Partie introuvable."
        );
        let invited = ServiceError::invalid("invite", "invite_unknown", "no player is named “zoé”");
        assert_eq!(
            service_message(&invited, Language::Fr),
            "Invitations\u{a0}: aucun joueur ne s’appelle «\u{a0}zoé\u{a0}»."
        );
        for error in [
            ServiceError::UsernameTaken,
            ServiceError::RateLimited {
                retry_after_secs: 3,
            },
            ServiceError::DatabaseUnavailable,
            ServiceError::Internal,
        ] {
            for lang in Language::ALL {
                let text = service_message(&error, lang);
                assert!(!text.contains(tapis_l10n::MISSING), "{text}");
            }
        }
        assert!(
            !WebError::Csrf
                .message(Language::Fr)
                .contains(tapis_l10n::MISSING)
        );
        assert!(
            !WebError::BadRequest("form_too_large")
                .message(Language::Fr)
                .contains(tapis_l10n::MISSING)
        );
    }

    /// Every reason of the service's and the web's validation errors (`ServiceError::invalid`
    /// in `service/src`, `web/src` and `server/src`) has its message in both languages.
    #[core::prelude::v1::test]
    fn every_validation_reason_is_translated() {
        for reason in [
            "username_format",
            "password_length",
            "password_too_long",
            "password_wrong",
            "token_name_length",
            "level_unknown",
            "opponents_none",
            "opponents_too_many",
            "rated_one_computer",
            "cursor",
            "limit_range",
            "offset_negative",
            "status_unknown",
            "game_unknown",
            "player_unknown",
            "seat_count",
            "option",
            "days_range",
            "rated_default_options",
            "rated_two_players",
            "rated_clock",
            "invite_too_many",
            "invite_unknown",
            "invite_self",
            "invite_rated_twice",
            "invite_twice",
            "nul_character",
            "not_a_number",
            "not_a_whole_number",
            "language_unknown",
        ] {
            for lang in Language::ALL {
                let text = validation_said("seats", reason, "x").in_language(lang);
                assert!(!text.contains(tapis_l10n::MISSING), "{reason}: {text}");
            }
        }
    }

    #[actix_web::test]
    async fn a_sign_in_redirect_is_not_reported_as_an_error() {
        let app = test::init_service(
            App::new()
                .wrap(from_fn(htmx_errors))
                .route("/account", web::get().to(members_only)),
        )
        .await;
        let response =
            test::call_service(&app, test::TestRequest::get().uri("/account").to_request()).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        assert_eq!(
            response.headers().get(header::LOCATION).unwrap(),
            "/signin?next=/account"
        );
        assert!(response.response().error().is_none());
    }
}

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
    #[error("{0}")]
    BadRequest(String),
    /// A template failed to render (a bug: logged, shown as a 500).
    #[error("internal error")]
    Render(#[from] askama::Error),
}

/// The message of an error response, kept for [`htmx_errors`].
#[derive(Debug, Clone)]
pub struct ErrorMessage(pub String);

/// What an error page says, kept on the response so that [`htmx_errors`], which has the
/// request, can draw it again for the signed-in player (with their navigation).
#[derive(Debug, Clone)]
struct ErrorParts {
    heading: &'static str,
    message: String,
}

#[derive(Debug, Template)]
#[template(path = "error.html")]
struct ErrorPage {
    layout: Layout,
    lang: Language,
    status: u16,
    heading: &'static str,
    message: String,
}

#[derive(Debug, Template)]
#[template(path = "flash_partial.html")]
pub struct Flash {
    pub message: String,
}

impl WebError {
    /// What the player is told.
    pub fn message(&self) -> String {
        match self {
            WebError::Service(e) => service_message(e),
            WebError::Render(_) => service_message(&ServiceError::Internal),
            other => sentence(&other.to_string()),
        }
    }

    fn heading(&self) -> &'static str {
        match self.status_code().as_u16() {
            400 | 422 => "That did not work",
            403 => "Not allowed",
            404 => "Not found",
            409 => "Too late",
            429 => "Slow down",
            503 => "Please try again in a moment",
            500.. => "Something went wrong",
            _ => "That did not work",
        }
    }
}

/// What a player is told about a refusal of the service.
pub fn service_message(error: &ServiceError) -> String {
    match error {
        ServiceError::Internal => {
            "Something went wrong on our side. It has been logged; please try again later."
                .to_owned()
        }
        ServiceError::DatabaseUnavailable => {
            "Tapis cannot reach its database just now. Nothing was changed; please try again \
             in a few seconds."
                .to_owned()
        }
        ServiceError::NotFound(what) => sentence(&format!("{what} not found")),
        ServiceError::VersionConflict { .. } => {
            "Someone moved before you: here is the table as it is now.".to_owned()
        }
        other => sentence(&other.to_string()),
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
        let message = self.message();
        let page = ErrorPage {
            lang: Language::default(),
            layout: Layout::anonymous(self.heading()),
            status: status.as_u16(),
            heading: self.heading(),
            message: message.clone(),
        };
        let parts = ErrorParts {
            heading: self.heading(),
            message: message.clone(),
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
        response.extensions_mut().insert(ErrorMessage(message));
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
    let page = ErrorPage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, parts.heading, ""),
        status: status.as_u16(),
        heading: parts.heading,
        message: parts.message.clone(),
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
            if let Some(message) = message {
                let body = Flash { message }.render().unwrap_or_default();
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

//! How an error is shown: a page for a browser, an inline message for htmx.
//!
//! As an actix response ([`ResponseError`], implemented here), a [`WebError`] becomes an error
//! page with the right status, drawn without the request (anonymous, in English), or the
//! redirect to the sign-in page. The middleware [`htmx_errors`], which has the request, then
//! draws the page again for the signed-in player in their language; for an htmx request it
//! turns the page into a short message swapped into the page's message area (`#flash`) instead
//! of the fragment that was asked for. Internal causes are logged by the service and never
//! shown: a 500 page only says that something went wrong on our side.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{Error, FromRequest, HttpResponse, ResponseError};
use askama::Template;
use tapis_l10n::Language;

use crate::error::{Said, WebError};
use crate::page::{Layout, SECURITY_HEADERS, html, see_other, url_encode};
use crate::session::{Ctx, is_htmx, language};

/// What an error page says, kept on the response so that [`htmx_errors`], which has the
/// request, can draw it again for the signed-in player (with their navigation) in their
/// language, or show its message alone.
#[derive(Debug, Clone)]
struct ErrorParts {
    /// The key of the heading (and title) of the page.
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

impl ErrorPage {
    /// The page of `parts` in `lang`, in the frame that `layout` makes for its title.
    fn new(
        status: StatusCode,
        parts: &ErrorParts,
        lang: Language,
        layout: impl FnOnce(String) -> Layout,
    ) -> ErrorPage {
        let heading = lang.t(parts.heading);
        ErrorPage {
            layout: layout(heading.clone()),
            lang,
            status: status.as_u16(),
            heading,
            message: parts.message.in_language(lang),
        }
    }
}

/// The message of an error, in place of the fragment an htmx request asked for.
#[derive(Debug, Template)]
#[template(path = "flash_partial.html")]
struct Flash {
    message: String,
}

/// The key of the heading (and title) of the error page of a status.
fn heading(status: StatusCode) -> &'static str {
    match status.as_u16() {
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

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let WebError::Render(e) = self {
            tracing::error!(error = %e, "a template failed to render");
        }
        if let WebError::SignInRequired { next } = self {
            return see_other(&format!("/signin?next={}", url_encode(next)));
        }
        let status = self.status();
        let parts = ErrorParts {
            heading: heading(status),
            message: self.said(),
        };
        let lang = Language::default();
        let mut response = match ErrorPage::new(status, &parts, lang, Layout::anonymous).render() {
            Ok(body) => html(status, body),
            Err(e) => {
                tracing::error!(error = %e, "the error page failed to render");
                HttpResponse::build(status)
                    .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
                    .body(parts.message.in_language(lang))
            }
        };
        if let Some(seconds) = self.retry_after_secs() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response.extensions_mut().insert(parts);
        response
    }
}

/// An error page drawn again with the signed-in player's navigation and in the reader's
/// language (an error page is made without the request, so it starts out anonymous and in
/// English). If the session cannot be read (the database is down, say) the anonymous page
/// stays.
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
    let page = ErrorPage::new(status, &parts, ctx.lang, |title| {
        Layout::new(&ctx, title, "")
    });
    let Ok(body) = page.render() else {
        return response;
    };
    let mut fresh = html(status, body);
    if let Some(retry) = response.headers().get(header::RETRY_AFTER) {
        fresh
            .headers_mut()
            .insert(header::RETRY_AFTER, retry.clone());
    }
    fresh.extensions_mut().insert(parts);
    response.into_response(fresh)
}

/// A redirect to the sign-in page is the answer, not a failure: the error it came from is
/// dropped, so that the request log does not report it as one.
fn without_sign_in_error(response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    if response.status() != StatusCode::SEE_OTHER || response.response().error().is_none() {
        return response;
    }
    let location = response.headers().get(header::LOCATION).cloned();
    match location {
        Some(location) => response.into_response(
            HttpResponse::SeeOther()
                .insert_header((header::LOCATION, location))
                .finish(),
        ),
        None => response,
    }
}

/// What an htmx request gets instead: a redirect becomes `HX-Redirect` (htmx would follow a
/// 303 itself and swap the page it leads to into the fragment), and an error page becomes its
/// message, in the reader's language, swapped into `#flash`.
async fn for_htmx(response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let status = response.status();
    if status == StatusCode::SEE_OTHER {
        let location = response.headers().get(header::LOCATION).cloned();
        return match location {
            Some(location) => response.into_response(
                HttpResponse::Ok()
                    .insert_header(("HX-Redirect", location))
                    .finish(),
            ),
            None => response,
        };
    }
    if !status.is_client_error() && !status.is_server_error() {
        return response;
    }
    let message = response
        .response()
        .extensions()
        .get::<ErrorParts>()
        .map(|parts| parts.message.clone());
    let Some(said) = message else {
        return response;
    };
    // The reader's language: their account's, else the cookie's or the browser's.
    let lang = match Ctx::extract(response.request()).await {
        Ok(ctx) => ctx.lang,
        Err(_) => language(response.request(), None),
    };
    let body = Flash {
        message: said.in_language(lang),
    }
    .render()
    .unwrap_or_default();
    response.into_response(
        HttpResponse::build(status)
            .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
            .insert_header(("HX-Retarget", "#flash"))
            .insert_header(("HX-Reswap", "innerHTML"))
            .body(body),
    )
}

/// The middleware: error pages are drawn for the reader, or become an inline message in
/// `#flash` for htmx requests, whose redirect to the sign-in page becomes `HX-Redirect`; every
/// web response gets the security headers.
pub async fn htmx_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let htmx = is_htmx(req.request());
    let response = next.call(req).await?.map_into_boxed_body();
    let mut response = if htmx {
        for_htmx(response).await
    } else {
        for_the_viewer(without_sign_in_error(response)).await
    };
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
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

//! Protection against cross-site request forgery: a double-submit token.
//!
//! Every visitor gets a random token in a cookie (`tapis_csrf`); pages put the same token in a
//! hidden `csrf` field of every form and in the `X-CSRF-Token` header of every htmx request.
//! A state-changing request whose token is missing or differs from the cookie is refused with
//! 403 before it reaches a handler. Another site can make a browser send the cookie, but cannot
//! read it to put it in the form or header.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{Error, FromRequest, HttpMessage, ResponseError, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::cookies::{is_secure, site_cookie};
use crate::error::WebError;

/// The cookie holding the token.
pub const CSRF_COOKIE: &str = "tapis_csrf";
/// The form field holding the token.
pub const CSRF_FIELD: &str = "csrf";
/// The header holding the token (set on every htmx request by the page).
pub const CSRF_HEADER: &str = "X-CSRF-Token";

/// The request's CSRF token (put in the request extensions by [`protect`]).
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

fn new_token() -> Result<String, WebError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| {
        WebError::from(tapis_service::ServiceError::internal("no OS randomness", e))
    })?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

fn looks_valid(token: &str) -> bool {
    token.len() == 43
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Compares without stopping at the first difference.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn is_form(req: &ServiceRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"))
}

/// The one state-changing request that carries no token: RFC 8058's one-click unsubscribe,
/// `POST /unsubscribe/{token}`, sent by mail clients with no cookie. The signed token in the
/// address is its proof (a forged one changes nothing), and it can only take mail away.
fn is_one_click_unsubscribe(req: &ServiceRequest) -> bool {
    *req.method() == Method::POST
        && req
            .path()
            .strip_prefix("/unsubscribe/")
            .is_some_and(|token| !token.is_empty() && !token.contains('/'))
}

/// The middleware: gives every visitor a token and checks it on every state-changing request.
pub async fn protect(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, Error> {
    let existing = req
        .cookie(CSRF_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|t| looks_valid(t));
    let token = match &existing {
        Some(token) => token.clone(),
        None => match new_token() {
            Ok(token) => token,
            Err(e) => return Ok(req.error_response(e).map_into_right_body()),
        },
    };
    req.extensions_mut().insert(CsrfToken(token.clone()));

    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && !is_one_click_unsubscribe(&req)
    {
        let header_token = req
            .headers()
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let submitted = match header_token {
            Some(token) => Some(token),
            None if is_form(&req) => {
                // Read the form to find the field, then put the body back for the handler.
                let (http_req, mut payload) = req.into_parts();
                let body = web::Bytes::from_request(&http_req, &mut payload).await?;
                let field = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body)
                    .ok()
                    .and_then(|pairs| {
                        pairs
                            .into_iter()
                            .find(|(name, _)| name == CSRF_FIELD)
                            .map(|(_, value)| value)
                    });
                req = ServiceRequest::from_parts(http_req, Payload::from(body));
                field
            }
            None => None,
        };
        let accepted =
            matches!((&existing, &submitted), (Some(expected), Some(got)) if same(expected, got));
        if !accepted {
            tracing::info!(path = %req.path(), "request refused: missing or wrong CSRF token");
            let error = WebError::Csrf;
            let response = error.error_response();
            return Ok(req.into_response(response).map_into_right_body());
        }
    }

    let secure = is_secure(req.request());
    let mut response = next.call(req).await?;
    if existing.is_none() {
        response
            .response_mut()
            .add_cookie(&site_cookie(CSRF_COOKIE, &token, secure))?;
    }
    Ok(response.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_well_formed() {
        let a = new_token().ok().unwrap_or_default();
        let b = new_token().ok().unwrap_or_default();
        assert!(looks_valid(&a) && looks_valid(&b));
        assert_ne!(a, b);
    }

    #[test]
    fn comparison_needs_equal_tokens() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "abcd"));
    }
}

//! The request log: one span per request with tracing-actix-web's fields (method, route,
//! target, client, status...), which every line logged while serving the request carries.
//!
//! What differs from tracing-actix-web's own builder:
//! - the target leaves out the secrets of mail links ([`logged_target`]): the token of an
//!   unsubscribe link (`/unsubscribe/{token}`) and of a verification link (`?token=`), which
//!   would otherwise be in every line logged while serving them;
//! - a failed request is logged at the level it deserves ([`failure_level`]): a warning for what
//!   the client did (4xx) and for an outage (503: the database is out of reach, nothing
//!   changed), an error only for a fault of ours (any other 5xx);
//! - a request too large or too malformed to be read (431 for oversized headers, 400), which
//!   actix-http refuses before any of this runs and logs as an error, is logged as a warning
//!   ([`ClientFaultsAreWarnings`], a layer of the process's subscriber).

use std::borrow::Cow;
use std::fmt::Write as _;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::{Error, HttpMessage, ResponseError};
use tracing::field::{Empty, Field, Visit};
use tracing::{Event, Level, Span, Subscriber};
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};
use tracing_subscriber::layer::{Context, Layer};

/// What stands in the log for a secret of the address.
pub const REDACTED: &str = "[redacted]";

/// The path segments after which every segment is a secret (`/unsubscribe/{token}`).
const SECRET_AFTER: [&str; 1] = ["unsubscribe"];

/// The query parameters whose values are secrets (`/email/verify?token=`).
const SECRET_PARAMETERS: [&str; 1] = ["token"];

/// The root span builder of the server's [`TracingLogger`](tracing_actix_web::TracingLogger).
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestLog;

impl RootSpanBuilder for RequestLog {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let user_agent = request
            .headers()
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "default".to_owned());
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map(ToString::to_string)
            .unwrap_or_default();
        let connection = request.connection_info();
        let method = request.method().as_str();
        tracing::info_span!(
            "HTTP request",
            http.method = %method,
            http.route = %route,
            http.flavor = ?request.version(),
            http.scheme = %connection.scheme(),
            http.host = %connection.host(),
            http.client_ip = %connection.realip_remote_addr().unwrap_or(""),
            http.user_agent = %user_agent,
            http.target = %logged_target(request.path(), request.query_string()),
            http.status_code = Empty,
            otel.name = %format!("{method} {route}"),
            otel.kind = "server",
            otel.status_code = Empty,
            request_id = %request_id,
            exception.message = Empty,
            exception.details = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let failure: Option<(StatusCode, &dyn ResponseError)> = match outcome {
            Ok(response) => response
                .response()
                .error()
                .map(|error| (response.status(), error.as_response_error())),
            Err(error) => {
                let error = error.as_response_error();
                Some((error.status_code(), error))
            }
        };
        // The status, and the error's display and details, recorded on the span.
        DefaultRootSpanBuilder::on_request_end(span, outcome);
        if let Some((status, error)) = failure {
            let status = status.as_u16();
            if failure_level(status) == Level::ERROR {
                tracing::error!(status, "the request failed: {error}");
            } else {
                tracing::warn!(status, "the request was refused: {error}");
            }
        }
    }
}

/// The level a failed request is logged at: a warning for what the client did (4xx) and for an
/// outage (503: the database is out of reach, nothing changed; the client may try again), an
/// error for a fault of ours (any other 5xx, whose cause was logged where it happened).
pub fn failure_level(status: u16) -> Level {
    if status >= 500 && status != 503 {
        Level::ERROR
    } else {
        Level::WARN
    }
}

/// The address of a request as the log shows it (`path?query`): every path segment after
/// `unsubscribe`, and the value of every `token` parameter of the query, replaced by
/// [`REDACTED`]. Names are compared as the router and the query's reader see them (decoded,
/// so `/unsubscrib%65/` or `?t%6Fken=` are caught too); the rest is kept as it came.
pub fn logged_target(path: &str, query: &str) -> String {
    let mut out = String::with_capacity(path.len() + query.len() + 1);
    let mut secret = false;
    for (i, segment) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        if secret && !segment.is_empty() {
            out.push_str(REDACTED);
            continue;
        }
        out.push_str(segment);
        let name = decoded(segment);
        secret = SECRET_AFTER
            .iter()
            .any(|after| name.eq_ignore_ascii_case(after));
    }
    if query.is_empty() {
        return out;
    }
    out.push('?');
    for (i, pair) in query.split('&').enumerate() {
        if i > 0 {
            out.push('&');
        }
        let (name, value) = match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        };
        out.push_str(name);
        if let Some(value) = value {
            out.push('=');
            let name = name.replace('+', " ");
            let name = decoded(&name);
            let is_secret = SECRET_PARAMETERS
                .iter()
                .any(|parameter| name.trim().eq_ignore_ascii_case(parameter));
            out.push_str(if is_secret { REDACTED } else { value });
        }
    }
    out
}

/// `text` with its `%XX` escapes decoded (an escape that is not one is kept as it is).
fn decoded(text: &str) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let mut rest = text.as_bytes();
    let mut out = Vec::with_capacity(rest.len());
    while let Some((&byte, after)) = rest.split_first() {
        let escaped = match after {
            [high, low, ..] if byte == b'%' => hex_digit(*high)
                .zip(hex_digit(*low))
                .map(|(high, low)| high * 16 + low),
            _ => None,
        };
        match escaped {
            Some(decoded) => {
                out.push(decoded);
                rest = after.get(2..).unwrap_or_default();
            }
            None => {
                out.push(byte);
                rest = after;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// The value of a hexadecimal digit.
fn hex_digit(digit: u8) -> Option<u8> {
    char::from(digit)
        .to_digit(16)
        .and_then(|value| u8::try_from(value).ok())
}

/// The target of actix-http's dispatcher, which refuses the requests it cannot read.
const DISPATCHER: &str = "actix_http::h1::dispatcher";

/// How the dispatcher's error about a request it could not read begins: a head too large (431:
/// oversized or too many headers), a malformed method, URI, version or header (400). Only the
/// client can cause these.
const UNREADABLE_REQUEST: &str = "stream error: request parse error: ";

/// A layer of the process's subscriber that turns actix-http's error about a request it could
/// not read ([`UNREADABLE_REQUEST`]: the client sent oversized headers or a malformed request,
/// answered 431 or 400) into a warning: the error is dropped before any layer records it, and a
/// warning saying the same is logged in its place.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientFaultsAreWarnings;

impl<S: Subscriber> Layer<S> for ClientFaultsAreWarnings {
    fn event_enabled(&self, event: &Event<'_>, _: Context<'_, S>) -> bool {
        let metadata = event.metadata();
        if *metadata.level() != Level::ERROR || metadata.target() != DISPATCHER {
            return true;
        }
        let mut message = Message::default();
        event.record(&mut message);
        match message.0.strip_prefix(UNREADABLE_REQUEST) {
            Some(reason) => {
                tracing::warn!(
                    target: "tapis_server::request_log",
                    reason,
                    "a request that could not be read was refused"
                );
                false
            }
            None => true,
        }
    }
}

/// The `message` field of an event.
#[derive(Debug, Default)]
struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.0, "{value:?}");
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0.push_str(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tokens_of_mail_links_are_left_out() {
        for (path, query, logged) in [
            (
                "/unsubscribe/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
                "",
                "/unsubscribe/[redacted]",
            ),
            ("/unsubscribe/abc/", "", "/unsubscribe/[redacted]/"),
            (
                "/unsubscribe/abc/def",
                "",
                "/unsubscribe/[redacted]/[redacted]",
            ),
            ("/UNSUBSCRIBE/abc", "", "/UNSUBSCRIBE/[redacted]"),
            ("/unsubscrib%65/abc", "", "/unsubscrib%65/[redacted]"),
            ("/unsubscribe/abc", "x=1", "/unsubscribe/[redacted]?x=1"),
            ("/unsubscribe", "", "/unsubscribe"),
            (
                "/email/verify",
                "token=eyJhbGciOi.secret.sig",
                "/email/verify?token=[redacted]",
            ),
            (
                "/email/verify",
                "lang=fr&token=abc&x",
                "/email/verify?lang=fr&token=[redacted]&x",
            ),
            (
                "/email/verify",
                "TOKEN=abc",
                "/email/verify?TOKEN=[redacted]",
            ),
            (
                "/email/verify",
                "t%6Fken=abc",
                "/email/verify?t%6Fken=[redacted]",
            ),
            (
                "/email/verify",
                "token+=abc",
                "/email/verify?token+=[redacted]",
            ),
            (
                "/email/verify",
                "token=a&token=b",
                "/email/verify?token=[redacted]&token=[redacted]",
            ),
        ] {
            assert_eq!(logged_target(path, query), logged, "{path}?{query}");
        }
    }

    #[test]
    fn other_addresses_are_logged_as_they_came() {
        for (path, query, logged) in [
            ("/", "", "/"),
            (
                "/lobby",
                "game=yams&status=open",
                "/lobby?game=yams&status=open",
            ),
            ("/matches/1", "", "/matches/1"),
            ("/api/v1/tokens", "", "/api/v1/tokens"),
            (
                "/signin",
                "next=%2Funsubscribe%2Fx",
                "/signin?next=%2Funsubscribe%2Fx",
            ),
            ("/x%zz/y", "a=%zz", "/x%zz/y?a=%zz"),
            (
                "/players/tokenized",
                "tokens=1",
                "/players/tokenized?tokens=1",
            ),
        ] {
            assert_eq!(logged_target(path, query), logged, "{path}?{query}");
        }
    }

    #[test]
    fn outages_and_refusals_are_warnings_and_our_faults_errors() {
        for status in [400, 401, 403, 404, 409, 413, 422, 429, 431, 503] {
            assert_eq!(failure_level(status), Level::WARN, "{status}");
        }
        for status in [500, 501, 502, 504] {
            assert_eq!(failure_level(status), Level::ERROR, "{status}");
        }
    }
}

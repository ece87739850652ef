//! The error responses many routes share, as reusable `components/responses` of the OpenAPI
//! document: each handler lists the ones it can answer (`(status = 401, response =
//! Unauthorized)`), and the document refers to one definition instead of repeating it.
//!
//! Every one is a [`Problem`](crate::problem::Problem) as `application/problem+json`.

use std::collections::BTreeMap;

use actix_web::HttpResponse;
use serde::Serialize;

use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{Content, Ref, RefOr};
use utoipa::{IntoResponses, ToResponse};

use crate::problem::ApiError;

/// The media type of every error.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// A problem response described by `description`.
fn problem(description: &str) -> ResponseBuilder {
    ResponseBuilder::new().description(description).content(
        PROBLEM_JSON,
        Content::new(Some(Ref::from_schema_name("Problem"))),
    )
}

/// A problem response that says in `Retry-After` when to try again.
fn problem_with_retry_after(description: &str, header: &str) -> RefOr<Response> {
    problem(description)
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .minimum(Some(0)),
                ))
                .description(Some(header))
                .build(),
        )
        .build()
        .into()
}

/// Declares a unit type whose [`ToResponse`] is the problem response built by `$build`.
macro_rules! shared_response {
    ($(#[$doc:meta])* $ty:ident, $build:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $ty;

        impl<'r> ToResponse<'r> for $ty {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($ty), $build)
            }
        }
    };
}

shared_response!(
    /// 400: the body is not JSON.
    InvalidJson,
    problem("`invalid_json`: the body is not valid JSON").build().into()
);

shared_response!(
    /// 401: a bearer route without a valid token.
    Unauthorized,
    problem(
        "`unauthenticated`: the Authorization header is missing or malformed, or its token is \
         expired, forged or revoked (the response carries `WWW-Authenticate: Bearer`)",
    )
    .build()
    .into()
);

shared_response!(
    /// 403: a personal API token without the scope the route needs, or a suspended account.
    MissingScope,
    problem(
        "`missing_scope`: a personal API token without the scope this route needs (the \
         operation's `security` names it; the problem's `scope` too); a session may call every \
         route. `account_suspended`: a moderator suspended the account (`detail` says until \
         when)",
    )
    .build()
    .into()
);

shared_response!(
    /// 403: a token of a suspended account, on a route where a token is optional.
    Suspended,
    problem(
        "`account_suspended`: a token was given, and a moderator suspended its account \
         (`detail` says until when); send none to read as a visitor",
    )
    .build()
    .into()
);

shared_response!(
    /// 404: nothing at this address (a malformed id too).
    NotFound,
    problem("`not_found`: no such resource (a malformed id included)").build().into()
);

shared_response!(
    /// 413: the body is over the limit.
    PayloadTooLarge,
    problem("`payload_too_large`: the body is over 64 KiB").build().into()
);

shared_response!(
    /// 415: the body is not sent as JSON.
    UnsupportedMediaType,
    problem("`unsupported_media_type`: send the body as `application/json`")
        .build()
        .into()
);

shared_response!(
    /// 422: a field is missing, of the wrong type or out of range.
    ValidationFailed,
    problem("`validation_failed`: a field is missing, of the wrong type or out of range; `field` names it")
        .build()
        .into()
);

shared_response!(
    /// 429: too many failed attempts.
    RateLimited,
    problem_with_retry_after(
        "`rate_limited`: too many failed attempts; wait the seconds `Retry-After` says",
        "Seconds to wait before trying again",
    )
);

shared_response!(
    /// 429: one more event stream would pass a cap.
    TooManyStreams,
    problem_with_retry_after(
        "`too_many_streams`: this address, this account or the server holds as many event \
         streams as it may (`docs/limits.md`); close one, or wait the seconds `Retry-After` says",
        "Seconds to wait before trying again",
    )
);

shared_response!(
    /// 503: the database cannot be reached for now.
    ServiceUnavailable,
    problem_with_retry_after(
        "`database_unavailable`: the database cannot be reached for now; nothing was changed, \
         try again after `Retry-After` seconds",
        "Seconds to wait before trying again",
    )
);

/// What a handler answers: a response, or an error the client reads as a problem.
pub type Reply = Result<HttpResponse, ApiError>;

/// A 200 with `body` as JSON.
pub fn ok(body: impl Serialize) -> Reply {
    Ok(HttpResponse::Ok().json(body))
}

/// A 201 with `body` (what was made) as JSON.
pub fn created(body: impl Serialize) -> Reply {
    Ok(HttpResponse::Created().json(body))
}

/// A 204: done, nothing to say.
pub fn no_content() -> Reply {
    Ok(HttpResponse::NoContent().finish())
}

/// Refers to shared responses, each under its status.
fn refer<const N: usize>(shared: [(&str, &str); N]) -> BTreeMap<String, RefOr<Response>> {
    shared
        .into_iter()
        .map(|(status, name)| (status.to_owned(), Ref::from_response_name(name).into()))
        .collect()
}

/// Declares a unit type whose [`IntoResponses`] refers to shared responses: what many routes
/// answer alike, listed as one name (`responses(..., Guarded)`).
macro_rules! shared_responses {
    ($(#[$doc:meta])* $ty:ident: $($status:literal => $shared:ident),+) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $ty;

        impl IntoResponses for $ty {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                refer([$(($status, $shared::response().0)),+])
            }
        }
    };
}

shared_responses!(
    /// 400, 413 and 415: a JSON body refused before the handler reads it (every route that
    /// takes one lists these).
    BodyRejected: "400" => InvalidJson, "413" => PayloadTooLarge, "415" => UnsupportedMediaType
);

shared_responses!(
    /// 401, 403 and 503: a route behind a token scope, refused without a valid token or without
    /// the scope, or while the database cannot be reached.
    Guarded: "401" => Unauthorized, "403" => MissingScope, "503" => ServiceUnavailable
);

shared_responses!(
    /// 401, 404 and 503: a route about one match (or other resource) named by its address,
    /// whose 403 (where it has one) says more than a missing scope.
    GuardedOne: "401" => Unauthorized, "404" => NotFound, "503" => ServiceUnavailable
);

shared_responses!(
    /// 401, 403, 404 and 503: a route about one resource named by its address, whose only 403
    /// is a missing scope (or a suspended account).
    ScopedOne: "401" => Unauthorized, "403" => MissingScope, "404" => NotFound, "503" => ServiceUnavailable
);

shared_responses!(
    /// 404 and 503: a public read of one resource named by its address.
    PublicOne: "404" => NotFound, "503" => ServiceUnavailable
);

/// Declares a unit type whose [`IntoResponses`] is problem responses written out in place (not
/// references to `components/responses`): refusals that several routes describe alike, listed
/// as one name (`responses(..., NotAPlayer)`).
macro_rules! inline_problems {
    ($(#[$doc:meta])* $ty:ident: $($status:literal => $description:literal),+) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $ty;

        impl IntoResponses for $ty {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                BTreeMap::from([$(($status.to_owned(), problem($description).build().into())),+])
            }
        }
    };
}

inline_problems!(
    /// 403 on a route for a match's players.
    NotAPlayer: "403" => "`not_a_player`, or `missing_scope`: a personal API token without the `play` scope (`scope` names it)"
);

inline_problems!(
    /// 403 on a route for the players invited to an open match.
    NotInvited: "403" => "`not_invited`, or `missing_scope`: a personal API token without the `play` scope (`scope` names it)"
);

inline_problems!(
    /// 409 on a route for open matches.
    MatchNotOpen: "409" => "`match_not_open`"
);

inline_problems!(
    /// 403 on a moderators' route.
    NotAModerator: "403" => "`not_a_moderator`: the caller is not a moderator; or `missing_scope`, `account_suspended`"
);

inline_problems!(
    /// 403 on a route for a tournament's organiser.
    NotTheOrganiser: "403" => "`not_the_organiser`, or `missing_scope`"
);

inline_problems!(
    /// 403 on a league route that a computer player calls.
    NoBotsInLeagues: "403" => "`bots_not_allowed`: computer players never sit in leagues; or `missing_scope`"
);

inline_problems!(
    /// 404 and 422 on a route about another player named in its address.
    OtherPlayer: "404" => "`not_found`: no such player", "422" => "`validation_failed`: the caller named themselves"
);

inline_problems!(
    /// 404 on a route about a player's figures in one game.
    NoSuchUserOrGame: "404" => "`not_found`: no such user or game"
);

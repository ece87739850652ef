//! Accounts, sessions, profiles and personal API tokens.

use actix_web::web::{Data, Path};
use actix_web::{delete, get, post};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::identity::accounts::{self, Session, SignInAttempt, User};
use tapis_service::identity::api_tokens::{self, ApiToken, NewApiToken};
use tapis_service::identity::scopes::Scope;
use tapis_service::players::{self, Profile};
use tapis_service::time::vacation::{self, VacationStatus};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::extract::scope::{Account, Read, Tokens};
use crate::extract::{Body, Caller, Client};
use crate::problem::Problem;
use crate::responses::{
    BodyRejected, Guarded, NotFound, PublicOne, RateLimited, Reply, ServiceUnavailable,
    Unauthorized, ValidationFailed, created, no_content, ok,
};

/// Credentials.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3–24 letters, digits, `_` or `-`; unique without regard to case.
    #[schema(pattern = "^[A-Za-z0-9_-]{3,24}$", min_length = 3, max_length = 24)]
    pub username: String,
    /// 8–128 characters.
    #[schema(min_length = 8, max_length = 128)]
    pub password: String,
}

/// A new API token: its name and what it may do.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// 1–64 characters, to recognise the token in the list.
    #[schema(min_length = 1, max_length = 64)]
    pub name: String,
    /// What the token may do: one or more of `play`, `read`, `account`, `webhooks`, `tokens`
    /// (`docs/api.md`, "Token scopes"). Missing: `["play", "read"]`; an empty list or an
    /// unknown scope is refused (422 on `scopes`). A token making a token cannot give it a
    /// scope it lacks itself (403 `missing_scope`).
    #[serde(default)]
    #[schema(value_type = Option<Vec<Scope>>, min_items = 1, examples(json!(["play", "read"])))]
    pub scopes: Option<Vec<String>>,
}

/// A password change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    pub current_password: String,
    /// 8–128 characters.
    #[schema(min_length = 8, max_length = 128)]
    pub new_password: String,
}

/// Create an account; returns a session token.
#[utoipa::path(post, path = "/api/v1/accounts", tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 201, description = "Account created and signed in", body = Session),
        BodyRejected,
        (status = 409, description = "`username_taken`", body = Problem, content_type = "application/problem+json"),
        (status = 422, response = ValidationFailed),
        (status = 429, description = "`rate_limited`: this address created its share of accounts lately (5 by default, then each further one waits twice as long as the one before; `docs/limits.md`): wait the seconds `Retry-After` says", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[post("/accounts")]
pub async fn sign_up(services: Data<Services>, client: Client, body: Body<Credentials>) -> Reply {
    let session =
        accounts::sign_up(&services, &body.0.username, &body.0.password, &client.0).await?;
    created(session)
}

/// Sign in with a username and password; returns a session token (JWT).
#[utoipa::path(post, path = "/api/v1/sessions", tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 200, description = "Signed in", body = Session),
        BodyRejected,
        (status = 401, description = "`invalid_credentials`: wrong username or password", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`account_suspended`: the password is right, but a moderator suspended the account (`detail` says until when)", body = Problem, content_type = "application/problem+json"),
        (status = 422, response = ValidationFailed),
        (status = 429, response = RateLimited),
        (status = 503, response = ServiceUnavailable),
    ))]
#[post("/sessions")]
pub async fn sign_in(services: Data<Services>, client: Client, body: Body<Credentials>) -> Reply {
    let attempt = SignInAttempt {
        username: &body.0.username,
        password: &body.0.password,
        address: client.0.address.as_deref(),
        device: None,
        user_agent: client.0.user_agent.as_deref(),
    };
    let signed_in = accounts::sign_in(&services, attempt).await?;
    ok(signed_in.session)
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/v1/me", tag = "accounts", security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The signed-in user", body = User),
        Guarded,
    ))]
#[get("/me")]
pub async fn me(services: Data<Services>, caller: Caller<Read>) -> Reply {
    ok(accounts::user(&services, caller.0.user_id).await?)
}

/// Change the signed-in user's password.
#[utoipa::path(post, path = "/api/v1/me/password", tag = "accounts", security(("bearer" = ["account"])),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "Changed"),
        BodyRejected,
        Guarded,
        (status = 422, description = "`validation_failed`: the new password is too short or too long, or `current_password` is wrong", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/me/password")]
pub async fn change_password(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<PasswordChange>,
) -> Reply {
    accounts::change_password(
        &services,
        &caller.0,
        &body.0.current_password,
        &body.0.new_password,
    )
    .await?;
    no_content()
}

/// The start of a vacation.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VacationRequest {
    /// When the vacation ends: a date and time (RFC 3339), or a date (`YYYY-MM-DD`) for the
    /// end of that day, UTC. It takes `ceil((until - now) / 24 h)` days from the allowance.
    #[schema(examples("2026-08-15", "2026-08-15T18:00:00Z"))]
    pub until: String,
}

/// The signed-in player's vacation, and the days of vacation left this calendar year.
#[utoipa::path(get, path = "/api/v1/me/vacation", tag = "accounts", security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The vacation (`on_vacation_until` null when not on vacation) and the days left", body = VacationStatus),
        Guarded,
    ))]
#[get("/me/vacation")]
pub async fn vacation_status(services: Data<Services>, caller: Caller<Read>) -> Reply {
    ok(vacation::status(&services, &caller.0).await?)
}

/// Go on vacation until `until`: the clocks of the caller's moves stop until they return.
#[utoipa::path(post, path = "/api/v1/me/vacation", tag = "accounts", security(("bearer" = ["account"])),
    request_body = VacationRequest,
    responses(
        (status = 200, description = "On vacation; the days it took are gone from `days_left`", body = VacationStatus),
        BodyRejected,
        Guarded,
        (status = 409, description = "`already_on_vacation`: return first to start another; `deadline_passed`: the caller's time for a move has already run out in one of their matches (the clock records the time-out)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed` on `until`: not a date (`until_format`), not in the future (`until_past`), or longer than the days left (`vacation_allowance`)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/me/vacation")]
pub async fn start_vacation(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<VacationRequest>,
) -> Reply {
    ok(vacation::start(&services, &caller.0, &body.0.until).await?)
}

/// Back from vacation early: the whole days not begun return to the allowance, and the
/// paused clocks run again with the time they had left.
#[utoipa::path(delete, path = "/api/v1/me/vacation", tag = "accounts", security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "Back; `on_vacation_until` is null", body = VacationStatus),
        Guarded,
        (status = 409, description = "`not_on_vacation`", body = Problem, content_type = "application/problem+json"),
    ))]
#[delete("/me/vacation")]
pub async fn end_vacation(services: Data<Services>, caller: Caller<Account>) -> Reply {
    ok(vacation::end(&services, &caller.0).await?)
}

/// A player's public profile, with their current rating in every game.
#[utoipa::path(get, path = "/api/v1/users/{username}", operation_id = "get_profile", tag = "accounts",
    params(("username" = String, Path)),
    responses(
        (status = 200, description = "The profile", body = Profile),
        PublicOne,
    ))]
#[get("/users/{username}")]
pub async fn profile(services: Data<Services>, username: Path<String>) -> Reply {
    ok(players::profile(&services, &username).await?)
}

/// Create a personal API token with the scopes asked for. Its secret is shown only in this
/// response. Made with a token, it gets no scope that token lacks, and is revoked with it.
#[utoipa::path(post, path = "/api/v1/tokens", tag = "tokens", security(("bearer" = ["tokens"])),
    request_body = TokenRequest,
    responses(
        (status = 201, description = "Created; its secret, `token`, is shown only here", body = NewApiToken),
        BodyRejected,
        (status = 401, response = Unauthorized),
        (status = 403, description = "`missing_scope`: a personal API token without the `tokens` scope, or asking for a scope it does not have itself (`scope` names it)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed` on `name` (`token_name_length`) or `scopes` (`token_scope_unknown`, `token_scopes_empty`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[post("/tokens")]
pub async fn create_token(
    services: Data<Services>,
    caller: Caller<Tokens>,
    body: Body<TokenRequest>,
) -> Reply {
    let request = body.0;
    let token = api_tokens::create(
        &services,
        &caller.0,
        &request.name,
        request.scopes.as_deref(),
    )
    .await?;
    created(token)
}

/// The caller's personal API tokens (never their secrets), with their last use.
#[utoipa::path(get, path = "/api/v1/tokens", tag = "tokens", security(("bearer" = ["tokens"])),
    responses(
        (status = 200, description = "The tokens, newest first", body = Vec<ApiToken>),
        Guarded,
    ))]
#[get("/tokens")]
pub async fn list_tokens(services: Data<Services>, caller: Caller<Tokens>) -> Reply {
    ok(api_tokens::list(&services, &caller.0).await?)
}

/// Revoke a personal API token; it stops working at once, and so do the tokens made with it.
#[utoipa::path(delete, path = "/api/v1/tokens/{id}", tag = "tokens", security(("bearer" = ["tokens"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Revoked"),
        Guarded,
        (status = 404, response = NotFound),
    ))]
#[delete("/tokens/{id}")]
pub async fn revoke_token(
    services: Data<Services>,
    caller: Caller<Tokens>,
    id: Path<Uuid>,
) -> Reply {
    api_tokens::revoke(&services, &caller.0, id.into_inner()).await?;
    no_content()
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(sign_up)
        .service(sign_in)
        .service(me)
        .service(change_password)
        .service(vacation_status)
        .service(start_vacation)
        .service(end_vacation)
        .service(profile)
        .service(create_token)
        .service(list_tokens)
        .service(revoke_token);
}

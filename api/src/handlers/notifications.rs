//! The signed-in player's e-mail address and notification settings (`docs/notifications.md`).

use actix_web::web::Data;
use actix_web::{HttpResponse, get, put};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::delivery::notifications::settings::{self, NotificationSettings};
use utoipa::ToSchema;

use crate::extract::scope::{Account, Read};
use crate::extract::{Body, Caller};
use crate::problem::Problem;
use crate::responses::{BodyRejected, Guarded, Reply, ok};

/// An address to mail notifications to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailRequest {
    /// One address, without a display name; at most 254 characters.
    #[schema(examples("ada@example.com"), max_length = 254)]
    pub email: String,
}

/// The events to mail and the digest limit.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NotificationRequest {
    /// A subset of `your_turn`, `invitation`, `deadline_soon`, `match_finished` (empty: no
    /// mail at all).
    #[schema(examples(json!(["your_turn", "match_finished"])))]
    pub events: Vec<String>,
    /// At most one "your turn" mail per match per this many hours: 1 to 168.
    #[schema(minimum = 1, maximum = 168, examples(12))]
    pub digest_hours: i64,
}

/// Give the address to mail notifications to. A verification link is mailed to it; the
/// address is used only once that link is followed (within 48 hours). Giving another address
/// replaces the one before (unverified until its own link is followed); giving the address
/// already verified changes nothing.
#[utoipa::path(put, path = "/api/v1/me/email", tag = "accounts", security(("bearer" = ["account"])),
    request_body = EmailRequest,
    responses(
        (status = 202, description = "Accepted: a verification link is being mailed (none when the address was already verified); the settings as they are now", body = NotificationSettings),
        BodyRejected,
        Guarded,
        (status = 422, description = "`validation_failed` on `email` (`email_invalid`): not one e-mail address", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: the account asked for 5 verification mails in the last day, or the address received 3 (`docs/limits.md`); nothing changed, wait the seconds `Retry-After` says", body = Problem, content_type = "application/problem+json"),
    ))]
#[put("/me/email")]
pub async fn set_email(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<EmailRequest>,
) -> Reply {
    let (now, _mailed) = settings::set_email(&services, &caller.0, &body.0.email).await?;
    Ok(HttpResponse::Accepted().json(now))
}

/// The caller's address (and whether it is verified), the events mailed and the digest
/// limit.
#[utoipa::path(get, path = "/api/v1/me/notifications", tag = "accounts", security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The settings (all four events and 12 hours until chosen)", body = NotificationSettings),
        Guarded,
    ))]
#[get("/me/notifications")]
pub async fn get_settings(services: Data<Services>, caller: Caller<Read>) -> Reply {
    ok(settings::get(&services, &caller.0).await?)
}

/// Choose the events mailed and the digest limit (they apply once an address is verified).
#[utoipa::path(put, path = "/api/v1/me/notifications", tag = "accounts", security(("bearer" = ["account"])),
    request_body = NotificationRequest,
    responses(
        (status = 200, description = "Saved; the settings as they are now", body = NotificationSettings),
        BodyRejected,
        Guarded,
        (status = 422, description = "`validation_failed` on `events` (`event_unknown`) or `digest_hours` (`digest_range`: not from 1 to 168); nothing changed", body = Problem, content_type = "application/problem+json"),
    ))]
#[put("/me/notifications")]
pub async fn put_settings(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<NotificationRequest>,
) -> Reply {
    let request = body.0;
    ok(settings::update(&services, &caller.0, &request.events, request.digest_hours).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(set_email)
        .service(get_settings)
        .service(put_settings);
}

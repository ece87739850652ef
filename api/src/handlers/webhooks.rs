//! The caller's webhooks: register one (its secret is shown once), list them, delete one, and
//! read the last attempts to call one. How deliveries are made and signed: `docs/webhooks.md`.

use actix_web::web::{Data, Path};
use actix_web::{delete, get, post};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::delivery::webhooks::registration::{self, Attempt, NewWebhook, Webhook};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::extract::scope::Webhooks;
use crate::extract::{Body, Caller};
use crate::problem::Problem;
use crate::responses::{BodyRejected, Guarded, NotFound, Reply, created, no_content, ok};

/// A webhook to register.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WebhookRequest {
    /// The URL to `POST` deliveries to: `https` (in development also `http://127.0.0.1` or
    /// `http://localhost`), at a public address.
    #[schema(examples("https://bot.example.org/tapis"))]
    pub url: String,
    /// The events to deliver, at least one of `your_turn`, `match_started`,
    /// `match_finished`, `invitation`, `invitation_declined`, `match_cancelled`,
    /// `deadline_soon`.
    #[schema(examples(json!(["your_turn", "match_finished"])))]
    pub events: Vec<String>,
}

/// Register a webhook: Tapis will `POST` the chosen events of the caller to its URL, signed
/// with the secret returned here (and only here).
#[utoipa::path(post, path = "/api/v1/webhooks", operation_id = "create_webhook", tag = "webhooks",
    security(("bearer" = ["webhooks"])),
    request_body = WebhookRequest,
    responses(
        (status = 201, description = "Registered; `secret` is shown only in this response", body = NewWebhook),
        BodyRejected,
        Guarded,
        (status = 409, description = "`too_many_webhooks`: the account has 10 webhooks already; delete one first", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`webhook_url_refused`: a URL Tapis will not call (not https, credentials in it, or an address that is not public: private, loopback, link-local, unique-local, CGNAT...); or `validation_failed` on `url` (missing, too long, not an absolute URL) or `events` (empty, or an unknown event)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/webhooks")]
pub async fn create(
    services: Data<Services>,
    caller: Caller<Webhooks>,
    body: Body<WebhookRequest>,
) -> Reply {
    let request = body.0;
    let webhook = registration::create(&services, &caller.0, &request.url, &request.events).await?;
    created(webhook)
}

/// The caller's webhooks, oldest first, without their secrets; a disabled one says when and
/// why.
#[utoipa::path(get, path = "/api/v1/webhooks", operation_id = "list_webhooks", tag = "webhooks",
    security(("bearer" = ["webhooks"])),
    responses(
        (status = 200, description = "The caller's webhooks", body = Vec<Webhook>),
        Guarded,
    ))]
#[get("/webhooks")]
pub async fn list(services: Data<Services>, caller: Caller<Webhooks>) -> Reply {
    ok(registration::list(&services, &caller.0).await?)
}

/// Delete one of the caller's webhooks: deliveries not yet made are dropped.
#[utoipa::path(delete, path = "/api/v1/webhooks/{id}", operation_id = "delete_webhook", tag = "webhooks",
    security(("bearer" = ["webhooks"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Deleted"),
        Guarded,
        (status = 404, response = NotFound),
    ))]
#[delete("/webhooks/{id}")]
pub async fn remove(services: Data<Services>, caller: Caller<Webhooks>, id: Path<Uuid>) -> Reply {
    registration::delete(&services, &caller.0, id.into_inner()).await?;
    no_content()
}

/// The last 100 attempts to call one of the caller's webhooks, newest first: the event, the
/// receiver's status, when, and what went wrong (never the receiver's response body).
#[utoipa::path(get, path = "/api/v1/webhooks/{id}/deliveries", operation_id = "list_webhook_deliveries", tag = "webhooks",
    security(("bearer" = ["webhooks"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "The last attempts, newest first", body = Vec<Attempt>),
        Guarded,
        (status = 404, response = NotFound),
    ))]
#[get("/webhooks/{id}/deliveries")]
pub async fn deliveries(
    services: Data<Services>,
    caller: Caller<Webhooks>,
    id: Path<Uuid>,
) -> Reply {
    ok(registration::attempts(&services, &caller.0, id.into_inner()).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(create)
        .service(list)
        .service(remove)
        .service(deliveries);
}

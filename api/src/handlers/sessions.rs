//! The caller's sessions: list them, end one, or end them all ("sign out everywhere").
//! Signing in (`POST /api/v1/sessions`) is with the accounts.

use actix_web::web::{Data, Path};
use actix_web::{delete, get};
use tapis_service::Services;
use tapis_service::identity::sessions::{self, SessionInfo};
use uuid::Uuid;

use crate::extract::Caller;
use crate::extract::scope::Account;
use crate::responses::{Guarded, NotFound, Reply, no_content, ok};

/// The caller's active sessions, most recently used first (`current` marks the caller's own).
#[utoipa::path(get, path = "/api/v1/sessions", operation_id = "list_sessions", tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The caller's active sessions", body = Vec<SessionInfo>),
        Guarded,
    ))]
#[get("/sessions")]
pub async fn list(services: Data<Services>, caller: Caller<Account>) -> Reply {
    ok(sessions::list(&services, &caller.0).await?)
}

/// End one of the caller's sessions: its token stops working at once.
#[utoipa::path(delete, path = "/api/v1/sessions/{id}", operation_id = "end_session", tag = "accounts",
    security(("bearer" = ["account"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Ended"),
        Guarded,
        (status = 404, response = NotFound),
    ))]
#[delete("/sessions/{id}")]
pub async fn end(services: Data<Services>, caller: Caller<Account>, id: Path<Uuid>) -> Reply {
    sessions::end(&services, &caller.0, id.into_inner()).await?;
    no_content()
}

/// End every session of the caller ("sign out everywhere"); personal API tokens keep working.
#[utoipa::path(delete, path = "/api/v1/sessions", operation_id = "end_all_sessions", tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 204, description = "Every session ended"),
        Guarded,
    ))]
#[delete("/sessions")]
pub async fn end_all(services: Data<Services>, caller: Caller<Account>) -> Reply {
    sessions::end_all(&services, &caller.0).await?;
    no_content()
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(list).service(end).service(end_all);
}

//! Reports, the notices of moderators' actions, and the moderators' routes (403
//! `not_a_moderator` for everyone else; the role is given on the command line only).

use actix_web::web::{Data, Query};
use actix_web::{get, post};
use serde::Deserialize;
use tapis_service::Services;
use tapis_service::moderation::{
    self, ActionRecord, ActionRequest, Notice, OpenReport, ReportRequest, Reported,
};
use utoipa::{IntoParams, ToSchema};

use crate::extract::scope::{Account, Read};
use crate::extract::{Body, Caller};
use crate::problem::Problem;
use crate::responses::{
    BodyRejected, Guarded, NotAModerator, NotFound, Reply, ServiceUnavailable, Unauthorized,
    ValidationFailed, created, no_content, ok,
};

/// Reports a player, or one of their chat messages the caller could read, to the moderators.
/// At most 5 reports in 24 hours; one open report per player (or message).
#[utoipa::path(post, path = "/api/v1/reports", operation_id = "report_player", tag = "moderation", security(("bearer" = ["account"])),
    request_body = ReportRequest,
    responses(
        (status = 201, description = "Received: a moderator will look at it", body = Reported),
        BodyRejected,
        Guarded,
        (status = 404, description = "`not_found`: no such player, or no such message of theirs that the caller could read", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_reported`: the caller's report of this player (or message) is still open", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed`: the caller named themselves, `details` is over 500 characters or holds control characters, or only one of `match_id` and `message` is given", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: 5 reports in 24 hours already; wait the seconds `Retry-After` says", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until one more report may be made"))),
        (status = 503, response = ServiceUnavailable),
    ))]
#[post("/reports")]
pub async fn report(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<ReportRequest>,
) -> Reply {
    let reported = moderation::report(&services, &caller.0, body.0).await?;
    created(reported)
}

/// The moderators' actions on the caller's account not yet acknowledged (a warning, a mute,
/// a reinstatement...), oldest first.
#[utoipa::path(get, path = "/api/v1/me/notices", operation_id = "list_notices", tag = "moderation", security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The notices", body = Vec<Notice>),
        Guarded,
    ))]
#[get("/me/notices")]
pub async fn notices(services: Data<Services>, caller: Caller<Read>) -> Reply {
    ok(moderation::notices(&services, &caller.0).await?)
}

/// The notices read, up to which.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Acknowledge {
    /// The id of the last notice read: it and those before it are not listed again.
    pub last: i64,
}

/// Acknowledges the notices read, up to `last`.
#[utoipa::path(post, path = "/api/v1/me/notices/acknowledge", operation_id = "acknowledge_notices", tag = "moderation", security(("bearer" = ["account"])),
    request_body = Acknowledge,
    responses(
        (status = 204, description = "Acknowledged"),
        BodyRejected,
        Guarded,
        (status = 422, response = ValidationFailed),
        (status = 503, response = ServiceUnavailable),
    ))]
#[post("/me/notices/acknowledge")]
pub async fn acknowledge(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<Acknowledge>,
) -> Reply {
    moderation::acknowledge(&services, &caller.0, body.0.last).await?;
    no_content()
}

/// For moderators: the open reports, oldest first, each reported message with the five
/// messages before and after it.
#[utoipa::path(get, path = "/api/v1/moderation/reports", operation_id = "list_open_reports", tag = "moderation", security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The open reports", body = Vec<OpenReport>),
        (status = 401, response = Unauthorized),
        NotAModerator,
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/moderation/reports")]
pub async fn open_reports(services: Data<Services>, caller: Caller<Account>) -> Reply {
    ok(moderation::open_reports(&services, &caller.0).await?)
}

/// For moderators: acts on a player. `mute` (no chat for `days` days), `suspend` (no sign-in,
/// play or token for `days` days: their sessions end and they resign every match in play,
/// their open matches called off), `warn`, `dismiss` (a `report`), `reinstate` (lifts a mute
/// or a suspension). The action is logged with who took it and why, closes the report it
/// answers (a dismissal) or every open report of the player, and the player is told (a
/// notice) unless it is a dismissal.
#[utoipa::path(post, path = "/api/v1/moderation/actions", operation_id = "moderate", tag = "moderation", security(("bearer" = ["account"])),
    request_body = ActionRequest,
    responses(
        (status = 201, description = "Done and logged", body = ActionRecord),
        BodyRejected,
        (status = 401, response = Unauthorized),
        NotAModerator,
        (status = 404, description = "`not_found`: no such player, or no such open report of theirs", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed`: no reason or one over 500 characters, `days` missing or out of 1 to 3650 for a mute or a suspension (or given for another action), a dismissal without its `report`, a computer player, or the moderator themselves", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[post("/moderation/actions")]
pub async fn act(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<ActionRequest>,
) -> Reply {
    let record = moderation::act(&services, &caller.0, body.0).await?;
    created(record)
}

/// Which actions of the log to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    /// Only the actions on this player.
    pub player: Option<String>,
}

/// For moderators: the last 200 actions, newest first (on one player with `player`).
#[utoipa::path(get, path = "/api/v1/moderation/actions", operation_id = "moderation_log", tag = "moderation", security(("bearer" = ["account"])),
    params(LogQuery),
    responses(
        (status = 200, description = "The actions", body = Vec<ActionRecord>),
        (status = 401, response = Unauthorized),
        NotAModerator,
        (status = 404, response = NotFound),
        (status = 422, description = "`validation_failed`: the query cannot be read (a NUL character, bad encoding)", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/moderation/actions")]
pub async fn log(
    services: Data<Services>,
    caller: Caller<Account>,
    query: Query<LogQuery>,
) -> Reply {
    let records = moderation::log(&services, &caller.0, query.player.as_deref()).await?;
    ok(records)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(report)
        .service(notices)
        .service(acknowledge)
        .service(open_reports)
        .service(act)
        .service(log);
}

//! Blocking and following players: the caller's lists, a block or a follow, and their
//! lifting.

use actix_web::web::{Data, Path};
use actix_web::{delete, get, put};
use tapis_service::Services;
use tapis_service::players::blocks::{self, BlockedPlayer};
use tapis_service::players::follows::{self, FollowSettings, Followed};

use crate::extract::scope::{Account, Read};
use crate::extract::{Body, Caller};
use crate::responses::{
    BodyRejected, Guarded, NotFound, OtherPlayer, Reply, ValidationFailed, no_content, ok,
};

/// The players the caller blocked, by name.
#[utoipa::path(get, path = "/api/v1/blocks", operation_id = "list_blocks", tag = "players", security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The players blocked", body = Vec<BlockedPlayer>),
        Guarded,
    ))]
#[get("/blocks")]
pub async fn list(services: Data<Services>, caller: Caller<Account>) -> Reply {
    ok(blocks::blocked(&services, &caller.0).await?)
}

/// Blocks a player: neither hears the other in any chat, and they can no longer invite the
/// caller nor take a seat where the caller sits. Blocking again changes nothing.
#[utoipa::path(put, path = "/api/v1/blocks/{username}", operation_id = "block_player", tag = "players", security(("bearer" = ["account"])),
    params(("username" = String, Path)),
    responses(
        (status = 204, description = "Blocked"),
        Guarded,
        OtherPlayer,
    ))]
#[put("/blocks/{username}")]
pub async fn block(
    services: Data<Services>,
    caller: Caller<Account>,
    username: Path<String>,
) -> Reply {
    blocks::block(&services, &caller.0, &username).await?;
    no_content()
}

/// Lifts the caller's block of a player (none: nothing changes).
#[utoipa::path(delete, path = "/api/v1/blocks/{username}", operation_id = "unblock_player", tag = "players", security(("bearer" = ["account"])),
    params(("username" = String, Path)),
    responses(
        (status = 204, description = "Not blocked any more"),
        Guarded,
        (status = 404, response = NotFound),
    ))]
#[delete("/blocks/{username}")]
pub async fn unblock(
    services: Data<Services>,
    caller: Caller<Account>,
    username: Path<String>,
) -> Reply {
    blocks::unblock(&services, &caller.0, &username).await?;
    no_content()
}

/// The players the caller follows, by name, each with the matches they are playing.
#[utoipa::path(get, path = "/api/v1/follows", operation_id = "list_follows", tag = "players", security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The players followed", body = Vec<Followed>),
        Guarded,
    ))]
#[get("/follows")]
pub async fn following(services: Data<Services>, caller: Caller<Read>) -> Reply {
    ok(follows::following(&services, &caller.0).await?)
}

/// Follows a player (again: nothing changes).
#[utoipa::path(put, path = "/api/v1/follows/{username}", operation_id = "follow_player", tag = "players", security(("bearer" = ["account"])),
    params(("username" = String, Path)),
    responses(
        (status = 204, description = "Followed"),
        Guarded,
        OtherPlayer,
    ))]
#[put("/follows/{username}")]
pub async fn follow(
    services: Data<Services>,
    caller: Caller<Account>,
    username: Path<String>,
) -> Reply {
    follows::follow(&services, &caller.0, &username).await?;
    no_content()
}

/// Stops following a player (not followed: nothing changes).
#[utoipa::path(delete, path = "/api/v1/follows/{username}", operation_id = "unfollow_player", tag = "players", security(("bearer" = ["account"])),
    params(("username" = String, Path)),
    responses(
        (status = 204, description = "Not followed any more"),
        Guarded,
        (status = 404, response = NotFound),
    ))]
#[delete("/follows/{username}")]
pub async fn unfollow(
    services: Data<Services>,
    caller: Caller<Account>,
    username: Path<String>,
) -> Reply {
    follows::unfollow(&services, &caller.0, &username).await?;
    no_content()
}

/// Whether the caller hears when a player they follow starts a match (`followed_started` on
/// their stream).
#[utoipa::path(get, path = "/api/v1/me/follow-settings", operation_id = "get_follow_settings", tag = "players", security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The settings", body = FollowSettings),
        Guarded,
    ))]
#[get("/me/follow-settings")]
pub async fn follow_settings(services: Data<Services>, caller: Caller<Read>) -> Reply {
    ok(follows::settings(&services, &caller.0).await?)
}

/// Turns the `followed_started` events on or off.
#[utoipa::path(put, path = "/api/v1/me/follow-settings", operation_id = "set_follow_settings", tag = "players", security(("bearer" = ["account"])),
    request_body = FollowSettings,
    responses(
        (status = 200, description = "The settings now", body = FollowSettings),
        BodyRejected,
        Guarded,
        (status = 422, response = ValidationFailed),
    ))]
#[put("/me/follow-settings")]
pub async fn set_follow_settings(
    services: Data<Services>,
    caller: Caller<Account>,
    body: Body<FollowSettings>,
) -> Reply {
    let settings = follows::set_settings(&services, &caller.0, body.0).await?;
    ok(settings)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(list)
        .service(block)
        .service(unblock)
        .service(following)
        .service(follow)
        .service(unfollow)
        .service(follow_settings)
        .service(set_follow_settings);
}

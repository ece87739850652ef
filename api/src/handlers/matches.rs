//! Matches: create, list, view, join, play, abort, resign, the turn log and the export.

use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, get, post};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use tapis_service::Services;
use tapis_service::matches::{
    self, DaysPerMove, MatchExport, MatchFilter, MatchSummary, MatchView, NewMatch, Page, TurnEntry,
};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::extract::scope::Play;
use crate::extract::{Body, Caller, MaybeCaller, MaybePresenting, Presenting};
use crate::problem::Problem;
use crate::responses::{
    BodyRejected, Guarded, GuardedOne, MatchNotOpen, NotAPlayer, NotInvited, PublicOne, Reply,
    ServiceUnavailable, created, ok,
};

/// Tells a field given as `null` from a missing one.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A new match.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// The game id (see `GET /api/v1/games`).
    pub game: String,
    /// The number of players.
    pub seats: i64,
    /// The game's options; missing ones take their default. Any non-default option makes the
    /// match casual.
    #[serde(default)]
    pub options: Option<Value>,
    /// Whether the match counts for ratings. Defaults to true when it can be rated (default
    /// options, two or more seats, a clock).
    #[serde(default)]
    pub rated: Option<bool>,
    /// Days per move, 1–14 (default 3); `null` for no clock (casual matches only).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    pub days_per_move: Option<Option<i64>>,
    /// Usernames of players invited; their seats are reserved for them.
    #[serde(default)]
    pub invite: Vec<String>,
}

/// An action on a match.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PostAction {
    /// The version of the match the action was chosen on.
    pub version: i64,
    /// One of `legal_actions`, as listed (an object with a `type`; see the per-game schemas).
    #[schema(schema_with = tapis_games::openapi::any_action)]
    pub action: Value,
}

/// Filters of the match list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `open`, `active`, `finished` or `aborted`.
    pub status: Option<String>,
    /// A game id.
    pub game: Option<String>,
    /// Only matches this player sits at.
    pub player: Option<String>,
    /// Only matches where the caller must act now (needs a token).
    pub my_turn: Option<bool>,
    /// Only open matches the caller is invited to (needs a token).
    pub invited: Option<bool>,
    /// Page size, 1–200 (default 50).
    pub limit: Option<i64>,
    /// From the previous page's `next_cursor`.
    pub cursor: Option<String>,
}

/// Create a match; the creator takes the first seat.
#[utoipa::path(post, path = "/api/v1/matches", operation_id = "create_match", tag = "matches", security(("bearer" = ["play"])),
    request_body = CreateMatch,
    responses(
        (status = 201, description = "Created, open for the other players", body = MatchView),
        BodyRejected,
        Guarded,
        (status = 409, description = "`too_many_bot_matches`: the caller has as many matches against the computer open or in play as an account may (10 by default); `too_many_open_matches`: the caller created as many open matches as an account may have waiting for players (20 by default; `docs/limits.md`)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed` (unknown game, bad seats or options...)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches")]
pub async fn create(
    services: Data<Services>,
    caller: Caller<Play>,
    body: Body<CreateMatch>,
) -> Reply {
    let body = body.0;
    let request = NewMatch {
        game: body.game,
        seats: body.seats,
        options: body.options,
        rated: body.rated,
        days_per_move: match body.days_per_move {
            None => DaysPerMove::Default,
            Some(None) => DaysPerMove::NoClock,
            Some(Some(days)) => DaysPerMove::Days(days),
        },
        invite: body.invite,
    };
    let view = matches::create(&services, &caller.0, request).await?;
    created(view)
}

/// List matches, most recently updated first.
#[utoipa::path(get, path = "/api/v1/matches", operation_id = "list_matches", tag = "matches", params(ListQuery),
    // A token is optional: spectators send none.
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "A page of matches", body = Page<MatchSummary>),
        (status = 401, description = "`unauthenticated`: a bad token, or `my_turn` or `invited` without one", body = Problem, content_type = "application/problem+json"),
        (status = 403, response = crate::responses::Suspended),
        (status = 422, description = "`validation_failed`: a bad filter, page size or cursor", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/matches")]
pub async fn list(services: Data<Services>, caller: MaybeCaller, query: Query<ListQuery>) -> Reply {
    let query = query.into_inner();
    let filter = MatchFilter {
        status: query.status,
        game: query.game,
        player: query.player,
        my_turn: query.my_turn.unwrap_or(false),
        invited: query.invited.unwrap_or(false),
        limit: query.limit,
        cursor: query.cursor,
    };
    ok(matches::list(&services, &filter, caller.0.as_ref()).await?)
}

/// A match as the caller sees it, with their legal actions.
#[utoipa::path(get, path = "/api/v1/matches/{id}", operation_id = "get_match", tag = "matches", params(("id" = Uuid, Path)),
    // A token is optional: spectators send none, players see their own legal actions.
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The match", body = MatchView),
        (status = 401, description = "`unauthenticated`: a token was given, and it is not valid (spectators send none)", body = Problem, content_type = "application/problem+json"),
        (status = 403, response = crate::responses::Suspended),
        PublicOne,
    ))]
#[get("/matches/{id}")]
pub async fn get(services: Data<Services>, caller: MaybePresenting, id: Path<Uuid>) -> Reply {
    ok(matches::get(&services, id.into_inner(), caller.caller()).await?)
}

/// Take a seat; the match starts (seat order drawn at random) when the last seat is taken.
#[utoipa::path(post, path = "/api/v1/matches/{id}/join", operation_id = "join_match", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Seated; the match, started if the table is full", body = MatchView),
        GuardedOne,
        NotInvited,
        (status = 409, description = "`match_not_open`, `match_full` or `already_joined`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/join")]
pub async fn join(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(matches::join(&services, &caller.0, id.into_inner()).await?)
}

/// Cancel an open match (its creator only).
#[utoipa::path(post, path = "/api/v1/matches/{id}/cancel", operation_id = "cancel_match", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Cancelled", body = MatchView),
        GuardedOne,
        (status = 403, description = "`not_the_creator`, or `missing_scope`: a personal API token without the `play` scope (`scope` names it)", body = Problem, content_type = "application/problem+json"),
        MatchNotOpen,
    ))]
#[post("/matches/{id}/cancel")]
pub async fn cancel(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(matches::cancel(&services, &caller.0, id.into_inner()).await?)
}

/// Decline an invitation: the challenge is called off.
#[utoipa::path(post, path = "/api/v1/matches/{id}/decline", operation_id = "decline_match", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Declined; the match is called off", body = MatchView),
        GuardedOne,
        NotInvited,
        MatchNotOpen,
    ))]
#[post("/matches/{id}/decline")]
pub async fn decline(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(matches::decline(&services, &caller.0, id.into_inner()).await?)
}

/// Play one of your legal actions, chosen on `version` of the match.
#[utoipa::path(post, path = "/api/v1/matches/{id}/actions", operation_id = "post_action", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    request_body = PostAction,
    responses(
        (status = 200, description = "Applied; the new view", body = MatchView),
        BodyRejected,
        GuardedOne,
        NotAPlayer,
        (status = 409, description = "`version_conflict` (with `current_version`), `not_your_turn`, `match_not_active`, or `deadline_passed`: the caller's time for this move has run out (the clock records the time-out)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`illegal_action`, with the reason, or `validation_failed` (a malformed body)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/actions")]
pub async fn act(
    services: Data<Services>,
    caller: Presenting<Play>,
    id: Path<Uuid>,
    body: Body<PostAction>,
) -> Reply {
    let body = body.0;
    let view = matches::submit_action(
        &services,
        &caller.0,
        id.into_inner(),
        body.version,
        body.action,
    )
    .await?;
    ok(view)
}

/// Resign: you rank last; with more than two players the game goes on without you.
#[utoipa::path(post, path = "/api/v1/matches/{id}/resign", operation_id = "resign_match", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Resigned", body = MatchView),
        GuardedOne,
        NotAPlayer,
        (status = 409, description = "`match_not_active`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/resign")]
pub async fn resign(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(matches::resign(&services, &caller.0, id.into_inner()).await?)
}

/// Abort a match in its first moves: allowed to a player until each seat has taken a turn (a
/// move, a resignation or a time-out). The match ends with no result and no rating change
/// (status `aborted`, its seed revealed); the other players hear `match_cancelled`.
#[utoipa::path(post, path = "/api/v1/matches/{id}/abort", operation_id = "abort_match", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Aborted", body = MatchView),
        GuardedOne,
        NotAPlayer,
        (status = 409, description = "`abort_not_allowed`: every seat has taken a turn (resign instead); `match_not_active`: the match is not in play", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/abort")]
pub async fn abort(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(matches::abort(&services, &caller.0, id.into_inner()).await?)
}

/// Ask for a rematch of a finished match: the same game, options, rating, clock and table
/// size, the caller as its creator and the other players invited (computer players sit at
/// once). At Linja the loser of the last game plays first; in the other games the seats are
/// drawn. One rematch per match: asking again, or second, answers 200 with the one made.
#[utoipa::path(post, path = "/api/v1/matches/{id}/rematch", operation_id = "rematch", tag = "matches", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 201, description = "The rematch, made now", body = MatchView),
        (status = 200, description = "The rematch a player of the match asked for already", body = MatchView),
        GuardedOne,
        NotAPlayer,
        (status = 409, description = "`match_not_finished`: the match is not over; `too_many_open_matches`, `too_many_bot_matches`: the caller's quotas", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed`: a player of the match does not take invitations from the caller (field `invite`)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/matches/{id}/rematch")]
pub async fn rematch(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    let (view, made) = matches::rematch(&services, &caller.0, id.into_inner()).await?;
    Ok(if made {
        HttpResponse::Created().json(view)
    } else {
        HttpResponse::Ok().json(view)
    })
}

/// The turn log: every action with the events (dice included) it produced.
#[utoipa::path(get, path = "/api/v1/matches/{id}/turns", operation_id = "get_turns", tag = "matches", params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Every turn, in order", body = Vec<TurnEntry>),
        PublicOne,
    ))]
#[get("/matches/{id}/turns")]
pub async fn turns(services: Data<Services>, id: Path<Uuid>) -> Reply {
    ok(matches::turn_log(&services, id.into_inner()).await?)
}

/// The whole record, for `tapis verify`: the seed is included once the match is over.
#[utoipa::path(get, path = "/api/v1/matches/{id}/export", operation_id = "export_match", tag = "matches", params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "The record", body = MatchExport),
        PublicOne,
    ))]
#[get("/matches/{id}/export")]
pub async fn export(services: Data<Services>, id: Path<Uuid>) -> Reply {
    ok(matches::export(&services, id.into_inner()).await?)
}

/// This module's routes (the match's moves and reads are registered first, in `routes`).
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(create)
        .service(list)
        .service(join)
        .service(cancel)
        .service(decline)
        .service(abort)
        .service(resign)
        .service(rematch)
        .service(turns)
        .service(export);
}

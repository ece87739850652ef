//! Swiss tournaments: create, list, read, join, leave, withdraw, re-confirm, seat computer
//! players, cancel; the standings and the rounds (`docs/tournaments.md`).

use actix_web::web::{Data, Path, Query};
use actix_web::{delete, get, post};
use serde::Deserialize;
use serde_json::Value;
use tapis_service::Services;
use tapis_service::tournaments::{
    self, NewTournament, RoundView, Standings, StandingsWindow, TournamentFilter,
    TournamentSummary, TournamentView,
};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::extract::scope::Play;
use crate::extract::{Body, Caller};
use crate::problem::Problem;
use crate::responses::{
    BodyRejected, Guarded, GuardedOne, NotFound, NotTheOrganiser, PublicOne, Reply, ScopedOne,
    ServiceUnavailable, created, ok,
};

/// A new Swiss tournament.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// 1 to 80 characters.
    pub name: String,
    /// The game id (see `GET /api/v1/games`).
    pub game: String,
    /// The game's options; missing ones take their default. Rated tournaments use the
    /// default options.
    #[serde(default)]
    pub options: Option<Value>,
    /// The largest table: 2 for two-player games; 2 to the game's maximum for the others.
    pub table_size: i64,
    /// 1 to 30.
    pub rounds: i64,
    /// 1 to 14.
    pub days_per_move: i64,
    pub rated: bool,
    /// When the first round is paired (RFC 3339; within a year).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    /// Players rated below are refused (0 to 4000).
    #[serde(default)]
    pub min_rating: Option<i64>,
    /// Players rated above are refused (0 to 4000).
    #[serde(default)]
    pub max_rating: Option<i64>,
    /// 2 to 1000.
    #[serde(default)]
    pub max_players: Option<i64>,
    /// Whether a player's vacation pauses their tournament matches (default true).
    #[serde(default = "yes")]
    pub vacation_pauses: bool,
    /// Whether the organiser may seat computer players (casual tournaments only).
    #[serde(default)]
    pub allow_bots: bool,
}

fn yes() -> bool {
    true
}

/// A computer player to seat.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatBot {
    /// The bot's account (see `GET /api/v1/bots`).
    pub username: String,
}

/// Filters of the tournament list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `upcoming`, `running`, `finished` or `cancelled`.
    pub status: Option<String>,
    /// A game id.
    pub game: Option<String>,
    /// 1–100 (default 50).
    pub limit: Option<i64>,
}

/// Create a Swiss tournament; the caller organises it (and joins like anyone to play).
#[utoipa::path(post, path = "/api/v1/tournaments", operation_id = "create_tournament", tag = "tournaments", security(("bearer" = ["play"])),
    request_body = CreateTournament,
    responses(
        (status = 201, description = "Created, open for entries", body = TournamentView),
        BodyRejected,
        Guarded,
        (status = 422, description = "`validation_failed`: `field` names the rule broken (name, game, table_size, options, days_per_move, rated, rounds, starts_at, min_rating, max_rating, max_players, allow_bots)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments")]
pub async fn create(
    services: Data<Services>,
    caller: Caller<Play>,
    body: Body<CreateTournament>,
) -> Reply {
    let b = body.0;
    let request = NewTournament {
        name: b.name,
        game: b.game,
        options: b.options,
        table_size: b.table_size,
        rounds: b.rounds,
        days_per_move: b.days_per_move,
        rated: b.rated,
        starts_at: b.starts_at,
        min_rating: b.min_rating,
        max_rating: b.max_rating,
        max_players: b.max_players,
        vacation_pauses: b.vacation_pauses,
        allow_bots: b.allow_bots,
    };
    let view = tournaments::create(&services, &caller.0, request).await?;
    created(view)
}

/// List tournaments: upcoming ones soonest first, the others latest first.
#[utoipa::path(get, path = "/api/v1/tournaments", operation_id = "list_tournaments", tag = "tournaments", params(ListQuery),
    responses(
        (status = 200, description = "The tournaments", body = Vec<TournamentSummary>),
        (status = 422, description = "`validation_failed`: a bad status, game or limit", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/tournaments")]
pub async fn list(services: Data<Services>, query: Query<ListQuery>) -> Reply {
    let q = query.into_inner();
    let filter = TournamentFilter {
        status: q.status,
        game: q.game,
        limit: q.limit,
    };
    ok(tournaments::list(&services, &filter).await?)
}

/// A tournament, its terms (the adjudication rule included) and its entrants.
#[utoipa::path(get, path = "/api/v1/tournaments/{id}", operation_id = "get_tournament", tag = "tournaments", params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "The tournament", body = TournamentView),
        PublicOne,
    ))]
#[get("/tournaments/{id}")]
pub async fn get(services: Data<Services>, id: Path<Uuid>) -> Reply {
    ok(tournaments::get(&services, id.into_inner()).await?)
}

/// The standings after the tables finished so far: points, the two tie-breaks, and what
/// separated each line from the one above.
///
/// A window of the lines is sent (`offset`, `limit`: the first 100 when not said); `total`
/// says how many there are.
#[utoipa::path(get, path = "/api/v1/tournaments/{id}/standings", operation_id = "get_tournament_standings", tag = "tournaments", params(("id" = Uuid, Path), StandingsQuery),
    responses(
        (status = 200, description = "The standings", body = Standings),
        (status = 404, response = NotFound),
        (status = 422, description = "`validation_failed`: a bad offset or limit (or a query that cannot be read)", body = Problem, content_type = "application/problem+json"),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/tournaments/{id}/standings")]
pub async fn standings(
    services: Data<Services>,
    id: Path<Uuid>,
    query: Query<StandingsQuery>,
) -> Reply {
    let window = StandingsWindow {
        offset: query.offset,
        limit: query.limit,
    };
    ok(tournaments::standings(&services, id.into_inner(), window).await?)
}

/// Which lines of the standings to send.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StandingsQuery {
    /// Lines to skip from the first (0 when not said).
    pub offset: Option<i64>,
    /// 1 to 1000 lines (100 when not said).
    pub limit: Option<i64>,
}

/// Every round started so far: its dates, its tables (each a match) and byes, their results.
#[utoipa::path(get, path = "/api/v1/tournaments/{id}/rounds", operation_id = "get_tournament_rounds", tag = "tournaments", params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "The rounds, first first", body = Vec<RoundView>),
        PublicOne,
    ))]
#[get("/tournaments/{id}/rounds")]
pub async fn rounds(services: Data<Services>, id: Path<Uuid>) -> Reply {
    ok(tournaments::rounds(&services, id.into_inner()).await?)
}

/// Join: before the start, or late until half the rounds have started (scoring zero for the
/// rounds missed).
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/join", operation_id = "join_tournament", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Entered", body = TournamentView),
        GuardedOne,
        (status = 403, description = "`rating_outside_range`: the caller's rating in the game is outside the tournament's range; `missing_scope`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_entered`, `tournament_full`, `tournament_started` (late entry closed), `tournament_over`, `bots_not_allowed` (a bot's token)", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments/{id}/join")]
pub async fn join(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(tournaments::join(&services, &caller.0, id.into_inner()).await?)
}

/// Leave a tournament that has not started (afterwards, withdraw).
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/leave", operation_id = "leave_tournament", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Left", body = TournamentView),
        ScopedOne,
        (status = 409, description = "`not_entered`, `tournament_started`, `tournament_over`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments/{id}/leave")]
pub async fn leave(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    let view = tournaments::leave(&services, &caller.0, id.into_inner(), None).await?;
    ok(view)
}

/// Withdraw from the rounds to come of a running tournament (matches in play go on; the
/// caller stays in the standings).
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/withdraw", operation_id = "withdraw_from_tournament", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Withdrawn", body = TournamentView),
        ScopedOne,
        (status = 409, description = "`not_entered`, `already_withdrawn`, `tournament_not_started` (leave instead), `tournament_over`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments/{id}/withdraw")]
pub async fn withdraw(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(tournaments::withdraw(&services, &caller.0, id.into_inner()).await?)
}

/// Re-confirm: a withdrawn player is paired again from the next round; a player who timed out
/// or resigned in the round in play is not withdrawn when it ends.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/reconfirm", operation_id = "reconfirm_tournament", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "In for the rounds to come", body = TournamentView),
        ScopedOne,
        (status = 409, description = "`not_entered`, `tournament_not_started`, `tournament_over`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments/{id}/reconfirm")]
pub async fn reconfirm(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(tournaments::reconfirm(&services, &caller.0, id.into_inner()).await?)
}

/// Cancel: the organiser before the start; a moderator before the end.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/cancel", operation_id = "cancel_tournament", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, description = "Cancelled", body = TournamentView),
        GuardedOne,
        NotTheOrganiser,
        (status = 409, description = "`tournament_started` (only a moderator may cancel now), `tournament_over`", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments/{id}/cancel")]
pub async fn cancel(services: Data<Services>, caller: Caller<Play>, id: Path<Uuid>) -> Reply {
    ok(tournaments::cancel(&services, &caller.0, id.into_inner()).await?)
}

/// Seat a computer player (the organiser of a casual tournament that allows them; while
/// entries are taken).
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/bots", operation_id = "seat_tournament_bot", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path)),
    request_body = SeatBot,
    responses(
        (status = 200, description = "Seated", body = TournamentView),
        BodyRejected,
        GuardedOne,
        NotTheOrganiser,
        (status = 409, description = "`bots_not_allowed`, `already_entered`, `tournament_full`, `tournament_started`, `tournament_over`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`validation_failed`: no computer player has this name", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments/{id}/bots")]
pub async fn seat_bot(
    services: Data<Services>,
    caller: Caller<Play>,
    id: Path<Uuid>,
    body: Body<SeatBot>,
) -> Reply {
    let view =
        tournaments::seat_bot(&services, &caller.0, id.into_inner(), &body.0.username).await?;
    ok(view)
}

/// Remove a computer player the organiser seated, before the start.
#[utoipa::path(delete, path = "/api/v1/tournaments/{id}/bots/{username}", operation_id = "remove_tournament_bot", tag = "tournaments", security(("bearer" = ["play"])),
    params(("id" = Uuid, Path), ("username" = String, Path)),
    responses(
        (status = 200, description = "Removed", body = TournamentView),
        GuardedOne,
        NotTheOrganiser,
        (status = 409, description = "`not_entered`, `tournament_started`, `tournament_over`", body = Problem, content_type = "application/problem+json"),
    ))]
#[delete("/tournaments/{id}/bots/{username}")]
pub async fn remove_bot(
    services: Data<Services>,
    caller: Caller<Play>,
    path: Path<(Uuid, String)>,
) -> Reply {
    let (id, username) = path.into_inner();
    let view = tournaments::leave(&services, &caller.0, id, Some(&username)).await?;
    ok(view)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(create)
        .service(list)
        .service(get)
        .service(standings)
        .service(rounds)
        .service(join)
        .service(leave)
        .service(withdraw)
        .service(reconfirm)
        .service(cancel)
        .service(seat_bot)
        .service(remove_bot);
}

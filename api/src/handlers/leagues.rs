//! Leagues, one per game, played in seasons: the list, one league, one division, the past
//! seasons; opting in and out; the caller's fixtures (`docs/tournaments.md`, "Leagues").

use actix_web::web::{Data, Path};
use actix_web::{delete, get, put};
use tapis_service::Services;
use tapis_service::leagues::{
    self, DivisionView, LeagueSummary, LeagueView, Membership, MyFixtures, SeasonView,
};
use uuid::Uuid;

use crate::extract::Caller;
use crate::extract::scope::{Play, Read};
use crate::responses::{
    GuardedOne, NoBotsInLeagues, PublicOne, Reply, ScopedOne, ServiceUnavailable, ok,
};

/// Every league (one per game) with its current season: the one running, or the next.
#[utoipa::path(get, path = "/api/v1/leagues", operation_id = "list_leagues", tag = "leagues",
    responses(
        (status = 200, description = "The eight leagues, in the order of the games", body = Vec<LeagueSummary>),
        (status = 503, response = ServiceUnavailable),
    ))]
#[get("/leagues")]
pub async fn list(services: Data<Services>) -> Reply {
    ok(leagues::list(&services).await?)
}

/// A league: its terms (the adjudication rule included), its current season with its
/// divisions, and the last finished season with its final places and moves.
#[utoipa::path(get, path = "/api/v1/leagues/{game}", operation_id = "get_league", tag = "leagues",
    params(("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "The league", body = LeagueView),
        PublicOne,
    ))]
#[get("/leagues/{game}")]
pub async fn get(services: Data<Services>, game: Path<String>) -> Reply {
    ok(leagues::get(&services, &game).await?)
}

/// One division: its table (played, won, points, tie-breaks), its players and its matches.
#[utoipa::path(get, path = "/api/v1/leagues/{game}/divisions/{division_id}", operation_id = "get_league_division", tag = "leagues",
    params(("game" = String, Path, description = "A game id"), ("division_id" = Uuid, Path)),
    responses(
        (status = 200, description = "The division", body = DivisionView),
        PublicOne,
    ))]
#[get("/leagues/{game}/divisions/{division_id}")]
pub async fn division(services: Data<Services>, path: Path<(String, Uuid)>) -> Reply {
    let (game, division_id) = path.into_inner();
    ok(leagues::division(&services, &game, division_id).await?)
}

/// The league's finished seasons, latest first (the last 50), with each division's final
/// places and the moves they earned.
#[utoipa::path(get, path = "/api/v1/leagues/{game}/seasons", operation_id = "list_league_seasons", tag = "leagues",
    params(("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "The past seasons", body = Vec<SeasonView>),
        PublicOne,
    ))]
#[get("/leagues/{game}/seasons")]
pub async fn seasons(services: Data<Services>, game: Path<String>) -> Reply {
    ok(leagues::seasons(&services, &game).await?)
}

/// The caller's membership: opted in or not, the season they play now, the next season.
#[utoipa::path(get, path = "/api/v1/leagues/{game}/membership", operation_id = "get_league_membership", tag = "leagues", security(("bearer" = ["read"])),
    params(("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "The membership", body = Membership),
        ScopedOne,
    ))]
#[get("/leagues/{game}/membership")]
pub async fn membership(
    services: Data<Services>,
    caller: Caller<Read>,
    game: Path<String>,
) -> Reply {
    ok(leagues::membership(&services, &caller.0, &game).await?)
}

/// Opt in: the caller is placed in every season from the next one to start (newcomers join
/// the lowest division; the first season places everyone by rating). Opting in again is
/// harmless.
#[utoipa::path(put, path = "/api/v1/leagues/{game}/membership", operation_id = "join_league", tag = "leagues", security(("bearer" = ["play"])),
    params(("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "Opted in", body = Membership),
        GuardedOne,
        NoBotsInLeagues,
    ))]
#[put("/leagues/{game}/membership")]
pub async fn opt_in(services: Data<Services>, caller: Caller<Play>, game: Path<String>) -> Reply {
    ok(leagues::opt_in(&services, &caller.0, &game).await?)
}

/// Opt out, from the next season on: a season that has started cannot be left (the caller's
/// matches in it go on and count); they are not placed in the next one. Opting out again is
/// harmless.
#[utoipa::path(delete, path = "/api/v1/leagues/{game}/membership", operation_id = "leave_league", tag = "leagues", security(("bearer" = ["play"])),
    params(("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "Opted out", body = Membership),
        GuardedOne,
        NoBotsInLeagues,
    ))]
#[delete("/leagues/{game}/membership")]
pub async fn opt_out(services: Data<Services>, caller: Caller<Play>, game: Path<String>) -> Reply {
    ok(leagues::opt_out(&services, &caller.0, &game).await?)
}

/// The caller's matches in the running season, and the one to play next (where it is their
/// turn first). Empty outside a running season the caller plays in.
#[utoipa::path(get, path = "/api/v1/leagues/{game}/fixtures", operation_id = "get_my_league_fixtures", tag = "leagues", security(("bearer" = ["read"])),
    params(("game" = String, Path, description = "A game id")),
    responses(
        (status = 200, description = "The caller's fixtures", body = MyFixtures),
        ScopedOne,
    ))]
#[get("/leagues/{game}/fixtures")]
pub async fn fixtures(services: Data<Services>, caller: Caller<Read>, game: Path<String>) -> Reply {
    ok(leagues::my_fixtures(&services, &caller.0, &game).await?)
}

/// This module's routes.
pub(crate) fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.service(list)
        .service(get)
        .service(division)
        .service(seasons)
        .service(membership)
        .service(opt_in)
        .service(opt_out)
        .service(fixtures);
}

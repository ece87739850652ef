//! Leagues, one per game, played in seasons: the list (each league's current season, and the
//! viewer's opt in / opt out), a league's page (its terms, the adjudication rule, the current
//! season's divisions, the last season's result, the viewer's own matches), the past seasons,
//! and a division's page (its table and its matches).
//!
//! Opting in or out posts a form (CSRF), then goes back to the page it came from; a refusal is
//! shown on that page, beside the button, with the refusal's status.

use actix_web::http::StatusCode;
use actix_web::web::Path;
use actix_web::{HttpRequest, get, post};
use askama::Template;
use tapis_l10n::Language;
use tapis_service::leagues::{
    self, DivisionPlayer, DivisionSummary, DivisionView, FixtureView, LeagueSummary, LeagueView,
    Membership, MyFixtures, SeasonBrief, SeasonStatus, SeasonView,
};
use tapis_service::{ServiceError, Services};
use uuid::Uuid;

use crate::error::{WebError, refusal, service_message, service_status};
use crate::form::FormData;
use crate::page::{Layout, Reply, render_status, see_other};
use crate::present::competition::{
    self, StandingRow, Term, days_for_moves, days_per_move, is_me, points_text, results, seats,
};
use crate::present::{When, game_name};
use crate::session::{Ctx, services};

/// A refusal to show beside a league's button: the game, and the message.
#[derive(Debug)]
struct Refused {
    game: String,
    message: String,
    status: StatusCode,
}

/// What a player is told of a league's refusal.
fn refused_message(error: &ServiceError, lang: Language) -> String {
    match error {
        ServiceError::League(r) => {
            lang.t(&format!("league-refused-{}", r.code().replace('_', "-")))
        }
        other => service_message(other, lang),
    }
}

/// A season in words: its number and where it stands, its start and deadline.
#[derive(Debug)]
pub struct SeasonLine {
    pub number: i32,
    pub status_key: &'static str,
    pub status: String,
    pub starts: When,
    pub deadline: Option<When>,
    pub ended: Option<When>,
}

impl SeasonLine {
    fn of(s: &SeasonBrief, lang: Language) -> SeasonLine {
        let status_key = match s.status {
            SeasonStatus::Upcoming => "league-season-upcoming",
            SeasonStatus::Running => "league-season-running",
            SeasonStatus::Finished => "league-season-finished",
        };
        SeasonLine {
            number: s.number,
            status_key,
            status: lang.t1(status_key, "number", i64::from(s.number)),
            starts: When::of(s.started_at.unwrap_or(s.starts_at), lang),
            deadline: s.deadline.map(|d| When::of(d, lang)),
            ended: s.ended_at.map(|d| When::of(d, lang)),
        }
    }
}

/// A league in the list.
#[derive(Debug)]
pub struct LeagueLine {
    pub game: String,
    pub name: String,
    pub season: SeasonLine,
    pub members: String,
    pub divisions: String,
    /// For a signed-in viewer: whether they are opted in.
    pub opted_in: Option<bool>,
}

impl LeagueLine {
    fn of(l: &LeagueSummary, mine: Option<&[String]>, lang: Language) -> LeagueLine {
        LeagueLine {
            game: l.game.clone(),
            name: game_name(&l.game),
            season: SeasonLine::of(&l.season, lang),
            members: lang.t1("leagues-members", "count", l.members),
            divisions: lang.t2(
                "leagues-divisions",
                "count",
                l.divisions,
                "players",
                l.players,
            ),
            opted_in: mine.map(|games| games.contains(&l.game)),
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "leagues.html")]
struct ListPage {
    layout: Layout,
    lang: Language,
    csrf: String,
    signed_in: bool,
    lines: Vec<LeagueLine>,
    refused: Option<Refused>,
}

impl ListPage {
    fn refused_for(&self, game: &str) -> Option<&str> {
        self.refused
            .as_ref()
            .filter(|r| r.game == game)
            .map(|r| r.message.as_str())
    }
}

async fn list_page(services: &Services, ctx: &Ctx, refused: Option<Refused>) -> Reply {
    let all = leagues::list(services).await?;
    let mine = match &ctx.viewer {
        Some(who) => Some(leagues::opted_in_games(services, who).await?),
        None => None,
    };
    let status = refused.as_ref().map_or(StatusCode::OK, |r| r.status);
    render_status(
        status,
        &ListPage {
            layout: Layout::new(ctx, ctx.lang.t("leagues-title"), "leagues"),
            lang: ctx.lang,
            csrf: ctx.csrf.clone(),
            signed_in: ctx.viewer.is_some(),
            lines: all
                .iter()
                .map(|l| LeagueLine::of(l, mine.as_deref(), ctx.lang))
                .collect(),
            refused,
        },
    )
}

#[get("/leagues")]
pub async fn list(req: HttpRequest, ctx: Ctx) -> Reply {
    list_page(&services(&req)?, &ctx, None).await
}

/// A player of a division, in words.
#[derive(Debug)]
pub struct PlayerLine {
    pub username: String,
    pub rating: i64,
    pub arrival: String,
    pub place: Option<i16>,
    pub points: String,
    pub movement_key: String,
    pub movement: String,
    pub you: bool,
}

fn player_line(p: &DivisionPlayer, me: Option<&str>, lang: Language) -> PlayerLine {
    let movement_key = p.movement.clone().unwrap_or_default();
    PlayerLine {
        username: p.username.clone(),
        rating: i64::from(p.rating),
        arrival: lang.t(&format!("league-arrival-{}", p.arrival)),
        place: p.final_place,
        points: p.points.map_or_else(String::new, |v| points_text(v, lang)),
        movement: if movement_key.is_empty() {
            String::new()
        } else {
            lang.t(&format!("league-movement-{movement_key}"))
        },
        movement_key,
        you: is_me(&p.username, me),
    }
}

/// A division of a season, with its players.
#[derive(Debug)]
pub struct DivisionBlock {
    pub id: Uuid,
    pub heading: String,
    pub players: Vec<PlayerLine>,
}

/// A season with its divisions.
#[derive(Debug)]
pub struct SeasonBlock {
    pub season: SeasonLine,
    pub heading: String,
    pub divisions: Vec<DivisionBlock>,
}

fn division_block(
    d: &DivisionSummary,
    levels: usize,
    me: Option<&str>,
    lang: Language,
) -> DivisionBlock {
    DivisionBlock {
        id: d.id,
        heading: lang.t2(
            "league-division-of",
            "level",
            i64::from(d.level),
            "levels",
            i64::try_from(levels).unwrap_or(i64::MAX),
        ),
        players: d.players.iter().map(|p| player_line(p, me, lang)).collect(),
    }
}

fn season_block(s: &SeasonView, me: Option<&str>, lang: Language) -> SeasonBlock {
    let levels = s.divisions.len();
    SeasonBlock {
        season: SeasonLine::of(&s.season, lang),
        heading: lang.t1("league-season", "number", i64::from(s.season.number)),
        divisions: s
            .divisions
            .iter()
            .map(|d| division_block(d, levels, me, lang))
            .collect(),
    }
}

/// A match of a division, in words.
#[derive(Debug)]
pub struct FixtureRow {
    pub round: i16,
    pub match_id: Uuid,
    /// Each player with their result (place and points), once the match is over.
    pub players: Vec<(String, String)>,
    pub status: String,
    pub in_play: bool,
}

fn fixture_rows(fixtures: &[FixtureView], lang: Language) -> Vec<FixtureRow> {
    fixtures
        .iter()
        .map(|f| FixtureRow {
            round: f.round,
            match_id: f.match_id,
            players: results(&f.players, f.places.as_deref(), f.points.as_deref(), lang),
            status: if f.adjudicated {
                lang.t("tournament-table-adjudicated")
            } else if f.places.is_some() {
                lang.t("tournament-table-over")
            } else if f.status == "active" {
                match &f.to_act {
                    Some(name) => lang.t1("league-to-play", "name", name.as_str()),
                    None => lang.t("tournament-table-playing"),
                }
            } else {
                lang.t("tournament-table-over")
            },
            in_play: f.status == "active",
        })
        .collect()
}

/// The viewer's own matches in the running season.
#[derive(Debug)]
pub struct MineBlock {
    pub division_id: Uuid,
    pub division: String,
    pub next_match: Option<Uuid>,
    pub fixtures: Vec<FixtureRow>,
}

fn mine_block(mine: &MyFixtures, lang: Language) -> Option<MineBlock> {
    Some(MineBlock {
        division_id: mine.division_id?,
        division: lang.t1("league-division", "level", i64::from(mine.level?)),
        next_match: mine.next_match,
        fixtures: fixture_rows(&mine.fixtures, lang),
    })
}

#[derive(Debug, Template)]
#[template(path = "league.html")]
struct LeaguePage {
    layout: Layout,
    lang: Language,
    csrf: String,
    game: String,
    name: String,
    terms: Vec<Term>,
    adjudication: String,
    current: SeasonBlock,
    previous: Option<SeasonBlock>,
    members: String,
    signed_in: bool,
    membership: Option<String>,
    opted_in: bool,
    mine: Option<MineBlock>,
    refused: Option<String>,
}

fn terms(l: &LeagueView, lang: Language) -> Vec<Term> {
    let term = |key: &str, value: String| Term::new(key, value, lang);
    vec![
        term("tournament-game", game_name(&l.game)),
        term("tournament-table-size", seats(l.table_size, lang)),
        term(
            "tournament-days-per-move",
            days_per_move(l.days_per_move, lang),
        ),
        term(
            "league-season-length",
            days_for_moves("league-season-days", l.season_days, l.expected_moves, lang),
        ),
        term(
            "league-promotion",
            lang.t1(
                "league-promoted",
                "count",
                i64::try_from(l.promoted).unwrap_or(i64::MAX),
            ),
        ),
        term(
            "league-relegation",
            lang.t1(
                "league-relegated",
                "count",
                i64::try_from(l.relegated).unwrap_or(i64::MAX),
            ),
        ),
    ]
}

fn membership_words(m: &Membership, lang: Language) -> String {
    let mut words = vec![lang.t(if m.opted_in {
        "league-you-in"
    } else {
        "league-you-out"
    })];
    if let Some(season) = m.playing_season {
        words.push(lang.t1("league-you-playing", "number", i64::from(season)));
    }
    words.join(" ")
}

async fn league_page(
    services: &Services,
    ctx: &Ctx,
    game: &str,
    refused: Option<Refused>,
) -> Reply {
    let lang = ctx.lang;
    let me = ctx.username();
    let view = leagues::get(services, game).await?;
    let (membership, mine) = match &ctx.viewer {
        Some(who) => (
            Some(leagues::membership(services, who, game).await?),
            Some(leagues::my_fixtures(services, who, game).await?),
        ),
        None => (None, None),
    };
    let status = refused.as_ref().map_or(StatusCode::OK, |r| r.status);
    render_status(
        status,
        &LeaguePage {
            layout: Layout::new(
                ctx,
                lang.t1("league-title", "game", game_name(&view.game)),
                "leagues",
            ),
            lang,
            csrf: ctx.csrf.clone(),
            name: game_name(&view.game),
            terms: terms(&view, lang),
            adjudication: lang.t("league-adjudication-rule"),
            current: season_block(&view.current, me, lang),
            previous: view.previous.as_ref().map(|s| season_block(s, me, lang)),
            members: lang.t1("leagues-members", "count", view.members),
            signed_in: ctx.viewer.is_some(),
            opted_in: membership.as_ref().is_some_and(|m| m.opted_in),
            membership: membership.as_ref().map(|m| membership_words(m, lang)),
            mine: mine.as_ref().and_then(|m| mine_block(m, lang)),
            refused: refused.map(|r| r.message),
            game: view.game,
        },
    )
}

#[get("/leagues/{game}")]
pub async fn page(req: HttpRequest, ctx: Ctx, game: Path<String>) -> Reply {
    league_page(&services(&req)?, &ctx, &game, None).await
}

#[derive(Debug, Template)]
#[template(path = "league_seasons.html")]
struct SeasonsPage {
    layout: Layout,
    lang: Language,
    game: String,
    name: String,
    seasons: Vec<SeasonBlock>,
}

#[get("/leagues/{game}/seasons")]
pub async fn seasons(req: HttpRequest, ctx: Ctx, game: Path<String>) -> Reply {
    let services = services(&req)?;
    let lang = ctx.lang;
    let me = ctx.username();
    let game = game.into_inner();
    let past = leagues::seasons(&services, &game).await?;
    let name = game_name(&game);
    render_status(
        StatusCode::OK,
        &SeasonsPage {
            layout: Layout::new(
                &ctx,
                lang.t1("league-history-title", "game", name.as_str()),
                "leagues",
            ),
            lang,
            seasons: past.iter().map(|s| season_block(s, me, lang)).collect(),
            name,
            game,
        },
    )
}

#[derive(Debug, Template)]
#[template(path = "league_division.html")]
struct DivisionPage {
    layout: Layout,
    lang: Language,
    game: String,
    heading: String,
    season: SeasonLine,
    tie_breaks: [String; 2],
    tie_breaks_help: String,
    standings: Vec<StandingRow>,
    ended: bool,
    fixtures: Vec<FixtureRow>,
}

/// The division's table: each line as a tournament's standings say it, with where its player
/// goes next.
fn standing_rows(d: &DivisionView, me: Option<&str>, lang: Language) -> Vec<StandingRow> {
    d.standings
        .lines
        .iter()
        .map(|l| {
            let mut row = StandingRow::of(l, me, lang);
            if let Some(p) = d.players.iter().find(|p| p.username == l.username) {
                let line = player_line(p, me, lang);
                row.movement_key = line.movement_key;
                row.movement = line.movement;
            }
            row
        })
        .collect()
}

#[get("/leagues/{game}/divisions/{id}")]
pub async fn division(req: HttpRequest, ctx: Ctx, path: Path<(String, Uuid)>) -> Reply {
    let (game, id) = path.into_inner();
    let services = services(&req)?;
    let lang = ctx.lang;
    let d = leagues::division(&services, &game, id).await?;
    let (tie_breaks, tie_breaks_help) = competition::tie_breaks(&d.standings, lang);
    let heading = lang.t_with(
        "league-division-heading",
        &[
            ("game", game_name(&d.game).into()),
            ("season", i64::from(d.season.number).into()),
            ("level", i64::from(d.level).into()),
            ("levels", i64::from(d.levels).into()),
        ],
    );
    render_status(
        StatusCode::OK,
        &DivisionPage {
            layout: Layout::new(&ctx, heading.clone(), "leagues"),
            lang,
            heading,
            season: SeasonLine::of(&d.season, lang),
            tie_breaks,
            tie_breaks_help,
            standings: standing_rows(&d, ctx.username(), lang),
            ended: d.season.status == SeasonStatus::Finished,
            fixtures: fixture_rows(&d.fixtures, lang),
            game: d.game,
        },
    )
}

/// What a league's buttons ask.
#[derive(Debug, serde::Deserialize)]
pub struct ActionPath {
    game: String,
    action: String,
}

/// Opt in or out: one service call, then back to the page the button was on (`from`: `list`
/// for the list); a refusal is shown there, beside the button.
#[post("/leagues/{game}/{action}")]
pub async fn act(req: HttpRequest, ctx: Ctx, path: Path<ActionPath>, form: FormData) -> Reply {
    let who = ctx.require()?;
    let services = services(&req)?;
    let game = path.game.as_str();
    let result = match path.action.as_str() {
        "opt-in" => leagues::opt_in(&services, who, game).await,
        "opt-out" => leagues::opt_out(&services, who, game).await,
        _ => return Err(WebError::NotFound),
    };
    let from_list = form.get("from") == Some("list");
    match result {
        Ok(_) if from_list => Ok(see_other("/leagues")),
        Ok(m) => Ok(see_other(&format!("/leagues/{}", m.game))),
        Err(ServiceError::NotFound(what)) => Err(WebError::Service(ServiceError::NotFound(what))),
        Err(error) => {
            let error = refusal(error)?;
            let refused = Refused {
                game: game.to_owned(),
                message: refused_message(&error, ctx.lang),
                status: service_status(&error),
            };
            if from_list {
                list_page(&services, &ctx, Some(refused)).await
            } else {
                league_page(&services, &ctx, game, Some(refused)).await
            }
        }
    }
}

//! The leaderboards: one per game, players whose rating is no longer provisional, best first,
//! a page at a time; and `/leaderboards`, which leads to each game's.

use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, get};
use askama::Template;
use serde::Deserialize;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::ratings::{self, LeaderboardEntry, elo};

use crate::error::WebError;
use crate::game_choice::{GameChoice, game_choices};
use crate::page::{Layout, Reply, render};
use crate::present::{GameCard, game_name};
use crate::session::{Ctx, services};

/// Places per page.
const PER_PAGE: i64 = 50;

/// The largest page number accepted (far beyond any real board; keeps the offset small).
const MAX_PAGE: i64 = 100_000;

#[derive(Debug, Template)]
#[template(path = "leaderboards.html")]
struct LeaderboardsPage {
    layout: Layout,
    lang: Language,
    games: Vec<GameCard>,
    provisional_matches: u32,
}

#[get("/leaderboards")]
pub async fn index(ctx: Ctx) -> Reply {
    render(&LeaderboardsPage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, ctx.lang.t("leaderboards-title"), "leaderboards"),
        games: GameCard::all(ctx.lang),
        provisional_matches: elo::PROVISIONAL_MATCHES,
    })
}

/// A place on the board, as shown.
#[derive(Debug, Clone)]
pub struct Place {
    pub rank: i64,
    pub username: String,
    /// A computer player.
    pub bot: bool,
    /// Rounded to a whole point.
    pub rating: i64,
    pub games: u32,
    /// The viewer.
    pub you: bool,
}

impl Place {
    fn of(entry: &LeaderboardEntry, viewer: Option<&str>) -> Place {
        Place {
            rank: entry.rank,
            username: entry.username.clone(),
            bot: entry.bot,
            rating: entry.rating.rounded(),
            games: entry.games,
            you: viewer.is_some_and(|me| me.eq_ignore_ascii_case(&entry.username)),
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    layout: Layout,
    lang: Language,
    game: String,
    game_name: String,
    /// The links to every game's board, this one's marked.
    boards: Vec<GameChoice>,
    places: Vec<Place>,
    page: i64,
    has_next: bool,
    provisional_matches: u32,
}

#[derive(Debug, Deserialize)]
pub struct BoardQuery {
    page: Option<i64>,
}

#[get("/leaderboards/{game}")]
pub async fn board(
    req: HttpRequest,
    ctx: Ctx,
    game: Path<String>,
    query: Query<BoardQuery>,
) -> Reply {
    let page = query.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(WebError::BadRequest("page_number"));
    }
    // One more than a page, to know whether there is a next one.
    let mut entries = ratings::leaderboard(
        &services(&req)?,
        &game,
        Some(PER_PAGE + 1),
        Some((page - 1) * PER_PAGE),
    )
    .await?;
    let has_next = entries.len() > PER_PAGE as usize;
    entries.truncate(PER_PAGE as usize);
    let id: Option<GameId> = game.parse().ok();
    let name = game_name(&game);
    render(&LeaderboardPage {
        lang: ctx.lang,
        layout: Layout::new(
            &ctx,
            ctx.lang.t1("leaderboards-board", "game", &name),
            "leaderboards",
        ),
        game: id.map_or_else(|| game.to_string(), |g| g.as_str().to_owned()),
        game_name: name,
        boards: game_choices(GameId::ALL, id),
        places: entries
            .iter()
            .map(|e| Place::of(e, ctx.username()))
            .collect(),
        page,
        has_next,
        provisional_matches: elo::PROVISIONAL_MATCHES,
    })
}

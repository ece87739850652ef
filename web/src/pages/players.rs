//! A player's public profile: their rating in every game, each played game's rating history
//! (a chart drawn on the server, with the same numbers as a table), and their finished
//! matches with the result and the rating change of each, most recent first, a page at a time;
//! blocking them and lifting the block, and the list of the players one blocked.

use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::players::blocks::{self, BlockedPlayer};
use tapis_service::players::follows::{self, Followed};
use tapis_service::players::search;
use tapis_service::players::{self, PlayerRecord};

use crate::error::WebError;
use crate::page::{Layout, Reply, render, see_other, url_encode};
use crate::present::When;
use crate::present::record::{FinishedRow, GameHistory, RatingRow};
use crate::present::stats::GameStats;
use crate::session::{Ctx, services};

/// Finished matches shown per page.
const MATCHES_PER_PAGE: i64 = 20;

#[derive(Debug, Template)]
#[template(path = "player.html")]
struct PlayerPage {
    layout: Layout,
    lang: Language,
    username: String,
    since: When,
    /// The viewer is looking at their own profile.
    own: bool,
    /// The viewer is signed in (and may block the player).
    signed_in: bool,
    /// The viewer blocked this player.
    blocked: bool,
    /// The viewer follows this player.
    following: bool,
    csrf: String,
    /// The level of the computer player this profile is, if it is one (`easy`...).
    computer: Option<&'static str>,
    ratings: Vec<RatingRow>,
    histories: Vec<GameHistory>,
    /// Their statistics of play, per game they have an analysed match of.
    stats: Vec<GameStats>,
    matches: Vec<FinishedRow>,
    /// This is a later page of the finished matches.
    later_page: bool,
    /// The address of the next (older) page of finished matches.
    older: Option<String>,
}

impl PlayerPage {
    /// Some rating shown is provisional (the page explains the `?`).
    fn any_provisional(&self) -> bool {
        self.ratings.iter().any(|r| r.provisional)
    }

    /// Rated matches over every game.
    fn rated_matches(&self) -> u32 {
        self.ratings.iter().map(|r| r.games).sum()
    }

    fn profile_path(&self) -> String {
        profile_path(&self.username)
    }

    /// The lobby's form with this player invited.
    fn challenge_path(&self) -> String {
        format!("/lobby?invite={}", url_encode(&self.username))
    }
}

/// The address of a player's profile.
fn profile_path(username: &str) -> String {
    format!("/players/{}", url_encode(username))
}

#[derive(Debug, Deserialize)]
pub struct ProfileQuery {
    /// Where the page of finished matches starts (a cursor from the previous page).
    before: Option<String>,
}

#[get("/players/{username}")]
pub async fn profile(
    req: HttpRequest,
    ctx: Ctx,
    username: Path<String>,
    query: Query<ProfileQuery>,
) -> Reply {
    let cursor = query.before.clone().filter(|c| !c.is_empty());
    let later_page = cursor.is_some();
    let record = players::record(
        &services(&req)?,
        &username,
        ctx.viewer.as_ref(),
        MATCHES_PER_PAGE,
        cursor,
    )
    .await?;
    render_profile(&ctx, record, later_page)
}

/// Renders a player's profile from their record.
fn render_profile(ctx: &Ctx, record: PlayerRecord, later_page: bool) -> Reply {
    let PlayerRecord {
        profile: account,
        histories,
        matches: page,
        changes,
        blocked_by_viewer,
        followed_by_viewer,
        analysis,
    } = record;
    let path = profile_path(&account.username);
    let own = ctx
        .username()
        .is_some_and(|me| me.eq_ignore_ascii_case(&account.username));
    render(&PlayerPage {
        lang: ctx.lang,
        layout: Layout::new(
            ctx,
            ctx.lang.t1("player-title", "name", &account.username),
            "",
        ),
        since: When::of(account.created_at, ctx.lang),
        own,
        signed_in: ctx.viewer.is_some(),
        blocked: blocked_by_viewer,
        following: followed_by_viewer,
        csrf: ctx.csrf.clone(),
        computer: tapis_service::bots::level_of(&account.username).map(|l| l.as_str()),
        ratings: account.ratings.iter().map(RatingRow::of).collect(),
        histories: histories
            .iter()
            .map(|(game, entries)| {
                GameHistory::of(&account.username, game.as_str(), entries, ctx.lang)
            })
            .collect(),
        stats: analysis
            .iter()
            .map(|stats| GameStats::of(stats, own, ctx.lang))
            .collect(),
        matches: page
            .items
            .iter()
            .map(|m| FinishedRow::of(m, &account.username, &changes, ctx.lang))
            .collect(),
        later_page,
        older: page
            .next_cursor
            .map(|cursor| format!("{path}?before={}#matches", url_encode(&cursor))),
        username: account.username,
    })
}

/// `POST /players/{username}/block`, `/unblock`, `/follow` and `/unfollow`: the signed-in
/// player blocks them or lifts the block, follows them or stops; back to where they came from
/// (`next`: the profile, or the list of blocks or of the players followed).
#[post("/players/{username}/{switch}")]
pub async fn block_switch(
    req: HttpRequest,
    ctx: Ctx,
    path: Path<(String, String)>,
    form: crate::form::FormData,
) -> Reply {
    let who = ctx.require()?.clone();
    let (username, switch) = path.into_inner();
    let services = services(&req)?;
    match switch.as_str() {
        "block" => blocks::block(&services, &who, &username).await?,
        "unblock" => blocks::unblock(&services, &who, &username).await?,
        "follow" => follows::follow(&services, &who, &username).await?,
        "unfollow" => follows::unfollow(&services, &who, &username).await?,
        _ => return Err(WebError::NotFound),
    }
    let back = match form.text("next") {
        next @ ("/account/blocks" | "/account/following") => next.to_owned(),
        _ => profile_path(&username),
    };
    Ok(see_other(&back))
}

#[derive(Debug, Template)]
#[template(path = "blocks.html")]
struct BlocksPage {
    layout: Layout,
    lang: Language,
    csrf: String,
    blocked: Vec<(BlockedPlayer, When, String)>,
}

/// `GET /account/blocks`: the players the signed-in player blocked, each with "Unblock".
#[get("/account/blocks")]
pub async fn blocked_players(req: HttpRequest, ctx: Ctx) -> Reply {
    let who = ctx.require()?.clone();
    let blocked = blocks::blocked(&services(&req)?, &who).await?;
    render(&BlocksPage {
        layout: Layout::new(&ctx, ctx.lang.t("blocks-title"), "account"),
        lang: ctx.lang,
        csrf: ctx.csrf.clone(),
        blocked: blocked
            .into_iter()
            .map(|b| {
                let since = When::of(b.since, ctx.lang);
                let path = profile_path(&b.username);
                (b, since, path)
            })
            .collect(),
    })
}

#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    q: Option<String>,
}

/// A player found, as the list shows them.
#[derive(Debug)]
struct FoundRow {
    username: String,
    path: String,
    bot: bool,
    /// `Yams 1520, Linja 1480?`.
    ratings: String,
}

#[derive(Debug, Template)]
#[template(path = "players.html")]
struct PlayersPage {
    layout: Layout,
    lang: Language,
    query: String,
    /// What was looked for was not the start of a name.
    refused: Option<String>,
    found: Option<Vec<FoundRow>>,
}

/// `GET /players?q=al`: the players whose name starts with `q`, with their ratings.
#[get("/players")]
pub async fn search_players(req: HttpRequest, ctx: Ctx, query: Query<SearchQuery>) -> Reply {
    let q = query.q.clone().unwrap_or_default();
    let (found, refused) = if q.trim().is_empty() {
        (None, None)
    } else {
        match search::search(&services(&req)?, &q).await {
            Ok(found) => (Some(found), None),
            Err(error) => {
                let error = crate::error::refusal(error)?;
                (None, Some(crate::error::service_message(&error, ctx.lang)))
            }
        }
    };
    let lang = ctx.lang;
    render(&PlayersPage {
        layout: Layout::new(&ctx, lang.t("players-title"), ""),
        lang,
        query: q,
        refused,
        found: found.map(|players| {
            players
                .into_iter()
                .map(|p| FoundRow {
                    path: profile_path(&p.username),
                    bot: p.bot,
                    ratings: p
                        .ratings
                        .iter()
                        .filter_map(|r| {
                            let game: tapis_games::GameId = r.game.parse().ok()?;
                            Some(format!("{} {}", game.name(), r.display))
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                    username: p.username,
                })
                .collect()
        }),
    })
}

#[derive(Debug, Template)]
#[template(path = "following.html")]
struct FollowingPage {
    layout: Layout,
    lang: Language,
    csrf: String,
    followed: Vec<(Followed, String)>,
    /// The player hears when those they follow start a match.
    tell_started: bool,
}

impl FollowingPage {
    /// The name of the game of id `id` (`Can't Stop`).
    fn game_name(&self, id: &str) -> String {
        id.parse::<tapis_games::GameId>()
            .map_or_else(|_| id.to_owned(), |game| game.name().to_owned())
    }
}

/// `GET /account/following`: the players the signed-in player follows, with their matches in
/// play.
#[get("/account/following")]
pub async fn following_players(req: HttpRequest, ctx: Ctx) -> Reply {
    let who = ctx.require()?.clone();
    let services = services(&req)?;
    let followed = follows::following(&services, &who).await?;
    let settings = follows::settings(&services, &who).await?;
    render(&FollowingPage {
        layout: Layout::new(&ctx, ctx.lang.t("following-title"), "account"),
        lang: ctx.lang,
        csrf: ctx.csrf.clone(),
        followed: followed
            .into_iter()
            .map(|f| {
                let path = profile_path(&f.username);
                (f, path)
            })
            .collect(),
        tell_started: settings.match_started,
    })
}

/// `POST /account/following/settings`: whether the player hears when those they follow start
/// a match (`match_started` ticked); back to the list.
#[post("/account/following/settings")]
pub async fn following_settings(req: HttpRequest, ctx: Ctx, form: crate::form::FormData) -> Reply {
    let who = ctx.require()?.clone();
    let settings = follows::FollowSettings {
        match_started: form.checked("match_started"),
    };
    follows::set_settings(&services(&req)?, &who, settings).await?;
    Ok(see_other("/account/following"))
}

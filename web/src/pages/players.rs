//! A player's public profile: their rating in every game, each played game's rating history
//! (a chart drawn on the server, with the same numbers as a table), and their finished
//! matches with the result and the rating change of each, most recent first, a page at a time.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::players::{self, PlayerRecord};

use crate::error::WebError;
use crate::page::{Layout, render, url_encode};
use crate::present::When;
use crate::present::record::{FinishedRow, GameHistory, RatingRow};
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
    ratings: Vec<RatingRow>,
    histories: Vec<GameHistory>,
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
    username: web::Path<String>,
    query: web::Query<ProfileQuery>,
) -> Result<HttpResponse, WebError> {
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
fn render_profile(
    ctx: &Ctx,
    record: PlayerRecord,
    later_page: bool,
) -> Result<HttpResponse, WebError> {
    let PlayerRecord {
        profile: account,
        histories,
        matches: page,
        changes,
    } = record;
    let path = profile_path(&account.username);
    render(&PlayerPage {
        lang: ctx.lang,
        layout: Layout::new(
            ctx,
            ctx.lang.t1("player-title", "name", &account.username),
            "",
        ),
        since: When::of(account.created_at, ctx.lang),
        own: ctx
            .username()
            .is_some_and(|me| me.eq_ignore_ascii_case(&account.username)),
        ratings: account.ratings.iter().map(RatingRow::of).collect(),
        histories: histories
            .iter()
            .map(|(game, entries)| {
                GameHistory::of(&account.username, game.as_str(), entries, ctx.lang)
            })
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

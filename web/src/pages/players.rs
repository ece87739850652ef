//! A player's public profile: their rating in every game, each played game's rating history
//! (a chart drawn on the server, with the same numbers as a table), and their finished
//! matches with the result and the rating change of each, most recent first, a page at a time.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;
use serde::Deserialize;
use tapis_service::matches::{self, MatchFilter};
use tapis_service::{accounts, ratings};
use uuid::Uuid;

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
        format!("/players/{}", url_encode(&self.username))
    }
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
    let services = services(&req)?;
    let profile = accounts::profile(&services, &username).await?;

    let mut histories = Vec::new();
    for rating in profile.ratings.iter().filter(|r| r.games > 0) {
        let entries = ratings::history(&services, &profile.username, &rating.game).await?;
        if !entries.is_empty() {
            histories.push(GameHistory::of(&profile.username, &rating.game, &entries));
        }
    }

    let filter = MatchFilter {
        status: Some("finished".to_owned()),
        player: Some(profile.username.clone()),
        limit: Some(MATCHES_PER_PAGE),
        cursor: query.before.clone().filter(|c| !c.is_empty()),
        ..MatchFilter::default()
    };
    let page = matches::list(&services, &filter, ctx.viewer.as_ref()).await?;
    let rated: Vec<Uuid> = page
        .items
        .iter()
        .filter(|m| m.rated)
        .map(|m| m.id)
        .collect();
    let changes = if rated.is_empty() {
        Vec::new()
    } else {
        ratings::changes_in_matches(&services, profile.id, &rated).await?
    };

    let path = format!("/players/{}", url_encode(&profile.username));
    render(&PlayerPage {
        layout: Layout::new(
            &ctx,
            format!("{}: ratings and matches", profile.username),
            "",
        ),
        since: When::of(profile.created_at),
        own: ctx
            .username()
            .is_some_and(|me| me.eq_ignore_ascii_case(&profile.username)),
        ratings: profile.ratings.iter().map(RatingRow::of).collect(),
        histories,
        matches: page
            .items
            .iter()
            .map(|m| FinishedRow::of(m, &profile.username, &changes))
            .collect(),
        later_page: filter.cursor.is_some(),
        older: page
            .next_cursor
            .map(|cursor| format!("{path}?before={}#matches", url_encode(&cursor))),
        username: profile.username,
    })
}

//! The home page: what Tapis is, the eight games, and a signed-in player's matches (those
//! waiting for their move first).

use actix_web::{HttpResponse, get};
use askama::Template;
use tapis_l10n::Language;
use tapis_service::matches::{self, MatchFilter};

use crate::error::WebError;
use crate::page::{Layout, render};
use crate::present::{GameCard, MatchCard};
use crate::session::{Ctx, services};

#[derive(Debug, Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    lang: Language,
    games: Vec<GameCard>,
    your_turn: Vec<MatchCard>,
    others: Vec<MatchCard>,
}

#[get("/")]
pub async fn home(req: actix_web::HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let mut your_turn = Vec::new();
    let mut others = Vec::new();
    if let Some(who) = &ctx.viewer {
        let services = services(&req)?;
        let filter = MatchFilter {
            status: Some("active".to_owned()),
            player: Some(who.username.clone()),
            limit: Some(100),
            ..MatchFilter::default()
        };
        let page = matches::list(&services, &filter, Some(who)).await?;
        let (mine, rest): (Vec<MatchCard>, Vec<MatchCard>) = page
            .items
            .iter()
            .map(|m| MatchCard::of(m, ctx.lang))
            .partition(|card| card.your_turn);
        your_turn = mine;
        // The most urgent first.
        your_turn.sort_by(|a, b| {
            let key = |c: &MatchCard| c.deadline.as_ref().map(|d| d.iso.clone());
            match (key(a), key(b)) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
        });
        others = rest;
    }
    render(&HomePage {
        lang: ctx.lang,
        layout: Layout::new(&ctx, ctx.lang.t("home-title"), "home"),
        games: GameCard::all(ctx.lang),
        your_turn,
        others,
    })
}

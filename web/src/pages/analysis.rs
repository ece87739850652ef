//! The way to a finished match's analysis from its result screen, which appears by itself once
//! the analysis is made; and the dice of the whole site (`/dice`). The analysis itself is on
//! the replay page (`pages::play`).

use actix_web::web::Path;
use actix_web::{HttpRequest, get};
use askama::Template;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::analysis::{self, AnalysisStatus, stats};
use uuid::Uuid;

use crate::page::{Layout, Reply, render};
use crate::present::stats::DicePanel;
use crate::session::{Ctx, services};

/// The link to the analysis, or while it is made a note that asks again every few seconds.
#[derive(Debug, Template)]
#[template(path = "analysis_link.html")]
struct AnalysisLink {
    lang: Language,
    id: Uuid,
    /// `ready`, `pending`, or `none` (no analysis for this game, or none could be made).
    status: &'static str,
}

/// `GET /matches/{id}/analysis-link` (htmx, from the result screen).
#[get("/matches/{id}/analysis-link")]
pub async fn analysis_link(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let id = id.into_inner();
    let status = match analysis::get(&services(&req)?, id).await {
        Ok(found) => match found.status {
            AnalysisStatus::Ready => "ready",
            AnalysisStatus::Pending => "pending",
            AnalysisStatus::Unsupported | AnalysisStatus::Failed => "none",
        },
        // A match still played (the fragment of a page left open): no analysis to show.
        Err(ServiceError::MatchNotFinished) => "none",
        Err(other) => return Err(other.into()),
    };
    render(&AnalysisLink {
        lang: ctx.lang,
        id,
        status,
    })
}

/// One game's line on the dice page.
#[derive(Debug)]
struct GameLine {
    name: &'static str,
    matches: String,
    dice: DicePanel,
}

#[derive(Debug, Template)]
#[template(path = "dice.html")]
struct DicePage {
    layout: Layout,
    lang: Language,
    matches: String,
    dice: DicePanel,
    games: Vec<GameLine>,
}

/// `GET /dice`: every face thrown on the site, in all and game by game.
#[get("/dice")]
pub async fn site_dice(req: HttpRequest, ctx: Ctx) -> Reply {
    let site = stats::site_dice(&services(&req)?).await?;
    let lang = ctx.lang;
    render(&DicePage {
        layout: Layout::new(&ctx, lang.t("dice-page-title"), ""),
        lang,
        matches: lang.t1("dice-matches", "count", site.matches),
        dice: DicePanel::of(&site.dice, lang.t("dice-who-site"), lang),
        games: site
            .games
            .iter()
            .map(|g| GameLine {
                name: g.game.name(),
                matches: lang.t1("dice-matches", "count", g.matches),
                dice: DicePanel::of(&g.dice, g.game.name().to_owned(), lang),
            })
            .collect(),
    })
}

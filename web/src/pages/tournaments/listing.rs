//! The list of tournaments: upcoming, running and finished, of every game or of one.

use actix_web::web::Query;
use actix_web::{HttpRequest, get};
use askama::Template;
use serde::Deserialize;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::tournaments::{self, TournamentFilter, TournamentStatus, TournamentSummary};
use uuid::Uuid;

use crate::game_choice::{GameChoice, game_choices};
use crate::page::{Layout, Reply, render};
use crate::present::competition::round_of;
use crate::present::{When, game_name};
use crate::session::{Ctx, services};

/// A tournament in the list.
#[derive(Debug)]
pub struct TournamentLine {
    pub id: Uuid,
    pub name: String,
    pub game: String,
    pub terms: String,
    pub entrants: String,
    pub starts: When,
    pub round: String,
    pub organiser: String,
}

impl TournamentLine {
    fn of(t: &TournamentSummary, lang: Language) -> TournamentLine {
        TournamentLine {
            id: t.id,
            name: t.name.clone(),
            game: game_name(&t.game),
            terms: terms_words(t.table_size, t.rounds, t.days_per_move, t.rated, lang),
            entrants: match t.max_players {
                Some(max) => lang.t2(
                    "tournaments-entrants-of",
                    "count",
                    t.entrants,
                    "max",
                    i64::from(max),
                ),
                None => lang.t1("tournaments-entrants", "count", t.entrants),
            },
            starts: When::of(t.starts_at, lang),
            round: round_of(t.current_round, t.rounds, lang),
            organiser: t.organiser.clone(),
        }
    }
}

/// `Tables of 2 · 5 rounds · 3 days a move · Rated`.
fn terms_words(table_size: i16, rounds: i16, days: i16, rated: bool, lang: Language) -> String {
    lang.t_with(
        "tournaments-terms",
        &[
            ("seats", i64::from(table_size).into()),
            ("rounds", i64::from(rounds).into()),
            ("days", i64::from(days).into()),
            ("rated", if rated { "yes" } else { "no" }.into()),
        ],
    )
}

#[derive(Debug, Template)]
#[template(path = "tournaments.html")]
struct ListPage {
    layout: Layout,
    lang: Language,
    games: Vec<GameChoice>,
    sections: Vec<ListSection>,
    signed_in: bool,
}

/// Upcoming, running or finished tournaments (`key`: the heading's message).
#[derive(Debug)]
struct ListSection {
    key: &'static str,
    /// Running tournaments show their round rather than their start.
    running: bool,
    lines: Vec<TournamentLine>,
}

#[derive(Debug, Deserialize)]
pub struct ListQuery {
    game: Option<String>,
}

#[get("/tournaments")]
pub async fn list(req: HttpRequest, ctx: Ctx, query: Query<ListQuery>) -> Reply {
    let game = query
        .game
        .as_deref()
        .filter(|g| !g.is_empty())
        .and_then(|g| g.parse::<GameId>().ok());
    let filter = TournamentFilter {
        status: None,
        game: game.map(|g| g.as_str().to_owned()),
        limit: Some(100),
    };
    let all = tournaments::list(&services(&req)?, &filter).await?;
    let lines = |status: TournamentStatus| -> Vec<TournamentLine> {
        let mut picked: Vec<&TournamentSummary> =
            all.iter().filter(|t| t.status == status).collect();
        if status == TournamentStatus::Upcoming {
            // The soonest first.
            picked.reverse();
        }
        picked
            .into_iter()
            .map(|t| TournamentLine::of(t, ctx.lang))
            .collect()
    };
    render(&ListPage {
        layout: Layout::new(&ctx, ctx.lang.t("tournaments-title"), "tournaments"),
        lang: ctx.lang,
        games: game_choices(GameId::ALL, game),
        sections: vec![
            ListSection {
                key: "tournaments-upcoming",
                running: false,
                lines: lines(TournamentStatus::Upcoming),
            },
            ListSection {
                key: "tournaments-running",
                running: true,
                lines: lines(TournamentStatus::Running),
            },
            ListSection {
                key: "tournaments-finished",
                running: false,
                lines: lines(TournamentStatus::Finished),
            },
        ],
        signed_in: ctx.viewer.is_some(),
    })
}

//! A tournament's page: its status and what the viewer may do there, its standings, rounds,
//! entrants and terms; and the buttons' posts.

use actix_web::web::Path;
use actix_web::{HttpRequest, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_l10n::Language;
use tapis_service::tournaments::{self, Allowed, RoundView, TournamentSheet, TournamentStatus};
use uuid::Uuid;

use super::terms::terms;
use crate::error::{WebError, refusal, service_message, service_status};
use crate::form::FormData;
use crate::page::{Layout, Reply, render, render_status, see_other};
use crate::present::When;
use crate::present::competition::{self, StandingRow, Term, results};
use crate::session::{Ctx, services};

/// A player entered, as listed.
#[derive(Debug)]
pub struct EntrantLine {
    pub username: String,
    pub rating: i64,
    pub note: String,
    pub bot: bool,
}

/// A table of a round, in words.
#[derive(Debug)]
pub struct TableRow {
    pub number: i16,
    pub match_id: Option<Uuid>,
    /// Each player with their result (place and points), if the table is over.
    pub players: Vec<(String, String)>,
    pub result: String,
    pub bye: bool,
}

/// A round, in words.
#[derive(Debug)]
pub struct RoundBlock {
    pub number: i16,
    pub heading: String,
    pub started: When,
    pub deadline: When,
    pub finished: Option<When>,
    pub tables: Vec<TableRow>,
}

/// A button of the page: the action it posts, its message, and the computer player it names
/// (seating or removing one).
#[derive(Debug)]
pub struct Button {
    pub action: &'static str,
    pub label: String,
    pub username: Option<String>,
}

/// The buttons for what the viewer may do (the service said which).
fn buttons(may: &Allowed, lang: Language) -> Vec<Button> {
    let plain = [
        (may.join, "join", "tournament-join"),
        (may.leave, "leave", "tournament-leave"),
        (may.withdraw, "withdraw", "tournament-withdraw"),
        (may.reconfirm, "reconfirm", "tournament-reconfirm"),
        (may.cancel, "cancel", "tournament-cancel"),
    ]
    .into_iter()
    .filter(|(shown, _, _)| *shown)
    .map(|(_, action, key)| Button {
        action,
        label: lang.t(key),
        username: None,
    });
    let bots = |action: &'static str, key: &'static str, names: &[String]| {
        names
            .iter()
            .map(|name| Button {
                action,
                label: lang.t1(key, "name", name.as_str()),
                username: Some(name.clone()),
            })
            .collect::<Vec<_>>()
    };
    let seat = if may.seat_bots {
        bots("seat", "tournament-seat-bot", &may.seat)
    } else {
        Vec::new()
    };
    plain
        .chain(seat)
        .chain(bots("unseat", "tournament-unseat-bot", &may.unseat))
        .collect()
}

#[derive(Debug, Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    layout: Layout,
    lang: Language,
    csrf: String,
    id: Uuid,
    name: String,
    status: String,
    status_key: &'static str,
    terms: Vec<Term>,
    adjudication: String,
    buttons: Vec<Button>,
    /// Why what the viewer asked for was refused.
    error: Option<String>,
    signed_in: bool,
    entrants: Vec<EntrantLine>,
    tie_breaks: [String; 2],
    tie_breaks_help: String,
    standings: Vec<StandingRow>,
    rounds: Vec<RoundBlock>,
}

fn round_blocks(rounds: &[RoundView], lang: Language) -> Vec<RoundBlock> {
    rounds
        .iter()
        .rev()
        .map(|r| RoundBlock {
            number: r.number,
            heading: lang.t1("tournament-round", "round", i64::from(r.number)),
            started: When::of(r.started_at, lang),
            deadline: When::of(r.deadline, lang),
            finished: r.finished_at.map(|at| When::of(at, lang)),
            tables: r
                .tables
                .iter()
                .map(|t| TableRow {
                    number: t.number,
                    match_id: t.match_id,
                    players: results(&t.players, t.places.as_deref(), t.points.as_deref(), lang),
                    result: lang.t(if t.bye {
                        "tournament-table-bye"
                    } else if t.adjudicated {
                        "tournament-table-adjudicated"
                    } else if t.places.is_some() {
                        "tournament-table-over"
                    } else {
                        "tournament-table-playing"
                    }),
                    bye: t.bye,
                })
                .collect(),
        })
        .collect()
}

#[get("/tournaments/{id}")]
pub async fn page(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let sheet = tournaments::sheet(&services(&req)?, ctx.viewer.as_ref(), id.into_inner()).await?;
    render(&TournamentPage::of(&ctx, sheet, None))
}

impl TournamentPage {
    /// The page of `sheet` for the viewer of `ctx`, with why their last request was refused.
    fn of(ctx: &Ctx, sheet: TournamentSheet, error: Option<String>) -> TournamentPage {
        let TournamentSheet {
            tournament: t,
            standings,
            rounds,
            may,
        } = sheet;
        let lang = ctx.lang;
        let me = ctx.username();
        let status_key = match t.status {
            TournamentStatus::Upcoming => "tournament-status-upcoming",
            TournamentStatus::Running => "tournament-status-running",
            TournamentStatus::Finished => "tournament-status-finished",
            TournamentStatus::Cancelled => "tournament-status-cancelled",
        };
        let status = match t.status {
            TournamentStatus::Running => lang.t2(
                "tournament-status-running-round",
                "round",
                i64::from(t.current_round),
                "rounds",
                i64::from(t.rounds),
            ),
            _ => lang.t(status_key),
        };
        let (tie_breaks, tie_breaks_help) = competition::tie_breaks(&standings, lang);
        TournamentPage {
            layout: Layout::new(ctx, t.name.clone(), "tournaments"),
            lang,
            csrf: ctx.csrf.clone(),
            id: t.id,
            status,
            status_key,
            terms: terms(&t, lang),
            adjudication: lang.t("tournament-adjudication-rule"),
            buttons: buttons(&may, lang),
            error,
            signed_in: me.is_some(),
            entrants: t
                .entrants
                .iter()
                .map(|e| EntrantLine {
                    username: e.username.clone(),
                    rating: i64::from(e.rating),
                    note: match (e.withdrawn_reason.as_deref(), e.joined_round) {
                        (Some(reason), _) => lang.t(&format!("tournament-withdrawn-{reason}")),
                        (None, 0) => String::new(),
                        (None, round) => {
                            lang.t1("tournament-joined-late", "round", i64::from(round))
                        }
                    },
                    bot: e.bot,
                })
                .collect(),
            tie_breaks,
            tie_breaks_help,
            standings: standings
                .lines
                .iter()
                .map(|l| StandingRow::of(l, me, lang))
                .collect(),
            rounds: round_blocks(&rounds, lang),
            name: t.name,
        }
    }
}

/// What a tournament's buttons ask.
#[derive(Debug, Deserialize)]
pub struct ActionPath {
    id: Uuid,
    action: String,
}

/// Join, leave, withdraw, re-confirm, cancel, seat or remove a computer player: one service
/// call, then back to the page; a refusal shows the page again with why, beside the buttons.
#[post("/tournaments/{id}/{action}")]
pub async fn act(req: HttpRequest, ctx: Ctx, path: Path<ActionPath>, form: FormData) -> Reply {
    let who = ctx.require()?;
    let services = services(&req)?;
    let id = path.id;
    let bot = || {
        form.get("username")
            .filter(|name| !name.is_empty())
            .ok_or(WebError::BadRequest("username_missing"))
    };
    let done = match path.action.as_str() {
        "join" => tournaments::join(&services, who, id).await,
        "leave" => tournaments::leave(&services, who, id, None).await,
        "withdraw" => tournaments::withdraw(&services, who, id).await,
        "reconfirm" => tournaments::reconfirm(&services, who, id).await,
        "cancel" => tournaments::cancel(&services, who, id).await,
        "seat" => tournaments::seat_bot(&services, who, id, bot()?).await,
        "unseat" => tournaments::leave(&services, who, id, Some(bot()?)).await,
        _ => return Err(WebError::NotFound),
    };
    match done {
        Ok(_) => Ok(see_other(&format!("/tournaments/{id}"))),
        Err(error) => {
            let error = refusal(error)?;
            let sheet = tournaments::sheet(&services, Some(who), id).await?;
            let shown = TournamentPage::of(&ctx, sheet, Some(service_message(&error, ctx.lang)));
            render_status(service_status(&error), &shown)
        }
    }
}

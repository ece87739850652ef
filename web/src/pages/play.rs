//! The match page: the table of any game, whose turn it is and the deadline, the player's
//! choices as buttons, the turn log in words, the result and the fair-dice seed; and the
//! replay of a finished match, step by step.
//!
//! The live part of the page (`#match-live`) is one fragment: the page embeds it, a move posted
//! with htmx answers with it, and the page fetches it afresh (`GET /matches/{id}/table`) when
//! the match's event stream (`pages::live`) tells it of a move. Should the stream fail, or while
//! the match waits for players, the page asks every two seconds whether the match has moved
//! past the version it shows (`GET /matches/{id}/poll?since=N`: 204 when not, else the fresh
//! fragment). A move names the version it was made on; a stale or illegal move
//! answers with the fresh state and a short message (409 or 422), never an error page.
//!
//! The handlers here read the request, make one service call and render; what the live part
//! shows is worked out by its model, [`crate::present::match_page`].

use actix_web::http::{StatusCode, header};
use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;
use serde_json::Value;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::matches::{self, MatchStatus, MatchWithTurns};
use tapis_service::replay::{self, ReplayedStep};
use uuid::Uuid;

use crate::error::{WebError, service_message, service_status};
use crate::form::FormData;
use crate::page::{Layout, Reply, render_status, see_other};
use crate::present::analysis::AnalysisPanel;
use crate::present::join_names;
use crate::present::match_page::{ActForm, Fairness, Live, Notice, names_of, replayed_table};
use crate::present::play::LogEntry;
use crate::present::table::{PanelKind, Table, compose_action};
use crate::session::{Ctx, Visit, services};

#[derive(Debug, Template)]
#[template(path = "match.html")]
struct MatchPage {
    layout: Layout,
    lang: Language,
    game_id: GameId,
    game_name: String,
    players: String,
    rated: bool,
    days_per_move: Option<i64>,
    finished: bool,
    /// A player is signed in: the page offers the next match waiting for them.
    signed_in: bool,
    live: Live,
}

impl MatchPage {
    /// `3 days per move`, `no clock`.
    fn clock(&self) -> String {
        match self.days_per_move {
            Some(days) => self.lang.t1("match-clock", "days", days),
            None => self.lang.t("match-no-clock"),
        }
    }
}

/// Renders the match page, or its live fragment, for `ctx`'s viewer.
async fn respond(
    req: &HttpRequest,
    ctx: &Ctx,
    id: Uuid,
    fragment: bool,
    status: StatusCode,
    notice: Option<Notice>,
) -> Reply {
    let viewer = ctx.viewer.as_ref().map(Into::into);
    let (shown, _) = matches::get_with_turns(&services(req)?, id, viewer).await?;
    render_match(ctx, &shown, fragment, status, notice)
}

/// Renders the match page, or its live fragment, for the viewer of `visit`, confirmed by the
/// statement that reads the match; a session that has ended is no session.
async fn show(req: &HttpRequest, visit: &Visit, id: Uuid, fragment: bool) -> Reply {
    let services = services(req)?;
    let (shown, viewer) = match matches::get_with_turns(&services, id, visit.caller()).await {
        Err(ServiceError::Unauthenticated(_)) => {
            matches::get_with_turns(&services, id, None).await?
        }
        shown => shown?,
    };
    render_match(&visit.ctx(viewer), &shown, fragment, StatusCode::OK, None)
}

/// Renders the match page, or its live fragment, from the match and its turn log.
fn render_match(
    ctx: &Ctx,
    shown: &MatchWithTurns,
    fragment: bool,
    status: StatusCode,
    notice: Option<Notice>,
) -> Reply {
    let view = &shown.view;
    let live = Live::build(view, &shown.turns, ctx, notice);
    if fragment {
        return render_status(status, &live);
    }
    let name = view.game.name().to_owned();
    let players = live.players.clone();
    render_status(
        status,
        &MatchPage {
            lang: ctx.lang,
            layout: Layout::new(ctx, live.title.clone(), ""),
            game_id: view.game,
            game_name: name,
            players,
            rated: view.rated,
            days_per_move: view.days_per_move,
            finished: view.status == MatchStatus::Finished,
            signed_in: ctx.viewer.is_some(),
            live,
        },
    )
}

/// `GET /matches/{id}`: the match page.
#[get("/matches/{id}")]
pub async fn match_page(req: HttpRequest, visit: Visit, id: Path<Uuid>) -> Reply {
    show(&req, &visit, id.into_inner(), false).await
}

/// `GET /matches/{id}/table`: the live fragment alone.
#[get("/matches/{id}/table")]
pub async fn match_fragment(req: HttpRequest, visit: Visit, id: Path<Uuid>) -> Reply {
    show(&req, &visit, id.into_inner(), true).await
}

#[derive(Debug, Deserialize)]
pub struct PollQuery {
    /// The version the page shows.
    since: i64,
}

/// `GET /matches/{id}/poll?since=N`: 204 while the match is still at version N (one cheap
/// query), else the fresh fragment.
#[get("/matches/{id}/poll")]
pub async fn match_poll(
    req: HttpRequest,
    ctx: Ctx,
    id: Path<Uuid>,
    query: Query<PollQuery>,
) -> Reply {
    let id = id.into_inner();
    let version = matches::version(&services(&req)?, id).await?;
    if version == query.since {
        return Ok(HttpResponse::NoContent()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish());
    }
    respond(&req, &ctx, id, true, StatusCode::OK, None).await
}

/// Why a move was not played, as the form's answer shows it.
enum Refused {
    /// The form itself could not be read: the message's key.
    Form(&'static str),
    /// The service refused the move.
    Service(ServiceError),
}

/// Reads the move of an act form: its version, and either a literal action (`action`) or a
/// composed one (`compose` with the ticked `pick` values, among the form's `die` values). A
/// form that cannot be read gives the key of the message that says why.
fn read_move(form: &FormData) -> Result<(i64, Value), &'static str> {
    let version: i64 = form
        .text("version")
        .trim()
        .parse()
        .map_err(|_| "match-refused-no-version")?;
    let action = if let Some(raw) = form.get("action") {
        serde_json::from_str(raw).map_err(|_| "match-refused-unreadable")?
    } else if let Some(template) = form.get("compose") {
        let picked: Vec<&str> = form.all("pick").collect();
        let dice: Vec<&str> = form.all("die").collect();
        compose_action(template, &picked, &dice)?
    } else {
        return Err("match-refused-no-move");
    };
    Ok((version, action))
}

/// What the player is told when the rules or the match refuse a move.
fn refusal_message(error: &ServiceError, lang: Language) -> String {
    match error {
        ServiceError::IllegalAction(reason) => {
            let mut reason = reason.as_str();
            while let Some(rest) = reason.strip_prefix("illegal action: ") {
                reason = rest;
            }
            crate::error::sentence(&lang.t1("match-refused-illegal", "reason", reason))
        }
        ServiceError::NotYourTurn => lang.t("match-refused-not-your-turn"),
        ServiceError::MatchNotActive => lang.t("match-refused-not-active"),
        other => service_message(other, lang),
    }
}

/// `POST /matches/{id}/act`: plays one move. With htmx it answers with the fresh fragment,
/// without it sends back to the page; a refused move shows the fresh state and why.
///
/// The player's session is confirmed by the statement that locks the match, as the API's
/// move does (`docs/performance.md`), not by one of its own: a session that has ended is
/// refused there, and sent to sign in.
#[post("/matches/{id}/act")]
pub async fn match_act(req: HttpRequest, visit: Visit, id: Path<Uuid>, form: FormData) -> Reply {
    let id = id.into_inner();
    let signed_out = || WebError::SignInRequired {
        next: visit.ctx(None).path,
    };
    let caller = visit.caller().ok_or_else(signed_out)?;
    let services = services(&req)?;
    let outcome = match read_move(&form) {
        Ok((version, action)) => {
            matches::submit_action_with_turns(&services, caller, id, version, action)
                .await
                .map_err(Refused::Service)
        }
        Err(key) => Err(Refused::Form(key)),
    };
    // A refused move changed nothing: the page is read afresh, with why it was refused.
    let (status, refusal) = match outcome {
        Ok((played, mover)) => {
            let ctx = visit.ctx(Some(mover));
            if ctx.htmx {
                return render_match(&ctx, &played, true, StatusCode::OK, None);
            }
            return Ok(see_other(&format!("/matches/{id}")));
        }
        Err(Refused::Service(ServiceError::Unauthenticated(_))) => return Err(signed_out()),
        Err(Refused::Form(key)) => (StatusCode::UNPROCESSABLE_ENTITY, Refused::Form(key)),
        Err(Refused::Service(
            error @ (ServiceError::VersionConflict { .. }
            | ServiceError::IllegalAction(_)
            | ServiceError::NotYourTurn
            | ServiceError::MatchNotActive),
        )) => {
            tracing::debug!(match.id = %id, error = %error, "move refused");
            (service_status(&error), Refused::Service(error))
        }
        Err(Refused::Service(error)) => return Err(error.into()),
    };
    let (shown, viewer) = match matches::get_with_turns(&services, id, visit.caller()).await {
        Err(ServiceError::Unauthenticated(_)) => return Err(signed_out()),
        shown => shown?,
    };
    let ctx = visit.ctx(viewer);
    let text = match refusal {
        Refused::Form(key) => ctx.lang.t(key),
        Refused::Service(error) => refusal_message(&error, ctx.lang),
    };
    render_match(&ctx, &shown, ctx.htmx, status, Some(Notice::refusal(text)))
}

#[derive(Debug, Template)]
#[template(path = "match_resign.html")]
struct ResignPage {
    layout: Layout,
    lang: Language,
    id: Uuid,
    game_name: String,
    rated: bool,
}

/// `POST /matches/{id}/resign`: with `confirm=yes` the player resigns; without it, a page asks
/// them to confirm (so that one stray click never resigns).
#[post("/matches/{id}/resign")]
pub async fn match_resign(req: HttpRequest, ctx: Ctx, id: Path<Uuid>, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let id = id.into_inner();
    let services = services(&req)?;
    if form.text("confirm") != "yes" {
        let view = matches::get(&services, id, Some((&who).into())).await?;
        return render_status(
            StatusCode::OK,
            &ResignPage {
                lang: ctx.lang,
                layout: Layout::new(&ctx, ctx.lang.t("match-resign-title"), ""),
                id,
                game_name: view.game.name().to_owned(),
                rated: view.rated,
            },
        );
    }
    let done = matches::resign(&services, &who, id).await;
    back_to_match(&req, &ctx, id, done, |error| {
        matches!(error, ServiceError::MatchNotActive)
    })
    .await
}

/// `POST /matches/{id}/abort`: the player aborts the match in its first moves (no result, no
/// rating change); once every seat has moved, the page says so and shows the match afresh.
#[post("/matches/{id}/abort")]
pub async fn match_abort(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?.clone();
    let id = id.into_inner();
    let done = matches::abort(&services(&req)?, &who, id).await;
    back_to_match(&req, &ctx, id, done, |error| {
        matches!(
            error,
            ServiceError::AbortNotAllowed | ServiceError::MatchNotActive
        )
    })
    .await
}

/// After a step the match page offers (resign, abort): back to the match once `done`; a
/// refusal the page can explain (`explained`) shows the match afresh with why, any other is an
/// error page.
async fn back_to_match<T>(
    req: &HttpRequest,
    ctx: &Ctx,
    id: Uuid,
    done: Result<T, ServiceError>,
    explained: fn(&ServiceError) -> bool,
) -> Reply {
    match done {
        Ok(_) => Ok(see_other(&format!("/matches/{id}"))),
        Err(error) if explained(&error) => {
            let notice = Notice::refusal(refusal_message(&error, ctx.lang));
            respond(req, ctx, id, false, service_status(&error), Some(notice)).await
        }
        Err(error) => Err(error.into()),
    }
}

/// `POST /matches/{id}/rematch`: the player asks for a rematch (or is sent to the one made).
#[post("/matches/{id}/rematch")]
pub async fn match_rematch(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?.clone();
    let (view, _) = matches::rematch(&services(&req)?, &who, id.into_inner()).await?;
    Ok(see_other(&format!("/matches/{}", view.id)))
}

/// The most matches the "Next match" button counts.
const NEXT_AT_MOST: i64 = 50;

/// The way to the next match waiting for the player.
#[derive(Debug, Template)]
#[template(path = "next_match.html")]
struct NextMatch {
    lang: Language,
    id: Uuid,
    /// The match waiting with the nearest deadline, other than this one.
    next: Option<Uuid>,
    /// How many matches wait for the player, other than this one.
    count: usize,
}

/// `GET /matches/{id}/next`: "Next match (n)" to the match waiting for the signed-in player's
/// move with the nearest deadline (other than match `id`), or nothing. The match page asks for
/// it once drawn, so that it adds nothing to the page's own database work.
#[get("/matches/{id}/next")]
pub async fn next_match(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let id = id.into_inner();
    let waiting = match &ctx.viewer {
        Some(who) => matches::waiting_for(&services(&req)?, who, NEXT_AT_MOST).await?,
        None => Vec::new(),
    };
    let others: Vec<Uuid> = waiting.iter().map(|w| w.id).filter(|w| *w != id).collect();
    render_status(
        StatusCode::OK,
        &NextMatch {
            lang: ctx.lang,
            id,
            next: others.first().copied(),
            count: others.len(),
        },
    )
}

#[derive(Debug, Deserialize)]
pub struct ReplayQuery {
    step: Option<usize>,
}

#[derive(Debug, Template)]
#[template(path = "match_replay.html")]
struct ReplayPage {
    layout: Layout,
    lang: Language,
    id: Uuid,
    game_id: GameId,
    game_name: String,
    players: String,
    step: usize,
    last: usize,
    current: Option<LogEntry>,
    entries: Vec<LogEntry>,
    table: Table,
    act: Option<ActForm>,
    fairness: Option<Fairness>,
    analysis: AnalysisPanel,
}

impl ReplayPage {
    fn is_current(&self, seq: &i64) -> bool {
        usize::try_from(*seq).is_ok_and(|s| s == self.step)
    }
}

/// `GET /matches/{id}/replay?step=N`: a finished match as it stood after turn N of its log,
/// rebuilt by replaying the log through the rules, drawn with the same table (no actions).
#[get("/matches/{id}/replay")]
pub async fn match_replay(
    req: HttpRequest,
    ctx: Ctx,
    id: Path<Uuid>,
    query: Query<ReplayQuery>,
) -> Reply {
    let id = id.into_inner();
    match replay::replay_step(&services(&req)?, id, query.step).await? {
        Some(replayed) => render_replay(&ctx, id, replayed),
        // Not finished: no replay yet.
        None => Ok(see_other(&format!("/matches/{id}"))),
    }
}

/// Renders a step of a replay.
fn render_replay(ctx: &Ctx, id: Uuid, replayed: ReplayedStep) -> Reply {
    let record = &replayed.record;
    let game = record.game;
    let names = names_of(record.seats.len(), &record.seats, ctx.lang);
    let (table, entries) = replayed_table(&replayed, &names);
    let (step, last) = (replayed.step, replayed.last);
    let viewer_seat = ctx.username().and_then(|me| {
        record
            .seats
            .iter()
            .find(|s| s.username.eq_ignore_ascii_case(me))
            .map(|s| s.seat)
    });
    let analysis = AnalysisPanel::of(&replayed.analysis, id, step, &names, viewer_seat);
    let name = game.name().to_owned();
    let players = join_names(&names.0, ctx.lang);
    render_status(
        StatusCode::OK,
        &ReplayPage {
            lang: ctx.lang,
            layout: Layout::new(ctx, ctx.lang.t1("match-replay-title", "game", &name), ""),
            id,
            game_id: game,
            game_name: name,
            players,
            step,
            last,
            current: entries.get(step).cloned(),
            entries,
            table,
            act: None,
            fairness: Fairness::of(
                game,
                &record.fairness.seed_sha256,
                record.fairness.seed.as_deref(),
            ),
            analysis,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(body: &str) -> FormData {
        FormData::parse(body.as_bytes()).unwrap_or_default()
    }

    #[test]
    fn a_move_is_a_literal_action_or_a_composed_one() {
        let literal = read_move(&form("version=7&action=%7B%22type%22%3A%22bank%22%7D"));
        assert_eq!(literal.ok(), Some((7, serde_json::json!({"type": "bank"}))));
        let composed = read_move(&form(
            "version=3&compose=%7B%22type%22%3A%22reroll%22%2C%22keep%22%3A%22%24picked%22%7D&pick=5&pick=5",
        ));
        assert_eq!(
            composed.ok(),
            Some((3, serde_json::json!({"type": "reroll", "keep": [5, 5]})))
        );
        assert_eq!(
            read_move(&form("action=%7B%7D")),
            Err("match-refused-no-version")
        );
        assert_eq!(read_move(&form("version=1")), Err("match-refused-no-move"));
        assert_eq!(
            read_move(&form("version=1&action=nope")),
            Err("match-refused-unreadable")
        );
    }

    #[test]
    fn refusals_say_why_once() {
        let error =
            ServiceError::IllegalAction("illegal action: box Full is already filled".into());
        assert_eq!(
            refusal_message(&error, Language::En),
            "That move is not allowed: box Full is already filled."
        );
        let stale = ServiceError::VersionConflict {
            submitted: 3,
            current: 4,
        };
        assert_eq!(
            refusal_message(&error, Language::Fr),
            "Ce coup n’est pas permis\u{a0}: box Full is already filled."
        );
        assert!(refusal_message(&stale, Language::En).starts_with("Someone moved before you"));
    }
}

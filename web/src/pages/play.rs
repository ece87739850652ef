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

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;
use serde_json::Value;
use tapis_games::{AnyEvent, GameId};
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::matches::{
    self, MatchStatus, MatchView, MatchWithTurns, ReplayedStep, SeatView, TurnEntry, TurnKind,
};
use uuid::Uuid;

use crate::error::{WebError, service_message, service_status};
use crate::form::FormData;
use crate::page::{Layout, render_status, see_other};
use crate::present::games::{self, Names, Seen};
use crate::present::play::{
    LogEntry, RECENT_TURNS, ResultView, departed, log_entry, since_last_move, turn_log,
};
use crate::present::table::{PanelKind, Table, Token, compose_action};
use crate::present::{When, join_names};
use crate::session::{Ctx, services};

/// Where the table's forms post, and what they carry.
#[derive(Debug, Clone)]
pub struct ActForm {
    pub url: String,
    pub csrf: String,
    pub version: i64,
}

/// A short message shown above the table.
#[derive(Debug, Clone)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// A seat in the list of players.
#[derive(Debug, Clone)]
pub struct SeatLine {
    pub name: String,
    pub token: Token,
    pub yours: bool,
    /// A computer player sits here.
    pub bot: bool,
    pub to_act: bool,
    /// Resigned or ran out of time.
    pub left: bool,
    /// Until when this player is on vacation, if they are.
    pub on_vacation_until: Option<When>,
}

/// A match still waiting for players.
#[derive(Debug, Clone)]
pub struct OpenMatch {
    pub taken: usize,
    pub seat_count: usize,
    pub invited: Vec<String>,
    /// The invited players, as a list in words.
    pub invited_names: String,
    pub can_join: bool,
    pub can_decline: bool,
    pub can_cancel: bool,
    pub signed_in: bool,
}

/// The live part of the match page (the htmx fragment).
#[derive(Debug, Template)]
#[template(path = "match_live_partial.html")]
pub struct Live {
    pub lang: Language,
    pub id: Uuid,
    pub version: i64,
    /// `open`, `active`, `finished` or `aborted`.
    pub status_code: &'static str,
    pub polling: bool,
    /// How often the page asks whether the match changed when it does not follow the match's
    /// stream (waiting for players, or the stream failing): sooner while a computer thinks.
    pub poll_ms: u32,
    pub status_line: String,
    pub your_turn: bool,
    pub deadline: Option<When>,
    /// The clock of the player to act is paused: they are on vacation.
    pub clock_paused: bool,
    pub notice: Option<Notice>,
    pub seats: Vec<SeatLine>,
    pub open: Option<OpenMatch>,
    pub result: Option<ResultView>,
    pub rated: bool,
    pub table: Option<Table>,
    pub act: Option<ActForm>,
    pub can_resign: bool,
    pub csrf: String,
    /// The fair-dice panel: only for games with chance (not Linja).
    pub fairness: Option<Fairness>,
    /// The moves the viewer has not seen played yet, oldest first (said above the table).
    pub since: Vec<LogEntry>,
    pub recent: Vec<LogEntry>,
    pub earlier: Vec<LogEntry>,
    pub turn_count: usize,
}

impl Live {
    /// `poll_ms` as htmx's trigger says it: `2s`.
    pub fn poll_every(&self) -> String {
        format!("{}s", self.poll_ms / 1000)
    }
}

/// The seed a match committed to: its hash from the start, itself once the match is over.
#[derive(Debug, Clone)]
pub struct Fairness {
    pub seed_sha256: String,
    pub seed: Option<String>,
}

impl Fairness {
    /// The panel for a match of `game`, or `None` for a game without chance, whose seed decides
    /// nothing (Linja).
    fn of(game: GameId, seed_sha256: &str, seed: Option<&str>) -> Option<Fairness> {
        game.has_chance().then(|| Fairness {
            seed_sha256: seed_sha256.to_owned(),
            seed: seed.map(str::to_owned),
        })
    }
}

fn status_code(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Open => "open",
        MatchStatus::Active => "active",
        MatchStatus::Finished => "finished",
        MatchStatus::Aborted => "aborted",
    }
}

/// The players' names by seat (`seat N` for a seat still free).
fn names_of(seat_count: usize, seats: &[SeatView], lang: Language) -> Names {
    let mut names: Vec<String> = (0..seat_count)
        .map(|seat| lang.t1("match-seat", "seat", seat + 1))
        .collect();
    for seat in seats {
        if let Some(slot) = names.get_mut(seat.seat) {
            slot.clone_from(&seat.username);
        }
    }
    Names(names, lang)
}

impl Live {
    /// The fragment for `ctx`'s viewer, from the match and its turn log.
    pub fn build(view: &MatchView, turns: &[TurnEntry], ctx: &Ctx, notice: Option<Notice>) -> Live {
        let lang = ctx.lang;
        let names = names_of(view.seat_count, &view.seats, lang);
        let game = view.game;
        let to_act = view
            .to_act
            .first()
            .copied()
            .filter(|_| view.status == MatchStatus::Active);
        let your_turn = to_act.is_some() && to_act == view.your_seat;
        let bot_thinking =
            to_act.is_some_and(|seat| view.seats.iter().any(|s| s.seat == seat && s.bot));
        let left = departed(turns);
        let result = view
            .result
            .as_ref()
            .map(|r| ResultView::of(r, view.your_seat, lang));
        let status_line = match view.status {
            MatchStatus::Open => lang.t2(
                "match-now-waiting",
                "taken",
                view.seats.len(),
                "seats",
                view.seat_count,
            ),
            MatchStatus::Active => match to_act {
                Some(_) if your_turn => lang.t("match-now-your-move"),
                Some(seat) if bot_thinking => {
                    lang.t1("match-now-bot-thinking", "name", names.of(seat))
                }
                Some(seat) => lang.t1("match-now-to-play", "name", names.of(seat)),
                None => lang.t("match-now-in-play"),
            },
            MatchStatus::Finished => match &result {
                Some(r) => lang.t1("match-now-finished", "headline", &r.headline),
                None => lang.t("match-now-finished-plain"),
            },
            MatchStatus::Aborted => lang.t("match-now-cancelled"),
        };
        // What the viewer has not seen played: said above the table, marked on it.
        let since = if view.status == MatchStatus::Active {
            since_last_move(turns, view.your_seat)
        } else {
            &[]
        };
        let recent: Vec<AnyEvent> = since
            .iter()
            .flat_map(|t| t.events.iter().cloned())
            .collect();
        let table = view.state.as_ref().map(|state| {
            games::table(&Seen {
                view: state,
                legal: &view.legal_actions,
                names: &names,
                viewer: view.your_seat,
                recent: &recent,
            })
        });
        let since: Vec<LogEntry> = since
            .iter()
            .filter(|t| t.kind != TurnKind::Start)
            .map(|t| log_entry(t, &names))
            .collect();
        let act =
            (view.status == MatchStatus::Active && !view.legal_actions.is_empty()).then(|| {
                ActForm {
                    url: format!("/matches/{}/act", view.id),
                    csrf: ctx.csrf.clone(),
                    version: view.version,
                }
            });
        let seats = view
            .seats
            .iter()
            .map(|s| SeatLine {
                name: s.username.clone(),
                token: Token::of_seat(s.seat, lang.t1("match-colour-of", "name", &s.username)),
                yours: view.your_seat == Some(s.seat),
                bot: s.bot,
                to_act: to_act == Some(s.seat),
                left: left.contains(&s.seat),
                on_vacation_until: s.on_vacation_until.map(|at| When::of(at, lang)),
            })
            .collect();
        // What the viewer may do is the service's to say: the same rule that joining applies.
        let open = (view.status == MatchStatus::Open).then(|| OpenMatch {
            taken: view.seats.len(),
            seat_count: view.seat_count,
            invited: view.invited.clone(),
            invited_names: join_names(&view.invited, lang),
            can_join: view.allowed.join,
            can_decline: view.allowed.decline,
            can_cancel: view.allowed.cancel,
            signed_in: ctx.viewer.is_some(),
        });
        let mut log = turn_log(turns, &names);
        let earlier = if log.len() > RECENT_TURNS {
            log.split_off(RECENT_TURNS)
        } else {
            Vec::new()
        };
        Live {
            lang,
            id: view.id,
            version: view.version,
            status_code: status_code(view.status),
            polling: matches!(view.status, MatchStatus::Open | MatchStatus::Active),
            poll_ms: if bot_thinking { 1000 } else { 2000 },
            status_line,
            your_turn,
            deadline: view
                .deadline
                .filter(|_| view.status == MatchStatus::Active)
                .map(|at| When::of(at, ctx.lang)),
            clock_paused: view.status == MatchStatus::Active && view.paused_seconds_left.is_some(),
            notice,
            seats,
            open,
            result,
            rated: view.rated,
            table,
            act,
            can_resign: view.status == MatchStatus::Active
                && view.your_seat.is_some_and(|s| !left.contains(&s)),
            csrf: ctx.csrf.clone(),
            fairness: Fairness::of(
                game,
                &view.fairness.seed_sha256,
                view.fairness.seed.as_deref(),
            ),
            since,
            recent: log,
            earlier,
            turn_count: turns.len(),
        }
    }
}

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

fn players_line(view: &MatchView, lang: Language) -> String {
    let names: Vec<String> = view.seats.iter().map(|s| s.username.clone()).collect();
    if names.is_empty() {
        lang.t("match-no-players")
    } else {
        join_names(&names, lang)
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
) -> Result<HttpResponse, WebError> {
    let shown = matches::get_with_turns(&services(req)?, id, ctx.viewer.as_ref()).await?;
    render_match(ctx, &shown, fragment, status, notice)
}

/// Renders the match page, or its live fragment, from the match and its turn log.
fn render_match(
    ctx: &Ctx,
    shown: &MatchWithTurns,
    fragment: bool,
    status: StatusCode,
    notice: Option<Notice>,
) -> Result<HttpResponse, WebError> {
    let view = &shown.view;
    let live = Live::build(view, &shown.turns, ctx, notice);
    if fragment {
        return render_status(status, &live);
    }
    let name = view.game.name().to_owned();
    let players = players_line(view, ctx.lang);
    render_status(
        status,
        &MatchPage {
            lang: ctx.lang,
            layout: Layout::new(
                ctx,
                ctx.lang
                    .t2("match-page-title", "game", &name, "players", &players),
                "",
            ),
            game_id: view.game,
            game_name: name,
            players,
            rated: view.rated,
            days_per_move: view.days_per_move,
            finished: view.status == MatchStatus::Finished,
            live,
        },
    )
}

/// `GET /matches/{id}`: the match page.
#[get("/matches/{id}")]
pub async fn match_page(
    req: HttpRequest,
    ctx: Ctx,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    respond(&req, &ctx, id.into_inner(), false, StatusCode::OK, None).await
}

/// `GET /matches/{id}/table`: the live fragment alone.
#[get("/matches/{id}/table")]
pub async fn match_fragment(
    req: HttpRequest,
    ctx: Ctx,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    respond(&req, &ctx, id.into_inner(), true, StatusCode::OK, None).await
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
    id: web::Path<Uuid>,
    query: web::Query<PollQuery>,
) -> Result<HttpResponse, WebError> {
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
    /// The form itself could not be read.
    Form(String),
    /// The service refused the move.
    Service(ServiceError),
}

/// Reads the move of an act form: its version, and either a literal action (`action`) or a
/// composed one (`compose` with the ticked `pick` values).
fn read_move(form: &FormData, lang: Language) -> Result<(i64, Value), String> {
    let version: i64 = form
        .text("version")
        .trim()
        .parse()
        .map_err(|_| lang.t("match-refused-no-version"))?;
    let action = if let Some(raw) = form.get("action") {
        serde_json::from_str(raw).map_err(|_| lang.t("match-refused-unreadable"))?
    } else if let Some(template) = form.get("compose") {
        let picked: Vec<&str> = form.all("pick").collect();
        compose_action(template, &picked).map_err(|key| lang.t(key))?
    } else {
        return Err(lang.t("match-refused-no-move"));
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
#[post("/matches/{id}/act")]
pub async fn match_act(
    req: HttpRequest,
    ctx: Ctx,
    id: web::Path<Uuid>,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let id = id.into_inner();
    let outcome = match read_move(&form, ctx.lang) {
        Ok((version, action)) => {
            matches::submit_action_with_turns(&services(&req)?, &who, id, version, action)
                .await
                .map_err(Refused::Service)
        }
        Err(message) => Err(Refused::Form(message)),
    };
    // A refused move changed nothing: the page is read afresh, with why it was refused.
    let (status, notice) = match outcome {
        Ok(played) if ctx.htmx => {
            return render_match(&ctx, &played, true, StatusCode::OK, None);
        }
        Ok(_) => return Ok(see_other(&format!("/matches/{id}"))),
        Err(Refused::Form(text)) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some(Notice { text, error: true }),
        ),
        Err(Refused::Service(
            error @ (ServiceError::VersionConflict { .. }
            | ServiceError::IllegalAction(_)
            | ServiceError::NotYourTurn
            | ServiceError::MatchNotActive),
        )) => {
            tracing::debug!(match.id = %id, error = %error, "move refused");
            (
                service_status(&error),
                Some(Notice {
                    text: refusal_message(&error, ctx.lang),
                    error: true,
                }),
            )
        }
        Err(Refused::Service(error)) => return Err(error.into()),
    };
    respond(&req, &ctx, id, ctx.htmx, status, notice).await
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
pub async fn match_resign(
    req: HttpRequest,
    ctx: Ctx,
    id: web::Path<Uuid>,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let id = id.into_inner();
    let services = services(&req)?;
    if form.text("confirm") != "yes" {
        let view = matches::get(&services, id, Some(&who)).await?;
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
    match matches::resign(&services, &who, id).await {
        Ok(_) => Ok(see_other(&format!("/matches/{id}"))),
        Err(error @ ServiceError::MatchNotActive) => {
            let notice = Notice {
                text: refusal_message(&error, ctx.lang),
                error: true,
            };
            respond(&req, &ctx, id, false, service_status(&error), Some(notice)).await
        }
        Err(error) => Err(error.into()),
    }
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
    game_name: String,
    players: String,
    step: usize,
    last: usize,
    current: Option<LogEntry>,
    entries: Vec<LogEntry>,
    table: Table,
    act: Option<ActForm>,
    fairness: Option<Fairness>,
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
    id: web::Path<Uuid>,
    query: web::Query<ReplayQuery>,
) -> Result<HttpResponse, WebError> {
    let id = id.into_inner();
    match matches::replay_step(&services(&req)?, id, query.step).await? {
        Some(replayed) => render_replay(&ctx, id, replayed),
        // Not finished: no replay yet.
        None => Ok(see_other(&format!("/matches/{id}"))),
    }
}

/// Renders a step of a replay.
fn render_replay(ctx: &Ctx, id: Uuid, replayed: ReplayedStep) -> Result<HttpResponse, WebError> {
    let record = replayed.record;
    let game = record.game;
    let names = names_of(record.seats.len(), &record.seats, ctx.lang);
    // The step's own move is marked on the table, as the last move is on the match page.
    let recent = record
        .turns
        .get(replayed.step)
        .map_or(&[][..], |turn| turn.events.as_slice());
    let table = games::table(&Seen {
        view: &replayed.view,
        legal: &[],
        names: &names,
        viewer: None,
        recent,
    });
    let entries: Vec<LogEntry> = record
        .turns
        .iter()
        .map(|turn| log_entry(turn, &names))
        .collect();
    let (step, last) = (replayed.step, replayed.last);
    let name = game.name().to_owned();
    let players = join_names(&names.0, ctx.lang);
    render_status(
        StatusCode::OK,
        &ReplayPage {
            lang: ctx.lang,
            layout: Layout::new(ctx, ctx.lang.t1("match-replay-title", "game", &name), ""),
            id,
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
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(body: &str) -> FormData {
        FormData::parse(body.as_bytes()).unwrap_or_default()
    }

    fn read_move_en(form: &FormData) -> Result<(i64, Value), String> {
        read_move(form, Language::En)
    }

    #[test]
    fn a_move_is_a_literal_action_or_a_composed_one() {
        let literal = read_move_en(&form("version=7&action=%7B%22type%22%3A%22bank%22%7D"));
        assert_eq!(literal.ok(), Some((7, serde_json::json!({"type": "bank"}))));
        let composed = read_move_en(&form(
            "version=3&compose=%7B%22type%22%3A%22reroll%22%2C%22keep%22%3A%22%24picked%22%7D&pick=5&pick=5",
        ));
        assert_eq!(
            composed.ok(),
            Some((3, serde_json::json!({"type": "reroll", "keep": [5, 5]})))
        );
        assert!(read_move_en(&form("action=%7B%7D")).is_err());
        assert!(read_move_en(&form("version=1")).is_err());
        assert!(read_move_en(&form("version=1&action=nope")).is_err());
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

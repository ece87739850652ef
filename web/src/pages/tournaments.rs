//! Swiss tournaments: the list (upcoming, running, finished; by game), the form that creates
//! one (a game and its options, as the lobby's form), and a tournament's page (its terms, the
//! adjudication rule, its entrants, standings and rounds, and what the viewer may do there).
//!
//! The page's standings and rounds are fetched afresh whenever the tournament changes, for any
//! viewer (`data-stream-tournament` in the template: the page's stream follows the
//! tournament, `docs/events.md`).

use actix_web::http::StatusCode;
use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::games::{self, GameInfo};
use tapis_service::tournaments::{
    self, Allowed, NewTournament, RoundView, Standings, TournamentFilter, TournamentSheet,
    TournamentStatus, TournamentSummary, TournamentView,
};
use time::{OffsetDateTime, PrimitiveDateTime};
use uuid::Uuid;

use crate::error::{WebError, refusal, service_message, service_status};
use crate::form::{FieldError, FormData};
use crate::game_choice::{GameChoice, chosen_game, game_choices};
use crate::page::{Layout, Reply, render, render_status, see_other};
use crate::pages::lobby::{OptionField, form_error, option_field, options_from_form, ticked};
use crate::present::When;
use crate::present::options;
use crate::session::{Ctx, services};

/// The days-per-move choices of the form (the service accepts 1 to 14).
const DAY_CHOICES: [u8; 7] = [1, 2, 3, 5, 7, 10, 14];

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
            round: lang.t2(
                "tournaments-round-of",
                "round",
                i64::from(t.current_round),
                "rounds",
                i64::from(t.rounds),
            ),
            organiser: t.organiser.clone(),
        }
    }
}

/// A game's name (the same in every language), or its id should it be unknown.
pub(crate) fn game_name(id: &str) -> String {
    id.parse::<GameId>()
        .map_or_else(|_| id.to_owned(), |g| g.name().to_owned())
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

/// The create form: a page of its own; choosing another game swaps the form for that game's.
#[derive(Debug, Template)]
#[template(path = "tournament_form.html")]
pub struct CreateForm {
    pub lang: Language,
    pub csrf: String,
    pub games: Vec<GameChoice>,
    pub game: GameInfo,
    pub name: String,
    pub table_size: String,
    pub options: Vec<OptionField>,
    pub rounds: String,
    pub days: String,
    pub day_choices: Vec<String>,
    pub rated: bool,
    pub starts_at: String,
    pub min_rating: String,
    pub max_rating: String,
    pub max_players: String,
    pub vacation_pauses: bool,
    pub allow_bots: bool,
    pub error: Option<FieldError>,
}

/// The fields the form shows an error beside.
const FORM_FIELDS: [&str; 12] = [
    "name",
    "game",
    "table_size",
    "rounds",
    "days_per_move",
    "rated",
    "starts_at",
    "min_rating",
    "max_rating",
    "max_players",
    "vacation_pauses",
    "allow_bots",
];

impl CreateForm {
    fn new(csrf: &str, game: GameId, now: OffsetDateTime, lang: Language) -> CreateForm {
        let info = games::describe(game);
        let options = info
            .options
            .iter()
            .map(|option| option_field(game, option, &option.default, lang))
            .collect();
        // Tomorrow, on the hour.
        let start = now + time::Duration::days(1);
        let start = start.replace_minute(0).unwrap_or(start);
        CreateForm {
            lang,
            csrf: csrf.to_owned(),
            games: game_choices(GameId::ALL, Some(game)),
            name: String::new(),
            table_size: info.min_players.max(2).min(info.max_players).to_string(),
            game: info,
            options,
            rounds: 5.to_string(),
            days: 3.to_string(),
            day_choices: DAY_CHOICES.iter().map(u8::to_string).collect(),
            rated: false,
            starts_at: start_text(start),
            min_rating: String::new(),
            max_rating: String::new(),
            max_players: String::new(),
            vacation_pauses: true,
            allow_bots: false,
            error: None,
        }
    }

    /// The form as submitted, for `game` (to show it again with an error, or for another game).
    fn from_form(
        csrf: &str,
        game: GameId,
        form: &FormData,
        now: OffsetDateTime,
        lang: Language,
    ) -> CreateForm {
        let mut this = CreateForm::new(csrf, game, now, lang);
        this.name = form.text("name").to_owned();
        this.rounds = form.text("rounds").to_owned();
        this.days = form.text("days_per_move").to_owned();
        this.rated = form.checked("rated");
        this.starts_at = form.text("starts_at").to_owned();
        this.min_rating = form.text("min_rating").to_owned();
        this.max_rating = form.text("max_rating").to_owned();
        this.max_players = form.text("max_players").to_owned();
        this.vacation_pauses = ticked(form, "vacation_pauses").unwrap_or(true);
        this.allow_bots = form.checked("allow_bots");
        if form.get("game") == Some(game.as_str()) {
            this.table_size = form.text("table_size").to_owned();
            for (field, spec) in this.options.iter_mut().zip(&this.game.options) {
                let name = field.input_name();
                if spec.kind == "bool" {
                    if let Some(on) = ticked(form, &name) {
                        field.checked = on;
                    }
                } else if let Some(value) = form.get(&name) {
                    field.value = value.to_owned();
                }
            }
        }
        this
    }

    pub fn day_label(&self, days: &str) -> String {
        match days.parse::<u8>() {
            Ok(n) => self.lang.t1("lobby-form-days", "count", n),
            Err(_) => days.to_owned(),
        }
    }

    pub fn error_on(&self, field: &str) -> bool {
        self.error.as_ref().is_some_and(|e| e.field == field)
    }

    pub fn message_for(&self, field: &str) -> &str {
        match &self.error {
            Some(e) if e.field == field => &e.message,
            _ => "",
        }
    }

    /// The error message if it is about no single field shown.
    pub fn general_error(&self) -> Option<&str> {
        let error = self.error.as_ref()?;
        let shown = FORM_FIELDS.contains(&error.field.as_str())
            || self.options.iter().any(|o| o.input_name() == error.field);
        (!shown).then_some(error.message.as_str())
    }
}

/// A moment as the form's field writes it (UTC, to the minute).
fn start_text(at: OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    // As `<input type="datetime-local">` writes it (read back as UTC).
    at.format(time::macros::format_description!(
        "[year]-[month]-[day]T[hour]:[minute]"
    ))
    .unwrap_or_default()
}

/// The form's start time (UTC), or the validation error that says it cannot be read.
fn start_of(text: &str) -> Result<OffsetDateTime, ServiceError> {
    let text = text.trim();
    // To the minute, or to the second (the field's `step` allows seconds).
    PrimitiveDateTime::parse(
        text,
        time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]"),
    )
    .or_else(|_| {
        PrimitiveDateTime::parse(
            text,
            time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]"),
        )
    })
    .ok()
    .map(PrimitiveDateTime::assume_utc)
    .ok_or_else(|| ServiceError::invalid("starts_at", "not_a_date_time", "must be a date and time"))
}

/// An optional whole number of the form (empty: none).
fn optional_number(form: &FormData, field: &'static str) -> Result<Option<i64>, ServiceError> {
    match form.text(field).trim() {
        "" => Ok(None),
        raw => raw.parse().map(Some).map_err(|_| {
            ServiceError::invalid(field, "not_a_whole_number", "must be a whole number")
        }),
    }
}

fn number(form: &FormData, field: &'static str) -> Result<i64, ServiceError> {
    form.text(field)
        .trim()
        .parse()
        .map_err(|_| ServiceError::invalid(field, "not_a_whole_number", "must be a whole number"))
}

/// Reads the form into a request for the service; an unreadable field is a validation error.
fn new_tournament(game: &GameInfo, form: &FormData) -> Result<NewTournament, ServiceError> {
    Ok(NewTournament {
        name: form.text("name").to_owned(),
        game: game.id.clone(),
        table_size: number(form, "table_size")?,
        options: Some(options_from_form(game, form)?),
        rounds: number(form, "rounds")?,
        days_per_move: number(form, "days_per_move")?,
        rated: form.checked("rated"),
        starts_at: start_of(form.text("starts_at"))?,
        min_rating: optional_number(form, "min_rating")?,
        max_rating: optional_number(form, "max_rating")?,
        max_players: optional_number(form, "max_players")?,
        vacation_pauses: ticked(form, "vacation_pauses").unwrap_or(true),
        allow_bots: form.checked("allow_bots"),
    })
}

#[derive(Debug, Template)]
#[template(path = "tournament_new.html")]
struct NewPage {
    layout: Layout,
    lang: Language,
    form: CreateForm,
}

fn new_page(ctx: &Ctx, form: CreateForm, status: StatusCode) -> Reply {
    render_status(
        status,
        &NewPage {
            layout: Layout::new(ctx, ctx.lang.t("tournament-new-title"), "tournaments"),
            lang: ctx.lang,
            form,
        },
    )
}

/// The create form; with `game` changed by htmx, the form alone for that game (what was typed
/// kept).
#[get("/tournaments/new")]
pub async fn new_form(req: HttpRequest, ctx: Ctx) -> Reply {
    ctx.require()?;
    let form = FormData::parse(req.query_string().as_bytes())?;
    let game = chosen_game(form.get("game"));
    let now = services(&req)?.now();
    let this = if form.get("name").is_some() {
        CreateForm::from_form(&ctx.csrf, game, &form, now, ctx.lang)
    } else {
        CreateForm::new(&ctx.csrf, game, now, ctx.lang)
    };
    if ctx.htmx {
        render(&this)
    } else {
        new_page(&ctx, this, StatusCode::OK)
    }
}

#[post("/tournaments")]
pub async fn create(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let services = services(&req)?;
    let game = chosen_game(form.get("game"));
    let info = games::describe(game);
    let result = match new_tournament(&info, &form) {
        Ok(request) => tournaments::create(&services, &who, request).await,
        Err(error) => Err(error),
    };
    match result {
        Ok(view) => Ok(see_other(&format!("/tournaments/{}", view.id))),
        Err(error) => {
            let error = refusal(error)?;
            let mut refused =
                CreateForm::from_form(&ctx.csrf, game, &form, services.now(), ctx.lang);
            refused.error = Some(form_error(&error, game, ctx.lang));
            new_page(&ctx, refused, service_status(&error))
        }
    }
}

/// A line of the terms: what, and its value in words.
#[derive(Debug)]
pub struct Term {
    pub label: String,
    pub value: String,
}

/// A player entered, as listed.
#[derive(Debug)]
pub struct EntrantLine {
    pub username: String,
    pub rating: i64,
    pub note: String,
    pub withdrawn: bool,
    pub bot: bool,
}

/// A line of the standings, in words.
#[derive(Debug)]
pub struct StandingRow {
    pub rank: u32,
    pub username: String,
    pub points: String,
    pub played: u32,
    pub won: u32,
    pub byes: u32,
    pub tie_breaks: [String; 2],
    pub decided: String,
    pub withdrawn: bool,
    pub you: bool,
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

pub(crate) fn points_text(points: f64, lang: Language) -> String {
    if points.fract() == 0.0 {
        lang.decimal(points, 0)
    } else {
        lang.decimal(points, 2)
    }
}

fn terms(t: &TournamentView, lang: Language) -> Vec<Term> {
    let game = t.game.parse::<GameId>().ok();
    let yes_no = |on: bool| {
        lang.t(if on {
            "tournament-yes"
        } else {
            "tournament-no"
        })
    };
    let term = |key: &str, value: String| Term {
        label: lang.t(key),
        value,
    };
    let options = match (game, t.options.as_object()) {
        (Some(game), Some(values)) if !values.is_empty() => values
            .iter()
            .map(|(name, value)| {
                lang.t2(
                    "tournament-option",
                    "name",
                    options::label_or_name(game, name, lang),
                    "value",
                    options::value_words(game, name, value, lang),
                )
            })
            .collect::<Vec<_>>()
            .join(" · "),
        _ => lang.t("tournament-options-none"),
    };
    let rating_range = match (t.min_rating, t.max_rating) {
        (None, None) => lang.t("tournament-rating-any"),
        (min, max) => lang.t2(
            "tournament-rating-range",
            "min",
            min.map_or(0, i64::from),
            "max",
            max.map_or(4000, i64::from),
        ),
    };
    vec![
        term("tournament-game", game_name(&t.game)),
        term("tournament-options", options),
        term(
            "tournament-table-size",
            lang.t1("tournament-seats", "count", i64::from(t.table_size)),
        ),
        term("tournament-rounds", lang.number(i64::from(t.rounds))),
        term(
            "tournament-days-per-move",
            lang.t1("lobby-form-days", "count", i64::from(t.days_per_move)),
        ),
        term(
            "tournament-round-deadline",
            lang.t2(
                "tournament-round-days",
                "days",
                i64::from(t.round_days),
                "moves",
                i64::from(t.expected_moves),
            ),
        ),
        term("tournament-rated", yes_no(t.rated)),
        term("tournament-starts", When::of(t.starts_at, lang).text),
        term("tournament-rating", rating_range),
        term(
            "tournament-max-players",
            t.max_players.map_or_else(
                || lang.t("tournament-no-limit"),
                |n| lang.number(i64::from(n)),
            ),
        ),
        term("tournament-vacation", yes_no(t.vacation_pauses)),
        term(
            "tournament-late-entry",
            lang.t1(
                "tournament-late-entry-until",
                "round",
                i64::from(t.late_entry_before_round),
            ),
        ),
        term("tournament-bots", yes_no(t.allow_bots)),
        term("tournament-organiser", t.organiser.clone()),
    ]
}

fn standing_rows(s: &Standings, me: Option<&str>, lang: Language) -> Vec<StandingRow> {
    let me = me.map(str::to_lowercase);
    s.lines
        .iter()
        .map(|l| StandingRow {
            rank: l.rank,
            username: l.username.clone(),
            points: points_text(l.points, lang),
            played: l.played,
            won: l.won,
            byes: l.byes,
            tie_breaks: l.tie_breaks.map(|v| points_text(v, lang)),
            decided: lang.t(&format!(
                "tournament-decided-{}",
                l.decided_by.replace('_', "-")
            )),
            withdrawn: l.withdrawn,
            you: me.as_deref() == Some(l.username.to_lowercase().as_str()),
        })
        .collect()
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
                    players: t
                        .players
                        .iter()
                        .enumerate()
                        .map(|(i, name)| {
                            let result = match (&t.places, &t.points) {
                                (Some(places), Some(points)) => lang.t2(
                                    "tournament-place-points",
                                    "place",
                                    places.get(i).map_or(0, |p| i64::from(*p)),
                                    "points",
                                    points
                                        .get(i)
                                        .map_or_else(String::new, |p| points_text(*p, lang)),
                                ),
                                (None, Some(points)) => lang.t1(
                                    "tournament-bye-points",
                                    "points",
                                    points
                                        .first()
                                        .map_or_else(String::new, |p| points_text(*p, lang)),
                                ),
                                _ => String::new(),
                            };
                            (name.clone(), result)
                        })
                        .collect(),
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
        let tie_breaks = standings
            .tie_breaks
            .clone()
            .map(|k| lang.t(&format!("tournament-tie-break-{}", k.replace('_', "-"))));
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
                    withdrawn: e.withdrawn,
                    bot: e.bot,
                })
                .collect(),
            tie_breaks_help: lang.t2(
                "tournament-tie-breaks-help",
                "first",
                tie_breaks[0].as_str(),
                "second",
                tie_breaks[1].as_str(),
            ),
            tie_breaks,
            standings: standing_rows(&standings, me, lang),
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

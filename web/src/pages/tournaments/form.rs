//! The form that creates a tournament: a page of its own, the game and its options as the
//! lobby's form has them, the rounds, the clock, the start and who may enter.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, get, post};
use askama::Template;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::games::{self, GameInfo};
use tapis_service::tournaments::{self, NewTournament};
use time::{OffsetDateTime, PrimitiveDateTime};

use crate::form::{FieldError, FormData};
use crate::game_choice::{GameChoice, chosen_game, game_choices};
use crate::page::{Layout, Reply, render, render_status};
use crate::pages::game_form::{
    self, OptionField, default_fields, keep_submitted, options_from_form, ticked, whole_number,
};
use crate::session::{Ctx, services};

/// The days-per-move choices of the form (the service accepts 1 to 14).
const DAY_CHOICES: [u8; 7] = [1, 2, 3, 5, 7, 10, 14];

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
        let options = default_fields(game, &info, lang);
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
            keep_submitted(&mut this.options, &this.game.options, form);
        }
        this
    }

    pub fn day_label(&self, days: &str) -> String {
        game_form::day_label(days, self.lang)
    }

    pub fn error_on(&self, field: &str) -> bool {
        game_form::error_on(self.error.as_ref(), field)
    }

    pub fn message_for(&self, field: &str) -> &str {
        game_form::message_for(self.error.as_ref(), field)
    }

    /// The error message if it is about no single field shown.
    pub fn general_error(&self) -> Option<&str> {
        game_form::general_error(self.error.as_ref(), &FORM_FIELDS, &self.options)
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
        raw => whole_number(field, raw).map(Some),
    }
}

fn number(form: &FormData, field: &'static str) -> Result<i64, ServiceError> {
    whole_number(field, form.text(field))
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
    game_form::create(
        &form,
        ctx.lang,
        new_tournament,
        async |request| {
            let view = tournaments::create(&services, &who, request).await?;
            Ok(format!("/tournaments/{}", view.id))
        },
        async |game, error, status| {
            let now = services.now();
            let mut refused = CreateForm::from_form(&ctx.csrf, game, &form, now, ctx.lang);
            refused.error = Some(error);
            new_page(&ctx, refused, status)
        },
    )
    .await
}

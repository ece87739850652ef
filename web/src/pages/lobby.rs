//! The lobby: invitations received, open seeks to join, and the form that creates a match
//! (with the chosen game's options and their defaults).
//!
//! The create form is a fragment of the lobby page: choosing another game swaps it for that
//! game's form (`GET /lobby/form?game=...`), and a refused form comes back with what was typed
//! and an inline message.

use actix_web::http::StatusCode;
use actix_web::web::{Path, Query};
use actix_web::{HttpRequest, get, post};
use askama::Template;
use serde::Deserialize;
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::games::{self, GameInfo};
use tapis_service::matches::{self, DaysPerMove, MatchFilter, NewMatch};
use uuid::Uuid;

use crate::error::{refusal, service_status};
use crate::form::{FieldError, FormData};
use crate::game_choice::{GameChoice, chosen_game, game_choices};
use crate::page::{Layout, Reply, render, render_status, see_other};
use crate::pages::computer::ComputerForm;
use crate::pages::game_form::{
    self, OptionField, default_fields, keep_submitted, options_from_form,
};
use crate::present::MatchCard;
use crate::session::{Ctx, services};

/// The days-per-move choices of the form (the service accepts 1 to 14, or no clock).
const DAY_CHOICES: [u8; 7] = [1, 2, 3, 5, 7, 10, 14];

/// The create-a-match form: a fragment of the lobby page.
#[derive(Debug, Template)]
#[template(path = "lobby_form_partial.html")]
pub struct CreateForm {
    pub lang: Language,
    pub csrf: String,
    pub games: Vec<GameChoice>,
    pub game: GameInfo,
    pub seats: String,
    pub options: Vec<OptionField>,
    pub rated: bool,
    /// `"none"` or a number of days.
    pub days: String,
    pub day_choices: Vec<String>,
    pub invite: String,
    pub error: Option<FieldError>,
}

impl CreateForm {
    /// The form for `game` with its defaults.
    fn new(csrf: &str, game: GameId, lang: Language) -> CreateForm {
        let info = games::describe(game);
        let options = default_fields(game, &info, lang);
        CreateForm {
            lang,
            csrf: csrf.to_owned(),
            games: game_choices(GameId::ALL, Some(game)),
            seats: info.min_players.max(2).min(info.max_players).to_string(),
            game: info,
            options,
            rated: true,
            days: "3".to_owned(),
            day_choices: DAY_CHOICES.iter().map(u8::to_string).collect(),
            invite: String::new(),
            error: None,
        }
    }

    /// The form as submitted (to show it again with an error).
    fn from_form(csrf: &str, game: GameId, form: &FormData, lang: Language) -> CreateForm {
        let mut this = CreateForm::new(csrf, game, lang);
        this.seats = form.text("seats").to_owned();
        this.rated = form.checked("rated");
        this.days = form.text("days_per_move").to_owned();
        this.invite = form.text("invite").to_owned();
        keep_submitted(&mut this.options, &this.game.options, form);
        this
    }

    /// Why this match could not be rated, when it could not: the form then offers no "Rated"
    /// box to tick, rather than refusing it once sent.
    pub fn unrated_reason(&self) -> Option<String> {
        if self.seats.trim() == "1" {
            Some(self.lang.t("lobby-form-unrated-solo"))
        } else if self.days == "none" {
            Some(self.lang.t("lobby-form-unrated-no-clock"))
        } else {
            None
        }
    }

    /// `3 days`, `3 jours`: a choice of the clock.
    pub fn day_label(&self, days: &str) -> String {
        game_form::day_label(days, self.lang)
    }

    /// Whether the error is about `field` (a form field name like `seats` or `opt.target`).
    pub fn error_on(&self, field: &str) -> bool {
        game_form::error_on(self.error.as_ref(), field)
    }

    /// The error message if it is about no single field shown.
    pub fn general_error(&self) -> Option<&str> {
        let shown = ["seats", "days_per_move", "invite", "rated", "game"];
        game_form::general_error(self.error.as_ref(), &shown, &self.options)
    }

    /// The error message for `field`, if any.
    pub fn message_for(&self, field: &str) -> &str {
        game_form::message_for(self.error.as_ref(), field)
    }
}

#[derive(Debug, Template)]
#[template(path = "lobby.html")]
struct LobbyPage {
    layout: Layout,
    lang: Language,
    invitations: Vec<MatchCard>,
    seeks: Vec<MatchCard>,
    mine: Vec<MatchCard>,
    form: CreateForm,
    computer: ComputerForm,
}

#[derive(Debug, Deserialize)]
pub struct LobbyQuery {
    game: Option<String>,
    /// A player to invite (the "Challenge" of a profile).
    invite: Option<String>,
}

async fn lobby_page(
    req: &HttpRequest,
    ctx: &Ctx,
    form: CreateForm,
    computer: Option<ComputerForm>,
    status: StatusCode,
) -> Reply {
    let game = form.game.id.parse().unwrap_or(GameId::Yams);
    let computer = computer.unwrap_or_else(|| ComputerForm::for_lobby(&ctx.csrf, game, ctx.lang));
    let services = services(req)?;
    let open = MatchFilter {
        status: Some("open".to_owned()),
        limit: Some(100),
        ..MatchFilter::default()
    };
    let page = matches::list(&services, &open, ctx.viewer.as_ref()).await?;
    let me = ctx.username().unwrap_or_default().to_lowercase();
    let mut invitations = Vec::new();
    let mut seeks = Vec::new();
    let mut mine = Vec::new();
    for summary in &page.items {
        let card = MatchCard::of(summary, ctx.lang);
        let invited = summary.invited.iter().any(|n| n.to_lowercase() == me);
        if card.mine {
            mine.push(card);
        } else if invited {
            invitations.push(card);
        } else if card.free_seats() > card.invited.len() {
            // Seats reserved for invited players are not open to others.
            seeks.push(card);
        }
    }
    render_status(
        status,
        &LobbyPage {
            lang: ctx.lang,
            layout: Layout::new(ctx, ctx.lang.t("lobby-title"), "lobby"),
            invitations,
            seeks,
            mine,
            form,
            computer,
        },
    )
}

#[get("/lobby")]
pub async fn lobby(req: HttpRequest, ctx: Ctx, query: Query<LobbyQuery>) -> Reply {
    let mut form = CreateForm::new(&ctx.csrf, chosen_game(query.game.as_deref()), ctx.lang);
    if let Some(invite) = &query.invite {
        form.invite = invite.clone();
    }
    lobby_page(&req, &ctx, form, None, StatusCode::OK).await
}

/// The create form (the fragment htmx swaps in), or the lobby page: for another game, afresh
/// (only `game` is sent); after the players or the clock changed, with everything the form
/// holds, of which the page swaps in only the "Rated" box (`hx-select`), so that it follows
/// what can be rated while the rest stays as typed.
#[get("/lobby/form")]
pub async fn create_form(req: HttpRequest, ctx: Ctx) -> Reply {
    let form = FormData::parse(req.query_string().as_bytes())?;
    let game = chosen_game(form.get("game"));
    if !ctx.htmx {
        return Ok(see_other(&format!("/lobby?game={game}")));
    }
    if form.get("seats").is_some() {
        render(&CreateForm::from_form(&ctx.csrf, game, &form, ctx.lang))
    } else {
        render(&CreateForm::new(&ctx.csrf, game, ctx.lang))
    }
}

/// Reads the form into a request for the service; an unreadable field is a validation error.
fn new_match(game: &GameInfo, form: &FormData) -> Result<NewMatch, ServiceError> {
    let seats: i64 = form
        .text("seats")
        .trim()
        .parse()
        .map_err(|_| ServiceError::invalid("seats", "not_a_number", "must be a number"))?;
    let options = options_from_form(game, form)?;
    let days_per_move = match form.text("days_per_move") {
        "none" => DaysPerMove::NoClock,
        "" => DaysPerMove::Default,
        raw => DaysPerMove::Days(raw.parse().map_err(|_| {
            ServiceError::invalid("days_per_move", "not_a_number", "must be a number of days")
        })?),
    };
    let invite = form
        .text("invite")
        .split([',', ' ', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    Ok(NewMatch {
        game: game.id.clone(),
        seats,
        options: Some(options),
        rated: Some(form.checked("rated")),
        days_per_move,
        invite,
    })
}

#[post("/lobby/matches")]
pub async fn create(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let services = services(&req)?;
    game_form::create(
        &form,
        ctx.lang,
        new_match,
        async |request| {
            let view = matches::create(&services, &who, request).await?;
            Ok(format!("/matches/{}", view.id))
        },
        async |game, error, status| {
            let mut refused = CreateForm::from_form(&ctx.csrf, game, &form, ctx.lang);
            refused.error = Some(error);
            lobby_page(&req, &ctx, refused, None, status).await
        },
    )
    .await
}

#[post("/matches/{id}/join")]
pub async fn join(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?;
    let view = matches::join(&services(&req)?, who, id.into_inner()).await?;
    Ok(see_other(&format!("/matches/{}", view.id)))
}

#[post("/matches/{id}/decline")]
pub async fn decline(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?;
    matches::decline(&services(&req)?, who, id.into_inner()).await?;
    Ok(see_other("/lobby"))
}

#[post("/matches/{id}/cancel")]
pub async fn cancel(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?;
    matches::cancel(&services(&req)?, who, id.into_inner()).await?;
    Ok(see_other("/lobby"))
}

/// "Play the computer": creates the match with the bots invited (they accept at once) and
/// opens it; a refused form comes back in the lobby with an inline message.
#[post("/play-computer")]
pub async fn play_computer(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let services = services(&req)?;
    let result = match form.text("opponents").trim().parse::<usize>() {
        Ok(opponents) => {
            tapis_service::bots::challenge(
                &services,
                &who,
                form.text("game"),
                form.text("level"),
                opponents,
                form.checked("rated"),
            )
            .await
        }
        Err(_) => Err(ServiceError::invalid(
            "opponents",
            "not_a_number",
            "must be a number",
        )),
    };
    match result {
        Ok(view) => Ok(see_other(&format!("/matches/{}", view.id))),
        Err(error) => {
            let error = refusal(error)?;
            let message = FieldError::of(&error, ctx.lang).message;
            let computer = ComputerForm::refused(&ctx.csrf, &form, message, ctx.lang);
            let game = chosen_game(form.get("game"));
            let match_form = CreateForm::new(&ctx.csrf, game, ctx.lang);
            lobby_page(
                &req,
                &ctx,
                match_form,
                Some(computer),
                service_status(&error),
            )
            .await
        }
    }
}

//! The account page: change the password; create, list and revoke personal API tokens, each
//! with the scopes chosen for it (a new token's secret is shown once, on the page its form
//! redirects to); list the sessions signed
//! in to the account and end any of them, or all ("sign out everywhere"); go on vacation until
//! a date (the days left this year shown) and come back early.
//!
//! The forms of the e-mail address, the vacation and the tokens redirect after a successful
//! post (303 to `/account`, at the form's place), so that reloading the page never posts
//! again; what the form did travels in a short-lived cookie for the account page only
//! ([`FLASH_COOKIE`], and [`NEW_TOKEN_COOKIE`] for a new token's secret, which never goes in
//! an address), shown once and removed. A refused form is drawn again at once, with what was
//! typed and why (422, 409...).

use actix_web::http::StatusCode;
use actix_web::web::Path;
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::delivery::notifications::settings::{self as notifications};
use tapis_service::identity::accounts;
use tapis_service::identity::api_tokens::{self, NewApiToken};
use tapis_service::identity::sessions::{self};
use tapis_service::time::vacation::{self};
use uuid::Uuid;

use crate::cookies::{
    FLASH_COOKIE, NEW_TOKEN_COOKIE, account_flash_cookie, clear_account_flash, language_cookie,
    set_cookie,
};
use crate::error::{WebError, refusal, service_status};
use crate::form::{FieldError, FormData};
use crate::page::{Layout, Reply, render_status, see_other};
use crate::pages::auth::{SIGNED_OUT_EVERYWHERE, signed_out, signed_out_to};
use crate::pages::language::chosen_language;
use crate::session::{Ctx, services};

mod panels;

use panels::{EmailPanel, ScopeChoice, SessionRow, TokenRow, TypedEmail, VacationPanel};

#[derive(Debug, Template)]
#[template(path = "account.html")]
struct AccountPage {
    layout: Layout,
    lang: Language,
    username: String,
    tokens: Vec<TokenRow>,
    sessions: Vec<SessionRow>,
    new_token: Option<NewApiToken>,
    token_name: String,
    token_scopes: Vec<ScopeChoice>,
    vacation: VacationPanel,
    email: EmailPanel,
    /// The outcome of a form, shown at its place: `password`, `token`, `language`,
    /// `vacation`, `email` or `notifications`.
    notice: Option<(String, String)>,
    error: Option<(String, FieldError)>,
}

impl AccountPage {
    /// The error of the form `form`, if any.
    fn error_of(&self, form: &str) -> Option<&FieldError> {
        self.error
            .as_ref()
            .filter(|(f, _)| f == form)
            .map(|(_, e)| e)
    }

    /// The notice of the form `form`, if any.
    fn notice_of(&self, form: &str) -> Option<&str> {
        self.notice
            .as_ref()
            .filter(|(f, _)| f == form)
            .map(|(_, n)| n.as_str())
    }
}

/// What a form that redirected did, said on the page it redirected to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flash {
    EmailSent,
    EmailUnchanged,
    VacationStarted,
    VacationEnded,
}

impl Flash {
    const ALL: [Flash; 4] = [
        Flash::EmailSent,
        Flash::EmailUnchanged,
        Flash::VacationStarted,
        Flash::VacationEnded,
    ];

    /// The cookie's value.
    fn word(self) -> &'static str {
        match self {
            Flash::EmailSent => "email-sent",
            Flash::EmailUnchanged => "email-unchanged",
            Flash::VacationStarted => "vacation-started",
            Flash::VacationEnded => "vacation-ended",
        }
    }

    fn read(word: &str) -> Option<Flash> {
        Flash::ALL.into_iter().find(|f| f.word() == word)
    }

    /// The form it is about (its place on the page, and its anchor).
    fn form(self) -> &'static str {
        match self {
            Flash::EmailSent | Flash::EmailUnchanged => "email",
            Flash::VacationStarted | Flash::VacationEnded => "vacation",
        }
    }

    /// What it says, given the account's e-mail address as saved.
    fn notice(self, email: Option<&str>, lang: Language) -> String {
        match self {
            Flash::EmailSent => lang.t1("account-email-sent", "email", email.unwrap_or("")),
            Flash::EmailUnchanged => lang.t("account-email-unchanged"),
            Flash::VacationStarted => lang.t("account-vacation-started"),
            Flash::VacationEnded => lang.t("account-vacation-ended"),
        }
    }
}

/// The 303 of a form done, to its place on the account page, with what it did.
fn redirect_with(ctx: &Ctx, flash: Flash) -> HttpResponse {
    let mut response = see_other(&format!("/account#{}", flash.form()));
    set_cookie(
        &mut response,
        &account_flash_cookie(FLASH_COOKIE, flash.word(), ctx.secure),
    );
    response
}

/// A new token's cookie as the account page reads it: its id and its secret (made of letters,
/// digits, `_` and `-`); anything else is no token.
fn read_new_token(value: &str) -> Option<(Uuid, &str)> {
    let (id, secret) = value.split_once('.')?;
    let id = id.parse().ok()?;
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    (!secret.is_empty() && secret.len() <= 256 && secret.chars().all(plain)).then_some((id, secret))
}

struct Outcome {
    status: StatusCode,
    new_token: Option<NewApiToken>,
    token_name: String,
    /// The scopes checked, when the token's form was refused.
    token_scopes: Option<Vec<String>>,
    /// The vacation's end as typed.
    until: String,
    typed_email: Option<TypedEmail>,
    notice: Option<(String, String)>,
    error: Option<(String, FieldError)>,
}

impl Outcome {
    fn plain() -> Outcome {
        Outcome {
            status: StatusCode::OK,
            new_token: None,
            token_name: String::new(),
            token_scopes: None,
            until: String::new(),
            typed_email: None,
            notice: None,
            error: None,
        }
    }

    /// The account page as a form's redirect lands on it: the flash and the new token its
    /// cookies carry, if any.
    fn landed(req: &HttpRequest) -> (Option<Flash>, Option<(Uuid, String)>) {
        let flash = req
            .cookie(FLASH_COOKIE)
            .and_then(|c| Flash::read(c.value()));
        let token = req
            .cookie(NEW_TOKEN_COOKIE)
            .and_then(|c| read_new_token(c.value()).map(|(id, secret)| (id, secret.to_owned())));
        (flash, token)
    }

    /// The form `form` done, and what its place on the page says of it.
    fn notice(form: &str, notice: String) -> Outcome {
        Outcome {
            notice: Some((form.to_owned(), notice)),
            ..Outcome::plain()
        }
    }

    /// The form `form` refused, or the request's error for an internal failure
    /// ([`refusal`]).
    fn refused(form: &str, error: ServiceError, lang: Language) -> Result<Outcome, WebError> {
        let error = refusal(error)?;
        Ok(Outcome {
            status: service_status(&error),
            error: Some((form.to_owned(), FieldError::of(&error, lang))),
            ..Outcome::plain()
        })
    }
}

async fn account_page(req: &HttpRequest, ctx: &Ctx, outcome: Outcome) -> Reply {
    account_page_with(req, ctx, outcome, None, None).await
}

/// The account page, saying what the form that redirected to it did (`flash`), and showing
/// once the token it made (`landed_token`, when it is one of the account's).
async fn account_page_with(
    req: &HttpRequest,
    ctx: &Ctx,
    mut outcome: Outcome,
    flash: Option<Flash>,
    landed_token: Option<(Uuid, String)>,
) -> Reply {
    let who = ctx.require()?;
    let overview = accounts::overview(&services(req)?, who).await?;
    if let Some(flash) = flash {
        let email = overview.notifications.email.as_deref();
        outcome.notice = Some((flash.form().to_owned(), flash.notice(email, ctx.lang)));
    }
    if let Some((id, secret)) = landed_token {
        outcome.new_token = overview
            .tokens
            .iter()
            .find(|t| t.id == id)
            .map(|t| NewApiToken {
                id,
                name: t.name.clone(),
                token: secret,
                scopes: t.scopes.clone(),
                parent_id: t.parent_id,
                created_at: t.created_at,
            });
    }
    render_status(
        outcome.status,
        &AccountPage {
            lang: ctx.lang,
            layout: Layout::new(ctx, ctx.lang.t("account-title"), "account"),
            username: who.username.clone(),
            tokens: overview
                .tokens
                .iter()
                .map(|t| TokenRow::of(t, &overview.tokens, ctx.lang))
                .collect(),
            sessions: overview
                .sessions
                .iter()
                .map(|s| SessionRow::of(s, ctx.lang))
                .collect(),
            new_token: outcome.new_token,
            token_name: outcome.token_name,
            token_scopes: ScopeChoice::all(outcome.token_scopes.as_deref(), ctx.lang),
            vacation: VacationPanel::of(&overview.vacation, outcome.until, ctx.lang),
            email: EmailPanel::of(&overview.notifications, outcome.typed_email, ctx.lang),
            notice: outcome.notice,
            error: outcome.error,
        },
    )
}

/// `GET /account`; after a form's redirect, with what it did (shown once).
#[get("/account")]
pub async fn account(req: HttpRequest, ctx: Ctx) -> Reply {
    let (flash, token) = Outcome::landed(&req);
    let mut response = account_page_with(&req, &ctx, Outcome::plain(), flash, token).await?;
    for name in [FLASH_COOKIE, NEW_TOKEN_COOKIE] {
        if req.cookie(name).is_some() {
            set_cookie(&mut response, &clear_account_flash(name, ctx.secure));
        }
    }
    Ok(response)
}

#[post("/account/password")]
pub async fn change_password(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let services = services(&req)?;
    let outcome = if form.text("new_password") != form.text("new_password_again") {
        Outcome {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            error: Some((
                "password".to_owned(),
                FieldError {
                    field: "new_password_again".to_owned(),
                    message: ctx.lang.t("account-passwords-differ"),
                },
            )),
            ..Outcome::plain()
        }
    } else {
        match accounts::change_password(
            &services,
            &who,
            form.text("current_password"),
            form.text("new_password"),
        )
        .await
        {
            Ok(()) => Outcome::notice("password", ctx.lang.t("account-password-changed")),
            Err(error) => Outcome::refused("password", error, ctx.lang)?,
        }
    };
    account_page(&req, &ctx, outcome).await
}

/// `POST /account/language` with `lang` (`en` or `fr`): the language of the pages for this
/// account (and this browser's cookie), confirmed in the new language.
#[post("/account/language")]
pub async fn set_language(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let lang = chosen_language(&form)?;
    accounts::set_language(&services(&req)?, &who, Some(lang)).await?;
    // The page is drawn at once in the chosen language.
    let ctx = Ctx {
        lang,
        path: "/account".to_owned(),
        ..ctx
    };
    let outcome = Outcome::notice("language", lang.t("account-language-saved"));
    let mut response = account_page(&req, &ctx, outcome).await?;
    set_cookie(&mut response, &language_cookie(lang, ctx.secure));
    Ok(response)
}

#[post("/account/tokens")]
pub async fn create_token(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let name = form.text("name").to_owned();
    // The scopes checked: none is refused, as in the API (a token that can do nothing).
    let scopes: Vec<String> = form.all("scopes").map(str::to_owned).collect();
    let outcome = match api_tokens::create(&services(&req)?, &who, &name, Some(&scopes)).await {
        Ok(token) => {
            let mut response = see_other("/account#tokens");
            let value = format!("{}.{}", token.id, token.token);
            set_cookie(
                &mut response,
                &account_flash_cookie(NEW_TOKEN_COOKIE, &value, ctx.secure),
            );
            return Ok(response);
        }
        Err(error) => Outcome {
            token_name: name,
            token_scopes: Some(scopes),
            ..Outcome::refused("token", error, ctx.lang)?
        },
    };
    account_page(&req, &ctx, outcome).await
}

#[post("/account/tokens/{id}/revoke")]
pub async fn revoke_token(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?;
    api_tokens::revoke(&services(&req)?, who, id.into_inner()).await?;
    Ok(see_other("/account"))
}

/// Ends one session; ending this browser's own is signing out.
#[post("/account/sessions/{id}/end")]
pub async fn end_session(req: HttpRequest, ctx: Ctx, id: Path<Uuid>) -> Reply {
    let who = ctx.require()?;
    let id = id.into_inner();
    sessions::end(&services(&req)?, who, id).await?;
    if who.session_id == Some(id) {
        return Ok(signed_out(&ctx));
    }
    Ok(see_other("/account"))
}

/// Signs out everywhere: every session of the account ends, this one included. API tokens
/// keep working. The sign-in page it lands on confirms it.
#[post("/account/sessions/end-all")]
pub async fn end_all_sessions(req: HttpRequest, ctx: Ctx) -> Reply {
    let who = ctx.require()?;
    sessions::end_all(&services(&req)?, who).await?;
    Ok(signed_out_to(&ctx, SIGNED_OUT_EVERYWHERE))
}

/// `POST /account/vacation` with `until` (a date): goes on vacation until the end of that day.
#[post("/account/vacation")]
pub async fn start_vacation(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let until = form.text("until").to_owned();
    let outcome = match vacation::start(&services(&req)?, &who, &until).await {
        Ok(_) => return Ok(redirect_with(&ctx, Flash::VacationStarted)),
        Err(error) => Outcome {
            until,
            ..Outcome::refused("vacation", error, ctx.lang)?
        },
    };
    account_page(&req, &ctx, outcome).await
}

/// `POST /account/vacation/end`: back from vacation early.
#[post("/account/vacation/end")]
pub async fn end_vacation(req: HttpRequest, ctx: Ctx) -> Reply {
    let who = ctx.require()?.clone();
    let outcome = match vacation::end(&services(&req)?, &who).await {
        Ok(_) => return Ok(redirect_with(&ctx, Flash::VacationEnded)),
        Err(error) => Outcome::refused("vacation", error, ctx.lang)?,
    };
    account_page(&req, &ctx, outcome).await
}

/// `POST /account/email` with `email`: the address to mail notifications to (a verification
/// link is mailed to it).
#[post("/account/email")]
pub async fn set_email(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let email = form.text("email").to_owned();
    let outcome = match notifications::set_email(&services(&req)?, &who, &email).await {
        Ok((_, mailed)) => {
            let flash = if mailed {
                Flash::EmailSent
            } else {
                Flash::EmailUnchanged
            };
            return Ok(redirect_with(&ctx, flash));
        }
        Err(error) => Outcome {
            typed_email: Some(TypedEmail {
                email: Some(email),
                ..TypedEmail::default()
            }),
            ..Outcome::refused("email", error, ctx.lang)?
        },
    };
    account_page(&req, &ctx, outcome).await
}

/// `POST /account/notifications` with the `events` checked and `digest_hours`.
#[post("/account/notifications")]
pub async fn set_notifications(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let who = ctx.require()?.clone();
    let events: Vec<String> = form.all("events").map(str::to_owned).collect();
    let digest = form.text("digest_hours").trim().to_owned();
    let result = match notifications::parse_digest_hours(&digest) {
        Ok(hours) => notifications::update(&services(&req)?, &who, &events, hours).await,
        Err(error) => Err(error),
    };
    let outcome = match result {
        Ok(_) => Outcome::notice("notifications", ctx.lang.t("account-notifications-saved")),
        Err(error) => Outcome {
            typed_email: Some(TypedEmail {
                events: Some(events),
                digest_hours: Some(digest),
                ..TypedEmail::default()
            }),
            ..Outcome::refused("notifications", error, ctx.lang)?
        },
    };
    account_page(&req, &ctx, outcome).await
}

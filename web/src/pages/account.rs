//! The account page: change the password; create, list and revoke personal API tokens (a new
//! token's secret is shown once, on the page that created it); list the sessions signed in to
//! the account and end any of them, or all ("sign out everywhere"); go on vacation until a
//! date (the days left this year shown) and come back early.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use tapis_l10n::{Language, UnknownLanguage};
use tapis_service::ServiceError;
use tapis_service::accounts;
use tapis_service::auth::{self, ApiToken, NewApiToken};
use tapis_service::sessions::{self, SessionInfo};
use tapis_service::vacation::{self, VacationStatus};
use uuid::Uuid;

use crate::error::{WebError, service_status};
use crate::form::FormData;
use crate::page::{Layout, render_status, see_other};
use crate::pages::auth::FieldError;
use crate::pages::auth::signed_out;
use crate::present::When;
use crate::session::{Ctx, language_cookie, services};

/// A token in the list.
#[derive(Debug, Clone)]
pub struct TokenRow {
    pub id: Uuid,
    pub name: String,
    pub created: When,
    pub last_used: Option<When>,
}

impl TokenRow {
    fn of(token: &ApiToken, lang: Language) -> TokenRow {
        TokenRow {
            id: token.id,
            name: token.name.clone(),
            created: When::of(token.created_at, lang),
            last_used: token.last_used_at.map(|at| When::of(at, lang)),
        }
    }
}

/// A session in the list.
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub id: Uuid,
    pub user_agent: String,
    pub created: When,
    pub last_used: When,
    pub current: bool,
}

impl SessionRow {
    fn of(session: &SessionInfo, lang: Language) -> SessionRow {
        SessionRow {
            id: session.id,
            user_agent: session.user_agent.clone(),
            created: When::of(session.created_at, lang),
            last_used: When::of(session.last_used_at, lang),
            current: session.current,
        }
    }
}

/// The vacation panel: the vacation in force, if any, and the allowance.
#[derive(Debug, Clone)]
pub struct VacationPanel {
    pub until: Option<When>,
    pub days_left: i64,
    pub days_per_year: i64,
    /// The date last typed in the form (kept when it is refused).
    pub typed: String,
}

impl VacationPanel {
    fn of(status: &VacationStatus, typed: String, lang: Language) -> VacationPanel {
        VacationPanel {
            until: status.on_vacation_until.map(|at| When::of(at, lang)),
            days_left: status.days_left,
            days_per_year: status.days_per_year,
            typed,
        }
    }
}

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
    vacation: VacationPanel,
    /// The outcome of a form, shown at its place: `password`, `token`, `language` or
    /// `vacation`.
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

struct Outcome {
    status: StatusCode,
    new_token: Option<NewApiToken>,
    token_name: String,
    /// The vacation's end as typed.
    until: String,
    notice: Option<(String, String)>,
    error: Option<(String, FieldError)>,
}

impl Outcome {
    fn plain() -> Outcome {
        Outcome {
            status: StatusCode::OK,
            new_token: None,
            token_name: String::new(),
            until: String::new(),
            notice: None,
            error: None,
        }
    }

    fn refused(form: &str, error: &ServiceError, lang: Language) -> Outcome {
        Outcome {
            status: service_status(error),
            error: Some((form.to_owned(), FieldError::of(error, lang))),
            ..Outcome::plain()
        }
    }
}

async fn account_page(
    req: &HttpRequest,
    ctx: &Ctx,
    outcome: Outcome,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?;
    let overview = accounts::overview(&services(req)?, who).await?;
    render_status(
        outcome.status,
        &AccountPage {
            lang: ctx.lang,
            layout: Layout::new(ctx, ctx.lang.t("account-title"), "account"),
            username: who.username.clone(),
            tokens: overview
                .tokens
                .iter()
                .map(|t| TokenRow::of(t, ctx.lang))
                .collect(),
            sessions: overview
                .sessions
                .iter()
                .map(|s| SessionRow::of(s, ctx.lang))
                .collect(),
            new_token: outcome.new_token,
            token_name: outcome.token_name,
            vacation: VacationPanel::of(&overview.vacation, outcome.until, ctx.lang),
            notice: outcome.notice,
            error: outcome.error,
        },
    )
}

#[get("/account")]
pub async fn account(req: HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    account_page(&req, &ctx, Outcome::plain()).await
}

#[post("/account/password")]
pub async fn change_password(
    req: HttpRequest,
    ctx: Ctx,
    form: FormData,
) -> Result<HttpResponse, WebError> {
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
            Ok(()) => Outcome {
                notice: Some((
                    "password".to_owned(),
                    ctx.lang.t("account-password-changed"),
                )),
                ..Outcome::plain()
            },
            Err(ServiceError::Internal) => return Err(ServiceError::Internal.into()),
            Err(error) => Outcome::refused("password", &error, ctx.lang),
        }
    };
    account_page(&req, &ctx, outcome).await
}

/// `POST /account/language` with `lang` (`en` or `fr`): the language of the pages for this
/// account (and this browser's cookie), confirmed in the new language.
#[post("/account/language")]
pub async fn set_language(
    req: HttpRequest,
    ctx: Ctx,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let lang: Language = form.text("lang").parse().map_err(|e: UnknownLanguage| {
        ServiceError::invalid("lang", "language_unknown", e.to_string())
    })?;
    accounts::set_language(&services(&req)?, &who, Some(lang)).await?;
    // The page is drawn at once in the chosen language.
    let ctx = Ctx {
        lang,
        path: "/account".to_owned(),
        ..ctx
    };
    let outcome = Outcome {
        notice: Some(("language".to_owned(), lang.t("account-language-saved"))),
        ..Outcome::plain()
    };
    let mut response = account_page(&req, &ctx, outcome).await?;
    if let Err(e) = response.add_cookie(&language_cookie(lang, ctx.secure)) {
        tracing::error!(error = %e, "cannot set the language cookie");
    }
    Ok(response)
}

#[post("/account/tokens")]
pub async fn create_token(
    req: HttpRequest,
    ctx: Ctx,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let name = form.text("name").to_owned();
    let outcome = match auth::create_api_token(&services(&req)?, &who, &name).await {
        Ok(token) => Outcome {
            status: StatusCode::CREATED,
            new_token: Some(token),
            ..Outcome::plain()
        },
        Err(ServiceError::Internal) => return Err(ServiceError::Internal.into()),
        Err(error) => Outcome {
            token_name: name,
            ..Outcome::refused("token", &error, ctx.lang)
        },
    };
    account_page(&req, &ctx, outcome).await
}

#[post("/account/tokens/{id}/revoke")]
pub async fn revoke_token(
    req: HttpRequest,
    ctx: Ctx,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?;
    auth::revoke_api_token(&services(&req)?, who, id.into_inner()).await?;
    Ok(see_other("/account"))
}

/// Ends one session; ending this browser's own is signing out.
#[post("/account/sessions/{id}/end")]
pub async fn end_session(
    req: HttpRequest,
    ctx: Ctx,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?;
    let id = id.into_inner();
    sessions::end(&services(&req)?, who, id).await?;
    if who.session_id == Some(id) {
        return Ok(signed_out(&ctx));
    }
    Ok(see_other("/account"))
}

/// Signs out everywhere: every session of the account ends, this one included. API tokens
/// keep working.
#[post("/account/sessions/end-all")]
pub async fn end_all_sessions(req: HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?;
    sessions::end_all(&services(&req)?, who).await?;
    Ok(signed_out(&ctx))
}

/// `POST /account/vacation` with `until` (a date): goes on vacation until the end of that day.
#[post("/account/vacation")]
pub async fn start_vacation(
    req: HttpRequest,
    ctx: Ctx,
    form: FormData,
) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let until = form.text("until").to_owned();
    let outcome = match vacation::start(&services(&req)?, &who, &until).await {
        Ok(_) => Outcome {
            notice: Some((
                "vacation".to_owned(),
                ctx.lang.t("account-vacation-started"),
            )),
            ..Outcome::plain()
        },
        Err(ServiceError::Internal) => return Err(ServiceError::Internal.into()),
        Err(error) => Outcome {
            until,
            ..Outcome::refused("vacation", &error, ctx.lang)
        },
    };
    account_page(&req, &ctx, outcome).await
}

/// `POST /account/vacation/end`: back from vacation early.
#[post("/account/vacation/end")]
pub async fn end_vacation(req: HttpRequest, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let who = ctx.require()?.clone();
    let outcome = match vacation::end(&services(&req)?, &who).await {
        Ok(_) => Outcome {
            notice: Some(("vacation".to_owned(), ctx.lang.t("account-vacation-ended"))),
            ..Outcome::plain()
        },
        Err(ServiceError::Internal) => return Err(ServiceError::Internal.into()),
        Err(error) => Outcome::refused("vacation", &error, ctx.lang),
    };
    account_page(&req, &ctx, outcome).await
}

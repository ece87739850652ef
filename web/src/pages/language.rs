//! The language switch that every page shows: it remembers the choice in a cookie and, for a
//! signed-in player, on the account, then comes back to the page it was on.

use actix_web::{HttpRequest, HttpResponse, post};
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::identity::accounts;

use crate::error::WebError;
use crate::form::FormData;
use crate::page::{safe_next, see_other};
use crate::session::{Ctx, language_cookie, services};

/// `POST /language` with `lang` (`en` or `fr`) and `next` (the page to come back to).
#[post("/language")]
pub async fn switch(req: HttpRequest, ctx: Ctx, form: FormData) -> Result<HttpResponse, WebError> {
    let lang: Language = form
        .text("lang")
        .parse()
        .map_err(|e: tapis_l10n::UnknownLanguage| {
            ServiceError::invalid("lang", "language_unknown", e.to_string())
        })?;
    if let Some(who) = &ctx.viewer {
        accounts::set_language(&services(&req)?, who, Some(lang)).await?;
    }
    let mut response = see_other(&safe_next(form.get("next")));
    if let Err(e) = response.add_cookie(&language_cookie(lang, ctx.secure)) {
        tracing::error!(error = %e, "cannot set the language cookie");
    }
    Ok(response)
}

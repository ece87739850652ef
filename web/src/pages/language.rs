//! The language switch that every page shows: it remembers the choice in a cookie and, for a
//! signed-in player, on the account, then comes back to the page it was on.

use actix_web::{HttpRequest, post};
use tapis_l10n::{Language, UnknownLanguage};
use tapis_service::ServiceError;
use tapis_service::identity::accounts;

use crate::cookies::{language_cookie, set_cookie};
use crate::form::FormData;
use crate::page::{Reply, safe_next, see_other};
use crate::session::{Ctx, services};

/// The language a form chose (`lang`: `en` or `fr`).
pub fn chosen_language(form: &FormData) -> Result<Language, ServiceError> {
    form.text("lang").parse().map_err(|e: UnknownLanguage| {
        ServiceError::invalid("lang", "language_unknown", e.to_string())
    })
}

/// `POST /language` with `lang` (`en` or `fr`) and `next` (the page to come back to).
#[post("/language")]
pub async fn switch(req: HttpRequest, ctx: Ctx, form: FormData) -> Reply {
    let lang = chosen_language(&form)?;
    if let Some(who) = &ctx.viewer {
        accounts::set_language(&services(&req)?, who, Some(lang)).await?;
    }
    let mut response = see_other(&safe_next(form.get("next")));
    set_cookie(&mut response, &language_cookie(lang, ctx.secure));
    Ok(response)
}

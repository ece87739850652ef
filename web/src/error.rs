//! Why a web request failed ([`WebError`]), and what the player is told about it: a message
//! kept as its key and arguments ([`Said`]), written later in the reader's language.
//!
//! Handlers return [`WebError`] (most often a [`ServiceError`] converted with `?`). A refusal
//! of the service is told by its code (and a validation error's reason), with the same HTTP
//! status as the API's. How an error is shown, as a page or as an inline message for htmx, is
//! the error page's (`error_page.rs`), which also makes [`WebError`] an actix response.

use actix_web::http::StatusCode;
use tapis_l10n::Language;
use tapis_service::ServiceError;

/// Why a web request failed.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// The page needs a signed-in player; `next` is where to come back.
    #[error("please sign in first")]
    SignInRequired { next: String },
    /// A state-changing request without the right CSRF token.
    #[error("this form has expired or did not come from this site; reload the page and try again")]
    Csrf,
    #[error("there is no such page")]
    NotFound,
    /// A request that cannot be read; the reason is a stable word (`form_unreadable`,
    /// `form_too_large`, `address`, `page_number`) that pages translate.
    #[error("bad request: {0}")]
    BadRequest(&'static str),
    /// A template failed to render (a bug: logged, shown as a 500).
    #[error("internal error")]
    Render(#[from] askama::Error),
}

/// A value given to a [`Said`] message.
#[derive(Debug, Clone)]
enum SaidArg {
    Text(String),
    Number(i64),
    /// Another message, written in the same language.
    Message(String),
}

/// A message kept as its key and arguments, so that it can be written in any language (an
/// error is made before the reader's language is known).
#[derive(Debug, Clone)]
pub struct Said {
    key: String,
    args: Vec<(&'static str, SaidArg)>,
}

impl Said {
    pub fn new(key: impl Into<String>) -> Said {
        Said {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// With a text argument.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.push((name, SaidArg::Text(value.into())));
        self
    }

    /// With a number argument.
    pub fn number(mut self, name: &'static str, value: i64) -> Said {
        self.args.push((name, SaidArg::Number(value)));
        self
    }

    /// With `name` set to the text `value` in place of what it was.
    pub fn replacing(mut self, name: &'static str, value: impl Into<String>) -> Said {
        self.args.retain(|(n, _)| *n != name);
        self.text(name, value)
    }

    /// With an argument that is another message (`key`), in the same language.
    pub fn message(mut self, name: &'static str, key: impl Into<String>) -> Said {
        self.args.push((name, SaidArg::Message(key.into())));
        self
    }

    /// The message in `lang`.
    pub fn in_language(&self, lang: Language) -> String {
        let args: Vec<(&str, tapis_l10n::Value<'_>)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    SaidArg::Text(t) => tapis_l10n::Value::from(t.as_str()),
                    SaidArg::Number(n) => tapis_l10n::Value::from(*n),
                    SaidArg::Message(key) => tapis_l10n::Value::from(lang.t(key)),
                };
                (*name, value)
            })
            .collect();
        lang.t_with(&self.key, &args)
    }
}

impl WebError {
    /// What the player is told, in `lang`.
    pub fn message(&self, lang: Language) -> String {
        self.said().in_language(lang)
    }

    /// What the player is told, in any language.
    pub fn said(&self) -> Said {
        match self {
            WebError::Service(e) => service_said(e),
            WebError::Render(_) => service_said(&ServiceError::Internal),
            WebError::SignInRequired { .. } => Said::new("error-sign-in-required"),
            WebError::Csrf => Said::new("error-csrf"),
            WebError::NotFound => Said::new("error-no-such-page"),
            WebError::BadRequest(reason) => {
                Said::new(format!("error-bad-request-{}", reason.replace('_', "-")))
            }
        }
    }

    /// The HTTP status of the response.
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::Service(e) => service_status(e),
            WebError::SignInRequired { .. } => StatusCode::SEE_OTHER,
            WebError::Csrf => StatusCode::FORBIDDEN,
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::Render(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// When to try again, in seconds, for a refusal that says so (`Retry-After`).
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            WebError::Service(e) => e.retry_after_secs(),
            _ => None,
        }
    }
}

/// A refusal of the service that a form shows beside what was typed; but an internal failure,
/// which nothing typed can mend, stays the request's error (the error page).
pub fn refusal(error: ServiceError) -> Result<ServiceError, WebError> {
    match error {
        ServiceError::Internal => Err(WebError::Service(error)),
        refused => Ok(refused),
    }
}

/// What a player is told about a refusal of the service, in `lang`.
pub fn service_message(error: &ServiceError, lang: Language) -> String {
    service_said(error).in_language(lang)
}

/// The key of a field's name as a validation message shows it (`The username`), or `None`
/// for a field no message names.
pub fn field_key(field: &str) -> Option<&'static str> {
    Some(match field {
        "username" => "error-field-username",
        "password" => "error-field-password",
        "new_password" => "error-field-new-password",
        "current_password" => "error-field-current-password",
        "name" => "error-field-name",
        "scopes" => "error-field-scopes",
        "seats" => "error-field-seats",
        "invite" => "error-field-invite",
        "days_per_move" => "error-field-days-per-move",
        "rated" => "error-field-rated",
        "game" => "error-field-game",
        "level" => "error-field-level",
        "opponents" => "error-field-opponents",
        "lang" => "error-field-lang",
        "address" => "error-field-address",
        "limit" => "error-field-limit",
        "offset" => "error-field-offset",
        "status" => "error-field-status",
        "player" => "error-field-player",
        "cursor" => "error-field-cursor",
        "options" => "error-field-options",
        "until" => "error-field-until",
        "email" => "error-field-email",
        "events" => "error-field-events",
        "digest_hours" => "error-field-digest-hours",
        "table_size" => "error-field-table-size",
        "rounds" => "error-field-rounds",
        "starts_at" => "error-field-starts-at",
        "min_rating" => "error-field-min-rating",
        "max_rating" => "error-field-max-rating",
        "max_players" => "error-field-max-players",
        "allow_bots" => "error-field-allow-bots",
        _ => return None,
    })
}

/// The text between the first pair of “curly quotes” of an English message (a name the
/// service quotes), or `""`.
fn quoted(message: &str) -> &str {
    message
        .split_once('“')
        .and_then(|(_, rest)| rest.split_once('”'))
        .map_or("", |(name, _)| name)
}

/// A validation error in any language, its field named by [`field_key`] (or by its own name).
pub fn validation_said(field: &str, reason: &str, message: &str) -> Said {
    let said = Said::new(format!("error-invalid-{}", reason.replace('_', "-")))
        .text("detail", message)
        .text("name", quoted(message));
    match field_key(field) {
        Some(key) => said.message("field", key),
        None => said.text("field", field),
    }
}

/// What a player is told about a refusal of the service, in any language: by the error's
/// code (and a validation error's reason).
pub fn service_said(error: &ServiceError) -> Said {
    match error {
        ServiceError::Validation {
            field,
            reason,
            message,
        } => validation_said(field, reason, message),
        ServiceError::NotFound(what) => {
            Said::new("error-not-found").message("what", format!("error-thing-{what}"))
        }
        ServiceError::IllegalAction(reason) => {
            let mut reason = reason.as_str();
            while let Some(rest) = reason.strip_prefix("illegal action: ") {
                reason = rest;
            }
            let mut reason = reason.trim().to_owned();
            if !reason.ends_with(['.', '!', '?']) {
                reason.push('.');
            }
            Said::new("error-illegal-action").text("reason", reason)
        }
        ServiceError::RateLimited { retry_after_secs } => Said::new("error-rate-limited").number(
            "seconds",
            i64::try_from(*retry_after_secs).unwrap_or(i64::MAX),
        ),
        ServiceError::TooManyBotMatches { limit } => {
            Said::new("error-too-many-bot-matches").number("limit", *limit)
        }
        ServiceError::TooManyOpenMatches { limit } => {
            Said::new("error-too-many-open-matches").number("limit", *limit)
        }
        ServiceError::AccountSuspended { until } => {
            Said::new("error-account-suspended").text("until", utc_minute(*until))
        }
        ServiceError::ChatMuted { until } => {
            Said::new("error-chat-muted").text("until", utc_minute(*until))
        }
        other => Said::new(format!("error-{}", other.code().replace('_', "-"))),
    }
}

/// A moment to the minute, in UTC, written the same in every language (`2026-12-09 14:05 UTC`).
fn utc_minute(at: time::OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!(
        "{}-{:02}-{:02} {:02}:{:02} UTC",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

/// The HTTP status of a refusal of the service (the same as the API's: the service decides).
pub fn service_status(error: &ServiceError) -> StatusCode {
    StatusCode::from_u16(error.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// Capitalizes a message and ends it with a full stop.
pub fn sentence(message: &str) -> String {
    let mut out = message.trim().to_owned();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_told_in_the_readers_language() {
        let format = ServiceError::invalid(
            "username",
            "username_format",
            "must be 3 to 24 letters, digits, '_' or '-'",
        );
        assert_eq!(
            service_message(&format, Language::En),
            "The username must be 3 to 24 letters, digits, '_' or '-'."
        );
        assert!(
            service_message(&format, Language::Fr).starts_with("Le nom d’utilisateur doit"),
            "{}",
            service_message(&format, Language::Fr)
        );
        let illegal = ServiceError::IllegalAction("illegal action: no pawn there".to_owned());
        assert_eq!(
            service_message(&illegal, Language::En),
            "Illegal action: no pawn there."
        );
        assert_eq!(
            service_message(&illegal, Language::Fr),
            "Ce coup n’est pas permis maintenant."
        );
        assert_eq!(
            service_message(&ServiceError::NotFound("match"), Language::Fr),
            "Partie introuvable."
        );
        let invited = ServiceError::invalid("invite", "invite_unknown", "no player is named “zoé”");
        assert_eq!(
            service_message(&invited, Language::Fr),
            "Invitations\u{a0}: aucun joueur ne s’appelle «\u{a0}zoé\u{a0}»."
        );
        for error in [
            ServiceError::UsernameTaken,
            ServiceError::DeadlinePassed,
            ServiceError::RateLimited {
                retry_after_secs: 3,
            },
            ServiceError::DatabaseUnavailable,
            ServiceError::Internal,
            ServiceError::MissingScope(tapis_service::identity::scopes::Scope::Play),
        ] {
            for lang in Language::ALL {
                let text = service_message(&error, lang);
                assert!(!text.contains(tapis_l10n::MISSING), "{text}");
            }
        }
        assert!(
            !WebError::Csrf
                .message(Language::Fr)
                .contains(tapis_l10n::MISSING)
        );
        assert!(
            !WebError::BadRequest("form_too_large")
                .message(Language::Fr)
                .contains(tapis_l10n::MISSING)
        );
    }

    /// Every reason of the service's and the web's validation errors (`ServiceError::invalid`
    /// in `service/src`, `web/src` and `server/src`) has its message in both languages.
    #[test]
    fn every_validation_reason_is_translated() {
        for reason in [
            "username_format",
            "password_length",
            "password_too_long",
            "password_wrong",
            "token_name_length",
            "token_scopes_empty",
            "token_scope_unknown",
            "level_unknown",
            "opponents_none",
            "opponents_too_many",
            "chat_empty",
            "chat_too_long",
            "chat_control_characters",
            "chat_links_not_yet",
            "chat_computers",
            "chat_text_or_preset",
            "invite_refused",
            "block_self",
            "follow_self",
            "search_prefix",
            "cursor",
            "limit_range",
            "offset_negative",
            "status_unknown",
            "game_unknown",
            "player_unknown",
            "seat_count",
            "option",
            "days_range",
            "rated_default_options",
            "rated_two_players",
            "rated_clock",
            "invite_too_many",
            "invite_unknown",
            "invite_self",
            "invite_rated_twice",
            "invite_twice",
            "nul_character",
            "not_a_number",
            "not_a_whole_number",
            "language_unknown",
        ] {
            for lang in Language::ALL {
                let text = validation_said("seats", reason, "x").in_language(lang);
                assert!(!text.contains(tapis_l10n::MISSING), "{reason}: {text}");
            }
        }
    }
}

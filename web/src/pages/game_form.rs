//! What the forms that create something for a game share (the lobby's match, a tournament):
//! the chosen game's options as fields, read back from the form, the inline error of a refused
//! form, and the post itself (read the form, one service call, then to the page of what was
//! made, or the form again with why).

use actix_web::http::StatusCode;
use serde_json::{Map, Value};
use tapis_games::GameId;
use tapis_l10n::Language;
use tapis_service::ServiceError;
use tapis_service::games::{self, GameInfo, GameOption};

use crate::error::{refusal, service_status, validation_said};
use crate::form::{FieldError, FormData};
use crate::game_choice::chosen_game;
use crate::page::{Reply, see_other};
use crate::present::options;

/// One option of the chosen game, as a form field.
#[derive(Debug, Clone)]
pub struct OptionField {
    pub name: String,
    pub label: String,
    pub description: String,
    /// `bool`, `integer` or `choice`.
    pub kind: String,
    /// The value typed or chosen (for integers and choices).
    pub value: String,
    /// For booleans.
    pub checked: bool,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// For choices: (value, label).
    pub choices: Vec<(String, String)>,
    /// The default, in words.
    pub default_text: String,
}

impl OptionField {
    /// The id of the field's input.
    pub fn id(&self) -> String {
        format!("opt-{}", self.name)
    }

    /// The name of the field's input.
    pub fn input_name(&self) -> String {
        format!("opt.{}", self.name)
    }
}

pub(crate) fn option_field(
    game: GameId,
    option: &GameOption,
    value: &Value,
    lang: Language,
) -> OptionField {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let default_text = options::value_words(game, &option.name, &option.default, lang);
    OptionField {
        name: option.name.clone(),
        label: options::label_or_name(game, &option.name, lang),
        description: options::description(game, &option.name, &option.description, lang),
        kind: option.kind.clone(),
        checked: value == &Value::Bool(true),
        value: text,
        min: option.min,
        max: option.max,
        choices: option
            .values
            .iter()
            .flatten()
            .map(|v| {
                let words =
                    options::value_words(game, &option.name, &Value::from(v.as_str()), lang);
                (v.clone(), words)
            })
            .collect(),
        default_text,
    }
}

/// The options of `game` (described by `info`) as fields, each at its default.
pub(crate) fn default_fields(game: GameId, info: &GameInfo, lang: Language) -> Vec<OptionField> {
    info.options
        .iter()
        .map(|option| option_field(game, option, &option.default, lang))
        .collect()
}

/// Puts back in `fields` (of the options `specs`) what the form sent; an option it does not
/// mention keeps its value.
pub(crate) fn keep_submitted(fields: &mut [OptionField], specs: &[GameOption], form: &FormData) {
    for (field, spec) in fields.iter_mut().zip(specs) {
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

/// A checkbox of the form: `Some(true)` when ticked, `Some(false)` when only its hidden `false`
/// came, `None` when the request does not mention it.
pub(crate) fn ticked(form: &FormData, field: &str) -> Option<bool> {
    let mut values = form.all(field).peekable();
    values.peek()?;
    Some(values.any(|v| !v.is_empty() && v != "false"))
}

/// A whole number typed in `field`, or the validation error that says it is not one.
pub(crate) fn whole_number(
    field: impl Into<std::borrow::Cow<'static, str>>,
    raw: &str,
) -> Result<i64, ServiceError> {
    raw.trim()
        .parse()
        .map_err(|_| ServiceError::invalid(field, "not_a_whole_number", "must be a whole number"))
}

/// The game's options as the form gives them (`opt.NAME` fields); an option the form does not
/// mention keeps its default, an unreadable number is a validation error.
pub(crate) fn options_from_form(game: &GameInfo, form: &FormData) -> Result<Value, ServiceError> {
    let mut options = Map::new();
    for spec in &game.options {
        let field = format!("opt.{}", spec.name);
        let raw = form.get(&field);
        let value = match spec.kind.as_str() {
            // The form sends a hidden `false` before each box and `true` when it is ticked; an
            // option the request does not mention at all keeps its default.
            "bool" => match ticked(form, &field) {
                Some(on) => Value::Bool(on),
                None => continue,
            },
            "integer" => {
                let Some(raw) = raw else { continue };
                Value::from(whole_number(field.clone(), raw)?)
            }
            _ => match raw {
                Some(raw) => Value::String(raw.to_owned()),
                None => continue,
            },
        };
        options.insert(spec.name.clone(), value);
    }
    Ok(Value::Object(options))
}

/// The service names option fields `options.x`; the form names them `opt.x`.
pub(crate) fn form_field(service_field: &str) -> String {
    match service_field.strip_prefix("options.") {
        Some(option) => format!("opt.{option}"),
        None => service_field.to_owned(),
    }
}

/// The inline error of a refused form of a game's options: the field as the form names it
/// (`opt.x`), an option named by its label.
pub(crate) fn form_error(error: &ServiceError, game: GameId, lang: Language) -> FieldError {
    let mut field_error = FieldError::of(error, lang);
    field_error.field = form_field(&field_error.field);
    if let (
        Some(option),
        ServiceError::Validation {
            field,
            reason,
            message,
        },
    ) = (field_error.field.strip_prefix("opt."), error)
    {
        field_error.message = validation_said(field, reason, message)
            .replacing("field", options::label_or_name(game, option, lang))
            .in_language(lang);
    }
    field_error
}

/// Whether the form's `error` is about `field` (a field name like `seats` or `opt.target`).
pub(crate) fn error_on(error: Option<&FieldError>, field: &str) -> bool {
    error.is_some_and(|e| e.field == field)
}

/// The message of the form's `error` for `field`, if it is about it.
pub(crate) fn message_for<'a>(error: Option<&'a FieldError>, field: &str) -> &'a str {
    match error {
        Some(e) if e.field == field => &e.message,
        _ => "",
    }
}

/// The message of the form's `error` if it is about no field shown: neither one of `shown` nor
/// one of the game's `options`.
pub(crate) fn general_error<'a>(
    error: Option<&'a FieldError>,
    shown: &[&str],
    options: &[OptionField],
) -> Option<&'a str> {
    let error = error?;
    let on_a_field = shown.contains(&error.field.as_str())
        || options.iter().any(|o| o.input_name() == error.field);
    (!on_a_field).then_some(error.message.as_str())
}

/// `3 days`, `3 jours`: a choice of the clock.
pub(crate) fn day_label(days: &str, lang: Language) -> String {
    match days.parse::<u8>() {
        Ok(n) => lang.t1("lobby-form-days", "count", n),
        Err(_) => days.to_owned(),
    }
}

/// A create form's post: the request `read` from the form for the game it names, `make`'s one
/// service call (the address of what was made), then to that page; a refusal shows the form
/// `again` (for that game, with the inline error, with the refusal's status).
pub(crate) async fn create<R>(
    form: &FormData,
    lang: Language,
    read: impl FnOnce(&GameInfo, &FormData) -> Result<R, ServiceError>,
    make: impl AsyncFnOnce(R) -> Result<String, ServiceError>,
    again: impl AsyncFnOnce(GameId, FieldError, StatusCode) -> Reply,
) -> Reply {
    let game = chosen_game(form.get("game"));
    let made = match read(&games::describe(game), form) {
        Ok(request) => make(request).await,
        Err(error) => Err(error),
    };
    match made {
        Ok(page) => Ok(see_other(&page)),
        Err(error) => {
            let error = refusal(error)?;
            let status = service_status(&error);
            again(game, form_error(&error, game, lang), status).await
        }
    }
}

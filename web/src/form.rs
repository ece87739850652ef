//! Form bodies (`application/x-www-form-urlencoded`) as a list of fields, where a name may
//! repeat (several checked dice are several `die` fields); and the error a refused form shows
//! beside the field at fault.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};

use tapis_l10n::Language;
use tapis_service::ServiceError;

use crate::error::{WebError, service_message};

/// The largest form accepted.
const MAX_FORM_BYTES: usize = 16 * 1024;

/// A field name fit to be shown back (what a client sent, without NULs, shortened).
fn sanitised_name(name: &str) -> String {
    name.chars().filter(|c| *c != '\0').take(40).collect()
}

/// The fields of a submitted form, in order.
#[derive(Debug, Clone, Default)]
pub struct FormData(Vec<(String, String)>);

impl FormData {
    /// Parses a form body.
    pub fn parse(body: &[u8]) -> Result<FormData, WebError> {
        let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
            .map_err(|_| WebError::BadRequest("form_unreadable"))?;
        // PostgreSQL cannot store a NUL character in text: refuse it here, where it comes in.
        if let Some((name, _)) = fields
            .iter()
            .find(|(name, value)| name.contains('\0') || value.contains('\0'))
        {
            return Err(ServiceError::invalid(
                sanitised_name(name),
                "nul_character",
                "must not contain a NUL character",
            )
            .into());
        }
        Ok(FormData(fields))
    }

    /// The first value of a field, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first value of a field, or `""`.
    pub fn text(&self, name: &str) -> &str {
        self.get(name).unwrap_or("")
    }

    /// Every value of a field.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether a checkbox was ticked.
    pub fn checked(&self, name: &str) -> bool {
        self.get(name)
            .is_some_and(|v| !v.is_empty() && v != "false")
    }

    /// Every field, in order.
    pub fn fields(&self) -> &[(String, String)] {
        &self.0
    }
}

impl FromRequest for FormData {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let body = body
                .await
                .map_err(|_| WebError::BadRequest("form_unreadable"))?;
            if body.len() > MAX_FORM_BYTES {
                return Err(WebError::BadRequest("form_too_large"));
            }
            FormData::parse(&body)
        })
    }
}

/// An inline form error: the message, and the field it is about (if one).
#[derive(Debug, Clone, Default)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    /// The error of a refused form, when the service says why, in `lang`.
    pub fn of(error: &ServiceError, lang: Language) -> FieldError {
        match error {
            ServiceError::Validation { field, .. } => FieldError {
                field: field.to_string(),
                message: service_message(error, lang),
            },
            ServiceError::UsernameTaken => FieldError {
                field: "username".to_owned(),
                message: lang.t("error-username-taken-choose"),
            },
            other => FieldError {
                field: String::new(),
                message: service_message(other, lang),
            },
        }
    }

    /// Whether the error is about `field` (for `aria-invalid`).
    pub fn is(&self, field: &str) -> bool {
        self.field == field
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_fields_are_all_kept() {
        let form = FormData::parse(b"die=5&die=5&type=reroll&x=").unwrap_or_default();
        assert_eq!(form.all("die").collect::<Vec<_>>(), ["5", "5"]);
        assert_eq!(form.get("type"), Some("reroll"));
        assert_eq!(form.text("missing"), "");
        assert!(!form.checked("x"));
    }

    #[test]
    fn a_nul_character_is_refused_with_the_field_named() {
        let error = FormData::parse(b"username=a%00b&password=x").map(|_| ());
        match error {
            Err(WebError::Service(ServiceError::Validation { field, .. })) => {
                assert_eq!(field, "username");
            }
            other => panic!("expected a validation error, got {other:?}"),
        }
    }
}

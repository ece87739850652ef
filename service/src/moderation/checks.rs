//! The checks every part of moderation shares: the moderator's role, and the short texts of
//! its forms. Imports nothing else of the module.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::schema::users;

/// Refused (`not_a_moderator`) unless `user_id` is a moderator.
pub(super) async fn require_moderator(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<()> {
    let moderator: Option<bool> = users::table
        .find(user_id)
        .select(users::moderator)
        .first(conn)
        .await
        .optional()?;
    if moderator == Some(true) {
        Ok(())
    } else {
        Err(ServiceError::NotAModerator)
    }
}

/// A short text of a moderation form (a report's details, an action's reason): trimmed, at
/// most `max` characters, on one line without control characters; `required` refuses it
/// empty.
pub(super) fn short_text(
    field: &'static str,
    text: &str,
    max: usize,
    required: bool,
) -> ServiceResult<String> {
    let text = text.trim();
    if required && text.is_empty() {
        return Err(ServiceError::invalid(
            field,
            "moderation_text_empty",
            "say why in a few words",
        ));
    }
    if text.chars().count() > max {
        return Err(ServiceError::invalid(
            field,
            "moderation_text_too_long",
            "at most 500 characters",
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(ServiceError::invalid(
            field,
            "moderation_text_control",
            "on one line, without control characters",
        ));
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(result: ServiceResult<String>) -> &'static str {
        match result {
            Err(ServiceError::Validation { reason, .. }) => reason,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn short_texts_are_trimmed_and_held_to_one_line_of_500_characters() {
        assert_eq!(
            short_text("details", "  rude  ", 500, true).unwrap(),
            "rude"
        );
        assert_eq!(short_text("details", "   ", 500, false).unwrap(), "");
        assert_eq!(
            reason(short_text("reason", " ", 500, true)),
            "moderation_text_empty"
        );
        assert_eq!(
            reason(short_text("reason", &"x".repeat(501), 500, true)),
            "moderation_text_too_long"
        );
        assert_eq!(
            reason(short_text("reason", "two\nlines", 500, true)),
            "moderation_text_control"
        );
        assert_eq!(
            short_text("reason", &"é".repeat(500), 500, true)
                .unwrap()
                .chars()
                .count(),
            500
        );
    }
}

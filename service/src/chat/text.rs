//! What a chat message may say: the checks made before anything is stored (pure).

use linkify::{LinkFinder, LinkKind};

use crate::ServiceError;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 500;

/// The phrases a player sends with one click, shown to each reader in their own language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Hello,
    GoodLuck,
    GoodGame,
    WellPlayed,
    Thanks,
    SorryForTheWait,
}

named_values!(Preset {
    Hello => "hello",
    GoodLuck => "good_luck",
    GoodGame => "good_game",
    WellPlayed => "well_played",
    Thanks => "thanks",
    SorryForTheWait => "sorry_for_the_wait",
});

impl Preset {
    /// The key of its words in the message files (`chat-preset-good_game`).
    pub fn message_key(self) -> String {
        format!("chat-preset-{}", self.as_str())
    }
}

/// What a player sends: free text, or one of the presets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Text(String),
    Preset(Preset),
}

/// The text of a message as it is stored: trimmed, and refused with a clear reason when it is
/// empty, longer than [`MAX_CHARS`], holds control characters (line breaks included: a chat
/// line is one line), or holds a link while `links_allowed` is false (accounts younger than a
/// day: the usual spam).
pub fn checked(text: &str, links_allowed: bool) -> Result<String, ServiceError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ServiceError::invalid(
            "text",
            "chat_empty",
            "a message needs some text",
        ));
    }
    if text.chars().count() > MAX_CHARS {
        return Err(ServiceError::invalid(
            "text",
            "chat_too_long",
            "a message is at most 500 characters",
        ));
    }
    if text
        .chars()
        .any(|c| c.is_control() || is_invisible_format(c))
    {
        return Err(ServiceError::invalid(
            "text",
            "chat_control_characters",
            "a message cannot hold control characters or line breaks",
        ));
    }
    if !links_allowed && has_link(text) {
        return Err(ServiceError::invalid(
            "text",
            "chat_links_not_yet",
            "accounts younger than a day cannot post links",
        ));
    }
    Ok(text.to_owned())
}

/// Characters that change how the text around them reads without showing (the direction
/// overrides that make a name read backwards, zero-width joiners in a row).
fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200B}' | '\u{FEFF}')
}

/// Whether `text` holds a web address or an e-mail address, with or without a scheme.
fn has_link(text: &str) -> bool {
    let mut finder = LinkFinder::new();
    finder
        .kinds(&[LinkKind::Url, LinkKind::Email])
        .url_must_have_scheme(false);
    finder.links(text).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(result: Result<String, ServiceError>) -> &'static str {
        match result {
            Err(ServiceError::Validation { reason, .. }) => reason,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn a_message_is_trimmed_and_kept_as_written() {
        assert_eq!(
            checked("  bien joué !  ", false).ok(),
            Some("bien joué !".into())
        );
        assert_eq!(
            checked("4 and 4, or 5", false).ok(),
            Some("4 and 4, or 5".into())
        );
        let longest = "é".repeat(MAX_CHARS);
        assert_eq!(checked(&longest, false).ok(), Some(longest.clone()));
    }

    #[test]
    fn empty_long_and_control_characters_are_refused() {
        assert_eq!(reason(checked("   ", true)), "chat_empty");
        assert_eq!(
            reason(checked(&"a".repeat(MAX_CHARS + 1), true)),
            "chat_too_long"
        );
        for bad in [
            "a\nb",
            "a\rb",
            "bell\u{7}",
            "nul\u{0}",
            "esc\u{1b}[31m",
            "rtl\u{202E}olleh",
        ] {
            assert_eq!(
                reason(checked(bad, true)),
                "chat_control_characters",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn links_wait_for_an_account_a_day_old() {
        for link in [
            "see https://example.com",
            "go to example.com/win",
            "www.example.org",
            "mail me: me@example.com",
        ] {
            assert_eq!(reason(checked(link, false)), "chat_links_not_yet", "{link}");
            assert!(checked(link, true).is_ok(), "{link}");
        }
        for plain in ["good game.", "4.5 points", "a.b", "gg wp"] {
            assert!(checked(plain, false).is_ok(), "{plain}");
        }
    }

    #[test]
    fn every_preset_reads_back_from_its_name() {
        for preset in Preset::ALL {
            assert_eq!(Preset::named(preset.as_str()), Some(preset));
            assert_eq!(
                serde_json::to_value(preset).ok(),
                Some(serde_json::Value::String(preset.as_str().into()))
            );
        }
        assert_eq!(Preset::named("insult"), None);
    }
}

//! Match options: how each is described, and why one was refused. Reading them from JSON is
//! [`crate::read_options`].
//!
//! Every game's `Options` is a flat struct whose fields are booleans, integers or snake_case
//! choices, named as in the game's rules file. Missing options take their default; unknown
//! names and bad values are refused with an error naming the option.

use serde::Serialize;
use serde_json::Value;

/// What a game's options type says of itself: the description of each option, and the rules
/// between options that their types cannot express. The [`Game`](crate::contract::Game)
/// trait's `option_specs` and `validate_options` are these.
pub trait GameOptions {
    /// Describes every option, with its default and the values it may take.
    fn specs() -> Vec<OptionSpec>;

    /// Checks the rules between options that their types cannot express (none by default).
    fn validate(&self) -> Result<(), OptionsError> {
        Ok(())
    }
}

/// The values an option may take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// An integer in `min..=max`.
    Integer { min: i64, max: i64 },
    /// One of these strings.
    Choice { values: Vec<&'static str> },
}

/// The description of one option.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionSpec {
    /// The JSON name of the option.
    pub name: &'static str,
    /// One sentence for players: what the option changes.
    pub description: &'static str,
    /// The values it may take.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// Its default (the original rules' choice).
    pub default: Value,
}

impl OptionSpec {
    /// A boolean option.
    pub fn boolean(name: &'static str, description: &'static str, default: bool) -> Self {
        OptionSpec {
            name,
            description,
            kind: OptionKind::Bool,
            default: Value::Bool(default),
        }
    }

    /// An integer option.
    pub fn integer(
        name: &'static str,
        description: &'static str,
        min: i64,
        max: i64,
        default: i64,
    ) -> Self {
        OptionSpec {
            name,
            description,
            kind: OptionKind::Integer { min, max },
            default: Value::from(default),
        }
    }

    /// A choice among named values.
    pub fn choice(
        name: &'static str,
        description: &'static str,
        values: &[&'static str],
        default: &'static str,
    ) -> Self {
        OptionSpec {
            name,
            description,
            kind: OptionKind::Choice {
                values: values.to_vec(),
            },
            default: Value::from(default),
        }
    }

    /// Checks one JSON value against this option's kind.
    pub fn check(&self, value: &Value) -> Result<(), OptionsError> {
        let fail = |message: String| Err(OptionsError::new(self.name, message));
        match (&self.kind, value) {
            (OptionKind::Bool, Value::Bool(_)) => Ok(()),
            (OptionKind::Bool, _) => fail("must be true or false".into()),
            (OptionKind::Integer { min, max }, Value::Number(n)) => match n.as_i64() {
                Some(v) if (*min..=*max).contains(&v) => Ok(()),
                _ => fail(format!("must be an integer from {min} to {max}")),
            },
            (OptionKind::Integer { min, max }, _) => {
                fail(format!("must be an integer from {min} to {max}"))
            }
            (OptionKind::Choice { values }, Value::String(s)) if values.contains(&s.as_str()) => {
                Ok(())
            }
            (OptionKind::Choice { values }, _) => {
                fail(format!("must be one of: {}", values.join(", ")))
            }
        }
    }
}

/// Options were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}{message}", option.as_deref().map(|o| format!("option “{o}”: ")).unwrap_or_default())]
pub struct OptionsError {
    /// The option at fault, when one is.
    pub option: Option<String>,
    /// What is wrong with it.
    pub message: String,
}

impl OptionsError {
    /// An error about one named option.
    pub fn new(option: &str, message: impl Into<String>) -> Self {
        OptionsError {
            option: Some(option.to_owned()),
            message: message.into(),
        }
    }
}

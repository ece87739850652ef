//! Match options: their description, and reading them from untrusted JSON.
//!
//! Every game's `Options` is a flat struct whose fields are booleans, integers or snake_case
//! choices, named as in the game's rules file. Missing options take their default; unknown
//! names and bad values are refused with an error naming the option.

use serde::Serialize;
use serde_json::Value;

use crate::contract::Game;

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

/// Reads the options of game `G` from JSON: `null` or `{}` gives the defaults.
pub fn parse_options<G: Game>(json: &Value) -> Result<G::Options, OptionsError> {
    let specs = G::option_specs();
    let object = match json {
        Value::Null => return Ok(G::Options::default()),
        Value::Object(object) => object,
        _ => {
            return Err(OptionsError {
                option: None,
                message: "options must be a JSON object".into(),
            });
        }
    };
    for (name, value) in object {
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            let known = if known.is_empty() {
                "this game has no options".to_owned()
            } else {
                format!("known options: {}", known.join(", "))
            };
            return Err(OptionsError::new(name, format!("unknown option ({known})")));
        };
        spec.check(value)?;
    }
    // Start from the defaults so that missing fields keep them, then overlay the given ones.
    let mut merged = serde_json::to_value(G::Options::default()).map_err(|e| OptionsError {
        option: None,
        message: e.to_string(),
    })?;
    if let Value::Object(target) = &mut merged {
        for (name, value) in object {
            target.insert(name.clone(), value.clone());
        }
    }
    let options: G::Options =
        serde_path_to_error::deserialize(&merged).map_err(|e| OptionsError {
            option: Some(e.path().to_string()).filter(|p| p != "."),
            message: e.inner().to_string(),
        })?;
    G::validate_options(&options)?;
    Ok(options)
}

/// The default options of `G` as JSON.
pub fn default_options_json<G: Game>() -> Value {
    serde_json::to_value(G::Options::default()).unwrap_or(Value::Null)
}

/// A spread of option sets for tests and benchmarks: the defaults, then every option's other
/// values one at a time (integers at both ends of their range). Sets refused by
/// [`Game::validate_options`] are left out.
pub fn option_variants<G: Game>() -> Vec<G::Options> {
    let mut variants = vec![G::Options::default()];
    for spec in G::option_specs() {
        let others: Vec<Value> = match &spec.kind {
            OptionKind::Bool => vec![Value::Bool(spec.default != Value::Bool(true))],
            OptionKind::Integer { min, max } => [*min, *max]
                .into_iter()
                .map(Value::from)
                .filter(|v| *v != spec.default)
                .collect(),
            OptionKind::Choice { values } => values
                .iter()
                .map(|v| Value::from(*v))
                .filter(|v| *v != spec.default)
                .collect(),
        };
        for value in others {
            let mut json = serde_json::Map::new();
            json.insert(spec.name.to_owned(), value);
            if let Ok(options) = parse_options::<G>(&Value::Object(json)) {
                variants.push(options);
            }
        }
    }
    variants
}

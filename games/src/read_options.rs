//! Reading a game's options from untrusted JSON, against the game's
//! [`OptionSpec`](crate::options::OptionSpec)s.
//!
//! Missing options take their default; unknown names and bad values are refused with an error
//! naming the option.

use serde_json::Value;

use crate::contract::Game;
use crate::options::{OptionKind, OptionsError};

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

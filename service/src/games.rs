//! The catalogue of games, as the API and the lobby describe it.

use serde::Serialize;
use serde_json::Value;
use tapis_games::{GameId, OptionKind};
use utoipa::ToSchema;

use crate::error::{ServiceError, ServiceResult};

/// One option of a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameOption {
    pub name: String,
    /// What the option changes, for players.
    pub description: String,
    /// `bool`, `integer` or `choice`.
    #[serde(rename = "type")]
    pub kind: String,
    /// For integers: the smallest value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// For integers: the largest value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// For choices: the values allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
    /// The default (the rule of the original text).
    pub default: Value,
}

/// A game Tapis plays.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameInfo {
    /// The id used in URLs and requests (`yams`, `5000`, `cant-stop`...).
    pub id: String,
    pub name: String,
    pub min_players: usize,
    pub max_players: usize,
    /// Every option with its default value.
    #[schema(schema_with = tapis_games::openapi::any_options)]
    pub default_options: Value,
    /// The rules for players.
    pub rules_url: String,
    /// The options each match may set.
    pub options: Vec<GameOption>,
}

/// Describes one game.
pub fn describe(game: GameId) -> GameInfo {
    let options = game
        .option_specs()
        .into_iter()
        .map(|spec| {
            let (kind, min, max, values) = match spec.kind {
                OptionKind::Bool => ("bool", None, None, None),
                OptionKind::Integer { min, max } => ("integer", Some(min), Some(max), None),
                OptionKind::Choice { values } => (
                    "choice",
                    None,
                    None,
                    Some(values.into_iter().map(str::to_owned).collect()),
                ),
            };
            GameOption {
                name: spec.name.to_owned(),
                description: spec.description.to_owned(),
                kind: kind.to_owned(),
                min,
                max,
                values,
                default: spec.default,
            }
        })
        .collect();
    GameInfo {
        id: game.as_str().to_owned(),
        name: game.name().to_owned(),
        min_players: game.min_seats(),
        max_players: game.max_seats(),
        default_options: game.default_options(),
        rules_url: format!("/rules/{}", game.as_str()),
        options,
    }
}

/// Every game.
pub fn list() -> Vec<GameInfo> {
    GameId::ALL.into_iter().map(describe).collect()
}

/// One game by id.
pub fn get(id: &str) -> ServiceResult<GameInfo> {
    id.parse::<GameId>()
        .map(describe)
        .map_err(|_| ServiceError::NotFound("game"))
}

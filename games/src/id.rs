//! The id of each game, as stored in the database and used in URLs and the API.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The id of a game, as used in URLs, the API and the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = GameId))]
pub enum GameId {
    #[serde(rename = "linotte")]
    Linotte,
    #[serde(rename = "yam-master")]
    YamMaster,
    #[serde(rename = "linja")]
    Linja,
    #[serde(rename = "5000")]
    FiveThousand,
    #[serde(rename = "421")]
    FourTwoOne,
    #[serde(rename = "cant-stop")]
    CantStop,
    #[serde(rename = "yams")]
    Yams,
    #[serde(rename = "make-five")]
    MakeFive,
}

impl GameId {
    /// Every game, in the order of the rules index.
    pub const ALL: [GameId; 8] = [
        GameId::Linotte,
        GameId::YamMaster,
        GameId::Linja,
        GameId::FiveThousand,
        GameId::FourTwoOne,
        GameId::CantStop,
        GameId::Yams,
        GameId::MakeFive,
    ];

    /// The id string (`"cant-stop"`, `"421"`...).
    pub const fn as_str(self) -> &'static str {
        match self {
            GameId::Linotte => "linotte",
            GameId::YamMaster => "yam-master",
            GameId::Linja => "linja",
            GameId::FiveThousand => "5000",
            GameId::FourTwoOne => "421",
            GameId::CantStop => "cant-stop",
            GameId::Yams => "yams",
            GameId::MakeFive => "make-five",
        }
    }

    /// The name players know the game by.
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Linotte => "La Linotte",
            GameId::YamMaster => "Yam Master",
            GameId::Linja => "Linja",
            GameId::FiveThousand => "5000",
            GameId::FourTwoOne => "421",
            GameId::CantStop => "Can't Stop",
            GameId::Yams => "Yams",
            GameId::MakeFive => "Make Five",
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The id names no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game “{0}”")]
pub struct UnknownGame(pub String);

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

//! Run-time dispatch over every game, by the id stored in the database.
//!
//! The server knows a match only by its game id and JSON documents (options, state, actions,
//! events). [`AnyState`] wraps the typed state of any game and speaks JSON at its edges, so the
//! service never needs to name a game type.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::contract::{ActionError, Game, Outcome, Seat, SetupError, Turn};
use crate::options::{OptionSpec, default_options_json, parse_options};
use crate::{cant_stop, five_thousand, four_two_one, linja, linotte, make_five, yams};

/// Applies `$body` with `$game` bound to the type of the game `$id` names.
macro_rules! with_game {
    ($id:expr, $game:ident => $body:expr) => {
        match $id {
            GameId::Linotte => {
                type $game = linotte::Linotte;
                $body
            }
            GameId::YamMaster => {
                type $game = linotte::YamMaster;
                $body
            }
            GameId::Linja => {
                type $game = linja::Linja;
                $body
            }
            GameId::FiveThousand => {
                type $game = five_thousand::FiveThousand;
                $body
            }
            GameId::FourTwoOne => {
                type $game = four_two_one::FourTwoOne;
                $body
            }
            GameId::CantStop => {
                type $game = cant_stop::CantStop;
                $body
            }
            GameId::Yams => {
                type $game = yams::Yams;
                $body
            }
            GameId::MakeFive => {
                type $game = make_five::MakeFive;
                $body
            }
        }
    };
}

/// Applies `$body` with `$state` bound to the typed state inside an [`AnyState`] and `$game` to
/// its game type.
macro_rules! with_state {
    ($any:expr, $game:ident, $state:ident => $body:expr) => {
        match $any {
            AnyState::Linotte($state) => {
                type $game = linotte::Linotte;
                $body
            }
            AnyState::YamMaster($state) => {
                type $game = linotte::YamMaster;
                $body
            }
            AnyState::Linja($state) => {
                type $game = linja::Linja;
                $body
            }
            AnyState::FiveThousand($state) => {
                type $game = five_thousand::FiveThousand;
                $body
            }
            AnyState::FourTwoOne($state) => {
                type $game = four_two_one::FourTwoOne;
                $body
            }
            AnyState::CantStop($state) => {
                type $game = cant_stop::CantStop;
                $body
            }
            AnyState::Yams($state) => {
                type $game = yams::Yams;
                $body
            }
            AnyState::MakeFive($state) => {
                type $game = make_five::MakeFive;
                $body
            }
        }
    };
}

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

    /// The smallest number of players.
    pub fn min_seats(self) -> usize {
        with_game!(self, G => G::MIN_SEATS)
    }

    /// The largest number of players.
    pub fn max_seats(self) -> usize {
        with_game!(self, G => G::MAX_SEATS)
    }

    /// Whether the game has chance steps (every game but Linja): only those have dice whose
    /// fairness is worth showing.
    pub fn has_chance(self) -> bool {
        with_game!(self, G => G::HAS_CHANCE)
    }

    /// Every option of the game, with defaults and allowed values.
    pub fn option_specs(self) -> Vec<OptionSpec> {
        with_game!(self, G => G::option_specs())
    }

    /// The default options as JSON.
    pub fn default_options(self) -> Value {
        with_game!(self, G => default_options_json::<G>())
    }

    /// Validates options from JSON and returns them in full (every option present), or an error
    /// naming the option at fault.
    pub fn normalize_options(self, options: &Value) -> Result<Value, SetupError> {
        with_game!(self, G => {
            let options = parse_options::<G>(options)?;
            Ok(serde_json::to_value(options).unwrap_or(Value::Null))
        })
    }

    /// Whether these options are exactly the defaults (a requirement for rated play).
    pub fn are_default_options(self, options: &Value) -> bool {
        self.normalize_options(options)
            .is_ok_and(|o| o == self.default_options())
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

/// The state of a match of any game (boxed: the games' states differ widely in size).
#[derive(Debug, Clone, PartialEq)]
pub enum AnyState {
    Linotte(Box<<linotte::Linotte as Game>::State>),
    YamMaster(Box<<linotte::YamMaster as Game>::State>),
    Linja(Box<<linja::Linja as Game>::State>),
    FiveThousand(Box<<five_thousand::FiveThousand as Game>::State>),
    FourTwoOne(Box<<four_two_one::FourTwoOne as Game>::State>),
    CantStop(Box<<cant_stop::CantStop as Game>::State>),
    Yams(Box<<yams::Yams as Game>::State>),
    MakeFive(Box<<make_five::MakeFive as Game>::State>),
}

/// A stored state could not be read back.
#[derive(Debug, thiserror::Error)]
#[error("stored {game} state is unreadable: {source}")]
pub struct StateDecodeError {
    pub game: GameId,
    #[source]
    pub source: serde_json::Error,
}

fn events_to_json<E: Serialize>(events: &[E]) -> Vec<Value> {
    events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
        .collect()
}

impl AnyState {
    /// A new match of `game` for `seats` players with options given as JSON.
    pub fn setup(game: GameId, seats: usize, options: &Value) -> Result<AnyState, SetupError> {
        with_game!(game, G => {
            let options = parse_options::<G>(options)?;
            G::setup(seats, &options).map(G::into_any)
        })
    }

    /// Reads a state stored by [`AnyState::to_json`].
    pub fn from_json(game: GameId, json: &Value) -> Result<AnyState, StateDecodeError> {
        with_game!(game, G => {
            let state: <G as Game>::State = serde_json::from_value(json.clone())
                .map_err(|source| StateDecodeError { game, source })?;
            Ok(G::into_any(state))
        })
    }

    /// The state as JSON, for storage.
    pub fn to_json(&self) -> Value {
        with_state!(self, _G, s => serde_json::to_value(s).unwrap_or(Value::Null))
    }

    /// Which game this is.
    pub fn game(&self) -> GameId {
        with_state!(self, G, _s => G::ID)
    }

    /// Who must act now.
    pub fn turn(&self) -> Turn {
        with_state!(self, G, s => G::turn(s))
    }

    /// The legal actions of `seat` now, as JSON objects ready to post back.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        with_state!(self, G, s => {
            let mut actions = Vec::new();
            G::legal_actions(s, seat, &mut actions);
            events_to_json(&actions)
        })
    }

    /// Applies an action given as JSON; returns the events as JSON.
    pub fn apply(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, ActionError> {
        with_state!(self, G, s => {
            let action: <G as Game>::Action = serde_json::from_value(action.clone())
                .map_err(|e| ActionError::Malformed(e.to_string()))?;
            let mut events = Vec::new();
            G::apply(s, seat, &action, &mut events)?;
            Ok(events_to_json(&events))
        })
    }

    /// Applies the values of the pending chance step; returns the events as JSON.
    pub fn apply_chance(&mut self, values: &[u8]) -> Result<Vec<Value>, ActionError> {
        with_state!(self, G, s => {
            let mut events = Vec::new();
            G::apply_chance(s, values, &mut events)?;
            Ok(events_to_json(&events))
        })
    }

    /// `seat` resigns or runs out of time; returns the events as JSON.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Value>, ActionError> {
        with_state!(self, G, s => {
            let mut events = Vec::new();
            G::resign(s, seat, &mut events)?;
            Ok(events_to_json(&events))
        })
    }

    /// The final ranking, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        with_state!(self, G, s => G::outcome(s))
    }

    /// The view of `viewer` (a seat, or `None` for a spectator) as JSON.
    pub fn view(&self, viewer: Option<Seat>) -> Value {
        with_state!(self, G, s => serde_json::to_value(G::view(s, viewer)).unwrap_or(Value::Null))
    }

    /// Checks the game's invariants.
    pub fn check_invariants(&self) -> Result<(), String> {
        with_state!(self, G, s => G::check_invariants(s))
    }
}

/// Puts a game's typed state into its [`AnyState`] variant.
trait IntoAny: Game {
    fn into_any(state: Self::State) -> AnyState;
}

macro_rules! into_any {
    ($($variant:ident => $game:ty),* $(,)?) => {
        $(impl IntoAny for $game {
            fn into_any(state: Self::State) -> AnyState {
                AnyState::$variant(Box::new(state))
            }
        })*
    };
}

into_any! {
    Linotte => linotte::Linotte,
    YamMaster => linotte::YamMaster,
    Linja => linja::Linja,
    FiveThousand => five_thousand::FiveThousand,
    FourTwoOne => four_two_one::FourTwoOne,
    CantStop => cant_stop::CantStop,
    Yams => yams::Yams,
    MakeFive => make_five::MakeFive,
}

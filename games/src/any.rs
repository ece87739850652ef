//! Run-time dispatch over every game, by the id stored in the database.
//!
//! The server knows a match by its game id. [`AnyState`] holds the typed state of any game, and
//! [`AnyAction`], [`AnyEvent`] and [`AnyView`] its typed actions, events and views, so that the
//! service and the pages carry typed values without naming a game type. Their JSON is exactly
//! the games' own: it is written at the edges (the API, the database) and read back with the
//! game named ([`AnyAction::from_json`]).

use serde::Serialize;
use serde_json::Value;

use crate::contract::{ActionError, Game, Outcome, Seat, SetupError, Turn};
use crate::id::GameId;
use crate::options::OptionSpec;
use crate::read_options::{default_options_json, parse_options};
use crate::{cant_stop, five_thousand, four_two_one, linja, linotte, make_five, yams};

/// Every game, once: the name of its variant in the enums over all games, and its type. Calls
/// `$then!` with what it is given, then the list (`$then! { (args) Linotte => linotte::Linotte,
/// ... }`): the dispatch macros below are all made from this one list.
macro_rules! all_games {
    ($then:ident!($($args:tt)*)) => {
        $then! {
            ($($args)*)
            Linotte => linotte::Linotte,
            YamMaster => linotte::YamMaster,
            Linja => linja::Linja,
            FiveThousand => five_thousand::FiveThousand,
            FourTwoOne => four_two_one::FourTwoOne,
            CantStop => cant_stop::CantStop,
            Yams => yams::Yams,
            MakeFive => make_five::MakeFive,
        }
    };
}

/// Applies `$body` with `$game` bound to the type of the game `$id` names.
macro_rules! with_game {
    ($($args:tt)*) => {
        all_games!(with_game_in!($($args)*))
    };
}

/// [`with_game!`] over the list of [`all_games!`].
macro_rules! with_game_in {
    (($id:expr, $game:ident => $body:expr) $($variant:ident => $type:ty,)*) => {
        match $id {
            $(GameId::$variant => {
                type $game = $type;
                $body
            })*
        }
    };
}

/// Applies `$body` with `$state` bound to the typed state inside an [`AnyState`] and `$game` to
/// its game type.
macro_rules! with_state {
    ($($args:tt)*) => {
        all_games!(with_state_in!($($args)*))
    };
}

/// [`with_state!`] over the list of [`all_games!`].
macro_rules! with_state_in {
    (($any:expr, $game:ident, $state:ident => $body:expr) $($variant:ident => $type:ty,)*) => {
        match $any {
            $(AnyState::$variant($state) => {
                type $game = $type;
                $body
            })*
        }
    };
}

/// What the rules of each game say of it, by its id.
impl GameId {
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

    /// Whether every chance step of the game is a throw of six-sided dice: the games whose
    /// faces count in the dice statistics. Make Five draws tokens from a bag; Linja has no
    /// chance.
    pub const fn throws_dice(self) -> bool {
        !matches!(self, GameId::Linja | GameId::MakeFive)
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

/// Lists every game once, with the name of its variant in the enums over all games, and makes
/// those enums (state, action, event, view), their JSON, and the [`Variant`] impls that move a
/// game's typed values in and out of them.
macro_rules! any_games {
    (() $($variant:ident => $game:ty,)*) => {
        /// The state of a match of any game (boxed: the games' states differ widely in size).
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyState {
            $($variant(Box<<$game as Game>::State>),)*
        }

        /// A decision of a seat in any game. Its JSON is the game's own action's, tagged with
        /// `"type"`; reading one back needs the game ([`AnyAction::from_json`]).
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyAction {
            $($variant(<$game as Game>::Action),)*
        }

        /// Something that happened in a match of any game; JSON as [`AnyAction`]'s.
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyEvent {
            $($variant(<$game as Game>::Event),)*
        }

        /// What a seat or a spectator sees of a match of any game; JSON as [`AnyAction`]'s.
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyView {
            $($variant(Box<<$game as Game>::View>),)*
        }

        $(impl Variant for $game {
            fn any_state(state: Self::State) -> AnyState {
                AnyState::$variant(Box::new(state))
            }

            fn any_action(action: Self::Action) -> AnyAction {
                AnyAction::$variant(action)
            }

            fn any_event(event: Self::Event) -> AnyEvent {
                AnyEvent::$variant(event)
            }

            fn any_view(view: Self::View) -> AnyView {
                AnyView::$variant(Box::new(view))
            }

            fn action_of(action: &AnyAction) -> Option<&Self::Action> {
                match action {
                    AnyAction::$variant(action) => Some(action),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            fn event_of(event: &AnyEvent) -> Option<&Self::Event> {
                match event {
                    AnyEvent::$variant(event) => Some(event),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            fn view_of(view: &AnyView) -> Option<&Self::View> {
                match view {
                    AnyView::$variant(view) => Some(view),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        })*

        any_json!(AnyAction, Action, any_action, $($variant => $game),*);
        any_json!(AnyEvent, Event, any_event, $($variant => $game),*);
        any_json!(AnyView, View, any_view, $($variant => $game),*);
    };
}

/// The JSON of one of the enums over all games: written as the game's own value, read back for
/// a game named by the caller.
macro_rules! any_json {
    ($any:ident, $assoc:ident, $wrap:ident, $($variant:ident => $game:ty),*) => {
        impl Serialize for $any {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    $($any::$variant(value) => value.serialize(serializer),)*
                }
            }
        }

        impl $any {
            /// Which game this belongs to.
            pub fn game(&self) -> GameId {
                match self {
                    $($any::$variant(_) => <$game as Game>::ID,)*
                }
            }

            /// Reads a value of `game` from its JSON.
            pub fn from_json(game: GameId, json: Value) -> Result<$any, serde_json::Error> {
                with_game!(game, G => {
                    let value: <G as Game>::$assoc = serde_json::from_value(json)?;
                    Ok(<G as Variant>::$wrap(value))
                })
            }

            /// Reads a value of `game` from its JSON text, straight into the game's type.
            pub fn from_json_text(game: GameId, json: &[u8]) -> Result<$any, serde_json::Error> {
                with_game!(game, G => {
                    let value: <G as Game>::$assoc = serde_json::from_slice(json)?;
                    Ok(<G as Variant>::$wrap(value))
                })
            }

            /// Reads a JSON list of values of `game` from its text.
            pub fn list_from_json_text(
                game: GameId,
                json: &[u8],
            ) -> Result<Vec<$any>, serde_json::Error> {
                with_game!(game, G => {
                    let values: Vec<<G as Game>::$assoc> = serde_json::from_slice(json)?;
                    Ok(values.into_iter().map(<G as Variant>::$wrap).collect())
                })
            }
        }
    };
}

all_games!(any_games!());

/// A game's place in the enums over every game: how its typed values go in, and come out.
pub trait Variant: Game {
    fn any_state(state: Self::State) -> AnyState;
    fn any_action(action: Self::Action) -> AnyAction;
    fn any_event(event: Self::Event) -> AnyEvent;
    fn any_view(view: Self::View) -> AnyView;
    /// The action, if it is one of this game's.
    fn action_of(action: &AnyAction) -> Option<&Self::Action>;
    /// The event, if it is one of this game's.
    fn event_of(event: &AnyEvent) -> Option<&Self::Event>;
    /// The view, if it is one of this game's.
    fn view_of(view: &AnyView) -> Option<&Self::View>;
}

/// A stored state could not be read back.
#[derive(Debug, thiserror::Error)]
#[error("stored {game} state is unreadable: {source}")]
pub struct StateDecodeError {
    pub game: GameId,
    #[source]
    pub source: serde_json::Error,
}

/// The events a call produced, moved into [`AnyEvent`].
fn any_events<G: Variant>(events: Vec<G::Event>) -> Vec<AnyEvent> {
    events.into_iter().map(G::any_event).collect()
}

impl AnyState {
    /// A new match of `game` for `seats` players with options given as JSON.
    pub fn setup(game: GameId, seats: usize, options: &Value) -> Result<AnyState, SetupError> {
        with_game!(game, G => {
            let options = parse_options::<G>(options)?;
            G::setup(seats, &options).map(G::any_state)
        })
    }

    /// Reads a state stored by [`AnyState::to_json`].
    pub fn from_json(game: GameId, json: &Value) -> Result<AnyState, StateDecodeError> {
        with_game!(game, G => {
            let state: <G as Game>::State = serde_json::from_value(json.clone())
                .map_err(|source| StateDecodeError { game, source })?;
            Ok(G::any_state(state))
        })
    }

    /// Reads a state stored as JSON text (the text [`AnyState::to_json_text`] writes), straight
    /// into the game's type: no [`Value`] is built on the way.
    pub fn from_json_text(game: GameId, json: &[u8]) -> Result<AnyState, StateDecodeError> {
        with_game!(game, G => {
            let state: <G as Game>::State = serde_json::from_slice(json)
                .map_err(|source| StateDecodeError { game, source })?;
            Ok(G::any_state(state))
        })
    }

    /// The state as JSON, for storage.
    pub fn to_json(&self) -> Value {
        with_state!(self, _G, s => serde_json::to_value(s).unwrap_or(Value::Null))
    }

    /// The state as JSON text, for storage: the same JSON as [`AnyState::to_json`], written
    /// without building a [`Value`].
    pub fn to_json_text(&self) -> Result<String, serde_json::Error> {
        with_state!(self, _G, s => serde_json::to_string(s))
    }

    /// Which game this is.
    pub fn game(&self) -> GameId {
        with_state!(self, G, _s => G::ID)
    }

    /// Who must act now.
    pub fn turn(&self) -> Turn {
        with_state!(self, G, s => G::turn(s))
    }

    /// The legal actions of `seat` now.
    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        with_state!(self, G, s => {
            let mut actions = Vec::new();
            G::legal_actions(s, seat, &mut actions);
            actions.into_iter().map(G::any_action).collect()
        })
    }

    /// Reads an action of this match's game from JSON (a client's move).
    pub fn read_action(&self, json: Value) -> Result<AnyAction, ActionError> {
        AnyAction::from_json(self.game(), json).map_err(|e| ActionError::Malformed(e.to_string()))
    }

    /// Applies an action of `seat`; returns the events it produced.
    pub fn apply(&mut self, seat: Seat, action: &AnyAction) -> Result<Vec<AnyEvent>, ActionError> {
        with_state!(self, G, s => {
            let action = G::action_of(action).ok_or_else(|| {
                ActionError::Malformed(format!("an action of {}, not {}", action.game(), G::ID))
            })?;
            let mut events = Vec::new();
            G::apply(s, seat, action, &mut events)?;
            Ok(any_events::<G>(events))
        })
    }

    /// Reads an action of `seat` from JSON and applies it (a client's move, as posted).
    pub fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<AnyEvent>, ActionError> {
        let action = self.read_action(action.clone())?;
        self.apply(seat, &action)
    }

    /// Applies the values of the pending chance step; returns the events.
    pub fn apply_chance(&mut self, values: &[u8]) -> Result<Vec<AnyEvent>, ActionError> {
        with_state!(self, G, s => {
            let mut events = Vec::new();
            G::apply_chance(s, values, &mut events)?;
            Ok(any_events::<G>(events))
        })
    }

    /// `seat` resigns or runs out of time; returns the events.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<AnyEvent>, ActionError> {
        with_state!(self, G, s => {
            let mut events = Vec::new();
            G::resign(s, seat, &mut events)?;
            Ok(any_events::<G>(events))
        })
    }

    /// Whether `seat` has left the game (resigned or ran out of time).
    pub fn has_left(&self, seat: Seat) -> bool {
        with_state!(self, G, s => G::has_left(s, seat))
    }

    /// The final ranking, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        with_state!(self, G, s => G::outcome(s))
    }

    /// The view of `viewer` (a seat, or `None` for a spectator).
    pub fn view(&self, viewer: Option<Seat>) -> AnyView {
        with_state!(self, G, s => G::any_view(G::view(s, viewer)))
    }

    /// Checks the game's invariants.
    pub fn check_invariants(&self) -> Result<(), String> {
        with_state!(self, G, s => G::check_invariants(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text a state is stored as is the JSON of `to_json`, and reads back to the same state.
    #[test]
    fn a_state_stored_as_text_reads_back_the_same() {
        for game in GameId::ALL {
            let seats = game.min_seats().max(2).min(game.max_seats());
            let state = AnyState::setup(game, seats, &game.default_options())
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let text = state
                .to_json_text()
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let parsed: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(parsed, state.to_json(), "{game}");
            let back = AnyState::from_json_text(game, text.as_bytes())
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            assert_eq!(back, state, "{game}");
            assert!(AnyState::from_json_text(game, b"{\"not\": \"a state\"}").is_err());
        }
    }

    /// Actions and lists of events read from their text are those read from their JSON.
    #[test]
    fn actions_and_events_read_from_text_as_from_json() {
        let game = GameId::Yams;
        let action = serde_json::json!({"type": "score", "box": "full"});
        let text = action.to_string();
        let typed =
            AnyAction::from_json_text(game, text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
        let from_value = AnyAction::from_json(game, action).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(typed, from_value);
        let state =
            AnyState::setup(game, 1, &game.default_options()).unwrap_or_else(|e| panic!("{e}"));
        let mut state = state;
        let events = match state.turn() {
            crate::Turn::Chance { .. } => state.apply_chance(&[1, 2, 3, 4, 5]),
            other => panic!("a new Yams match starts with a throw, not {other:?}"),
        }
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(!events.is_empty());
        let text = serde_json::to_string(&events).unwrap_or_else(|e| panic!("{e}"));
        let back =
            AnyEvent::list_from_json_text(game, text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, events);
        assert!(AnyEvent::list_from_json_text(game, b"{}").is_err());
    }
}

//! The rules of Tapis's games.
//!
//! Pure and deterministic: no IO, no async, no database, no randomness. Dice throws and bag
//! draws are *chance steps* whose values the caller supplies (see [`Turn::Chance`]), so a match
//! replays identically from its actions and chance values.
//!
//! Every game implements the [`Game`] trait; [`AnyState`] dispatches by [`GameId`] at run time
//! and speaks JSON, for the server.

pub mod any;
pub mod contract;
#[cfg(feature = "openapi")]
pub mod openapi;
pub mod options;
pub mod playout;
pub mod ranking;

pub mod cant_stop;
pub mod five_thousand;
pub mod four_two_one;
pub mod linja;
pub mod linotte;
pub mod make_five;
pub mod yams;

pub use any::{AnyState, GameId, StateDecodeError, UnknownGame};
pub use contract::{
    ActionError, Chance, Game, MAX_DRAW_KINDS, Outcome, Placing, Seat, SetupError, Turn,
};
pub use options::{OptionKind, OptionSpec, OptionsError};

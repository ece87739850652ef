//! The rules of Tapis's games.
//!
//! Pure and deterministic: no IO, no async, no database, no randomness. Dice throws and bag
//! draws are *chance steps* whose values the caller supplies (see [`Turn::Chance`]), so a match
//! replays identically from its actions and chance values.
//!
//! Every game implements the [`Game`] trait; [`AnyState`] dispatches by [`GameId`] at run time,
//! and [`AnyAction`], [`AnyEvent`] and [`AnyView`] carry any game's typed values, for the
//! server.

pub mod any;
pub mod contract;
mod faces;
mod fixed_list;
pub mod id;
#[cfg(feature = "openapi")]
pub mod openapi;
pub mod options;
pub mod playout;
pub mod ranking;
pub mod read_options;
mod rules;
#[cfg(feature = "openapi")]
mod schema;

pub mod cant_stop;
pub mod five_thousand;
pub mod four_two_one;
pub mod linja;
pub mod linotte;
pub mod make_five;
pub mod yams;

pub use any::{AnyAction, AnyEvent, AnyState, AnyView, StateDecodeError, Variant};
pub use contract::{
    ActionError, Chance, Game, MAX_DRAW_KINDS, Outcome, Placing, Seat, SetupError, Turn,
};
pub use id::{GameId, UnknownGame};
pub use options::{GameOptions, OptionKind, OptionSpec, OptionsError};

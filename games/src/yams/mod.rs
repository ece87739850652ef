//! Yams, the French Yahtzee (rules file `docs/rules/yams.md`).
//!
//! Every player fills a score sheet of 12 boxes (Un to Six, Brelan, Suite, Full, Carré, Yams,
//! Chance), one box per turn. On a turn the player throws the five dice, may throw any of them
//! again twice, then must write the dice into one empty box: their value if they meet the box's
//! condition, 0 otherwise. When every sheet is full the highest grand total (upper section +
//! bonus + lower section, over all of a player's grids) wins; equal totals share the rank.
//!
//! # How the game maps onto the contract
//!
//! - A turn opens with a forced throw of the five dice: a chance step
//!   `Chance::Dice { count: 5 }` with no seat action before it.
//! - After the first or second throw the player either throws again — [`Action::Reroll`],
//!   naming the faces it keeps, followed by a chance step for the other dice — or stops by
//!   writing the dice in a box, [`Action::Score`]. After the third throw only `Score` is legal.
//!   Stopping and scoring are a single decision, so there is no separate "stop" action.
//! - [`Dice`] are a sorted multiset and rerolls name the *kept faces*, so keeping one of two
//!   dice showing 5 is one decision, listed once.
//! - Seat 0 starts; seats play in order, one turn (one box filled) each per round. With `grids`
//!   = G the game lasts G × (boxes per grid) rounds and a player may write in any empty box of
//!   any of its grids; each grid has its own bonus.
//! - A seat that resigns ranks below every seat still playing; its turns are skipped and its
//!   sheet stays as it was. The game ends when one seat is left (or none, in a solo game).
//!
//! The options ([`Options`]) cover the variants of the rules file: the bonus rule (Y1), the
//! Brelan value (Y2), a Yams counted as a Full (Y3), split suites (Y4), and the optional
//! Double paire and Maxi/Mini boxes.
//!
//! # Where the rules are
//!
//! [`Dice`] (`dice.rs`) and the grid's boxes and totals (`grid.rs`) are the pieces; the
//! options are in `options.rs`; `state.rs` holds what a match is made of ([`State`],
//! [`Action`], [`Event`]); `play.rs` the rules that move it on; `invariants.rs` what every
//! state satisfies; `view.rs` what a player sees. This module ties them to the [`Game`]
//! contract.
//!
//! [`Game`]: crate::contract::Game

mod dice;
mod grid;
mod invariants;
mod options;
mod play;
mod state;
mod view;

use crate::id::GameId;
use crate::rules::impl_game;
use state::{MAX_SEATS, MIN_SEATS};

pub use dice::{DICE, Dice};
pub use grid::{BOX_COUNT, BoxId, Grid, Totals};
pub use options::{BonusRule, BrelanValue, MAX_GRIDS, Options};
pub use state::{Action, EndReason, Event, MAX_THROWS, State};
pub use view::{BoxView, GridView, PlayerView, View};

/// The game of Yams.
#[derive(Debug)]
pub struct Yams;

impl_game! {
    Yams = GameId::Yams, seats: MIN_SEATS..=MAX_SEATS,
}

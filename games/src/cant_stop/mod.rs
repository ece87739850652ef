//! Can't Stop (Sid Sackson, 1980), as specified in `docs/rules/cant-stop.md`.
//!
//! Eleven columns, labelled 2 to 12, of 3 to 13 spaces. On their turn a player throws four
//! dice, splits them into two pairs and advances up to three neutral *runners* in the columns
//! named by the sums; they then either roll again, risking a *bust* that loses the whole turn,
//! or stop and replace the runners by pieces of their colour. A piece stopped on the top space
//! wins the column for good; the first player to win three columns wins the game.
//!
//! How the game maps onto the [`Game`] contract:
//!
//! - **Who starts** (rule 1): every seat throws two dice, one chance step each
//!   ([`Chance::Dice`] of 2) in seat order; the highest total starts and play goes on in seat
//!   order from there. Seats tied for the highest total throw again, alone.
//! - **A turn**: the first throw of four dice is a chance step of its own (there is nothing to
//!   decide before it). If no pair of dice names a usable column, the bust happens at once
//!   (rule 7) and the next seat's turn starts. Otherwise the seat picks one
//!   [`Action::Advance`]: the *effect* of a pairing (the columns whose runners move, e.g. `[6, 8]`,
//!   `[7, 7]` for a double, `[5]`), listed once however many pairings give it (ambiguity C9).
//!   Then it picks [`Action::Roll`] (followed by a chance step) or [`Action::Stop`].
//! - **Ranking**: the winner first, then by columns won, then by total permanent progress
//!   (rules README §5); a seat that resigns ranks below every seat still playing.
//!
//! Readings beyond the rules file (each has a test):
//!
//! - Listing choices by effect is exactly C9's "distinct pair of sums, plus which sum": two
//!   pairings of one throw that share a sum share both (checked over all 1296 throws).
//! - Rule 6's exception covers the piece supply too: when each sum can be used alone but not
//!   both (one runner, or with `pieces_per_player` one piece, left), the player picks one.
//! - `pieces_per_player` counts the pieces on the board, won columns included; pieces removed
//!   from a column an opponent wins return to the supply. It must be at least `columns_to_win`.
//! - If every column is won before anybody wins enough of them (only possible with
//!   `columns_to_win` of 4 or 5 and three or four players), the game ends: ranked by columns
//!   won, then progress; the seat ranked first alone, if any, is named the winner.
//! - A seat that resigns leaves its pieces where they are (its won columns stay closed).
//!
//! The hot path (`turn`, `legal_actions`, `apply`, `apply_chance`) works on fixed arrays
//! indexed by column and allocates nothing, except the seat lists of the rare `start_tied` and
//! `column_won` events.
//!
//! # Where the rules are
//!
//! `board.rs` holds the columns and how a throw moves the runners; `options.rs` the options;
//! `state.rs` what a match is made of ([`State`], [`Action`], [`Event`]); `play.rs` the rules
//! that move it on; `invariants.rs` what every state satisfies; `view.rs` what a player sees.
//! This module ties them to the [`Game`] contract.
//!
//! [`Chance::Dice`]: crate::contract::Chance::Dice
//! [`Game`]: crate::contract::Game

mod board;
mod invariants;
mod options;
mod play;
mod state;
mod view;

use crate::id::GameId;
use crate::rules::impl_game;
use state::{MAX_PLAYERS, MIN_PLAYERS};

pub use board::{
    Board, COLUMNS, Choices, Climb, Columns, HEIGHTS, RUNNERS, RunnerAt, RunnerList, index_of,
    label_of, pairings,
};
pub use options::Options;
pub use state::{Action, EndReason, Event, State};
pub use view::{ChoiceView, ColumnView, MoveView, PlayerView, Stage, StartView, View};

/// The game of Can't Stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CantStop;

impl_game! {
    CantStop = GameId::CantStop, seats: MIN_PLAYERS..=MAX_PLAYERS,
}

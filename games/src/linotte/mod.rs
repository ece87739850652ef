//! La Linotte (Saga) and Yam Master (Ferti): Yams combinations that put pawns on a 5×5 grid.
//!
//! Both games share one core, parametrised by their options type (see [`Variant`]): two
//! players, five dice, twelve pawns each, and the same printed grid (see [`LAYOUT`]). A turn is
//! up to three throws; the final dice make combinations (brelans, Full, Carré, Yam,
//! Quinte/Suite, Small/≤8, Sec), and the player may put one pawn on a free cell bearing one of
//! them. At the end, each maximal run of 3, 4 or 5 own pawns on one of the 20 lines scores 1, 2
//! or 3 points. La Linotte has the *Appel* (announce a named major combination after throw 1)
//! and ends at a five-in-a-row or at a twelfth pawn; Yam Master has the unnamed *Défi*, the
//! *Yam Predator* (remove an opponent pawn with a Yam) and wins outright with five in a row.
//! The authoritative rules are `docs/rules/linotte-yam-master.md`; rule and ambiguity numbers in
//! comments refer to it.
//!
//! # Mapping onto the contract
//!
//! - Seat 0 starts: the rules draw the first player at random, which the server does when it
//!   seats the players.
//! - The first throw of a turn is forced, so it is a chance step of five dice. Afterwards the
//!   player to act chooses among: [`Action::Reroll`] (the faces to throw again, ascending, at
//!   most twice a turn), followed by a chance step for those dice; [`Action::Appel`] (La
//!   Linotte) or [`Action::Defi`] (Yam Master) after throw 1; and the three ways of stopping:
//!   [`Action::Place`] a pawn, [`Action::Remove`] an opponent pawn (Yam Predator) or
//!   [`Action::Pass`]. Stopping and placing is one action, so each placement is one choice.
//! - The dice are kept sorted, so re-throwing one of two equal dice is one decision, spelled by
//!   its face.
//! - Every finished game ranks by alignment points (a tie is a draw), except that the winner
//!   of a Yam Master five-in-a-row and the player left after a resignation rank first. The
//!   score of each seat is its points on the final grid; a Yam Master five in a row counts 3
//!   there, as in La Linotte, though it has already won the game.
//! - The [`State`] is plain data (fixed arrays and bit masks, the grid serialized as five
//!   readable rows); reading one from JSON checks every invariant, so the rules never have to
//!   trust a stored state.
//!
//! # Where the rules are
//!
//! The dice and their combinations (`dice.rs`) and the grid (`board.rs`) are the pieces; each
//! game's options and the rules they select are in `variant.rs`; `state.rs` holds what a match
//! is made of ([`State`], [`Action`], [`Event`]); `play.rs` the rules that move it on;
//! `invariants.rs` what every state satisfies, checked when one is read; `view.rs` what a
//! player sees. This module ties them to the [`Game`] contract, once per game.
//!
//! [`Game`]: crate::contract::Game

mod board;
mod dice;
mod invariants;
mod play;
mod state;
mod variant;
mod view;

pub use board::{Board, CELLS, Cell, LAYOUT, LINES, Line, SIZE, Scoring};
pub use dice::{Combination, CombinationSet, DICE, Faces, Major, combinations};
pub use state::{Action, Challenge, EndReason, Event, MAX_THROWS, PAWNS, Phase, State};
pub use variant::{Options, Rules, Variant, YamMasterOptions};
pub use view::{CellView, PlacementView, PlayerView, RemovalView, View};

use crate::contract::Seat;
use crate::id::GameId;
use crate::rules::impl_game;
use state::SEATS;

/// The game type of La Linotte (`linotte`).
#[derive(Debug, Clone, Copy)]
pub struct Linotte;

/// The game type of Yam Master (`yam-master`).
#[derive(Debug, Clone, Copy)]
pub struct YamMaster;

impl<O: Variant> State<O> {
    /// A match in progress from a position: `board` as given, every pawn not on it in its
    /// owner's reserve, and `to_play` about to throw. For puzzles, analysis and tests.
    pub fn from_board(options: O, board: Board, to_play: Seat) -> Result<Self, String> {
        let mut state = State::new(SEATS, &options);
        for seat in 0..SEATS {
            state.reserve[seat] = PAWNS
                .checked_sub(board.count(seat))
                .ok_or_else(|| format!("seat {seat} has more than {PAWNS} pawns on the grid"))?;
        }
        state.board = board;
        state.to_play = to_play;
        state.check()?;
        Ok(state)
    }
}

impl_game! {
    Linotte = GameId::Linotte, seats: SEATS..=SEATS,
    types: Options, State<Options>, Action, Event, View<Options>,
}

impl_game! {
    YamMaster = GameId::YamMaster, seats: SEATS..=SEATS,
    types: YamMasterOptions, State<YamMasterOptions>, Action, Event, View<YamMasterOptions>,
}

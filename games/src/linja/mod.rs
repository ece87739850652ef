//! Linja (Steffen Mühlhäuser, Steffen-Spiele, 2003), for two players, without dice.
//!
//! Seven bamboo sticks make six inner rows between two start lines. Each player has twelve
//! pieces and races them towards the opponent's start line, their goal line. The board is
//! eight rows indexed from A's side: row 0 is A's start line (B's goal), rows 1 to 6 are the
//! inner rows, row 7 is B's start line (A's goal). Seat 0 is A and moves towards row 7, seat 1
//! is B and moves towards row 0; seat 0 plays first (the server draws who sits where).
//!
//! # A turn
//!
//! A turn is up to three actions, each its own [`Action`], listed and applied separately:
//!
//! 1. the **initial move** ([`Action::InitialMove`]): one own piece one row forward, onto the
//!    goal line or an inner row holding fewer than six pieces. The pieces of both colours found
//!    on the destination row (the arriving piece not counted) give the distance `N` of the
//!    following move;
//! 2. the **following move** ([`Action::FollowingMove`]): one own piece exactly `N` rows
//!    forward, jumping over any row; a piece that would pass its goal line stops on it and
//!    the rest of the distance is lost. An initial move onto an empty row or onto the goal
//!    line gives no following move. When no piece can make it, it is forfeited
//!    ([`Action::ForfeitFollowing`]); with `follow_up_optional` it may also be declined.
//! 3. the **bonus** ([`Action::BonusMove`], original edition): a following move that reaches the
//!    goal line with exactly `N` rows earns one optional move of an own piece one row forward
//!    or backward (of an opponent's piece too with `nasty_bonus`).
//!
//! A player without any initial move passes ([`Action::Pass`]). The 2010 edition
//! (`edition = "steffen2010"`) gives a 1-row following move after an initial move onto the
//! goal line, and an extra turn (once) after a following move that lands on an empty row,
//! instead of the bonus.
//!
//! # End and scoring
//!
//! After every complete turn the game ends when the armies have passed each other: every
//! piece of A stands beyond every piece of B. Pieces then score by row, counted from their
//! owner's side: 1, 2, 3 on the inner rows of the opponent's half and 5 on the goal line; the
//! original edition deducts the mirror values (1, 2, 3, 5) for pieces left in the owner's own half.
//! Higher score wins; equal scores draw. A position where neither player can make an initial
//! move would only be passed back and forth for ever, so the game ends there too (`blocked`).
//!
//! # The contract
//!
//! There is no chance step: [`Game::turn`] always names the seat to move, and
//! [`Game::apply_chance`] refuses everything. The state is sixteen bytes of counts
//! (see [`Board`]), the turn's stage ([`Phase`]) and the (usually empty) list of
//! resignations, so `turn`, `legal_actions` and `apply` never allocate beyond the caller's
//! buffers. The rules are `docs/rules/linja.md`; its rule numbers are quoted in
//! comments and in the names of the tests.
//!
//! # Where the rules are
//!
//! `board.rs` holds the rows, the moves' geometry and scoring; `options.rs` the options;
//! `state.rs` what a match is made of ([`State`], [`Action`], [`Event`]); `play.rs` the rules
//! that move it on; `invariants.rs` what every state satisfies; `view.rs` what a player
//! sees. This module ties them to the [`Game`] contract.

mod board;
mod invariants;
mod options;
mod play;
mod state;
mod view;

use crate::contract::Game;
use crate::id::GameId;
use crate::ranking::Resignations;
use crate::rules::impl_game;

pub use board::{
    Board, Landing, PIECES, ROW_CAPACITY, ROWS, goal_line, is_inner, neighbour, piece_value,
    rows_to_goal, start_line,
};
pub use options::{Edition, Options};
pub use state::{Action, EndReason, Event, NoFollowingCause, Phase, Position, Stage, State};
pub use view::{Choice, Next, View};

/// The game of Linja.
#[derive(Debug)]
pub struct Linja;

impl State {
    /// A match starting from `position` instead of the start position. Refused when the
    /// options or the position break a rule (piece counts, full rows, a stage the edition does
    /// not have, a game that should already be over).
    pub fn from_position(options: Options, position: Position) -> Result<State, String> {
        Linja::validate_options(&options).map_err(|e| e.to_string())?;
        if matches!(position.phase, Phase::Over { .. }) {
            return Err("a position to play from cannot be over".into());
        }
        let state = State {
            options,
            board: position.board,
            to_move: position.to_move,
            phase: position.phase,
            extra_turn: position.extra_turn,
            resignations: Resignations::default(),
        };
        Linja::check_invariants(&state)?;
        Ok(state)
    }
}

impl_game! {
    Linja = GameId::Linja, seats: 2..=2,
    has_chance: false,
}

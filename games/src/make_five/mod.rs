//! Make Five (Cinq sur Cinq), by Jacques Zeimet (Zoch, 1997): order against disorder.
//!
//! Rules: `docs/rules/make-five.md` (rule numbers and the M1–M9 resolutions below refer to it).
//!
//! # The game
//!
//! Two players share an inclined board of five columns holding five tokens each, filled from the
//! bottom ([`Board`]). 25 tokens, five of each of five [`Colour`]s, start in a bag. In each deal
//! one player is the **Aligneur** (A), who tries to line up colours in the rows, and the other
//! the **Destructeur** (D), who draws the tokens and puts them where they do the most harm.
//!
//! A deal: five tokens are drawn and one goes to the bottom of each column (rule 2); then A and D
//! alternate, A first. A may take any token (those above it slide down) and put it on top of any
//! column with room, its own included, or pass (rule 3). D draws a token and puts it on top of a
//! column that is not full. When the 25th token is in, A has one more move, then scores each row
//! holding 3, 4 or 5 tokens of one colour that many points (rules 4–6). A match is six deals with
//! the roles swapped after each; five single-coloured rows (MAKE 5, 25 points) win the match at
//! once, else the higher total wins and equal totals draw (rules 7–8).
//!
//! # How it maps onto the contract
//!
//! - **Seats**: two. Seat 0 is the Aligneur of deals 1, 3 and 5, seat 1 of deals 2, 4 and 6.
//!   The rules leave the first Aligneur open ("choose at random", M8): the server's random seat
//!   assignment is that choice.
//! - **Chance**: every draw from the bag is a [`Chance::Draw`] step whose `counts` are the bag's
//!   contents by [`Colour::index`] (kinds 5 to 7 stay empty); the value supplied is the colour
//!   drawn. Draws are the Destructeur's, the five of the set-up included.
//! - **A deal, step by step** ([`Phase`]): five set-up draws, each placed at once in the next
//!   column (`setup = one_per_column`) or followed by D's [`Action::Place`]
//!   (`setup = destroyer_chooses`); then 20 times: A's [`Action::Move`] or [`Action::Pass`], a
//!   draw, D's [`Action::Place`]; then A's final move or pass, after which the deal is scored
//!   with no further action.
//! - **Forced placements are automatic**: when a single column has room, the drawn token goes
//!   there as part of the draw (the event says so), since there is nothing to decide.
//! - **Canonical moves**: each distinct board A can make is listed once (see [`Action::Move`]),
//!   and the move that changes nothing is the pass (M9).
//! - **End and ranking**: by total points; a MAKE 5 ranks its maker first whatever the totals; a
//!   player who resigns (or times out) loses at once. [`Outcome`] scores are match totals.
//!
//! # Where the rules are
//!
//! `board.rs` holds the board, the colours and row scoring; `options.rs` the options;
//! `state.rs` what a match is made of ([`State`], [`Action`], [`Event`]); `play.rs` the rules
//! that move it on; `invariants.rs` what every state satisfies; `view.rs` what a player
//! sees. This module ties them to the [`Game`] contract.
//!
//! [`Chance::Draw`]: crate::contract::Chance::Draw
//! [`Outcome`]: crate::contract::Outcome
//! [`Game`]: crate::contract::Game

mod board;
mod invariants;
mod options;
mod play;
mod state;
mod view;

pub use board::{
    Board, COLOURS, COLUMNS, Colour, HEIGHT, MIN_SCORING, PER_COLOUR, TOKENS, row_points,
    scoring_places,
};
pub use options::{Options, Setup};
pub use state::{Action, DEALS, EndReason, Event, Phase, SEATS, SETUP_TOKENS, State, aligneur_of};
pub use view::{Choice, MakeFiveView};

use crate::id::GameId;
use crate::rules::impl_game;

/// The game type.
#[derive(Debug, Clone, Copy)]
pub struct MakeFive;

impl_game! {
    MakeFive = GameId::MakeFive, seats: SEATS..=SEATS,
    types: Options, State, Action, Event, MakeFiveView,
}

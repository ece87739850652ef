//! 5000, the French dice game of the Farkle family (rules: `docs/rules/5000.md`).
//!
//! Two to eight players take turns with five dice. A turn throws the dice up to three times;
//! after each throw the player sets aside at least one scoring group (1s, 5s, brelans,
//! straights, five 5s), then either banks the turn total or re-throws the dice left in hand. A
//! throw without any scoring group (a *zero throw*, a *ballot* with five dice) loses the turn
//! total. A player must make 750 in one turn to *open* before banking anything. When every die
//! has been set aside (*hot dice*, "main pleine") all five may be thrown again. The first to
//! bank 5000 wins; five 1s in one throw win at once.
//!
//! # How the game maps onto the contract
//!
//! A turn is a short loop of chance steps and seat actions:
//!
//! 1. **Throw** (chance): [`Turn::Chance`] asks for as many dice as the player holds (five at
//!    the start of a turn). Throwing the first five dice is no decision, so it is a chance step
//!    directly. Five 1s end the game; a zero throw ends the turn.
//! 2. **Keep** (seat action): [`Action::Keep`] names the *faces* kept out of the last throw
//!    (`{"type":"keep","dice":[1,1,5]}`), so keeping either of two equal dice is one decision.
//!    The kept dice are worth their best split into groups ([`Table::keep_value`]).
//! 3. **Bank or re-throw** (seat action): [`Action::Bank`] or [`Action::Rethrow`], offered only
//!    when both are possible. When only one is (a player who has not opened must throw again;
//!    after the third throw the player must bank; `hot_dice_mandatory` forces the re-throw of
//!    five dice) it happens at once, without an action, since there is nothing to decide.
//!
//! The state is a handful of `Copy` fields plus one small record per seat, and the dice
//! collections are fixed-size ([`Faces`], [`Roll`], [`SetAside`]), so `turn`,
//! `legal_actions`, `apply` and `apply_chance` do not allocate.
//!
//! # Where the rules are
//!
//! The dice collections (`dice.rs`) and the points table (`scoring.rs`) are the pieces; the
//! options are in `options.rs`; `state.rs` holds what a match is made of ([`State`],
//! [`Action`], [`Event`]); `play.rs` the rules that move it on; `invariants.rs` what every
//! state satisfies; `view.rs` what a player sees. This module ties them to the [`Game`]
//! contract.
//!
//! [`Turn::Chance`]: crate::contract::Turn::Chance
//! [`Game`]: crate::contract::Game

mod dice;
mod invariants;
mod options;
mod play;
mod scoring;
mod state;
mod view;

use crate::id::GameId;
use crate::rules::impl_game;
use state::{MAX_SEATS, MIN_SEATS};

pub use dice::{DICE, Faces, Roll, SetAside};
pub use options::{LAST_TURN_POINTS, Options, TargetRule};
pub use scoring::{
    FIVE_FIVES, Table, brelan, has_scoring_group, is_five_ones, is_straight, single,
};
pub use state::{Action, BankResult, EndReason, Event, Phase, State, THROW_LIMIT, TurnLostReason};
pub use view::{KeepChoice, KeptView, PlayerView, View};

/// The game 5000.
#[derive(Debug)]
pub struct FiveThousand;

impl_game! {
    FiveThousand = GameId::FiveThousand, seats: MIN_SEATS..=MAX_SEATS,
}

//! 421, the French bar dice game: three dice, a pot of 21 tokens, and two phases.
//!
//! The rules are those of `docs/rules/421.md` (original rules: regles-de-jeux.com). In short: a
//! throw of one die each chooses the first player. Each round, the leader throws the three dice up
//! to three times, re-throwing any dice they like, and the number of throws `k` they used binds
//! every other player, who must use exactly `k` throws. The best and the worst result of the round
//! (in the total order of the 56 results, see [`combination`]) decide who moves tokens, and how
//! many: the token value of the best result, or 2 when the worst result is the nénette (2-2-1). In
//! the *charge*, the holder of the worst result takes them from the pot; once the pot is empty, the
//! *décharge* begins and the best result gives its own tokens to the worst. The first player left
//! with no token wins. Ties for the role that matters are broken by extra throws of the tied
//! players, in reverse playing order. The loser of a round leads the next one.
//!
//! How this maps onto the [`Game`] contract:
//! - every throw is a chance step of [`Chance::Dice`]: the first-player throws (one die each, in
//!   seat order), the first throw of a turn (three dice), a re-throw (the dice chosen), and the
//!   tie-break throws (three dice each);
//! - a player's decisions are actions: [`Action::Reroll`] names the faces to throw again (one
//!   action per distinct multiset of faces), [`Action::Stop`] ends the leader's turn and fixes
//!   `k`, [`Action::LeBon`] (option) lets a following player keep their dice early. A turn with
//!   no decision left (the `k`-th throw, or the third) ends by itself;
//! - a seat that resigns gives its tokens back to the pot, so that the pot and the seats still
//!   hold 21 tokens between them; during the charge they are dealt again, during the décharge
//!   the pot is set aside and they are out of the game. Its turns are skipped; it ranks last.
//!
//! The outcome ranks the winner (or winners, when several players hold no token at the end of
//! the charge) first, then the others by tokens held, fewer first; its `score` is tokens held.
//!
//! Readings beyond the rules file, each pinned by a test:
//! - the first-player throw is one die each, in seat order, faces ranked ace high; the seats
//!   sharing the deciding die throw again, alone, until one is ahead;
//! - "in reverse order" for tie-breaks is the reverse of the round's playing order (from the
//!   leader), kept for every repetition; a tie-break throw is one throw of the three dice and only
//!   breaks the tie: the amount, nénette rule included, comes from the round's results. The worst
//!   result is settled before the best one; when every player of a décharge round has the same
//!   result, one joint tie-break decides both roles;
//! - `tie_break_amount_one` also overrides the nénette amount;
//! - with `espagnole` the others (all at 0 tokens) share the win, as they would by Q8 anyway:
//!   the option changes how the end is announced and recorded;
//! - with `sits_out_of_decharge`, the seats sitting out rank right after the winner (they hold
//!   no token); if fewer than two seats hold tokens the décharge cannot be played and the seats
//!   with none win at once, as by default;
//! - a leader who leaves before fixing `k` hands the lead of the round to the next seat; a seat
//!   that leaves after playing no longer counts in the round; if it held or contested a role
//!   during the tie-breaks, the round is resolved again among the seats still playing; if its
//!   leaving leaves a single seat to play the décharge, the seats sitting it out win.
//!
//! # Where the rules are
//!
//! The results of three dice (`combination.rs`) and the small sets of faces and seats
//! (`sets.rs`) are the pieces; the options are in `options.rs`; `moves.rs` holds the actions
//! and events; `table.rs` the table a match is played on; `turns.rs` a seat's turn (its
//! actions, its throws, its leaving); `rounds.rs` how the rounds go and are settled;
//! `invariants.rs` what every table satisfies; `view.rs` what a player sees. This module
//! wraps the table in the [`State`] and ties it to the [`Game`] contract.
//!
//! [`Chance::Dice`]: crate::contract::Chance::Dice
//! [`Game`]: crate::contract::Game

pub mod combination;
mod invariants;
mod moves;
mod options;
mod rounds;
pub mod sets;
mod table;
mod turns;
mod view;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::contract::{Seat, check_seat_count};
use crate::id::GameId;
use crate::rules::impl_game;

pub use combination::{Category, Combination, Dice};
pub use moves::{Action, AmountBasis, EndReason, Event, Phase, Stake};
pub use options::{FirstPlayerRule, NenetteAmount, Options, ZeroAtChargeEnd};
pub use sets::{Faces, Seats};
pub use view::{CurrentTurn, PhaseView, PlayerView, TableView, TieBreakView};

use table::Table;

/// The game of 421 (2 to 8 players).
#[derive(Debug)]
pub struct FourTwoOne;

/// The whole state of a 421 match.
///
/// Reading a state from JSON checks its invariants, so that the rules can trust every seat
/// number and die it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub struct State {
    table: Table,
}

impl State {
    /// A new match for `seats` players, about to throw for the first player.
    fn new(seats: usize, options: &Options) -> State {
        State {
            table: Table::new(seats, options.clone()),
        }
    }

    /// A match at the start of a round of `phase` led by `leader`, the seats holding `tokens`
    /// and the pot the rest of the 21 tokens: a position to start from rather than the first
    /// player's throw. Refused when it breaks a rule (seat count, more than 21 tokens, no such
    /// leader).
    pub fn at_round_start(
        options: Options,
        phase: Phase,
        tokens: &[u8],
        leader: Seat,
    ) -> Result<State, String> {
        check_seat_count::<FourTwoOne>(tokens.len()).map_err(|e| e.to_string())?;
        let held: u32 = tokens.iter().map(|t| u32::from(*t)).sum();
        let pot = u8::try_from(21u32.checked_sub(held).ok_or("more than 21 tokens")?)
            .map_err(|_| "more than 21 tokens")?;
        if leader >= tokens.len() {
            return Err(format!("no seat {leader} to lead"));
        }
        let mut table = Table::new(tokens.len(), options);
        for (player, count) in table.players.iter_mut().zip(tokens) {
            player.tokens = *count;
        }
        table.pot = pot;
        table.phase = phase;
        table.leader = leader;
        table.start_round(&mut Vec::new());
        table.check()?;
        Ok(State { table })
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table = Table::deserialize(deserializer)?;
        table.check().map_err(D::Error::custom)?;
        Ok(State { table })
    }
}

impl_game! {
    FourTwoOne = GameId::FourTwoOne, seats: 2..=8,
    types: Options, State, Action, Event, TableView,
    rules_in: table,
}

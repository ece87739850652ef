//! What every bot is: a [`Bot`] chooses among the legal actions of a [`Position`], drawing
//! only from its own generator ([`BotRng`]).

use tapis_games::{Game, Seat};

use crate::level::Budget;

/// The generator every bot draws from: small, fast and the same on every platform, so that a
/// decision replays from its seed.
pub type BotRng = rand::rngs::Xoshiro256PlusPlus;

/// What a bot decides from: the position (no seed of the match in it, on purpose), the seat
/// that must act there, its legal actions (never empty) and how much it may think.
pub struct Position<'a, G: Game> {
    pub state: &'a G::State,
    pub seat: Seat,
    pub legal: &'a [G::Action],
    pub budget: Budget,
}

impl<G: Game> Clone for Position<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Position<'_, G> {}

impl<G: Game> std::fmt::Debug for Position<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("seat", &self.seat)
            .field("legal", &self.legal.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// A computer player of game `G`.
pub trait Bot<G: Game> {
    /// The index in `at.legal` (at least two actions: with one, no bot is asked) of the action
    /// to play. Deterministic for the same position and generator state: a bot draws only from
    /// `rng`.
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize;
}

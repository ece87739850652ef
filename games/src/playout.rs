//! Playing a match to its end with choices supplied by the caller.
//!
//! The rules never draw random numbers; a [`Chooser`] does, outside the crate (tests use a seeded
//! generator, bots their own policy). The same choices always give the same game.

use crate::contract::{ActionError, Chance, Game, Turn};

/// Supplies the decisions of a playout.
pub trait Chooser {
    /// An index in `0..n` (`n > 0`).
    fn choose(&mut self, n: usize) -> usize;
}

/// Produces the values of a chance step from a chooser: fair dice, and bag draws weighted by
/// the number of items of each kind.
pub fn chance_values(chance: &Chance, chooser: &mut impl Chooser, out: &mut Vec<u8>) {
    out.clear();
    match *chance {
        Chance::Dice { count } => {
            for _ in 0..count {
                // choose(6) is in 0..6, so the face fits in a u8.
                out.push(chooser.choose(6) as u8 + 1);
            }
        }
        Chance::Draw { counts } => {
            let total: usize = counts.iter().map(|c| usize::from(*c)).sum();
            if total == 0 {
                return;
            }
            let mut pick = chooser.choose(total);
            for (kind, count) in counts.iter().enumerate() {
                let count = usize::from(*count);
                if pick < count {
                    out.push(kind as u8);
                    return;
                }
                pick -= count;
            }
        }
    }
}

/// What a playout did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Seat actions applied.
    pub actions: usize,
    /// Chance steps applied.
    pub chance_steps: usize,
}

/// Why a playout stopped before the end of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayoutError {
    #[error("seat {seat} must act but has no legal action")]
    NoLegalAction { seat: usize },
    #[error("a listed legal action was refused: {0}")]
    Refused(ActionError),
    #[error("the game did not end within {0} steps")]
    TooLong(usize),
}

/// Reusable buffers, so that repeated playouts allocate nothing once warm.
#[derive(Debug)]
pub struct Buffers<G: Game> {
    pub actions: Vec<G::Action>,
    pub events: Vec<G::Event>,
    pub values: Vec<u8>,
}

impl<G: Game> Default for Buffers<G> {
    fn default() -> Self {
        Buffers {
            actions: Vec::new(),
            events: Vec::new(),
            values: Vec::new(),
        }
    }
}

/// Plays `state` to the end: at each step lists the legal actions and applies the one the
/// chooser picks, or resolves a chance step with chooser-made values.
pub fn playout<G: Game>(
    state: &mut G::State,
    chooser: &mut impl Chooser,
    max_steps: usize,
    buffers: &mut Buffers<G>,
) -> Result<PlayoutStats, PlayoutError> {
    let mut stats = PlayoutStats::default();
    for _ in 0..max_steps {
        buffers.events.clear();
        match G::turn(state) {
            Turn::Over => return Ok(stats),
            Turn::Chance { chance } => {
                chance_values(&chance, chooser, &mut buffers.values);
                G::apply_chance(state, &buffers.values, &mut buffers.events)
                    .map_err(PlayoutError::Refused)?;
                stats.chance_steps += 1;
            }
            Turn::Seat { seat } => {
                buffers.actions.clear();
                G::legal_actions(state, seat, &mut buffers.actions);
                if buffers.actions.is_empty() {
                    return Err(PlayoutError::NoLegalAction { seat });
                }
                let pick = chooser.choose(buffers.actions.len());
                G::apply(state, seat, &buffers.actions[pick], &mut buffers.events)
                    .map_err(PlayoutError::Refused)?;
                stats.actions += 1;
            }
        }
    }
    Err(PlayoutError::TooLong(max_steps))
}

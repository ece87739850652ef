//! The estimated engine of Linja, which has no dice: the bots' own search. A position's value
//! for a seat is its chance of winning as the bots' evaluation judges the score margin
//! ([`Evaluate::values`]: a logistic curve of width 4 points) at the end of an alpha-beta
//! search [`DEPTH`] actions deep ([`AlphaBeta::value`]), a won or lost game found by the
//! search counting 1 or 0. The search is deterministic: the values have no sampling error
//! (`std_error` is `null`), though they are estimates (`exact: false`); a position whose search
//! does not fit in its nodes is searched one action less deep.

use tapis_games::linja::{Linja, State};
use tapis_games::{Game, Seat};

use super::engine::ValueEngine;
use super::rollouts::{next_seat, shares_of_the_win};
use super::types::{Analysis, AnalysisError, Engine, MatchRecord, Unit};
use crate::evaluate::Evaluate;
use crate::linja::{AlphaBeta, WIN};

/// The engine's name.
pub const NAME: &str = "linja-search";

/// How deep each position is searched, in actions.
pub const DEPTH: u32 = 6;

/// The nodes one position's search may visit.
pub const NODES: u64 = 200_000;

/// The value function of Linja.
#[derive(Debug)]
pub struct SearchValues {
    search: AlphaBeta,
}

impl SearchValues {
    pub fn new() -> SearchValues {
        SearchValues {
            search: AlphaBeta::new(1.0, DEPTH, 0.0),
        }
    }

    /// Seat 0's chance of winning in `state`.
    fn first_seat(&mut self, state: &State) -> Option<f64> {
        let margin = (1..=DEPTH)
            .rev()
            .find_map(|depth| self.search.value(state, 0, depth, NODES))?;
        if margin >= WIN / 2.0 {
            return Some(1.0);
        }
        if margin <= -WIN / 2.0 {
            return Some(0.0);
        }
        Some(1.0 / (1.0 + (-margin / Linja::score_scale()).exp()))
    }
}

impl Default for SearchValues {
    fn default() -> Self {
        SearchValues::new()
    }
}

impl ValueEngine<Linja> for SearchValues {
    fn values(&mut self, state: &State, out: &mut [Option<f64>]) {
        if out.len() != 2 {
            return;
        }
        if let Some(outcome) = Linja::outcome(state) {
            for (seat, share) in shares_of_the_win(&outcome) {
                if let Some(slot) = out.get_mut(seat) {
                    *slot = Some(share);
                }
            }
            return;
        }
        if let Some(v) = self.first_seat(state) {
            out[0] = Some(v);
            out[1] = Some(1.0 - v);
        }
    }

    fn chance_owner(&self, state: &State) -> Option<Seat> {
        next_seat::<Linja>(state)
    }

    fn seat_count(&self, _state: &State) -> usize {
        2
    }
}

/// Analyses a Linja match.
pub fn analyse(record: &MatchRecord, pace: super::Pace<'_>) -> Result<Analysis, AnalysisError> {
    if record.seats != 2 {
        return Err(AnalysisError::Unsupported {
            game: record.game,
            seats: record.seats,
        });
    }
    let info = Engine {
        name: NAME,
        version: super::ENGINE_VERSION,
        exact: false,
    };
    let mut engine = SearchValues::new();
    super::run::<Linja, _>(
        record,
        &mut engine,
        info,
        Unit::WinProbability,
        super::estimated::WIN_THRESHOLDS,
        pace,
    )
}

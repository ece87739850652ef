//! The exact analysis of two-player 5000: a seat's value is its chance of winning the match,
//! both players playing their best from the position on ([`crate::five_thousand`]: the solved
//! match between turns, each turn solved for the match's values within it). The match is
//! zero-sum: one seat's value is one minus the other's.
//!
//! Covered: two players and every option set the solution takes (the default rules, any
//! target, opening threshold, straight value and extra multiples). Other matches go to the
//! estimated engine ([`super::estimated::FIVE_THOUSAND`]).

use tapis_games::Game;
use tapis_games::Seat;
use tapis_games::five_thousand::{FiveThousand, Options, State};

use super::{AnalysisError, Engine, MatchRecord, Thresholds, Unit, ValueEngine, run};
use crate::five_thousand::MatchValues;

/// The engine's name.
pub const NAME: &str = "5000-exact";

/// The marks of 5000, in chances of winning: GNU Backgammon's thresholds (0.04, 0.08 and
/// 0.16 of equity, which is twice the chance of winning in a game without gammons).
pub const THRESHOLDS: Thresholds = Thresholds {
    inaccuracy: 0.02,
    mistake: 0.04,
    blunder: 0.08,
};

/// The value function of two-player 5000.
#[derive(Debug)]
pub struct WinValues {
    values: MatchValues,
}

impl WinValues {
    /// The values of two-player matches played with `options`; `None` where the solution does
    /// not apply.
    pub fn new(options: &Options) -> Option<WinValues> {
        MatchValues::new(options).map(|values| WinValues { values })
    }

    /// The first player's chance of winning, both playing their best.
    pub fn start_value(&self) -> f64 {
        self.values.start_value()
    }
}

impl ValueEngine<FiveThousand> for WinValues {
    fn values(&mut self, state: &State, out: &mut [Option<f64>]) {
        if out.len() != 2 {
            return;
        }
        if let Some(outcome) = FiveThousand::outcome(state) {
            for placing in outcome.ranking {
                if let Some(slot) = out.get_mut(placing.seat) {
                    *slot = Some(if placing.rank == 1 { 1.0 } else { 0.0 });
                }
            }
            return;
        }
        if let Some((seat, v)) = self.values.mover_value(state) {
            out[seat % 2] = Some(v);
            out[(seat + 1) % 2] = Some(1.0 - v);
        }
    }

    fn chance_owner(&self, state: &State) -> Option<Seat> {
        let view = FiveThousand::view(state, None);
        Some(view.seat)
    }

    fn seat_count(&self, _state: &State) -> usize {
        2
    }
}

/// Analyses a 5000 match.
pub fn analyse(
    record: &MatchRecord,
    pace: super::Pace<'_>,
) -> Result<super::Analysis, AnalysisError> {
    let options = tapis_games::read_options::parse_options::<FiveThousand>(&record.options)
        .map_err(|e| AnalysisError::Setup(e.to_string()))?;
    // Beyond two players or the options the solution takes: the estimated engine.
    let engine = (record.seats == 2)
        .then(|| WinValues::new(&options))
        .flatten();
    let Some(mut engine) = engine else {
        return super::estimated::five_thousand(record, pace);
    };
    let info = Engine {
        name: NAME,
        version: super::ENGINE_VERSION,
        exact: true,
    };
    run::<FiveThousand, _>(
        record,
        &mut engine,
        info,
        Unit::WinProbability,
        THRESHOLDS,
        pace,
    )
}

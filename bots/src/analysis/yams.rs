//! The exact analysis of Yams: a seat's value is the expected final score of its own grid
//! under the best play (the grid's solution, [`crate::yams::solver`]), its points so far
//! included. The other seats' play and dice never move it, so a seat's luck comes from its own
//! throws alone, and the strong bot's decisions cost exactly 0.
//!
//! Between two of its turns a seat is worth its grand total plus the value of its position;
//! during its turn, the turn's own tables say what the dice kept before a throw, and the five
//! dice after it, are worth. They are worked out once per turn and kept.
//!
//! Covered: one grid per player, every sheet the solver takes (not Maxi and Mini). Other
//! matches go to the estimated engine ([`super::estimated::YAMS`]).

use std::sync::Arc;

use tapis_games::Seat;
use tapis_games::yams::{MAX_THROWS, Options, State, Yams};

use super::{AnalysisError, Engine, MatchRecord, Thresholds, Unit, ValueEngine, run};
use crate::yams::hands::{HANDS, Hands, THROWS};
use crate::yams::solver::{Spot, Turn};
use crate::yams::{Solved, solved};

/// The engine's name.
pub const NAME: &str = "yams-exact";

/// The marks of Yams, in points of expected final score: a close call between two boxes
/// costs a point or two; five points is a clear error; ten is a box or a bonus thrown away.
pub const THRESHOLDS: Thresholds = Thresholds {
    inaccuracy: 2.0,
    mistake: 5.0,
    blunder: 10.0,
};

/// The tables of one turn from one position: `keep[r]` the value of the dice kept before a
/// throw that leaves `r` re-throws after it, `after[r]` that of the five dice after a throw
/// that leaves `r` (points to come from the position, before the turn).
#[derive(Debug)]
struct TurnTables {
    spot: Spot,
    keep: [[f64; HANDS]; 3],
    after: [[f64; HANDS]; 3],
}

/// The value function of Yams, for one sheet.
#[derive(Debug)]
pub struct GridValues {
    solved: Arc<Solved>,
    options: Options,
    seats: usize,
    /// The tables of the last turns seen, newest last.
    turns: Vec<Box<TurnTables>>,
}

/// How many turns' tables are kept (one per seat of a full table is plenty).
const KEPT_TURNS: usize = 8;

impl GridValues {
    /// The value function of matches played with `options` by `seats` seats; `None` where the
    /// solution does not apply (Maxi and Mini, several grids).
    pub fn new(options: &Options, seats: usize) -> Option<GridValues> {
        if options.grids != 1 {
            return None;
        }
        Some(GridValues {
            solved: solved(options)?,
            options: options.clone(),
            seats,
            turns: Vec::new(),
        })
    }

    /// The tables of the turn played from `spot`.
    fn tables(&mut self, spot: Spot) -> &TurnTables {
        let i = match self.turns.iter().position(|t| t.spot == spot) {
            Some(i) => i,
            None => {
                if self.turns.len() >= KEPT_TURNS {
                    self.turns.remove(0);
                }
                self.turns.push(self.work_out(spot));
                self.turns.len() - 1
            }
        };
        &self.turns[i]
    }

    /// Works out the tables of the turn played from `spot`.
    fn work_out(&self, spot: Spot) -> Box<TurnTables> {
        let mut turn = Box::<Turn>::default();
        self.solved.solution().turn(spot, 2, &mut turn);
        let hands = Hands::get();
        let mut tables = Box::new(TurnTables {
            spot,
            keep: turn.keep,
            after: [[0.0; HANDS]; 3],
        });
        tables.after[0] = turn.score_now;
        for r in 1..3 {
            hands.best_of(&turn.score_now, &turn.keep[r - 1], &mut tables.after[r]);
        }
        tables
    }

    /// The expected final score of `seat`'s grid in `state`, under the best play.
    pub fn value(&mut self, state: &State, seat: Seat) -> Option<f64> {
        let grid = state.grid(seat, 0)?;
        let base = f64::from(state.grand_total(seat));
        if state.end().is_some() || state.resigned().contains(&seat) {
            return Some(base);
        }
        let spot = self.solved.spot(grid, &self.options);
        if state.current_seat() != Some(seat) {
            return Some(base + self.solved.solution().value(spot));
        }
        let hand = Hands::get().index(&state.dice())?;
        let throws = state.throws();
        let tables = self.tables(spot);
        let value = if hand >= THROWS {
            // A throw is due: the dice kept, before it.
            let left = MAX_THROWS.checked_sub(throws + 1)?;
            tables.keep[usize::from(left)][hand]
        } else {
            let left = MAX_THROWS.checked_sub(throws)?;
            tables.after[usize::from(left).min(2)][hand]
        };
        Some(base + value)
    }
}

impl ValueEngine<Yams> for GridValues {
    fn values(&mut self, state: &State, out: &mut [Option<f64>]) {
        for (seat, slot) in out.iter_mut().enumerate() {
            *slot = self.value(state, seat);
        }
    }

    fn chance_owner(&self, state: &State) -> Option<Seat> {
        state.current_seat()
    }

    fn seat_count(&self, _state: &State) -> usize {
        self.seats
    }
}

/// Analyses a Yams match.
pub fn analyse(
    record: &MatchRecord,
    pace: super::Pace<'_>,
) -> Result<super::Analysis, AnalysisError> {
    let options = tapis_games::read_options::parse_options::<Yams>(&record.options)
        .map_err(|e| AnalysisError::Setup(e.to_string()))?;
    // Several grids, or Maxi and Mini: the estimated engine.
    let Some(mut engine) = GridValues::new(&options, record.seats) else {
        return super::estimated::yams(record, pace);
    };
    let info = Engine {
        name: NAME,
        version: super::ENGINE_VERSION,
        exact: true,
    };
    run::<Yams, _>(
        record,
        &mut engine,
        info,
        Unit::ExpectedScore,
        THRESHOLDS,
        pace,
    )
}

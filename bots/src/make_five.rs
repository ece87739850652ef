//! Make Five: its levels play the generic search ([`crate::search`]), judged by the match
//! totals and what the board of the deal in progress would give its Aligneur.

use tapis_games::Seat;
use tapis_games::make_five::{self, MakeFive};

use crate::evaluate::Evaluate;

impl Evaluate for MakeFive {
    const ROLLOUT_STEPS: usize = 8;
    // The Aligneur has up to a hundred moves: each iteration costs more.
    const SEARCH_SCALE: f64 = 0.5;

    fn seats(_: &make_five::State) -> usize {
        2
    }

    /// The match total, plus what the board of the deal in progress would give its Aligneur.
    fn score(state: &make_five::State, seat: Seat) -> f64 {
        let mut total = f64::from(state.total(seat));
        if state.aligneur() == seat && state.end().is_none() {
            let points = state.board().points(state.options().require_contiguous);
            total += f64::from(points);
        }
        total
    }

    fn score_scale() -> f64 {
        6.0
    }
}

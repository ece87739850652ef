//! La Linotte and Yam Master: their levels play the generic search ([`crate::search`]),
//! judged by the alignment points each seat has made.

use tapis_games::Seat;
use tapis_games::linotte::{self, Linotte, YamMaster};

use crate::evaluate::Evaluate;

macro_rules! linotte_eval {
    ($game:ty, $options:ty) => {
        impl Evaluate for $game {
            const ROLLOUT_STEPS: usize = 12;
            // Many actions per node (dice to keep times cells): each iteration costs more, so
            // fewer keep the strong level within 200 ms a decision.
            const STRONG_SCALE: f64 = 0.75;

            fn seats(_: &linotte::State<$options>) -> usize {
                2
            }

            fn score(state: &linotte::State<$options>, seat: Seat) -> f64 {
                state.points(seat) as f64
            }

            fn score_scale() -> f64 {
                2.0
            }
        }
    };
}

linotte_eval!(Linotte, linotte::Options);
linotte_eval!(YamMaster, linotte::YamMasterOptions);

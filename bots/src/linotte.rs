//! La Linotte and Yam Master: their levels play the generic search ([`crate::search`]),
//! judged by the alignment points each seat has made and the lines its pawns open; and, like a
//! person, they place a pawn whenever the dice allow one rather than stop without.
//!
//! Alignment points only come with three pawns in a line, so a search judged by points alone
//! sees nothing to gain in a pawn placed early: the easy level (few iterations, and a slip)
//! ended most turns without a pawn. The evaluation counts the pawns on the grid and the open
//! lines they start ([`standing`]), and the levels never choose to stop without a pawn when one
//! may be placed ([`Placing`]): an easy player makes its mistakes in where it places and what
//! it keeps, not by refusing to play.

use tapis_games::Seat;
use tapis_games::linotte::{self, Action, LINES, Linotte, YamMaster};

use crate::bot::{Bot, BotRng, Position};
use crate::evaluate::Evaluate;
use crate::level::Level;
use crate::search;

/// How much a pawn on the grid is worth, in alignment points, before it aligns with others.
const PAWN: f64 = 0.3;
/// How much each pawn in a line the opponent has not blocked is worth on top.
const OPEN_LINE: f64 = 0.1;

/// How well `seat` stands: its alignment points, its pawns on the grid, and the lines of three
/// or more its pawns have started that the opponent has not blocked.
fn standing<O: linotte::Variant>(state: &linotte::State<O>, seat: Seat) -> f64 {
    let board = state.board();
    let other = 1 - seat.min(1);
    let open: usize = LINES
        .iter()
        .map(|line| {
            let (mine, theirs) =
                line.cells()
                    .fold((0, 0), |(m, t), cell| match board.owner(cell) {
                        Some(s) if s == seat => (m + 1, t),
                        Some(s) if s == other => (m, t + 1),
                        _ => (m, t),
                    });
            if theirs == 0 { mine } else { 0 }
        })
        .sum();
    state.points(seat) as f64 + PAWN * f64::from(board.count(seat)) + OPEN_LINE * open as f64
}

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

            fn standing(state: &linotte::State<$options>, seat: Seat) -> f64 {
                standing(state, seat)
            }

            fn score_scale() -> f64 {
                2.0
            }
        }
    };
}

linotte_eval!(Linotte, linotte::Options);
linotte_eval!(YamMaster, linotte::YamMasterOptions);

/// A level of La Linotte or Yam Master: the generic search, which never stops without a pawn
/// when one may be placed (or, at Yam Master, one taken with the Yam Predator).
pub struct Placing<G: Evaluate> {
    inner: Box<dyn Bot<G>>,
}

impl<G: Evaluate> std::fmt::Debug for Placing<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Placing")
    }
}

impl<G: Evaluate<Action = Action>> Bot<G> for Placing<G> {
    fn choose(&mut self, at: &Position<'_, G>, rng: &mut BotRng) -> usize {
        let places = at
            .legal
            .iter()
            .any(|a| matches!(a, Action::Place { .. } | Action::Remove { .. }));
        if !places {
            return self.inner.choose(at, rng);
        }
        // The same choice among every action but stopping without a pawn.
        let kept: Vec<usize> = (0..at.legal.len())
            .filter(|&i| !matches!(at.legal[i], Action::Pass))
            .collect();
        let legal: Vec<Action> = kept.iter().map(|&i| at.legal[i]).collect();
        if legal.len() == 1 {
            return kept[0];
        }
        let narrowed = Position {
            legal: &legal,
            ..*at
        };
        let pick = self.inner.choose(&narrowed, rng);
        kept.get(pick).copied().unwrap_or(0)
    }
}

/// The bot of `level` at La Linotte or Yam Master.
pub fn level_bot<G: Evaluate<Action = Action>>(level: Level) -> Box<dyn Bot<G>> {
    Box::new(Placing {
        inner: search::level_bot::<G>(level),
    })
}

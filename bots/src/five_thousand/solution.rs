//! The solved match of 5000: the probability that the player about to throw wins, for every
//! pair of banked scores, both playing their best.
//!
//! Between two turns, a two-player match is two banked scores, `a` for the player about to
//! throw and `b` for the other. Scores move in steps of 50, and a player who has not opened
//! has 0 (opening banks at least the threshold), so "opened" is `a > 0`. `V(a, b)` is the
//! probability that the player about to throw wins, both playing their best. A turn ends in
//! one of three ways: the player banks a gain `g` (then the other throws from `(b, a + g)`, or
//! the player has won if `a + g` reaches the target), loses the turn total (the other throws
//! from `(b, a)`), or throws five 1s (won at once). So
//!
//! `V(a, b) = max over the turn's play of E[ win | bank g: 1 − V(b, a + g) | lost: 1 − V(b, a) ]`.
//!
//! Banking always raises the sum `a + b`, so the positions are solved from the largest sum
//! down; positions `(a, b)` and `(b, a)` depend on each other through the lost turns alone,
//! and are solved together by Newton's method: with the play fixed, each is a linear function
//! of the other, whose slope is the probability of losing the turn; re-optimising the play
//! at the new point and solving again settles in a few rounds (the value of a turn is a
//! maximum of linear functions, convex, so the steps do not oscillate). This is the value
//! iteration of Neller and Presser (*Optimal Play of the Dice Game Pig*, 2004) and Busche
//! (*Maximizing Win Probability in the Game of Farkle*, 2016), ordered so that no sweep over
//! the whole table is needed.

use std::sync::Arc;

use tapis_games::five_thousand::Options;

use super::throws::{Rules, Throws};
use super::turn::TurnSolver;
use crate::solved::{Tables, solved_once};

/// `V(a, b)` for every pair of reachable banked scores (in steps), for one set of rules.
#[derive(Debug)]
pub struct Solution {
    pub(super) rules: Rules,
    pub(super) throws: Arc<Throws>,
    /// Row `a`, column `b`; scores below the target only.
    win: Vec<f64>,
}

impl Solution {
    /// Solves the match for `rules` (about a second for the default rules, optimised).
    pub fn solve(rules: Rules) -> Solution {
        let throws = Arc::new(Throws::new(&rules.table));
        let size = usize::from(rules.target);
        let mut solution = Solution {
            rules,
            throws: Arc::clone(&throws),
            win: vec![f64::NAN; size * size],
        };
        let mut solver = TurnSolver::new(throws, rules);
        let scores: Vec<u16> = std::iter::once(0)
            .chain(rules.opening.max(1)..rules.target)
            .collect();
        let top = 2 * (rules.target - 1);
        for sum in (0..=top).rev() {
            for &a in &scores {
                let Some(b) = sum.checked_sub(a) else { break };
                if b < a || b >= rules.target || (b > 0 && b < rules.opening) {
                    continue;
                }
                solution.solve_pair(&mut solver, a, b);
            }
        }
        solution
    }

    fn index(&self, a: u16, b: u16) -> usize {
        usize::from(a) * usize::from(self.rules.target) + usize::from(b)
    }

    /// The probability that the player about to throw, with `a` steps banked, wins against
    /// the other with `b`, both playing their best.
    pub fn value(&self, a: u16, b: u16) -> f64 {
        self.win[self.index(a, b)]
    }

    /// The first player's chance of winning a two-player match, both playing their best.
    pub fn start_value(&self) -> f64 {
        self.value(0, 0)
    }

    /// Sets up `solver` for the turn of a player with `a` steps against `b`, with the values
    /// of this solution (positions after the turn must be solved), and `lost` for a lost turn.
    pub(super) fn prepare(&self, solver: &mut TurnSolver, a: u16, b: u16, lost: f64) {
        solver.start(a);
        for g in 0..solver.cap {
            let after = a + g;
            let v = if g == 0 || (after > 0 && after < self.rules.opening) {
                // Nothing is banked without a keep, and no player can have a score between
                // 0 and the opening threshold: these values are never asked for.
                0.0
            } else {
                1.0 - self.value(b, after)
            };
            solver.bank.push(v);
        }
        solver.bank.push(1.0);
        solver.lost = lost;
    }

    /// Solves `V(a, b)` and `V(b, a)` together (see the module's documentation).
    fn solve_pair(&mut self, solver: &mut TurnSolver, a: u16, b: u16) {
        let (mut x, mut y) = (0.5, 0.5);
        for _ in 0..100 {
            self.prepare(solver, a, b, 1.0 - y);
            let fx = solver.turn();
            let (next_x, next_y) = if a == b {
                // x = cx + px (1 − x), with the play fixed.
                let cx = fx.value - fx.lost * (1.0 - y);
                let x = (cx + fx.lost) / (1.0 + fx.lost);
                (x, x)
            } else {
                self.prepare(solver, b, a, 1.0 - x);
                let fy = solver.turn();
                let cx = fx.value - fx.lost * (1.0 - y);
                let cy = fy.value - fy.lost * (1.0 - x);
                let (px, py) = (fx.lost, fy.lost);
                let x = (cx + px - px * cy - px * py) / (1.0 - px * py);
                (x, cy + py * (1.0 - x))
            };
            let moved = (next_x - x).abs() + (next_y - y).abs();
            (x, y) = (next_x, next_y);
            if moved < 1e-13 {
                break;
            }
        }
        let (ab, ba) = (self.index(a, b), self.index(b, a));
        self.win[ab] = x;
        self.win[ba] = y;
    }
}

/// The solution for the rules of `options`, worked out at its first use and kept for the
/// process; `None` where it does not apply.
pub fn solved(options: &Options) -> Option<Arc<Solution>> {
    static SOLVED: Tables<Rules, Arc<Solution>> = Tables::new(Vec::new());
    let rules = Rules::for_options(options)?;
    Some(solved_once(&SOLVED, &rules, || {
        Arc::new(Solution::solve(rules))
    }))
}

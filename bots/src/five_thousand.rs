//! 5000 played to win the match: the strong bot maximises its probability of winning, not the
//! points of its turn, so it banks earlier when ahead and pushes on when behind.
//!
//! **The table.** Between two turns, a two-player match is two banked scores, `a` for the
//! player about to throw and `b` for the other. Scores move in steps of 50, and a player who
//! has not opened has 0 (opening banks at least the threshold), so "opened" is `a > 0`.
//! `V(a, b)` is the probability that the player about to throw wins, both playing their best.
//! A turn ends in one of three ways: the player banks a gain `g` (then the other throws from
//! `(b, a + g)`, or the player has won if `a + g` reaches the target), loses the turn total
//! (the other throws from `(b, a)`), or throws five 1s (won at once). So
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
//!
//! **A turn** is solved exactly for given values of its endings: after a throw, the best
//! keep (every legal keep of the throw, as the rules list them); after a keep, the better of
//! banking and throwing again (within the three throws, all five dice again after hot dice);
//! a throw's value is the mean over the multisets of faces the dice can show. A turn has at
//! most three throws, so it is a small tree (`TurnSolver`, memoised on throws used, dice in
//! hand and turn total).
//!
//! With more than two players the bot plays against the best-placed opponent still in the
//! game, as if the match were a duel with them: an approximation.
//!
//! The same turn solver, valuing a banked gain by its points and a lost turn at nothing, is
//! the `max-points` baseline: the player that maximises the expected points of each turn.
//!
//! **The evaluation** the search of the easy and medium levels judges by is the banked score
//! plus most of the turn total (it is not banked yet).
//!
//! The table covers the default rules and any target, opening threshold, straight value and
//! extra multiples; with another target rule, compulsory hot dice, a fresh count of throws
//! after hot dice or a played-out last round, the strong level plays the generic search and
//! `max-points` the `greedy` baseline.

use std::sync::Arc;

use tapis_games::five_thousand::{
    Action, DICE, Faces, FiveThousand, Options, Phase, THROW_LIMIT, Table, TargetRule, is_five_ones,
};
use tapis_games::{Game, Seat};

use crate::baselines;
use crate::bot::{Bot, Position};
use crate::evaluate::{Evaluate, seat_to_act};
use crate::exact::{Choice, Exact, ValueActions};
use crate::level::Level;
use crate::search;
use crate::solved::{Tables, solved_once};

/// Every score, threshold and group of the game is a multiple of this.
pub const STEP: u32 = 50;

/// What of the options the solution depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The target, in steps.
    target: u16,
    /// The opening threshold, in steps.
    opening: u16,
    table: Table,
}

impl Rules {
    /// The rules of `options`, or `None` where the solution does not apply.
    pub fn for_options(options: &Options) -> Option<Rules> {
        let applies = options.target_rule == TargetRule::AtLeast
            && !options.hot_dice_mandatory
            && !options.hot_dice_resets_throw_count
            && !options.finish_round
            && options.target.is_multiple_of(STEP)
            && options.opening_threshold.is_multiple_of(STEP)
            && options.straight_value.is_multiple_of(STEP)
            && options.opening_threshold <= options.target;
        Some(Rules {
            target: u16::try_from(options.target / STEP).ok()?,
            opening: u16::try_from(options.opening_threshold / STEP).ok()?,
            table: options.table(),
        })
        .filter(|_| applies)
    }
}

/// A keep, as the turn's value sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Keep {
    /// Dice in hand after it: 5 after hot dice.
    left: u8,
    /// Its points, in steps.
    steps: u16,
}

/// One multiset of faces that `n` dice can show.
#[derive(Debug, Clone)]
struct Throw {
    probability: f64,
    /// Five 1s: the game is won at once.
    five_ones: bool,
    /// The distinct keeps it offers (none: a zero throw).
    keeps: Vec<Keep>,
}

/// The throws of one to five dice, with their probabilities and keeps.
#[derive(Debug)]
struct Throws {
    /// Index: the number of dice thrown (0 unused).
    by_count: [Vec<Throw>; DICE as usize + 1],
}

impl Throws {
    /// The throws of `table`, each keep reduced to the best of those that leave the same
    /// number of dice in hand, and the throws that offer the same keeps merged into one.
    ///
    /// Keeping fewer points for the same dice left is never better: the value of a turn's
    /// position grows with its total as long as the value of a banked gain grows with the
    /// gain, which it does in the solution (checked by a test over the whole table).
    fn new(table: &Table) -> Throws {
        let mut by_count: [Vec<Throw>; DICE as usize + 1] = Default::default();
        for (n, throws) in by_count.iter_mut().enumerate().skip(1) {
            let n = n as u8;
            let total = 6f64.powi(i32::from(n));
            for_each_counts(n, |counts| {
                let Some(faces) = Faces::from_counts(counts) else {
                    return;
                };
                let mut keeps: Vec<Keep> = Vec::new();
                table.for_each_keep(faces, |kept, points| {
                    let left = match n - kept.len() {
                        0 => DICE,
                        left => left,
                    };
                    let steps = (points / STEP) as u16;
                    match keeps.iter_mut().find(|k| k.left == left) {
                        Some(k) => k.steps = k.steps.max(steps),
                        None => keeps.push(Keep { left, steps }),
                    }
                });
                keeps.sort_by_key(|k| (k.left, k.steps));
                let five_ones = is_five_ones(faces);
                if five_ones {
                    keeps.clear();
                }
                let probability = arrangements(&counts) / total;
                match throws
                    .iter_mut()
                    .find(|t| t.five_ones == five_ones && t.keeps == keeps)
                {
                    Some(same) => same.probability += probability,
                    None => throws.push(Throw {
                        probability,
                        five_ones,
                        keeps,
                    }),
                }
            });
        }
        Throws { by_count }
    }
}

/// Calls `f` with every way of showing `n` dice as counts per face.
fn for_each_counts(n: u8, mut f: impl FnMut([u8; 6])) {
    fn walk(face: usize, left: u8, counts: &mut [u8; 6], f: &mut impl FnMut([u8; 6])) {
        if face == 5 {
            counts[5] = left;
            f(*counts);
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            walk(face + 1, left - c, counts, f);
        }
    }
    walk(0, n, &mut [0; 6], &mut f);
}

/// The number of orders in which dice can show these counts: n! / (c1! ... c6!).
fn arrangements(counts: &[u8; 6]) -> f64 {
    let factorial = |k: u8| (1..=u32::from(k)).product::<u32>() as f64;
    let n: u8 = counts.iter().sum();
    counts
        .iter()
        .fold(factorial(n), |acc, c| acc / factorial(*c))
}

/// The value of a turn's position, with the probability of losing the turn total from it
/// under the same play: the slope of the value against the value of a lost turn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Val {
    pub value: f64,
    pub lost: f64,
}

impl Val {
    const UNKNOWN: Val = Val {
        value: f64::NAN,
        lost: f64::NAN,
    };
}

/// The values of a turn's positions, for given values of its endings.
#[derive(Debug)]
pub struct TurnSolver {
    throws: Arc<Throws>,
    rules: Rules,
    opened: bool,
    /// The turn total (in steps) whose banking wins: the target minus the banked score.
    cap: u16,
    /// The value of banking a gain of `g` steps, for `g` in `0..=cap` (`cap`: the win).
    bank: Vec<f64>,
    /// The value of a lost turn.
    lost: f64,
    throw_memo: Vec<Val>,
    decide_memo: Vec<Val>,
}

impl TurnSolver {
    fn new(throws: Arc<Throws>, rules: Rules) -> TurnSolver {
        TurnSolver {
            throws,
            rules,
            opened: false,
            cap: 0,
            bank: Vec::new(),
            lost: 0.0,
            throw_memo: Vec::new(),
            decide_memo: Vec::new(),
        }
    }

    /// Starts on a turn of a player with `score` steps banked; the caller then fills
    /// `self.bank` (`cap + 1` values) and `self.lost`.
    fn start(&mut self, score: u16) {
        self.opened = score > 0;
        self.cap = self.rules.target.saturating_sub(score);
        let slots = usize::from(THROW_LIMIT) * usize::from(DICE) * (usize::from(self.cap) + 1);
        self.throw_memo.clear();
        self.throw_memo.resize(slots, Val::UNKNOWN);
        self.decide_memo.clear();
        self.decide_memo.resize(slots, Val::UNKNOWN);
        self.bank.clear();
    }

    fn slot(&self, throws_used: u8, dice: u8, total: u16) -> usize {
        (usize::from(throws_used) * usize::from(DICE) + usize::from(dice - 1))
            * (usize::from(self.cap) + 1)
            + usize::from(total)
    }

    fn may_bank(&self, total: u16) -> bool {
        self.opened || total >= self.rules.opening
    }

    fn win(&self) -> Val {
        Val {
            value: self.bank[usize::from(self.cap)],
            lost: 0.0,
        }
    }

    /// The value of throwing `dice` dice with `throws_used` throws made and `total` steps in
    /// the turn (`throws_used < THROW_LIMIT`, `total < cap`).
    fn throw(&mut self, throws_used: u8, dice: u8, total: u16) -> Val {
        let slot = self.slot(throws_used, dice, total);
        if !self.throw_memo[slot].value.is_nan() {
            return self.throw_memo[slot];
        }
        let throws = Arc::clone(&self.throws);
        let mut sum = Val {
            value: 0.0,
            lost: 0.0,
        };
        for throw in &throws.by_count[usize::from(dice)] {
            let outcome = if throw.five_ones {
                self.win()
            } else {
                let mut best = Val {
                    value: self.lost,
                    lost: 1.0,
                };
                for (i, keep) in throw.keeps.iter().enumerate() {
                    let v = self.decide(throws_used + 1, keep.left, total + keep.steps);
                    if i == 0 || v.value > best.value {
                        best = v;
                    }
                }
                best
            };
            sum.value += throw.probability * outcome.value;
            sum.lost += throw.probability * outcome.lost;
        }
        self.throw_memo[slot] = sum;
        sum
    }

    /// The value of the choice after a keep: `throws_used` throws made (1 to 3), `dice` in
    /// hand (5 after hot dice), `total` steps in the turn.
    fn decide(&mut self, throws_used: u8, dice: u8, total: u16) -> Val {
        if total >= self.cap {
            return self.win();
        }
        let slot = self.slot(throws_used - 1, dice, total);
        if !self.decide_memo[slot].value.is_nan() {
            return self.decide_memo[slot];
        }
        let bank = self.may_bank(total).then(|| self.bank_value(total));
        let again = (throws_used < THROW_LIMIT).then(|| self.throw(throws_used, dice, total));
        let v = match (bank, again) {
            (Some(b), Some(a)) if a.value > b.value => a,
            (Some(b), _) => b,
            (None, Some(a)) => a,
            (None, None) => Val {
                value: self.lost,
                lost: 1.0,
            },
        };
        self.decide_memo[slot] = v;
        v
    }

    fn bank_value(&self, total: u16) -> Val {
        Val {
            value: self.bank[usize::from(total.min(self.cap))],
            lost: 0.0,
        }
    }

    /// The value of the turn before its first throw.
    fn turn(&mut self) -> Val {
        self.throw(0, DICE, 0)
    }
}

/// `V(a, b)` for every pair of reachable banked scores (in steps), for one set of rules.
#[derive(Debug)]
pub struct Solution {
    rules: Rules,
    throws: Arc<Throws>,
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
    fn prepare(&self, solver: &mut TurnSolver, a: u16, b: u16, lost: f64) {
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

/// What a turn's endings are worth to a bot.
#[derive(Debug, Clone, Copy)]
enum Aim {
    /// The chance of winning the match (the solution's values).
    Win,
    /// The points banked (counted up to the target); nothing for a lost turn.
    Points,
}

/// Where the player to act stands, read from the state.
struct Spot {
    phase: Phase,
    throws_used: u8,
    /// Dice thrown (keep phase) or in hand (decide phase; 5 after hot dice).
    dice: u8,
    total: u16,
    score: u16,
    /// The best-placed opponent still playing.
    opponent: u16,
}

/// The position of `seat` and the match's options.
fn spot(state: &<FiveThousand as Game>::State, seat: usize) -> Option<(Spot, Options)> {
    let view = FiveThousand::view(state, Some(seat));
    let steps = |points: u32| u16::try_from(points / STEP).ok();
    let score = steps(view.players.get(seat)?.score)?;
    let opponent = view
        .players
        .iter()
        .filter(|p| p.seat != seat && !p.resigned)
        .map(|p| p.score)
        .max()
        .unwrap_or(0);
    let dice = match (view.phase, view.dice_in_hand) {
        (Phase::Decide, 0) => DICE,
        (_, n) => n,
    };
    let spot = Spot {
        phase: view.phase,
        throws_used: view.throws_used,
        dice,
        total: steps(view.turn_total)?,
        score,
        opponent: steps(opponent)?,
    };
    Some((spot, view.options))
}

/// What a 5000 bot plays every decision of its turn from: the turn solved exactly for the
/// endings' values `aim` gives.
struct SolvedTurns {
    aim: Aim,
    solver: Option<(Rules, TurnSolver)>,
}

/// A bot playing the best action of its solved turns, `fallback` where they do not apply.
fn turn_bot(aim: Aim, fallback: Box<dyn Bot<FiveThousand>>) -> Box<dyn Bot<FiveThousand>> {
    let turns = SolvedTurns { aim, solver: None };
    Box::new(Exact::new(turns, Choice::Best, fallback))
}

/// The strong 5000 bot: the best chance of winning the match.
pub fn strong_bot() -> Box<dyn Bot<FiveThousand>> {
    turn_bot(Aim::Win, search::level_bot::<FiveThousand>(Level::Strong))
}

/// The `max-points` baseline: the most points expected from each turn.
pub fn max_points_bot() -> Box<dyn Bot<FiveThousand>> {
    turn_bot(Aim::Points, Box::new(baselines::Greedy))
}

impl ValueActions<FiveThousand> for SolvedTurns {
    /// Values every legal action; `false` where the solution does not describe the position.
    fn value_actions(&mut self, at: &Position<'_, FiveThousand>, values: &mut Vec<f64>) -> bool {
        let Some((spot, options)) = spot(at.state, at.seat) else {
            return false;
        };
        let Some(rules) = Rules::for_options(&options) else {
            return false;
        };
        if spot.score >= rules.target || spot.opponent >= rules.target || spot.dice == 0 {
            return false;
        }
        let solution = match self.aim {
            Aim::Win => match solved(&options) {
                Some(solution) => Some(solution),
                None => return false,
            },
            Aim::Points => None,
        };
        let solver = match &mut self.solver {
            Some((r, solver)) if *r == rules => solver,
            slot => {
                let throws = match &solution {
                    Some(s) => Arc::clone(&s.throws),
                    None => Arc::new(Throws::new(&rules.table)),
                };
                &mut slot.insert((rules, TurnSolver::new(throws, rules))).1
            }
        };
        let (a, b) = (spot.score, spot.opponent);
        match &solution {
            Some(solution) => solution.prepare(solver, a, b, 1.0 - solution.value(b, a)),
            None => {
                solver.start(a);
                let cap = solver.cap;
                solver
                    .bank
                    .extend((0..=cap).map(|g| f64::from(u32::from(g) * STEP)));
                solver.lost = 0.0;
            }
        }
        for action in at.legal {
            let value = match (spot.phase, action) {
                (Phase::Keep, Action::Keep { dice }) => {
                    let Some(points) = rules.table.keep_value(*dice) else {
                        return false;
                    };
                    let left = match spot.dice.checked_sub(dice.len()) {
                        Some(0) => DICE,
                        Some(left) => left,
                        None => return false,
                    };
                    let steps = (points / STEP) as u16;
                    solver.decide(spot.throws_used, left, spot.total + steps)
                }
                (Phase::Decide, Action::Bank) if solver.may_bank(spot.total) => {
                    solver.bank_value(spot.total)
                }
                // With the target's worth in hand, banking wins: never throw again.
                (Phase::Decide, Action::Rethrow) if spot.total >= solver.cap => Val {
                    value: f64::NEG_INFINITY,
                    lost: 0.0,
                },
                (Phase::Decide, Action::Rethrow) if spot.throws_used < THROW_LIMIT => {
                    solver.throw(spot.throws_used, spot.dice, spot.total)
                }
                _ => return false,
            };
            values.push(value.value);
        }
        true
    }
}

impl Evaluate for FiveThousand {
    const ROLLOUT_STEPS: usize = 16;

    fn seats(state: &<FiveThousand as Game>::State) -> usize {
        FiveThousand::view(state, None).players.len()
    }

    fn score(state: &<FiveThousand as Game>::State, seat: Seat) -> f64 {
        let view = FiveThousand::view(state, None);
        let banked = view.players.get(seat).map_or(0, |p| p.score);
        let pending = if view.seat == seat && seat_to_act::<FiveThousand>(state).is_some() {
            view.turn_total
        } else {
            0
        };
        f64::from(banked + pending)
    }

    fn standing(state: &<FiveThousand as Game>::State, seat: Seat) -> f64 {
        let view = FiveThousand::view(state, None);
        let banked = view
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map_or(0, |p| p.score);
        let pending = if view.seat == seat && seat_to_act::<FiveThousand>(state).is_some() {
            // A turn total is not banked yet: count most of it.
            0.8 * f64::from(view.turn_total)
        } else {
            0.0
        };
        f64::from(banked) + pending
    }

    fn score_scale() -> f64 {
        900.0
    }

    fn solo_mid() -> f64 {
        2500.0
    }
}

#[cfg(test)]
mod tests;

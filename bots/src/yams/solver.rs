//! The exact solution of solitaire Yams: the expected final score of one grid under the best
//! play, for every position between two turns, by retrograde dynamic programming.
//!
//! A position between turns is the set of boxes filled, the upper total capped at the bonus
//! threshold `T` (above it, whatever the exact total, the bonus grows by a fixed amount per
//! point: one point per point with the French bonus "(U − 63) + 30", none with a flat bonus) and,
//! for the US Yahtzee sheet only, whether the Yahtzee box holds 50 (which earns the 100-point
//! bonus of later Yahtzees). Its value is the expected sum of the points still to come. A
//! position's value follows from the values of the positions one box fuller: within the turn,
//! the best score of each final throw, then the best keep before each of the two re-throws,
//! solved exactly over the 252 throws and 462 hands ([`super::hands`]). Full grids are worth 0;
//! every other position is worked out in decreasing order of its box set, whose successors
//! are larger numbers.
//!
//! The same turn computation serves the bot at play time ([`Solution::turn`]), from the current
//! position's successors.

use tapis_games::yams::{BoxId, Options};

use super::hands::{EMPTY_HAND, HANDS, Hands, THROWS};

/// What a US Yahtzee joker scores in a lower box when the dice do not meet its condition.
#[derive(Debug, Clone)]
pub struct Joker {
    /// The Yahtzee box (five of a kind, 50).
    pub yahtzee_box: usize,
    /// Earned by each further Yahtzee once the Yahtzee box holds 50.
    pub bonus: u16,
    /// Points per box scored by a Yahtzee used as a joker (`None`: the box's usual points).
    pub value: Vec<Option<u8>>,
}

/// A score sheet as the solver sees it: its boxes, the points of every throw in each, and the
/// bonus of the upper section.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// Points of each throw in each box: `points[b][t]`.
    points: Vec<[u8; THROWS]>,
    /// The face of each upper box (1 to 6), `None` for lower boxes.
    upper_face: Vec<Option<u8>>,
    /// The smallest upper total that earns the bonus.
    threshold: u16,
    /// The bonus earned by each exact upper total from 0 to `threshold + 30`.
    bonus: Vec<u16>,
    /// Bonus points per upper point once the threshold is reached.
    above: u16,
    joker: Option<Joker>,
}

/// The largest number of boxes a sheet may have (the state space doubles per box).
pub const MAX_BOXES: usize = 14;

impl Sheet {
    /// The sheet of a Yams grid played with `options`, with its boxes in sheet order; `None`
    /// where a box's points depend on another box (Maxi and Mini) or the grid has more boxes
    /// than the solver takes.
    pub fn for_options(options: &Options) -> Option<(Sheet, Vec<BoxId>)> {
        if options.maxi_mini {
            return None;
        }
        let boxes: Vec<BoxId> = BoxId::ALL
            .into_iter()
            .filter(|b| b.in_play(options))
            .collect();
        if boxes.len() > MAX_BOXES {
            return None;
        }
        let hands = Hands::get();
        let points = boxes
            .iter()
            .map(|b| {
                let mut row = [0u8; THROWS];
                for (t, p) in row.iter_mut().enumerate() {
                    *p = b.points(&hands.dice(t), options);
                }
                row
            })
            .collect();
        let upper_face = boxes
            .iter()
            .map(|b| b.is_upper().then_some(b.index() as u8 + 1))
            .collect();
        let threshold = options.bonus_threshold();
        let bonus: Vec<u16> = (0..=threshold + 30).map(|u| options.bonus(u)).collect();
        let above = options.bonus(threshold + 1) - options.bonus(threshold);
        Some((
            Sheet {
                points,
                upper_face,
                threshold,
                bonus,
                above,
                joker: None,
            },
            boxes,
        ))
    }

    /// The US Yahtzee sheet, the one whose optimum is published (Verhoeff, 1999: 254.5896),
    /// to check the solver: bonus 35 at 63, three and four of a kind score the sum of the
    /// dice, full house 25, small straight (four in a row) 30, large straight 40, Yahtzee 50,
    /// chance, and 100 for each further Yahtzee after a 50, with the joker rule
    /// (`Solution::best_joker`).
    pub fn us_yahtzee() -> Sheet {
        let hands = Hands::get();
        let mut points = vec![[0u8; THROWS]; 13];
        for t in 0..THROWS {
            let c = hands.counts(t);
            let sum: u8 = (1..=6).zip(c).map(|(f, n)| f * n).sum();
            let max = c.iter().copied().max().unwrap_or(0);
            let run = |from: usize, len: usize| c[from..from + len].iter().all(|&n| n > 0);
            for (face, row) in points.iter_mut().take(6).enumerate() {
                row[t] = (face as u8 + 1) * c[face];
            }
            points[6][t] = if max >= 3 { sum } else { 0 };
            points[7][t] = if max >= 4 { sum } else { 0 };
            points[8][t] = if c.contains(&3) && c.contains(&2) {
                25
            } else {
                0
            };
            points[9][t] = if run(0, 4) || run(1, 4) || run(2, 4) {
                30
            } else {
                0
            };
            points[10][t] = if run(0, 5) || run(1, 5) { 40 } else { 0 };
            points[11][t] = if max == 5 { 50 } else { 0 };
            points[12][t] = sum;
        }
        let upper_face = (0..13).map(|b| (b < 6).then_some(b as u8 + 1)).collect();
        let mut value = vec![None; 13];
        value[8] = Some(25);
        value[9] = Some(30);
        value[10] = Some(40);
        Sheet {
            points,
            upper_face,
            threshold: 63,
            bonus: (0..=93).map(|u| if u >= 63 { 35 } else { 0 }).collect(),
            above: 0,
            joker: Some(Joker {
                yahtzee_box: 11,
                bonus: 100,
                value,
            }),
        }
    }

    /// How many boxes the sheet has.
    pub fn boxes(&self) -> usize {
        self.points.len()
    }

    /// Upper totals tracked: `0..=threshold`.
    fn upper_states(&self) -> usize {
        usize::from(self.threshold) + 1
    }

    /// 2 when the sheet tracks whether the Yahtzee box holds 50, else 1.
    fn flags(&self) -> usize {
        if self.joker.is_some() { 2 } else { 1 }
    }

    /// The capped upper total after writing `points` in an upper box from capped total `u`,
    /// and the bonus that writing earns.
    fn upper_step(&self, u: u16, points: u16) -> (u16, u16) {
        if u >= self.threshold {
            (self.threshold, points * self.above)
        } else {
            let total = u + points;
            let bonus = self.bonus.get(usize::from(total)).copied().unwrap_or(0);
            (total.min(self.threshold), bonus)
        }
    }
}

/// A position between two turns, in the solver's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    /// Bit `b` set when box `b` of the sheet is filled.
    pub filled: u32,
    /// The upper total, capped at the bonus threshold.
    pub upper: u16,
    /// US Yahtzee only: the Yahtzee box holds 50.
    pub yahtzee_50: bool,
}

/// The value of every position of a sheet under the best play.
#[derive(Debug)]
pub struct Solution {
    sheet: Sheet,
    values: Vec<f64>,
}

/// Buffers of one turn's computation, reused between positions.
#[derive(Debug)]
pub struct Turn {
    /// Best value of writing each final throw now (points, bonus and the future).
    pub score_now: [f64; HANDS],
    /// `keep[r]`: value of each hand kept before a throw that leaves `r` re-throws after it;
    /// `keep[2][EMPTY_HAND]` is the value of the turn before its first throw.
    pub keep: [[f64; HANDS]; 3],
    scratch: [f64; HANDS],
}

impl Default for Turn {
    fn default() -> Self {
        Turn {
            score_now: [0.0; HANDS],
            keep: [[0.0; HANDS]; 3],
            scratch: [0.0; HANDS],
        }
    }
}

impl Solution {
    /// Solves `sheet`: every position's value, from the full sheet back to the empty one.
    pub fn solve(sheet: Sheet) -> Solution {
        let boxes = sheet.boxes();
        let size = (1usize << boxes) * sheet.upper_states() * sheet.flags();
        let mut solution = Solution {
            values: vec![0.0; size],
            sheet,
        };
        let reachable = solution.reachable_upper_totals();
        let upper_mask: u32 = solution
            .sheet
            .upper_face
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_some())
            .fold(0, |m, (b, _)| m | 1 << b);
        // Positions with the same number of boxes filled depend only on fuller ones: each
        // layer is shared out between threads that read the layers above and return values.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        for layer in (0..boxes as u32).rev() {
            let sets: Vec<u32> = (0..1u32 << boxes)
                .filter(|s| s.count_ones() == layer)
                .collect();
            let share = sets.len().div_ceil(threads).max(1);
            let (solution_ref, reachable) = (&solution, &reachable);
            let found: Vec<Vec<(usize, f64)>> = std::thread::scope(|scope| {
                let workers: Vec<_> = sets
                    .chunks(share)
                    .map(|part| {
                        scope.spawn(move || solution_ref.solve_sets(part, reachable, upper_mask))
                    })
                    .collect();
                workers
                    .into_iter()
                    .map(|w| {
                        w.join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect()
            });
            for (at, value) in found.into_iter().flatten() {
                solution.values[at] = value;
            }
        }
        solution
    }

    /// The value of every reachable position whose box set is in `sets`, from the values of
    /// fuller positions, as (index, value) pairs.
    fn solve_sets(&self, sets: &[u32], reachable: &[u128], upper_mask: u32) -> Vec<(usize, f64)> {
        let mut turn = Box::<Turn>::default();
        let mut found = Vec::new();
        for &filled in sets {
            let can_reach = reachable[(filled & upper_mask) as usize];
            for upper in 0..self.sheet.upper_states() as u16 {
                if can_reach & 1 << upper == 0 {
                    continue;
                }
                for flag in 0..self.sheet.flags() {
                    let yahtzee_50 = flag == 1;
                    if yahtzee_50 && !self.yahtzee_filled(filled) {
                        continue;
                    }
                    let spot = Spot {
                        filled,
                        upper,
                        yahtzee_50,
                    };
                    self.turn(spot, 2, &mut turn);
                    found.push((self.index(spot), turn.keep[2][EMPTY_HAND]));
                }
            }
        }
        found
    }

    /// The expected points still to come from `spot` under the best play.
    pub fn value(&self, spot: Spot) -> f64 {
        self.values.get(self.index(spot)).copied().unwrap_or(0.0)
    }

    /// The expected final score of an empty sheet under the best play.
    pub fn expected_score(&self) -> f64 {
        self.value(Spot {
            filled: 0,
            upper: 0,
            yahtzee_50: false,
        })
    }

    fn index(&self, spot: Spot) -> usize {
        let upper = usize::from(spot.upper.min(self.sheet.threshold));
        ((spot.filled as usize) * self.sheet.upper_states() + upper) * self.sheet.flags()
            + usize::from(spot.yahtzee_50 && self.sheet.flags() == 2)
    }

    fn yahtzee_filled(&self, filled: u32) -> bool {
        self.sheet
            .joker
            .as_ref()
            .is_some_and(|j| filled & 1 << j.yahtzee_box != 0)
    }

    /// For every set of upper boxes filled (as a bit set over the sheet's boxes), the capped
    /// upper totals it can have, as bits.
    fn reachable_upper_totals(&self) -> Vec<u128> {
        let boxes = self.sheet.boxes();
        let mut reach = vec![0u128; 1 << boxes];
        reach[0] = 1;
        // Each set from the one without its top box; only sets of upper boxes are ever read
        // (the others stay 0), and every subset of one of them is one too.
        for set in 1..(1usize << boxes) {
            let top = usize::BITS - 1 - set.leading_zeros();
            let rest = set & !(1 << top);
            let Some(face) = self.sheet.upper_face[top as usize] else {
                continue;
            };
            let mut bits = 0u128;
            for u in 0..self.sheet.upper_states() as u16 {
                if reach[rest] & 1 << u != 0 {
                    for n in 0..=5u16 {
                        bits |= 1 << self.sheet.upper_step(u, n * u16::from(face)).0;
                    }
                }
            }
            reach[set] = bits;
        }
        reach
    }

    /// The value of writing throw `t` in empty box `b` from `spot`: its points, the bonuses it
    /// earns and the value of the position after it.
    pub fn score_value(&self, spot: Spot, b: usize, t: usize) -> f64 {
        self.score_value_as(spot, b, t, None)
    }

    fn score_value_as(&self, spot: Spot, b: usize, t: usize, joker_points: Option<u8>) -> f64 {
        let points = u16::from(joker_points.unwrap_or(self.sheet.points[b][t]));
        let filled = spot.filled | 1 << b;
        let (upper, bonus) = if self.sheet.upper_face[b].is_some() {
            self.sheet.upper_step(spot.upper, points)
        } else {
            (spot.upper, 0)
        };
        let yahtzee_50 = spot.yahtzee_50
            || self
                .sheet
                .joker
                .as_ref()
                .is_some_and(|j| j.yahtzee_box == b && points == 50);
        let next = Spot {
            filled,
            upper,
            yahtzee_50,
        };
        f64::from(points + bonus) + self.value(next)
    }

    /// Whether throw `t` is a Yahtzee played under the joker rules from `spot`, and its face.
    fn joker_face(&self, spot: Spot, t: usize) -> Option<(&Joker, usize)> {
        let joker = self.sheet.joker.as_ref()?;
        if spot.filled & 1 << joker.yahtzee_box == 0 {
            return None;
        }
        let face = Hands::get().counts(t).iter().position(|&c| c == 5)?;
        Some((joker, face))
    }

    /// A Yahtzee thrown once the Yahtzee box is filled: 100 more if that box holds 50; and
    /// once the upper box of its face is filled too, it is a joker, scoring the full house
    /// and straights at their full value. It may be written in any empty box (the reading of
    /// the official rules whose optimum Verhoeff published).
    fn best_joker(&self, spot: Spot, t: usize, empty: &[usize], joker: &Joker, face: usize) -> f64 {
        let bonus = if spot.yahtzee_50 {
            f64::from(joker.bonus)
        } else {
            0.0
        };
        let own_open = empty
            .iter()
            .any(|&b| self.sheet.upper_face[b] == Some(face as u8 + 1));
        let best = empty
            .iter()
            .map(|&b| {
                let as_joker = if own_open { None } else { joker.value[b] };
                self.score_value_as(spot, b, t, as_joker)
            })
            .fold(f64::NEG_INFINITY, f64::max);
        best + bonus
    }

    /// The best value of writing each final throw from `spot` (points, bonuses and the
    /// position after), into `out[..THROWS]`.
    ///
    /// What follows writing a box depends on the throw only through the box's points, so it
    /// is looked up once per box: the value of the position after a lower box, and after an
    /// upper box for each count of its face; the loop over the throws then only adds points.
    pub fn score_now(&self, spot: Spot, out: &mut [f64; HANDS]) {
        let mut empty = [0usize; 32];
        let mut n = 0;
        for b in 0..self.sheet.boxes() {
            if spot.filled & 1 << b == 0 {
                empty[n] = b;
                n += 1;
            }
        }
        let empty = &empty[..n];
        // (box, value after writing it) for lower boxes, (face, value after writing each
        // count of it) for upper boxes.
        let mut lower = [(0usize, 0.0); 32];
        let mut upper = [(0usize, [0.0; 6]); 6];
        let (mut nl, mut nu) = (0, 0);
        for &b in empty {
            let next = Spot {
                filled: spot.filled | 1 << b,
                ..spot
            };
            match self.sheet.upper_face[b] {
                Some(face) => {
                    let mut after = [0.0; 6];
                    for (count, slot) in after.iter_mut().enumerate() {
                        let points = count as u16 * u16::from(face);
                        let (capped, bonus) = self.sheet.upper_step(spot.upper, points);
                        let next = Spot {
                            upper: capped,
                            ..next
                        };
                        *slot = f64::from(points + bonus) + self.value(next);
                    }
                    upper[nu] = (usize::from(face) - 1, after);
                    nu += 1;
                }
                None => {
                    lower[nl] = (b, self.value(next));
                    nl += 1;
                }
            }
        }
        let hands = Hands::get();
        for (t, slot) in out.iter_mut().enumerate().take(THROWS) {
            if let Some((joker, face)) = self.joker_face(spot, t) {
                *slot = self.best_joker(spot, t, empty, joker, face);
                continue;
            }
            // A box holding 50 changes the position after it only on a Yahtzee, taken above
            // once the Yahtzee box is filled; before, through `score_value`.
            let counts = hands.counts(t);
            let mut best = f64::NEG_INFINITY;
            for &(b, after) in &lower[..nl] {
                let points = self.sheet.points[b][t];
                let value = if points == 50 && self.sheet.joker.is_some() {
                    self.score_value(spot, b, t)
                } else {
                    f64::from(points) + after
                };
                best = best.max(value);
            }
            for (face, after) in &upper[..nu] {
                best = best.max(after[usize::from(counts[*face])]);
            }
            *slot = best;
        }
    }

    /// Works out the turn played from `spot` with `rethrows` re-throws still allowed after
    /// the throw to come: `turn.score_now` for every final throw, then `turn.keep[r]` for
    /// `r` up to `rethrows`.
    pub fn turn(&self, spot: Spot, rethrows: usize, turn: &mut Turn) {
        self.score_now(spot, &mut turn.score_now);
        turn.follow(rethrows);
    }
}

impl Turn {
    /// From `score_now`, the value of every hand kept before a throw that leaves `r`
    /// re-throws after it, into `keep[r]` for `r` up to `rethrows` (at most 2).
    pub fn follow(&mut self, rethrows: usize) {
        let hands = Hands::get();
        self.keep[0][..THROWS].copy_from_slice(&self.score_now[..THROWS]);
        hands.expect_kept(&mut self.keep[0]);
        for r in 1..=rethrows.min(2) {
            let (done, rest) = self.keep.split_at_mut(r);
            hands.best_of(&self.score_now, &done[r - 1], &mut self.scratch);
            rest[0][..THROWS].copy_from_slice(&self.scratch[..THROWS]);
            hands.expect_kept(&mut rest[0]);
        }
    }
}

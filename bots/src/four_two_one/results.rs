//! The 56 results of three dice at 421, the re-throws that lead from one to another, the model
//! of another player, and a turn solved backwards ([`Tables::solve_turn`]).
//!
//! **A turn** is a small decision process over the dice (56 multisets of three faces) and the
//! throws used (1 to 3). After a throw the player either keeps the dice (the leader's
//! `Stop`, a follower's "le bon" where the option is on, or the end of the throws allowed) or
//! re-throws one of the distinct sub-multisets of the dice (at most seven choices), a re-throw
//! being worth the mean, over the faces the thrown dice can show (exact probabilities), of the
//! best continuation. The process is solved backwards from the last throw allowed: at most
//! 3 × 56 × 7 expectations of at most 56 terms. The leader's stop after `t` throws also fixes
//! `k = t` for the others, so its ending is valued with the others throwing `t` times.
//!
//! The same solver gives the result distribution of the model of another player
//! ([`Tables::others`], described in `four_two_one/round.rs`).

use std::sync::OnceLock;

use tapis_games::four_two_one::{Faces, combination};

/// The number of results of three dice, indexed by rank − 1 (0 is 4-2-1, 55 the nénette).
pub const RESULTS: usize = combination::RESULTS;

/// The index of the nénette.
pub(super) const NENETTE: usize = RESULTS - 1;

/// The most throws of a turn.
pub const MAX_THROWS: usize = 3;

/// The result index of three dice (in any order), `None` outside 1..=6.
pub fn index_of(dice: [u8; 3]) -> Option<usize> {
    let rank = usize::from(combination::rank(dice));
    (1..=RESULTS).contains(&rank).then(|| rank - 1)
}

/// A re-throw of some of the dice and the results it leads to.
#[derive(Debug)]
pub struct Reroll {
    /// The faces thrown again.
    pub faces: Faces,
    /// Each result the throw can give (index) and its probability.
    pub outcomes: Vec<(usize, f64)>,
}

/// The dice of the game, worked out once.
#[derive(Debug)]
pub struct Tables {
    /// The dice of each result, highest first.
    pub dice: [[u8; 3]; RESULTS],
    /// The token value of each result.
    pub tokens: [u8; RESULTS],
    /// The distinct re-throws of each result.
    pub rerolls: Vec<Vec<Reroll>>,
    /// A throw of the three dice.
    pub throw: Vec<(usize, f64)>,
    /// The model's strength of each result: the chance that one throw is weaker, ties half.
    pub strength: [f64; RESULTS],
    /// The model of another player: their result distribution with `k` throws (index `k`,
    /// 1..=3), without and with "le bon".
    pub others: [[[f64; RESULTS]; MAX_THROWS + 1]; 2],
}

/// The tables, built at their first use in the process (well under a millisecond).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::new)
}

/// The ordered throws of `count` dice added to `kept`, gathered by result.
fn outcomes(kept: &[u8], count: u32) -> Vec<(usize, f64)> {
    let mut mass = [0.0; RESULTS];
    let total = 6u32.pow(count);
    let each = 1.0 / f64::from(total);
    for code in 0..total {
        let mut dice = [0u8; 3];
        let mut rest = code;
        for (slot, die) in dice.iter_mut().enumerate() {
            if let Some(face) = kept.get(slot) {
                *die = *face;
            } else {
                // rest % 6 < 6, so the face fits in a u8.
                *die = (rest % 6) as u8 + 1;
                rest /= 6;
            }
        }
        if let Some(i) = index_of(dice) {
            mass[i] += each;
        }
    }
    mass.iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(i, p)| (i, *p))
        .collect()
}

impl Tables {
    fn new() -> Tables {
        let mut dice = [[0u8; 3]; RESULTS];
        let mut tokens = [0u8; RESULTS];
        for (i, c) in combination::Combination::all().enumerate().take(RESULTS) {
            dice[i] = c.dice;
            tokens[i] = c.tokens;
        }
        let rerolls: Vec<Vec<Reroll>> = dice
            .iter()
            .map(|d| {
                let mut list: Vec<Reroll> = Vec::new();
                for mask in 1..8u8 {
                    let mut thrown = Faces::EMPTY;
                    let mut kept = Faces::EMPTY;
                    for (slot, face) in d.iter().enumerate() {
                        if mask & (1 << slot) != 0 {
                            thrown = thrown.with(*face).unwrap_or(thrown);
                        } else {
                            kept = kept.with(*face).unwrap_or(kept);
                        }
                    }
                    if list.iter().any(|r| r.faces == thrown) {
                        continue;
                    }
                    list.push(Reroll {
                        faces: thrown,
                        outcomes: outcomes(kept.as_slice(), thrown.len() as u32),
                    });
                }
                list
            })
            .collect();
        let throw = outcomes(&[], 3);
        let mut strength = [0.0; RESULTS];
        for (i, s) in strength.iter_mut().enumerate() {
            *s = throw
                .iter()
                .map(|(j, p)| match j.cmp(&i) {
                    std::cmp::Ordering::Greater => *p,
                    std::cmp::Ordering::Equal => p / 2.0,
                    std::cmp::Ordering::Less => 0.0,
                })
                .sum();
        }
        let mut tables = Tables {
            dice,
            tokens,
            rerolls,
            throw,
            strength,
            others: [[[0.0; RESULTS]; MAX_THROWS + 1]; 2],
        };
        for le_bon in [false, true] {
            for k in 1..=MAX_THROWS {
                tables.others[usize::from(le_bon)][k] = tables.model_distribution(k, le_bon);
            }
        }
        tables
    }

    /// The result distribution of the model of another player using `k` throws.
    fn model_distribution(&self, k: usize, le_bon: bool) -> [f64; RESULTS] {
        let strength = self.strength;
        let values = self.solve_turn(k, le_bon, |_, d| strength[d]);
        let mut now = [0.0; RESULTS];
        for (d, p) in &self.throw {
            now[*d] += p;
        }
        let mut done = [0.0; RESULTS];
        for used in 1..k {
            let mut next = [0.0; RESULTS];
            for (d, p) in now.iter().enumerate() {
                if *p == 0.0 {
                    continue;
                }
                let mut best: Option<(f64, &Reroll)> = None;
                for r in &self.rerolls[d] {
                    let v = expect(&r.outcomes, &values[used + 1]);
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, r));
                    }
                }
                match best {
                    Some((v, r)) if !(le_bon && strength[d] >= v) => {
                        for (e, q) in &r.outcomes {
                            next[*e] += p * q;
                        }
                    }
                    _ => done[d] += p,
                }
            }
            now = next;
        }
        for (d, p) in now.iter().enumerate() {
            done[d] += p;
        }
        done
    }

    /// The values of a turn allowed `limit` throws: `v[t][d]` is the value of holding result `d`
    /// after `t` throws, before deciding (`t` in 1..=limit). `end(t, d)` is what keeping `d` after
    /// `t` throws is worth; before the limit the player may keep them only if `may_stop`.
    pub fn solve_turn(
        &self,
        limit: usize,
        may_stop: bool,
        end: impl Fn(usize, usize) -> f64,
    ) -> [[f64; RESULTS]; MAX_THROWS + 1] {
        let limit = limit.clamp(1, MAX_THROWS);
        let mut v = [[0.0; RESULTS]; MAX_THROWS + 1];
        for (d, x) in v[limit].iter_mut().enumerate() {
            *x = end(limit, d);
        }
        for used in (1..limit).rev() {
            let (now, later) = v.split_at_mut(used + 1);
            let next = &later[0];
            for (d, x) in now[used].iter_mut().enumerate() {
                let mut best = if may_stop {
                    end(used, d)
                } else {
                    f64::NEG_INFINITY
                };
                for r in &self.rerolls[d] {
                    best = best.max(expect(&r.outcomes, next));
                }
                *x = best;
            }
        }
        v
    }

    /// The re-throw of the faces `faces` from result `d`.
    pub fn reroll(&self, d: usize, faces: Faces) -> Option<&Reroll> {
        self.rerolls.get(d)?.iter().find(|r| r.faces == faces)
    }
}

/// The mean of `values` over `outcomes`.
pub fn expect(outcomes: &[(usize, f64)], values: &[f64; RESULTS]) -> f64 {
    outcomes.iter().map(|(d, p)| p * values[*d]).sum()
}

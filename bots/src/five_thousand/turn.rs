//! A turn of 5000 solved exactly for given values of its endings (a banked gain, a lost turn,
//! the win): after a throw, the best keep (every legal keep of the throw, as the rules list
//! them); after a keep, the better of banking and throwing again (within the three throws,
//! all five dice again after hot dice); a throw's value is the mean over the multisets of
//! faces the dice can show. A turn has at most three throws, so it is a small tree
//! ([`TurnSolver`], memoised on throws used, dice in hand and turn total).

use std::sync::Arc;

use tapis_games::five_thousand::{DICE, THROW_LIMIT};

use super::throws::{Rules, STEP, Throws};

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
    pub(super) throws: Arc<Throws>,
    rules: Rules,
    opened: bool,
    /// The turn total (in steps) whose banking wins: the target minus the banked score.
    pub(super) cap: u16,
    /// The value of banking a gain of `g` steps, for `g` in `0..=cap` (`cap`: the win).
    pub(super) bank: Vec<f64>,
    /// The value of a lost turn.
    pub(super) lost: f64,
    throw_memo: Vec<Val>,
    decide_memo: Vec<Val>,
}

impl TurnSolver {
    pub(super) fn new(throws: Arc<Throws>, rules: Rules) -> TurnSolver {
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
    pub(super) fn start(&mut self, score: u16) {
        self.opened = score > 0;
        self.cap = self.rules.target.saturating_sub(score);
        let slots = usize::from(THROW_LIMIT) * usize::from(DICE) * (usize::from(self.cap) + 1);
        self.throw_memo.clear();
        self.throw_memo.resize(slots, Val::UNKNOWN);
        self.decide_memo.clear();
        self.decide_memo.resize(slots, Val::UNKNOWN);
        self.bank.clear();
    }

    /// Starts on a turn of a player with `score` steps banked, valuing a banked gain by its
    /// points and a lost turn at nothing: the turn of the `max-points` player.
    pub(super) fn start_for_points(&mut self, score: u16) {
        self.start(score);
        let cap = self.cap;
        self.bank
            .extend((0..=cap).map(|g| f64::from(u32::from(g) * STEP)));
        self.lost = 0.0;
    }

    fn slot(&self, throws_used: u8, dice: u8, total: u16) -> usize {
        (usize::from(throws_used) * usize::from(DICE) + usize::from(dice - 1))
            * (usize::from(self.cap) + 1)
            + usize::from(total)
    }

    pub(super) fn may_bank(&self, total: u16) -> bool {
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
    pub(super) fn throw(&mut self, throws_used: u8, dice: u8, total: u16) -> Val {
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
    pub(super) fn decide(&mut self, throws_used: u8, dice: u8, total: u16) -> Val {
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

    pub(super) fn bank_value(&self, total: u16) -> Val {
        Val {
            value: self.bank[usize::from(total.min(self.cap))],
            lost: 0.0,
        }
    }

    /// The value of the turn before its first throw.
    pub(super) fn turn(&mut self) -> Val {
        self.throw(0, DICE, 0)
    }
}

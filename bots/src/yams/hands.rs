//! Every hand of Yams dice as a number, and the moves between hands that the turn's dynamic
//! programming follows.
//!
//! A *hand* is a multiset of zero to five dice. There are 462 of them: the 252 *throws* (five
//! dice) come first, numbered `0..THROWS`, then the hands of four, three, two, one and no
//! dice. So a hand's children (the hand with one more die) always come before it, and a pass
//! over the hands from [`THROWS`] upwards sees every child before its parent.

use std::sync::OnceLock;

use tapis_games::yams::Dice;

use crate::dice::for_each_counts;

/// Hands of five dice: the possible results of a throw.
pub const THROWS: usize = 252;
/// Hands of zero to five dice.
pub const HANDS: usize = 462;

/// The numbered hands and the moves between them.
#[derive(Debug)]
pub struct Hands {
    /// How many dice show each face, per hand.
    counts: Vec<[u8; 6]>,
    /// For every hand of fewer than five dice, the hand with one more die showing face
    /// `f + 1`, per `f`; unused for throws.
    child: Vec<[u16; 6]>,
    /// For every hand, the hand with one die showing face `f + 1` fewer, per `f`; `u16::MAX`
    /// where no die shows it.
    parent: Vec<[u16; 6]>,
    /// Hand number by face counts, read as a number in base 6.
    by_code: Vec<u16>,
}

/// The counts written in base 6: unique, as each count is at most 5.
fn code(counts: &[u8; 6]) -> usize {
    counts
        .iter()
        .rev()
        .fold(0, |code, &c| code * 6 + usize::from(c))
}

impl Hands {
    /// The table, built once per process (a few milliseconds).
    pub fn get() -> &'static Hands {
        static HANDS_TABLE: OnceLock<Hands> = OnceLock::new();
        HANDS_TABLE.get_or_init(Hands::build)
    }

    fn build() -> Hands {
        let mut counts: Vec<[u8; 6]> = Vec::with_capacity(HANDS);
        for size in (0..=5u8).rev() {
            for_each_counts(size, |c| counts.push(c));
        }
        let mut by_code = vec![u16::MAX; 6usize.pow(6)];
        for (i, c) in counts.iter().enumerate() {
            by_code[code(c)] = i as u16;
        }
        let child = counts
            .iter()
            .map(|c| {
                let mut next = [u16::MAX; 6];
                if c.iter().sum::<u8>() < 5 {
                    for (f, slot) in next.iter_mut().enumerate() {
                        let mut more = *c;
                        more[f] += 1;
                        *slot = by_code[code(&more)];
                    }
                }
                next
            })
            .collect();
        let parent = counts
            .iter()
            .map(|c| {
                let mut less = [u16::MAX; 6];
                for (f, slot) in less.iter_mut().enumerate() {
                    if c[f] > 0 {
                        let mut fewer = *c;
                        fewer[f] -= 1;
                        *slot = by_code[code(&fewer)];
                    }
                }
                less
            })
            .collect();
        Hands {
            counts,
            child,
            parent,
            by_code,
        }
    }

    /// How many dice show each face in hand `hand`.
    pub fn counts(&self, hand: usize) -> [u8; 6] {
        self.counts[hand]
    }

    /// The dice of hand `hand`.
    pub fn dice(&self, hand: usize) -> Dice {
        Dice::from_counts(&self.counts[hand]).unwrap_or(Dice::EMPTY)
    }

    /// The number of the hand `dice`, if they are real dice (at most five, faces 1 to 6).
    pub fn index(&self, dice: &Dice) -> Option<usize> {
        if !dice.are_faces() {
            return None;
        }
        let n = self.by_code[code(&dice.counts())];
        (n != u16::MAX).then_some(usize::from(n))
    }

    /// Turns values of the throws (`values[..THROWS]`, filled by the caller) into the value of
    /// every hand kept before throwing the missing dice: the mean over the next die's six
    /// faces, one die at a time, which is the mean over the throw of all the missing dice.
    pub fn expect_kept(&self, values: &mut [f64; HANDS]) {
        for hand in THROWS..HANDS {
            let sum: f64 = self.child[hand]
                .iter()
                .map(|&c| values[usize::from(c)])
                .sum();
            values[hand] = sum / 6.0;
        }
    }

    /// The best of scoring now (`now`) and keeping a hand to throw again (values of kept hands
    /// in `kept`), per throw, into `out[..THROWS]`; `out[THROWS..]` is left holding, for every
    /// smaller hand, the best value of keeping it or any hand inside it.
    ///
    /// The best over every sub-hand of a hand is the best of keeping the hand itself and of the
    /// best over each hand one die smaller: one pass from the empty hand up, a few steps per
    /// hand rather than one per sub-hand.
    pub fn best_of(&self, now: &[f64; HANDS], kept: &[f64; HANDS], out: &mut [f64; HANDS]) {
        for hand in (0..HANDS).rev() {
            let below = self.parent[hand]
                .iter()
                .filter(|&&p| p != u16::MAX)
                .fold(f64::NEG_INFINITY, |best, &p| best.max(out[usize::from(p)]));
            out[hand] = if hand < THROWS {
                below.max(now[hand])
            } else {
                below.max(kept[hand])
            };
        }
    }
}

/// The hand of no dice: what is "kept" before the first throw.
pub const EMPTY_HAND: usize = HANDS - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_252_throws_and_462_hands_each_once() {
        let hands = Hands::get();
        assert_eq!(hands.counts.len(), HANDS);
        for (i, c) in hands.counts.iter().enumerate() {
            let size: u8 = c.iter().sum();
            assert_eq!(size == 5, i < THROWS, "hand {i}");
            assert_eq!(hands.index(&hands.dice(i)), Some(i));
        }
        assert_eq!(hands.counts(EMPTY_HAND), [0; 6]);
    }

    /// The best over sub-hands, checked against every proper sub-multiset of each throw.
    #[test]
    fn the_best_keep_is_the_best_over_every_proper_sub_hand() {
        let hands = Hands::get();
        let mut now = [0.0; HANDS];
        let mut kept = [0.0; HANDS];
        for h in 0..HANDS {
            // Arbitrary, distinct values.
            now[h] = ((h * 7919) % 1009) as f64;
            kept[h] = ((h * 104_729) % 1013) as f64;
        }
        let mut out = [0.0; HANDS];
        hands.best_of(&now, &kept, &mut out);
        for t in 0..THROWS {
            let mut best = now[t];
            hands
                .dice(t)
                .for_each_proper_subset(|d| best = best.max(kept[hands.index(&d).unwrap()]));
            assert_eq!(out[t], best, "throw {:?}", hands.dice(t));
        }
    }

    #[test]
    fn kept_hands_are_valued_by_the_chance_of_each_throw() {
        // Value 1 for a Yams, 0 otherwise: keeping four 6s gives 1/6, nothing 6/7776.
        let hands = Hands::get();
        let mut values = [0.0; HANDS];
        for (t, v) in values.iter_mut().enumerate().take(THROWS) {
            *v = if hands.counts(t).contains(&5) {
                1.0
            } else {
                0.0
            };
        }
        hands.expect_kept(&mut values);
        let four_sixes = hands.index(&Dice::new(&[6, 6, 6, 6]).unwrap()).unwrap();
        assert!((values[four_sixes] - 1.0 / 6.0).abs() < 1e-12);
        assert!((values[EMPTY_HAND] - 6.0 / 7776.0).abs() < 1e-12);
    }
}

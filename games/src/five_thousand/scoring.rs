//! The points table (rules 1–4, F1, F4, F4b, F5, F10 and option `extra_multiples`).
//!
//! Everything here looks at the dice of **one** throw: groups never combine across throws
//! (rule 4), so the caller values each keep on its own and adds the values up.

use super::dice::{DICE, Faces};

/// Points of five 5s thrown at once.
pub const FIVE_FIVES: u32 = 5000;

/// The points table of a match: the straight's value and whether extra multiples score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// Points of a straight, 1-2-3-4-5 or 2-3-4-5-6 (1500 by default, 750 in S2).
    pub straight: u32,
    /// Option `extra_multiples`: four of a kind is worth twice its brelan, five of a kind four
    /// times; otherwise (the original rules) they are a brelan plus the leftover dice on their own.
    pub extra_multiples: bool,
}

impl Default for Table {
    fn default() -> Self {
        Table {
            straight: 1500,
            extra_multiples: false,
        }
    }
}

/// Points of a single die on its own: only 1s (100) and 5s (50) score alone (rule 2).
pub const fn single(face: u8) -> u32 {
    match face {
        1 => 100,
        5 => 50,
        _ => 0,
    }
}

/// Points of a brelan (three of a kind) of `face`: 1000 for 1s, otherwise 100 × the face.
pub const fn brelan(face: u8) -> u32 {
    match face {
        1 => 1000,
        _ => 100 * face as u32,
    }
}

/// Whether these are five 1s, which win the game at once (rule 11, F4c).
pub fn is_five_ones(faces: Faces) -> bool {
    faces.count(1) == DICE
}

/// Whether these five dice are a straight, 1-2-3-4-5 or 2-3-4-5-6.
pub fn is_straight(faces: Faces) -> bool {
    let c = faces.counts();
    c == [1, 1, 1, 1, 1, 0] || c == [0, 1, 1, 1, 1, 1]
}

/// Whether a throw holds at least one scoring group; a throw that does not is a zero throw
/// (rule 6). A group is a 1, a 5 or three of a kind; every straight holds a 5, so it needs no
/// case of its own.
pub fn has_scoring_group(thrown: Faces) -> bool {
    thrown.count(1) > 0 || thrown.count(5) > 0 || thrown.counts().iter().any(|c| *c >= 3)
}

impl Table {
    /// The points of keeping `kept` out of one throw, valued by its best split into groups
    /// (F4b), or `None` if that is not a legal keep: no dice, a die that belongs to no group of
    /// the kept dice (F4), or five 1s (they win the game; there is nothing to keep, F4c).
    ///
    /// Taking each face on its own is the best split: a brelan (or, with `extra_multiples`, a
    /// bigger multiple) is always worth more than its dice as singles, and the two five-dice
    /// figures (straight, five 5s) are worth more than any other split of the same dice.
    pub fn keep_value(&self, kept: Faces) -> Option<u32> {
        if kept.is_empty() || is_five_ones(kept) {
            return None;
        }
        if kept.count(5) == DICE {
            return Some(FIVE_FIVES);
        }
        if is_straight(kept) {
            return Some(self.straight);
        }
        let mut points = 0;
        for (face, count) in (1..=6u8).zip(kept.counts()) {
            let extra = u32::from(count.saturating_sub(3));
            points += match count {
                0 => 0,
                1 | 2 if single(face) > 0 => u32::from(count) * single(face),
                // A 2, 3, 4 or 6 outside a brelan scores nothing, so it cannot be kept.
                1 | 2 => return None,
                _ if self.extra_multiples => brelan(face) << extra,
                _ if extra > 0 && single(face) == 0 => return None,
                _ => brelan(face) + extra * single(face),
            };
        }
        Some(points)
    }

    /// Calls `f` with every legal keep out of `thrown` and its points, each distinct set of
    /// kept dice once.
    ///
    /// Allocation-free, and quick because it only visits candidates that can score: it walks
    /// the kept counts like an odometer whose digit for a 1 or a 5 runs over `0..=count`, and
    /// whose digit for a 2, 3, 4 or 6 is 0 or a brelan (3, or up to the count with
    /// `extra_multiples`). A straight, the one group that holds a lone 2, 3, 4 or 6, is the
    /// whole throw and is offered on its own. [`Table::keep_value`] values each candidate, so
    /// listing and applying always agree.
    pub fn for_each_keep(&self, thrown: Faces, mut f: impl FnMut(Faces, u32)) {
        if is_straight(thrown) {
            f(thrown, self.straight);
        }
        let max = thrown.counts();
        let mut current = [0u8; 6];
        loop {
            let mut carried = true;
            for ((digit, top), face) in current.iter_mut().zip(max).zip(1u8..) {
                if let Some(next) = self.next_count(face, *digit, top) {
                    *digit = next;
                    carried = false;
                    break;
                }
                *digit = 0;
            }
            if carried {
                return;
            }
            if let Some(kept) = Faces::from_counts(current)
                && let Some(points) = self.keep_value(kept)
            {
                f(kept, points);
            }
        }
    }

    /// The next number of dice showing `face` worth trying to keep after `count`, out of
    /// `thrown` such dice.
    fn next_count(&self, face: u8, count: u8, thrown: u8) -> Option<u8> {
        if count >= thrown {
            None
        } else if single(face) > 0 {
            Some(count + 1)
        } else if count == 0 {
            (thrown >= 3).then_some(3)
        } else if self.extra_multiples {
            Some(count + 1)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(dice: &[u8]) -> Faces {
        Faces::from_dice(dice).unwrap()
    }

    fn keeps(table: Table, dice: &[u8]) -> Vec<(Vec<u8>, u32)> {
        let mut out = Vec::new();
        table.for_each_keep(faces(dice), |kept, points| {
            out.push((kept.iter().collect(), points))
        });
        out.sort();
        out
    }

    #[test]
    fn the_points_table() {
        let table = Table::default();
        let cases: [(&[u8], u32); 14] = [
            (&[1], 100),
            (&[5], 50),
            (&[1, 1, 1], 1000),
            (&[2, 2, 2], 200),
            (&[3, 3, 3], 300),
            (&[4, 4, 4], 400),
            (&[5, 5, 5], 500),
            (&[6, 6, 6], 600),
            (&[1, 2, 3, 4, 5], 1500),
            (&[2, 3, 4, 5, 6], 1500),
            (&[5, 5, 5, 5, 5], 5000),
            (&[1, 1, 1, 1], 1100),
            (&[5, 5, 5, 5], 550),
            (&[1, 5, 6, 6, 6], 750),
        ];
        for (dice, points) in cases {
            assert_eq!(table.keep_value(faces(dice)), Some(points), "{dice:?}");
        }
        assert_eq!(table.keep_value(faces(&[1, 1, 1, 1, 1])), None);
        assert_eq!(table.keep_value(Faces::EMPTY), None);
    }

    #[test]
    fn extra_multiples_double_per_extra_die() {
        let table = Table {
            extra_multiples: true,
            ..Table::default()
        };
        assert_eq!(table.keep_value(faces(&[2, 2, 2, 2])), Some(400));
        assert_eq!(table.keep_value(faces(&[6, 6, 6, 6, 6])), Some(2400));
        assert_eq!(table.keep_value(faces(&[1, 1, 1, 1])), Some(2000));
        assert_eq!(table.keep_value(faces(&[5, 5, 5, 5])), Some(1000));
        assert_eq!(table.keep_value(faces(&[5, 5, 5, 5, 5])), Some(5000));
        assert_eq!(table.keep_value(faces(&[2, 2, 2])), Some(200));
    }

    #[test]
    fn keeps_of_a_straight() {
        let table = Table::default();
        assert_eq!(
            keeps(table, &[1, 2, 3, 4, 5]),
            vec![
                (vec![1], 100),
                (vec![1, 2, 3, 4, 5], 1500),
                (vec![1, 5], 150),
                (vec![5], 50),
            ]
        );
        assert_eq!(
            keeps(table, &[2, 3, 4, 5, 6]),
            vec![(vec![2, 3, 4, 5, 6], 1500), (vec![5], 50)]
        );
    }

    #[test]
    fn a_zero_throw_has_no_keep() {
        let table = Table::default();
        for dice in [&[2, 2, 3, 3, 4][..], &[6], &[2, 3], &[4, 4, 6, 6]] {
            assert!(!has_scoring_group(faces(dice)));
            assert!(keeps(table, dice).is_empty());
        }
    }
}

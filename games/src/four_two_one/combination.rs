//! The 56 results of three dice, their total order and their token values (rules §1 and §2).
//!
//! Every ordered throw of three dice is classified once, at compile time, into a table of 216
//! entries, so that ranking a result on the hot path is one table read.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// Three dice. The rules read them from the highest face to the lowest (4-2-1 is `[4, 2, 1]`),
/// the ace counting as 1; every `Dice` the game stores or reports is in that order.
pub type Dice = [u8; 3];

/// The number of distinct results of three dice.
pub const RESULTS: usize = 56;

/// The family of a result, strongest first (rules §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneCategory))]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// 4-2-1, the best result (10 tokens).
    FourTwoOne,
    /// 1-1-1 (7 tokens).
    ThreeAces,
    /// Two aces and another face x, a "fiche" (x tokens).
    Fiche,
    /// Three of a kind x other than aces, a "baraque" or brelan (x tokens).
    Baraque,
    /// Three faces in a row, 6-5-4 down to 3-2-1 (2 tokens).
    Suite,
    /// Any other result (1 token), ranked by highest, middle, then lowest die.
    Other,
    /// 2-2-1, the weakest result (2 tokens).
    Nenette,
}

/// A result with its place in the order and its token value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneCombination))]
pub struct Combination {
    /// The dice, highest face first.
    #[cfg_attr(feature = "openapi", schema(value_type = [u8; 3]))]
    pub dice: Dice,
    /// The family of the result.
    pub category: Category,
    /// Its place among the 56 results: 1 is 4-2-1 (best), 56 the nénette (worst).
    pub rank: u8,
    /// The tokens it is worth when it is the best result of a round (rules §2).
    pub tokens: u8,
}

impl Combination {
    /// The result shown by three dice in any order; `None` if a face is outside 1..=6.
    pub fn of(dice: [u8; 3]) -> Option<Combination> {
        let entry = entry(dice)?;
        Some(Combination {
            dice: sort_desc(dice),
            category: entry.category,
            rank: entry.rank,
            tokens: entry.tokens,
        })
    }

    /// Compares by strength: `Greater` when `self` beats `other`, `Equal` only for the same
    /// result (rules §1: results tie only when the multisets of faces are identical).
    pub fn strength_cmp(&self, other: &Combination) -> Ordering {
        other.rank.cmp(&self.rank)
    }

    /// Whether `self` beats `other`.
    pub fn beats(&self, other: &Combination) -> bool {
        self.rank < other.rank
    }

    /// All 56 results, best first.
    pub fn all() -> impl Iterator<Item = Combination> {
        (1..=RESULTS as u8).filter_map(|rank| {
            ENTRIES
                .iter()
                .position(|e| e.rank == rank)
                .and_then(|index| Combination::of(decode(index)))
        })
    }
}

/// Compares two throws (in any die order) by strength: `Greater` when `a` beats `b`. Faces
/// outside 1..=6 rank below every real result.
pub fn compare(a: [u8; 3], b: [u8; 3]) -> Ordering {
    rank(b).cmp(&rank(a))
}

/// The place of a throw (in any die order) among the 56 results, 1 being the best; faces outside
/// 1..=6 give 57, below every real result.
pub fn rank(dice: [u8; 3]) -> u8 {
    entry(dice).map_or(RESULTS as u8 + 1, |e| e.rank)
}

/// The dice sorted from the highest face to the lowest.
pub const fn sort_desc(dice: [u8; 3]) -> Dice {
    let [mut a, mut b, mut c] = dice;
    if a < b {
        (a, b) = (b, a);
    }
    if b < c {
        (b, c) = (c, b);
    }
    if a < b {
        (a, b) = (b, a);
    }
    [a, b, c]
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    rank: u8,
    category: Category,
    tokens: u8,
}

/// Every ordered throw, indexed by `36 (a - 1) + 6 (b - 1) + (c - 1)`.
const ENTRIES: [Entry; 216] = build_entries();

fn entry(dice: [u8; 3]) -> Option<Entry> {
    if dice.iter().any(|face| !(1..=6).contains(face)) {
        return None;
    }
    let [a, b, c] = dice.map(usize::from);
    ENTRIES.get(36 * (a - 1) + 6 * (b - 1) + (c - 1)).copied()
}

const fn decode(index: usize) -> [u8; 3] {
    // index < 216, so each face is in 1..=6 and fits in a u8.
    [
        (index / 36 % 6) as u8 + 1,
        (index / 6 % 6) as u8 + 1,
        (index % 6) as u8 + 1,
    ]
}

const fn build_entries() -> [Entry; 216] {
    let mut entries = [Entry {
        rank: 0,
        category: Category::Other,
        tokens: 0,
    }; 216];
    let mut index = 0;
    while index < 216 {
        entries[index] = classify(sort_desc(decode(index)));
        index += 1;
    }
    entries
}

/// The special results (every category but `Other`), with their rank and tokens.
const fn special(dice: Dice) -> Option<Entry> {
    let [high, mid, low] = dice;
    let (rank, category, tokens) = match dice {
        [4, 2, 1] => (1, Category::FourTwoOne, 10),
        [1, 1, 1] => (2, Category::ThreeAces, 7),
        [2, 2, 1] => (56, Category::Nenette, 2),
        // Fiches and baraques interleave by value, the fiche first (rules §1.3, Q1):
        // 6-1-1 is 3rd, 6-6-6 4th, 5-1-1 5th ... 2-2-2 12th.
        [x, 1, 1] => (3 + 2 * (6 - x), Category::Fiche, x),
        _ if high == mid && mid == low => (4 + 2 * (6 - high), Category::Baraque, high),
        // 6-5-4 is 13th down to 3-2-1 16th (Q3: 3-2-1 is a suite).
        _ if high == mid + 1 && mid == low + 1 => (13 + (6 - high), Category::Suite, 2),
        _ => return None,
    };
    Some(Entry {
        rank,
        category,
        tokens,
    })
}

/// Whether `a` comes before `b` reading (highest, middle, lowest) lexicographically.
const fn lexicographically_above(a: Dice, b: Dice) -> bool {
    a[0] > b[0] || (a[0] == b[0] && (a[1] > b[1] || (a[1] == b[1] && a[2] > b[2])))
}

/// Classifies a sorted result. The 39 ordinary results follow the suites (rank 17 for 6-6-5),
/// ordered by highest die, then middle, then lowest, the ace counting low (rules §1.5, Q2).
const fn classify(dice: Dice) -> Entry {
    if let Some(entry) = special(dice) {
        return entry;
    }
    let mut above = 0;
    let mut high = 1;
    while high <= 6 {
        let mut mid = 1;
        while mid <= high {
            let mut low = 1;
            while low <= mid {
                let other = [high, mid, low];
                if special(other).is_none() && lexicographically_above(other, dice) {
                    above += 1;
                }
                low += 1;
            }
            mid += 1;
        }
        high += 1;
    }
    Entry {
        rank: 17 + above,
        category: Category::Other,
        tokens: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of rules §2, copied by hand: dice read high to low and their token value, best
    /// first. Everything below is checked against this literal, not against the code's formulas.
    const TABLE: [(Dice, u8); RESULTS] = [
        ([4, 2, 1], 10),
        ([1, 1, 1], 7),
        ([6, 1, 1], 6),
        ([6, 6, 6], 6),
        ([5, 1, 1], 5),
        ([5, 5, 5], 5),
        ([4, 1, 1], 4),
        ([4, 4, 4], 4),
        ([3, 1, 1], 3),
        ([3, 3, 3], 3),
        ([2, 1, 1], 2),
        ([2, 2, 2], 2),
        ([6, 5, 4], 2),
        ([5, 4, 3], 2),
        ([4, 3, 2], 2),
        ([3, 2, 1], 2),
        ([6, 6, 5], 1),
        ([6, 6, 4], 1),
        ([6, 6, 3], 1),
        ([6, 6, 2], 1),
        ([6, 6, 1], 1),
        ([6, 5, 5], 1),
        ([6, 5, 3], 1),
        ([6, 5, 2], 1),
        ([6, 5, 1], 1),
        ([6, 4, 4], 1),
        ([6, 4, 3], 1),
        ([6, 4, 2], 1),
        ([6, 4, 1], 1),
        ([6, 3, 3], 1),
        ([6, 3, 2], 1),
        ([6, 3, 1], 1),
        ([6, 2, 2], 1),
        ([6, 2, 1], 1),
        ([5, 5, 4], 1),
        ([5, 5, 3], 1),
        ([5, 5, 2], 1),
        ([5, 5, 1], 1),
        ([5, 4, 4], 1),
        ([5, 4, 2], 1),
        ([5, 4, 1], 1),
        ([5, 3, 3], 1),
        ([5, 3, 2], 1),
        ([5, 3, 1], 1),
        ([5, 2, 2], 1),
        ([5, 2, 1], 1),
        ([4, 4, 3], 1),
        ([4, 4, 2], 1),
        ([4, 4, 1], 1),
        ([4, 3, 3], 1),
        ([4, 3, 1], 1),
        ([4, 2, 2], 1),
        ([3, 3, 2], 1),
        ([3, 3, 1], 1),
        ([3, 2, 2], 1),
        ([2, 2, 1], 2),
    ];

    #[test]
    fn all_56_results_in_the_exact_order_of_the_table_with_their_tokens() {
        for (index, (dice, tokens)) in TABLE.iter().enumerate() {
            let combination = Combination::of(*dice).unwrap();
            assert_eq!(usize::from(combination.rank), index + 1, "rank of {dice:?}");
            assert_eq!(combination.tokens, *tokens, "tokens of {dice:?}");
            assert_eq!(combination.dice, *dice);
        }
        let listed: Vec<(Dice, u8)> = Combination::all().map(|c| (c.dice, c.tokens)).collect();
        assert_eq!(listed, TABLE.to_vec());
    }

    #[test]
    fn the_table_holds_every_throw_exactly_once() {
        // The 216 ordered throws fall on the 56 results with the multiplicities of multisets:
        // 6 for three different faces, 3 for a pair, 1 for three of a kind.
        let mut seen = [0usize; RESULTS];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    let rank = rank([a, b, c]);
                    seen[usize::from(rank) - 1] += 1;
                }
            }
        }
        for (index, (dice, _)) in TABLE.iter().enumerate() {
            let expected = match (dice[0] == dice[1], dice[1] == dice[2]) {
                (true, true) => 1,
                (false, false) if dice[0] != dice[2] => 6,
                _ => 3,
            };
            assert_eq!(seen[index], expected, "{dice:?}");
        }
    }

    #[test]
    fn comparison_agrees_with_the_table_for_all_56_by_56_pairs() {
        for (i, (a, _)) in TABLE.iter().enumerate() {
            for (j, (b, _)) in TABLE.iter().enumerate() {
                // Earlier in the table is stronger.
                let expected = j.cmp(&i);
                assert_eq!(compare(*a, *b), expected, "{a:?} vs {b:?}");
                let (ca, cb) = (Combination::of(*a).unwrap(), Combination::of(*b).unwrap());
                assert_eq!(ca.strength_cmp(&cb), expected);
                assert_eq!(ca.beats(&cb), i < j);
                // Die order never matters.
                assert_eq!(compare([a[2], a[0], a[1]], [b[1], b[2], b[0]]), expected);
            }
        }
    }

    #[test]
    fn categories_follow_the_families_of_rules_section_1() {
        let category = |dice| Combination::of(dice).unwrap().category;
        assert_eq!(category([1, 2, 4]), Category::FourTwoOne);
        assert_eq!(category([1, 1, 1]), Category::ThreeAces);
        assert_eq!(category([1, 6, 1]), Category::Fiche);
        assert_eq!(category([3, 3, 3]), Category::Baraque);
        assert_eq!(category([2, 3, 1]), Category::Suite);
        assert_eq!(category([6, 6, 1]), Category::Other);
        assert_eq!(category([1, 2, 2]), Category::Nenette);
        let count = |wanted| Combination::all().filter(|c| c.category == wanted).count();
        assert_eq!(count(Category::Fiche), 5);
        assert_eq!(count(Category::Baraque), 5);
        assert_eq!(count(Category::Suite), 4);
        assert_eq!(count(Category::Other), 39);
    }

    #[test]
    fn faces_outside_one_to_six_are_no_result() {
        assert_eq!(Combination::of([0, 2, 1]), None);
        assert_eq!(Combination::of([7, 2, 1]), None);
        assert_eq!(rank([9, 9, 9]), 57);
        assert_eq!(compare([2, 2, 1], [0, 0, 0]), Ordering::Greater);
    }

    #[test]
    fn seed_example_the_order_of_the_seed_list_is_respected() {
        // The original rules' list, best first: 421, 3 aces, 2 aces + six, 3 sixes, ... 2-3-4,
        // ace-2-3.
        let seed = [
            [4, 2, 1],
            [1, 1, 1],
            [1, 1, 6],
            [6, 6, 6],
            [1, 1, 5],
            [5, 5, 5],
            [1, 1, 4],
            [4, 4, 4],
            [1, 1, 3],
            [3, 3, 3],
            [1, 1, 2],
            [2, 2, 2],
            [4, 5, 6],
            [3, 4, 5],
            [2, 3, 4],
            [1, 2, 3],
        ];
        for pair in seed.windows(2) {
            assert_eq!(compare(pair[0], pair[1]), Ordering::Greater, "{pair:?}");
        }
        // S1: 6-4-1 beats 5-5-3 (highest die first); ordinary results stay above the nénette.
        assert_eq!(compare([6, 4, 1], [5, 5, 3]), Ordering::Greater);
        assert_eq!(compare([3, 2, 2], [2, 2, 1]), Ordering::Greater);
    }
}

//! A division's fixtures: a double round robin for two-player games (circle method, first
//! seat alternating), rounds of larger tables where every pair meets as evenly as the numbers
//! allow.

use serde::{Deserialize, Serialize};

use crate::record::PlayerId;
use crate::swiss::TableSizes;
use crate::tables::{fill_balanced, table_sizes};

/// One round of a division's schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledRound<Id> {
    /// The tables, each in seat order (first seat first).
    pub tables: Vec<Vec<Id>>,
    /// Who sits this round out (an odd division of a two-player game rests one player a round).
    pub resting: Vec<Id>,
}

/// Every pair of `players` meets twice, once with each in the first seat: `2 × (n − 1)`
/// rounds (`2n` when `n` is odd, each player resting twice).
///
/// The circle method: the last player (or a rest, for an odd number) stays put while the others
/// turn; in round `r` it meets player `r`, and players `r + i` and `r − i` (modulo `n − 1`)
/// meet. The stationary player takes the first seat in odd rounds, and `r + i` takes it when
/// `i` is odd: each player's seats alternate with at most one repeat in each half. The second
/// half replays the first with the seats swapped.
pub fn double_round_robin<Id: PlayerId>(players: &[Id]) -> Vec<ScheduledRound<Id>> {
    let n = players.len();
    if n < 2 {
        return Vec::new();
    }
    let size = n + n % 2;
    let turning = size - 1;
    let slot = |position: usize| players.get(position).copied();
    let mut first_half = Vec::with_capacity(turning);
    for r in 0..turning {
        let mut pairs = vec![if r % 2 == 1 {
            (size - 1, r)
        } else {
            (r, size - 1)
        }];
        for i in 1..size / 2 {
            let (a, b) = ((r + i) % turning, (r + turning - i) % turning);
            pairs.push(if i % 2 == 1 { (a, b) } else { (b, a) });
        }
        let mut round = ScheduledRound {
            tables: Vec::new(),
            resting: Vec::new(),
        };
        for (first, second) in pairs {
            match (slot(first), slot(second)) {
                (Some(x), Some(y)) => round.tables.push(vec![x, y]),
                (Some(x), None) | (None, Some(x)) => round.resting.push(x),
                (None, None) => {}
            }
        }
        first_half.push(round);
    }
    let second_half: Vec<ScheduledRound<Id>> = first_half
        .iter()
        .map(|round| ScheduledRound {
            tables: round
                .tables
                .iter()
                .map(|t| t.iter().rev().copied().collect())
                .collect(),
            resting: round.resting.clone(),
        })
        .collect();
    first_half.into_iter().chain(second_half).collect()
}

/// The number of rounds after which every pair of `players` players can have met at tables of
/// `sizes`: `⌈(n − 1) / (s − 1)⌉` for the smallest table `s` of a round.
pub fn suggested_table_rounds(players: usize, sizes: TableSizes) -> usize {
    match table_sizes(players, sizes.min(), sizes.max()).last() {
        Some(&smallest) => (players - 1).div_ceil(smallest - 1),
        None => 0,
    }
}

/// `rounds` rounds of tables of `sizes` for `players` (a division of a game played at more than
/// two seats): everyone plays every round (but a remainder too small for a table, which rests),
/// and each round seats together those who have met the fewest times so far, so the number of
/// meetings of any two players stays as even as the numbers allow. The first seat goes to whoever
/// has had it the fewest times.
pub fn table_schedule<Id: PlayerId>(
    players: &[Id],
    sizes: TableSizes,
    rounds: usize,
) -> Vec<ScheduledRound<Id>> {
    let n = players.len();
    let table_count = table_sizes(n, sizes.min(), sizes.max());
    let mut met = vec![0u32; n * n];
    let mut first_seats = vec![0usize; n];
    let mut out = Vec::with_capacity(rounds);
    for r in 0..rounds {
        // A different starting player each round, so the greedy fill does not favour one.
        let order: Vec<usize> = (0..n).map(|k| (k + r) % n).collect();
        let seated: usize = table_count.iter().sum();
        let meets = |a: usize, b: usize| met[a * n + b];
        let mut tables = fill_balanced(&order[..seated], &table_count, &meets);
        for table in &mut tables {
            table.sort_by_key(|&p| (first_seats[p], p));
            first_seats[table[0]] += 1;
            for &a in table.iter() {
                for &b in table.iter().filter(|&&b| b != a) {
                    met[a * n + b] += 1;
                }
            }
        }
        out.push(ScheduledRound {
            tables: tables
                .iter()
                .map(|t| t.iter().map(|&p| players[p]).collect())
                .collect(),
            resting: order[seated..].iter().map(|&p| players[p]).collect(),
        });
    }
    out
}

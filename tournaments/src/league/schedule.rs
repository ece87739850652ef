//! A division's fixtures: a double round robin for two-player games (circle method, first
//! seat alternating), rounds of larger tables where every pair meets as evenly as the numbers
//! allow.

use serde::{Deserialize, Serialize};

use crate::record::PlayerId;
use crate::swiss::TableSizes;
use crate::tables::{EXHAUSTIVE_MAX, best_partition, fill_balanced, table_sizes};

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

/// The number of rounds a division of `players` at tables of `sizes` plays: the fewest after
/// which [`table_schedule`] has every pair meet at least once (at least `⌈(n − 1) / (s − 1)⌉`
/// for the smallest table `s` of a round; often a round or two more, since tables seldom cover
/// the pairs exactly). Zero for fewer than two players.
pub fn suggested_table_rounds(players: usize, sizes: TableSizes) -> usize {
    let Some(&smallest) = table_sizes(players, sizes.min(), sizes.max()).last() else {
        return 0;
    };
    let lower_bound = (players - 1).div_ceil(smallest - 1);
    let ids: Vec<usize> = (0..players).collect();
    let cap = 4 * lower_bound;
    for rounds in lower_bound..cap {
        let met = meetings(players, &table_schedule(&ids, sizes, rounds));
        let mut pairs = met
            .iter()
            .enumerate()
            .filter(|(i, _)| i / players != i % players);
        if pairs.all(|(_, &m)| m >= 1) {
            return rounds;
        }
    }
    cap
}

/// How many times each ordered pair of players sits together in `schedule` (`n × n`).
fn meetings(n: usize, schedule: &[ScheduledRound<usize>]) -> Vec<u64> {
    let mut met = vec![0u64; n * n];
    for table in schedule.iter().flat_map(|round| &round.tables) {
        add_table(&mut met, n, table, 1);
    }
    met
}

/// Adds (`sign` 1) or removes (`sign` -1) a table's pairs to the meeting counts.
fn add_table(met: &mut [u64], n: usize, table: &[usize], sign: i8) {
    for &a in table {
        for &b in table.iter().filter(|&&b| b != a) {
            let count = &mut met[a * n + b];
            *count = if sign > 0 {
                *count + 1
            } else {
                count.saturating_sub(1)
            };
        }
    }
}

/// `rounds` rounds of tables of `sizes` for `players` (a division of a game played at more than
/// two seats): everyone plays every round (but a remainder too small for a table, which rests),
/// and the meetings of any two players are spread as evenly as the search finds.
///
/// Each round in turn seats together the pairs that have met the least (for ten players or
/// fewer, the best of every possible seating by the sum of the meeting counts of the pairs it
/// seats together); then, pass after pass, each round is seated again given all the others,
/// while that lowers the sum of the squared meeting counts (a local search: the spread it
/// reaches is measured in `docs/tournaments.md`, not proven least). The first seat of each table goes to whoever has had it the fewest
/// times, then to whoever had it longest ago.
pub fn table_schedule<Id: PlayerId>(
    players: &[Id],
    sizes: TableSizes,
    rounds: usize,
) -> Vec<ScheduledRound<Id>> {
    let n = players.len();
    let table_count = table_sizes(n, sizes.min(), sizes.max());
    let seated: usize = table_count.iter().sum();
    let mut met = vec![0u64; n * n];
    let mut plan: Vec<(Vec<Vec<usize>>, Vec<usize>)> = Vec::with_capacity(rounds);
    for r in 0..rounds {
        // A different starting player each round, so ties do not favour one.
        let order: Vec<usize> = (0..n).map(|k| (k + r) % n).collect();
        let tables = seat_round(&order[..seated], &table_count, &met, n);
        tables.iter().for_each(|t| add_table(&mut met, n, t, 1));
        plan.push((tables, order[seated..].to_vec()));
    }
    if n <= EXHAUSTIVE_MAX {
        for _ in 0..PASSES {
            let mut changed = false;
            for (tables, _) in &mut plan {
                tables.iter().for_each(|t| add_table(&mut met, n, t, -1));
                let mut order: Vec<usize> = tables.iter().flatten().copied().collect();
                order.sort_unstable();
                let better = seat_round(&order, &table_count, &met, n);
                if cost(&better, &met, n) < cost(tables, &met, n) {
                    *tables = better;
                    changed = true;
                }
                tables.iter().for_each(|t| add_table(&mut met, n, t, 1));
            }
            if !changed {
                break;
            }
        }
    }
    seat_first(plan, players, n)
}

/// How many passes of re-seating [`table_schedule`] makes at most.
const PASSES: usize = 6;

/// The cost of a round's tables given the other rounds' meetings: the sum of the meeting counts
/// of the pairs it seats together. Seating a pair that has met `m` times raises the sum of the
/// squared counts over all pairs by `2m + 1`, so the cheapest round is the one that keeps that
/// sum (the spread of the counts) lowest.
fn cost(tables: &[Vec<usize>], met: &[u64], n: usize) -> u64 {
    tables.iter().map(|t| table_cost(t, met, n)).sum()
}

fn table_cost(table: &[usize], met: &[u64], n: usize) -> u64 {
    let mut total = 0;
    for (i, &a) in table.iter().enumerate() {
        for &b in &table[i + 1..] {
            total += met[a * n + b];
        }
    }
    total
}

/// One round's tables: the players who have met least often sit together. A division (ten
/// players at most) tries every seating and keeps the cheapest by [`cost`]; a larger group is
/// seated greedily.
fn seat_round(order: &[usize], sizes: &[usize], met: &[u64], n: usize) -> Vec<Vec<usize>> {
    if order.len() > EXHAUSTIVE_MAX {
        let meets = |a: usize, b: usize| u32::try_from(met[a * n + b]).unwrap_or(u32::MAX);
        return fill_balanced(order, sizes, &meets);
    }
    best_partition(order, sizes, &|table: &[usize]| table_cost(table, met, n))
}

/// Orders each table's seats (first seat: fewest first seats so far, then longest ago) and
/// names the players.
fn seat_first<Id: PlayerId>(
    plan: Vec<(Vec<Vec<usize>>, Vec<usize>)>,
    players: &[Id],
    n: usize,
) -> Vec<ScheduledRound<Id>> {
    let mut last_first = vec![0usize; n];
    let mut first_seats = vec![0usize; n];
    let mut out = Vec::with_capacity(plan.len());
    for (r, (mut tables, resting)) in plan.into_iter().enumerate() {
        for table in &mut tables {
            table.sort_by_key(|&p| (first_seats[p], last_first[p], (p + n - r % n) % n));
            first_seats[table[0]] += 1;
            last_first[table[0]] = r + 1;
        }
        out.push(ScheduledRound {
            tables: tables
                .iter()
                .map(|t| t.iter().map(|&p| players[p]).collect())
                .collect(),
            resting: resting.iter().map(|&p| players[p]).collect(),
        });
    }
    out
}

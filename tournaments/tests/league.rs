//! Leagues: divisions, a season's promotions and relegations, and the round-robin schedules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

use tapis_tournaments::TableSizes;
use tapis_tournaments::league::{
    Movement, division_sizes, divisions_by_rating, double_round_robin, next_season,
    suggested_table_rounds, table_schedule,
};

#[test]
fn divisions_hold_six_to_ten_players() {
    assert_eq!(division_sizes(1), Vec::<usize>::new());
    assert_eq!(division_sizes(5), [5]);
    assert_eq!(division_sizes(10), [10]);
    assert_eq!(division_sizes(11), [6, 5]);
    assert_eq!(division_sizes(12), [6, 6]);
    assert_eq!(division_sizes(21), [7, 7, 7]);
    assert_eq!(division_sizes(25), [9, 8, 8]);
    for n in 12..500 {
        let sizes = division_sizes(n);
        assert_eq!(sizes.iter().sum::<usize>(), n);
        assert!(sizes.iter().all(|s| (6..=10).contains(s)), "{n}: {sizes:?}");
    }
}

#[test]
fn the_first_season_groups_by_rating() {
    let players: Vec<(u32, i32)> = (1..=13)
        .map(|id| (id, 1000 + (id as i32 * 37) % 500))
        .collect();
    let divisions = divisions_by_rating(&players);
    assert_eq!(divisions.iter().map(Vec::len).collect::<Vec<_>>(), [7, 6]);
    let rating: HashMap<u32, i32> = players.iter().copied().collect();
    let lowest_top = divisions[0].iter().map(|id| rating[id]).min().unwrap();
    let highest_second = divisions[1].iter().map(|id| rating[id]).max().unwrap();
    assert!(lowest_top >= highest_second);
}

#[test]
fn a_season_ends_with_promotions_relegations_leavers_and_newcomers() {
    // Three divisions of eight, each listed in final standings order.
    let finished: Vec<Vec<u32>> = vec![(1..=8).collect(), (9..=16).collect(), (17..=24).collect()];
    // By hand. Moves: 6, 7, 8 down; 9, 10 up; 14, 15, 16 down; 17, 18 up.
    //   top: 1-5 stay + 9, 10 = 7; middle: 6, 7, 8 + 11, 12, 13 + 17, 18 = 8;
    //   bottom: 14, 15, 16 + 19-24 = 9.
    // 12 leaves (middle: 7); newcomers 101 (1700) then 100 (1600) join the bottom (11).
    // 25 players make divisions of 9, 8, 8: the top takes the best two who stayed in the
    // middle (11, 13); the middle, short of three, takes the best three who stayed at the
    // bottom (19, 20, 21).
    let next = next_season(&finished, &[12], &[(100, 1600), (101, 1700)]).unwrap();
    assert_eq!(
        next.divisions,
        [
            vec![1, 2, 3, 4, 5, 9, 10, 11, 13],
            vec![6, 7, 8, 17, 18, 19, 20, 21],
            vec![14, 15, 16, 22, 23, 24, 101, 100],
        ]
    );
    let movement: HashMap<u32, (usize, Movement)> = next
        .placements
        .iter()
        .map(|p| (p.id, (p.division, p.movement)))
        .collect();
    assert_eq!(movement[&1], (0, Movement::Stayed));
    assert_eq!(movement[&9], (0, Movement::Promoted));
    assert_eq!(movement[&8], (1, Movement::Relegated));
    assert_eq!(movement[&17], (1, Movement::Promoted));
    assert_eq!(movement[&16], (2, Movement::Relegated));
    assert_eq!(movement[&24], (2, Movement::Stayed));
    assert_eq!(movement[&100], (2, Movement::Joined));
    assert!(!movement.contains_key(&12));
    assert_eq!(next.placements.len(), 25);
}

#[test]
fn a_league_with_nobody_yet_starts_from_the_newcomers() {
    let newcomers: Vec<(u32, i32)> = (1..=7).map(|id| (id, 1500 - id as i32)).collect();
    let next = next_season(&[], &[], &newcomers).unwrap();
    assert_eq!(next.divisions, [vec![1, 2, 3, 4, 5, 6, 7]]);
    assert!(
        next.placements
            .iter()
            .all(|p| p.movement == Movement::Joined)
    );
    assert!(next_season(&[vec![1, 2]], &[], &[(2, 1500)]).is_err());
}

#[test]
fn two_player_divisions_meet_every_pair_once_each_way() {
    for n in 2..=10u32 {
        let players: Vec<u32> = (1..=n).collect();
        let rounds = double_round_robin(&players);
        let per_half = if n % 2 == 0 { n - 1 } else { n } as usize;
        assert_eq!(rounds.len(), 2 * per_half);
        let mut ways: HashMap<(u32, u32), u32> = HashMap::new();
        for round in &rounds {
            let mut seen: Vec<u32> = round
                .tables
                .iter()
                .flatten()
                .chain(&round.resting)
                .copied()
                .collect();
            seen.sort();
            assert_eq!(seen, players, "everyone once a round");
            for table in &round.tables {
                *ways.entry((table[0], table[1])).or_default() += 1;
            }
        }
        for a in 1..=n {
            for b in 1..=n {
                if a != b {
                    assert_eq!(ways.get(&(a, b)), Some(&1), "{n}: {a} first against {b}");
                }
            }
        }
        // First seats alternate: at most one repeat per player in each half.
        for p in 1..=n {
            let seats: Vec<bool> = rounds[..per_half]
                .iter()
                .flat_map(|r| {
                    r.tables
                        .iter()
                        .filter(|t| t.contains(&p))
                        .map(|t| t[0] == p)
                })
                .collect();
            let repeats = seats.windows(2).filter(|w| w[0] == w[1]).count();
            assert!(repeats <= 1, "{n}: player {p} seats {seats:?}");
        }
    }
}

#[test]
fn larger_tables_meet_every_pair_as_evenly_as_the_numbers_allow() {
    for n in 6..=10usize {
        for k in 3..=8usize {
            let sizes = TableSizes::up_to(k).unwrap();
            let rounds = suggested_table_rounds(n, sizes);
            let players: Vec<usize> = (0..n).collect();
            let schedule = table_schedule(&players, sizes, rounds);
            let mut met = vec![0u32; n * n];
            let mut first = vec![0u32; n];
            for round in &schedule {
                let mut seen: Vec<usize> = round.tables.iter().flatten().copied().collect();
                seen.sort();
                assert_eq!(seen, players);
                for table in &round.tables {
                    assert!((2..=k).contains(&table.len()));
                    first[table[0]] += 1;
                    for &a in table {
                        for &b in table.iter().filter(|&&b| b != a) {
                            met[a * n + b] += 1;
                        }
                    }
                }
            }
            let pairs: Vec<u32> = (0..n)
                .flat_map(|a| (0..n).filter(move |&b| b != a).map(move |b| (a, b)))
                .map(|(a, b)| met[a * n + b])
                .collect();
            let (low, high) = (pairs.iter().min().unwrap(), pairs.iter().max().unwrap());
            println!("{n} players, tables up to {k}: {rounds} rounds, meetings {low}..={high}");
            assert!(*low >= 1, "{n}/{k}: a pair never meets");
            assert!(high - low <= 3, "{n}/{k}: meetings {low}..={high}");
            let (fl, fh) = (first.iter().min().unwrap(), first.iter().max().unwrap());
            assert!(fh - fl <= 2, "{n}/{k}: first seats {first:?}");
        }
    }
}

//! Property tests over random tournaments: every round is a valid pairing, no rematch while one
//! can be avoided (checked against a brute force on small fields), byes spread by the rules,
//! withdrawn players never seated, and the standings add up.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use support::SplitMix;
use tapis_tournaments::{
    Contender, Entrant, Pairing, Points, RoundRecord, TableSizes, contenders, pair_round, standings,
};

/// A tournament of `n` players played for `rounds` rounds by the crate's own pairings, each
/// player withdrawing after a round with probability `withdraw_percent` %.
fn tournament(
    n: u32,
    rounds: usize,
    sizes: TableSizes,
    withdraw_percent: u64,
    seed: u64,
) -> (Vec<Entrant<u32>>, Vec<RoundRecord<u32>>) {
    let mut entrants = support::entrants(n);
    let mut rng = SplitMix(seed);
    let mut played = Vec::new();
    for _ in 0..rounds {
        let players = contenders(&entrants, &played).unwrap();
        let pairing = pair_round(&players, sizes).unwrap();
        played.push(support::record(&pairing, &mut rng));
        for entrant in &mut entrants {
            entrant.withdrawn |= rng.below(100) < withdraw_percent;
        }
    }
    (entrants, played)
}

/// Checks that every player still in sits exactly once, and nobody else.
fn everyone_once(players: &[Contender<u32>], pairing: &Pairing<u32>) {
    let active: HashSet<u32> = players
        .iter()
        .filter(|p| !p.withdrawn)
        .map(|p| p.id)
        .collect();
    let mut seen = HashSet::new();
    for id in pairing.tables.iter().flatten().chain(&pairing.byes) {
        assert!(seen.insert(*id), "{id} seated twice");
        assert!(active.contains(id), "{id} is withdrawn or unknown");
    }
    assert_eq!(seen, active);
}

/// The fewest rematches any two-player pairing of the active players can have, with the bye
/// (for an odd number) restricted to `may_sit_out`: by trying every pairing.
fn fewest_rematches(active: &[&Contender<u32>], may_sit_out: &HashSet<u32>) -> u32 {
    fn pair_up(left: &[&Contender<u32>]) -> u32 {
        let Some((first, rest)) = left.split_first() else {
            return 0;
        };
        (0..rest.len())
            .map(|k| {
                let met = first.opponents.iter().filter(|o| **o == rest[k].id).count() as u32;
                let others: Vec<&Contender<u32>> = rest
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != k)
                    .map(|(_, p)| *p)
                    .collect();
                met + pair_up(&others)
            })
            .min()
            .unwrap_or(0)
    }
    if active.len().is_multiple_of(2) {
        return pair_up(active);
    }
    (0..active.len())
        .filter(|&k| may_sit_out.contains(&active[k].id))
        .map(|k| {
            let others: Vec<&Contender<u32>> = active
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, p)| *p)
                .collect();
            pair_up(&others)
        })
        .min()
        .unwrap_or(0)
}

/// The players the bye rules allow to sit out: the fewest byes among those still in, and
/// outside the top score group while one of them is.
fn may_sit_out(active: &[&Contender<u32>]) -> HashSet<u32> {
    let fewest = active.iter().map(|p| p.byes).min().unwrap_or(0);
    let top = active.iter().map(|p| p.score).max().unwrap_or(Points::ZERO);
    let several_groups = active.iter().any(|p| p.score != top);
    let fewest_byes: Vec<&&Contender<u32>> = active.iter().filter(|p| p.byes == fewest).collect();
    let outside_top: HashSet<u32> = fewest_byes
        .iter()
        .filter(|p| !several_groups || p.score != top)
        .map(|p| p.id)
        .collect();
    if outside_top.is_empty() {
        fewest_byes.iter().map(|p| p.id).collect()
    } else {
        outside_top
    }
}

fn rematches(players: &[Contender<u32>], pairing: &Pairing<u32>) -> u32 {
    let by_id: HashMap<u32, &Contender<u32>> = players.iter().map(|p| (p.id, p)).collect();
    let mut count = 0;
    for table in &pairing.tables {
        for (i, a) in table.iter().enumerate() {
            for b in &table[i + 1..] {
                count += by_id[a].opponents.iter().filter(|o| *o == b).count() as u32;
            }
        }
    }
    count
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn two_player_rounds_are_valid_fair_and_avoid_rematches(
        n in 2u32..=13, rounds in 0usize..=7, withdraw in 0u64..=15, seed in any::<u64>(),
    ) {
        let (entrants, played) = tournament(n, rounds, TableSizes::TWO, withdraw, seed);
        let players = contenders(&entrants, &played).unwrap();
        let pairing = pair_round(&players, TableSizes::TWO).unwrap();
        everyone_once(&players, &pairing);
        let active: Vec<&Contender<u32>> = players.iter().filter(|p| !p.withdrawn).collect();
        prop_assert!(pairing.tables.iter().all(|t| t.len() == 2));
        prop_assert_eq!(pairing.byes.len(), active.len() % 2);
        let allowed = may_sit_out(&active);
        for id in &pairing.byes {
            prop_assert!(allowed.contains(id), "bye to {} against the rules", id);
        }
        prop_assert_eq!(rematches(&players, &pairing), fewest_rematches(&active, &allowed));
    }

    #[test]
    fn larger_tables_are_even_and_seat_everyone_still_in(
        n in 1u32..=40, k in 3usize..=8, rounds in 0usize..=5, withdraw in 0u64..=15,
        seed in any::<u64>(),
    ) {
        let sizes = TableSizes::up_to(k).unwrap();
        let (entrants, played) = tournament(n, rounds, sizes, withdraw, seed);
        let players = contenders(&entrants, &played).unwrap();
        let pairing = pair_round(&players, sizes).unwrap();
        everyone_once(&players, &pairing);
        let lengths: Vec<usize> = pairing.tables.iter().map(Vec::len).collect();
        prop_assert!(lengths.iter().all(|l| (2..=k).contains(l)));
        let (low, high) = (lengths.iter().min(), lengths.iter().max());
        if let (Some(low), Some(high)) = (low, high) {
            prop_assert!(high - low <= 1);
        }
        let active = players.iter().filter(|p| !p.withdrawn).count();
        prop_assert_eq!(pairing.byes.len(), usize::from(active == 1));
    }

    #[test]
    fn standings_add_up_and_are_ordered(
        n in 2u32..=16, k in 2usize..=5, rounds in 0usize..=6, seed in any::<u64>(),
    ) {
        let sizes = TableSizes::up_to(k).unwrap();
        let (entrants, played) = tournament(n, rounds, sizes, 5, seed);
        let table = standings(&entrants, &played, sizes).unwrap();
        prop_assert_eq!(table.len(), entrants.len());
        // Every table hands out half a point a seat; every bye half a point.
        let seats: usize = played.iter().flat_map(|r| &r.tables).map(|t| t.seats.len()).sum();
        let byes: usize = played.iter().map(|r| r.byes.len()).sum();
        let total: Points = table.iter().map(|s| s.points).sum();
        prop_assert_eq!(total, Points::from_units(Points::HALF.units() * (seats + byes) as u64));
        for pair in table.windows(2) {
            let key = |s: &tapis_tournaments::Standing<u32>| (s.points, s.tie_breaks);
            prop_assert!(key(&pair[0]) >= key(&pair[1]));
            prop_assert_eq!(pair[0].rank == pair[1].rank, key(&pair[0]) == key(&pair[1]));
        }
    }
}

proptest! {
    // Each case plays a few rounds of several hundred players: fewer cases.
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn large_fields_in_blocks_stay_valid_without_rematches(
        n in 330u32..=700, rounds in 1usize..=4, seed in any::<u64>(),
    ) {
        let (entrants, played) = tournament(n, rounds, TableSizes::TWO, 2, seed);
        let players = contenders(&entrants, &played).unwrap();
        let pairing = pair_round(&players, TableSizes::TWO).unwrap();
        everyone_once(&players, &pairing);
        // A few rounds in a field this large: a pairing without rematches always exists.
        prop_assert_eq!(rematches(&players, &pairing), 0);
        let active: Vec<&Contender<u32>> = players.iter().filter(|p| !p.withdrawn).collect();
        let allowed = may_sit_out(&active);
        prop_assert!(pairing.byes.iter().all(|id| allowed.contains(id)));
    }
}

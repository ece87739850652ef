//! Swiss pairings, example by example: byes, repeats, score groups, first seats, larger tables.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use tapis_tournaments::{
    Contender, Entrant, Points, RoundRecord, TableResult, TableSizes, contenders, pair_round,
};

/// A player with a score in half points, a rating falling with the id, past opponents, first
/// seats and byes.
fn player(
    id: u32,
    halves: u64,
    opponents: &[u32],
    first_seats: &[bool],
    byes: u32,
) -> Contender<u32> {
    Contender {
        score: Points::halves(halves),
        opponents: opponents.to_vec(),
        first_seats: first_seats.to_vec(),
        byes,
        ..Contender::new(id, 2000 - id as i32)
    }
}

fn won(seats: [u32; 2]) -> TableResult<u32> {
    TableResult {
        seats: seats.to_vec(),
        places: vec![1, 2],
        game_scores: vec![0, 0],
    }
}

fn two() -> TableSizes {
    TableSizes::TWO
}

#[test]
fn five_players_round_one_pairs_top_half_against_bottom_half_and_the_last_sits_out() {
    let entrants = support::entrants(5);
    let players = contenders(&entrants, &[]).unwrap();
    let pairing = pair_round(&players, two()).unwrap();
    assert_eq!(pairing.tables, [vec![1, 3], vec![2, 4]]);
    assert_eq!(pairing.byes, [5]);
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_without_one_and_never_to_the_leaders() {
    // Round 1: 1 beat 3, 2 beat 4, 5 had the bye. Scores: 1 and 2 lead with 1, 5 has ½,
    // 3 and 4 have 0. The bye goes to 4 (lowest ranked, no bye yet).
    let entrants = support::entrants(5);
    let round = RoundRecord {
        tables: vec![won([1, 3]), won([2, 4])],
        byes: vec![5],
    };
    let players = contenders(&entrants, &[round]).unwrap();
    let pairing = pair_round(&players, two()).unwrap();
    assert_eq!(pairing.byes, [4]);
    // The leaders meet; 3 (second seat in round 1) takes the first seat against 5.
    assert_eq!(pairing.tables, [vec![1, 2], vec![3, 5]]);
}

#[test]
fn a_second_bye_waits_until_everyone_had_one_and_leaders_are_spared_while_possible() {
    // 3 players: 3 is last but had a bye, 2 has none; 1 leads alone and has none.
    let players = [
        player(1, 2, &[2], &[true], 0),
        player(2, 0, &[1], &[false], 0),
        player(3, 1, &[], &[], 1),
    ];
    let pairing = pair_round(&players, two()).unwrap();
    assert_eq!(pairing.byes, [2]);
    // Only the leader is without a bye: still no second bye for anyone.
    let players = [
        player(1, 3, &[2], &[true], 0),
        player(2, 1, &[1], &[false], 1),
        player(3, 1, &[], &[], 1),
    ];
    assert_eq!(pair_round(&players, two()).unwrap().byes, [1]);
    // Everyone had one: back to the lowest ranked outside the leaders.
    let players = [
        player(1, 3, &[], &[], 1),
        player(2, 1, &[], &[], 1),
        player(3, 1, &[], &[], 1),
    ];
    assert_eq!(pair_round(&players, two()).unwrap().byes, [3]);
    // Unless that forces a rematch: 1 and 2 have met, so 2 sits out and 1 meets 3.
    let players = [
        player(1, 3, &[2], &[true], 1),
        player(2, 1, &[1], &[false], 1),
        player(3, 1, &[], &[], 1),
    ];
    let pairing = pair_round(&players, two()).unwrap();
    assert_eq!(pairing.byes, [2]);
    assert_eq!(pairing.tables, [vec![3, 1]]);
}

#[test]
fn withdrawn_players_are_never_paired_and_can_make_the_field_odd() {
    let mut players: Vec<Contender<u32>> = (1..=4).map(|id| player(id, 0, &[], &[], 0)).collect();
    players[1].withdrawn = true;
    let pairing = pair_round(&players, two()).unwrap();
    let seated: Vec<u32> = pairing.tables.iter().flatten().copied().collect();
    assert!(!seated.contains(&2) && !pairing.byes.contains(&2));
    assert_eq!(pairing.byes, [4]);
    assert_eq!(pairing.tables, [vec![1, 3]]);
}

#[test]
fn rematches_are_avoided_even_against_the_score_groups_preference() {
    // 1 and 2 lead and have met; 3 and 4 have met. The score groups would pair 1-2 and 3-4.
    let players = [
        player(1, 2, &[2], &[true], 0),
        player(2, 2, &[1], &[false], 0),
        player(3, 0, &[4], &[true], 0),
        player(4, 0, &[3], &[false], 0),
    ];
    let pairing = pair_round(&players, two()).unwrap();
    for table in &pairing.tables {
        assert!(
            !matches!(table[..], [1, 2] | [2, 1] | [3, 4] | [4, 3]),
            "{table:?}"
        );
    }
    // Two players who have met can only meet again.
    let pair = [
        player(1, 2, &[2], &[true], 0),
        player(2, 0, &[1], &[false], 0),
    ];
    assert_eq!(pair_round(&pair, two()).unwrap().tables, [vec![2, 1]]);
}

#[test]
fn score_groups_pair_within_and_the_lowest_of_an_odd_group_floats_down() {
    // 1, 2, 3 have 1 point; 4, 5, 6 have none; nobody has met.
    let players: Vec<Contender<u32>> = (1..=6)
        .map(|id| player(id, if id <= 3 { 2 } else { 0 }, &[], &[], 0))
        .collect();
    let pairing = pair_round(&players, two()).unwrap();
    let mut tables: Vec<Vec<u32>> = pairing
        .tables
        .iter()
        .map(|t| {
            let mut t = t.clone();
            t.sort();
            t
        })
        .collect();
    tables.sort();
    // Top group {1, 2, 3}: 3 floats down to meet 4, the top of the next group.
    assert_eq!(tables, [vec![1, 2], vec![3, 4], vec![5, 6]]);
}

#[test]
fn first_seats_stay_balanced_over_a_tournament() {
    let (entrants, rounds) = support::simulate(10, 7, two(), 3);
    let players = contenders(&entrants, &rounds).unwrap();
    for p in &players {
        let first = p.first_seat_count() as i64;
        let second = p.first_seats.len() as i64 - first;
        assert!((first - second).abs() <= 2, "{p:?}");
    }
}

#[test]
fn larger_tables_are_filled_from_the_top_as_evenly_as_possible() {
    let entrants = support::entrants(10);
    let players = contenders(&entrants, &[]).unwrap();
    let pairing = pair_round(&players, TableSizes::up_to(4).unwrap()).unwrap();
    let sizes: Vec<usize> = pairing.tables.iter().map(Vec::len).collect();
    assert_eq!(sizes, [4, 3, 3]);
    let mut top: Vec<u32> = pairing.tables[0].clone();
    top.sort();
    assert_eq!(top, [1, 2, 3, 4]);
    assert!(pairing.byes.is_empty());
    // A lone player cannot make a table: a bye.
    let lone = [player(1, 0, &[], &[], 0)];
    let pairing = pair_round(&lone, TableSizes::up_to(4).unwrap()).unwrap();
    assert!(pairing.tables.is_empty());
    assert_eq!(pairing.byes, [1]);
}

#[test]
fn larger_tables_avoid_repeats_and_rotate_the_first_seat() {
    // Round 1 seated 1-2-3 and 4-5-6 (1 and 4 first); everyone has 0 points again.
    let met = |id: u32| -> Vec<u32> {
        let group: Vec<u32> = if id <= 3 {
            vec![1, 2, 3]
        } else {
            vec![4, 5, 6]
        };
        group.into_iter().filter(|&o| o != id).collect()
    };
    let players: Vec<Contender<u32>> = (1..=6)
        .map(|id| player(id, 1, &met(id), &[id == 1 || id == 4], 0))
        .collect();
    let pairing = pair_round(&players, TableSizes::up_to(3).unwrap()).unwrap();
    assert_eq!(pairing.tables.len(), 2);
    for table in &pairing.tables {
        let low = table.iter().filter(|&&id| id <= 3).count();
        // Each table mixes the two first-round tables (one repeated pair a table is forced:
        // three of a table of three come from one side or two do).
        assert!((1..=2).contains(&low), "{table:?}");
        assert!(table[0] != 1 && table[0] != 4, "{table:?}");
    }
}

#[test]
fn duplicate_players_and_bad_table_sizes_are_refused() {
    let players = [player(1, 0, &[], &[], 0), player(1, 0, &[], &[], 0)];
    assert!(pair_round(&players, two()).is_err());
    assert!(TableSizes::up_to(1).is_err());
    assert!(TableSizes::up_to(11).is_err());
    assert!(TableSizes::new(4, 3).is_err());
}

#[test]
fn contenders_sum_points_seats_and_byes() {
    let entrants = vec![
        Entrant {
            id: 1,
            rating: 1500,
            withdrawn: false,
        },
        Entrant {
            id: 2,
            rating: 1400,
            withdrawn: true,
        },
        Entrant {
            id: 3,
            rating: 1300,
            withdrawn: false,
        },
    ];
    let rounds = [
        RoundRecord {
            tables: vec![won([1, 2])],
            byes: vec![3],
        },
        RoundRecord {
            tables: vec![TableResult {
                seats: vec![3, 1],
                places: vec![1, 1],
                game_scores: vec![0, 0],
            }],
            byes: vec![],
        },
    ];
    let players = contenders(&entrants, &rounds).unwrap();
    assert_eq!(players[0].score, Points::halves(3));
    assert_eq!(players[0].opponents, [2, 3]);
    assert_eq!(players[0].first_seats, [true, false]);
    assert_eq!(players[2].score, Points::ONE);
    assert_eq!(players[2].byes, 1);
    assert!(players[1].withdrawn);
    let twice = [RoundRecord {
        tables: vec![won([1, 3])],
        byes: vec![3],
    }];
    assert!(contenders(&entrants, &twice).is_err());
}

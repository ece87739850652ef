//! A rough timing of the 1,000-player pairing in an ordinary test run (the criterion benchmark
//! `cargo bench -p tapis-tournaments` measures it properly); printed, and held to a loose
//! bound so a slowdown by an order of magnitude fails.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::Instant;

use tapis_tournaments::{TableSizes, pair_round};

#[test]
fn pairing_a_thousand_players_takes_seconds_at_most() {
    let players = support::simulated_contenders(1000, 5, TableSizes::TWO, 11);
    let start = Instant::now();
    let pairing = pair_round(&players, TableSizes::TWO).unwrap();
    let elapsed = start.elapsed();
    println!("pairing 1000 players: {elapsed:?}");
    assert_eq!(pairing.tables.len(), 500);
    assert!(elapsed.as_secs() < 20, "{elapsed:?}");
}

#[test]
fn a_lone_bye_candidate_at_the_top_costs_no_merge_of_the_whole_field() {
    // 999 players on equal scores, all but the best-rated one with a bye already: only the top
    // player may sit out, far from the bottom of the standings.
    let mut players = support::simulated_contenders(999, 0, TableSizes::TWO, 5);
    for player in players.iter_mut().skip(1) {
        player.byes = 1;
    }
    let start = Instant::now();
    let pairing = pair_round(&players, TableSizes::TWO).unwrap();
    let elapsed = start.elapsed();
    println!("pairing 999 players, one bye candidate at the top: {elapsed:?}");
    assert_eq!(pairing.byes, [1]);
    assert_eq!(pairing.tables.len(), 499);
}

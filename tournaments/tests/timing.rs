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

//! Fields of a thousand players are paired whole (how long it takes is a benchmark figure:
//! `cargo bench -p tapis-tournaments`, never a test's).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use tapis_tournaments::{TableSizes, pair_round};

#[test]
fn a_thousand_players_are_paired_at_five_hundred_tables() {
    let players = support::simulated_contenders(1000, 5, TableSizes::TWO, 11);
    let pairing = pair_round(&players, TableSizes::TWO).unwrap();
    assert_eq!(pairing.tables.len(), 500);
}

#[test]
fn a_lone_bye_candidate_at_the_top_gets_the_bye() {
    // 999 players on equal scores, all but the best-rated one with a bye already: only the top
    // player may sit out, far from the bottom of the standings.
    let mut players = support::simulated_contenders(999, 0, TableSizes::TWO, 5);
    for player in players.iter_mut().skip(1) {
        player.byes = 1;
    }
    let pairing = pair_round(&players, TableSizes::TWO).unwrap();
    assert_eq!(pairing.byes, [1]);
    assert_eq!(pairing.tables.len(), 499);
}

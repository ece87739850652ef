//! Pairing one round of a 1,000-player Swiss tournament (the goal: under a second), after five
//! rounds played, for two-player tables and for tables of four.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tapis_tournaments::{TableSizes, pair_round};

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("pair_round");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let two = support::simulated_contenders(1000, 5, TableSizes::TWO, 7);
    group.bench_function("1000 players, two seats, round 6", |b| {
        b.iter(|| pair_round(black_box(&two), TableSizes::TWO).unwrap())
    });
    let first = support::simulated_contenders(1000, 0, TableSizes::TWO, 7);
    group.bench_function("1000 players, two seats, round 1", |b| {
        b.iter(|| pair_round(black_box(&first), TableSizes::TWO).unwrap())
    });
    let four = TableSizes::up_to(4).unwrap();
    let tables = support::simulated_contenders(1000, 5, four, 7);
    group.bench_function("1000 players, four seats, round 6", |b| {
        b.iter(|| pair_round(black_box(&tables), four).unwrap())
    });
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);

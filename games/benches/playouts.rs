//! Random playouts of every game, listing the legal actions at every step, as a bot would.
//!
//! Each benchmark iteration plays the same batch of seeded games, so its throughput (applied
//! steps: seat actions plus chance steps) is exact. Games per second = steps per second divided
//! by the steps per game printed before each benchmark.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use support::SplitMix;
use tapis_games::cant_stop::CantStop;
use tapis_games::five_thousand::FiveThousand;
use tapis_games::four_two_one::FourTwoOne;
use tapis_games::linja::Linja;
use tapis_games::linotte::{Linotte, YamMaster};
use tapis_games::make_five::MakeFive;
use tapis_games::playout::{Buffers, playout};
use tapis_games::yams::Yams;
use tapis_games::{Game, GameId};

const GAMES_PER_BATCH: u64 = 50;
const MAX_STEPS: usize = 1_000_000;

fn batch<G: Game>(initial: &G::State, buffers: &mut Buffers<G>) -> usize {
    let mut steps = 0;
    for seed in 0..GAMES_PER_BATCH {
        let mut state = initial.clone();
        let mut chooser = SplitMix(seed);
        let stats = playout::<G>(&mut state, &mut chooser, MAX_STEPS, buffers).unwrap();
        steps += stats.actions + stats.chance_steps;
        black_box(&state);
    }
    steps
}

fn bench_game<G: Game>(c: &mut Criterion, seats: usize) {
    let initial = G::setup(seats, &G::Options::default()).unwrap();
    let mut buffers = Buffers::<G>::default();
    let steps = batch::<G>(&initial, &mut buffers);
    let name = format!("{}/{}p", GameId::as_str(G::ID), seats);
    println!(
        "{name}: {GAMES_PER_BATCH} games = {steps} steps ({:.1} steps per game)",
        steps as f64 / GAMES_PER_BATCH as f64
    );
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(steps as u64));
    group.bench_function(&name, |b| b.iter(|| batch::<G>(&initial, &mut buffers)));
    group.finish();
}

fn playouts(c: &mut Criterion) {
    bench_game::<Yams>(c, 2);
    bench_game::<FiveThousand>(c, 2);
    bench_game::<FourTwoOne>(c, 2);
    bench_game::<FourTwoOne>(c, 4);
    bench_game::<CantStop>(c, 2);
    bench_game::<Linotte>(c, 2);
    bench_game::<YamMaster>(c, 2);
    bench_game::<Linja>(c, 2);
    bench_game::<MakeFive>(c, 2);
}

criterion_group!(benches, playouts);
criterion_main!(benches);

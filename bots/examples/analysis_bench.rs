//! Times the analysis of whole matches, per game, on one core, and prints the sense checks
//! (mean cost per decision of the strong bot and of the random one).
//!
//! `cargo run -p tapis-bots --release --example analysis_bench -- [matches per game] [seats]
//! [games]`
//!
//! `games` is a comma-separated list of game ids (every game by default). The matches are
//! played by the bots (seat 0 strong, the others random; two seats by default), seeded; only
//! the analysis is timed, after one warm-up analysis per game (which works out the game's
//! solved tables once per process, as a server does at its first analysis). The standard
//! error of the mean cost is the spread of the costs over the decisions.
//!
//! Two times are given per analysis: the wall-clock time, and the time the thread spent on a
//! core (from `/proc/thread-self/schedstat`, on Linux), which is what one idle core would take
//! when the machine is shared with other work.

use std::time::{Duration, Instant};

use tapis_bots::analysis::play::bot_match;
use tapis_bots::analysis::{Analysis, StepKind, analyse};
use tapis_bots::arena::quantile_ms;
use tapis_bots::{BotKind, Level};
use tapis_games::GameId;

/// The time this thread has spent on a core so far (`None` where the system does not say).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The mean cost per unforced decision of the seats `seats` over `analyses`, and its
/// standard error (the spread of the costs over the decisions).
fn mean_cost(analyses: &[Analysis], seats: impl Fn(usize) -> bool) -> (f64, f64) {
    let costs: Vec<f64> = analyses
        .iter()
        .flat_map(|a| a.steps.iter())
        .filter(|s| s.seat.is_some_and(&seats))
        .filter_map(|s| match &s.kind {
            StepKind::Decision(d) if d.unforced => d.judgement.as_ref().map(|j| j.cost),
            _ => None,
        })
        .collect();
    let n = costs.len() as f64;
    if costs.len() < 2 {
        return (0.0, 0.0);
    }
    let mean = costs.iter().sum::<f64>() / n;
    let var = costs.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn main() {
    let matches: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let seats: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2)
        .clamp(2, 8);
    let games: Vec<GameId> = match std::env::args().nth(3) {
        Some(list) => list.split(',').filter_map(|g| g.parse().ok()).collect(),
        None => GameId::ALL.to_vec(),
    };
    // Seat 0 strong, the others random.
    let mut kinds = vec![BotKind::Random; seats];
    kinds[0] = BotKind::Level(Level::Strong);
    println!(
        "{:<10} {:>7} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>20} {:>20} {:>7}",
        "game",
        "matches",
        "warm-up",
        "p50 ms",
        "p99 ms",
        "max ms",
        "cpu p50",
        "cpu p99",
        "strong/dec ± se",
        "random/dec ± se",
        "ratio"
    );
    for game in games {
        if seats <= game.max_seats() {
            bench(game, &kinds, matches);
        }
    }
}

/// Times the analysis of `matches` matches of `game` played by `kinds`, and prints a line.
fn bench(game: GameId, kinds: &[BotKind], matches: u64) {
    let options = game.default_options();
    let warm = Instant::now();
    let first = match bot_match(game, &options, kinds, 0, 1) {
        Ok(record) => analyse(&record).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    let warm_up = warm.elapsed();
    if let Err(e) = first {
        println!("{game}: {e}");
        return;
    }
    let mut times: Vec<Duration> = Vec::new();
    let mut cpu: Vec<Duration> = Vec::new();
    let mut analyses = Vec::new();
    for seed in 1..=matches {
        let Ok(record) = bot_match(game, &options, kinds, seed, seed.wrapping_mul(7919)) else {
            continue;
        };
        let started = Instant::now();
        let on_core = cpu_time();
        let analysis = analyse(&record);
        times.push(started.elapsed());
        if let (Some(before), Some(after)) = (on_core, cpu_time()) {
            cpu.push(after.saturating_sub(before));
        }
        if let Ok(a) = analysis {
            analyses.push(a);
        }
    }
    let (strong, strong_se) = mean_cost(&analyses, |s| s == 0);
    let (random, random_se) = mean_cost(&analyses, |s| s != 0);
    println!(
        "{:<10} {:>7} {:>9.0} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>11.5} ± {:.5} {:>11.5} ± {:.5} {:>7.1}",
        game.to_string(),
        times.len(),
        warm_up.as_secs_f64() * 1000.0,
        quantile_ms(&mut times, 0.5),
        quantile_ms(&mut times, 0.99),
        quantile_ms(&mut times, 1.0),
        quantile_ms(&mut cpu, 0.5),
        quantile_ms(&mut cpu, 0.99),
        strong,
        strong_se,
        random,
        random_se,
        random / strong,
    );
}

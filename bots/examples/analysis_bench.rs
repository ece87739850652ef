//! Times the analysis of whole matches, per game, on one core, and prints the sense checks
//! (mean cost per decision of the strong bot and of the random one).
//!
//! `cargo run -p tapis-bots --release --example analysis_bench -- [matches per game] [seats]`
//!
//! The matches are played by the bots (seat 0 strong, the others random; two seats by
//! default), seeded; only the
//! analysis is timed, after one warm-up analysis per game (which works out the game's solved
//! tables once per process, as a server does at its first analysis).

use std::time::{Duration, Instant};

use tapis_bots::analysis::play::bot_match;
use tapis_bots::analysis::{Analysis, analyse};
use tapis_bots::arena::quantile_ms;
use tapis_bots::{BotKind, Level};
use tapis_games::GameId;

/// The mean cost per unforced decision of `seat` over `analyses`.
fn mean_cost(analyses: &[Analysis], seat: usize) -> f64 {
    let (mut total, mut n) = (0.0, 0usize);
    for a in analyses {
        total += a.players[seat].cost_total;
        n += a.players[seat].decisions;
    }
    if n == 0 { 0.0 } else { total / n as f64 }
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
    // Seat 0 strong, the others random.
    let mut kinds = vec![BotKind::Random; seats];
    kinds[0] = BotKind::Level(Level::Strong);
    println!(
        "{:<8} {:>7} {:>9} {:>9} {:>9} {:>9} {:>12} {:>12}",
        "game", "matches", "warm-up", "p50 ms", "p99 ms", "max ms", "strong/dec", "random/dec"
    );
    for game in [GameId::Yams, GameId::FiveThousand, GameId::FourTwoOne] {
        if seats > game.max_seats() {
            continue;
        }
        let options = game.default_options();
        let warm = Instant::now();
        let first = match bot_match(game, &options, &kinds, 0, 1) {
            Ok(record) => analyse(&record).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        let warm_up = warm.elapsed();
        if let Err(e) = first {
            println!("{game}: {e}");
            continue;
        }
        let mut times: Vec<Duration> = Vec::new();
        let mut analyses = Vec::new();
        for seed in 1..=matches {
            let Ok(record) = bot_match(game, &options, &kinds, seed, seed.wrapping_mul(7919))
            else {
                continue;
            };
            let started = Instant::now();
            let analysis = analyse(&record);
            times.push(started.elapsed());
            if let Ok(a) = analysis {
                analyses.push(a);
            }
        }
        println!(
            "{:<8} {:>7} {:>9.0} {:>9.2} {:>9.2} {:>9.2} {:>12.4} {:>12.4}",
            game.to_string(),
            times.len(),
            warm_up.as_secs_f64() * 1000.0,
            quantile_ms(&mut times, 0.5),
            quantile_ms(&mut times, 0.99),
            quantile_ms(&mut times, 1.0),
            mean_cost(&analyses, 0),
            mean_cost(&analyses, 1),
        );
    }
}

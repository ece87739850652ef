//! The load generator of `scripts/bench.sh`: plays many matches at once through the public REST
//! API of a running server and measures the latency of the moves (`POST
//! /api/v1/matches/{id}/actions`).
//!
//! It signs up two players per client (one sign-up each: the production password hash is paid
//! there, never in the measured loop), and each client creates a two-player match between its
//! own players, so clients never contend for the same match. Each client then plays both seats
//! the way a bot does: pick one of the `legal_actions` of the seat to act with a seeded
//! generator and `POST` it with the `version`; the reply is the new view of that player, so
//! while the turn stays theirs the next action is chosen from it, and the match is fetched
//! (`GET`, as the other player) only when the turn has passed. A finished match is replaced by
//! a new one. A move is a successful `POST`, and its latency is that of the `POST` alone; the
//! `GET`s are measured apart. Moves made during the warm-up are not counted; the last line is
//! machine-readable: `RESULT moves_per_sec=... p50_ms=... p99_ms=...`.
//!
//! With `--read api` (or `page`) the clients do not play: each fetches its match over and over,
//! as its first player, through the API (or as the match page), and a read is counted where a
//! move would be. With `--read standings` they read the first 100 lines of the standings of one
//! tournament of `--players` players (1000) after `--rounds` rounds (3), signed out.
//!
//! ```sh
//! load --base http://127.0.0.1:8080 --clients 32 --seconds 20 [--warmup 3] [--seed 1] [--game cant-stop] [--read api|page]
//! ```
//!
//! Here: the run (set-up, play, report); `options` reads the command line, `api` is the JSON
//! client, `clients` the players' loop and `stats` what they measure and the report.

mod api;
mod clients;
mod options;
mod stats;
mod tournament;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use reqwest::Client;

use crate::api::Api;
use crate::clients::{Fetch, Pair, match_reader, run_client, run_fetcher, set_up};
use crate::options::{Options, Read, parse_args};
use crate::stats::{Stats, Window, own_cpu_seconds, print_report};

async fn run(options: Options) -> Result<(), String> {
    // reqwest's TLS needs a crypto provider chosen for the process.
    tapis_service::delivery::webhooks::network::install_tls_provider();
    let client = Client::builder()
        .pool_max_idle_per_host(options.clients * 2)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(60))
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
    let api = Api {
        client,
        base: options.base.clone(),
    };

    let set_up_started = Instant::now();
    let readers = if options.read == Some(Read::Standings) {
        let id = tournament::set_up(&api, options.players, options.rounds).await?;
        eprintln!(
            "load: a tournament of {} players, {} rounds played, set up in {:.1} s",
            options.players,
            options.rounds,
            set_up_started.elapsed().as_secs_f64()
        );
        Readers::Standings(id)
    } else {
        let clients = set_up(&api, options.clients, &options.game).await?;
        eprintln!(
            "load: {} players signed up and {} matches of {} started in {:.1} s",
            clients.len() * 2,
            clients.len(),
            options.game,
            set_up_started.elapsed().as_secs_f64()
        );
        Readers::Matches(clients)
    };

    let cpu_before = own_cpu_seconds();
    let stats = play(&api, readers, &options).await?;
    let cpu = match (cpu_before, own_cpu_seconds()) {
        (Some(before), Some(after)) => after - before,
        _ => f64::NAN,
    };
    let moves = stats.moves;
    print_report(stats, options.seconds, options.warmup, cpu);
    if moves == 0 {
        return Err("no move was accepted in the measured window".to_owned());
    }
    Ok(())
}

/// What the clients work on: a match each, or one tournament's standings.
enum Readers {
    Matches(Vec<Pair>),
    Standings(String),
}

/// Plays (or reads) with every client through the warm-up and the measured window; what they
/// measured.
async fn play(api: &Api, readers: Readers, options: &Options) -> Result<Stats, String> {
    let start = Instant::now() + Duration::from_secs(options.warmup);
    let window = Window {
        start,
        end: start + Duration::from_secs(options.seconds),
    };
    eprintln!(
        "load: playing: {} clients, warm-up {} s, then {} s measured",
        options.clients, options.warmup, options.seconds
    );
    let mut tasks = Vec::with_capacity(options.clients);
    match readers {
        Readers::Standings(id) => {
            for _ in 0..options.clients {
                let path = format!("/api/v1/tournaments/{id}/standings");
                tasks.push(tokio::spawn(run_fetcher(
                    api.clone(),
                    path,
                    Fetch::Anonymous,
                    window,
                )));
            }
        }
        Readers::Matches(clients) => {
            for client in clients {
                tasks.push(match options.read {
                    Some(read) => {
                        let (path, fetch) = match_reader(&client, read == Read::Page);
                        tokio::spawn(run_fetcher(api.clone(), path, fetch, window))
                    }
                    None => tokio::spawn(run_client(
                        api.clone(),
                        client,
                        options.game.clone(),
                        window,
                        options.seed,
                    )),
                });
            }
        }
    }
    let mut stats = Stats::default();
    for task in tasks {
        stats.merge(task.await.map_err(|e| format!("client task failed: {e}"))?);
    }
    Ok(stats)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("load: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("load: {message}");
            ExitCode::FAILURE
        }
    }
}

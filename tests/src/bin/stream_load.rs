//! The capacity benchmark of live event streams (run by `scripts/bench-streams.sh`, which
//! starts the server and reads its memory): not a test, its figures depend on the machine.
//!
//! stream-load --base URL [--idle N] [--watchers W] [--moves M]
//!
//! 1. **Idle streams**: two players sign up and start a match of Linja; N streams of one
//!    player's events (`GET /api/v1/stream`) are opened and left idle. It prints
//!    `idle_open=N` once they are all open, then waits for a line on its standard input (the
//!    script reads the server's memory meanwhile), and closes them.
//! 2. **Watchers**: W streams of the match (`GET /api/v1/matches/{id}/stream`) are opened;
//!    then M moves are played, one at a time, each after every watcher has seen the one
//!    before. For each move, the delay from just before its `POST` to each watcher's receipt of
//!    its `move` event is recorded; it prints p50, p99 and the maximum over the W x M
//!    deliveries.
//!
//! Its last line is `key=value` pairs for the script.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc;

struct Options {
    base: String,
    idle: usize,
    watchers: usize,
    moves: usize,
}

const USAGE: &str = "usage: stream-load --base URL [--idle N] [--watchers W] [--moves M]";

fn options() -> Result<Options, String> {
    let mut options = Options {
        base: String::new(),
        idle: 10_000,
        watchers: 1_000,
        moves: 20,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Err(USAGE.to_owned());
        }
        let value = args
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = |v: &str| {
            v.parse::<usize>()
                .map_err(|e| format!("{flag}: `{v}` is not a whole number ({e})"))
        };
        match flag.as_str() {
            "--base" => options.base = value.trim_end_matches('/').to_owned(),
            "--idle" => options.idle = number(&value)?,
            "--watchers" => options.watchers = number(&value)?,
            "--moves" => options.moves = number(&value)?,
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    if options.base.is_empty() {
        return Err(format!("--base is required\n{USAGE}"));
    }
    Ok(options)
}

async fn json_of(response: reqwest::Response, what: &str) -> Result<Value, String> {
    let status = response.status();
    let body: Value = response
        .json()
        .await
        .map_err(|e| format!("{what}: the answer is not JSON ({e})"))?;
    if !status.is_success() {
        return Err(format!("{what}: {status} {body}"));
    }
    Ok(body)
}

async fn sign_up(client: &Client, base: &str, name: &str) -> Result<String, String> {
    let reply = client
        .post(format!("{base}/api/v1/accounts"))
        .json(&json!({"username": name, "password": "correct horse battery"}))
        .send()
        .await
        .map_err(|e| format!("sign up: {e}"))?;
    let body = json_of(reply, "sign up").await?;
    body["token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| "sign up: no token".to_owned())
}

/// Opens a stream and hands each event's id (with when it came) to `seen`, until it ends.
async fn open(
    client: &Client,
    url: String,
    token: Option<&str>,
) -> Result<impl futures_util::Stream<Item = (String, Instant)> + use<>, String> {
    let mut request = client.get(&url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.map_err(|e| format!("{url}: {e}"))?;
    if response.status() != StatusCode::OK {
        return Err(format!("{url}: {}", response.status()));
    }
    Ok(response
        .bytes_stream()
        .eventsource()
        .take_while(|e| std::future::ready(e.is_ok()))
        .filter_map(|e| std::future::ready(e.ok().map(|e| (e.id, Instant::now())))))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

async fn run(options: Options) -> Result<(), String> {
    let base = options.base.as_str();
    tapis_service::delivery::webhooks::network::install_tls_provider();
    // Many connections to one server: no pooling limits, no idle timeout that closes them.
    let client = Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .map_err(|e| e.to_string())?;
    let suffix = std::process::id();
    let alice = sign_up(&client, base, &format!("alice{suffix}")).await?;
    let bob = sign_up(&client, base, &format!("bob{suffix}")).await?;
    let created = json_of(
        client
            .post(format!("{base}/api/v1/matches"))
            .bearer_auth(&alice)
            .json(&json!({"game": "linja", "seats": 2, "invite": [format!("bob{suffix}")]}))
            .send()
            .await
            .map_err(|e| e.to_string())?,
        "create",
    )
    .await?;
    let id = created["id"].as_str().ok_or("no match id")?.to_owned();
    json_of(
        client
            .post(format!("{base}/api/v1/matches/{id}/join"))
            .bearer_auth(&bob)
            .send()
            .await
            .map_err(|e| e.to_string())?,
        "join",
    )
    .await?;

    // 1. Idle streams.
    let started = Instant::now();
    let mut idle = Vec::with_capacity(options.idle);
    let opening = futures_util::stream::iter(0..options.idle)
        .map(|_| open(&client, format!("{base}/api/v1/stream"), Some(&alice)))
        .buffer_unordered(200);
    futures_util::pin_mut!(opening);
    while let Some(stream) = opening.next().await {
        idle.push(Box::pin(stream?));
    }
    println!(
        "idle_open={} open_seconds={:.1}",
        idle.len(),
        started.elapsed().as_secs_f64()
    );
    tokio::task::spawn_blocking(|| std::io::stdin().read_line(&mut String::new()))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    drop(idle);

    // 2. Watchers of one match.
    let (tx, mut rx) = mpsc::unbounded_channel::<(String, Instant)>();
    let mut tasks = Vec::with_capacity(options.watchers);
    let opening = futures_util::stream::iter(0..options.watchers)
        .map(|_| open(&client, format!("{base}/api/v1/matches/{id}/stream"), None))
        .buffer_unordered(200);
    futures_util::pin_mut!(opening);
    while let Some(stream) = opening.next().await {
        let mut stream = Box::pin(stream?);
        let tx = tx.clone();
        tasks.push(tokio::spawn(async move {
            while let Some(seen) = stream.next().await {
                if tx.send(seen).is_err() {
                    return;
                }
            }
        }));
    }
    println!("watchers_open={}", tasks.len());
    let tokens = [&alice, &bob];
    let mut delays = Vec::with_capacity(options.watchers * options.moves);
    for _ in 0..options.moves {
        let view = json_of(
            client
                .get(format!("{base}/api/v1/matches/{id}"))
                .send()
                .await
                .map_err(|e| e.to_string())?,
            "view",
        )
        .await?;
        if view["status"] != "active" {
            break;
        }
        let to_act = &view["to_act"][0];
        let username = view["seats"]
            .as_array()
            .and_then(|seats| seats.iter().find(|s| &s["seat"] == to_act))
            .and_then(|s| s["username"].as_str())
            .ok_or("nobody to act")?;
        let token = if username.starts_with("alice") {
            &tokens[0]
        } else {
            &tokens[1]
        };
        let mine = json_of(
            client
                .get(format!("{base}/api/v1/matches/{id}"))
                .bearer_auth(token)
                .send()
                .await
                .map_err(|e| e.to_string())?,
            "view as the player",
        )
        .await?;
        let action = mine["legal_actions"][0].clone();
        let version = mine["version"].as_i64().ok_or("no version")?;
        let sent = Instant::now();
        let played = json_of(
            client
                .post(format!("{base}/api/v1/matches/{id}/actions"))
                .bearer_auth(token)
                .json(&json!({"version": version, "action": action}))
                .send()
                .await
                .map_err(|e| e.to_string())?,
            "move",
        )
        .await?;
        let new_version = played["version"].as_i64().ok_or("no version")?.to_string();
        let mut heard = 0;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while heard < tasks.len() {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some((event_id, at))) if event_id == new_version => {
                    heard += 1;
                    delays.push(at.saturating_duration_since(sent));
                }
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => {
                    return Err(format!(
                        "only {heard} of {} watchers heard version {new_version} within 30 s",
                        tasks.len()
                    ));
                }
            }
        }
    }
    for task in &tasks {
        task.abort();
    }
    delays.sort_unstable();
    println!(
        "watchers={} moves={} deliveries={} delivery_p50_ms={} delivery_p99_ms={} delivery_max_ms={}",
        tasks.len(),
        options.moves,
        delays.len(),
        ms(percentile(&delays, 50.0)),
        ms(percentile(&delays, 99.0)),
        ms(delays.last().copied().unwrap_or_default()),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match run(options).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("stream-load: {message}");
            ExitCode::FAILURE
        }
    }
}

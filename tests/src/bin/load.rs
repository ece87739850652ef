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
//! ```sh
//! load --base http://127.0.0.1:8080 --clients 32 --seconds 20 [--warmup 3] [--seed 1] [--game cant-stop]
//! ```

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tapis_tests::Rng;
use tokio::sync::Semaphore;

/// The password of every benchmark player.
const PASSWORD: &str = "bench-password-1";

/// How many sign-ups run at once (each costs an argon2id hash at production cost).
const CONCURRENT_SIGN_UPS: usize = 8;

/// How many error messages are kept to print.
const ERROR_SAMPLES: usize = 5;

#[derive(Debug, Clone)]
struct Options {
    base: String,
    clients: usize,
    seconds: u64,
    warmup: u64,
    seed: u64,
    game: String,
}

const USAGE: &str = "usage: load --base URL [--clients N] [--seconds S] [--warmup W] [--seed X] \
                     [--game GAME]";

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        base: String::new(),
        clients: 32,
        seconds: 20,
        warmup: 3,
        seed: 1,
        game: "cant-stop".to_owned(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Err(USAGE.to_owned());
        }
        let value = args
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = |value: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not `{value}`"))
        };
        match flag.as_str() {
            "--base" => options.base = value.trim_end_matches('/').to_owned(),
            "--clients" => {
                options.clients = usize::try_from(number(&value)?).map_err(|e| e.to_string())?;
            }
            "--seconds" => options.seconds = number(&value)?,
            "--warmup" => options.warmup = number(&value)?,
            "--seed" => options.seed = number(&value)?,
            "--game" => options.game = value,
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if options.base.is_empty() {
        return Err(format!("--base is required\n{USAGE}"));
    }
    if options.clients == 0 || options.seconds == 0 {
        return Err("--clients and --seconds must be at least 1".to_owned());
    }
    Ok(options)
}

/// A reply: its status and body, parsed only as far as the caller needs.
struct Reply {
    status: StatusCode,
    bytes: Vec<u8>,
}

impl Reply {
    /// The body as `T` (a view reads only the fields it names).
    fn json<T: DeserializeOwned>(&self) -> Result<T, String> {
        serde_json::from_slice(&self.bytes).map_err(|e| format!("unexpected reply: {e}"))
    }

    /// The problem `code` of an error reply, or `""`.
    fn code(&self) -> String {
        self.json::<Value>()
            .ok()
            .and_then(|v| v["code"].as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    fn describe(&self) -> String {
        let body = self.json::<Value>().unwrap_or(Value::Null);
        let code = body["code"].as_str().unwrap_or("");
        let detail = body["detail"].as_str().unwrap_or("");
        format!("{} {code} {detail}", self.status.as_u16())
    }
}

/// What a bot reads of a match view (the rest of the reply, the game state included, is
/// skipped without being built).
#[derive(Debug, Default, Deserialize)]
struct View {
    id: String,
    status: String,
    version: i64,
    to_act: Vec<usize>,
    your_seat: Option<usize>,
    legal_actions: Vec<Value>,
    seats: Vec<SeatName>,
}

#[derive(Debug, Default, Deserialize)]
struct SeatName {
    username: String,
}

/// A thin JSON client over one shared, pooled `reqwest::Client`.
#[derive(Clone)]
struct Api {
    client: Client,
    base: String,
}

impl Api {
    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Reply, String> {
        let response = request
            .send()
            .await
            .map_err(|e| format!("transport: {e}"))?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| format!("transport: {e}"))?;
        Ok(Reply {
            status,
            bytes: bytes.to_vec(),
        })
    }

    async fn get(&self, path: &str, token: &str) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        self.send(self.client.get(url).bearer_auth(token)).await
    }

    async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        let request = self.client.post(url).json(body);
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        self.send(request).await
    }

    /// Signs a player up; returns their session token.
    async fn sign_up(&self, username: &str) -> Result<String, String> {
        let reply = self
            .post(
                "/api/v1/accounts",
                None,
                &json!({"username": username, "password": PASSWORD}),
            )
            .await?;
        if reply.status != StatusCode::CREATED {
            return Err(format!("sign-up of {username}: {}", reply.describe()));
        }
        reply.json::<Value>()?["token"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("sign-up of {username}: no token in the reply"))
    }
}

/// One client: two players and the match they play against each other.
struct Pair {
    index: usize,
    players: [(String, String); 2],
    match_id: String,
    /// The token of each seat of the current match.
    seat_tokens: Vec<String>,
    /// The latest view of the match, as the player it was returned to.
    view: View,
}

impl Pair {
    /// Creates and starts a new match between the client's two players.
    async fn new_match(&mut self, api: &Api, game: &str) -> Result<(), String> {
        let [(_, creator), (_, joiner)] = &self.players;
        let created = api
            .post(
                "/api/v1/matches",
                Some(creator),
                &json!({"game": game, "seats": 2}),
            )
            .await?;
        if created.status != StatusCode::CREATED {
            return Err(format!("creating a match: {}", created.describe()));
        }
        let id = created.json::<View>()?.id;
        let joined = api
            .post(
                &format!("/api/v1/matches/{id}/join"),
                Some(joiner),
                &json!({}),
            )
            .await?;
        if joined.status != StatusCode::OK {
            return Err(format!("joining match {id}: {}", joined.describe()));
        }
        let view: View = joined.json()?;
        let mut seat_tokens = Vec::with_capacity(view.seats.len());
        for seat in &view.seats {
            let name = &seat.username;
            let token = self
                .players
                .iter()
                .find(|(username, _)| username == name)
                .map(|(_, token)| token.clone())
                .ok_or_else(|| format!("match {id}: unknown player `{name}` seated"))?;
            seat_tokens.push(token);
        }
        self.match_id = id;
        self.seat_tokens = seat_tokens;
        self.view = view;
        Ok(())
    }
}

/// What one client measured.
#[derive(Debug, Default)]
struct Stats {
    /// Moves whose POST started inside the measured window.
    moves: u64,
    /// Every accepted move, warm-up included.
    moves_total: u64,
    /// Latency of each measured move, in microseconds.
    post_us: Vec<u64>,
    /// Latency of each GET of the match started inside the measured window, in microseconds.
    get_us: Vec<u64>,
    version_conflicts: u64,
    /// Every other failure (HTTP error status, transport error, unexpected reply).
    errors: u64,
    error_samples: Vec<String>,
    matches_finished: u64,
    matches_created: u64,
}

impl Stats {
    fn error(&mut self, message: String) {
        self.errors += 1;
        if self.error_samples.len() < ERROR_SAMPLES {
            self.error_samples.push(message);
        }
    }

    fn merge(&mut self, other: Stats) {
        self.moves += other.moves;
        self.moves_total += other.moves_total;
        self.post_us.extend(other.post_us);
        self.get_us.extend(other.get_us);
        self.version_conflicts += other.version_conflicts;
        self.errors += other.errors;
        for sample in other.error_samples {
            if self.error_samples.len() < ERROR_SAMPLES {
                self.error_samples.push(sample);
            }
        }
        self.matches_finished += other.matches_finished;
        self.matches_created += other.matches_created;
    }
}

/// The measured window, shared by every client.
#[derive(Debug, Clone, Copy)]
struct Window {
    start: Instant,
    end: Instant,
}

impl Window {
    fn contains(&self, at: Instant) -> bool {
        at >= self.start && at < self.end
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

/// The client's loop: act for whichever of its players must act until the window ends.
///
/// Like a real bot, a player plays its next action from the view its last `POST` returned
/// while the turn is still theirs, and `GET`s the match only when the turn passed to the other
/// seat (or after an error).
async fn run_client(api: Api, mut client: Pair, game: String, window: Window, seed: u64) -> Stats {
    let mut stats = Stats::default();
    let mut rng = Rng(seed ^ (client.index as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    // After an error, pause a little so a persistent failure does not spin.
    let pause = Duration::from_millis(20);
    // Whether `client.view` must be fetched again before acting on it.
    let mut stale = false;
    loop {
        if Instant::now() >= window.end {
            return stats;
        }
        if !stale && client.view.status != "active" {
            if client.view.status == "finished" && window.contains(Instant::now()) {
                stats.matches_finished += 1;
            }
            match client.new_match(&api, &game).await {
                Ok(()) => stats.matches_created += 1,
                Err(e) => {
                    stats.error(e);
                    tokio::time::sleep(pause).await;
                }
            }
            continue;
        }
        let path = format!("/api/v1/matches/{}", client.match_id);
        let to_act = client.view.to_act.first().copied();
        if stale || to_act.is_none() || to_act != client.view.your_seat {
            // The turn passed to the other seat: look as them. Out of date or unclear: look as
            // the first seat, to learn whose turn it is.
            if !stale && to_act.is_none() {
                stats.error(format!(
                    "match {}: active but nobody to act",
                    client.match_id
                ));
                tokio::time::sleep(pause).await;
            }
            let viewer = if stale { 0 } else { to_act.unwrap_or(0) };
            let Some(token) = client.seat_tokens.get(viewer).cloned() else {
                stats.error(format!(
                    "match {}: no token for seat {viewer}",
                    client.match_id
                ));
                return stats;
            };
            let got_at = Instant::now();
            let fetched = match api.get(&path, &token).await {
                Ok(reply) if reply.status == StatusCode::OK => reply.json::<View>(),
                Ok(reply) => Err(reply.describe()),
                Err(e) => Err(e),
            };
            match fetched {
                Ok(view) => {
                    if window.contains(got_at) {
                        stats.get_us.push(micros(got_at.elapsed()));
                    }
                    client.view = view;
                    stale = false;
                }
                Err(e) => {
                    stats.error(format!("GET {path}: {e}"));
                    tokio::time::sleep(pause).await;
                }
            }
            continue;
        }
        let Some(token) = to_act.and_then(|s| client.seat_tokens.get(s)).cloned() else {
            stats.error(format!(
                "match {}: no token for seat {to_act:?}",
                client.match_id
            ));
            return stats;
        };
        let legal = &client.view.legal_actions;
        if legal.is_empty() {
            stats.error(format!(
                "match {}: seat {to_act:?} must act but has no legal action",
                client.match_id
            ));
            stale = true;
            tokio::time::sleep(pause).await;
            continue;
        }
        let action = legal[rng.below(legal.len())].clone();
        let body = json!({"version": client.view.version, "action": action});
        let actions = format!("{path}/actions");
        let posted_at = Instant::now();
        if posted_at >= window.end {
            return stats;
        }
        let reply = api.post(&actions, Some(&token), &body).await;
        let latency = posted_at.elapsed();
        match reply {
            Ok(reply) if reply.status == StatusCode::OK => {
                stats.moves_total += 1;
                if window.contains(posted_at) {
                    stats.moves += 1;
                    stats.post_us.push(micros(latency));
                }
                // The view of the player who just acted: still theirs to act on, or not.
                match reply.json::<View>() {
                    Ok(view) => client.view = view,
                    Err(e) => {
                        stats.error(format!("POST {actions}: {e}"));
                        stale = true;
                    }
                }
            }
            Ok(reply) if reply.code() == "version_conflict" => {
                stats.version_conflicts += 1;
                stale = true;
            }
            Ok(reply) => {
                stats.error(format!("POST {actions} {action}: {}", reply.describe()));
                stale = true;
                tokio::time::sleep(pause).await;
            }
            Err(e) => {
                stats.error(format!("POST {actions}: {e}"));
                stale = true;
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// The nearest-rank percentile of sorted values, in milliseconds.
fn percentile_ms(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    let index = rank.clamp(1, sorted.len()) - 1;
    sorted[index] as f64 / 1000.0
}

/// This process's CPU time (user + system) in seconds, from /proc (Linux only).
fn own_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which ends with the last ')'.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line: 12 and 13 after the command name.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    // /proc reports in USER_HZ, which is 100 on Linux.
    Some((utime + stime) / 100.0)
}

async fn set_up(api: &Api, options: &Options) -> Result<Vec<Pair>, String> {
    // Usernames are unique per run: the database is fresh, but a rerun against the same server
    // must not collide either.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 100_000)
        .unwrap_or(0);
    let sign_ups = Arc::new(Semaphore::new(CONCURRENT_SIGN_UPS));
    let mut tasks = Vec::with_capacity(options.clients);
    for index in 0..options.clients {
        let api = api.clone();
        let sign_ups = Arc::clone(&sign_ups);
        let game = options.game.clone();
        tasks.push(tokio::spawn(async move {
            let mut players = Vec::with_capacity(2);
            for side in ["a", "b"] {
                let username = format!("b{run}_{index}{side}");
                let token = {
                    let _permit = sign_ups
                        .acquire()
                        .await
                        .map_err(|e| format!("sign-up limiter: {e}"))?;
                    api.sign_up(&username).await?
                };
                players.push((username, token));
            }
            let [a, b]: [(String, String); 2] = players
                .try_into()
                .map_err(|_| "two players expected".to_owned())?;
            let mut client = Pair {
                index,
                players: [a, b],
                match_id: String::new(),
                seat_tokens: Vec::new(),
                view: View::default(),
            };
            client.new_match(&api, &game).await?;
            Ok::<Pair, String>(client)
        }));
    }
    let mut clients = Vec::with_capacity(tasks.len());
    for task in tasks {
        clients.push(
            task.await
                .map_err(|e| format!("set-up task failed: {e}"))??,
        );
    }
    Ok(clients)
}

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
    let clients = set_up(&api, &options).await?;
    eprintln!(
        "load: {} players signed up and {} matches of {} started in {:.1} s",
        clients.len() * 2,
        clients.len(),
        options.game,
        set_up_started.elapsed().as_secs_f64()
    );

    let cpu_before = own_cpu_seconds();
    let start = Instant::now() + Duration::from_secs(options.warmup);
    let window = Window {
        start,
        end: start + Duration::from_secs(options.seconds),
    };
    eprintln!(
        "load: playing: {} clients, warm-up {} s, then {} s measured",
        options.clients, options.warmup, options.seconds
    );
    let mut tasks = Vec::with_capacity(clients.len());
    for client in clients {
        tasks.push(tokio::spawn(run_client(
            api.clone(),
            client,
            options.game.clone(),
            window,
            options.seed,
        )));
    }
    let mut stats = Stats::default();
    for task in tasks {
        stats.merge(task.await.map_err(|e| format!("client task failed: {e}"))?);
    }
    let cpu = match (cpu_before, own_cpu_seconds()) {
        (Some(before), Some(after)) => after - before,
        _ => f64::NAN,
    };

    stats.post_us.sort_unstable();
    stats.get_us.sort_unstable();
    let seconds = options.seconds as f64;
    let moves_per_sec = stats.moves as f64 / seconds;
    let p50 = percentile_ms(&stats.post_us, 50.0);
    let p90 = percentile_ms(&stats.post_us, 90.0);
    let p99 = percentile_ms(&stats.post_us, 99.0);
    let max = percentile_ms(&stats.post_us, 100.0);
    let get_p50 = percentile_ms(&stats.get_us, 50.0);
    let get_p99 = percentile_ms(&stats.get_us, 99.0);
    let load_cpu = cpu / (options.warmup + options.seconds) as f64;

    println!("moves (POST /actions)   {}", stats.moves);
    println!("moves per second        {moves_per_sec:.1}");
    println!("move latency (ms)       p50 {p50:.2}   p90 {p90:.2}   p99 {p99:.2}   max {max:.2}");
    let gets_per_move = if stats.moves > 0 {
        stats.get_us.len() as f64 / stats.moves as f64
    } else {
        f64::NAN
    };
    println!(
        "GET match latency (ms)  p50 {get_p50:.2}   p99 {get_p99:.2}   ({} GETs, {gets_per_move:.2} per move)",
        stats.get_us.len()
    );
    println!(
        "matches                 {} finished in the window, {} new ones started after the first",
        stats.matches_finished, stats.matches_created
    );
    println!(
        "errors                  {} version_conflict, {} other",
        stats.version_conflicts, stats.errors
    );
    for sample in &stats.error_samples {
        println!("  e.g. {sample}");
    }
    println!("load generator CPU      {load_cpu:.2} cores on average");
    println!(
        "RESULT moves_per_sec={moves_per_sec:.1} p50_ms={p50:.2} p99_ms={p99:.2} max_ms={max:.2} \
         moves={} moves_total={} get_p50_ms={get_p50:.2} gets_per_move={gets_per_move:.2} \
         version_conflicts={} errors={} load_cpu_cores={load_cpu:.2}",
        stats.moves, stats.moves_total, stats.version_conflicts, stats.errors
    );
    if stats.moves == 0 {
        return Err("no move was accepted in the measured window".to_owned());
    }
    Ok(())
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

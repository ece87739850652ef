//! The load generator's clients: each signs up its own two players, starts matches between
//! them and plays both seats the way a bot does, measuring as it goes.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::Rng;
use tokio::sync::Semaphore;

use crate::api::{Api, View};
use crate::stats::{MoveKind, Stats, Window, micros};

/// How many sign-ups run at once (each costs an argon2id hash at production cost).
const CONCURRENT_SIGN_UPS: usize = 8;

/// After an error, pause a little so a persistent failure does not spin.
const PAUSE: Duration = Duration::from_millis(20);

/// One client: two players and the match they play against each other.
pub struct Pair {
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

/// Signs up two players for each of `clients` clients and starts a match of `game` for each.
pub async fn set_up(api: &Api, clients: usize, game: &str) -> Result<Vec<Pair>, String> {
    // Usernames are unique per run: the database is fresh, but a rerun against the same server
    // must not collide either.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 100_000)
        .unwrap_or(0);
    let sign_ups = Arc::new(Semaphore::new(CONCURRENT_SIGN_UPS));
    let mut tasks = Vec::with_capacity(clients);
    for index in 0..clients {
        let api = api.clone();
        let sign_ups = Arc::clone(&sign_ups);
        let game = game.to_owned();
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
    let mut pairs = Vec::with_capacity(tasks.len());
    for task in tasks {
        pairs.push(
            task.await
                .map_err(|e| format!("set-up task failed: {e}"))??,
        );
    }
    Ok(pairs)
}

/// The client's loop: act for whichever of its players must act until the window ends.
///
/// Like a real bot, a player plays its next action from the view its last `POST` returned
/// while the turn is still theirs, and `GET`s the match only when the turn passed to the other
/// seat (or after an error).
pub async fn run_client(api: Api, client: Pair, game: String, window: Window, seed: u64) -> Stats {
    let mut playing = Playing {
        rng: Rng(seed ^ (client.index as u64).wrapping_mul(0xA076_1D64_78BD_642F)),
        api,
        client,
        game,
        window,
        stats: Stats::default(),
        stale: false,
    };
    while Instant::now() < window.end {
        let step = if !playing.stale && playing.client.view.status != "active" {
            playing.replace_match().await;
            ControlFlow::Continue(())
        } else if playing.must_look() {
            playing.look().await
        } else {
            playing.act().await
        };
        if step.is_break() {
            break;
        }
    }
    playing.stats
}

/// What a reading client of the match `client` plays fetches, and how: its match, as its
/// first player, through the API or as the match page.
pub fn match_reader(client: &Pair, page: bool) -> (String, Fetch) {
    let token = client.players[0].1.clone();
    if page {
        (format!("/matches/{}", client.match_id), Fetch::Page(token))
    } else {
        (
            format!("/api/v1/matches/{}", client.match_id),
            Fetch::Api(token),
        )
    }
}

/// How a reading client asks.
pub enum Fetch {
    /// Through the API, with the player's bearer token.
    Api(String),
    /// As a page, with the player's session cookie.
    Page(String),
    /// Through the API, signed out.
    Anonymous,
}

/// Fetches `path` over and over until the window ends; a read is counted as a move is.
pub async fn run_fetcher(api: Api, path: String, fetch: Fetch, window: Window) -> Stats {
    let mut stats = Stats::default();
    while Instant::now() < window.end {
        let sent_at = Instant::now();
        let reply = match &fetch {
            Fetch::Api(token) => api.get(&path, token).await,
            Fetch::Page(token) => api.get_page(&path, token).await,
            Fetch::Anonymous => api.get_anonymous(&path).await,
        };
        match reply {
            Ok(reply) if reply.status == StatusCode::OK => {
                stats.moves_total += 1;
                if window.contains(sent_at) {
                    stats.moves += 1;
                    stats.post_us.push(micros(sent_at.elapsed()));
                }
            }
            Ok(reply) => {
                stats.error(format!("GET {path}: {}", reply.describe()));
                tokio::time::sleep(PAUSE).await;
            }
            Err(e) => {
                stats.error(format!("GET {path}: {e}"));
                tokio::time::sleep(PAUSE).await;
            }
        }
    }
    stats
}

/// One client at play.
struct Playing {
    api: Api,
    client: Pair,
    game: String,
    window: Window,
    rng: Rng,
    stats: Stats,
    /// Whether `client.view` must be fetched again before acting on it.
    stale: bool,
}

impl Playing {
    /// The path of the current match.
    fn path(&self) -> String {
        format!("/api/v1/matches/{}", self.client.match_id)
    }

    /// The seat to act, as the latest view says.
    fn to_act(&self) -> Option<usize> {
        self.client.view.to_act.first().copied()
    }

    /// Whether the match must be looked at before acting: the view is out of date, or the
    /// turn is not that of the player it was returned to.
    fn must_look(&self) -> bool {
        let to_act = self.to_act();
        self.stale || to_act.is_none() || to_act != self.client.view.your_seat
    }

    /// The match is over (or was never started): counts it and starts another.
    async fn replace_match(&mut self) {
        if self.client.view.status == "finished" && self.window.contains(Instant::now()) {
            self.stats.matches_finished += 1;
        }
        match self.client.new_match(&self.api, &self.game).await {
            Ok(()) => self.stats.matches_created += 1,
            Err(e) => {
                self.stats.error(e);
                tokio::time::sleep(PAUSE).await;
            }
        }
    }

    /// Fetches the match: as the seat to act when the turn passed to the other seat; as the
    /// first seat when the view is out of date or unclear, to learn whose turn it is.
    async fn look(&mut self) -> ControlFlow<()> {
        let to_act = self.to_act();
        if !self.stale && to_act.is_none() {
            let message = format!("match {}: active but nobody to act", self.client.match_id);
            self.stats.error(message);
            tokio::time::sleep(PAUSE).await;
        }
        let viewer = if self.stale { 0 } else { to_act.unwrap_or(0) };
        let Some(token) = self.client.seat_tokens.get(viewer).cloned() else {
            let message = format!("match {}: no token for seat {viewer}", self.client.match_id);
            self.stats.error(message);
            return ControlFlow::Break(());
        };
        let path = self.path();
        let got_at = Instant::now();
        let fetched = match self.api.get(&path, &token).await {
            Ok(reply) if reply.status == StatusCode::OK => reply.json::<View>(),
            Ok(reply) => Err(reply.describe()),
            Err(e) => Err(e),
        };
        match fetched {
            Ok(view) => {
                if self.window.contains(got_at) {
                    self.stats.get_us.push(micros(got_at.elapsed()));
                }
                self.client.view = view;
                self.stale = false;
            }
            Err(e) => {
                self.stats.error(format!("GET {path}: {e}"));
                tokio::time::sleep(PAUSE).await;
            }
        }
        ControlFlow::Continue(())
    }

    /// Plays one of the legal actions of the player to act, from the view it was returned.
    async fn act(&mut self) -> ControlFlow<()> {
        let to_act = self.to_act();
        let Some(token) = to_act.and_then(|s| self.client.seat_tokens.get(s)).cloned() else {
            let message = format!(
                "match {}: no token for seat {to_act:?}",
                self.client.match_id
            );
            self.stats.error(message);
            return ControlFlow::Break(());
        };
        let legal = &self.client.view.legal_actions;
        if legal.is_empty() {
            self.stats.error(format!(
                "match {}: seat {to_act:?} must act but has no legal action",
                self.client.match_id
            ));
            self.stale = true;
            tokio::time::sleep(PAUSE).await;
            return ControlFlow::Continue(());
        }
        let action = legal[self.rng.below(legal.len())].clone();
        let body = json!({"version": self.client.view.version, "action": action});
        let actions = format!("{}/actions", self.path());
        let posted_at = Instant::now();
        if posted_at >= self.window.end {
            return ControlFlow::Break(());
        }
        let reply = self.api.post(&actions, Some(&token), &body).await;
        let latency = posted_at.elapsed();
        match reply {
            Ok(reply) if reply.status == StatusCode::OK => {
                self.stats.moves_total += 1;
                if self.window.contains(posted_at) {
                    self.stats.moves += 1;
                    self.stats.post_us.push(micros(latency));
                }
                // The view of the player who just acted: still theirs to act on, or not.
                match reply.json::<View>() {
                    Ok(view) => {
                        if self.window.contains(posted_at) {
                            let kind = if view.status == "finished" {
                                MoveKind::Ended
                            } else if view.to_act.first().copied() == view.your_seat {
                                MoveKind::KeptTurn
                            } else {
                                MoveKind::PassedTurn
                            };
                            self.stats.kind_us[kind as usize].push(micros(latency));
                        }
                        self.client.view = view;
                    }
                    Err(e) => {
                        self.stats.error(format!("POST {actions}: {e}"));
                        self.stale = true;
                    }
                }
            }
            Ok(reply) if reply.code() == "version_conflict" => {
                self.stats.version_conflicts += 1;
                self.stale = true;
            }
            Ok(reply) => {
                let message = format!("POST {actions} {action}: {}", reply.describe());
                self.stats.error(message);
                self.stale = true;
                tokio::time::sleep(PAUSE).await;
            }
            Err(e) => {
                self.stats.error(format!("POST {actions}: {e}"));
                self.stale = true;
                tokio::time::sleep(PAUSE).await;
            }
        }
        ControlFlow::Continue(())
    }
}

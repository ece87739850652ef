//! Tapis as several server processes on one database, as operators run it (docs/operations.md):
//! two real `tapis` processes started from the binary, a match played through both, events
//! heard on a stream of the other process, one process killed with SIGKILL in the middle of
//! play and started again. Nothing is lost (a stream resumed on the other process with its
//! `Last-Event-ID` gets every event it missed), nothing is told twice, and a pending bot turn
//! is played once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::process::Stdio;
use std::time::Duration;

use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tapis_tests::{EventStream, Received, TestDb, open_event_stream};
use tokio::process::{Child, Command};

const SECRET: &str = "processes-test-secret-processes-test-secret";

/// One `tapis serve` process.
struct Server {
    child: Child,
    base: String,
}

/// A reqwest client (the workspace's reqwest needs the TLS provider installed first).
fn client() -> Client {
    tapis_service::webhooks::install_tls_provider();
    Client::new()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts the `tapis` binary on `port`, its log in the target directory; returns once it
/// answers `/healthz`.
async fn start(db: &TestDb, port: u16, name: &str) -> Server {
    let log_path = std::env::temp_dir().join(format!("{}-{name}.log", db.name));
    let log = std::fs::File::create(&log_path).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tapis"))
        .arg("serve")
        .env("DATABASE_URL", &db.url)
        .env("TAPIS_BIND", format!("127.0.0.1:{port}"))
        .env("TAPIS_JWT_SECRET", SECRET)
        .env("TAPIS_CLOCK_INTERVAL_SECS", "1")
        .env("TAPIS_BOT_CONCURRENCY", "1")
        .env("TAPIS_DB_POOL_SIZE", "4")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let client = client();
    for _ in 0..600 {
        if let Ok(reply) = client.get(format!("{base}/healthz")).send().await
            && reply.status() == StatusCode::OK
        {
            return Server { child, base };
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "tapis did not start on {base}; its log: {}",
        log_path.display()
    );
}

async fn call(
    client: &Client,
    method: reqwest::Method,
    url: String,
    token: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = client.request(method, url).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let reply = request.send().await.unwrap();
    let status = reply.status();
    (status, reply.json().await.unwrap_or(Value::Null))
}

async fn sign_up(client: &Client, base: &str, username: &str) -> String {
    let reply = client
        .post(format!("{base}/api/v1/accounts"))
        .json(&json!({"username": username, "password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::CREATED);
    let body: Value = reply.json().await.unwrap();
    body["token"].as_str().unwrap().to_owned()
}

async fn stream(client: &Client, base: &str, token: &str, last: Option<&str>) -> EventStream {
    match open_event_stream(client, &format!("{base}/api/v1/stream"), Some(token), last).await {
        Ok(stream) => stream,
        Err(reply) => panic!("the stream was refused: {} {:?}", reply.status, reply.body),
    }
}

/// Plays the first legal action of whoever is to act among `players` (name, token), through
/// `base`, `moves` times or until the match is over; returns whether it is over.
async fn play(
    client: &Client,
    base: &str,
    id: &str,
    players: &[(&str, &str)],
    moves: usize,
) -> bool {
    for _ in 0..moves {
        let reply = client
            .get(format!("{base}/api/v1/matches/{id}"))
            .send()
            .await
            .unwrap();
        let view: Value = reply.json().await.unwrap();
        if view["status"] != "active" {
            return true;
        }
        let to_act = &view["to_act"][0];
        let seat = view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| &s["seat"] == to_act)
            .unwrap_or_else(|| panic!("nobody to act in {view}"));
        let name = seat["username"].as_str().unwrap();
        let Some((_, token)) = players.iter().find(|(n, _)| *n == name) else {
            // A bot is to act: give it a moment.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let view = call(
            client,
            reqwest::Method::GET,
            format!("{base}/api/v1/matches/{id}"),
            token,
            None,
        )
        .await
        .1;
        let action = view["legal_actions"][0].clone();
        let (status, _) = call(
            client,
            reqwest::Method::POST,
            format!("{base}/api/v1/matches/{id}/actions"),
            token,
            Some(json!({"version": view["version"], "action": action})),
        )
        .await;
        // A conflict is the bot having moved meanwhile: read the match again.
        assert!(
            status == StatusCode::OK || status == StatusCode::CONFLICT,
            "{status}"
        );
    }
    false
}

/// Events until `match_finished` of `id` (each within 20 s).
async fn until_finished(stream: &mut EventStream, id: &str) -> Vec<Received> {
    let mut received = Vec::new();
    loop {
        let event = stream
            .next_within(Duration::from_secs(20))
            .await
            .expect("an event within 20 s");
        let done = event.event == "match_finished" && event.data["match_id"] == id;
        received.push(event);
        if done {
            return received;
        }
    }
}

/// The numbers of every event of `username`, from the database.
async fn numbered_events(db: &TestDb, username: &str) -> Vec<String> {
    #[derive(diesel::QueryableByName)]
    struct Seq {
        #[diesel(sql_type = BigInt)]
        seq: i64,
    }
    let mut conn = db.connect().await;
    let rows: Vec<Seq> = diesel::sql_query(
        "SELECT e.seq FROM user_events e JOIN users u ON u.id = e.user_id \
         WHERE u.username = $1 AND e.seq IS NOT NULL ORDER BY e.seq",
    )
    .bind::<Text, _>(username)
    .load(&mut conn)
    .await
    .unwrap();
    rows.into_iter().map(|r| r.seq.to_string()).collect()
}

fn ids(events: &[Received]) -> Vec<String> {
    events.iter().map(|e| e.id.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_tell_every_event_once_and_survive_one_killed() {
    let db = TestDb::migrated().await;
    let port_a = free_port();
    let mut a = start(&db, port_a, "a").await;
    let b = start(&db, free_port(), "b").await;
    let client = client();
    let alice = sign_up(&client, &a.base, "alice").await;
    let bob = sign_up(&client, &b.base, "bob").await;
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];

    // Alice listens on A, Bob on B; Alice invites Bob through A, Bob accepts through B.
    let mut alice_on_a = stream(&client, &a.base, &alice, None).await;
    let mut bob_on_b = stream(&client, &b.base, &bob, None).await;
    let (status, created) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches", a.base),
        &alice,
        Some(json!({"game": "linja", "seats": 2, "invite": ["bob"]})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    let id = created["id"].as_str().unwrap().to_owned();
    let invitation = bob_on_b.expect("invitation").await;
    assert_eq!(invitation.data["match_id"], id);
    let (status, _) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches/{id}/join", b.base),
        &bob,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let started = alice_on_a.expect("match_started").await;

    // Moves made through both processes, heard on both.
    assert!(!play(&client, &a.base, &id, &players, 6).await);
    assert!(!play(&client, &b.base, &id, &players, 6).await);
    // Let the streams catch up, then kill A: Alice's stream on A breaks.
    tokio::time::sleep(Duration::from_millis(500)).await;
    a.child.start_kill().unwrap();
    a.child.wait().await.unwrap();
    let before_kill = alice_on_a.until_end(Duration::from_secs(10)).await;
    assert!(!before_kill.is_empty());

    // Play goes on through B meanwhile; Alice resumes on B from the last event she saw.
    assert!(!play(&client, &b.base, &id, &players, 6).await);
    let last = before_kill.last().unwrap().id.clone();
    let mut alice_on_b = stream(&client, &b.base, &alice, Some(&last)).await;

    // A starts again (same port, same database) and play ends through both.
    let a = start(&db, port_a, "a-again").await;
    let mut over = false;
    for round in 0..400 {
        let base = if round % 2 == 0 { &a.base } else { &b.base };
        if play(&client, base, &id, &players, 4).await {
            over = true;
            break;
        }
    }
    assert!(over, "the match never ended");

    // Every event of each player reached them once, in order, none lost across the kill.
    let mut alice_got = vec![started];
    alice_got.extend(before_kill);
    alice_got.extend(until_finished(&mut alice_on_b, &id).await);
    let bob_got = until_finished(&mut bob_on_b, &id).await;
    let mut bob_all = vec![invitation];
    bob_all.extend(bob_got);
    assert_eq!(ids(&alice_got), numbered_events(&db, "alice").await);
    assert_eq!(ids(&bob_all[..]), numbered_events(&db, "bob").await);
    let unique: BTreeSet<_> = ids(&alice_got).into_iter().collect();
    assert_eq!(unique.len(), alice_got.len(), "no event twice");

    drop(a);
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_turn_pending_when_a_process_is_killed_is_played_once() {
    let db = TestDb::migrated().await;
    let port_a = free_port();
    let mut a = start(&db, port_a, "a").await;
    let b = start(&db, free_port(), "b").await;
    let client = client();
    let carol = sign_up(&client, &a.base, "carol").await;
    let players = [("carol", carol.as_str())];
    let (status, created) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches", a.base),
        &carol,
        Some(json!({"game": "linja", "seats": 2, "rated": false, "invite": ["tapis-easy"]})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    let id = created["id"].as_str().unwrap().to_owned();
    // A few moves each, then A is killed just after Carol's move, while a bot turn may be
    // claimed by it; B (or A once started again) plays it.
    play(&client, &a.base, &id, &players, 8).await;
    a.child.start_kill().unwrap();
    a.child.wait().await.unwrap();
    let a = start(&db, port_a, "a-again").await;
    let mut over = false;
    for round in 0..2000 {
        let base = if round % 2 == 0 { &a.base } else { &b.base };
        if play(&client, base, &id, &players, 4).await {
            over = true;
            break;
        }
    }
    assert!(over, "the match never ended");
    // The turn log holds each version once (a bot turn played twice would show twice).
    let turns: Value = client
        .get(format!("{}/api/v1/matches/{id}/turns", b.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let seqs: Vec<u64> = turns
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["seq"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (seqs[0]..seqs[0] + seqs.len() as u64).collect();
    assert_eq!(seqs, expected, "one entry per turn, in order");
    let export: Value = client
        .get(format!("{}/api/v1/matches/{id}/export", b.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let export: tapis_service::matches::MatchExport = serde_json::from_value(export).unwrap();
    tapis_service::verify::verify_export(&export).expect("the finished match replays");
}

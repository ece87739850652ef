//! Tapis as several server processes on one database, as operators run it (docs/operations.md):
//! two real `tapis` processes started from the binary, a match played through both, events
//! heard on a stream of the other process, one process killed with SIGKILL in the middle of
//! play and started again. Nothing is lost (a stream resumed on the other process with its
//! `Last-Event-ID` gets every event it missed), nothing is told twice, and a pending bot turn
//! is played once. With mail (a real SMTP sink) and webhooks (a real HTTP receiver): both
//! processes' clocks and senders at work on one database tell each deadline once and deliver
//! each outbox row once, and a process killed in the middle of deliveries loses none.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tapis_tests::receiver::{Answer, Receiver};
use tapis_tests::{EventStream, Received, SmtpSink, TestDb, is_notification, open_event_stream};
use tokio::process::{Child, Command};

const SECRET: &str = "processes-test-secret-processes-test-secret";

/// One `tapis serve` process.
struct Server {
    child: Child,
    base: String,
}

/// A reqwest client (the workspace's reqwest needs the TLS provider installed first).
fn client() -> Client {
    tapis_service::delivery::webhooks::network::install_tls_provider();
    Client::new()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts the `tapis` binary on `port`, its log in the temporary directory; returns once it
/// answers `/healthz`.
async fn start(db: &TestDb, port: u16, name: &str) -> Server {
    start_with(db, port, name, &[]).await
}

/// [`start`], with more environment variables (mail settings...).
async fn start_with(db: &TestDb, port: u16, name: &str, env: &[(&str, String)]) -> Server {
    let log_path = std::env::temp_dir().join(format!("{}-{name}.log", db.name));
    let log = std::fs::File::create(&log_path).unwrap();
    // Its working directory: where it would write mails when it has no SMTP server.
    let dir = std::env::temp_dir().join(&db.name);
    std::fs::create_dir_all(&dir).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tapis"))
        .arg("serve")
        .current_dir(&dir)
        .env("DATABASE_URL", &db.url)
        .env("TAPIS_BIND", format!("127.0.0.1:{port}"))
        .env("TAPIS_JWT_SECRET", SECRET)
        .env("TAPIS_CLOCK_INTERVAL_SECS", "1")
        .env("TAPIS_BOT_CONCURRENCY", "1")
        .env("TAPIS_DB_POOL_SIZE", "4")
        .env("RUST_LOG", "warn")
        .envs(env.iter().map(|(k, v)| (k, v.as_str())))
        .stdout(log.try_clone().unwrap())
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

/// What a process needs to send mail to `sink`.
fn mail_env(sink: &SmtpSink) -> Vec<(&'static str, String)> {
    vec![
        ("TAPIS_SMTP_URL", format!("smtp://127.0.0.1:{}", sink.port)),
        ("TAPIS_MAIL_FROM", "Tapis <tapis@tapis.example>".to_owned()),
        ("TAPIS_PUBLIC_URL", "https://tapis.example".to_owned()),
    ]
}

/// Gives `address` to the account and follows the verification mail's link through `base`;
/// then asks for every kind of mail, at most one "your turn" mail per match an hour.
async fn with_mail(client: &Client, base: &str, sink: &SmtpSink, token: &str, address: &str) {
    let (status, body) = call(
        client,
        reqwest::Method::PUT,
        format!("{base}/api/v1/me/email"),
        token,
        Some(json!({"email": address})),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body:?}");
    let mails = sink.wait_for(address, 1, |m| !is_notification(m)).await;
    let link = mails[0].link("/email/verify?token=").expect("a link");
    let page = client.get(format!("{base}{link}")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let (status, body) = call(
        client,
        reqwest::Method::PUT,
        format!("{base}/api/v1/me/notifications"),
        token,
        Some(json!({
            "events": ["your_turn", "invitation", "deadline_soon", "match_finished"],
            "digest_hours": 1,
        })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    assert_eq!(body["email_verified"], json!(true), "{body:?}");
}

/// A webhook of `token`'s account to `url`, for every event.
async fn with_webhook(client: &Client, base: &str, token: &str, url: String) {
    let (status, body) = call(
        client,
        reqwest::Method::POST,
        format!("{base}/api/v1/webhooks"),
        token,
        Some(json!({"url": url, "events": [
            "your_turn", "match_started", "match_finished", "invitation", "invitation_declined",
            "match_cancelled", "deadline_soon",
        ]})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body:?}");
}

/// A Linja match of Alice and Bob (`days_per_move` 2, so that deadlines are told), started
/// through `base`; its id.
async fn linja(client: &Client, base: &str, alice: &str, bob: &str) -> String {
    let (status, created) = call(
        client,
        reqwest::Method::POST,
        format!("{base}/api/v1/matches"),
        alice,
        Some(json!({"game": "linja", "seats": 2, "invite": ["bob"], "days_per_move": 2})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created:?}");
    let id = created["id"].as_str().unwrap().to_owned();
    let (status, body) = call(
        client,
        reqwest::Method::POST,
        format!("{base}/api/v1/matches/{id}/join"),
        bob,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    id
}

/// One outbox row.
#[derive(Debug, diesel::QueryableByName)]
struct OutboxRow {
    #[diesel(sql_type = Text)]
    channel: String,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    delivery_id: String,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    attempts: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    sent: bool,
}

/// Every outbox row, once none is waiting any more (at most `wait`).
async fn settled_outbox(db: &TestDb, wait: Duration) -> Vec<OutboxRow> {
    let mut conn = db.connect().await;
    let until = tokio::time::Instant::now() + wait;
    loop {
        let rows: Vec<OutboxRow> = diesel::sql_query(
            "SELECT channel, kind, delivery_id::text AS delivery_id, attempts, sent_at IS NOT NULL AS sent \
             FROM outbox WHERE gave_up_at IS NULL ORDER BY id",
        )
        .load(&mut conn)
        .await
        .unwrap();
        if rows.iter().all(|r| r.sent) {
            return rows;
        }
        assert!(
            tokio::time::Instant::now() < until,
            "outbox rows still waiting after {wait:?}: {:?}",
            rows.iter().filter(|r| !r.sent).collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// How many outbox rows there are.
async fn outbox_row_count(db: &TestDb) -> usize {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = db.connect().await;
    let count: Count = diesel::sql_query("SELECT count(*) AS n FROM outbox")
        .get_result(&mut conn)
        .await
        .unwrap();
    usize::try_from(count.n).unwrap()
}

/// How many times each delivery id was received, by webhook call (`Tapis-Delivery`).
fn calls_by_delivery(receiver: &Receiver) -> BTreeMap<String, usize> {
    let mut seen = BTreeMap::new();
    for call in receiver.calls() {
        *seen
            .entry(call.header("tapis-delivery").to_owned())
            .or_default() += 1;
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_tell_each_deadline_and_deliver_each_mail_and_call_once() {
    let db = TestDb::migrated().await;
    let sink = SmtpSink::start().await;
    let receiver = Receiver::start().await;
    let env = mail_env(&sink);
    let a = start_with(&db, free_port(), "a", &env).await;
    let b = start_with(&db, free_port(), "b", &env).await;
    let client = client();
    let alice = sign_up(&client, &a.base, "alice").await;
    let bob = sign_up(&client, &b.base, "bob").await;
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    with_mail(&client, &a.base, &sink, &alice, "alice@example.org").await;
    with_mail(&client, &b.base, &sink, &bob, "bob@example.org").await;
    with_webhook(&client, &a.base, &alice, receiver.url("/alice")).await;
    with_webhook(&client, &b.base, &bob, receiver.url("/bob")).await;

    // Three matches played through both processes. Now and then every deadline is brought
    // within a day: both clocks (each looking every second) race to tell it.
    let mut ids = Vec::new();
    for base in [&a.base, &b.base, &a.base] {
        ids.push(linja(&client, base, &alice, &bob).await);
    }
    let mut conn = db.connect().await;
    let mut over = BTreeSet::new();
    for round in 0..400 {
        let base = if round % 2 == 0 { &a.base } else { &b.base };
        for id in &ids {
            if !over.contains(id) && play(&client, base, id, &players, 3).await {
                over.insert(id.clone());
            }
        }
        if over.len() == ids.len() {
            break;
        }
        if round % 4 == 0 {
            diesel::sql_query(
                "UPDATE matches SET deadline = now() + interval '1 hour' WHERE status = 'active'",
            )
            .execute(&mut conn)
            .await
            .unwrap();
            tokio::time::sleep(Duration::from_millis(2500)).await;
        }
    }
    assert_eq!(over.len(), ids.len(), "the matches never ended");

    // Each turn's deadline told at most once, and some were told.
    #[derive(diesel::QueryableByName)]
    struct Told {
        #[diesel(sql_type = BigInt)]
        times: i64,
    }
    let told: Vec<Told> = diesel::sql_query(
        "SELECT count(*) AS times FROM user_events WHERE kind = 'deadline_soon' \
         GROUP BY match_id, version",
    )
    .load(&mut conn)
    .await
    .unwrap();
    assert!(!told.is_empty(), "no deadline was told");
    assert!(told.iter().all(|t| t.times == 1), "a deadline told twice");

    // Every outbox row sent, each at its first attempt: no row was taken by both senders.
    let rows = settled_outbox(&db, Duration::from_secs(30)).await;
    assert!(rows.iter().all(|r| r.attempts == 1), "{rows:?}");
    let wanted = |channel: &str| -> BTreeSet<String> {
        rows.iter()
            .filter(|r| r.channel == channel)
            .map(|r| r.delivery_id.clone())
            .collect()
    };
    // Each webhook call received once.
    let calls = calls_by_delivery(&receiver);
    assert!(
        calls.values().all(|&n| n == 1),
        "a call made twice: {calls:?}"
    );
    assert_eq!(
        calls.keys().cloned().collect::<BTreeSet<_>>(),
        wanted("webhook")
    );
    // Each mail received once (its Message-ID is its delivery id at the site's host).
    let mails = sink.received();
    let mut message_ids = BTreeMap::<String, usize>::new();
    for mail in &mails {
        let id = mail.message_id.split('@').next().unwrap().to_owned();
        *message_ids.entry(id).or_default() += 1;
    }
    assert!(
        message_ids.values().all(|&n| n == 1),
        "a mail sent twice: {message_ids:?}"
    );
    assert_eq!(
        message_ids.keys().cloned().collect::<BTreeSet<_>>(),
        wanted("mail")
    );
    assert!(
        rows.iter()
            .any(|r| r.channel == "mail" && r.kind == "deadline_soon"),
        "no deadline was mailed"
    );
    drop(a);
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_in_the_middle_of_deliveries_loses_no_outbox_row() {
    let db = TestDb::migrated().await;
    let receiver = Receiver::start().await;
    // The receiver takes its time: calls are in flight when the process dies.
    receiver.answer(Answer::Slow(Duration::from_secs(30)));
    let port_a = free_port();
    let mut a = start(&db, port_a, "a").await;
    let client = client();
    let alice = sign_up(&client, &a.base, "alice").await;
    let bob = sign_up(&client, &a.base, "bob").await;
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    with_webhook(&client, &a.base, &alice, receiver.url("/alice")).await;
    with_webhook(&client, &a.base, &bob, receiver.url("/bob")).await;
    let id = linja(&client, &a.base, &alice, &bob).await;
    assert!(!play(&client, &a.base, &id, &players, 6).await);
    // Every row written so far has reached the receiver, which sleeps on it.
    let written = outbox_row_count(&db).await;
    receiver.wait_for_any(written).await;
    assert_eq!(receiver.answered(), 0);
    let in_flight: BTreeSet<String> = calls_by_delivery(&receiver).into_keys().collect();

    // A dies with its deliveries unanswered and unsettled; B takes over, and A comes back.
    a.child.start_kill().unwrap();
    a.child.wait().await.unwrap();
    receiver.answer(Answer::Ok);
    let b = start(&db, free_port(), "b").await;
    assert!(!play(&client, &b.base, &id, &players, 6).await);
    let a = start(&db, port_a, "a-again").await;
    assert!(!play(&client, &a.base, &id, &players, 6).await);

    // Once the dead process's leases run out (a minute), its rows are delivered again: every
    // row sent, every call received, those in flight at the kill twice.
    let rows = settled_outbox(&db, Duration::from_secs(100)).await;
    let calls = calls_by_delivery(&receiver);
    let wanted: BTreeSet<String> = rows.iter().map(|r| r.delivery_id.clone()).collect();
    assert_eq!(calls.keys().cloned().collect::<BTreeSet<_>>(), wanted);
    for delivery in &in_flight {
        assert_eq!(calls[delivery], 2, "{delivery} in flight at the kill");
    }
    assert!(
        rows.iter()
            .filter(|r| !in_flight.contains(&r.delivery_id))
            .all(|r| r.attempts == 1),
        "{rows:?}"
    );
    drop(a);
    drop(b);
}

/// Opens match `id`'s stream on `base`, as the holder of `token`.
async fn match_stream(client: &Client, base: &str, id: &str, token: &str) -> EventStream {
    let url = format!("{base}/api/v1/matches/{id}/stream");
    match open_event_stream(client, &url, Some(token), None).await {
        Ok(stream) => stream,
        Err(reply) => panic!(
            "the match stream was refused: {} {:?}",
            reply.status, reply.body
        ),
    }
}

#[tokio::test]
async fn a_chat_message_posted_on_one_process_reaches_the_streams_of_the_other() {
    let db = TestDb::migrated().await;
    let a = start(&db, free_port(), "a").await;
    let b = start(&db, free_port(), "b").await;
    let client = client();
    let alice = sign_up(&client, &a.base, "alice").await;
    let bob = sign_up(&client, &b.base, "bob").await;
    let carol = sign_up(&client, &b.base, "carol").await;
    let id = linja(&client, &a.base, &alice, &bob).await;

    // Bob (a player) and Carol (a spectator) follow the match on B.
    let mut bob_on_b = match_stream(&client, &b.base, &id, &bob).await;
    let mut carol_on_b = match_stream(&client, &b.base, &id, &carol).await;
    let (status, posted) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches/{id}/chat", a.base),
        &alice,
        Some(json!({"text": "bonne partie"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{posted:?}");
    let heard = bob_on_b.expect("chat_message").await;
    assert_eq!(heard.data["text"], "bonne partie");
    assert_eq!(heard.data["author"], "alice");
    assert_eq!(heard.data["channel"], "players");
    assert_eq!(heard.data["number"], posted["number"]);

    // Carol writes to the spectators through A: she hears it on B, Bob never does; the next
    // message Bob hears is the players' next one.
    let (status, _) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches/{id}/chat", a.base),
        &carol,
        Some(json!({"preset": "hello"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let watched = carol_on_b.expect("chat_message").await;
    assert_eq!(watched.data["channel"], "spectators");
    assert_eq!(watched.data["preset"], "hello");
    let (status, _) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches/{id}/chat", b.base),
        &alice,
        Some(json!({"preset": "good_luck"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let next = bob_on_b.expect("chat_message").await;
    assert_eq!(
        next.data["preset"], "good_luck",
        "Carol's message never reached Bob"
    );
}

/// `TAPIS_ROLES`: a process with the web role alone serves the pages and the API but plays no
/// computer turn and makes no analysis; one with the worker role alone serves its health
/// only, and does that work for the other.
#[tokio::test]
async fn a_web_process_and_a_worker_process_share_the_work() {
    let db = TestDb::migrated().await;
    let web = start_with(
        &db,
        free_port(),
        "web",
        &[("TAPIS_ROLES", "web".to_owned())],
    )
    .await;
    let worker = start_with(
        &db,
        free_port(),
        "worker",
        &[("TAPIS_ROLES", "worker".to_owned())],
    )
    .await;
    let client = client();
    let games = client
        .get(format!("{}/api/v1/games", worker.base))
        .send()
        .await
        .unwrap();
    assert_eq!(games.status(), StatusCode::NOT_FOUND, "no API on a worker");

    let alice = sign_up(&client, &web.base, "alice").await;
    let (status, created) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches", web.base),
        &alice,
        Some(json!({"game": "421", "seats": 2, "invite": ["tapis-easy"]})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    // The computer's turn is played by the worker.
    let mut bot_moved = false;
    for _ in 0..400 {
        let (_, turns) = call(
            &client,
            reqwest::Method::GET,
            format!("{}/api/v1/matches/{id}/turns", web.base),
            &alice,
            None,
        )
        .await;
        let view = call(
            &client,
            reqwest::Method::GET,
            format!("{}/api/v1/matches/{id}", web.base),
            &alice,
            None,
        )
        .await
        .1;
        let seats = view["seats"].as_array().unwrap();
        let bot_seat = seats
            .iter()
            .find(|s| s["username"] == "tapis-easy")
            .map(|s| s["seat"].clone())
            .unwrap();
        bot_moved = turns
            .as_array()
            .into_iter()
            .flatten()
            .any(|t| t["seat"] == bot_seat && t["kind"] == "action");
        if bot_moved {
            break;
        }
        if view["legal_actions"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
        {
            let (status, _) = call(
                &client,
                reqwest::Method::POST,
                format!("{}/api/v1/matches/{id}/actions", web.base),
                &alice,
                Some(json!({"version": view["version"], "action": view["legal_actions"][0]})),
            )
            .await;
            assert!(status == StatusCode::OK || status == StatusCode::CONFLICT);
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    assert!(bot_moved, "the worker played the computer's turn");
    let (status, _) = call(
        &client,
        reqwest::Method::POST,
        format!("{}/api/v1/matches/{id}/resign", web.base),
        &alice,
        Some(json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // The worker analyses the finished match.
    let mut analysis = Value::Null;
    for _ in 0..600 {
        let reply = client
            .get(format!("{}/api/v1/matches/{id}/analysis", web.base))
            .send()
            .await
            .unwrap();
        let status = reply.status();
        analysis = reply.json().await.unwrap();
        if status == StatusCode::OK {
            break;
        }
        assert_eq!(status, StatusCode::ACCEPTED, "{analysis}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(analysis["status"], "ready", "{analysis}");
    assert_eq!(analysis["unit"], "round_tokens");
}

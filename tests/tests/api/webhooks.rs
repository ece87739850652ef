//! Signed webhooks through the real app, delivered to a real HTTP receiver started by the test
//! (`tapis_tests::receiver`: an actix-web server on 127.0.0.1 that records every call and
//! answers as it is told): the secret shown once, a move delivering `your_turn` signed,
//! retries with the same delivery id and the webhook disabled after a day of failures, a slow
//! receiver that never delays a move nor another receiver's calls,
//! the SSRF rules of production (at creation, and at delivery for a name that now resolves to
//! loopback), bad input, deletion, and the Python check of docs/api.md run on a delivery.

use std::time::Duration;

use diesel::sql_types::{BigInt, Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use hmac::{Hmac, KeyInit, Mac};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;
use tapis_tests::receiver::{Answer, RECEIVER_SECRET_TEXT, Receiver};
use tapis_tests::{Rng, TestApp};

use crate::streams::{act, started, until_the_turn_passes};

/// Whether `signature` (a `Tapis-Signature` value) signs `body` with `secret`.
pub(crate) fn signed_by(secret: &str, signature: &str, body: &[u8]) -> bool {
    let Some((t, v1)) = signature
        .strip_prefix("t=")
        .and_then(|rest| rest.split_once(",v1="))
    else {
        return false;
    };
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes()) == v1
}

pub(crate) async fn create(app: &TestApp, token: &str, url: &str, events: &[&str]) -> Value {
    let reply = app
        .post(
            "/api/v1/webhooks",
            Some(token),
            json!({"url": url, "events": events}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    reply.body
}

async fn webhook_rows(app: &TestApp) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = app.db.connect().await;
    diesel::sql_query("SELECT count(*) AS n FROM webhooks")
        .get_result::<Count>(&mut conn)
        .await
        .unwrap()
        .n
}

/// Waits (at most 10 s) until `check` holds for the webhook's attempts; returns them.
async fn attempts_until(
    app: &TestApp,
    token: &str,
    id: &str,
    check: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let mut last = Vec::new();
    for _ in 0..200 {
        let reply = app
            .get(&format!("/api/v1/webhooks/{id}/deliveries"), Some(token))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        last = reply.body.as_array().unwrap().clone();
        if check(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the attempts never became as expected: {last:?}");
}

/// Plays until it is `token`'s turn in the match; returns the version it became so.
async fn until_turn_of(app: &TestApp, id: &str, seats: &[String], token: &str) -> i64 {
    let mut rng = Rng(11);
    for _ in 0..10 {
        let view = app
            .get(&format!("/api/v1/matches/{id}"), Some(&seats[0]))
            .await
            .body;
        let seat = view["to_act"][0].as_u64().unwrap() as usize;
        if seats[seat] == token {
            // The version at which the turn came: the last version at which it passed.
            return view["version"].as_i64().unwrap();
        }
        until_the_turn_passes(app, id, seats, &mut rng).await;
    }
    panic!("the turn never came");
}

#[tokio::test]
async fn the_secret_is_shown_once_and_the_list_hides_it() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let created = create(
        &app,
        &alice,
        "http://127.0.0.1:9/hook",
        &["match_finished", "your_turn", "your_turn"],
    )
    .await;
    let secret = created["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 64);
    assert!(secret.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(created["url"], "http://127.0.0.1:9/hook");
    // Known events, each once, in the documented order.
    assert_eq!(created["events"], json!(["your_turn", "match_finished"]));
    assert!(created["created_at"].is_string());

    let listed = app.get("/api/v1/webhooks", Some(&alice)).await;
    assert_eq!(listed.status, StatusCode::OK);
    assert_eq!(
        listed.body,
        json!([{
            "id": created["id"],
            "url": "http://127.0.0.1:9/hook",
            "events": ["your_turn", "match_finished"],
            "created_at": created["created_at"],
            "disabled_at": null,
            "disabled_reason": null,
        }])
    );
    assert!(!listed.body.to_string().contains(secret));
    // Nobody else sees it.
    let bob = app.player("bob").await;
    let theirs = app.get("/api/v1/webhooks", Some(&bob)).await;
    assert_eq!(theirs.body, json!([]));
    assert_eq!(
        app.get("/api/v1/webhooks", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_move_delivers_your_turn_signed_to_the_opponents_webhook_and_nothing_else() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let bobs = create(&app, &bob, &receiver.url("/bob"), &["your_turn"]).await;
    let secret = bobs["secret"].as_str().unwrap().to_owned();
    // Alice hears only of finished matches: nothing here.
    create(&app, &alice, &receiver.url("/alice"), &["match_finished"]).await;

    let (id, seats) = started(&app, &alice, &bob).await;
    let version = until_turn_of(&app, &id, &seats, &bob).await;

    let calls = receiver.wait_for("/bob", 1).await;
    let call = &calls[0];
    assert_eq!(call.method, "POST");
    assert_eq!(call.header("content-type"), "application/json");
    assert_eq!(call.header("tapis-event"), "your_turn");
    let delivery = call.header("tapis-delivery");
    assert!(uuid::Uuid::parse_str(delivery).is_ok(), "{delivery}");
    assert!(
        signed_by(&secret, call.header("tapis-signature"), &call.body),
        "the signature does not verify: {}",
        call.header("tapis-signature")
    );
    assert!(!signed_by(
        "another secret",
        call.header("tapis-signature"),
        &call.body
    ));
    let body = call.json();
    assert_eq!(body["event"], "your_turn");
    assert_eq!(body["match_id"], json!(id));
    assert_eq!(body["version"], json!(version));
    assert_eq!(body["game"], "cant-stop");
    assert_eq!(body["delivery_id"], json!(delivery));
    assert!(body["deadline"].is_string(), "{body}");
    // The signature's time is now, as the receiver's clock tells it.
    let t: i64 = call.header("tapis-signature")[2..]
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    assert!((now - t).abs() < 60, "{t} vs {now}");

    // Neither the invitation nor the start (not subscribed) was sent, nor anything to Alice.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        receiver
            .calls()
            .iter()
            .all(|c| c.path == "/bob" && c.header("tapis-event") == "your_turn"),
        "{:?}",
        receiver.calls()
    );
    assert_eq!(receiver.calls_to("/bob").len(), 1);

    let attempts =
        attempts_until(&app, &bob, bobs["id"].as_str().unwrap(), |a| !a.is_empty()).await;
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0]["delivery_id"], json!(delivery));
    assert_eq!(attempts[0]["event"], "your_turn");
    assert_eq!(attempts[0]["status"], 200);
    assert_eq!(attempts[0]["error"], Value::Null);
    assert!(attempts[0]["at"].is_string());
}

#[tokio::test]
async fn a_failing_receiver_is_retried_with_the_same_delivery_then_the_webhook_is_disabled() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    receiver.answer(Answer::Status(500));
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let hook = create(&app, &bob, &receiver.url("/bob"), &["invitation"]).await;
    let hook_id = hook["id"].as_str().unwrap().to_owned();
    let (_id, _seats) = started(&app, &alice, &bob).await;

    let first = receiver.wait_for("/bob", 1).await;
    let delivery = first[0].header("tapis-delivery").to_owned();
    let attempts = attempts_until(&app, &bob, &hook_id, |a| a.len() == 1).await;
    assert_eq!(attempts[0]["status"], 500);
    assert_eq!(
        attempts[0]["error"],
        "the receiver answered 500 Internal Server Error"
    );
    // Not before its backoff (30 s)...
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(receiver.calls_to("/bob").len(), 1);
    // ...then again, as the same delivery, signed anew.
    app.clock_hand.advance(time::Duration::seconds(31));
    let second = receiver.wait_for("/bob", 2).await;
    assert_eq!(second[1].header("tapis-delivery"), delivery);
    assert!(signed_by(
        hook["secret"].as_str().unwrap(),
        second[1].header("tapis-signature"),
        &second[1].body
    ));
    let attempts = attempts_until(&app, &bob, &hook_id, |a| a.len() == 2).await;
    assert!(attempts.iter().all(|a| a["delivery_id"] == json!(delivery)));
    // What the receiver said is never shown.
    assert!(
        !attempts
            .iter()
            .any(|a| a.to_string().contains(RECEIVER_SECRET_TEXT))
    );

    // A day later it still fails: the delivery is given up and the webhook disabled.
    app.clock_hand.advance(time::Duration::hours(25));
    receiver.wait_for("/bob", 3).await;
    let mut listed = Value::Null;
    for _ in 0..200 {
        listed = app.get("/api/v1/webhooks", Some(&bob)).await.body;
        if listed[0]["disabled_at"].is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(listed[0]["disabled_at"].is_string(), "{listed}");
    assert_eq!(
        listed[0]["disabled_reason"],
        "deliveries failed for a day; last error: the receiver answered 500 Internal Server Error"
    );
    // No more calls: a new invitation is not delivered to a disabled webhook.
    receiver.answer(Answer::Ok);
    started(&app, &alice, &bob).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(receiver.calls_to("/bob").len(), 3);
}

#[tokio::test]
async fn a_slow_receiver_never_delays_a_move() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    receiver.answer(Answer::Slow(Duration::from_secs(12)));
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let hook = create(&app, &bob, &receiver.url("/bob"), &["your_turn"]).await;
    create(&app, &alice, &receiver.url("/alice"), &["your_turn"]).await;
    let (id, seats) = started(&app, &alice, &bob).await;
    // Whoever is to act first is told; the receiver sleeps on that call.
    receiver.wait_for_any(1).await;
    let mut rng = Rng(3);
    // Moves go on while the receiver sleeps: each move's answer comes back while no call has
    // been answered yet (an order, not a timing threshold).
    for _ in 0..6 {
        act(&app, &id, &seats, &mut rng).await;
        assert_eq!(receiver.answered(), 0, "a move waited for the receiver");
    }
    until_the_turn_passes(&app, &id, &seats, &mut rng).await;
    assert_eq!(receiver.answered(), 0);
    // Ten seconds on, the first call is given up as a timeout (and will be retried).
    let hook_id = hook["id"].as_str().unwrap();
    let attempts = attempts_until_slowly(&app, &bob, hook_id).await;
    assert_eq!(attempts[0]["status"], Value::Null);
    assert_eq!(attempts[0]["error"], "no answer within 10 s");
}

#[tokio::test]
async fn a_slow_receiver_never_delays_the_calls_to_another() {
    let app = TestApp::spawn().await;
    let slow = Receiver::start().await;
    slow.answer(Answer::Slow(Duration::from_secs(8)));
    let fast = Receiver::start().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    create(&app, &bob, &slow.url("/bob"), &["your_turn"]).await;
    create(&app, &alice, &fast.url("/alice"), &["your_turn"]).await;
    let (id, seats) = started(&app, &alice, &bob).await;
    // The turn passes to Bob (from Alice: a match's first turn is told as `match_started`);
    // his receiver sleeps on that call.
    until_turn_of(&app, &id, &seats, &alice).await;
    until_turn_of(&app, &id, &seats, &bob).await;
    slow.wait_for_any(1).await;
    let mut rng = Rng(5);
    // The turn comes back to Alice after that call began: her receiver hears of it while
    // Bob's still sleeps (an order, not a timing threshold: the slow call lasts 8 s).
    let version = until_the_turn_passes(&app, &id, &seats, &mut rng).await["version"].clone();
    let heard = loop {
        let heard = fast
            .calls()
            .into_iter()
            .any(|call| call.json()["version"] == version);
        if heard || slow.answered() > 0 {
            break heard;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(heard, "Alice's call waited for Bob's slow receiver");
    assert_eq!(slow.answered(), 0);
}

/// Waits (at most 20 s) for the first attempt of a webhook whose receiver is slow.
async fn attempts_until_slowly(app: &TestApp, token: &str, id: &str) -> Vec<Value> {
    for _ in 0..100 {
        let reply = app
            .get(&format!("/api/v1/webhooks/{id}/deliveries"), Some(token))
            .await;
        let attempts = reply.body.as_array().unwrap().clone();
        if !attempts.is_empty() {
            return attempts;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("no attempt was logged within 20 s");
}

#[tokio::test]
async fn production_refuses_urls_inside_the_network_and_stores_nothing() {
    let app = TestApp::spawn_with_webhooks(false).await;
    let alice = app.player("alice").await;
    for url in [
        "http://example.com/hook",
        "http://127.0.0.1:8080/hook",
        "https://127.0.0.1/",
        "https://10.0.0.1/",
        "https://172.16.5.4/",
        "https://192.168.1.1/",
        "https://169.254.169.254/latest/meta-data/",
        "https://100.64.0.1/",
        "https://0.0.0.0/",
        "https://[::1]/",
        "https://[fd00::1]/",
        "https://[fe80::1]/",
        "https://[::ffff:127.0.0.1]/",
        "https://[::ffff:10.0.0.1]/",
        // Every IPv6 form that carries an IPv4 address.
        "https://[::ffff:0:7f00:1]/",
        "https://[::ffff:0:127.0.0.1]/",
        "https://[::127.0.0.1]/",
        "https://[64:ff9b::7f00:1]/",
        "https://[64:ff9b:1::a9fe:a9fe]/",
        "https://[2002:7f00:1::1]/",
        "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
        "https://localhost/",
        "https://api.localhost/",
        "https://user:password@example.com/hook",
        "ftp://example.com/hook",
    ] {
        let reply = app
            .post(
                "/api/v1/webhooks",
                Some(&alice),
                json!({"url": url, "events": ["your_turn"]}),
            )
            .await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{url}: {:?}",
            reply.body
        );
        assert_eq!(
            reply.code(),
            "webhook_url_refused",
            "{url}: {:?}",
            reply.body
        );
        assert_eq!(
            reply.headers["content-type"], "application/problem+json",
            "{url}"
        );
        assert!(
            reply.body["detail"]
                .as_str()
                .unwrap()
                .starts_with("this webhook URL is refused: "),
            "{url}: {:?}",
            reply.body
        );
    }
    assert_eq!(webhook_rows(&app).await, 0);
    assert_eq!(
        app.get("/api/v1/webhooks", Some(&alice)).await.body,
        json!([])
    );
}

#[tokio::test]
async fn development_allows_http_to_this_machine_only() {
    let app = TestApp::spawn_with_webhooks(true).await;
    let alice = app.player("alice").await;
    for url in [
        "http://127.0.0.1:9/hook",
        "http://localhost:9/hook",
        "http://[::1]:9/hook",
    ] {
        create(&app, &alice, url, &["your_turn"]).await;
    }
    let reply = app
        .post(
            "/api/v1/webhooks",
            Some(&alice),
            json!({"url": "http://10.0.0.1/hook", "events": ["your_turn"]}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.code(), "webhook_url_refused");
    assert_eq!(webhook_rows(&app).await, 3);
}

/// A name that resolved to a public address when its webhook was created, and now resolves
/// inside the network (DNS rebinding), is refused at the connection: nothing is sent, and the
/// webhook is disabled with the reason. `localhost` stands for such a name, and the row is
/// written directly, as if it had passed the check at creation.
#[tokio::test]
async fn production_checks_the_address_again_at_every_delivery() {
    let app = TestApp::spawn_with_webhooks(false).await;
    let receiver = Receiver::start().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let bob_id = app.get("/api/v1/me", Some(&bob)).await.body["id"]
        .as_str()
        .unwrap()
        .parse::<uuid::Uuid>()
        .unwrap();
    let mut conn = app.db.connect().await;
    for url in [
        format!("https://localhost:{}/bob", receiver.port),
        format!("https://127.0.0.1:{}/bob", receiver.port),
    ] {
        diesel::sql_query(
            "INSERT INTO webhooks (user_id, url, events, secret) \
             VALUES ($1, $2, ARRAY['invitation'], $3)",
        )
        .bind::<SqlUuid, _>(bob_id)
        .bind::<Text, _>(url)
        .bind::<Text, _>("0".repeat(64))
        .execute(&mut conn)
        .await
        .unwrap();
    }
    started(&app, &alice, &bob).await;
    let mut listed = Value::Null;
    for _ in 0..200 {
        listed = app.get("/api/v1/webhooks", Some(&bob)).await.body;
        if listed
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["disabled_at"].is_string())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let reasons: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["disabled_reason"].as_str().unwrap_or("(enabled)"))
        .collect();
    assert_eq!(
        reasons,
        [
            "localhost is 127.0.0.1, which is not a public address",
            "127.0.0.1 is not a public address",
        ],
        "{listed}"
    );
    let attempts = attempts_until(&app, &bob, listed[0]["id"].as_str().unwrap(), |a| {
        !a.is_empty()
    })
    .await;
    assert_eq!(attempts[0]["status"], Value::Null);
    assert_eq!(
        attempts[0]["error"],
        "localhost is 127.0.0.1, which is not a public address"
    );
    assert!(receiver.calls().is_empty(), "{:?}", receiver.calls());
}

#[tokio::test]
async fn bad_input_is_refused_clearly_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let cases = [
        (json!({"events": ["your_turn"]}), "validation_failed"),
        (
            json!({"url": "", "events": ["your_turn"]}),
            "validation_failed",
        ),
        (
            json!({"url": "not a url", "events": ["your_turn"]}),
            "validation_failed",
        ),
        (
            json!({"url": "/relative", "events": ["your_turn"]}),
            "validation_failed",
        ),
        (
            json!({"url": format!("http://127.0.0.1/{}", "a".repeat(2000)), "events": ["your_turn"]}),
            "validation_failed",
        ),
        (
            json!({"url": "http://127.0.0.1:9/", "events": []}),
            "validation_failed",
        ),
        (
            json!({"url": "http://127.0.0.1:9/", "events": ["move"]}),
            "validation_failed",
        ),
        (
            json!({"url": "http://127.0.0.1:9/", "events": "your_turn"}),
            "validation_failed",
        ),
        (json!({"url": "http://127.0.0.1:9/"}), "validation_failed"),
        (
            json!({"url": "http://127.0.0.1:9/", "events": ["your_turn"], "secret": "mine"}),
            "validation_failed",
        ),
    ];
    for (body, code) in cases {
        let reply = app
            .post("/api/v1/webhooks", Some(&alice), body.clone())
            .await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), code, "{body}: {:?}", reply.body);
    }
    let unknown = app
        .post(
            "/api/v1/webhooks",
            Some(&alice),
            json!({"url": "http://127.0.0.1:9/", "events": ["your_turn", "move"]}),
        )
        .await;
    assert_eq!(unknown.body["field"], "events");
    assert!(
        unknown.body["detail"]
            .as_str()
            .unwrap()
            .contains("unknown event `move`"),
        "{:?}",
        unknown.body
    );
    let no_auth = app
        .post(
            "/api/v1/webhooks",
            None,
            json!({"url": "http://127.0.0.1:9/", "events": ["your_turn"]}),
        )
        .await;
    assert_eq!(no_auth.status, StatusCode::UNAUTHORIZED);
    assert_eq!(webhook_rows(&app).await, 0);

    // Ten at most.
    let mut ids = Vec::new();
    for i in 0..10 {
        let created = create(
            &app,
            &alice,
            &format!("http://127.0.0.1:9/{i}"),
            &["your_turn"],
        )
        .await;
        ids.push(created["id"].as_str().unwrap().to_owned());
    }
    let eleventh = app
        .post(
            "/api/v1/webhooks",
            Some(&alice),
            json!({"url": "http://127.0.0.1:9/10", "events": ["your_turn"]}),
        )
        .await;
    assert_eq!(eleventh.status, StatusCode::CONFLICT, "{:?}", eleventh.body);
    assert_eq!(eleventh.code(), "too_many_webhooks");
    assert_eq!(webhook_rows(&app).await, 10);

    // Someone else's, or no such id: 404, and nothing is touched.
    let theirs = &ids[0];
    for path in [
        format!("/api/v1/webhooks/{theirs}"),
        format!("/api/v1/webhooks/{}", uuid::Uuid::new_v4()),
        "/api/v1/webhooks/not-a-uuid".to_owned(),
    ] {
        let deleted = app.delete(&path, Some(&bob)).await;
        assert_eq!(deleted.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(deleted.code(), "not_found");
        let read = app.get(&format!("{path}/deliveries"), Some(&bob)).await;
        assert_eq!(read.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(read.code(), "not_found");
    }
    assert_eq!(webhook_rows(&app).await, 10);
    // The owner deletes one: 204, then 404.
    let deleted = app
        .delete(&format!("/api/v1/webhooks/{theirs}"), Some(&alice))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let again = app
        .delete(&format!("/api/v1/webhooks/{theirs}"), Some(&alice))
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(webhook_rows(&app).await, 9);
}

#[tokio::test]
async fn a_deleted_webhook_is_called_no_more() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    receiver.answer(Answer::Status(503));
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let hook = create(&app, &bob, &receiver.url("/bob"), &["invitation"]).await;
    started(&app, &alice, &bob).await;
    receiver.wait_for("/bob", 1).await;
    let id = hook["id"].as_str().unwrap();
    let deleted = app
        .delete(&format!("/api/v1/webhooks/{id}"), Some(&bob))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    // Its retry is gone with it, and new events make no row.
    app.clock_hand.advance(time::Duration::seconds(31));
    receiver.answer(Answer::Ok);
    started(&app, &alice, &bob).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(receiver.calls_to("/bob").len(), 1);
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = app.db.connect().await;
    let rows = diesel::sql_query("SELECT count(*) AS n FROM outbox WHERE channel = 'webhook'")
        .get_result::<Count>(&mut conn)
        .await
        .unwrap();
    assert_eq!(rows.n, 0);
}

/// The Python block that follows the marker in docs/api.md.
fn python_check_from_the_docs() -> String {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/api.md")).unwrap();
    let after = docs
        .split_once("<!-- webhook-signature-check")
        .expect("docs/api.md has no webhook-signature-check marker")
        .1;
    let block = after
        .split_once("```python\n")
        .expect("no Python block after the marker")
        .1;
    block
        .split_once("```")
        .expect("the Python block is not closed")
        .0
        .to_owned()
}

/// Runs the documented `verify` on a delivery: "accepted" or "rejected".
fn python_verdict(check: &str, secret: &str, signature: &str, body: &[u8]) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("tapis-webhook-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let body_path = dir.join("body");
    std::fs::write(&body_path, body).unwrap();
    let program = format!(
        "{check}\n\nimport os, sys\nbody = open(sys.argv[1], 'rb').read()\n\
         print('accepted' if verify(os.environ['SECRET'], os.environ['SIGNATURE'], body) else 'rejected')\n"
    );
    let output = std::process::Command::new("python3")
        .arg("-c")
        .arg(program)
        .arg(&body_path)
        .env("SECRET", secret)
        .env("SIGNATURE", signature)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    match output {
        Ok(output) => {
            assert!(
                output.status.success(),
                "python3 failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            Some(String::from_utf8_lossy(&output.stdout).trim().to_owned())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // CI must run it: a missing python3 there is a failure, never a skip.
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "python3 is needed to check the documented snippet"
            );
            None
        }
        Err(e) => panic!("python3 could not run: {e}"),
    }
}

#[tokio::test]
async fn the_python_check_in_the_docs_accepts_a_delivery_and_rejects_forgeries() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let hook = create(&app, &bob, &receiver.url("/bob"), &["invitation"]).await;
    let secret = hook["secret"].as_str().unwrap();
    started(&app, &alice, &bob).await;
    let call = receiver.wait_for("/bob", 1).await.remove(0);
    let signature = call.header("tapis-signature");
    let check = python_check_from_the_docs();

    let Some(verdict) = python_verdict(&check, secret, signature, &call.body) else {
        eprintln!("python3 is missing: the documented check was not run (CI runs it)");
        return;
    };
    assert_eq!(verdict, "accepted");
    let mut tampered = call.body.clone();
    let at = tampered.len() / 2;
    tampered[at] ^= 1;
    assert_eq!(
        python_verdict(&check, secret, signature, &tampered).as_deref(),
        Some("rejected")
    );
    assert_eq!(
        python_verdict(&check, &"1".repeat(64), signature, &call.body).as_deref(),
        Some("rejected")
    );
    assert_eq!(
        python_verdict(&check, secret, "garbage", &call.body).as_deref(),
        Some("rejected")
    );
    // A correct signature made ten minutes ago is too old.
    let old = time::OffsetDateTime::now_utc().unix_timestamp() - 600;
    let resigned =
        tapis_service::delivery::webhooks::signing::signature(secret, old, &call.body).unwrap();
    assert_eq!(
        python_verdict(
            &check,
            secret,
            &format!("t={old},v1={resigned}"),
            &call.body
        )
        .as_deref(),
        Some("rejected")
    );
    let fresh = time::OffsetDateTime::now_utc().unix_timestamp();
    let resigned =
        tapis_service::delivery::webhooks::signing::signature(secret, fresh, &call.body).unwrap();
    assert_eq!(
        python_verdict(
            &check,
            secret,
            &format!("t={fresh},v1={resigned}"),
            &call.body
        )
        .as_deref(),
        Some("accepted")
    );
}

//! Live events over Server-Sent Events: a player's stream (`GET /api/v1/stream`) and a match's
//! (`GET /api/v1/matches/{id}/stream`), resumed with `Last-Event-ID`, across two server
//! processes on one database.

use std::time::Duration;

use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_server::HttpSettings;
use tapis_service::SignInLimits;
use tapis_tests::{Received, Rng, TEST_BOTS, TestApp};

const QUIET: Duration = Duration::from_millis(400);

/// Alice and Bob's started match of Can't Stop (Alice invited Bob, who joined): its id, and
/// the tokens by seat.
pub(crate) async fn started(app: &TestApp, alice: &str, bob: &str) -> (String, Vec<String>) {
    let created = app
        .post(
            "/api/v1/matches",
            Some(alice),
            json!({"game": "cant-stop", "seats": 2, "invite": ["bob"]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(bob), json!({}))
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    let players = [
        ("alice".to_owned(), alice.to_owned()),
        ("bob".to_owned(), bob.to_owned()),
    ];
    (id, app.tokens_by_seat(&joined.body, &players))
}

/// Plays one legal action (rather not a pass) for the seat to act; returns the new view.
pub(crate) async fn act(app: &TestApp, id: &str, seats: &[String], rng: &mut Rng) -> Value {
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(&seats[0]))
        .await
        .body;
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(&seats[seat]))
        .await
        .body;
    let actions = mine["legal_actions"].as_array().unwrap();
    let active: Vec<&Value> = actions.iter().filter(|a| a["type"] != "stop").collect();
    let action = if active.is_empty() {
        actions[rng.below(actions.len())].clone()
    } else {
        active[rng.below(active.len())].clone()
    };
    let reply = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(&seats[seat]),
            json!({"version": mine["version"], "action": action}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

/// Plays until the turn passes to the other seat; returns the view after that move.
pub(crate) async fn until_the_turn_passes(
    app: &TestApp,
    id: &str,
    seats: &[String],
    rng: &mut Rng,
) -> Value {
    let first = app
        .get(&format!("/api/v1/matches/{id}"), Some(&seats[0]))
        .await
        .body;
    let before = first["to_act"][0].clone();
    for _ in 0..200 {
        let view = act(app, id, seats, rng).await;
        if view["to_act"][0] != before {
            return view;
        }
    }
    panic!("the turn never passed");
}

fn ids_increase(events: &[&Received]) {
    let ids: Vec<i64> = events.iter().map(|e| e.id.parse().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
}

#[tokio::test]
async fn players_hear_of_invitations_starts_and_their_turn() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut heard_by_alice = app.open_stream("/api/v1/stream", Some(&alice), None).await;
    let mut heard_by_bob = app.open_stream("/api/v1/stream", Some(&bob), None).await;

    let (id, seats) = started(&app, &alice, &bob).await;
    let invitation = heard_by_bob.expect("invitation").await;
    assert_eq!(
        invitation.data,
        json!({"match_id": id, "version": 0, "game": "cant-stop", "by": "alice"})
    );
    // Then the start, for both; and the turn, for the one to act first, after the start.
    let a_started = heard_by_alice.expect("match_started").await;
    let b_started = heard_by_bob.expect("match_started").await;
    assert_eq!(a_started.data["match_id"], json!(id));
    assert_eq!(a_started.data["game"], json!("cant-stop"));
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(&alice))
        .await
        .body;
    let first = view["to_act"][0].as_u64().unwrap() as usize;
    let (first_stream, second_stream) = if seats[first] == alice {
        (&mut heard_by_alice, &mut heard_by_bob)
    } else {
        (&mut heard_by_bob, &mut heard_by_alice)
    };
    let turn = first_stream.expect("your_turn").await;
    assert_eq!(turn.data["version"], view["version"]);
    assert!(turn.data["deadline"].is_string(), "{:?}", turn.data);
    ids_increase(&[&invitation, &b_started]);
    ids_increase(&[&a_started, &turn]);
    second_stream.expect_nothing(QUIET).await;

    // The turn passes: only the other player is told, once, at the version it passed at.
    let mut rng = Rng(7);
    let passed = until_the_turn_passes(&app, &id, &seats, &mut rng).await;
    let turn = second_stream.expect("your_turn").await;
    assert_eq!(turn.data["version"], passed["version"]);
    second_stream.expect_nothing(QUIET).await;
    first_stream.expect_nothing(QUIET).await;
}

#[tokio::test]
async fn the_end_of_a_match_is_told_to_everyone_at_it_with_the_result() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (id, _) = started(&app, &alice, &bob).await;
    let mut heard_by_alice = app.open_stream("/api/v1/stream", Some(&alice), None).await;
    let mut heard_by_bob = app.open_stream("/api/v1/stream", Some(&bob), None).await;
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    for stream in [&mut heard_by_alice, &mut heard_by_bob] {
        // A stream opened without an id starts from the events numbered after it opened:
        // the start, just before, may be among them.
        let finished = stream
            .expect_after("match_finished", &["match_started", "your_turn"])
            .await;
        assert_eq!(finished.data["match_id"], json!(id));
        assert_eq!(finished.data["version"], resigned.body["version"]);
        assert_eq!(finished.data["result"], resigned.body["result"]);
        stream.expect_nothing(QUIET).await;
    }
}

#[tokio::test]
async fn declines_and_cancellations_are_told_to_whom_they_concern() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let mut heard_by_alice = app.open_stream("/api/v1/stream", Some(&alice), None).await;
    let mut heard_by_bob = app.open_stream("/api/v1/stream", Some(&bob), None).await;
    let mut heard_by_carol = app.open_stream("/api/v1/stream", Some(&carol), None).await;

    // Bob declines a match for three: Alice hears that he declined, Carol that it is off.
    let created = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 3, "invite": ["bob", "carol"]}),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    heard_by_bob.expect("invitation").await;
    heard_by_carol.expect("invitation").await;
    let declined = app
        .post(
            &format!("/api/v1/matches/{id}/decline"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(declined.status, StatusCode::OK, "{:?}", declined.body);
    let told = heard_by_alice.expect("invitation_declined").await;
    assert_eq!(
        told.data,
        json!({"match_id": id, "version": declined.body["version"], "game": "yams", "by": "bob"})
    );
    let off = heard_by_carol.expect("match_cancelled").await;
    assert_eq!(off.data["by"], json!("bob"));
    heard_by_bob.expect_nothing(QUIET).await;

    // Alice cancels a match Carol was invited to: Carol hears it, Alice does not.
    let created = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 2, "invite": ["carol"]}),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    heard_by_carol.expect("invitation").await;
    let cancelled = app
        .post(
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{:?}", cancelled.body);
    let off = heard_by_carol.expect("match_cancelled").await;
    assert_eq!(off.data["match_id"], json!(id));
    assert_eq!(off.data["by"], json!("alice"));
    heard_by_alice.expect_nothing(QUIET).await;
}

#[tokio::test]
async fn a_match_stream_sends_every_move_to_anyone_and_resumes_from_a_version() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (id, seats) = started(&app, &alice, &bob).await;
    let path = format!("/api/v1/matches/{id}/stream");
    // A spectator, without a token.
    let mut watching = app.open_stream(&path, None, None).await;
    let mut rng = Rng(11);
    let mut views = Vec::new();
    for _ in 0..3 {
        views.push(act(&app, &id, &seats, &mut rng).await);
    }
    let turns = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    let turns = turns.as_array().unwrap();
    let mut received = Vec::new();
    for view in &views {
        let m = watching.expect("move").await;
        assert_eq!(m.id, view["version"].to_string());
        assert_eq!(m.data["version"], view["version"]);
        assert_eq!(m.data["match_id"], json!(id));
        // The move as the turn log has it.
        let seq = m.data["seq"].as_u64().unwrap() as usize;
        let logged = turns[seq].clone();
        let mut sent = m.data.clone();
        for key in ["match_id", "version"] {
            sent.as_object_mut().unwrap().remove(key);
        }
        assert_eq!(sent, logged);
        received.push(m);
    }
    watching.expect_nothing(QUIET).await;

    // Resumed after the first move: the two after it, at once.
    let mut resumed = app.open_stream(&path, None, Some(&received[0].id)).await;
    assert_eq!(resumed.expect("move").await, received[1]);
    assert_eq!(resumed.expect("move").await, received[2]);
    resumed.expect_nothing(QUIET).await;

    // Ids it never sent are refused.
    let current = views[2]["version"].as_i64().unwrap();
    for bad in ["abc", "-1", "1.5", &(current + 1).to_string()] {
        let refused = app
            .open_stream_on(&app.base, &path, None, Some(bad))
            .await
            .unwrap_err();
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {:?}",
            refused.body
        );
        assert_eq!(refused.code(), "bad_last_event_id", "{bad}");
        assert_eq!(refused.headers["content-type"], "application/problem+json");
    }
    let unknown = app
        .open_stream_on(
            &app.base,
            "/api/v1/matches/00000000-0000-4000-8000-000000000000/stream",
            None,
            None,
        )
        .await
        .unwrap_err();
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_player_stream_resumes_from_the_last_event_id_until_the_horizon() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut first = app.open_stream("/api/v1/stream", Some(&bob), None).await;
    let (id, seats) = started(&app, &alice, &bob).await;
    let invitation = first.expect("invitation").await;
    let started_event = first.expect("match_started").await;
    drop(first);

    // While Bob is away, the turn passes to him (perhaps more than once) and Alice resigns.
    let mut rng = Rng(3);
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(&alice))
        .await
        .body;
    if seats[view["to_act"][0].as_u64().unwrap() as usize] == bob {
        until_the_turn_passes(&app, &id, &seats, &mut rng).await;
    }
    until_the_turn_passes(&app, &id, &seats, &mut rng).await;
    app.post(
        &format!("/api/v1/matches/{id}/resign"),
        Some(&alice),
        json!({}),
    )
    .await;

    // Back with the id of the last event he read: what he missed, in order, and only that.
    let mut back = app
        .open_stream("/api/v1/stream", Some(&bob), Some(&invitation.id))
        .await;
    assert_eq!(back.expect("match_started").await, started_event);
    let mut missed = Vec::new();
    while let Some(event) = back.next_within(QUIET).await {
        missed.push(event);
    }
    let names: Vec<&str> = missed.iter().map(|e| e.event.as_str()).collect();
    assert!(names.ends_with(&["match_finished"]), "{names:?}");
    assert!(names.contains(&"your_turn"), "{names:?}");
    ids_increase(&missed.iter().collect::<Vec<_>>());
    drop(back);

    // Refused: an id that is no number, or that no event has yet; no token.
    for bad in ["x", "-3", "999999999"] {
        let refused = app
            .open_stream_on(&app.base, "/api/v1/stream", Some(&bob), Some(bad))
            .await
            .unwrap_err();
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(refused.code(), "bad_last_event_id");
    }
    let anonymous = app
        .open_stream_on(&app.base, "/api/v1/stream", None, None)
        .await
        .unwrap_err();
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // Past the horizon, the events are gone, and the stream says so.
    let horizon = tapis_service::events::prune(&app.services, time::Duration::ZERO)
        .await
        .unwrap();
    assert!(horizon.is_some());
    let expired = app
        .open_stream_on(
            &app.base,
            "/api/v1/stream",
            Some(&bob),
            Some(&invitation.id),
        )
        .await
        .unwrap_err();
    assert_eq!(expired.status, StatusCode::GONE, "{:?}", expired.body);
    assert_eq!(expired.code(), "events_expired");
    // From the present, it still works.
    app.open_stream("/api/v1/stream", Some(&bob), None).await;
}

#[tokio::test]
async fn a_stream_on_one_process_hears_a_move_made_through_another() {
    let app = TestApp::spawn().await;
    let other = app.start_another(TEST_BOTS).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (id, seats) = started(&app, &alice, &bob).await;
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(&alice))
        .await
        .body;
    let waiting = if seats[view["to_act"][0].as_u64().unwrap() as usize] == alice {
        &bob
    } else {
        &alice
    };
    let mut mine = app
        .open_stream_on(&other, "/api/v1/stream", Some(waiting), None)
        .await
        .unwrap();
    let mut watching = app
        .open_stream_on(&other, &format!("/api/v1/matches/{id}/stream"), None, None)
        .await
        .unwrap();
    // Moves through the first process; the streams are held by the second.
    let mut rng = Rng(5);
    let passed = until_the_turn_passes(&app, &id, &seats, &mut rng).await;
    // The match's start is numbered after its transaction commits, so a stream opened right
    // after the join may still hear it first.
    let turn = mine.expect_after("your_turn", &["match_started"]).await;
    assert_eq!(turn.data["version"], passed["version"]);
    let mut last = 0;
    while let Some(m) = watching.next_within(QUIET).await {
        last = m.data["version"].as_i64().unwrap();
    }
    assert_eq!(json!(last), passed["version"]);
}

#[tokio::test]
async fn a_quiet_stream_is_kept_open_with_comment_lines() {
    let mut http = HttpSettings::default();
    http.streams.keep_alive = Duration::from_millis(100);
    let app = TestApp::spawn_configured(SignInLimits::default(), http).await;
    let alice = app.player("alice").await;
    let response = app
        .client
        .get(format!("{}/api/v1/stream", app.base))
        .bearer_auth(&alice)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    let mut body = response.bytes_stream();
    let mut text = String::new();
    let until = tokio::time::Instant::now() + Duration::from_millis(600);
    while let Ok(Some(chunk)) = tokio::time::timeout_at(until, body.next()).await {
        text.push_str(&String::from_utf8_lossy(&chunk.unwrap()));
    }
    let comments = text.lines().filter(|l| l.starts_with(':')).count();
    assert!(comments >= 2, "{text:?}");
    assert!(text.contains("retry:"), "{text:?}");
}

#[tokio::test]
async fn a_deadline_less_than_a_day_away_is_told_once() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (id, seats) = started(&app, &alice, &bob).await;
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(&alice))
        .await
        .body;
    let to_act = &seats[view["to_act"][0].as_u64().unwrap() as usize];
    let mut heard = app.open_stream("/api/v1/stream", Some(to_act), None).await;
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE matches SET deadline = now() + interval '2 hours' WHERE id = $1::uuid",
    )
    .bind::<Text, _>(&id)
    .execute(&mut conn)
    .await
    .unwrap();
    // A stream opened without an id starts from the events numbered after it opened: the
    // start of the match, just before, may be among them.
    let soon = heard
        .expect_after("deadline_soon", &["match_started", "your_turn"])
        .await;
    assert_eq!(soon.data["match_id"], json!(id));
    assert_eq!(soon.data["version"], view["version"]);
    assert!(soon.data["deadline"].is_string());
    // Once per turn, however many times the clock looks.
    heard.expect_nothing(Duration::from_millis(600)).await;
}

#[tokio::test]
async fn streams_are_in_the_openapi_document_as_event_streams() {
    let app = TestApp::spawn().await;
    let document = app.get("/api/openapi.json", None).await.body;
    for path in ["/api/v1/stream", "/api/v1/matches/{id}/stream"] {
        let ok = &document["paths"][path]["get"]["responses"]["200"]["content"];
        assert!(ok.get("text/event-stream").is_some(), "{path}: {ok}");
    }
}

/// Opens a stream at `path` as a client at `from` (told by the trusted proxy header); the
/// response is kept open for as long as it is held.
async fn stream_from(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    from: &str,
) -> reqwest::Response {
    let mut request = app
        .client
        .get(format!("{}{path}", app.base))
        .header("X-Forwarded-For", from)
        .header("Accept", "text/event-stream");
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap()
}

/// Waits until the server counts `open` streams (it counts one down when its client goes).
async fn until_open(app: &TestApp, open: usize) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while app.services.streams().open() != open {
        assert!(
            tokio::time::Instant::now() < deadline,
            "still {} streams open, not {open}",
            app.services.streams().open()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn assert_refused(response: reqwest::Response, cap: &str) {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()["retry-after"], "30");
    let problem: Value = response.json().await.unwrap();
    assert_eq!(problem["code"], "too_many_streams", "{problem}");
    let detail = problem["detail"].as_str().unwrap_or_default();
    assert!(detail.contains(cap), "{cap}: {detail}");
}

#[tokio::test]
async fn streams_beyond_their_caps_are_refused_and_the_site_still_answers() {
    use tapis_service::quotas::{Quotas, StreamLimits};
    let quotas = Quotas {
        streams: StreamLimits {
            per_address: 4,
            per_account: 2,
            total: 6,
            retry_after: Duration::from_secs(30),
        },
        ..Quotas::default()
    };
    let mut http = HttpSettings {
        client_ip_header: Some("X-Forwarded-For".to_owned()),
        ..HttpSettings::default()
    };
    // No comment line for an hour: a stream is let go only because its client closed it.
    http.streams.keep_alive = Duration::from_secs(3600);
    let app = TestApp::spawn_with_quotas(quotas, http).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (id, seats) = started(&app, &alice, &bob).await;
    let of_match = format!("/api/v1/matches/{id}/stream");

    // One address: four streams, then a flood refused with 429 and Retry-After.
    let mut flooding = Vec::new();
    for _ in 0..4 {
        let open = stream_from(&app, &of_match, None, "10.0.0.1").await;
        assert_eq!(open.status(), StatusCode::OK);
        flooding.push(open);
    }
    for _ in 0..20 {
        assert_refused(
            stream_from(&app, &of_match, None, "10.0.0.1").await,
            "from one address",
        )
        .await;
    }
    // One account, from anywhere: two.
    let alice_here = stream_from(&app, "/api/v1/stream", Some(&alice), "10.0.0.2").await;
    let alice_there = stream_from(&app, "/api/v1/stream", Some(&alice), "10.0.0.3").await;
    assert_eq!(alice_here.status(), StatusCode::OK);
    assert_eq!(alice_there.status(), StatusCode::OK);
    assert_refused(
        stream_from(&app, "/api/v1/stream", Some(&alice), "10.0.0.4").await,
        "for one account",
    )
    .await;
    // The whole process: six, whoever asks (the pages' stream too).
    assert_refused(
        stream_from(&app, &of_match, None, "10.0.0.5").await,
        "the server",
    )
    .await;
    let page = format!("/stream?matches={id}:0");
    assert_eq!(
        stream_from(&app, &page, None, "10.0.0.5").await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(app.services.streams().open(), 6);

    // Everything else still answers, and a move goes through to those following.
    let health = app
        .client
        .get(format!("{}/healthz", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    let mut watching = tapis_tests::EventStream::of(flooding.remove(0));
    let played = act(&app, &id, &seats, &mut Rng(5)).await;
    let heard = watching.expect("move").await;
    assert_eq!(heard.data["version"], played["version"]);

    // Clients that close their streams give their places back at once, without waiting for
    // a write to fail.
    drop(watching);
    drop(flooding);
    until_open(&app, 2).await;
    let again = stream_from(&app, &page, None, "10.0.0.1").await;
    assert_eq!(again.status(), StatusCode::OK);
    drop((alice_here, alice_there, again));
    until_open(&app, 0).await;
}

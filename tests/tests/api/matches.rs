//! Creating, listing, joining, cancelling and declining matches, and the errors of play.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tapis_tests::TestApp;

async fn created(app: &TestApp, token: &str, body: Value) -> Value {
    let reply = app.post("/api/v1/matches", Some(token), body).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    reply.body
}

#[tokio::test]
async fn a_new_match_is_open_with_the_creator_seated() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let view = created(&app, &alice, json!({"game": "cant-stop", "seats": 3})).await;
    assert_eq!(view["status"], "open");
    assert_eq!(view["rated"], true, "default options are rated by default");
    assert_eq!(view["days_per_move"], 3);
    assert_eq!(view["seat_count"], 3);
    assert_eq!(
        view["seats"],
        json!([{"seat": 0, "username": "alice", "bot": false}])
    );
    assert_eq!(view["your_seat"], 0);
    assert_eq!(view["creator"], "alice");
    assert!(view["state"].is_null());
    assert_eq!(view["legal_actions"], json!([]));
    assert_eq!(
        view["options"],
        tapis_games::GameId::CantStop.default_options()
    );
    let hash = view["fairness"]["seed_sha256"].as_str().unwrap();
    assert_eq!(hash.len(), 64);
    assert!(view["fairness"]["seed"].is_null(), "the seed stays secret");
}

#[tokio::test]
async fn options_make_a_match_casual_and_are_stored_in_full() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let option = tapis_games::GameId::CantStop.option_specs()[0].clone();
    let other = match &option.kind {
        tapis_games::OptionKind::Bool => json!(!option.default.as_bool().unwrap()),
        tapis_games::OptionKind::Integer { min, max } => {
            if option.default == json!(min) {
                json!(max)
            } else {
                json!(min)
            }
        }
        tapis_games::OptionKind::Choice { values } => {
            json!(values.iter().find(|v| json!(v) != option.default).unwrap())
        }
    };
    let view = created(
        &app,
        &alice,
        json!({"game": "cant-stop", "seats": 2, "options": {option.name: other}, "days_per_move": null}),
    )
    .await;
    assert_eq!(view["rated"], false);
    assert!(view["days_per_move"].is_null());
    assert_eq!(view["options"][option.name], other);
    let refused = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "cant-stop", "seats": 2, "options": {option.name: other}, "rated": true}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.body["field"], "rated");
}

#[tokio::test]
async fn bad_match_requests_name_the_field_and_create_nothing() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    app.player("bob").await;
    let cases = [
        (json!({"game": "chess", "seats": 2}), "game"),
        (json!({"game": "linja", "seats": 3}), "seats"),
        (json!({"game": "421", "seats": 9}), "seats"),
        (json!({"game": "421", "seats": 0}), "seats"),
        (json!({"game": "421", "seats": "two"}), "seats"),
        (
            json!({"game": "421", "seats": 2, "options": {"no_such_option": 1}}),
            "options.no_such_option",
        ),
        (json!({"game": "421", "seats": 2, "options": []}), "options"),
        (
            json!({"game": "421", "seats": 2, "days_per_move": 0}),
            "days_per_move",
        ),
        (
            json!({"game": "421", "seats": 2, "days_per_move": 15}),
            "days_per_move",
        ),
        (
            json!({"game": "421", "seats": 2, "days_per_move": null, "rated": true}),
            "rated",
        ),
        (json!({"game": "yams", "seats": 1, "rated": true}), "rated"),
        (
            json!({"game": "421", "seats": 2, "invite": ["nobody"]}),
            "invite",
        ),
        (
            json!({"game": "421", "seats": 2, "invite": ["alice"]}),
            "invite",
        ),
        (
            json!({"game": "421", "seats": 3, "invite": ["bob", "BOB"]}),
            "invite",
        ),
        (
            json!({"game": "421", "seats": 2, "invite": ["bob", "alice"]}),
            "invite",
        ),
    ];
    for (body, field) in cases {
        let reply = app
            .post("/api/v1/matches", Some(&alice), body.clone())
            .await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "validation_failed", "{body}");
        assert_eq!(reply.body["field"], field, "{body}: {:?}", reply.body);
    }
    let list = app.get("/api/v1/matches", None).await;
    assert_eq!(list.body["items"], json!([]));
    let anonymous = app
        .post("/api/v1/matches", None, json!({"game": "421", "seats": 2}))
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_last_join_starts_the_match() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    assert_eq!(view["status"], "active");
    assert_eq!(view["seats"].as_array().unwrap().len(), 2);
    assert!(view["started_at"].is_string());
    assert!(view["state"].is_object());
    assert_eq!(view["to_act"].as_array().unwrap().len(), 1);
    let deadline = time::OffsetDateTime::parse(
        view["deadline"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    let in_three_days = time::OffsetDateTime::now_utc() + time::Duration::days(3);
    assert!((deadline - in_three_days).abs() < time::Duration::minutes(1));
    let id = view["id"].as_str().unwrap();
    let turns = app.get(&format!("/api/v1/matches/{id}/turns"), None).await;
    assert_eq!(turns.body[0]["seq"], 0);
    assert_eq!(turns.body[0]["kind"], "start");
}

#[tokio::test]
async fn the_seat_order_is_drawn_at_random() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut alice_first = 0;
    for _ in 0..16 {
        let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
        if view["seats"][0]["username"] == "alice" {
            alice_first += 1;
        }
    }
    assert!(
        (1..16).contains(&alice_first),
        "alice sat first {alice_first} times in 16"
    );
}

#[tokio::test]
async fn joining_twice_or_too_late_is_refused() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let view = created(&app, &alice, json!({"game": "421", "seats": 2})).await;
    let id = view["id"].as_str().unwrap();
    let twice = app
        .post(
            &format!("/api/v1/matches/{id}/join"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert_eq!(twice.code(), "already_joined");
    let ok = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let late = app
        .post(
            &format!("/api/v1/matches/{id}/join"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert_eq!(late.code(), "match_not_open");
}

#[tokio::test]
async fn invited_seats_are_reserved_and_a_decline_calls_the_challenge_off() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let view = created(
        &app,
        &alice,
        json!({"game": "linja", "seats": 2, "invite": ["Bob"]}),
    )
    .await;
    assert_eq!(view["invited"], json!(["bob"]));
    let id = view["id"].as_str().unwrap().to_owned();
    let intruder = app
        .post(
            &format!("/api/v1/matches/{id}/join"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(intruder.status, StatusCode::FORBIDDEN);
    assert_eq!(intruder.code(), "not_invited");
    let invitations = app.get("/api/v1/matches?invited=true", Some(&bob)).await;
    assert_eq!(invitations.body["items"][0]["id"], id.as_str());
    let none = app.get("/api/v1/matches?invited=true", Some(&carol)).await;
    assert_eq!(none.body["items"], json!([]));
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(joined.status, StatusCode::OK);
    assert_eq!(joined.body["status"], "active");
    assert_eq!(joined.body["invited"], json!([]));

    let second = created(
        &app,
        &alice,
        json!({"game": "linja", "seats": 2, "invite": ["bob"]}),
    )
    .await;
    let second = second["id"].as_str().unwrap();
    let not_invited = app
        .post(
            &format!("/api/v1/matches/{second}/decline"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(not_invited.status, StatusCode::FORBIDDEN);
    let declined = app
        .post(
            &format!("/api/v1/matches/{second}/decline"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(declined.status, StatusCode::OK);
    assert_eq!(declined.body["status"], "aborted");
}

#[tokio::test]
async fn only_the_creator_cancels_and_only_before_the_start() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = created(&app, &alice, json!({"game": "421", "seats": 3})).await;
    let id = view["id"].as_str().unwrap();
    let by_bob = app
        .post(
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(by_bob.status, StatusCode::FORBIDDEN);
    assert_eq!(by_bob.code(), "not_the_creator");
    let cancelled = app
        .post(
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(cancelled.status, StatusCode::OK);
    assert_eq!(cancelled.body["status"], "aborted");
    let seed = cancelled.body["fairness"]["seed"].as_str().unwrap();
    let hash = hex::encode(Sha256::digest(hex::decode(seed).unwrap()));
    assert_eq!(cancelled.body["fairness"]["seed_sha256"], hash);
    let join = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(join.code(), "match_not_open");

    let started = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let started = started["id"].as_str().unwrap();
    let too_late = app
        .post(
            &format!("/api/v1/matches/{started}/cancel"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(too_late.status, StatusCode::CONFLICT);
    assert_eq!(too_late.code(), "match_not_open");
}

/// The player whose turn it is, their token, and the other player's token.
fn to_act(view: &Value, alice: &str, bob: &str) -> (String, String) {
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    if view["seats"][seat]["username"] == "alice" {
        (alice.to_owned(), bob.to_owned())
    } else {
        (bob.to_owned(), alice.to_owned())
    }
}

#[tokio::test]
async fn refused_actions_change_nothing() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let (mover, waiter) = to_act(&view, &alice, &bob);
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(&mover))
        .await
        .body;
    let version = mine["version"].as_i64().unwrap();
    let action = mine["legal_actions"][0].clone();
    let path = format!("/api/v1/matches/{id}/actions");
    let turns_before = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;

    let outsider = app
        .post(
            &path,
            Some(&carol),
            json!({"version": version, "action": action}),
        )
        .await;
    assert_eq!(outsider.status, StatusCode::FORBIDDEN);
    assert_eq!(outsider.code(), "not_a_player");
    let stale = app
        .post(
            &path,
            Some(&mover),
            json!({"version": version - 1, "action": action}),
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert_eq!(stale.code(), "version_conflict");
    assert_eq!(stale.body["current_version"], version);
    let early = app
        .post(
            &path,
            Some(&waiter),
            json!({"version": version, "action": action}),
        )
        .await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert_eq!(early.code(), "not_your_turn");
    for bad in [
        json!({"type": "teleport"}),
        json!("move"),
        json!({"type": "initial_move", "row": 99}),
    ] {
        let illegal = app
            .post(
                &path,
                Some(&mover),
                json!({"version": version, "action": bad}),
            )
            .await;
        assert_eq!(illegal.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert_eq!(illegal.code(), "illegal_action", "{bad}");
        let detail = illegal.body["detail"].as_str().unwrap();
        assert!(!detail.is_empty());
        assert_eq!(
            detail.matches("illegal action").count(),
            1,
            "the reason is said once: {detail}"
        );
    }
    let no_version = app
        .post(&path, Some(&mover), json!({"action": action}))
        .await;
    assert_eq!(no_version.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(no_version.body["field"], "body");
    let anonymous = app
        .post(&path, None, json!({"version": version, "action": action}))
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let after = app
        .get(&format!("/api/v1/matches/{id}"), Some(&mover))
        .await
        .body;
    assert_eq!(after["version"], version);
    assert_eq!(after["state"], mine["state"]);
    let turns_after = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    assert_eq!(turns_after, turns_before);

    // The legal action itself is accepted, once.
    let ok = app
        .post(
            &path,
            Some(&mover),
            json!({"version": version, "action": action}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(ok.body["version"], version + 1);
    let retry = app
        .post(
            &path,
            Some(&mover),
            json!({"version": version, "action": action}),
        )
        .await;
    assert_eq!(retry.status, StatusCode::CONFLICT);
    assert_eq!(retry.code(), "version_conflict");
}

#[tokio::test]
async fn spectators_see_the_state_but_have_no_actions() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = view["id"].as_str().unwrap();
    let spectator = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert!(spectator["your_seat"].is_null());
    assert_eq!(spectator["legal_actions"], json!([]));
    assert!(spectator["state"].is_object());
    let (mover, waiter) = to_act(&view, &alice, &bob);
    let waiting = app
        .get(&format!("/api/v1/matches/{id}"), Some(&waiter))
        .await
        .body;
    assert_eq!(waiting["legal_actions"], json!([]));
    let moving = app
        .get(&format!("/api/v1/matches/{id}"), Some(&mover))
        .await
        .body;
    assert!(!moving["legal_actions"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn resigning_ends_a_two_player_match_and_reveals_the_seed() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("5000", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap();
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    let body = resigned.body;
    assert_eq!(body["status"], "finished");
    assert_eq!(body["result"]["ranking"][0]["username"], "bob");
    assert_eq!(body["result"]["ranking"][0]["rank"], 1);
    assert_eq!(body["result"]["ranking"][1]["username"], "alice");
    assert_eq!(body["result"]["ranking"][1]["rank"], 2);
    assert!(body["deadline"].is_null());
    assert_eq!(body["to_act"], json!([]));
    let seed = body["fairness"]["seed"].as_str().unwrap();
    assert_eq!(
        hex::encode(Sha256::digest(hex::decode(seed).unwrap())),
        body["fairness"]["seed_sha256"]
    );
    let again = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.code(), "match_not_active");
    let turns = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    let last = turns.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["kind"], "resign");
}

#[tokio::test]
async fn the_list_filters_and_pages() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let mut ids = Vec::new();
    for game in ["421", "421", "cant-stop", "yams", "linja"] {
        ids.push(created(&app, &alice, json!({"game": game, "seats": 2})).await["id"].clone());
    }
    let active = app.started_match("linja", &[&bob, &carol], json!({})).await;

    let all = app.get("/api/v1/matches", None).await.body;
    assert_eq!(all["items"].as_array().unwrap().len(), 6);
    assert!(all["next_cursor"].is_null());
    let by_game = app.get("/api/v1/matches?game=421", None).await.body;
    assert_eq!(by_game["items"].as_array().unwrap().len(), 2);
    let open = app.get("/api/v1/matches?status=open", None).await.body;
    assert_eq!(open["items"].as_array().unwrap().len(), 5);
    let bobs = app.get("/api/v1/matches?player=bob", None).await.body;
    assert_eq!(bobs["items"].as_array().unwrap().len(), 1);
    assert_eq!(bobs["items"][0]["id"], active["id"]);

    let (mover, waiter) = {
        let seat = active["to_act"][0].as_u64().unwrap() as usize;
        if active["seats"][seat]["username"] == "bob" {
            (&bob, &carol)
        } else {
            (&carol, &bob)
        }
    };
    let mine = app
        .get("/api/v1/matches?my_turn=true", Some(mover))
        .await
        .body;
    assert_eq!(mine["items"].as_array().unwrap().len(), 1);
    assert_eq!(mine["items"][0]["id"], active["id"]);
    let theirs = app
        .get("/api/v1/matches?my_turn=true", Some(waiter))
        .await
        .body;
    assert_eq!(theirs["items"], json!([]));
    let anonymous = app.get("/api/v1/matches?my_turn=true", None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // Pages of two, following the cursor, cover everything once.
    let mut seen = Vec::new();
    let mut path = "/api/v1/matches?limit=2".to_owned();
    loop {
        let page = app.get(&path, None).await.body;
        let items = page["items"].as_array().unwrap();
        assert!(items.len() <= 2);
        seen.extend(items.iter().map(|m| m["id"].clone()));
        match page["next_cursor"].as_str() {
            Some(cursor) => path = format!("/api/v1/matches?limit=2&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen.len(), 6);
    for id in &ids {
        assert!(seen.contains(id));
    }

    for bad in [
        "limit=0",
        "limit=201",
        "limit=x",
        "cursor=nonsense",
        "status=paused",
        "game=chess",
        "player=nobody",
        "my_turn=maybe",
    ] {
        let reply = app
            .get(&format!("/api/v1/matches?{bad}"), Some(&alice))
            .await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "validation_failed", "{bad}");
    }
}

#[tokio::test]
async fn a_match_with_its_turns_is_what_a_get_and_the_turn_log_read() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap();
    let who = tapis_service::identity::auth::authenticate(&app.services, &alice)
        .await
        .unwrap();
    let (shown, viewer) = tapis_service::matches::get_with_turns(
        &app.services,
        id.parse().unwrap(),
        Some((&who).into()),
    )
    .await
    .unwrap();
    assert_eq!(viewer, Some(who));
    let path = format!("/api/v1/matches/{id}");
    assert_eq!(
        serde_json::to_value(&shown.view).unwrap(),
        app.get(&path, Some(&alice)).await.body
    );
    assert_eq!(
        serde_json::to_value(&shown.turns).unwrap(),
        app.get(&format!("{path}/turns"), None).await.body
    );
    let missing =
        tapis_service::matches::get_with_turns(&app.services, uuid::Uuid::new_v4(), None).await;
    assert!(matches!(
        missing,
        Err(tapis_service::ServiceError::NotFound("match"))
    ));
}

#[tokio::test]
async fn a_finished_match_replays_step_by_step_and_one_in_play_does_not() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id: uuid::Uuid = view["id"].as_str().unwrap().parse().unwrap();
    let replay = |step| tapis_service::replay::replay_step(&app.services, id, step);
    assert!(
        replay(None).await.unwrap().is_none(),
        "no replay while the match is in play"
    );

    let path = format!("/api/v1/matches/{id}");
    let over = app
        .post(&format!("{path}/resign"), Some(&bob), json!({}))
        .await;
    assert_eq!(over.body["status"], "finished");
    let turns = app.get(&format!("{path}/turns"), None).await.body;
    let count = turns.as_array().unwrap().len();

    let last = replay(None).await.unwrap().unwrap();
    assert_eq!((last.step, last.last), (count - 1, count - 1));
    assert_eq!(serde_json::to_value(&last.record.turns).unwrap(), turns);
    assert_eq!(
        serde_json::to_value(&last.view).unwrap(),
        app.get(&path, None).await.body["state"],
        "the last step is the final table, as a spectator sees it"
    );
    assert!(last.record.fairness.seed.is_some());

    let first = replay(Some(0)).await.unwrap().unwrap();
    assert_eq!(first.step, 0);
    assert_ne!(first.view, last.view, "the resignation changed the table");
    let beyond = replay(Some(999)).await.unwrap().unwrap();
    assert_eq!((beyond.step, beyond.view), (last.step, last.view));
}

/// An account may have twenty open matches waiting for players; the next is refused until
/// one is cancelled or fills. Joining others' matches is not limited by it.
#[tokio::test]
async fn open_matches_are_capped_per_account() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let open = json!({"game": "linja", "seats": 2});
    let mut ids = Vec::new();
    for _ in 0..20 {
        let created = app
            .post("/api/v1/matches", Some(&alice), open.clone())
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        ids.push(created.body["id"].as_str().unwrap().to_owned());
    }
    let refused = app
        .post("/api/v1/matches", Some(&alice), open.clone())
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
    assert_eq!(refused.body["code"], "too_many_open_matches");
    let cancelled = app
        .post(
            &format!("/api/v1/matches/{}/cancel", ids[0]),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(cancelled.status, StatusCode::OK, "{:?}", cancelled.body);
    let bob = app.player("bob").await;
    let joined = app
        .post(
            &format!("/api/v1/matches/{}/join", ids[1]),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    for _ in 0..2 {
        let created = app
            .post("/api/v1/matches", Some(&alice), open.clone())
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    }
}

//! The correspondence clock: running out of time counts as resigning.

use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::TestApp;

async fn expire_deadline(app: &TestApp, id: &str) {
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE matches SET deadline = now() - interval '1 minute' WHERE id = $1::uuid",
    )
    .bind::<diesel::sql_types::Text, _>(id)
    .execute(&mut conn)
    .await
    .unwrap();
}

async fn wait_for_version(app: &TestApp, id: &str, above: i64) -> Value {
    for _ in 0..100 {
        let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        if view["version"].as_i64().unwrap() > above {
            return view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the clock did not act on match {id}");
}

#[tokio::test]
async fn a_player_out_of_time_loses_a_two_player_match() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("linja", &[&alice, &bob], json!({"days_per_move": 1}))
        .await;
    let id = view["id"].as_str().unwrap();
    let late_seat = view["to_act"][0].as_u64().unwrap() as usize;
    let late = view["seats"][late_seat]["username"].clone();
    expire_deadline(&app, id).await;
    let after = wait_for_version(&app, id, view["version"].as_i64().unwrap()).await;
    assert_eq!(after["status"], "finished");
    let ranking = after["result"]["ranking"].as_array().unwrap();
    assert_eq!(ranking[1]["username"], late);
    assert_eq!(ranking[1]["rank"], 2);
    let turns = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    let last = turns.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["kind"], "timeout");
    assert_eq!(last["seat"], late_seat);
}

#[tokio::test]
async fn a_match_lost_on_time_says_timeout_in_its_result_and_still_verifies() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({"days_per_move": 2}))
        .await;
    let id = view["id"].as_str().unwrap();
    expire_deadline(&app, id).await;
    let after = wait_for_version(&app, id, view["version"].as_i64().unwrap()).await;
    assert_eq!(after["status"], "finished");
    assert_eq!(
        after["result"]["reason"], "timeout",
        "the result says how the match was lost, as its turn log does"
    );
    // The record checks out offline: the replay knows a time-out ended the match.
    let export = app
        .get(&format!("/api/v1/matches/{id}/export"), None)
        .await
        .body;
    assert_eq!(export["result"]["reason"], "timeout");
    let export: tapis_service::matches::MatchExport = serde_json::from_value(export).unwrap();
    let report = tapis_service::verify::verify_export(&export).expect("the export verifies");
    assert!(report.finished);
}

#[tokio::test]
async fn a_resignation_after_a_time_out_ends_the_match_by_resignation() {
    let app = TestApp::spawn().await;
    let (names, tokens, view) = three_player_cant_stop(&app).await;
    let id = view["id"].as_str().unwrap();
    let late_seat = view["to_act"][0].as_u64().unwrap() as usize;
    expire_deadline(&app, id).await;
    let after = wait_for_version(&app, id, view["version"].as_i64().unwrap()).await;
    assert_eq!(after["status"], "active");
    // One of the two players left resigns: the match ends, by resignation.
    let quitter = (0..3).find(|seat| *seat != late_seat).unwrap();
    let username = after["seats"][quitter]["username"].as_str().unwrap();
    let token = &tokens[names.iter().position(|n| *n == username).unwrap()];
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK);
    assert_eq!(resigned.body["status"], "finished");
    assert_eq!(resigned.body["result"]["reason"], "resignation");
}

#[tokio::test]
async fn with_more_players_the_game_goes_on_without_the_late_one() {
    let app = TestApp::spawn().await;
    let (_, _, view) = three_player_cant_stop(&app).await;
    let id = view["id"].as_str().unwrap();
    let late_seat = view["to_act"][0].as_u64().unwrap();
    expire_deadline(&app, id).await;
    let after = wait_for_version(&app, id, view["version"].as_i64().unwrap()).await;
    assert_eq!(after["status"], "active", "two players remain");
    assert_ne!(after["to_act"][0].as_u64().unwrap(), late_seat);
    assert!(
        after["deadline"].is_string(),
        "the next player has a fresh deadline"
    );
}

#[tokio::test]
async fn matches_without_a_clock_never_expire() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match(
            "linja",
            &[&alice, &bob],
            json!({"days_per_move": null, "rated": false}),
        )
        .await;
    assert!(view["deadline"].is_null());
    let id = view["id"].as_str().unwrap();
    assert_eq!(
        tapis_service::matches::expire_overdue(&app.services, 10)
            .await
            .unwrap(),
        0
    );
    let after = app.get(&format!("/api/v1/matches/{id}"), None).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.body["status"], "active");
}

/// A Can't Stop match of alice, bob and carol, started: their names, tokens and its view.
async fn three_player_cant_stop(app: &TestApp) -> ([&'static str; 3], Vec<String>, Value) {
    let names = ["alice", "bob", "carol"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(app.player(name).await);
    }
    let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let view = app.started_match("cant-stop", &refs, json!({})).await;
    (names, tokens, view)
}

/// The token (of `alice` or `bob`) of the player to act in `view`.
fn token_to_act<'a>(view: &Value, alice: &'a str, bob: &'a str) -> &'a str {
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    if view["seats"][seat]["username"] == "alice" {
        alice
    } else {
        bob
    }
}

/// Posts the first legal action of the player to act (`token`), as they see the match.
async fn first_legal_action(app: &TestApp, id: &str, token: &str) -> tapis_tests::Reply {
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(token))
        .await
        .body;
    let action = mine["legal_actions"][0].clone();
    assert!(action.is_object(), "{mine}");
    app.post(
        &format!("/api/v1/matches/{id}/actions"),
        Some(token),
        json!({"version": mine["version"], "action": action}),
    )
    .await
}

#[tokio::test]
async fn a_move_after_the_deadline_is_refused_and_the_clock_then_records_the_time_out() {
    // The clock loop waits for the test: the late move comes between the deadline and the
    // time-out, as it would before the loop's next pass.
    let app = TestApp::spawn_without_clock_loop().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("linja", &[&alice, &bob], json!({"days_per_move": 1}))
        .await;
    let id = view["id"].as_str().unwrap();

    // A minute before the deadline, a move is in time.
    app.clock_hand
        .advance(time::Duration::days(1) - time::Duration::minutes(1));
    let in_time = first_legal_action(&app, id, token_to_act(&view, &alice, &bob)).await;
    assert_eq!(in_time.status, StatusCode::OK, "{:?}", in_time.body);
    let view = in_time.body;
    assert_eq!(view["status"], "active");

    // A minute after the next deadline, the move is too late, and nothing changes.
    app.clock_hand
        .advance(time::Duration::days(1) + time::Duration::minutes(1));
    let late_seat = view["to_act"][0].as_u64().unwrap();
    let late = first_legal_action(&app, id, token_to_act(&view, &alice, &bob)).await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{:?}", late.body);
    assert_eq!(late.code(), "deadline_passed");
    assert_eq!(late.headers["content-type"], "application/problem+json");
    let still = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(still["version"], view["version"]);
    assert_eq!(still["status"], "active");
    assert_eq!(still["deadline"], view["deadline"]);

    // The clock's pass records the time-out.
    assert_eq!(
        tapis_service::matches::expire_overdue(&app.services, 10)
            .await
            .unwrap(),
        1
    );
    let after = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(after["status"], "finished");
    assert_eq!(after["result"]["reason"], "timeout");
    assert_eq!(after["result"]["ranking"][1]["seat"], late_seat);
}

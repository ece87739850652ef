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
async fn with_more_players_the_game_goes_on_without_the_late_one() {
    let app = TestApp::spawn().await;
    let names = ["alice", "bob", "carol"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(app.player(name).await);
    }
    let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let view = app.started_match("cant-stop", &refs, json!({})).await;
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

//! Safe moves over flaky networks: the same move posted many times at once applies once.

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::TestApp;

#[tokio::test]
async fn twenty_concurrent_posts_of_one_action_apply_it_once() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = view["id"].as_str().unwrap().to_owned();
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let token = if view["seats"][seat]["username"] == "alice" {
        alice
    } else {
        bob
    };
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(&token))
        .await
        .body;
    let body = json!({"version": mine["version"], "action": mine["legal_actions"][0]});
    let turns_before = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;

    let posts = (0..20).map(|_| {
        let client = app.client.clone();
        let url = format!("{}/api/v1/matches/{id}/actions", app.base);
        let token = token.clone();
        let body = body.clone();
        tokio::spawn(async move {
            let reply = client
                .post(url)
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = reply.status();
            let json: serde_json::Value = reply.json().await.unwrap();
            (status, json)
        })
    });
    let mut ok = 0;
    let mut conflicts = 0;
    for post in posts.collect::<Vec<_>>() {
        let (status, json) = post.await.unwrap();
        match status {
            StatusCode::OK => ok += 1,
            StatusCode::CONFLICT => {
                assert_eq!(json["code"], "version_conflict");
                conflicts += 1;
            }
            other => panic!("unexpected {other}: {json}"),
        }
    }
    assert_eq!((ok, conflicts), (1, 19));
    let turns_after = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    assert_eq!(
        turns_after.as_array().unwrap().len(),
        turns_before.as_array().unwrap().len() + 1,
        "exactly one turn-log row was added"
    );
    let after = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(after["version"], mine["version"].as_i64().unwrap() + 1);
}

//! Aborting a match in its first moves: allowed to a player until each seat has taken a turn,
//! with no result and no rating change, told to the other players; refused afterwards.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, TestApp};

use crate::web_match::two_player_match;

/// The index (into `tokens`) of the player who may act in match `id` now.
async fn to_act(app: &TestApp, id: &str, tokens: &[&str]) -> usize {
    for (index, token) in tokens.iter().enumerate() {
        let view = app
            .get(&format!("/api/v1/matches/{id}"), Some(token))
            .await
            .body;
        if !view["legal_actions"].as_array().unwrap().is_empty() {
            return index;
        }
    }
    panic!("nobody may act in match {id}");
}

/// Plays the first legal action of whoever may act; returns who it was.
pub(crate) async fn play_one(app: &TestApp, id: &str, tokens: &[&str]) -> usize {
    let index = to_act(app, id, tokens).await;
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(tokens[index]))
        .await
        .body;
    let moved = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(tokens[index]),
            json!({"version": view["version"], "action": view["legal_actions"][0]}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    index
}

async fn abort(app: &TestApp, id: &str, token: &str) -> tapis_tests::Reply {
    app.post(
        &format!("/api/v1/matches/{id}/abort"),
        Some(token),
        json!({}),
    )
    .await
}

/// `username`'s rating entry for `game`.
async fn rating(app: &TestApp, username: &str, game: &str) -> Value {
    let reply = app
        .get(&format!("/api/v1/users/{username}/ratings"), None)
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply
        .body
        .as_array()
        .and_then(|all| all.iter().find(|entry| entry["game"] == game))
        .cloned()
        .unwrap_or_else(|| panic!("no {game} rating in {}", reply.body))
}

#[tokio::test]
async fn a_player_aborts_before_everyone_has_moved_and_nothing_is_rated() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let tokens = [alice.as_str(), bob.as_str()];
    let view = app.started_match("linja", &tokens, json!({})).await;
    assert_eq!(view["rated"], true);
    let id = view["id"].as_str().unwrap().to_owned();
    let names = ["alice", "bob"];

    // The first player moves; the other has not yet, and aborts.
    let first = play_one(&app, &id, &tokens).await;
    let other = 1 - first;
    let mut heard = app
        .open_stream("/api/v1/stream", Some(tokens[first]), None)
        .await;
    let aborted = abort(&app, &id, tokens[other]).await;
    assert_eq!(aborted.status, StatusCode::OK, "{:?}", aborted.body);
    let body = &aborted.body;
    assert_eq!(body["status"], "aborted");
    assert!(body["result"].is_null(), "an aborted match has no result");
    assert_eq!(body["to_act"], json!([]));
    assert!(body["deadline"].is_null());
    assert_eq!(body["legal_actions"], json!([]));
    assert!(
        body["fairness"]["seed"].is_string(),
        "the seed is revealed once the match is over"
    );
    assert!(body["finished_at"].is_string());

    // The other player hears who aborted it.
    let told = heard.expect("match_cancelled").await;
    assert_eq!(told.data["match_id"], json!(id));
    assert_eq!(told.data["by"], json!(names[other]));
    assert_eq!(told.data["version"], body["version"]);

    // No rating moved, and the match is over for every path.
    for name in names {
        let linja = rating(&app, name, "linja").await;
        assert_eq!(linja["games"], 0, "{name}: {linja}");
        assert_eq!(linja["rating"], json!(1500.0), "{name}: {linja}");
    }
    let again = abort(&app, &id, tokens[first]).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.code(), "match_not_active");
    let moved = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(tokens[first]),
            json!({"version": body["version"], "action": {"type": "pass"}}),
        )
        .await;
    assert_eq!(moved.code(), "match_not_active");
    let listed = app
        .get("/api/v1/matches?status=aborted", Some(&alice))
        .await;
    assert_eq!(listed.body["items"][0]["id"], json!(id));
}

#[tokio::test]
async fn once_every_seat_has_moved_the_match_is_resigned_not_aborted() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let tokens = [alice.as_str(), bob.as_str()];
    let view = app.started_match("linja", &tokens, json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();

    // Nobody else may abort it, at any time.
    let stranger = abort(&app, &id, &carol).await;
    assert_eq!(stranger.status, StatusCode::FORBIDDEN);
    assert_eq!(stranger.code(), "not_a_player");
    let anonymous = app
        .post(&format!("/api/v1/matches/{id}/abort"), None, json!({}))
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let unknown = abort(&app, "00000000-0000-0000-0000-000000000000", &alice).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    let mut moved = [false, false];
    while !(moved[0] && moved[1]) {
        moved[play_one(&app, &id, &tokens).await] = true;
    }
    let before = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    for token in tokens {
        let refused = abort(&app, &id, token).await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
        assert_eq!(refused.code(), "abort_not_allowed");
    }
    let after = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(
        after["version"], before["version"],
        "a refusal changes nothing"
    );
    assert_eq!(after["status"], "active");

    // A match not started yet is cancelled, not aborted.
    let open = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 2}),
        )
        .await;
    let open_id = open.body["id"].as_str().unwrap();
    let refused = abort(&app, open_id, &alice).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.code(), "match_not_active");
}

#[tokio::test]
async fn a_seat_that_resigned_has_taken_its_turn() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let tokens = [alice.as_str(), bob.as_str(), carol.as_str()];
    let view = app.started_match("cant-stop", &tokens, json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    // Carol left before moving; Alice and Bob have not moved: still abortable by them.
    let players = [alice.as_str(), bob.as_str()];
    let mut moved = [false, false];
    while !(moved[0] && moved[1]) {
        moved[play_one(&app, &id, &players).await] = true;
    }
    let refused = abort(&app, &id, &alice).await;
    assert_eq!(refused.code(), "abort_not_allowed", "{:?}", refused.body);
}

#[tokio::test]
async fn the_match_page_offers_the_abort_while_it_is_allowed() {
    let app = TestApp::spawn().await;
    let (alice, bob, id): (Browser, Browser, String) = two_player_match(&app, "linja").await;
    let page = alice.get(&format!("/matches/{id}")).await;
    page.assert_contains(&format!("action=\"/matches/{id}/abort\""));
    page.assert_contains("Abort the match");
    // A spectator is offered nothing.
    let visitor = Browser::new(&app);
    let seen = visitor.get(&format!("/matches/{id}")).await;
    assert!(!seen.text.contains("/abort\""));

    let aborted = bob.post(&format!("/matches/{id}/abort"), &[]).await;
    assert_eq!(aborted.status, StatusCode::SEE_OTHER, "{}", aborted.text);
    let over = alice.get(&format!("/matches/{id}")).await;
    over.assert_contains("Aborted in its first moves: no result, no rating change");
    assert!(!over.text.contains("/abort\""));
    assert!(!over.text.contains("data-testid=\"resign\""));

    // Too late: said on the page, not an error page.
    let again = alice.post(&format!("/matches/{id}/abort"), &[]).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    again.assert_contains("The match is not in play");
}

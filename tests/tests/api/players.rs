//! Finding players by the start of their name (API and page), challenging one from their
//! profile, and a computer player's profile.

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::{Browser, TestApp};

#[tokio::test]
async fn players_are_found_by_the_start_of_their_name_with_their_ratings() {
    let app = TestApp::spawn().await;
    let alice = app.player("Alice").await;
    let alf = app.player("alf_x").await;
    app.player("alfa1").await;
    app.player("bob").await;
    // Alice has a rating at Linja.
    let view = app.started_match("linja", &[&alice, &alf], json!({})).await;
    let id = view["id"].as_str().unwrap();
    app.post(
        &format!("/api/v1/matches/{id}/resign"),
        Some(&alf),
        json!({}),
    )
    .await;

    let found = app.get("/api/v1/players?q=AL", None).await;
    assert_eq!(found.status, StatusCode::OK, "{:?}", found.body);
    let names: Vec<&str> = found
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["alf_x", "alfa1", "Alice"],
        "by name, without regard to case"
    );
    let alice_found = &found.body[2];
    assert_eq!(alice_found["bot"], false);
    assert_eq!(alice_found["ratings"].as_array().unwrap().len(), 1);
    assert_eq!(alice_found["ratings"][0]["game"], "linja");
    assert_eq!(alice_found["ratings"][0]["games"], 1);
    // `_` is itself, not any character.
    let underscore = app.get("/api/v1/players?q=alf_", None).await.body;
    assert_eq!(underscore.as_array().unwrap().len(), 1);
    let bots = app.get("/api/v1/players?q=tapis-", None).await.body;
    assert!(bots.as_array().unwrap().iter().all(|p| p["bot"] == true));
    assert_eq!(bots.as_array().unwrap().len(), 3);
    for bad in ["", "a%25", "a b", &"a".repeat(25)] {
        let refused = app.get(&format!("/api/v1/players?q={bad}"), None).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }
    let missing = app.get("/api/v1/players", None).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_players_page_finds_and_a_profile_challenges() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    app.player("bob").await;

    let page = alice.get("/players?q=bo").await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("href=\"/players/bob\"");
    alice
        .get("/players?q=zz")
        .await
        .assert_contains("data-testid=\"players-none\"");
    let refused = alice.get("/players?q=a%20b").await;
    refused.assert_contains("Search by the start of a name");
    alice
        .get("/leaderboards")
        .await
        .assert_contains("href=\"/players\"");

    // Challenge: the lobby's form with Bob invited.
    let profile = alice.get("/players/bob").await;
    profile.assert_contains("href=\"/lobby?invite=bob\"");
    let form = alice.get("/lobby?invite=bob").await;
    form.assert_contains("value=\"bob\"");

    // A computer player's profile says so, and how it plays.
    let bot = alice.get("/players/tapis-easy").await;
    bot.assert_contains("data-testid=\"computer-profile\"");
    bot.assert_contains("a gentle opponent for beginners");
    assert!(
        !alice
            .get("/players/bob")
            .await
            .text
            .contains("computer-profile")
    );
}

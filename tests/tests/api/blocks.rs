//! Blocking a player, through the API and the pages: the list, a block and its lifting, and
//! what a block stops (invitations, seats at the blocker's table, chat both ways).

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::{Browser, TestApp};

#[tokio::test]
async fn a_player_blocks_and_unblocks_through_the_api() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    app.player("bob").await;
    let listed = app.get("/api/v1/blocks", Some(&alice)).await;
    assert_eq!(listed.status, StatusCode::OK);
    assert_eq!(listed.body, json!([]));

    let blocked = app.put("/api/v1/blocks/Bob", Some(&alice), json!({})).await;
    assert_eq!(blocked.status, StatusCode::NO_CONTENT, "{:?}", blocked.body);
    let again = app.put("/api/v1/blocks/bob", Some(&alice), json!({})).await;
    assert_eq!(
        again.status,
        StatusCode::NO_CONTENT,
        "blocking again changes nothing"
    );
    let listed = app.get("/api/v1/blocks", Some(&alice)).await.body;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["username"], "bob");
    assert!(listed[0]["since"].is_string());

    let myself = app
        .put("/api/v1/blocks/alice", Some(&alice), json!({}))
        .await;
    assert_eq!(myself.status, StatusCode::UNPROCESSABLE_ENTITY);
    let nobody = app.put("/api/v1/blocks/zoe", Some(&alice), json!({})).await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
    let anonymous = app.put("/api/v1/blocks/bob", None, json!({})).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let lifted = app.delete("/api/v1/blocks/bob", Some(&alice)).await;
    assert_eq!(lifted.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get("/api/v1/blocks", Some(&alice)).await.body,
        json!([])
    );
    let lifted_again = app.delete("/api/v1/blocks/bob", Some(&alice)).await;
    assert_eq!(lifted_again.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn a_blocked_player_can_neither_invite_nor_join_the_blocker() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    app.put("/api/v1/blocks/bob", Some(&alice), json!({})).await;

    // Bob cannot invite Alice; he still can invite Carol.
    let invited = app
        .post(
            "/api/v1/matches",
            Some(&bob),
            json!({"game": "yams", "seats": 2, "invite": ["alice"]}),
        )
        .await;
    assert_eq!(
        invited.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        invited.body
    );
    assert!(
        invited.body["detail"]
            .as_str()
            .unwrap()
            .contains("“alice” does not take invitations from you"),
        "{:?}",
        invited.body
    );
    let listed = app.get("/api/v1/matches?status=open", Some(&bob)).await;
    assert_eq!(listed.body["items"], json!([]), "nothing was created");

    // Bob cannot take a seat at Alice's open match; Carol can. Alice may still invite Bob.
    let open = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 3}),
        )
        .await;
    let id = open.body["id"].as_str().unwrap().to_owned();
    let refused = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "not_welcome");
    let joined = app
        .post(
            &format!("/api/v1/matches/{id}/join"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK);
    let invites_bob = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 2, "invite": ["bob"]}),
        )
        .await;
    assert_eq!(
        invites_bob.status,
        StatusCode::CREATED,
        "{:?}",
        invites_bob.body
    );

    // Once the block is lifted, Bob may join.
    app.delete("/api/v1/blocks/bob", Some(&alice)).await;
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    assert_eq!(joined.body["status"], "active");
}

#[tokio::test]
async fn blocks_on_the_pages_from_the_profile_and_the_account() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    let bob = Browser::new(&app);
    bob.sign_up("bob").await;

    let profile = alice.get("/players/bob").await;
    profile.assert_contains("data-testid=\"block\"");
    let own = alice.get("/players/alice").await;
    assert!(!own.text.contains("data-testid=\"block-form\""));
    let visitor = Browser::new(&app);
    assert!(
        !visitor
            .get("/players/bob")
            .await
            .text
            .contains("block-form")
    );

    let blocked = alice.post("/players/bob/block", &[]).await;
    assert_eq!(blocked.status, StatusCode::SEE_OTHER);
    assert_eq!(blocked.header("location"), "/players/bob");
    let profile = alice.get("/players/bob").await;
    profile.assert_contains("You blocked this player.");
    profile.assert_contains("data-testid=\"unblock\"");

    // Alice's open match offers Bob no seat, and says why if he tries.
    let created = alice
        .post(
            "/lobby/matches",
            &[("game", "yams"), ("seats", "2"), ("days_per_move", "3")],
        )
        .await;
    let id = created
        .header("location")
        .strip_prefix("/matches/")
        .unwrap()
        .to_owned();
    let page = bob.get(&format!("/matches/{id}")).await;
    assert!(
        !page
            .text
            .contains(&format!("action=\"/matches/{id}/join\""))
    );
    let tried = bob.post(&format!("/matches/{id}/join"), &[]).await;
    assert_eq!(tried.status, StatusCode::FORBIDDEN);
    tried.assert_contains("A player at this match does not accept you at their table.");

    let list = alice.get("/account/blocks").await;
    list.assert_contains("data-testid=\"blocked-player\"");
    list.assert_contains("bob");
    alice
        .get("/account")
        .await
        .assert_contains("href=\"/account/blocks\"");
    let lifted = alice
        .post("/players/bob/unblock", &[("next", "/account/blocks")])
        .await;
    assert_eq!(lifted.header("location"), "/account/blocks");
    alice
        .get("/account/blocks")
        .await
        .assert_contains("You have blocked nobody.");
    let page = bob.get(&format!("/matches/{id}")).await;
    page.assert_contains(&format!("action=\"/matches/{id}/join\""));
}

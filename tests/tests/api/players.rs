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

#[tokio::test]
async fn a_player_follows_others_and_sees_their_matches_in_play() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let listed = app.get("/api/v1/follows", Some(&alice)).await;
    assert_eq!(listed.body, json!([]));
    for name in ["bob", "Carol"] {
        let followed = app
            .put(&format!("/api/v1/follows/{name}"), Some(&alice), json!({}))
            .await;
        assert_eq!(
            followed.status,
            StatusCode::NO_CONTENT,
            "{:?}",
            followed.body
        );
    }
    let myself = app
        .put("/api/v1/follows/alice", Some(&alice), json!({}))
        .await;
    assert_eq!(myself.status, StatusCode::UNPROCESSABLE_ENTITY);
    let nobody = app
        .put("/api/v1/follows/zoe", Some(&alice), json!({}))
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);

    let playing = app.started_match("yams", &[&bob, &carol], json!({})).await;
    let id = playing["id"].as_str().unwrap();
    let listed = app.get("/api/v1/follows", Some(&alice)).await.body;
    assert_eq!(listed[0]["username"], "bob");
    assert_eq!(listed[0]["active"][0]["id"], json!(id));
    assert_eq!(listed[0]["active"][0]["game"], "yams");
    assert_eq!(listed[1]["username"], "carol");
    assert_eq!(listed[1]["active"][0]["id"], json!(id));

    let stopped = app.delete("/api/v1/follows/bob", Some(&alice)).await;
    assert_eq!(stopped.status, StatusCode::NO_CONTENT);
    let listed = app.get("/api/v1/follows", Some(&alice)).await.body;
    assert_eq!(listed.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_pages_follow_from_a_profile_and_list_the_players_followed() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let playing = app
        .started_match("cant-stop", &[&bob, &carol], json!({}))
        .await;
    let id = playing["id"].as_str().unwrap();

    alice
        .get("/players/bob")
        .await
        .assert_contains("data-testid=\"follow\"");
    let followed = alice.post("/players/bob/follow", &[]).await;
    assert_eq!(followed.header("location"), "/players/bob");
    alice
        .get("/players/bob")
        .await
        .assert_contains("data-testid=\"unfollow\"");
    let list = alice.get("/account/following").await;
    list.assert_contains("data-testid=\"followed-player\"");
    list.assert_contains(&format!("href=\"/matches/{id}\""));
    list.assert_contains("Can&#39;t Stop match");
    alice
        .get("/account")
        .await
        .assert_contains("href=\"/account/following\"");
    let stopped = alice
        .post("/players/bob/unfollow", &[("next", "/account/following")])
        .await;
    assert_eq!(stopped.header("location"), "/account/following");
    alice
        .get("/account/following")
        .await
        .assert_contains("You follow nobody yet.");
}

/// The `followed_started` events stored, as (follower, player followed) names.
async fn followed_started(app: &TestApp) -> Vec<(String, String)> {
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Told {
        #[diesel(sql_type = diesel::sql_types::Text)]
        follower: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        player: String,
    }
    let mut conn = app.db.connect().await;
    let told: Vec<Told> = diesel::sql_query(
        "SELECT u.username AS follower, e.data->>'player' AS player FROM user_events e \
         JOIN users u ON u.id = e.user_id WHERE e.kind = 'followed_started' ORDER BY 1",
    )
    .load(&mut conn)
    .await
    .unwrap();
    told.into_iter().map(|t| (t.follower, t.player)).collect()
}

#[tokio::test]
async fn followers_who_asked_hear_when_a_followed_player_starts_a_match() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let dan = app.player("dan").await;
    let eve = app.player("eve").await;
    for token in [&alice, &carol, &dan, &eve] {
        let followed = app.put("/api/v1/follows/bob", Some(token), json!({})).await;
        assert_eq!(followed.status, StatusCode::NO_CONTENT);
    }
    // Off unless asked: Carol does not ask.
    let settings = app.get("/api/v1/me/follow-settings", Some(&alice)).await;
    assert_eq!(settings.body, json!({"match_started": false}));
    for token in [&alice, &dan, &eve] {
        let on = app
            .put(
                "/api/v1/me/follow-settings",
                Some(token),
                json!({"match_started": true}),
            )
            .await;
        assert_eq!(on.status, StatusCode::OK, "{:?}", on.body);
        assert_eq!(on.body, json!({"match_started": true}));
    }
    let bad = app
        .put(
            "/api/v1/me/follow-settings",
            Some(&alice),
            json!({"match_started": "yes"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Bob blocked Dan: Dan is not told of Bob's matches.
    app.put("/api/v1/blocks/dan", Some(&bob), json!({})).await;

    let mut stream = app.open_stream("/api/v1/stream", Some(&alice), None).await;
    // Eve plays with Bob: she is at the table, so she is not told.
    let view = app.started_match("linja", &[&bob, &eve], json!({})).await;
    let told = stream.expect("followed_started").await;
    assert_eq!(told.data["player"], "bob");
    assert_eq!(told.data["game"], "linja");
    assert_eq!(told.data["match_id"], view["id"]);
    assert_eq!(
        followed_started(&app).await,
        [("alice".to_owned(), "bob".to_owned())]
    );

    // Alice turns it off again; Eve, not at this table, is told this time.
    app.put(
        "/api/v1/me/follow-settings",
        Some(&alice),
        json!({"match_started": false}),
    )
    .await;
    app.started_match("linja", &[&bob, &carol], json!({})).await;
    assert_eq!(
        followed_started(&app).await,
        [
            ("alice".to_owned(), "bob".to_owned()),
            ("eve".to_owned(), "bob".to_owned())
        ]
    );

    // The page's switch.
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    browser
        .post(
            "/signin",
            &[("username", "carol"), ("password", "correct horse")],
        )
        .await;
    let page = browser.get("/account/following").await;
    page.assert_contains("Tell me when a player I follow starts a match");
    assert!(!page.text.contains("value=\"on\" checked"));
    let saved = browser
        .post("/account/following/settings", &[("match_started", "on")])
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    assert!(
        browser
            .get("/account/following")
            .await
            .text
            .contains("value=\"on\" checked")
    );
    assert_eq!(
        app.get("/api/v1/me/follow-settings", Some(&carol))
            .await
            .body,
        json!({"match_started": true})
    );
}

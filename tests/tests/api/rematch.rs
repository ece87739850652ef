//! A rematch after the last move: the same match again with the same players, invited as to
//! any match; one per match; at Linja the loser of the last game plays first; against the
//! computer it starts at once; on the result screen.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::TestApp;

async fn rematch(app: &TestApp, id: &str, token: &str) -> tapis_tests::Reply {
    app.post(
        &format!("/api/v1/matches/{id}/rematch"),
        Some(token),
        json!({}),
    )
    .await
}

/// A Linja match between alice and bob that `loser` resigned.
async fn finished(app: &TestApp, alice: &str, bob: &str, loser: &str) -> Value {
    let view = app
        .started_match("linja", &[alice, bob], json!({"days_per_move": 5}))
        .await;
    let id = view["id"].as_str().unwrap();
    let over = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(loser),
            json!({}),
        )
        .await;
    assert_eq!(over.body["status"], "finished");
    over.body
}

#[tokio::test]
async fn a_rematch_invites_the_others_once_and_the_loser_of_linja_starts() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let old = finished(&app, &alice, &bob, &alice).await;
    let id = old["id"].as_str().unwrap().to_owned();

    // Not a player, or not over: refused.
    let stranger = rematch(&app, &id, &carol).await;
    assert_eq!(stranger.status, StatusCode::FORBIDDEN);
    assert_eq!(stranger.code(), "not_a_player");
    let playing = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let early = rematch(&app, playing["id"].as_str().unwrap(), &alice).await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert_eq!(early.code(), "match_not_finished");

    // Bob (the winner) asks: the same match, Alice invited.
    let made = rematch(&app, &id, &bob).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    let new = &made.body;
    let new_id = new["id"].as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    assert_eq!(new["status"], "open");
    assert_eq!(new["game"], "linja");
    assert_eq!(new["rated"], old["rated"]);
    assert_eq!(new["days_per_move"], 5);
    assert_eq!(new["options"], old["options"]);
    assert_eq!(new["creator"], "bob");
    assert_eq!(new["invited"], json!(["alice"]));

    // Alice asking too is sent to the same one; the old match names it.
    let again = rematch(&app, &id, &alice).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["id"], json!(new_id));
    let old_now = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(old_now["rematch"], json!(new_id));
    assert!(old_now["version"].as_i64() > old["version"].as_i64());

    // Alice accepts: she lost, so she plays first.
    let joined = app
        .post(
            &format!("/api/v1/matches/{new_id}/join"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(joined.body["status"], "active");
    assert_eq!(joined.body["seats"][0]["username"], "alice");
    assert_eq!(joined.body["to_act"], json!([0]));
}

#[tokio::test]
async fn a_declined_rematch_is_called_off_and_a_rematch_of_the_computer_starts_at_once() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let old = finished(&app, &alice, &bob, &bob).await;
    let id = old["id"].as_str().unwrap();
    let made = rematch(&app, id, &alice).await;
    let new_id = made.body["id"].as_str().unwrap();
    let mut heard = app.open_stream("/api/v1/stream", Some(&alice), None).await;
    let declined = app
        .post(
            &format!("/api/v1/matches/{new_id}/decline"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(declined.body["status"], "aborted");
    heard.expect("invitation_declined").await;

    // Against the computer: no one to wait for.
    let against = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 2, "invite": ["tapis-easy"], "rated": false}),
        )
        .await;
    assert_eq!(against.status, StatusCode::CREATED, "{:?}", against.body);
    let bot_match = against.body["id"].as_str().unwrap();
    let over = app
        .post(
            &format!("/api/v1/matches/{bot_match}/resign"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(over.body["status"], "finished");
    let again = rematch(&app, bot_match, &alice).await;
    assert_eq!(again.status, StatusCode::CREATED, "{:?}", again.body);
    assert_eq!(again.body["status"], "active");
    assert_eq!(again.body["rated"], false);
    let names: Vec<&str> = again.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"tapis-easy") && names.contains(&"alice"),
        "{names:?}"
    );
}

#[tokio::test]
async fn the_result_screen_offers_the_rematch_then_leads_to_it() {
    let app = TestApp::spawn().await;
    let alice_browser = tapis_tests::Browser::new(&app);
    alice_browser.sign_up("alice").await;
    let alice = app.sign_in("alice").await;
    let bob = app.player("bob").await;
    let old = finished(&app, &alice, &bob, &bob).await;
    let id = old["id"].as_str().unwrap();
    let page = alice_browser.get(&format!("/matches/{id}")).await;
    page.assert_contains(&format!("action=\"/matches/{id}/rematch\""));
    let asked = alice_browser
        .post(&format!("/matches/{id}/rematch"), &[])
        .await;
    assert_eq!(asked.status, StatusCode::SEE_OTHER);
    let new_page = asked.header("location").to_owned();
    assert_ne!(new_page, format!("/matches/{id}"));
    let after = alice_browser.get(&format!("/matches/{id}")).await;
    assert!(
        !after
            .text
            .contains(&format!("action=\"/matches/{id}/rematch\""))
    );
    after.assert_contains(&format!("href=\"{new_page}\""));
    after.assert_contains("Go to the rematch");
}

/// A Linja match of alice and bob with `days` per move, played until it is alice's turn.
async fn alices_turn(app: &TestApp, alice: &str, bob: &str, days: i64) -> String {
    let view = app
        .started_match("linja", &[alice, bob], json!({"days_per_move": days}))
        .await;
    let id = view["id"].as_str().unwrap().to_owned();
    loop {
        let mine = app
            .get(&format!("/api/v1/matches/{id}"), Some(alice))
            .await
            .body;
        if !mine["legal_actions"].as_array().unwrap().is_empty() {
            return id;
        }
        crate::abort::play_one(app, &id, &[bob]).await;
    }
}

#[tokio::test]
async fn next_match_leads_to_the_nearest_deadline_among_the_others() {
    let app = TestApp::spawn().await;
    let browser = tapis_tests::Browser::new(&app);
    browser.sign_up("alice").await;
    let alice = app.sign_in("alice").await;
    let bob = app.player("bob").await;
    let later = alices_turn(&app, &alice, &bob, 5).await;
    let sooner = alices_turn(&app, &alice, &bob, 1).await;

    // The page asks for it once drawn.
    let page = browser.get(&format!("/matches/{later}")).await;
    page.assert_contains(&format!("hx-get=\"/matches/{later}/next\""));
    let from_later = browser.get(&format!("/matches/{later}/next")).await;
    from_later.assert_contains(&format!("href=\"/matches/{sooner}\""));
    from_later.assert_contains("Next match waiting for you<");
    let from_sooner = browser.get(&format!("/matches/{sooner}/next")).await;
    from_sooner.assert_contains(&format!("href=\"/matches/{later}\""));
    // From a third match (whoever is to act there: it may be Alice's turn there too), the
    // nearest deadline first, and the count of the others.
    let elsewhere = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let elsewhere = elsewhere["id"].as_str().unwrap();
    let from_elsewhere = browser.get(&format!("/matches/{elsewhere}/next")).await;
    let waiting = app
        .get("/api/v1/matches?my_turn=true", Some(&alice))
        .await
        .body["items"]
        .as_array()
        .unwrap()
        .len()
        - usize::from(
            app.get("/api/v1/matches?my_turn=true", Some(&alice))
                .await
                .body["items"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["id"] == elsewhere),
        );
    from_elsewhere.assert_contains(&format!("href=\"/matches/{sooner}\""));
    from_elsewhere.assert_contains(&format!("Next match waiting for you ({waiting})"));
    // A visitor, or a player with nothing waiting, gets no button.
    let visitor = tapis_tests::Browser::new(&app);
    assert!(
        !visitor
            .get(&format!("/matches/{later}/next"))
            .await
            .text
            .contains("href=")
    );
    assert!(
        !visitor
            .get(&format!("/matches/{later}"))
            .await
            .text
            .contains("/next\"")
    );
}

//! The chat of a match through the API and the pages: the players' and the spectators'
//! channels kept apart, presets, the checks on what is written, the rate limit, a chat turned
//! off, blocked players, the live stream, the replay, in both languages.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, TestApp};

use crate::abort::play_one;

fn chat_url(id: &str) -> String {
    format!("/api/v1/matches/{id}/chat")
}

async fn say(app: &TestApp, id: &str, token: &str, body: Value) -> tapis_tests::Reply {
    app.post(&chat_url(id), Some(token), body).await
}

/// The texts of the chat as `token` (or a visitor) reads it.
async fn texts(app: &TestApp, id: &str, token: Option<&str>) -> Vec<String> {
    let reply = app.get(&chat_url(id), token).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect()
}

/// Runs `sql` on the app's database.
async fn sql(app: &TestApp, sql: &str) {
    use diesel_async::RunQueryDsl;
    let mut conn = app.db.connect().await;
    diesel::sql_query(sql).execute(&mut conn).await.unwrap();
}

#[tokio::test]
async fn players_and_spectators_chat_apart_until_the_end_and_the_record_keeps_both() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();

    let posted = say(&app, &id, &alice, json!({"text": "  good luck, Bob  "})).await;
    assert_eq!(posted.status, StatusCode::CREATED, "{:?}", posted.body);
    assert_eq!(posted.body["channel"], "players");
    assert_eq!(posted.body["author"], "alice");
    assert_eq!(posted.body["text"], "good luck, Bob", "trimmed");
    assert_eq!(posted.body["number"], 1);
    assert!(posted.body["preset"].is_null());
    let watched = say(&app, &id, &carol, json!({"preset": "hello"})).await;
    assert_eq!(watched.status, StatusCode::CREATED, "{:?}", watched.body);
    assert_eq!(watched.body["channel"], "spectators");
    assert_eq!(watched.body["text"], "Hello!");
    assert_eq!(watched.body["number"], 2);

    // While the match runs, each side reads its own channel; a visitor the spectators'.
    assert_eq!(texts(&app, &id, Some(&bob)).await, ["good luck, Bob"]);
    assert_eq!(texts(&app, &id, Some(&carol)).await, ["Hello!"]);
    assert_eq!(texts(&app, &id, None).await, ["Hello!"]);
    let bobs = app.get(&chat_url(&id), Some(&bob)).await.body;
    assert_eq!(bobs["channel"], "players");
    assert_eq!(bobs["off"], false);
    assert!(app.get(&chat_url(&id), None).await.body["channel"].is_null());

    // Once it is over, the players read both; the spectators still only theirs.
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK);
    assert_eq!(
        texts(&app, &id, Some(&bob)).await,
        ["good luck, Bob", "Hello!"]
    );
    assert_eq!(texts(&app, &id, Some(&carol)).await, ["Hello!"]);
    let after = say(&app, &id, &bob, json!({"preset": "good_game"})).await;
    assert_eq!(
        after.status,
        StatusCode::CREATED,
        "the players may still talk after the end"
    );
}

#[tokio::test]
async fn what_cannot_be_said_is_refused_with_its_reason_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();

    for (body, said) in [
        (json!({"text": "   "}), "needs some text"),
        (json!({"text": "a".repeat(501)}), "at most 500 characters"),
        (json!({"text": "two\nlines"}), "line breaks"),
        (json!({"text": "bell\u{7}"}), "control characters"),
        (json!({"text": "see example.com/free"}), "cannot post links"),
        (
            json!({"text": "hi", "preset": "hello"}),
            "either `text` or `preset`",
        ),
        (json!({}), "either `text` or `preset`"),
    ] {
        let refused = say(&app, &id, &alice, body.clone()).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(refused.code(), "validation_failed", "{body}");
        let detail = refused.body["detail"].as_str().unwrap_or_default();
        assert!(detail.contains(said), "{body}: {detail}");
    }
    let unknown = say(&app, &id, &alice, json!({"preset": "insult"})).await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    let anonymous = app.post(&chat_url(&id), None, json!({"text": "hi"})).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let nowhere = say(
        &app,
        "00000000-0000-0000-0000-000000000000",
        &alice,
        json!({"text": "hi"}),
    )
    .await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    assert!(texts(&app, &id, Some(&alice)).await.is_empty());

    // The longest message passes; a link once the account is a day old.
    let longest = say(&app, &id, &alice, json!({"text": "é".repeat(500)})).await;
    assert_eq!(longest.status, StatusCode::CREATED);
    sql(
        &app,
        "UPDATE users SET created_at = now() - interval '25 hours' WHERE username = 'alice'",
    )
    .await;
    let link = say(
        &app,
        &id,
        &alice,
        json!({"text": "rules: example.com/linja"}),
    )
    .await;
    assert_eq!(link.status, StatusCode::CREATED, "{:?}", link.body);
}

#[tokio::test]
async fn a_player_is_held_to_a_burst_and_a_pace() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    for n in 0..5 {
        let posted = say(&app, &id, &alice, json!({"text": format!("message {n}")})).await;
        assert_eq!(posted.status, StatusCode::CREATED, "{:?}", posted.body);
    }
    let refused = say(&app, &id, &alice, json!({"text": "one more"})).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.code(), "rate_limited");
    assert_eq!(refused.headers["retry-after"], "10");
    assert_eq!(
        texts(&app, &id, Some(&bob)).await.len(),
        5,
        "nothing stored"
    );
    // Bob has his own allowance.
    assert_eq!(
        say(&app, &id, &bob, json!({"text": "calm down"}))
            .await
            .status,
        StatusCode::CREATED
    );
    // Past the burst's window (the messages made older), the pace per minute still holds.
    sql(
        &app,
        "UPDATE chat_messages SET created_at = now() - interval '20 seconds'",
    )
    .await;
    for n in 0..15 {
        if n % 5 == 0 {
            sql(
                &app,
                "UPDATE chat_messages SET created_at = now() - interval '20 seconds'",
            )
            .await;
        }
        let posted = say(&app, &id, &alice, json!({"text": format!("more {n}")})).await;
        assert_eq!(posted.status, StatusCode::CREATED, "{n}: {:?}", posted.body);
    }
    sql(
        &app,
        "UPDATE chat_messages SET created_at = now() - interval '20 seconds'",
    )
    .await;
    let paced = say(&app, &id, &alice, json!({"text": "the 21st"})).await;
    assert_eq!(paced.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(paced.headers["retry-after"], "60");
}

#[tokio::test]
async fn a_chat_turned_off_and_a_blocked_player_are_never_heard() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let dave = app.player("dave").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();

    // Bob turns the chat off: he reads nothing and cannot post; on again, he reads it all.
    let off = app
        .put(
            &format!("{}/settings", chat_url(&id)),
            Some(&bob),
            json!({"off": true}),
        )
        .await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    assert_eq!(off.body["off"], true);
    say(&app, &id, &alice, json!({"text": "are you there?"})).await;
    assert!(texts(&app, &id, Some(&bob)).await.is_empty());
    let refused = say(&app, &id, &bob, json!({"text": "hm"})).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.code(), "chat_off");
    let on = app
        .put(
            &format!("{}/settings", chat_url(&id)),
            Some(&bob),
            json!({"off": false}),
        )
        .await;
    assert_eq!(on.body["off"], false);
    assert_eq!(texts(&app, &id, Some(&bob)).await, ["are you there?"]);

    // Carol blocked Dave: neither reads the other in the spectators' chat; others read both.
    sql(
        &app,
        "INSERT INTO blocks (blocker_id, blocked_id, created_at) \
         SELECT c.id, d.id, now() FROM users c, users d \
         WHERE c.username = 'carol' AND d.username = 'dave'",
    )
    .await;
    say(&app, &id, &carol, json!({"text": "from carol"})).await;
    let mut dave_stream = app
        .open_stream(&format!("/api/v1/matches/{id}/stream"), Some(&dave), None)
        .await;
    say(&app, &id, &dave, json!({"text": "from dave"})).await;
    say(&app, &id, &carol, json!({"text": "carol again"})).await;
    say(&app, &id, &alice, json!({"text": "players only"})).await;
    let eve = app.player("eve").await;
    say(&app, &id, &eve, json!({"text": "from eve"})).await;
    assert_eq!(
        texts(&app, &id, Some(&carol)).await,
        ["from carol", "carol again", "from eve"]
    );
    assert_eq!(
        texts(&app, &id, Some(&dave)).await,
        ["from dave", "from eve"]
    );
    assert_eq!(
        texts(&app, &id, None).await,
        ["from carol", "from dave", "carol again", "from eve"]
    );
    // Dave's stream skips Carol's message and the players' one: the next he hears is Eve's.
    let first = dave_stream.expect("chat_message").await;
    assert_eq!(first.data["text"], "from dave");
    let next = dave_stream.expect("chat_message").await;
    assert_eq!(next.data["text"], "from eve");
}

/// The next two events of `stream`, a chat message and a move in either order, by name; a chat
/// message that comes first has no id (it carries none, and no event came before).
async fn two_events(
    stream: &mut tapis_tests::EventStream,
) -> std::collections::HashMap<String, tapis_tests::Received> {
    let mut heard = std::collections::HashMap::new();
    for _ in 0..2 {
        let received = stream
            .next_within(std::time::Duration::from_secs(5))
            .await
            .expect("an event within 5 s");
        if received.event == "chat_message" && heard.is_empty() {
            assert!(
                received.id.is_empty(),
                "a chat message has no id: {received:?}"
            );
        }
        heard.insert(received.event.clone(), received);
    }
    assert_eq!(heard.len(), 2, "{heard:?}");
    heard
}

#[tokio::test]
async fn the_match_stream_brings_the_moves_and_the_messages_the_viewer_may_read() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/matches/{id}/stream");
    let mut bobs = app.open_stream(&path, Some(&bob), None).await;
    let mut visitors = app.open_stream(&path, None, None).await;
    say(&app, &id, &alice, json!({"preset": "good_luck"})).await;
    say(&app, &id, &carol, json!({"text": "go alice"})).await;
    play_one(&app, &id, &[&alice, &bob]).await;
    // The chat and the moves come by separate paths: in either order.
    let bob_heard = two_events(&mut bobs).await;
    assert_eq!(bob_heard["chat_message"].data["preset"], "good_luck");
    assert!(bob_heard.contains_key("move"));
    let visitor_heard = two_events(&mut visitors).await;
    assert_eq!(visitor_heard["chat_message"].data["text"], "go alice");
    assert!(visitor_heard.contains_key("move"));
}

#[tokio::test]
async fn the_pages_show_the_chat_in_the_readers_language_and_refuse_inline() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    let bob = Browser::speaking(&app, "fr");
    bob.sign_up("bob").await;
    let alice_token = app.sign_in("alice").await;
    let bob_token = app.sign_in("bob").await;
    let view = app
        .started_match("linja", &[&alice_token, &bob_token], json!({}))
        .await;
    let id = view["id"].as_str().unwrap().to_owned();

    // The match page leaves the chat to its own request.
    let page = alice.get(&format!("/matches/{id}")).await;
    page.assert_contains(&format!("hx-get=\"/matches/{id}/chat\""));
    let panel = alice.hx_get(&format!("/matches/{id}/chat")).await;
    assert_eq!(panel.status, StatusCode::OK);
    panel.assert_contains("Players’ chat");
    panel.assert_contains("data-testid=\"chat-preset-good_game\"");

    // A preset posted through the page; a refused text comes back with what was typed.
    let posted = alice
        .post(&format!("/matches/{id}/chat"), &[("preset", "good_luck")])
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    let refused = alice
        .post(
            &format!("/matches/{id}/chat"),
            &[("text", "visit example.com")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("Accounts younger than a day cannot post links.");
    refused.assert_contains("value=\"visit example.com\"");
    let list = alice
        .get(&format!("/matches/{id}/chat?part=messages"))
        .await;
    list.assert_contains("Good luck!");

    // Bob reads Alice's preset in French, and a spectator's panel says where they write.
    say(&app, &id, &bob_token, json!({"text": "merci <b>alice</b>"})).await;
    let french = bob.get(&format!("/matches/{id}/chat")).await;
    french.assert_contains("Bonne chance");
    french.assert_contains("merci &#60;b&#62;alice&#60;/b&#62;");
    french.assert_contains("Chat des joueurs");
    let carol = Browser::new(&app);
    carol.sign_up("carol").await;
    let watching = carol.hx_get(&format!("/matches/{id}/chat")).await;
    watching.assert_contains("Spectators’ chat");
    assert!(!watching.text.contains("data-testid=\"chat-line\""));
    let visitor = Browser::new(&app);
    let anonymous = visitor.hx_get(&format!("/matches/{id}/chat")).await;
    anonymous.assert_contains("Sign in to write");
    assert!(!anonymous.text.contains("data-testid=\"chat-form\""));

    // Turning it off from the page.
    let off = alice.post(&format!("/matches/{id}/chat/off"), &[]).await;
    assert_eq!(off.status, StatusCode::SEE_OTHER);
    let quiet = alice.hx_get(&format!("/matches/{id}/chat")).await;
    quiet.assert_contains("data-testid=\"chat-is-off\"");
    assert!(!quiet.text.contains("Good luck!"));

    // The replay of the match loads the chat too.
    app.post(
        &format!("/api/v1/matches/{id}/resign"),
        Some(&bob_token),
        json!({}),
    )
    .await;
    let replay = alice.get(&format!("/matches/{id}/replay?step=0")).await;
    replay.assert_contains(&format!("hx-get=\"/matches/{id}/chat\""));
}

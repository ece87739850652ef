//! Reports and moderation through the API: reports and their limits, the moderators' routes
//! (403 for anyone else), each action and its effect, a suspension refused on every write
//! path and at sign-in, a mute on every chat path, and the notices the player reads.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, Reply, TestApp};

/// A Yams match in play between the holders of `first` and `second`; its id.
async fn two_player_match(app: &TestApp, first: &str, second: &str) -> String {
    let view = app.started_match("yams", &[first, second], json!({})).await;
    view["id"].as_str().unwrap().to_owned()
}

/// Creates an open match as `token` from `request`; its id.
async fn open_match(app: &TestApp, token: &str, request: Value) -> String {
    let created = app.post("/api/v1/matches", Some(token), request).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    created.body["id"].as_str().unwrap().to_owned()
}

/// A browser signed in as the existing player `username`, through the sign-in form.
async fn signed_in(app: &TestApp, username: &str) -> (Browser, tapis_tests::WebPage) {
    let browser = Browser::new(app);
    browser.get("/signin").await;
    let page = browser
        .post(
            "/signin",
            &[("username", username), ("password", "correct horse")],
        )
        .await;
    (browser, page)
}

/// Makes `username` a moderator, as `tapis admin grant-moderator` does.
async fn grant_moderator(app: &TestApp, username: &str) {
    let pool = tapis_service::db::pool(&app.db.url, 1).unwrap();
    tapis_service::moderation::grant(&pool, username, true)
        .await
        .unwrap();
}

async fn report(app: &TestApp, token: &str, body: Value) -> Reply {
    app.post("/api/v1/reports", Some(token), body).await
}

async fn act(app: &TestApp, token: &str, body: Value) -> Reply {
    app.post("/api/v1/moderation/actions", Some(token), body)
        .await
}

/// Posts `text` to match `id`'s chat as `token`.
async fn say(app: &TestApp, id: &str, token: &str, text: &str) -> Reply {
    app.post(
        &format!("/api/v1/matches/{id}/chat"),
        Some(token),
        json!({"text": text}),
    )
    .await
}

#[tokio::test]
async fn a_player_reports_a_player_or_a_message_within_the_limits() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let id = two_player_match(&app, &alice, &bob).await;
    assert_eq!(
        say(&app, &id, &bob, "you play like a potato").await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        say(&app, &id, &alice, "thanks").await.status,
        StatusCode::CREATED
    );

    // A message of Bob's that Alice read.
    let made = report(
        &app,
        &alice,
        json!({"player": "Bob", "reason": "abuse", "details": "insults", "match_id": id, "message": 1}),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    assert!(made.body["id"].as_i64().is_some());
    let again = report(
        &app,
        &alice,
        json!({"player": "bob", "reason": "spam", "match_id": id, "message": 1}),
    )
    .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.code(), "already_reported");

    // Not Bob's message, a message that does not exist, a channel Carol cannot read.
    for (number, who) in [(2, &alice), (9, &alice), (1, &carol)] {
        let refused = report(
            &app,
            who,
            json!({"player": "bob", "reason": "abuse", "match_id": id, "message": number}),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::NOT_FOUND,
            "{number}: {:?}",
            refused.body
        );
    }
    // Bad input changes nothing.
    for body in [
        json!({"player": "alice", "reason": "abuse"}),
        json!({"player": "bob", "reason": "abuse", "details": "x".repeat(501)}),
        json!({"player": "bob", "reason": "abuse", "details": "two\nlines"}),
        json!({"player": "bob", "reason": "abuse", "message": 1}),
    ] {
        let refused = report(&app, &alice, body.clone()).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {:?}",
            refused.body
        );
    }
    let unknown_reason = report(&app, &alice, json!({"player": "bob", "reason": "rude"})).await;
    assert_eq!(unknown_reason.status, StatusCode::UNPROCESSABLE_ENTITY);
    let nobody = report(&app, &alice, json!({"player": "zoe", "reason": "abuse"})).await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
    let anonymous = app
        .post(
            "/api/v1/reports",
            None,
            json!({"player": "bob", "reason": "abuse"}),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // Five a day: Alice has made one; four more pass, the sixth waits.
    for name in ["dan", "eve", "fay", "gus", "hal"] {
        app.player(name).await;
    }
    for name in ["dan", "eve", "fay", "gus"] {
        let made = report(&app, &alice, json!({"player": name, "reason": "stalling"})).await;
        assert_eq!(made.status, StatusCode::CREATED, "{name}: {:?}", made.body);
    }
    let sixth = report(&app, &alice, json!({"player": "hal", "reason": "other"})).await;
    assert_eq!(sixth.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = sixth.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 23 * 3600 && wait <= 24 * 3600, "{wait}");
}

#[tokio::test]
async fn only_moderators_reach_the_moderation_routes() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    app.player("bob").await;
    let action = json!({"player": "bob", "action": "warn", "reason": "be nice"});
    for reply in [
        app.get("/api/v1/moderation/reports", Some(&alice)).await,
        app.get("/api/v1/moderation/actions", Some(&alice)).await,
        act(&app, &alice, action.clone()).await,
        // Even a malformed action: the role is checked first.
        act(
            &app,
            &alice,
            json!({"player": "bob", "action": "warn", "reason": ""}),
        )
        .await,
    ] {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{:?}", reply.body);
        assert_eq!(reply.code(), "not_a_moderator");
    }
    for path in ["/api/v1/moderation/reports", "/api/v1/moderation/actions"] {
        assert_eq!(app.get(path, None).await.status, StatusCode::UNAUTHORIZED);
    }
    // The pages too.
    let (browser, page) = signed_in(&app, "alice").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let refused = browser.get("/moderation").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused.text.contains("Only moderators may do this."),
        "{}",
        refused.text
    );
    let posted = browser
        .post(
            "/moderation/actions",
            &[("player", "bob"), ("action", "warn"), ("reason", "be nice")],
        )
        .await;
    assert_eq!(posted.status, StatusCode::FORBIDDEN);
    let bad = browser
        .post("/moderation/actions", &[("action", "nonsense")])
        .await;
    assert_eq!(bad.status, StatusCode::FORBIDDEN);
    // Nothing was done.
    grant_moderator(&app, "alice").await;
    let log = app.get("/api/v1/moderation/actions", Some(&alice)).await;
    assert_eq!(log.status, StatusCode::OK);
    assert_eq!(log.body, json!([]));
}

#[tokio::test]
async fn a_moderator_reads_a_report_in_context_warns_and_dismisses() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mia = app.player("mia").await;
    grant_moderator(&app, "mia").await;
    let id = two_player_match(&app, &alice, &bob).await;
    for (token, text) in [
        (&alice, "hello"),
        (&bob, "you cheat"),
        (&alice, "no I don't"),
    ] {
        assert_eq!(
            say(&app, &id, token, text).await.status,
            StatusCode::CREATED
        );
    }
    let first = report(
        &app,
        &alice,
        json!({"player": "bob", "reason": "abuse", "details": "rude", "match_id": id, "message": 2}),
    )
    .await
    .body["id"]
        .as_i64()
        .unwrap();
    let second = report(&app, &bob, json!({"player": "alice", "reason": "cheating"}))
        .await
        .body["id"]
        .as_i64()
        .unwrap();

    let open = app.get("/api/v1/moderation/reports", Some(&mia)).await;
    assert_eq!(open.status, StatusCode::OK, "{:?}", open.body);
    let open = open.body.as_array().unwrap().clone();
    assert_eq!(open.len(), 2);
    assert_eq!(open[0]["id"], first);
    assert_eq!(open[0]["reporter"], "alice");
    assert_eq!(open[0]["player"], "bob");
    assert_eq!(open[0]["reason"], "abuse");
    let context: Vec<&str> = open[0]["message"]["context"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(context, ["hello", "you cheat", "no I don't"]);
    assert_eq!(open[1]["message"], Value::Null);

    // Refusals change nothing.
    for (body, status) in [
        (
            json!({"player": "bob", "action": "warn", "reason": " "}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "bob", "action": "mute", "reason": "rude"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "bob", "action": "mute", "reason": "rude", "days": 4000}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "bob", "action": "warn", "reason": "rude", "days": 2}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "bob", "action": "dismiss", "reason": "fine"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "mia", "action": "warn", "reason": "me"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "tapis-easy", "action": "warn", "reason": "beep"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"player": "zoe", "action": "warn", "reason": "who"}),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({"player": "alice", "action": "dismiss", "reason": "not hers", "report": first}),
            StatusCode::NOT_FOUND,
        ),
    ] {
        let refused = act(&app, &mia, body.clone()).await;
        assert_eq!(refused.status, status, "{body}: {:?}", refused.body);
    }
    assert_eq!(
        app.get("/api/v1/moderation/actions", Some(&mia)).await.body,
        json!([])
    );

    // A warning closes the reports on Bob and is told to him.
    let warned = act(
        &app,
        &mia,
        json!({"player": "bob", "action": "warn", "reason": "Mind your words", "report": first}),
    )
    .await;
    assert_eq!(warned.status, StatusCode::CREATED, "{:?}", warned.body);
    assert_eq!(warned.body["reports_closed"], 1);
    assert_eq!(warned.body["moderator"], "mia");
    // Dismissed: not told to Alice.
    let dismissed = act(
        &app,
        &mia,
        json!({"player": "alice", "action": "dismiss", "reason": "No evidence", "report": second}),
    )
    .await;
    assert_eq!(
        dismissed.status,
        StatusCode::CREATED,
        "{:?}",
        dismissed.body
    );
    assert_eq!(
        app.get("/api/v1/moderation/reports", Some(&mia)).await.body,
        json!([])
    );
    let log = app.get("/api/v1/moderation/actions", Some(&mia)).await.body;
    let logged: Vec<(&str, &str, &str)> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["action"].as_str().unwrap(),
                a["player"].as_str().unwrap(),
                a["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        logged,
        [
            ("dismiss", "alice", "No evidence"),
            ("warn", "bob", "Mind your words")
        ]
    );
    let only_bob = app
        .get("/api/v1/moderation/actions?player=bob", Some(&mia))
        .await
        .body;
    assert_eq!(only_bob.as_array().unwrap().len(), 1);

    let notices = app.get("/api/v1/me/notices", Some(&bob)).await.body;
    assert_eq!(notices.as_array().unwrap().len(), 1, "{notices}");
    assert_eq!(notices[0]["action"], "warn");
    assert_eq!(notices[0]["reason"], "Mind your words");
    assert_eq!(
        app.get("/api/v1/me/notices", Some(&alice)).await.body,
        json!([])
    );
    let read = app
        .post(
            "/api/v1/me/notices/acknowledge",
            Some(&bob),
            json!({"last": notices[0]["id"]}),
        )
        .await;
    assert_eq!(read.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get("/api/v1/me/notices", Some(&bob)).await.body,
        json!([])
    );
}

#[tokio::test]
async fn a_muted_player_cannot_chat_on_any_path_until_reinstated() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mia = app.player("mia").await;
    grant_moderator(&app, "mia").await;
    let id = two_player_match(&app, &alice, &bob).await;
    let muted = act(
        &app,
        &mia,
        json!({"player": "bob", "action": "mute", "reason": "Insults", "days": 3}),
    )
    .await;
    assert_eq!(muted.status, StatusCode::CREATED, "{:?}", muted.body);
    assert!(muted.body["until"].is_string());

    // The API: text and presets.
    let text = say(&app, &id, &bob, "hi").await;
    assert_eq!(text.status, StatusCode::FORBIDDEN);
    assert_eq!(text.code(), "chat_muted");
    let preset = app
        .post(
            &format!("/api/v1/matches/{id}/chat"),
            Some(&bob),
            json!({"preset": "good_game"}),
        )
        .await;
    assert_eq!(preset.code(), "chat_muted");
    // The page.
    let (browser, _) = signed_in(&app, "bob").await;
    let page = browser
        .post(&format!("/matches/{id}/chat"), &[("text", "hi")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.text.contains("A moderator muted your chat until"),
        "{}",
        page.text
    );
    let chat = app
        .get(&format!("/api/v1/matches/{id}/chat"), Some(&alice))
        .await;
    assert_eq!(chat.body["messages"], json!([]), "nothing was stored");
    // Bob still plays, and reads his notice.
    assert_eq!(
        app.get("/api/v1/me", Some(&bob)).await.status,
        StatusCode::OK
    );
    let notices = app.get("/api/v1/me/notices", Some(&bob)).await.body;
    assert_eq!(notices[0]["action"], "mute");

    let lifted = act(
        &app,
        &mia,
        json!({"player": "bob", "action": "reinstate", "reason": "Apologised"}),
    )
    .await;
    assert_eq!(lifted.status, StatusCode::CREATED);
    assert_eq!(
        say(&app, &id, &bob, "sorry").await.status,
        StatusCode::CREATED
    );
}

/// Every write path of the API a suspended player might take, each refused with 403
/// `account_suspended` (the token is kept: it works again once the suspension is lifted).
#[tokio::test]
async fn a_suspended_player_is_refused_on_every_path_and_resigns_their_matches() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let mia = app.player("mia").await;
    grant_moderator(&app, "mia").await;
    let active = two_player_match(&app, &alice, &bob).await;
    // An open match Bob created, and one Alice invited him to.
    let open = open_match(&app, &bob, json!({"game": "yams", "seats": 2})).await;
    let invited = open_match(
        &app,
        &alice,
        json!({"game": "linja", "seats": 2, "invite": ["bob"]}),
    )
    .await;
    let carols = open_match(&app, &carol, json!({"game": "yams", "seats": 2})).await;
    let made = app
        .post(
            "/api/v1/tokens",
            Some(&bob),
            json!({"name": "bot", "scopes": ["play", "read", "account"]}),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    let api_token = made.body["token"].as_str().unwrap().to_owned();

    let (pages, _) = signed_in(&app, "bob").await;
    assert_eq!(pages.get("/account").await.status, StatusCode::OK);
    let suspended = act(
        &app,
        &mia,
        json!({"player": "bob", "action": "suspend", "reason": "Repeated abuse", "days": 7}),
    )
    .await;
    assert_eq!(
        suspended.status,
        StatusCode::CREATED,
        "{:?}",
        suspended.body
    );
    assert_eq!(suspended.body["matches_resigned"], 1);
    assert_eq!(suspended.body["matches_called_off"], 2);

    // His matches: resigned (Alice wins), called off.
    let view = app
        .get(&format!("/api/v1/matches/{active}"), Some(&alice))
        .await
        .body;
    assert_eq!(view["status"], "finished", "{view}");
    for id in [&open, &invited] {
        let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        assert_eq!(view["status"], "aborted", "{view}");
    }

    // Sign-in refused, with the end; the right password only.
    let refused = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "bob", "password": "correct horse"}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{:?}", refused.body);
    assert_eq!(refused.code(), "account_suspended");
    assert!(
        refused.body["detail"]
            .as_str()
            .unwrap()
            .contains("suspended until")
    );
    let (_, page) = signed_in(&app, "bob").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.text
            .contains("A moderator suspended this account until"),
        "{}",
        page.text
    );
    let wrong = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "bob", "password": "wrong password 1"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);

    // His session ended; his API token is refused on every write path.
    assert_eq!(
        app.get("/api/v1/me", Some(&bob)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let paths: Vec<(&str, String, Value)> = vec![
        (
            "POST",
            format!("/api/v1/matches/{active}/actions"),
            json!({"version": 1, "action": {}}),
        ),
        (
            "POST",
            format!("/api/v1/matches/{active}/resign"),
            json!({}),
        ),
        ("POST", format!("/api/v1/matches/{active}/abort"), json!({})),
        (
            "POST",
            format!("/api/v1/matches/{active}/rematch"),
            json!({}),
        ),
        (
            "POST",
            format!("/api/v1/matches/{active}/chat"),
            json!({"text": "hi"}),
        ),
        (
            "PUT",
            format!("/api/v1/matches/{active}/chat/settings"),
            json!({"off": true}),
        ),
        (
            "POST",
            "/api/v1/matches".to_owned(),
            json!({"game": "yams", "seats": 2}),
        ),
        ("POST", format!("/api/v1/matches/{carols}/join"), json!({})),
        (
            "POST",
            format!("/api/v1/matches/{carols}/decline"),
            json!({}),
        ),
        (
            "POST",
            format!("/api/v1/matches/{carols}/cancel"),
            json!({}),
        ),
        (
            "POST",
            "/api/v1/reports".to_owned(),
            json!({"player": "alice", "reason": "other"}),
        ),
        (
            "POST",
            "/api/v1/me/vacation".to_owned(),
            json!({"until": "2030-01-01T00:00:00Z"}),
        ),
        ("DELETE", "/api/v1/me/vacation".to_owned(), json!({})),
        (
            "POST",
            "/api/v1/me/password".to_owned(),
            json!({"current_password": "correct horse", "new_password": "another horse"}),
        ),
        ("POST", "/api/v1/tokens".to_owned(), json!({"name": "more"})),
        ("PUT", "/api/v1/blocks/alice".to_owned(), json!({})),
        ("PUT", "/api/v1/follows/alice".to_owned(), json!({})),
        (
            "POST",
            "/api/v1/webhooks".to_owned(),
            json!({"url": "https://example.com/hook", "events": ["your_turn"]}),
        ),
        (
            "PUT",
            "/api/v1/me/notifications".to_owned(),
            json!({"events": ["your_turn"], "digest_hours": 24}),
        ),
        (
            "PUT",
            "/api/v1/me/email".to_owned(),
            json!({"email": "bob@example.com"}),
        ),
        (
            "POST",
            "/api/v1/me/notices/acknowledge".to_owned(),
            json!({"last": 1}),
        ),
    ];
    for (method, path, body) in &paths {
        let reply = match *method {
            "POST" => app.post(path, Some(&api_token), body.clone()).await,
            "PUT" => app.put(path, Some(&api_token), body.clone()).await,
            _ => app.delete(path, Some(&api_token)).await,
        };
        assert_eq!(
            reply.status,
            StatusCode::FORBIDDEN,
            "{method} {path}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "account_suspended", "{method} {path}");
    }
    // His pages' session ended with the others: every form asks him to sign in.
    for (path, fields) in [
        (format!("/matches/{active}/chat"), vec![("text", "hi")]),
        (format!("/matches/{active}/resign"), vec![]),
        (
            "/lobby/matches".to_owned(),
            vec![("game", "yams"), ("seats", "2")],
        ),
        (
            "/players/alice/report".to_owned(),
            vec![("reason", "other")],
        ),
    ] {
        let page = pages.post(&path, &fields).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{path}: {}", page.text);
        assert!(page.header("location").starts_with("/signin"), "{path}");
    }
    // Reading with his token too (the match view checks it in its own statement).
    let view = app
        .get(&format!("/api/v1/matches/{active}"), Some(&api_token))
        .await;
    assert_eq!(view.code(), "account_suspended");
    // Nothing changed: Carol's match still waits for a player.
    let carols_view = app
        .get(&format!("/api/v1/matches/{carols}"), None)
        .await
        .body;
    assert_eq!(carols_view["status"], "open");
    assert_eq!(carols_view["seats"].as_array().unwrap().len(), 1);

    // Reinstated: the token works again, and he signs in.
    let lifted = act(
        &app,
        &mia,
        json!({"player": "bob", "action": "reinstate", "reason": "Appeal accepted"}),
    )
    .await;
    assert_eq!(lifted.status, StatusCode::CREATED);
    assert_eq!(
        app.get("/api/v1/me", Some(&api_token)).await.status,
        StatusCode::OK
    );
    app.sign_in("bob").await;
}

/// A browser of the existing player `username` in `language`, signed in.
async fn signed_in_speaking(app: &TestApp, username: &str, language: &str) -> Browser {
    let browser = Browser::speaking(app, language);
    browser.get("/signin").await;
    let page = browser
        .post(
            "/signin",
            &[("username", username), ("password", "correct horse")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    browser
}

#[tokio::test]
async fn the_pages_report_a_message_moderate_it_and_tell_the_player() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    app.player("mia").await;
    grant_moderator(&app, "mia").await;
    let id = two_player_match(&app, &alice, &bob).await;
    say(&app, &id, &alice, "good luck").await;
    say(&app, &id, &bob, "you will lose, idiot").await;

    // Alice (in French) finds the Report link beside Bob's message, not beside hers.
    let alice_pages = signed_in_speaking(&app, "alice", "fr").await;
    let chat = alice_pages
        .get(&format!("/matches/{id}/chat?part=messages"))
        .await;
    let link = format!("/players/bob/report?match={id}&#38;message=2");
    chat.assert_contains(&link);
    assert!(
        !chat.text.contains("/players/alice/report"),
        "{}",
        chat.text
    );
    let form = alice_pages
        .get(&format!("/players/bob/report?match={id}&message=2"))
        .await;
    assert_eq!(form.status, StatusCode::OK);
    form.assert_contains("Signaler ce message aux modérateurs");
    // No reason chosen: said inline, what was written kept.
    let refused = alice_pages
        .post(
            "/players/bob/report",
            &[("match", &id), ("message", "2"), ("details", "insulte")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("Choisissez un motif.");
    refused.assert_contains(">insulte</textarea>");
    let sent = alice_pages
        .post(
            "/players/bob/report",
            &[
                ("match", &id),
                ("message", "2"),
                ("reason", "abuse"),
                ("details", "insulte"),
            ],
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    sent.assert_contains("Merci\u{a0}: votre signalement a été transmis aux modérateurs.");

    // The profile leads to the form for the player.
    let profile = alice_pages.get("/players/bob").await;
    profile.assert_contains("href=\"/players/bob/report\"");
    alice_pages
        .get("/players/bob/report")
        .await
        .assert_contains("Signaler ce joueur aux modérateurs");

    // Mia's home page leads to the moderation page, where the message is shown in context.
    let mia_pages = signed_in_speaking(&app, "mia", "en").await;
    mia_pages
        .get("/")
        .await
        .assert_contains("Moderation: one open report");
    let page = mia_pages.get("/moderation").await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("alice reports bob");
    page.assert_contains("good luck");
    page.assert_contains("you will lose, idiot");
    page.assert_contains("data-testid=\"reported-message\"");
    // A mute without its days: refused inline, nothing done.
    let report_id = app
        .get(
            "/api/v1/moderation/reports",
            Some(&app.sign_in("mia").await),
        )
        .await
        .body[0]["id"]
        .to_string();
    let refused = mia_pages
        .post(
            "/moderation/actions",
            &[
                ("player", "bob"),
                ("report", &report_id),
                ("action", "mute"),
                ("reason", "Insults"),
            ],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("A mute or a suspension lasts 1 to 3650 days.");
    let done = mia_pages
        .post(
            "/moderation/actions",
            &[
                ("player", "bob"),
                ("report", &report_id),
                ("action", "mute"),
                ("days", "2"),
                ("reason", "Insults in chat"),
            ],
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    done.assert_contains("Done: Mute the chat for bob.");
    done.assert_contains("No report is waiting.");
    done.assert_contains("Insults in chat");

    // Bob reads it on his home page until he acknowledges it.
    let bob_pages = signed_in_speaking(&app, "bob", "en").await;
    let home = bob_pages.get("/").await;
    home.assert_contains("A moderator muted your chat until");
    home.assert_contains("Insults in chat");
    let read = bob_pages
        .post("/notices/acknowledge", &[("last", "999999")])
        .await;
    assert_eq!(read.status, StatusCode::SEE_OTHER);
    assert!(
        !bob_pages
            .get("/")
            .await
            .text
            .contains("From the moderators")
    );
}

//! Personal API tokens: shown once, stored as a hash, listed with last use, revoked at once.

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::TestApp;

#[tokio::test]
async fn a_token_is_shown_once_works_and_records_its_use() {
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    let created = app
        .post("/api/v1/tokens", Some(&session), json!({"name": "my bot"}))
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let secret = created.body["token"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("tapis_"));
    let id = created.body["id"].as_str().unwrap().to_owned();

    let listed = app.get("/api/v1/tokens", Some(&session)).await;
    assert_eq!(listed.status, StatusCode::OK);
    let items = listed.body.as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["name"], "my bot");
    assert!(items[0]["last_used_at"].is_null());
    assert!(
        items[0].get("token").is_none(),
        "the secret is never listed"
    );

    let me = app.get("/api/v1/me", Some(&secret)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["username"], "alice");
    let listed = app.get("/api/v1/tokens", Some(&session)).await;
    assert!(listed.body[0]["last_used_at"].is_string());

    // Only its hash is stored.
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Stored {
        #[diesel(sql_type = diesel::sql_types::Bytea)]
        token_hash: Vec<u8>,
    }
    let mut conn = app.db.connect().await;
    let stored: Vec<Stored> = diesel::sql_query("SELECT token_hash FROM api_tokens")
        .load(&mut conn)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0].token_hash, secret.as_bytes());
    assert_eq!(stored[0].token_hash.len(), 32);

    let revoked = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(&session))
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    let refused = app.get("/api/v1/me", Some(&secret)).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    let again = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(&session))
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn tokens_belong_to_their_owner() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let created = app
        .post("/api/v1/tokens", Some(&alice), json!({"name": "alice's"}))
        .await;
    let id = created.body["id"].as_str().unwrap();
    let listed = app.get("/api/v1/tokens", Some(&bob)).await;
    assert_eq!(listed.body, json!([]));
    let stolen = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(&bob))
        .await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND);
    let still = app.get("/api/v1/tokens", Some(&alice)).await;
    assert_eq!(still.body.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn token_names_are_validated() {
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    for name in [json!(""), json!("   "), json!("x".repeat(65)), json!(5)] {
        let reply = app
            .post("/api/v1/tokens", Some(&session), json!({"name": name}))
            .await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{name}");
        assert_eq!(reply.body["field"], "name");
    }
    let unauthenticated = app.post("/api/v1/tokens", None, json!({"name": "x"})).await;
    assert_eq!(unauthenticated.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_last_use_of_a_token_is_written_at_most_once_a_minute() {
    use diesel_async::RunQueryDsl;
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    let created = app
        .post("/api/v1/tokens", Some(&session), json!({"name": "bot"}))
        .await;
    let secret = created.body["token"].as_str().unwrap().to_owned();
    let last_used = || async {
        app.get("/api/v1/tokens", Some(&session)).await.body[0]["last_used_at"].clone()
    };

    assert_eq!(
        app.get("/api/v1/me", Some(&secret)).await.status,
        StatusCode::OK
    );
    let first = last_used().await;
    assert!(first.is_string());
    // Within the minute, it is not written again.
    assert_eq!(
        app.get("/api/v1/me", Some(&secret)).await.status,
        StatusCode::OK
    );
    assert_eq!(last_used().await, first);
    let mut conn = app.db.connect().await;

    // A minute later, the next request records it again.
    diesel::sql_query("UPDATE api_tokens SET last_used_at = last_used_at - interval '2 minutes'")
        .execute(&mut conn)
        .await
        .unwrap();
    let backdated = last_used().await;
    assert_ne!(backdated, first);
    assert_eq!(
        app.get("/api/v1/me", Some(&secret)).await.status,
        StatusCode::OK
    );
    let later = last_used().await;
    assert!(later.is_string());
    assert_ne!(later, backdated, "the use was recorded again");
}

/// A request of any method, with a JSON body if given.
async fn call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<serde_json::Value>,
) -> tapis_tests::Reply {
    let mut request = app
        .client
        .request(method, format!("{}{path}", app.base))
        .bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    tapis_tests::Reply {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text)),
    }
}

/// A new token of the player behind `session`, with `scopes`; its secret and id.
async fn token_with(app: &TestApp, session: &str, scopes: &[&str]) -> (String, String) {
    let created = app
        .post(
            "/api/v1/tokens",
            Some(session),
            json!({"name": format!("{scopes:?}"), "scopes": scopes}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    assert_eq!(created.body["scopes"], json!(scopes));
    (
        created.body["token"].as_str().unwrap().to_owned(),
        created.body["id"].as_str().unwrap().to_owned(),
    )
}

/// Each route that needs a scope lets in a token with it, refuses one without it with 403
/// `missing_scope` naming the scope, and lets in a session whatever it needs. The requests are
/// made so as to change nothing (a body refused, an id that does not exist, a match that is
/// not in play), so that each is tried with every caller. The public reads let in any token.
#[tokio::test]
async fn each_scope_opens_its_routes_and_no_other() {
    use reqwest::Method;
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    let bob = app.player("bob").await;
    // An open match of Bob's, Alice invited: not in play, so no move is applied.
    let open = app
        .post(
            "/api/v1/matches",
            Some(&bob),
            json!({"game": "yams", "seats": 2, "invite": ["alice"]}),
        )
        .await;
    assert_eq!(open.status, StatusCode::CREATED, "{:?}", open.body);
    let open = open.body["id"].as_str().unwrap().to_owned();
    let nowhere = "00000000-0000-4000-8000-000000000000";
    let probes: Vec<(Method, String, Option<serde_json::Value>, &str)> = vec![
        (
            Method::POST,
            "/api/v1/matches".into(),
            Some(json!({"game": "no-such-game", "seats": 2})),
            "play",
        ),
        (
            Method::POST,
            format!("/api/v1/matches/{nowhere}/join"),
            None,
            "play",
        ),
        (
            Method::POST,
            format!("/api/v1/matches/{nowhere}/cancel"),
            None,
            "play",
        ),
        (
            Method::POST,
            format!("/api/v1/matches/{nowhere}/decline"),
            None,
            "play",
        ),
        (
            Method::POST,
            format!("/api/v1/matches/{nowhere}/resign"),
            None,
            "play",
        ),
        // A move is checked in the statement that reads the match: on a match there is.
        (
            Method::POST,
            format!("/api/v1/matches/{open}/actions"),
            Some(json!({"version": 0, "action": {"type": "roll"}})),
            "play",
        ),
        (Method::GET, "/api/v1/me".into(), None, "read"),
        (Method::GET, "/api/v1/me/vacation".into(), None, "read"),
        (Method::GET, "/api/v1/me/notifications".into(), None, "read"),
        (
            Method::POST,
            "/api/v1/me/password".into(),
            Some(json!({"current_password": "not it", "new_password": "battery staple"})),
            "account",
        ),
        (
            Method::POST,
            "/api/v1/me/vacation".into(),
            Some(json!({"until": "not a date"})),
            "account",
        ),
        (
            Method::DELETE,
            "/api/v1/me/vacation".into(),
            None,
            "account",
        ),
        (
            Method::PUT,
            "/api/v1/me/email".into(),
            Some(json!({"email": "not an address"})),
            "account",
        ),
        (
            Method::PUT,
            "/api/v1/me/notifications".into(),
            Some(json!({"events": ["no_such_event"], "digest_hours": 12})),
            "account",
        ),
        (Method::GET, "/api/v1/sessions".into(), None, "account"),
        (
            Method::DELETE,
            format!("/api/v1/sessions/{nowhere}"),
            None,
            "account",
        ),
        (
            Method::POST,
            "/api/v1/webhooks".into(),
            Some(json!({"url": "ftp://127.0.0.1/hook", "events": []})),
            "webhooks",
        ),
        (Method::GET, "/api/v1/webhooks".into(), None, "webhooks"),
        (
            Method::DELETE,
            format!("/api/v1/webhooks/{nowhere}"),
            None,
            "webhooks",
        ),
        (
            Method::GET,
            format!("/api/v1/webhooks/{nowhere}/deliveries"),
            None,
            "webhooks",
        ),
        (
            Method::POST,
            "/api/v1/tokens".into(),
            Some(json!({"name": ""})),
            "tokens",
        ),
        (Method::GET, "/api/v1/tokens".into(), None, "tokens"),
        (
            Method::DELETE,
            format!("/api/v1/tokens/{nowhere}"),
            None,
            "tokens",
        ),
    ];
    let scopes = ["play", "read", "account", "webhooks", "tokens"];
    let mut callers = vec![("a session".to_owned(), session.clone(), None)];
    for scope in scopes {
        let (secret, _) = token_with(&app, &session, &[scope]).await;
        callers.push((format!("a token with {scope}"), secret, Some(scope)));
    }
    for (who, secret, held) in &callers {
        for (method, path, body, needed) in &probes {
            let reply = call(&app, method.clone(), path, secret, body.clone()).await;
            let what = format!(
                "{method} {path} by {who}: {} {:?}",
                reply.status, reply.body
            );
            if held.is_none_or(|held| held == *needed) {
                assert!(
                    reply.status != StatusCode::FORBIDDEN || reply.code() != "missing_scope",
                    "{what}"
                );
                assert_ne!(reply.status, StatusCode::UNAUTHORIZED, "{what}");
            } else {
                assert_eq!(reply.status, StatusCode::FORBIDDEN, "{what}");
                assert_eq!(reply.code(), "missing_scope", "{what}");
                assert_eq!(reply.body["scope"], *needed, "{what}");
                let detail = reply.body["detail"].as_str().unwrap();
                assert!(detail.contains(&format!("“{needed}”")), "{what}");
            }
        }
        // The public reads take any token: the owner's view of a match, their own lists.
        for path in [
            format!("/api/v1/matches/{open}"),
            "/api/v1/matches?invited=true".to_owned(),
        ] {
            let reply = app.get(&path, Some(secret)).await;
            assert_eq!(reply.status, StatusCode::OK, "{path} by {who}");
        }
        // The stream of the caller's events needs `read`.
        let stream = app
            .open_stream_on(&app.base, "/api/v1/stream", Some(secret), None)
            .await;
        match (held, stream) {
            (None | Some("read"), Ok(_)) => {}
            (Some(_), Err(refused)) => {
                assert_eq!(refused.status, StatusCode::FORBIDDEN, "{who}");
                assert_eq!(refused.body["scope"], "read", "{who}");
            }
            (_, Err(refused)) => panic!("the stream refused {who}: {refused:?}"),
            (_, Ok(_)) => panic!("the stream let in {who}"),
        }
    }
    // Nothing was changed by all this: Alice is still invited and the match still open.
    let view = app
        .get(&format!("/api/v1/matches/{open}"), Some(&bob))
        .await;
    assert_eq!(view.body["status"], "open", "{:?}", view.body);
}

#[tokio::test]
async fn a_token_plays_with_play_and_is_refused_a_move_without_it() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap();
    let first = view["to_act"][0].as_u64().unwrap() as usize;
    let to_act = if view["seats"][first]["username"] == "alice" {
        &alice
    } else {
        &bob
    };
    let (reader, _) = token_with(&app, to_act, &["read", "account", "webhooks", "tokens"]).await;
    let (player, _) = token_with(&app, to_act, &["play"]).await;
    let path = format!("/api/v1/matches/{id}");
    // Without `play`, the owner's view (with their legal actions) but no move.
    let seen = app.get(&path, Some(&reader)).await;
    assert_eq!(seen.status, StatusCode::OK);
    let action = seen.body["legal_actions"][0].clone();
    assert!(action.is_object(), "{:?}", seen.body);
    let move_body = json!({"version": seen.body["version"], "action": action});
    let refused = app
        .post(&format!("{path}/actions"), Some(&reader), move_body.clone())
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{:?}", refused.body);
    assert_eq!(refused.code(), "missing_scope");
    assert_eq!(refused.body["scope"], "play");
    assert_eq!(
        app.get(&path, Some(&reader)).await.body["version"],
        seen.body["version"],
        "the move was not applied"
    );
    let moved = app
        .post(&format!("{path}/actions"), Some(&player), move_body)
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
}

#[tokio::test]
async fn the_scopes_of_a_new_token_are_checked_and_listed() {
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    let refused = [
        (json!(["play", "admin"]), "“admin” is not a scope"),
        (json!([]), "at least one scope"),
        (json!("play"), ""),
        (json!([5]), ""),
    ];
    for (scopes, says) in refused {
        let reply = app
            .post(
                "/api/v1/tokens",
                Some(&session),
                json!({"name": "bot", "scopes": scopes}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{scopes}");
        assert_eq!(reply.code(), "validation_failed", "{scopes}");
        assert!(
            reply.body["field"].as_str().unwrap().starts_with("scopes"),
            "{:?}",
            reply.body
        );
        assert!(
            reply.body["detail"].as_str().unwrap().contains(says),
            "{:?}",
            reply.body
        );
    }
    let unknown = app
        .post(
            "/api/v1/tokens",
            Some(&session),
            json!({"name": "bot", "scopes": ["admin"]}),
        )
        .await;
    assert!(
        unknown.body["detail"]
            .as_str()
            .unwrap()
            .contains("play, read, account, webhooks, tokens"),
        "the scopes there are are named: {:?}",
        unknown.body
    );
    assert_eq!(
        app.get("/api/v1/tokens", Some(&session)).await.body,
        json!([])
    );

    // Without `scopes`, `play` and `read`; each scope once, in their order.
    let plain = app
        .post("/api/v1/tokens", Some(&session), json!({"name": "plain"}))
        .await;
    assert_eq!(plain.status, StatusCode::CREATED);
    assert_eq!(plain.body["scopes"], json!(["play", "read"]));
    assert!(plain.body["parent_id"].is_null());
    let hooks = app
        .post(
            "/api/v1/tokens",
            Some(&session),
            json!({"name": "hooks", "scopes": ["webhooks", "read", "webhooks"]}),
        )
        .await;
    assert_eq!(hooks.body["scopes"], json!(["read", "webhooks"]));
    let listed = app.get("/api/v1/tokens", Some(&session)).await;
    let scopes_of = |name: &str| {
        listed
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .unwrap()["scopes"]
            .clone()
    };
    assert_eq!(scopes_of("plain"), json!(["play", "read"]));
    assert_eq!(scopes_of("hooks"), json!(["read", "webhooks"]));
}

/// A token made with a token: no scope its maker lacks, and revoked with it (and the tokens it
/// made in turn).
#[tokio::test]
async fn a_token_made_by_a_token_dies_with_it() {
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    let (parent, parent_id) = token_with(&app, &session, &["play", "tokens"]).await;

    // No scope the maker lacks, whether asked for or by default (`play` and `read`).
    for scopes in [Some(json!(["play", "account"])), None] {
        let mut body = json!({"name": "child"});
        if let Some(scopes) = &scopes {
            body["scopes"] = scopes.clone();
        }
        let refused = app.post("/api/v1/tokens", Some(&parent), body).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{:?}", refused.body);
        assert_eq!(refused.code(), "missing_scope");
        let lacking = if scopes.is_some() { "account" } else { "read" };
        assert_eq!(refused.body["scope"], lacking, "{:?}", refused.body);
    }

    let (child, child_id) = token_with(&app, &parent, &["play"]).await;
    let (maker, maker_id) = token_with(&app, &parent, &["play", "tokens"]).await;
    let (grandchild, _) = token_with(&app, &maker, &["play"]).await;
    // A child without `tokens` makes none.
    let refused = app
        .post(
            "/api/v1/tokens",
            Some(&child),
            json!({"name": "x", "scopes": ["play"]}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.body["scope"], "tokens");

    let listed = app.get("/api/v1/tokens", Some(&session)).await;
    let parent_of = |id: &str| {
        listed
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == id)
            .unwrap()["parent_id"]
            .clone()
    };
    assert_eq!(parent_of(&child_id), json!(parent_id));
    assert_eq!(parent_of(&maker_id), json!(parent_id));
    assert!(parent_of(&parent_id).is_null());

    let mine = "/api/v1/matches?my_turn=true";
    for token in [&parent, &child, &maker, &grandchild] {
        assert_eq!(app.get(mine, Some(token)).await.status, StatusCode::OK);
    }
    // Revoking the maker revokes what it made, and what those made.
    let revoked = app
        .delete(&format!("/api/v1/tokens/{parent_id}"), Some(&session))
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    for token in [&parent, &child, &maker, &grandchild] {
        let refused = app.get(mine, Some(token)).await;
        assert_eq!(
            refused.status,
            StatusCode::UNAUTHORIZED,
            "{:?}",
            refused.body
        );
        assert_eq!(refused.code(), "unauthenticated");
    }
    assert_eq!(
        app.get("/api/v1/tokens", Some(&session)).await.body,
        json!([])
    );
}

/// The web's session cookie takes a session token only: a personal API token there, even one
/// with every scope, is no session.
#[tokio::test]
async fn an_api_token_is_not_a_session_cookie() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let every = ["play", "read", "account", "webhooks", "tokens"];
    let (token, _) = token_with(&app, &alice, &every).await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap();
    let browser = tapis_tests::Browser::new(&app);
    let page = |path: String, cookie: String| {
        let request = browser
            .client
            .get(format!("{}{path}", app.base))
            .header("Cookie", format!("tapis_session={cookie}"));
        async move {
            let response = request.send().await.unwrap();
            let status = response.status();
            let location = response
                .headers()
                .get("location")
                .map(|l| l.to_str().unwrap().to_owned());
            (status, location, response.text().await.unwrap())
        }
    };
    let (status, location, _) = page("/account".into(), token.clone()).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "the token is no session");
    assert_eq!(location.as_deref(), Some("/signin?next=/account"));
    // The match page (which confirms its viewer in its own statement) shows a spectator.
    let (status, _, text) = page(format!("/matches/{id}"), token).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        !text.contains("data-testid=\"resign\""),
        "seen as a spectator"
    );
    // Alice's session token is one.
    let (status, _, text) = page(format!("/matches/{id}"), alice.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("data-testid=\"resign\""), "seen as a player");
    let (status, _, _) = page("/account".into(), alice).await;
    assert_eq!(status, StatusCode::OK);
}

/// The tokens made before scopes existed keep every scope: the migration gives them all.
#[tokio::test]
async fn tokens_made_before_scopes_keep_every_scope() {
    use diesel_async::{RunQueryDsl, SimpleAsyncConnection};
    let app = TestApp::spawn().await;
    let session = app.player("alice").await;
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../migrations/2026-12-26-000040_token_scopes"
    );
    let up = std::fs::read_to_string(format!("{dir}/up.sql")).unwrap();
    let down = std::fs::read_to_string(format!("{dir}/down.sql")).unwrap();
    let mut conn = app.db.connect().await;
    // The table as it was, with a token made then.
    conn.batch_execute(&down).await.unwrap();
    let secret = "tapis_made-before-scopes";
    let hash: Vec<u8> = {
        use sha2::Digest;
        sha2::Sha256::digest(secret.as_bytes()).to_vec()
    };
    diesel::sql_query(
        "INSERT INTO api_tokens (id, user_id, name, token_hash) \
         SELECT gen_random_uuid(), id, 'old bot', $1 FROM users WHERE username = 'alice'",
    )
    .bind::<diesel::sql_types::Bytea, _>(&hash)
    .execute(&mut conn)
    .await
    .unwrap();
    conn.batch_execute(&up).await.unwrap();

    let listed = app.get("/api/v1/tokens", Some(&session)).await;
    assert_eq!(
        listed.body[0]["scopes"],
        json!(["play", "read", "account", "webhooks", "tokens"])
    );
    assert_eq!(
        app.get("/api/v1/sessions", Some(secret)).await.status,
        StatusCode::OK
    );
    // A new token must say its scopes: the default was for the old ones only.
    let bare = diesel::sql_query(
        "INSERT INTO api_tokens (id, user_id, name, token_hash) \
         SELECT gen_random_uuid(), id, 'bare', '\\x00' FROM users WHERE username = 'alice'",
    )
    .execute(&mut conn)
    .await;
    assert!(bare.is_err(), "a token without scopes is refused");
}

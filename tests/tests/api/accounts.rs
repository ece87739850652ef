//! Sign up, sign in, `me`, profiles, passwords, and session tokens.

use jsonwebtoken::{EncodingKey, Header};
use reqwest::StatusCode;
use serde_json::json;
use tapis_service::SignInLimits;
use tapis_tests::{TEST_JWT_SECRET, TestApp};

#[tokio::test]
async fn sign_up_returns_the_user_and_a_working_token() {
    let app = TestApp::spawn().await;
    let reply = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "Alice", "password": "correct horse"}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert_eq!(reply.body["user"]["username"], "Alice");
    assert!(reply.body["expires_at"].as_str().unwrap().ends_with('Z'));
    let token = reply.body["token"].as_str().unwrap();
    let me = app.get("/api/v1/me", Some(token)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["username"], "Alice");
    assert_eq!(me.body["id"], reply.body["user"]["id"]);
}

#[tokio::test]
async fn usernames_are_unique_without_regard_to_case() {
    let app = TestApp::spawn().await;
    app.player("alice").await;
    let reply = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "ALICE", "password": "another one"}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(reply.code(), "username_taken");
}

#[tokio::test]
async fn bad_usernames_and_passwords_name_the_field() {
    let app = TestApp::spawn().await;
    for (body, field) in [
        (
            json!({"username": "ab", "password": "long enough"}),
            "username",
        ),
        (
            json!({"username": "with space", "password": "long enough"}),
            "username",
        ),
        (
            json!({"username": "x".repeat(25), "password": "long enough"}),
            "username",
        ),
        (json!({"username": "bob", "password": "short"}), "password"),
        (
            json!({"username": "bob", "password": "p".repeat(129)}),
            "password",
        ),
        (json!({"username": "bob", "password": 12345678}), "password"),
        (json!({"username": "bob"}), "body"),
    ] {
        let reply = app.post("/api/v1/accounts", None, body.clone()).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(reply.code(), "validation_failed");
        assert_eq!(
            reply.headers["content-type"], "application/problem+json",
            "{body}"
        );
        if field != "body" {
            assert_eq!(reply.body["field"], field, "{body}: {:?}", reply.body);
        }
    }
    // Nothing was created.
    let sign_in = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "bob", "password": "long enough"}),
        )
        .await;
    assert_eq!(sign_in.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn sign_in_checks_the_password_and_ignores_case() {
    let app = TestApp::spawn().await;
    app.player("Carol").await;
    let ok = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "carol", "password": "correct horse"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["user"]["username"], "Carol");
    let wrong = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "carol", "password": "wrong horse"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.code(), "invalid_credentials");
    let nobody = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "nobody", "password": "correct horse"}),
        )
        .await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    assert_eq!(nobody.code(), "invalid_credentials");
    assert_eq!(
        nobody.body["detail"], wrong.body["detail"],
        "same answer for both"
    );
}

#[tokio::test]
async fn missing_forged_and_expired_tokens_are_refused() {
    let app = TestApp::spawn().await;
    let token = app.player("dave").await;
    let me = app.get("/api/v1/me", None).await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me.code(), "unauthenticated");

    // Signed with another secret.
    let claims = |exp: i64| json!({"sub": uuid::Uuid::new_v4(), "sid": uuid::Uuid::new_v4(), "iat": 0, "exp": exp});
    let far_future = time::OffsetDateTime::now_utc().unix_timestamp() + 3600;
    let forged = jsonwebtoken::encode(
        &Header::default(),
        &claims(far_future),
        &EncodingKey::from_secret(b"not-the-server-secret-not-the-server"),
    )
    .unwrap();
    let expired = jsonwebtoken::encode(
        &Header::default(),
        &claims(time::OffsetDateTime::now_utc().unix_timestamp() - 10),
        &EncodingKey::from_secret(TEST_JWT_SECRET),
    )
    .unwrap();
    // Rightly signed, but naming a session that never existed.
    let sessionless = jsonwebtoken::encode(
        &Header::default(),
        &claims(far_future),
        &EncodingKey::from_secret(TEST_JWT_SECRET),
    )
    .unwrap();
    for (bad, what) in [
        (sessionless.as_str(), "no such session"),
        (forged.as_str(), "forged"),
        (expired.as_str(), "expired"),
        ("garbage", "garbage"),
        (&token[..token.len() - 2], "truncated"),
    ] {
        let reply = app.get("/api/v1/me", Some(bad)).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{what}");
        assert_eq!(reply.code(), "unauthenticated", "{what}");
    }
    let expired_reply = app.get("/api/v1/me", Some(&expired)).await;
    assert!(
        expired_reply.body["detail"]
            .as_str()
            .unwrap()
            .contains("expired")
    );
    // A malformed header is refused too.
    let raw = app
        .client
        .get(format!("{}/api/v1/me", app.base))
        .header("authorization", "Basic abc")
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn public_profiles_show_a_player_by_name() {
    let app = TestApp::spawn().await;
    app.player("Erin").await;
    let reply = app.get("/api/v1/users/erin", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["username"], "Erin");
    let missing = app.get("/api/v1/users/nobody", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.code(), "not_found");
}

#[tokio::test]
async fn a_password_change_needs_the_current_password() {
    let app = TestApp::spawn().await;
    let token = app.player("frank").await;
    let wrong = app
        .post(
            "/api/v1/me/password",
            Some(&token),
            json!({"current_password": "nope nope", "new_password": "brand new pass"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.body["field"], "current_password");
    let ok = app
        .post(
            "/api/v1/me/password",
            Some(&token),
            json!({"current_password": "correct horse", "new_password": "brand new pass"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    let old = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "frank", "password": "correct horse"}),
        )
        .await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    let new = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "frank", "password": "brand new pass"}),
        )
        .await;
    assert_eq!(new.status, StatusCode::OK);
}

#[tokio::test]
async fn failed_sign_ins_are_rate_limited_per_account() {
    let limits = SignInLimits {
        per_pair: 3,
        per_account: 3,
        per_address: 100,
        // Long enough that the test never outlives it.
        first_delay_secs: 600,
        ..SignInLimits::default()
    };
    let app = TestApp::spawn_with(limits).await;
    app.player("grace").await;
    for _ in 0..3 {
        let reply = app
            .post(
                "/api/v1/sessions",
                None,
                json!({"username": "grace", "password": "bad guess!"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    }
    // Even the right password is refused now, with a Retry-After.
    let limited = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "Grace", "password": "correct horse"}),
        )
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.code(), "rate_limited");
    let retry: u64 = limited.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry), "{retry}");
    // Another account from the same address is not affected.
    app.player("heidi").await;
    let other = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "heidi", "password": "correct horse"}),
        )
        .await;
    assert_eq!(other.status, StatusCode::OK);
}

#[tokio::test]
async fn failed_sign_ins_are_rate_limited_per_address() {
    let limits = SignInLimits {
        per_pair: 100,
        per_account: 100,
        per_address: 4,
        // Long enough that the test never outlives it.
        first_delay_secs: 600,
        ..SignInLimits::default()
    };
    let app = TestApp::spawn_with(limits).await;
    app.player("ivan").await;
    for name in ["a1a", "b2b", "c3c", "d4d"] {
        let reply = app
            .post(
                "/api/v1/sessions",
                None,
                json!({"username": name, "password": "whatever1"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    }
    let limited = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "ivan", "password": "correct horse"}),
        )
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers.contains_key("retry-after"));
}

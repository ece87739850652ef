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

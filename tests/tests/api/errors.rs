//! Bad input of every kind gets a clear 4xx problem and changes nothing.

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::TestApp;

#[tokio::test]
async fn malformed_json_is_invalid_json() {
    let app = TestApp::spawn().await;
    let reply = app
        .client
        .post(format!("{}/api/v1/accounts", app.base))
        .header("content-type", "application/json")
        .body("{\"username\": \"alice\", ")
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::BAD_REQUEST);
    assert_eq!(reply.headers()["content-type"], "application/problem+json");
    let body: serde_json::Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "invalid_json");
    assert_eq!(body["status"], 400);
    assert!(body["type"].as_str().unwrap().ends_with("invalid_json"));
    assert!(body["title"].is_string() && body["detail"].is_string());
}

#[tokio::test]
async fn a_body_that_is_not_json_is_refused() {
    let app = TestApp::spawn().await;
    let reply = app
        .client
        .post(format!("{}/api/v1/accounts", app.base))
        .header("content-type", "text/plain")
        .body("username=alice")
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let body: serde_json::Value = reply.json().await.unwrap();
    assert_eq!(body["code"], "unsupported_media_type");
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let app = TestApp::spawn().await;
    let big = "x".repeat(tapis_api::MAX_BODY_BYTES + 10);
    let reply = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "alice", "password": big}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.code(), "payload_too_large");
}

#[tokio::test]
async fn unknown_fields_are_refused_by_name() {
    let app = TestApp::spawn().await;
    let reply = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "alice", "password": "long enough", "admin": true}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(reply.body["detail"].as_str().unwrap().contains("admin"));
}

#[tokio::test]
async fn unknown_paths_and_ids_are_not_found() {
    let app = TestApp::spawn().await;
    for path in [
        "/api/v1/nothing-here",
        "/api/v1/matches/not-a-uuid",
        "/api/v1/matches/00000000-0000-0000-0000-000000000000",
        "/api/v1/matches/00000000-0000-0000-0000-000000000000/turns",
        "/api/v1/matches/00000000-0000-0000-0000-000000000000/export",
        "/api/v1/games/chess",
        "/api/v1/users/nobody",
    ] {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(reply.code(), "not_found", "{path}");
    }
    let token = app.player("alice").await;
    let reply = app
        .post(
            "/api/v1/matches/00000000-0000-0000-0000-000000000000/join",
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn health_reports_the_database() {
    let app = TestApp::spawn().await;
    let reply = app.get("/healthz", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["status"], "ok");
}

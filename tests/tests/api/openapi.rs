//! The OpenAPI document: served, browsable offline, and the committed copy is current.

use reqwest::StatusCode;
use tapis_tests::TestApp;

#[tokio::test]
async fn the_committed_openapi_document_is_current() {
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../openapi/openapi.json"
    ))
    .expect("openapi/openapi.json is missing: run `cargo run -p tapis-server --bin tapis -- openapi > openapi/openapi.json`");
    let generated = tapis_api::openapi::document_json();
    assert!(
        committed.trim_end() == generated.trim_end(),
        "openapi/openapi.json is stale: run `cargo run -p tapis-server --bin tapis -- openapi > openapi/openapi.json`"
    );
}

#[tokio::test]
async fn the_document_is_served_and_describes_every_endpoint() {
    let app = TestApp::spawn().await;
    let reply = app.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["openapi"], "3.1.0");
    let paths = reply.body["paths"].as_object().unwrap();
    for path in [
        "/api/v1/accounts",
        "/api/v1/sessions",
        "/api/v1/me",
        "/api/v1/users/{username}",
        "/api/v1/tokens",
        "/api/v1/tokens/{id}",
        "/api/v1/games",
        "/api/v1/games/{game}",
        "/api/v1/matches",
        "/api/v1/matches/{id}",
        "/api/v1/matches/{id}/join",
        "/api/v1/matches/{id}/actions",
        "/api/v1/matches/{id}/resign",
        "/api/v1/matches/{id}/turns",
        "/api/v1/matches/{id}/export",
        "/api/v1/users/{username}/ratings",
        "/api/v1/users/{username}/ratings/{game}/history",
        "/api/v1/leaderboards/{game}",
    ] {
        assert!(paths.contains_key(path), "{path} is not documented");
    }
    let schemas = reply.body["components"]["schemas"].as_object().unwrap();
    assert!(schemas.contains_key("Problem"));
    assert!(schemas.contains_key("MatchView"));
}

#[tokio::test]
async fn the_browsable_docs_need_no_network() {
    let app = TestApp::spawn().await;
    let page = app
        .client
        .get(format!("{}/api/docs", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    // Every script and style comes from this server.
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "{html}"
    );
    for asset in [
        "/api/docs/swagger-ui-5.35.0.js",
        "/api/docs/swagger-ui-5.35.0.css",
        "/api/docs/init.js",
    ] {
        assert!(html.contains(asset));
        let reply = app
            .client
            .get(format!("{}{asset}", app.base))
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::OK, "{asset}");
        assert!(reply.bytes().await.unwrap().len() > 100);
    }
}

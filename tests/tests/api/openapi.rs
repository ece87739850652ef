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
        "/api/v1/stream",
        "/api/v1/matches/{id}/stream",
        "/api/v1/accounts",
        "/api/v1/sessions",
        "/api/v1/me",
        "/api/v1/me/email",
        "/api/v1/me/notifications",
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
        "/api/v1/webhooks",
        "/api/v1/webhooks/{id}",
        "/api/v1/webhooks/{id}/deliveries",
        "/api/v1/leagues",
        "/api/v1/leagues/{game}",
        "/api/v1/leagues/{game}/divisions/{division_id}",
        "/api/v1/leagues/{game}/seasons",
        "/api/v1/leagues/{game}/membership",
        "/api/v1/leagues/{game}/fixtures",
    ] {
        assert!(paths.contains_key(path), "{path} is not documented");
    }
    let schemas = reply.body["components"]["schemas"].as_object().unwrap();
    assert!(schemas.contains_key("Problem"));
    assert!(schemas.contains_key("MatchView"));
}

/// Every operation that needs a caller names the one scope a personal API token needs for it,
/// and documents the 403 of a token without it; the operations a spectator may call need none.
#[test]
fn every_operation_names_the_scope_it_needs_of_a_token() {
    let document: serde_json::Value =
        serde_json::from_str(&tapis_api::openapi::document_json()).unwrap();
    let scopes = ["play", "read", "account", "webhooks", "tokens"];
    let mut scoped = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Some(security) = operation.get("security").and_then(|s| s.as_array()) else {
                continue;
            };
            let optional = security.iter().any(|r| r.as_object().unwrap().is_empty());
            let bearer = security
                .iter()
                .find_map(|r| r.get("bearer"))
                .and_then(|s| s.as_array())
                .unwrap_or_else(|| panic!("{method} {path}: no bearer requirement"));
            if optional {
                assert!(bearer.is_empty(), "{method} {path}: a spectator's route");
                continue;
            }
            assert_eq!(bearer.len(), 1, "{method} {path}: one scope");
            let scope = bearer[0].as_str().unwrap();
            assert!(scopes.contains(&scope), "{method} {path}: {scope}");
            let forbidden = &operation["responses"]["403"];
            let said = forbidden.to_string();
            assert!(
                said.contains("MissingScope") || said.contains("missing_scope"),
                "{method} {path}: the 403 of a token without `{scope}`: {said}"
            );
            scoped += 1;
        }
    }
    assert_eq!(scoped, 55, "every route that needs a caller");
    let problem = &document["components"]["schemas"]["Problem"]["properties"];
    assert!(
        problem.get("scope").is_some(),
        "the problem names the scope"
    );
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

/// The statuses of an operation in the document.
fn statuses(operation: &serde_json::Value) -> Vec<&str> {
    operation["responses"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[tokio::test]
async fn every_operation_documents_the_statuses_it_can_answer() {
    let document: serde_json::Value =
        serde_json::from_str(&tapis_api::openapi::document_json()).unwrap();
    let shared = document["components"]["responses"].as_object().unwrap();
    let mut operations = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            operations += 1;
            let name = format!("{method} {path}");
            let has = statuses(operation);
            let mut wanted = vec!["503"];
            if operation.get("security").is_some() {
                // A bad token; a token of a suspended account (`account_suspended`).
                wanted.extend(["401", "403"]);
            }
            if operation.get("requestBody").is_some() {
                wanted.extend(["400", "413", "415", "422"]);
            }
            if path.contains('{') {
                wanted.push("404");
            }
            for status in wanted {
                assert!(has.contains(&status), "{name} does not document {status}");
            }
            for (status, response) in operation["responses"].as_object().unwrap() {
                // Every response says what it means (OpenAPI requires it), and a shared one
                // exists.
                if let Some(target) = response["$ref"].as_str() {
                    let shared_name = target.strip_prefix("#/components/responses/").unwrap();
                    assert!(shared.contains_key(shared_name), "{name}: {target}");
                } else {
                    assert!(
                        response["description"]
                            .as_str()
                            .is_some_and(|d| !d.is_empty()),
                        "{name} {status} has no description"
                    );
                }
                // Errors are problems.
                if !status.starts_with('2') && response.get("$ref").is_none() {
                    assert!(
                        response["content"]["application/problem+json"].is_object(),
                        "{name} {status} is not a problem"
                    );
                }
            }
        }
    }
    assert_eq!(operations, 82);
    assert!(statuses(&document["paths"]["/api/v1/sessions"]["post"]).contains(&"429"));
    for (name, response) in shared {
        assert!(response["description"].is_string(), "{name}");
        assert!(
            response["content"]["application/problem+json"]["schema"]["$ref"]
                == "#/components/schemas/Problem",
            "{name}"
        );
    }
    let unavailable = &shared["ServiceUnavailable"];
    assert!(unavailable["headers"]["Retry-After"].is_object());
    assert!(
        unavailable["description"]
            .as_str()
            .unwrap()
            .contains("database_unavailable")
    );
}

#[tokio::test]
async fn actions_events_and_unions_are_named_and_discriminated() {
    let document: serde_json::Value =
        serde_json::from_str(&tapis_api::openapi::document_json()).unwrap();
    let schemas = &document["components"]["schemas"];
    for (union, variant, tag) in [
        ("CantStopAction", "CantStopRoll", "roll"),
        ("YamsAction", "YamsScore", "score"),
        ("LinjaEvent", "LinjaPieceMovedEvent", "piece_moved"),
        ("Turn", "TurnSeat", "seat"),
        ("Chance", "ChanceDice", "dice"),
    ] {
        let mapping = &schemas[union]["discriminator"]["mapping"];
        assert_eq!(
            mapping[tag],
            format!("#/components/schemas/{variant}"),
            "{union}"
        );
        assert_eq!(schemas[variant]["properties"]["type"]["enum"][0], tag);
    }
}

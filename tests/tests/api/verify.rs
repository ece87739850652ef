//! Exports and offline verification: a real export is accepted, a tampered one is not.

use serde_json::{Value, json};
use tapis_service::matches::MatchExport;
use tapis_tests::{Rng, TestApp};

async fn finished_export(app: &TestApp, game: &str) -> Value {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match(game, &[&alice, &bob], json!({})).await;
    let players = vec![("alice".to_owned(), alice), ("bob".to_owned(), bob)];
    let seats = app.tokens_by_seat(&view, &players);
    let id = view["id"].as_str().unwrap();
    let (finished, _) = app.play_out(id, &seats, &mut Rng(7)).await;
    assert_eq!(finished["status"], "finished");
    app.get(&format!("/api/v1/matches/{id}/export"), None)
        .await
        .body
}

fn verify(export: &Value) -> Result<(), String> {
    let export: MatchExport = serde_json::from_value(export.clone()).map_err(|e| e.to_string())?;
    tapis_service::verify::verify_export(&export)
        .map(|_| ())
        .map_err(|d| d.to_string())
}

#[tokio::test]
async fn a_real_export_verifies_and_tampering_is_caught() {
    let app = TestApp::spawn().await;
    let export = finished_export(&app, "yams").await;
    assert_eq!(export["format"], "tapis-export/1");
    verify(&export).expect("a real export verifies");

    // Change one recorded die.
    let mut tampered = export.clone();
    let turns = tampered["turns"].as_array_mut().unwrap();
    let (index, record) = turns
        .iter()
        .enumerate()
        .find_map(|(i, t)| {
            t["chance"]
                .as_array()
                .filter(|c| !c.is_empty())
                .map(|c| (i, c[0].clone()))
        })
        .unwrap();
    let value = record["values"][0].as_u64().unwrap();
    turns[index]["chance"][0]["values"][0] = json!(value % 6 + 1);
    let error = verify(&tampered).unwrap_err();
    assert!(error.contains("seed gives"), "{error}");

    // Change the revealed seed.
    let mut tampered = export.clone();
    tampered["fairness"]["seed"] = json!("00".repeat(32));
    assert!(verify(&tampered).unwrap_err().contains("SHA-256"));

    // Change the result.
    let mut tampered = export.clone();
    tampered["result"]["ranking"][0]["score"] = json!(-1);
    assert!(verify(&tampered).unwrap_err().contains("result"));

    // Drop the last turn.
    let mut tampered = export.clone();
    tampered["turns"].as_array_mut().unwrap().pop();
    assert!(verify(&tampered).is_err());
}

#[tokio::test]
async fn the_verify_command_reports_ok_and_mismatch() {
    let app = TestApp::spawn().await;
    let export = finished_export(&app, "421").await;
    let dir = std::env::temp_dir().join(format!("tapis-verify-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.json");
    std::fs::write(&good, serde_json::to_string_pretty(&export).unwrap()).unwrap();
    let outcome = tapis_server::cli::verify_file(&good);
    assert_eq!(outcome.exit_code, 0, "{}", outcome.message);
    assert!(outcome.message.starts_with("OK"));

    let mut tampered = export.clone();
    let last = tampered["turns"].as_array().unwrap().len() - 1;
    tampered["turns"][last]["events"] = json!([]);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_string(&tampered).unwrap()).unwrap();
    let outcome = tapis_server::cli::verify_file(&bad);
    assert_eq!(outcome.exit_code, 1);
    assert!(
        outcome.message.starts_with("MISMATCH"),
        "{}",
        outcome.message
    );

    let outcome = tapis_server::cli::verify_file(&dir.join("missing.json"));
    assert_eq!(outcome.exit_code, 2);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn an_unfinished_match_cannot_be_verified_yet() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = view["id"].as_str().unwrap();
    let export = app
        .get(&format!("/api/v1/matches/{id}/export"), None)
        .await
        .body;
    assert!(export["fairness"]["seed"].is_null());
    assert!(verify(&export).unwrap_err().contains("not revealed"));
}

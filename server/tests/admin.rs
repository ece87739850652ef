//! `tapis admin grant-moderator NAME` and `revoke-moderator NAME`: the only way to make a
//! moderator (the API has none).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::StatusCode;
use tapis_tests::TestApp;
use tokio::process::Command;

/// Runs `tapis admin ARGS...` against the test app's database; its exit status and output.
async fn admin(app: &TestApp, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tapis"))
        .arg("admin")
        .args(args)
        .env("DATABASE_URL", &app.db.url)
        .env("RUST_LOG", "error")
        .output()
        .await
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[tokio::test]
async fn the_command_line_grants_and_revokes_the_moderator_role() {
    let app = TestApp::spawn().await;
    let mia = app.player("mia").await;
    let reports = "/api/v1/moderation/reports";
    assert_eq!(
        app.get(reports, Some(&mia)).await.status,
        StatusCode::FORBIDDEN
    );

    let (ok, said) = admin(&app, &["grant-moderator", "Mia"]).await;
    assert!(ok, "{said}");
    assert!(
        said.contains("mia is now a moderator") || said.contains("Mia is now a moderator"),
        "{said}"
    );
    assert_eq!(app.get(reports, Some(&mia)).await.status, StatusCode::OK);

    let (ok, said) = admin(&app, &["revoke-moderator", "mia"]).await;
    assert!(ok, "{said}");
    assert_eq!(
        app.get(reports, Some(&mia)).await.status,
        StatusCode::FORBIDDEN
    );

    let (ok, said) = admin(&app, &["grant-moderator", "nobody"]).await;
    assert!(!ok, "an unknown player is refused: {said}");
    assert!(said.contains("not found"), "{said}");
}

//! The request log as the server writes it (JSON lines, with the request's span): the tokens
//! of mail links left out, outages and unreadable requests logged as warnings, not errors.
//!
//! Each test installs the process's subscriber: nextest runs each test in a process of its
//! own; under another runner, a test that cannot install it has nothing to check and passes.

use std::io::Write;
use std::sync::{Arc, Mutex};

use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::Value;
use tapis_server::request_log::ClientFaultsAreWarnings;
use tapis_tests::TestApp;
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::layer::SubscriberExt;

/// The log lines written so far.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    /// Installs the server's logging (its layer for unreadable requests, JSON lines at INFO
    /// and above) as the process's subscriber, writing here; `None` if one is installed.
    fn install() -> Option<Log> {
        let log = Log::default();
        let writer = log.clone();
        let subscriber = tracing_subscriber::registry()
            .with(LevelFilter::INFO)
            .with(ClientFaultsAreWarnings)
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .with_writer(move || writer.clone()),
            );
        tracing::subscriber::set_global_default(subscriber)
            .ok()
            .map(|()| log)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    fn lines(&self) -> Vec<Value> {
        self.text()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    /// Waits (up to 5 s) until a line satisfies `wanted`, and returns it.
    async fn wait_for(&self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..250 {
            if let Some(line) = self.lines().into_iter().find(&wanted) {
                return line;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no line {what} in the log:\n{}", self.text());
    }
}

fn message(line: &Value) -> &str {
    line["fields"]["message"].as_str().unwrap_or("")
}

#[tokio::test]
async fn the_tokens_of_mail_links_never_reach_the_request_log() {
    let Some(log) = Log::install() else {
        return;
    };
    let app = TestApp::spawn().await;
    app.player("ada").await;
    #[derive(diesel::QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        id: uuid::Uuid,
    }
    let ada: Vec<Id> = diesel::sql_query("SELECT id FROM users WHERE username = $1")
        .bind::<Text, _>("ada")
        .load(&mut app.db.connect().await)
        .await
        .unwrap();
    let token = tapis_service::delivery::notifications::links::unsubscribe_token(
        &app.services,
        ada[0].id,
        "all",
    )
    .unwrap();
    let client = reqwest::Client::new();
    let page = client
        .get(format!("{}/unsubscribe/{token}", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let done = client
        .post(format!("{}/unsubscribe/{token}", app.base))
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), StatusCode::OK);
    let forged = format!("{token}x");
    for path in [
        format!("/unsubscribe/{forged}"),
        format!("/email/verify?token={forged}"),
    ] {
        let refused = client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{path}");
    }

    // The line the unsubscription logs carries its request's address, without the token.
    let line = log
        .wait_for("saying the player unsubscribed", |line| {
            message(line) == "unsubscribed by a mail's link"
        })
        .await;
    assert_eq!(
        line["span"]["http.target"], "/unsubscribe/[redacted]",
        "{line}"
    );
    assert_eq!(line["span"]["http.route"], "/unsubscribe/{token}");
    let text = log.text();
    // No part of a token anywhere: neither its signature nor its payload.
    for part in token.split('.').filter(|part| part.len() > 8) {
        assert!(!text.contains(part), "{part} is in the log:\n{text}");
    }
}

#[tokio::test]
async fn outages_and_unreadable_requests_are_warnings_not_errors() {
    let Some(log) = Log::install() else {
        return;
    };
    let base = tapis_tests::start_without_database().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();

    for path in ["/api/v1/matches", "/lobby"] {
        let reply = client.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(reply.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
        log.wait_for(&format!("warning of the 503 of {path}"), |line| {
            line["level"] == "WARN"
                && line["fields"]["status"] == 503
                && line["span"]["http.target"] == path
        })
        .await;
    }

    // More headers than actix-http reads (96): 431, before any handler.
    let mut oversized = client.get(format!("{base}/lobby"));
    for i in 0..120 {
        oversized = oversized.header(format!("x-header-{i}"), "value");
    }
    let reply = oversized.send().await.unwrap();
    assert_eq!(reply.status(), StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    let line = log
        .wait_for("warning of the unreadable request", |line| {
            message(line) == "a request that could not be read was refused"
        })
        .await;
    assert_eq!(line["level"], "WARN", "{line}");
    assert_eq!(
        line["fields"]["reason"], "message head is too large",
        "{line}"
    );

    let errors: Vec<Value> = log
        .lines()
        .into_iter()
        .filter(|line| line["level"] == "ERROR")
        .collect();
    assert!(errors.is_empty(), "errors logged: {errors:?}");
}

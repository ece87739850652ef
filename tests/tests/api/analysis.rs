//! The analysis of finished matches: queued when a match ends, made in the background once
//! (whatever the number of workers, and after a worker died mid-way), never given during play.

use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_service::analysis::{self, AnalysisSettings};
use tapis_tests::{Rng, TestApp};

/// A two-player match of `game` played to its end by random legal moves; its id.
async fn finished(app: &TestApp, game: &str, names: [&str; 2]) -> String {
    let first = app.player(names[0]).await;
    let second = app.player(names[1]).await;
    let view = app.started_match(game, &[&first, &second], json!({})).await;
    let players = vec![(names[0].to_owned(), first), (names[1].to_owned(), second)];
    let seats = app.tokens_by_seat(&view, &players);
    let id = view["id"].as_str().unwrap().to_owned();
    let (done, _) = app.play_out(&id, &seats, &mut Rng(11)).await;
    assert_eq!(done["status"], "finished");
    id
}

#[derive(diesel::QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    attempts: i64,
}

/// Match `id`'s row of the queue.
async fn queued(app: &TestApp, id: &str) -> Row {
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "SELECT status, attempts::bigint AS attempts FROM analyses WHERE match_id = $1::uuid",
    )
    .bind::<Text, _>(id)
    .get_result(&mut conn)
    .await
    .unwrap()
}

async fn analysis_of(app: &TestApp, id: &str) -> tapis_tests::Reply {
    app.get(&format!("/api/v1/matches/{id}/analysis"), None)
        .await
}

#[tokio::test]
async fn no_analysis_is_given_while_a_match_is_played() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap();
    for token in [None, Some(alice.as_str())] {
        let refused = app
            .get(&format!("/api/v1/matches/{id}/analysis"), token)
            .await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
        assert_eq!(refused.code(), "match_not_finished");
    }
    let unknown = analysis_of(&app, "00000000-0000-0000-0000-000000000000").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let malformed = analysis_of(&app, "nope").await;
    assert_eq!(malformed.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_finished_match_is_queued_then_analysed_in_the_background() {
    let app = TestApp::spawn_analysing().await;
    let id = finished(&app, "421", ["alice", "bob"]).await;
    // Queued by the statement that finished it.
    let reply = analysis_of(&app, &id).await;
    assert!(
        reply.status == StatusCode::ACCEPTED || reply.status == StatusCode::OK,
        "{:?}",
        reply.body
    );
    // The worker makes it: wait for the state, not for a time.
    let mut made = reply;
    for _ in 0..600 {
        if made.status == StatusCode::OK {
            break;
        }
        assert_eq!(made.body, json!({"status": "pending"}));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        made = analysis_of(&app, &id).await;
    }
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let body = made.body;
    assert_eq!(body["status"], "ready");
    assert_eq!(body["unit"], "round_tokens");
    assert_eq!(body["engine"]["version"], 2);
    assert_eq!(body["players"].as_array().unwrap().len(), 2);
    assert!(!body["steps"].as_array().unwrap().is_empty());
    let row = queued(&app, &id).await;
    assert_eq!(
        row,
        Row {
            status: "ready".to_owned(),
            attempts: 1
        }
    );
    // Both players hear of it.
    #[derive(diesel::QueryableByName)]
    struct Told {
        #[diesel(sql_type = Text)]
        username: String,
    }
    let mut conn = app.db.connect().await;
    let told: Vec<Told> = diesel::sql_query(
        "SELECT u.username FROM user_events e JOIN users u ON u.id = e.user_id \
         WHERE e.kind = 'analysis_ready' AND e.match_id = $1::uuid ORDER BY 1",
    )
    .bind::<Text, _>(&id)
    .load(&mut conn)
    .await
    .unwrap();
    let told: Vec<String> = told.into_iter().map(|t| t.username).collect();
    assert_eq!(told, ["alice", "bob"]);
}

/// Linja has no dice: its engine searches (no standard error), and it is analysed like the
/// rest. A match no engine covers is answered `unsupported` (stored so by the worker, here
/// written as it would be).
#[tokio::test]
async fn linja_is_analysed_by_search_and_an_unsupported_match_says_so() {
    let app = TestApp::spawn().await;
    let id = finished(&app, "linja", ["alice", "bob"]).await;
    assert_eq!(
        analysis_of(&app, &id).await.body,
        json!({"status": "pending"})
    );
    let made = analysis::drain(&app.services, AnalysisSettings::default())
        .await
        .unwrap();
    assert_eq!(made, 1);
    let reply = analysis_of(&app, &id).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["status"], "ready", "{:?}", reply.body);
    assert_eq!(reply.body["unit"], "win_probability");
    assert_eq!(reply.body["engine"]["name"], "linja-search");
    assert_eq!(reply.body["engine"]["exact"], false);

    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE analyses SET status = 'unsupported', result = NULL WHERE match_id = $1::uuid",
    )
    .bind::<Text, _>(&id)
    .execute(&mut conn)
    .await
    .unwrap();
    let reply = analysis_of(&app, &id).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body, json!({"status": "unsupported"}));
}

/// Two workers draining the queue at once make each analysis once; an analysis claimed by a
/// worker that died is taken over once its lease has run out.
#[tokio::test]
async fn each_analysis_is_made_once_and_a_dead_workers_claim_is_taken_over() {
    let app = TestApp::spawn().await;
    let mut ids = Vec::new();
    for (n, game) in ["421", "linja", "421"].into_iter().enumerate() {
        let names = [format!("alice{n}"), format!("bob{n}")];
        ids.push(finished(&app, game, [&names[0], &names[1]]).await);
    }
    let settings = AnalysisSettings::default();
    let (one, two) = tokio::join!(
        analysis::drain(&app.services, settings),
        analysis::drain(&app.services, settings)
    );
    assert_eq!(one.unwrap() + two.unwrap(), 3);
    for id in &ids {
        let row = queued(&app, id).await;
        assert_eq!(row.attempts, 1, "{id}: made once");
        assert_ne!(row.status, "pending");
    }

    // A worker claims an analysis and dies before storing it: queued again, as if its
    // lease were over (a test cannot wait ten minutes).
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE analyses SET status = 'pending', result = NULL, \
         not_before = now() + interval '10 minutes' WHERE match_id = $1::uuid",
    )
    .bind::<Text, _>(&ids[0])
    .execute(&mut conn)
    .await
    .unwrap();
    // Its lease holds: nobody takes it.
    assert_eq!(analysis::drain(&app.services, settings).await.unwrap(), 0);
    assert_eq!(
        analysis_of(&app, &ids[0]).await.status,
        StatusCode::ACCEPTED
    );
    // Its lease ran out: another worker takes it over.
    diesel::sql_query("UPDATE analyses SET not_before = now() WHERE match_id = $1::uuid")
        .bind::<Text, _>(&ids[0])
        .execute(&mut conn)
        .await
        .unwrap();
    assert_eq!(analysis::drain(&app.services, settings).await.unwrap(), 1);
    let row = queued(&app, &ids[0]).await;
    assert_eq!(
        row,
        Row {
            status: "ready".to_owned(),
            attempts: 2
        }
    );
    let ready: Value = analysis_of(&app, &ids[0]).await.body;
    assert_eq!(ready["status"], "ready");
}

/// The server notes each request it begins, so that the analyses give way to requests
/// (`analysis::low_priority::Pacer`): an API call and a page each count.
#[tokio::test]
async fn every_request_is_noted_for_the_analyses_to_give_way() {
    let app = TestApp::spawn().await;
    let activity = app.services.activity().clone();
    let before = activity.requests();
    assert_eq!(app.get("/api/v1/games", None).await.status, StatusCode::OK);
    let after_api = activity.requests();
    assert_eq!(after_api, before + 1, "the API call is noted");
    assert_eq!(app.get("/healthz", None).await.status, StatusCode::OK);
    assert_eq!(activity.requests(), after_api + 1, "so is any request");
}

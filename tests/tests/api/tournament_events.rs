//! What a tournament tells its entrants, through the real app: `round_started` (their match
//! and table, or their bye) and `tournament_finished` (their place and points) on their event
//! streams, as webhooks (a real HTTP receiver) and as mails (a real SMTP server); and a
//! restart of the whole app mid-round, after which the round completes, the next one starts
//! and nothing told is lost.

use std::collections::HashMap;

use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::receiver::Receiver;
use tapis_tests::{Received, open_event_stream};
use tapis_tests::{SmtpSink, TEST_PUBLIC_URL, TestApp, is_notification};

use crate::mail::verified;
use crate::tournaments::{rounds, standings, wait_for, with_players};
use crate::webhooks::{create as create_webhook, signed_by};

/// The events of play a stream may carry before or between the tournament's own.
const PLAY: &[&str] = &["match_started", "your_turn", "match_finished"];

/// The token of each player by username (those of [`with_players`], in its order).
fn by_name(names: &[&str], tokens: &[String]) -> HashMap<String, String> {
    names
        .iter()
        .map(|n| (*n).to_owned())
        .zip(tokens.iter().cloned())
        .collect()
}

/// The match of the table at which `username` sits in round `round` (1 from the first).
async fn table_of(app: &TestApp, id: &str, round: usize, username: &str) -> Option<String> {
    let all = rounds(app, id).await;
    all[round - 1]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["players"].as_array().unwrap().contains(&json!(username)))
        .and_then(|t| t["match_id"].as_str().map(str::to_owned))
}

/// Resigns match `match_id` for the player whose turn it is (the one seated first when
/// nobody is to act); returns who resigned.
async fn resign_one(app: &TestApp, match_id: &str, tokens: &HashMap<String, String>) -> String {
    let view = app
        .get(&format!("/api/v1/matches/{match_id}"), None)
        .await
        .body;
    let seat = view["to_act"][0].as_u64().unwrap_or(0) as usize;
    let name = view["seats"][seat]["username"].as_str().unwrap().to_owned();
    let reply = app
        .post(
            &format!("/api/v1/matches/{match_id}/resign"),
            Some(&tokens[&name]),
            json!({}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    name
}

#[tokio::test]
async fn every_entrant_hears_the_round_start_and_the_end_on_their_stream() {
    let app = TestApp::spawn().await;
    let names = ["ana", "ben", "cyd"];
    let (id, tokens) =
        with_players(&app, &names, json!({"rounds": 1, "name": "Spring Swiss"})).await;
    let tokens = by_name(&names, &tokens);
    let mut streams = Vec::new();
    for name in names {
        let stream = app
            .open_stream("/api/v1/stream", Some(&tokens[name]), None)
            .await;
        streams.push((name, stream));
    }

    // The start time comes: the round's start is told to the three, the pair and the bye.
    app.clock_hand.advance(time::Duration::minutes(2));
    let mut heard: HashMap<&str, Received> = HashMap::new();
    for (name, stream) in &mut streams {
        heard.insert(name, stream.expect_after("round_started", PLAY).await);
    }
    let mut byes = Vec::new();
    let mut paired = Vec::new();
    for (name, event) in &heard {
        let data = &event.data;
        assert_eq!(data["tournament_id"], json!(id), "{data}");
        assert_eq!(data["tournament"], "Spring Swiss");
        assert_eq!(data["game"], "linja");
        assert_eq!(data["round"], 1);
        assert_eq!(data["rounds"], 1);
        if data["bye"] == true {
            // No match: no `match_id` nor `version` at all.
            assert!(data.get("match_id").is_none(), "{data}");
            assert!(data.get("version").is_none(), "{data}");
            assert_eq!(data["opponents"], json!([]));
            assert_eq!(data["table"], 2);
            byes.push(*name);
        } else {
            assert_eq!(data["bye"], false);
            assert_eq!(data["table"], 1);
            assert!(data["version"].is_i64(), "{data}");
            let table = table_of(&app, &id, 1, name).await;
            assert_eq!(data["match_id"].as_str(), table.as_deref());
            paired.push((*name, data.clone()));
        }
    }
    assert_eq!(byes.len(), 1);
    assert_eq!(paired.len(), 2);
    assert_eq!(paired[0].1["opponents"], json!([paired[1].0]));
    assert_eq!(paired[1].1["opponents"], json!([paired[0].0]));

    // The match ends (one resigns): the tournament is over, and everyone hears their place.
    let match_id = paired[0].1["match_id"].as_str().unwrap().to_owned();
    let resigned = resign_one(&app, &match_id, &tokens).await;
    let mut finished: HashMap<&str, Value> = HashMap::new();
    for (name, stream) in &mut streams {
        let event = stream.expect_after("tournament_finished", PLAY).await;
        assert!(event.data.get("match_id").is_none(), "{:?}", event.data);
        finished.insert(name, event.data);
    }
    let winner = paired
        .iter()
        .map(|(n, _)| *n)
        .find(|n| *n != resigned)
        .unwrap();
    assert_eq!(finished[winner]["place"], 1);
    assert_eq!(finished[winner]["points"], 1.0);
    assert_eq!(finished[byes[0]]["place"], 2);
    assert_eq!(finished[byes[0]]["points"], 0.5);
    assert_eq!(finished[resigned.as_str()]["place"], 3);
    assert_eq!(finished[resigned.as_str()]["points"], 0.0);
    for data in finished.values() {
        assert_eq!(data["tournament_id"], json!(id));
        assert_eq!(data["entrants"], 3);
    }
    // The places are those of the standings.
    let table = standings(&app, &id).await;
    assert_eq!(table["lines"][0]["username"], winner);

    // Stored like any event: a stream resumed from the start replays both, in order.
    let mut again = app
        .open_stream("/api/v1/stream", Some(&tokens[byes[0]]), Some("0"))
        .await;
    let first = again.expect_after("round_started", PLAY).await;
    let last = again.expect_after("tournament_finished", PLAY).await;
    assert_eq!(first.data, heard[byes[0]].data);
    assert_eq!(last.data, finished[byes[0]]);
    assert!(first.id.parse::<i64>().unwrap() < last.id.parse::<i64>().unwrap());
}

#[tokio::test]
async fn a_webhook_receives_round_started_and_tournament_finished_signed() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    let names = ["ana", "ben"];
    let (id, tokens) = with_players(&app, &names, json!({"rounds": 1})).await;
    let tokens = by_name(&names, &tokens);
    let hook = create_webhook(
        &app,
        &tokens["ana"],
        &receiver.url("/ana"),
        &["round_started", "tournament_finished"],
    )
    .await;
    assert_eq!(
        hook["events"],
        json!(["round_started", "tournament_finished"])
    );
    let secret = hook["secret"].as_str().unwrap().to_owned();

    app.clock_hand.advance(time::Duration::minutes(2));
    let calls = receiver.wait_for("/ana", 1).await;
    let call = &calls[0];
    assert_eq!(call.header("tapis-event"), "round_started");
    assert!(signed_by(
        &secret,
        call.header("tapis-signature"),
        &call.body
    ));
    let body = call.json();
    let match_id = table_of(&app, &id, 1, "ana").await.unwrap();
    assert_eq!(body["event"], "round_started");
    assert_eq!(body["tournament_id"], json!(id));
    assert_eq!(body["match_id"], json!(match_id));
    assert!(body["version"].is_i64(), "{body}");
    assert_eq!(body["round"], 1);
    assert_eq!(body["table"], 1);
    assert_eq!(body["bye"], false);
    assert_eq!(body["opponents"], json!(["ben"]));
    assert_eq!(body["delivery_id"], json!(call.header("tapis-delivery")));

    // Ben resigns: the tournament ends, and Ana's app hears her place (no match named).
    let reply = app
        .post(
            &format!("/api/v1/matches/{match_id}/resign"),
            Some(&tokens["ben"]),
            json!({}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let calls = receiver.wait_for("/ana", 2).await;
    let call = &calls[1];
    assert_eq!(call.header("tapis-event"), "tournament_finished");
    assert!(signed_by(
        &secret,
        call.header("tapis-signature"),
        &call.body
    ));
    let body = call.json();
    assert_eq!(body["event"], "tournament_finished");
    assert_eq!(body["tournament_id"], json!(id));
    assert_eq!(body["place"], 1);
    assert_eq!(body["points"], 1.0);
    assert!(body.get("match_id").is_none(), "{body}");
    assert!(body.get("version").is_none(), "{body}");
    // Nothing else was sent (Ana subscribed to the tournament's events only).
    assert!(
        receiver
            .calls()
            .iter()
            .all(|c| c.header("tapis-event") != "match_started"),
        "{:?}",
        receiver.calls()
    );
}

#[tokio::test]
async fn a_round_start_and_the_final_place_are_mailed_with_their_links() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let names = ["ana", "ben"];
    let (id, tokens) = with_players(&app, &names, json!({"rounds": 1, "name": "Autumn Cup"})).await;
    let tokens = by_name(&names, &tokens);
    verified(&app, &sink, &tokens["ana"], "ana@example.com").await;
    // A new address is mailed every kind until its owner chooses.
    let settings = app
        .get("/api/v1/me/notifications", Some(&tokens["ana"]))
        .await;
    let events = settings.body["events"].as_array().unwrap().clone();
    assert!(events.contains(&json!("round_started")), "{events:?}");
    assert!(events.contains(&json!("tournament_finished")), "{events:?}");

    app.clock_hand.advance(time::Duration::minutes(2));
    let mails = sink
        .wait_for("ana@example.com", 1, |m| {
            is_notification(m) && m.subject.contains("Autumn Cup")
        })
        .await;
    let mail = &mails[0];
    assert_eq!(mail.subject, "Autumn Cup: round 1 of 1 has started");
    assert!(mail.text.contains("against ben"), "{}", mail.text);
    let match_id = table_of(&app, &id, 1, "ana").await.unwrap();
    assert_eq!(mail.link("/matches/"), Some(format!("/matches/{match_id}")));
    assert!(mail.unsubscribe_url().contains("/unsubscribe/"));

    // Ben resigns: Ana is mailed her place, with the tournament's link.
    let reply = app
        .post(
            &format!("/api/v1/matches/{match_id}/resign"),
            Some(&tokens["ben"]),
            json!({}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let mails = sink
        .wait_for("ana@example.com", 1, |m| m.subject == "Autumn Cup is over")
        .await;
    let mail = &mails[0];
    assert!(
        mail.text.contains("You won it: first of 2 (points: 1)."),
        "{}",
        mail.text
    );
    assert_eq!(
        mail.link("/tournaments/"),
        Some(format!("/tournaments/{id}"))
    );

    // Stopped by its one-click link, the kind is mailed no more (the settings say so).
    let stop = app
        .client
        .post(mail.unsubscribe_url().replace(TEST_PUBLIC_URL, &app.base))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert!(stop.status().is_success(), "{}", stop.status());
    let settings = app
        .get("/api/v1/me/notifications", Some(&tokens["ana"]))
        .await;
    let events = settings.body["events"].as_array().unwrap().clone();
    assert!(
        !events.contains(&json!("tournament_finished")),
        "{events:?}"
    );
    assert!(events.contains(&json!("round_started")), "{events:?}");
}

/// How many events of `kind` the database holds for `username` about round `round` (any
/// round when `None`), numbered or not.
async fn told(app: &TestApp, username: &str, kind: &str, round: Option<i64>) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "SELECT count(*) AS n FROM user_events e JOIN users u ON u.id = e.user_id \
         WHERE u.username = $1 AND e.kind = $2 \
           AND ($3::bigint IS NULL OR (e.data ->> 'round')::bigint = $3)",
    )
    .bind::<Text, _>(username)
    .bind::<Text, _>(kind)
    .bind::<diesel::sql_types::Nullable<BigInt>, _>(round)
    .get_result::<Count>(&mut conn)
    .await
    .unwrap()
    .n
}

#[tokio::test]
async fn a_restart_mid_round_loses_nothing_and_the_next_round_starts() {
    let mut app = TestApp::spawn().await;
    let names = ["ana", "ben", "cyd", "dee"];
    let (id, tokens) = with_players(&app, &names, json!({"rounds": 2})).await;
    let tokens = by_name(&names, &tokens);
    app.clock_hand.advance(time::Duration::minutes(2));
    wait_for(&app, &id, "round 1", |v| v["current_round"] == 1).await;
    let first = rounds(&app, &id).await[0].clone();
    let matches: Vec<String> = first["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["match_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(matches.len(), 2);
    // Ana's stream hears the first round start: the id she would resume from.
    let mut stream = app
        .open_stream("/api/v1/stream", Some(&tokens["ana"]), Some("0"))
        .await;
    let heard = stream.expect_after("round_started", PLAY).await;
    assert_eq!(heard.data["round"], 1);
    drop(stream);

    // One match of the round ends; the other is in play when the whole app stops.
    let first_out = resign_one(&app, &matches[0], &tokens).await;
    app.restart().await;

    // The new app: the round's last match ends, the worker closes the round and pairs the
    // next one (without the player who resigned, withdrawn).
    let second_out = resign_one(&app, &matches[1], &tokens).await;
    wait_for(&app, &id, "round 2", |v| v["current_round"] == 2).await;
    let all = rounds(&app, &id).await;
    assert_eq!(all.len(), 2);
    assert!(!all[0]["finished_at"].is_null());
    for table in all[0]["tables"].as_array().unwrap() {
        assert!(
            table["places"].is_array(),
            "a table of round 1 lost: {table}"
        );
        assert_eq!(table["adjudicated"], false);
    }
    let second = all[1]["tables"].as_array().unwrap();
    let seated: Vec<&str> = second
        .iter()
        .flat_map(|t| t["players"].as_array().unwrap())
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(seated.len(), 2, "{second:?}");
    assert!(!seated.contains(&first_out.as_str()));
    assert!(!seated.contains(&second_out.as_str()));

    // Every entrant heard round 1 once; those seated in round 2 hear it once, from the new
    // app; Ana's stream resumed from before the restart misses nothing.
    for name in names {
        assert_eq!(
            told(&app, name, "round_started", Some(1)).await,
            1,
            "{name}"
        );
        let in_round_2 = i64::from(seated.contains(&name));
        assert_eq!(
            told(&app, name, "round_started", Some(2)).await,
            in_round_2,
            "{name}"
        );
    }
    let mut resumed = app
        .open_stream("/api/v1/stream", Some(&tokens["ana"]), Some(&heard.id))
        .await;
    if seated.contains(&"ana") {
        let next = resumed
            .expect_after(
                "round_started",
                &["match_finished", "match_started", "your_turn"],
            )
            .await;
        assert_eq!(next.data["round"], 2);
    } else {
        resumed.expect("match_finished").await;
    }

    // Round 2 ends: the tournament too, and all four hear their place once.
    let last = second[0]["match_id"].as_str().unwrap().to_owned();
    resign_one(&app, &last, &tokens).await;
    wait_for(&app, &id, "the end", |v| v["status"] == "finished").await;
    for name in names {
        assert_eq!(
            told(&app, name, "tournament_finished", None).await,
            1,
            "{name}"
        );
    }
    let lines = standings(&app, &id).await["lines"].clone();
    assert_eq!(lines.as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn a_signed_out_spectator_follows_the_tournament_from_another_process() {
    let app = TestApp::spawn().await;
    let names = ["ana", "ben", "cyd"];
    let (id, tokens) = with_players(&app, &names, json!({"rounds": 2})).await;
    let tokens = by_name(&names, &tokens);
    // The spectator's page (no session) names the stream to follow.
    let page = reqwest::get(format!("{}/tournaments/{id}", app.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(&format!("data-stream-tournament=\"{id}\"")),
        "{page}"
    );
    // The spectator's stream, on another process of the same database: what the first one
    // does reaches it through PostgreSQL.
    let other = app.start_another(tapis_tests::NO_BOTS).await;
    let client = reqwest::Client::new();
    let url = format!("{other}/stream?tournaments={id}");
    let mut stream = open_event_stream(&client, &url, None, None).await.unwrap();

    // Before the start, an entry and a leave are changes the page shows (the entrants, the
    // standings).
    let dee = app.player("dee").await;
    let joined = app
        .post(
            &format!("/api/v1/tournaments/{id}/join"),
            Some(&dee),
            json!({}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    let entered = stream.expect("tournament").await;
    assert_eq!(entered.data["tournament_id"], json!(id));
    let left = app
        .post(
            &format!("/api/v1/tournaments/{id}/leave"),
            Some(&dee),
            json!({}),
        )
        .await;
    assert_eq!(left.status, StatusCode::OK, "{:?}", left.body);
    let gone = stream.expect("tournament").await;
    let entry_stamp = gone.data["stamp"].as_i64().unwrap();
    assert!(entry_stamp > entered.data["stamp"].as_i64().unwrap());

    // Round 1 starts: a change; then a match ends (one resigns), the round closes and the next
    // starts: the stream tells of it until the spectator's view shows round 2.
    app.clock_hand.advance(time::Duration::minutes(2));
    let started = stream.expect("tournament").await;
    assert_eq!(started.data["tournament_id"], json!(id));
    assert!(started.id.is_empty(), "no id: {started:?}");
    assert!(started.data["stamp"].as_i64().unwrap() > entry_stamp);
    wait_for(&app, &id, "round 1", |v| v["current_round"] == 1).await;
    let mut stamp = started.data["stamp"].as_i64().unwrap();
    let match_id = rounds(&app, &id).await[0]["tables"][0]["match_id"]
        .as_str()
        .unwrap()
        .to_owned();
    resign_one(&app, &match_id, &tokens).await;
    let mut shown_round = 0;
    for _ in 0..10 {
        let change = stream.expect("tournament").await;
        let now = change.data["stamp"].as_i64().unwrap();
        assert!(now > stamp, "each change moves the stamp on: {change:?}");
        stamp = now;
        let view = app
            .get(&format!("/api/v1/tournaments/{id}"), None)
            .await
            .body;
        shown_round = view["current_round"].as_i64().unwrap();
        if shown_round == 2 {
            break;
        }
    }
    assert_eq!(shown_round, 2, "the next round's start was never told");

    // Only tournaments that exist, written as ids, each once.
    let unknown = client
        .get(format!(
            "{other}/stream?tournaments={}",
            uuid::Uuid::new_v4()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let bad = client
        .get(format!("{other}/stream?tournaments={id},{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

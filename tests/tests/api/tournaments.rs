//! Swiss tournaments through the real server: a whole casual Swiss of nine with computer
//! players played to its end, two workers racing to start a round, a round whose last match
//! times out, the adjudication at a round's deadline, late entry, and the refusals of entries
//! and creation (problem+json, nothing changed).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Rng, TestApp};
use time::format_description::well_known::Rfc3339;

/// A moment `minutes` after the app's now, as the API writes it.
fn in_minutes(app: &TestApp, minutes: i64) -> String {
    (app.services.now() + time::Duration::minutes(minutes))
        .format(&Rfc3339)
        .unwrap()
}

/// Creates a tournament organised by `token`, with `extra` over a two-player Linja Swiss of
/// three rounds starting in a minute; returns its view.
pub(crate) async fn create(app: &TestApp, token: &str, extra: Value) -> Value {
    let mut body = json!({
        "name": "Winter Swiss",
        "game": "linja",
        "table_size": 2,
        "rounds": 3,
        "days_per_move": 3,
        "rated": false,
        "starts_at": in_minutes(app, 1),
    });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let created = app.post("/api/v1/tournaments", Some(token), body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    created.body
}

pub(crate) async fn act(app: &TestApp, id: &str, what: &str, token: &str) -> tapis_tests::Reply {
    app.post(
        &format!("/api/v1/tournaments/{id}/{what}"),
        Some(token),
        json!({}),
    )
    .await
}

/// Waits until the tournament's view satisfies `done` (the worker acts on its own).
pub(crate) async fn wait_for(
    app: &TestApp,
    id: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..1200 {
        let view = app
            .get(&format!("/api/v1/tournaments/{id}"), None)
            .await
            .body;
        if done(&view) {
            return view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("tournament {id}: {what} never happened");
}

pub(crate) async fn rounds(app: &TestApp, id: &str) -> Vec<Value> {
    let reply = app
        .get(&format!("/api/v1/tournaments/{id}/rounds"), None)
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body.as_array().unwrap().clone()
}

pub(crate) async fn standings(app: &TestApp, id: &str) -> Value {
    let reply = app
        .get(&format!("/api/v1/tournaments/{id}/standings"), None)
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

/// Plays match `id` to its end: the people of `tokens` (by username) pick legal actions at
/// random, the computer players play through the bot worker.
async fn play_to_the_end(app: &TestApp, id: &str, tokens: &HashMap<String, String>, rng: &mut Rng) {
    for _ in 0..20_000 {
        let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        if view["status"] != "active" {
            return;
        }
        let seat = view["to_act"][0].as_u64().unwrap() as usize;
        let name = view["seats"][seat]["username"].as_str().unwrap();
        let Some(token) = tokens.get(name) else {
            // A computer player's turn: the bot worker plays it.
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        };
        let mine = app
            .get(&format!("/api/v1/matches/{id}"), Some(token))
            .await
            .body;
        let actions = mine["legal_actions"].as_array().unwrap();
        if actions.is_empty() {
            continue;
        }
        let action = actions[rng.below(actions.len())].clone();
        let reply = app
            .post(
                &format!("/api/v1/matches/{id}/actions"),
                Some(token),
                json!({"version": mine["version"], "action": action}),
            )
            .await;
        // A bot or the clock may have moved the match on meanwhile.
        assert!(
            reply.status == StatusCode::OK || reply.status == StatusCode::CONFLICT,
            "{:?}",
            reply.body
        );
    }
    panic!("match {id} did not end");
}

#[tokio::test]
async fn a_casual_swiss_of_nine_with_computer_players_is_played_to_its_end() {
    let app = TestApp::spawn().await;
    let organiser = app.player("organiser").await;
    let t = create(&app, &organiser, json!({"allow_bots": true})).await;
    let id = t["id"].as_str().unwrap().to_owned();
    assert_eq!(t["status"], "upcoming");
    assert_eq!(t["round_days"], 96);
    assert!(t["adjudication"].as_str().unwrap().contains("10 points"));

    let mut tokens = HashMap::new();
    for name in ["ana", "ben", "cyd", "dee", "eli", "fay"] {
        let token = app.player(name).await;
        let joined = act(&app, &id, "join", &token).await;
        assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
        tokens.insert(name.to_owned(), token);
    }
    for bot in ["tapis-easy", "tapis-medium", "tapis-strong"] {
        let seated = app
            .post(
                &format!("/api/v1/tournaments/{id}/bots"),
                Some(&organiser),
                json!({"username": bot}),
            )
            .await;
        assert_eq!(seated.status, StatusCode::OK, "{:?}", seated.body);
    }
    // Only the organiser seats or removes computer players; removed, a bot can come back.
    let nameless = act(&app, &id, "bots", &organiser).await;
    assert_eq!(nameless.status, StatusCode::UNPROCESSABLE_ENTITY);
    let stranger = app
        .post(
            &format!("/api/v1/tournaments/{id}/bots"),
            Some(&tokens["ana"]),
            json!({"username": "tapis-easy"}),
        )
        .await;
    assert_eq!(stranger.code(), "not_the_organiser");
    let removed = app
        .delete(
            &format!("/api/v1/tournaments/{id}/bots/tapis-easy"),
            Some(&organiser),
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{:?}", removed.body);
    assert_eq!(removed.body["entrants"].as_array().unwrap().len(), 8);
    let back = app
        .post(
            &format!("/api/v1/tournaments/{id}/bots"),
            Some(&organiser),
            json!({"username": "tapis-easy"}),
        )
        .await;
    assert_eq!(back.status, StatusCode::OK);
    let view = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .body;
    assert_eq!(view["entrants"].as_array().unwrap().len(), 9);
    let bots = view["entrants"].as_array().unwrap().iter();
    assert_eq!(bots.filter(|e| e["bot"] == true).count(), 3);

    // The start time comes: the worker pairs round 1.
    app.clock_hand.advance(time::Duration::minutes(2));
    let mut rng = Rng(26);
    for round in 1..=3 {
        wait_for(&app, &id, "the next round", |v| {
            v["current_round"].as_i64() >= Some(round) || v["status"] == "finished"
        })
        .await;
        let all = rounds(&app, &id).await;
        let this = &all[round as usize - 1];
        let tables = this["tables"].as_array().unwrap();
        // Nine players at two-seat tables: four matches and one bye, every round.
        assert_eq!(tables.iter().filter(|t| t["bye"] == false).count(), 4);
        assert_eq!(tables.iter().filter(|t| t["bye"] == true).count(), 1);
        for table in tables.iter().filter(|t| t["bye"] == false) {
            let match_id = table["match_id"].as_str().unwrap();
            let m = app
                .get(&format!("/api/v1/matches/{match_id}"), None)
                .await
                .body;
            // The pairing's first seat is the match's first seat.
            assert_eq!(m["seats"][0]["username"], table["players"][0]);
            assert_eq!(m["days_per_move"], 3);
            assert_eq!(m["rated"], false);
            play_to_the_end(&app, match_id, &tokens, &mut rng).await;
        }
    }
    let done = wait_for(&app, &id, "the end", |v| v["status"] == "finished").await;
    assert_eq!(done["current_round"], 3);

    // Every round: each player once; never the same pair twice; three different byes.
    let all = rounds(&app, &id).await;
    assert_eq!(all.len(), 3);
    let mut pairs = HashSet::new();
    let mut byes = HashSet::new();
    for round in &all {
        assert!(!round["finished_at"].is_null());
        let mut seen = HashSet::new();
        for table in round["tables"].as_array().unwrap() {
            let players: Vec<String> = table["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_owned())
                .collect();
            for p in &players {
                assert!(seen.insert(p.clone()), "{p} twice in a round");
            }
            if table["bye"] == true {
                assert!(byes.insert(players[0].clone()), "a second bye");
                assert_eq!(table["points"], json!([0.5]));
            } else {
                let mut pair = players.clone();
                pair.sort();
                assert!(pairs.insert(pair), "a rematch");
                let points: f64 = table["points"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_f64().unwrap())
                    .sum();
                assert_eq!(points, 1.0);
            }
        }
        assert_eq!(seen.len(), 9);
    }
    assert_eq!(byes.len(), 3);

    // The standings: nine lines, 4.5 points handed out per round, ranks in order.
    let table = standings(&app, &id).await;
    assert_eq!(table["tie_breaks"], json!(["buchholz", "sonneborn_berger"]));
    let lines = table["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 9);
    let total: f64 = lines.iter().map(|l| l["points"].as_f64().unwrap()).sum();
    assert_eq!(total, 13.5);
    assert_eq!(lines[0]["rank"], 1);
    assert_eq!(lines[0]["decided_by"], "top");
    for pair in lines.windows(2) {
        assert!(pair[0]["points"].as_f64() >= pair[1]["points"].as_f64());
        assert!(pair[0]["rank"].as_u64() <= pair[1]["rank"].as_u64());
    }
    let listed = app
        .get("/api/v1/tournaments?status=finished&game=linja", None)
        .await
        .body;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["entrants"], 9);
}

/// A tournament of `players` signed-up people (joined), starting in a minute.
pub(crate) async fn with_players(
    app: &TestApp,
    players: &[&str],
    extra: Value,
) -> (String, Vec<String>) {
    let organiser = app.player("organiser").await;
    let t = create(app, &organiser, extra).await;
    let id = t["id"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for name in players {
        let token = app.player(name).await;
        assert_eq!(act(app, &id, "join", &token).await.status, StatusCode::OK);
        tokens.push(token);
    }
    (id, tokens)
}

#[tokio::test]
async fn two_workers_racing_start_the_round_once_and_late_entry_follows() {
    // The app's own worker looks only when a match changes: the test runs the two racers.
    let app = TestApp::spawn_without_clock_loop().await;
    let (id, _) = with_players(&app, &["ana", "ben", "cyd", "dee"], json!({})).await;
    app.clock_hand.advance(time::Duration::minutes(2));
    // A second process, as the database sees it: services of its own, on a pool of its own.
    let pool = tapis_service::db::pool(&app.db.url, 2).unwrap();
    let other = tapis_service::Services::new(pool, app.services.settings().clone())
        .await
        .unwrap();
    let barrier = Arc::new(tokio::sync::Barrier::new(2));
    let racers: Vec<_> = [app.services.clone(), other]
        .into_iter()
        .map(|services| {
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                tapis_service::tournaments::advance_due(&services, 10)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut advanced = 0;
    for racer in racers {
        advanced += racer.await.unwrap();
    }
    assert_eq!(advanced, 1, "the round starts once");
    let all = rounds(&app, &id).await;
    assert_eq!(all.len(), 1);
    let tables = all[0]["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2);
    let seated: HashSet<&str> = tables
        .iter()
        .flat_map(|t| t["players"].as_array().unwrap())
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(seated.len(), 4);
    let mut conn = app.db.connect().await;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let made: Count = diesel::sql_query("SELECT count(*) AS n FROM matches")
        .get_result(&mut conn)
        .await
        .unwrap();
    assert_eq!(made.n, 2, "one match per table, made once");
    // Nothing more is due: a third pass does nothing.
    assert_eq!(
        tapis_service::tournaments::advance_due(&app.services, 10)
            .await
            .unwrap(),
        0
    );

    // Late entry: one round of three has started, so it is still open; the entrant scores
    // zero for the round missed.
    let late = app.player("late").await;
    let joined = act(&app, &id, "join", &late).await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    let entrant = joined.body["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["username"] == "late")
        .unwrap()
        .clone();
    assert_eq!(entrant["joined_round"], 1);
    let lines = standings(&app, &id).await["lines"].clone();
    let line = lines
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["username"] == "late")
        .unwrap()
        .clone();
    assert_eq!(line["points"], 0.0);
    assert_eq!(line["played"], 0);
    // Leaving is over once it started: withdraw instead.
    let left = act(&app, &id, "leave", &late).await;
    assert_eq!(left.status, StatusCode::CONFLICT);
    assert_eq!(left.code(), "tournament_started");
    assert_eq!(
        act(&app, &id, "withdraw", &late).await.status,
        StatusCode::OK
    );
    let again = act(&app, &id, "withdraw", &late).await;
    assert_eq!(again.code(), "already_withdrawn");

    // Once started, only a moderator may cancel it; the worker then leaves it alone.
    let organiser = app.sign_in("organiser").await;
    let refused = act(&app, &id, "cancel", &organiser).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.code(), "tournament_started");
    let moderator = app.player("moderator").await;
    diesel::sql_query("UPDATE users SET moderator = true WHERE username = 'moderator'")
        .execute(&mut conn)
        .await
        .unwrap();
    let cancelled = act(&app, &id, "cancel", &moderator).await;
    assert_eq!(cancelled.status, StatusCode::OK, "{:?}", cancelled.body);
    assert_eq!(cancelled.body["status"], "cancelled");
    diesel::sql_query(
        "UPDATE tournament_rounds SET deadline = now() - interval '1 minute' \
         WHERE tournament_id = $1::uuid",
    )
    .bind::<diesel::sql_types::Text, _>(&id)
    .execute(&mut conn)
    .await
    .unwrap();
    assert_eq!(
        tapis_service::tournaments::advance_due(&app.services, 10)
            .await
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn a_round_whose_last_match_times_out_advances_and_the_forfeiter_is_withdrawn() {
    let app = TestApp::spawn().await;
    let (id, tokens) = with_players(&app, &["ana", "ben", "cyd"], json!({"rounds": 2})).await;
    app.clock_hand.advance(time::Duration::minutes(2));
    wait_for(&app, &id, "round 1", |v| v["current_round"] == 1).await;
    let first = rounds(&app, &id).await[0].clone();
    let table = first["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["bye"] == false)
        .unwrap()
        .clone();
    let match_id = table["match_id"].as_str().unwrap().to_owned();
    let view = app
        .get(&format!("/api/v1/matches/{match_id}"), None)
        .await
        .body;
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let late = view["seats"][seat]["username"].as_str().unwrap().to_owned();
    let other = view["seats"][1 - seat]["username"]
        .as_str()
        .unwrap()
        .to_owned();

    // The player to move runs out of time: the clock ends their turn, the match ends, and the
    // round with it.
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE matches SET deadline = now() - interval '1 minute' WHERE id = $1::uuid",
    )
    .bind::<diesel::sql_types::Text, _>(&match_id)
    .execute(&mut conn)
    .await
    .unwrap();
    wait_for(&app, &id, "round 2", |v| v["current_round"] == 2).await;

    let all = rounds(&app, &id).await;
    let closed = all[0]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["match_id"] == json!(match_id))
        .unwrap()
        .clone();
    assert_eq!(closed["adjudicated"], false);
    let late_at = closed["players"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| p == &json!(late))
        .unwrap();
    assert_eq!(closed["places"][late_at], 2);
    assert_eq!(closed["places"][1 - late_at], 1);
    assert!(!all[0]["finished_at"].is_null());

    // The player who timed out is withdrawn and not paired: the other two meet.
    let view = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .body;
    let entrant = |name: &str| {
        view["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["username"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(entrant(&late)["withdrawn"], true);
    assert_eq!(entrant(&late)["withdrawn_reason"], "forfeit");
    let second = all[1]["tables"].as_array().unwrap();
    assert_eq!(second.len(), 1);
    let mut met: Vec<&str> = second[0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    met.sort();
    assert!(!met.contains(&late.as_str()));
    assert!(met.contains(&other.as_str()));
    // Withdrawn players stay in the standings, marked.
    let lines = standings(&app, &id).await["lines"].clone();
    let line = lines
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["username"] == json!(late))
        .unwrap()
        .clone();
    assert_eq!(line["withdrawn"], true);

    // They re-confirm: in again for the rounds to come.
    let names = ["ana", "ben", "cyd"];
    let token = &tokens[names.iter().position(|n| *n == late).unwrap()];
    let back = act(&app, &id, "reconfirm", token).await;
    assert_eq!(back.status, StatusCode::OK, "{:?}", back.body);
    let me = back.body["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["username"] == json!(late))
        .unwrap()
        .clone();
    assert_eq!(me["withdrawn"], false);
}

#[tokio::test]
async fn matches_running_at_the_deadline_are_adjudicated_and_the_tournament_ends() {
    let app = TestApp::spawn().await;
    let (id, _) = with_players(&app, &["ana", "ben"], json!({"rounds": 1})).await;
    app.clock_hand.advance(time::Duration::minutes(2));
    wait_for(&app, &id, "round 1", |v| v["current_round"] == 1).await;
    let first = rounds(&app, &id).await[0].clone();
    let match_id = first["tables"][0]["match_id"].as_str().unwrap().to_owned();
    // A tournament's match cannot be aborted: resign instead.
    let ana = app.sign_in("ana").await;
    let aborted = app
        .post(
            &format!("/api/v1/matches/{match_id}/abort"),
            Some(&ana),
            json!({}),
        )
        .await;
    assert_eq!(aborted.code(), "abort_not_allowed");

    // The round's deadline passes with the match in play.
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE tournament_rounds SET deadline = now() - interval '1 minute' \
         WHERE tournament_id = $1::uuid",
    )
    .bind::<diesel::sql_types::Text, _>(&id)
    .execute(&mut conn)
    .await
    .unwrap();
    let done = wait_for(&app, &id, "the end", |v| v["status"] == "finished").await;
    assert_eq!(done["current_round"], 1);
    let table = rounds(&app, &id).await[0]["tables"][0].clone();
    assert_eq!(table["adjudicated"], true);
    // No move was made: the position is even, so the rule calls it a draw.
    assert_eq!(table["places"], json!([1, 1]), "{table}");
    assert_eq!(table["points"], json!([0.5, 0.5]));
    let m = app
        .get(&format!("/api/v1/matches/{match_id}"), None)
        .await
        .body;
    assert_eq!(m["status"], "aborted");
    let lines = standings(&app, &id).await["lines"].clone();
    assert_eq!(lines[0]["points"], 0.5);
    assert_eq!(lines[1]["points"], 0.5);
    assert_eq!(lines[1]["decided_by"], "shared");
}

#[tokio::test]
async fn refused_entries_and_requests_change_nothing() {
    let app = TestApp::spawn().await;
    let organiser = app.player("organiser").await;
    let ana = app.player("ana").await;
    let ben = app.player("ben").await;

    // Creation: each rule by its field; nothing is created.
    let bad = [
        (json!({"name": ""}), "name"),
        (json!({"game": "chess"}), "game"),
        (json!({"table_size": 3}), "table_size"),
        (json!({"rounds": 0}), "rounds"),
        (json!({"days_per_move": 30}), "days_per_move"),
        (json!({"starts_at": "2000-01-01T00:00:00Z"}), "starts_at"),
        (
            json!({"min_rating": 1800, "max_rating": 1200}),
            "min_rating",
        ),
        (json!({"max_players": 1}), "max_players"),
        (json!({"rated": true, "allow_bots": true}), "allow_bots"),
    ];
    for (change, field) in bad {
        let mut body = json!({
            "name": "Cup", "game": "linja", "table_size": 2, "rounds": 3,
            "days_per_move": 3, "rated": false, "starts_at": in_minutes(&app, 5),
        });
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let refused = app
            .post("/api/v1/tournaments", Some(&organiser), body)
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert_eq!(
            refused.headers["content-type"], "application/problem+json",
            "{field}"
        );
        assert_eq!(refused.code(), "validation_failed");
        assert_eq!(refused.body["field"], field, "{:?}", refused.body);
    }
    let none = app.get("/api/v1/tournaments", None).await;
    assert_eq!(none.body, json!([]));
    let listed = app.get("/api/v1/tournaments?status=nope", None).await;
    assert_eq!(listed.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Entries: a rated tournament of two players at most, for ratings up to 1600.
    let t = create(
        &app,
        &organiser,
        json!({"rated": true, "max_players": 2, "max_rating": 1600, "min_rating": 1400}),
    )
    .await;
    let id = t["id"].as_str().unwrap().to_owned();
    let entrants = |view: &Value| view["entrants"].as_array().unwrap().len();
    assert_eq!(act(&app, &id, "join", &ana).await.status, StatusCode::OK);
    let twice = act(&app, &id, "join", &ana).await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert_eq!(twice.code(), "already_entered");
    let not_in = act(&app, &id, "leave", &ben).await;
    assert_eq!(not_in.status, StatusCode::CONFLICT);
    assert_eq!(not_in.code(), "not_entered");
    let early = act(&app, &id, "withdraw", &ana).await;
    assert_eq!(early.code(), "tournament_not_started");
    let bot = app
        .post(
            &format!("/api/v1/tournaments/{id}/bots"),
            Some(&organiser),
            json!({"username": "tapis-easy"}),
        )
        .await;
    assert_eq!(bot.status, StatusCode::CONFLICT);
    assert_eq!(bot.code(), "bots_not_allowed");
    assert_eq!(act(&app, &id, "join", &ben).await.status, StatusCode::OK);
    let carl = app.player("carl").await;
    let full = act(&app, &id, "join", &carl).await;
    assert_eq!(full.code(), "tournament_full");
    let not_organiser = act(&app, &id, "cancel", &ana).await;
    assert_eq!(not_organiser.status, StatusCode::FORBIDDEN);
    assert_eq!(not_organiser.code(), "not_the_organiser");
    let view = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .body;
    assert_eq!(entrants(&view), 2);
    assert_eq!(view["status"], "upcoming");

    // Leaving frees the place; the rating range is kept.
    assert_eq!(act(&app, &id, "leave", &ben).await.status, StatusCode::OK);
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "INSERT INTO ratings (user_id, game, rating, games) \
         SELECT id, 'linja', 1700000000, 20 FROM users WHERE username = 'carl'",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let strong = act(&app, &id, "join", &carl).await;
    assert_eq!(strong.status, StatusCode::FORBIDDEN);
    assert_eq!(strong.code(), "rating_outside_range");

    // The organiser cancels before the start; then nothing more is taken.
    let cancelled = act(&app, &id, "cancel", &organiser).await;
    assert_eq!(cancelled.status, StatusCode::OK);
    assert_eq!(cancelled.body["status"], "cancelled");
    let over = act(&app, &id, "join", &ben).await;
    assert_eq!(over.code(), "tournament_over");
    let view = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .body;
    assert_eq!(entrants(&view), 1);
    let missing = app
        .get(
            &format!("/api/v1/tournaments/{}", uuid::Uuid::new_v4()),
            None,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

/// The organiser's choice on vacations: in a tournament where they do not pause its matches,
/// the clock of a player who goes on vacation keeps running; in one where they do (the
/// default), it stands still as in any match.
#[tokio::test]
async fn a_vacation_pauses_tournament_matches_only_where_the_organiser_chose_so() {
    let app = TestApp::spawn().await;
    let (running, tokens) =
        with_players(&app, &["ana", "ben"], json!({"vacation_pauses": false})).await;
    let organiser = app.player("host").await;
    let pausing = create(&app, &organiser, json!({"name": "Pausing Swiss"})).await;
    let pausing = pausing["id"].as_str().unwrap().to_owned();
    for token in &tokens {
        assert_eq!(
            act(&app, &pausing, "join", token).await.status,
            StatusCode::OK
        );
    }
    app.clock_hand.advance(time::Duration::minutes(2));
    for (id, pauses) in [(&running, false), (&pausing, true)] {
        wait_for(&app, id, "round 1", |v| v["current_round"] == 1).await;
        let table = rounds(&app, id).await[0]["tables"][0].clone();
        let match_id = table["match_id"].as_str().unwrap().to_owned();
        let before = app
            .get(&format!("/api/v1/matches/{match_id}"), None)
            .await
            .body;
        assert!(!before["deadline"].is_null(), "{before}");
        let seat = before["to_act"][0].as_u64().unwrap() as usize;
        let away = if before["seats"][seat]["username"] == json!("ana") {
            &tokens[0]
        } else {
            &tokens[1]
        };
        let until = app.services.now() + time::Duration::days(3);
        let reply = app
            .post(
                "/api/v1/me/vacation",
                Some(away),
                json!({"until": until.format(&Rfc3339).unwrap()}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        let during = app
            .get(&format!("/api/v1/matches/{match_id}"), None)
            .await
            .body;
        if pauses {
            assert!(during["deadline"].is_null(), "{during}");
            assert!(!during["paused_seconds_left"].is_null(), "{during}");
        } else {
            assert_eq!(during["deadline"], before["deadline"], "{during}");
            assert!(during["paused_seconds_left"].is_null(), "{during}");
        }
        let back = app.delete("/api/v1/me/vacation", Some(away)).await;
        assert_eq!(back.status, StatusCode::OK, "{:?}", back.body);
    }
}

/// The standings are kept by the process between changes: each change (an entry, a round
/// closing) is seen at once; a window of the lines is sent, refused when out of range.
#[tokio::test]
async fn standings_follow_every_change_and_come_in_windows() {
    let app = TestApp::spawn().await;
    let organiser = app.player("organiser").await;
    let view = create(&app, &organiser, json!({"rounds": 1})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/tournaments/{id}/standings");
    assert_eq!(standings(&app, &id).await["total"], 0);
    let mut tokens = Vec::new();
    for (n, name) in ["ana", "ben", "cid"].into_iter().enumerate() {
        let token = app.player(name).await;
        assert_eq!(act(&app, &id, "join", &token).await.status, StatusCode::OK);
        // Read (and kept) after each entry: the next entry shows at once.
        let table = standings(&app, &id).await;
        assert_eq!(table["total"], n + 1);
        assert_eq!(table["lines"].as_array().unwrap().len(), n + 1);
        tokens.push((name, token));
    }
    assert_eq!(
        act(&app, &id, "leave", &tokens[2].1).await.status,
        StatusCode::OK
    );
    assert_eq!(standings(&app, &id).await["total"], 2);

    // Windows of the lines.
    let window = app.get(&format!("{path}?offset=1&limit=1"), None).await;
    assert_eq!(window.status, StatusCode::OK, "{:?}", window.body);
    assert_eq!(window.body["total"], 2);
    assert_eq!(window.body["offset"], 1);
    assert_eq!(window.body["lines"].as_array().unwrap().len(), 1);
    let past = app.get(&format!("{path}?offset=5"), None).await;
    assert_eq!(past.body["lines"].as_array().unwrap().len(), 0);
    for bad in ["limit=0", "limit=1001", "offset=-1", "limit=many", "page=2"] {
        let refused = app.get(&format!("{path}?{bad}"), None).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert_eq!(
            refused.headers["content-type"], "application/problem+json",
            "{bad}"
        );
    }
    assert_eq!(
        app.get(
            "/api/v1/tournaments/00000000-0000-0000-0000-000000000000/standings",
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    // The round is played: the standings read before it ends are not served after.
    app.clock_hand.advance(time::Duration::minutes(2));
    wait_for(&app, &id, "the start", |v| v["status"] == "running").await;
    let before = standings(&app, &id).await;
    assert!(
        before["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["points"] == 0.0)
    );
    let match_id = rounds(&app, &id).await[0]["tables"][0]["match_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let resigned = app
        .post(
            &format!("/api/v1/matches/{match_id}/resign"),
            Some(&tokens[1].1),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    wait_for(&app, &id, "the end", |v| v["status"] == "finished").await;
    let after = standings(&app, &id).await;
    assert_eq!(after["lines"][0]["username"], "ana");
    assert_eq!(after["lines"][0]["points"], 1.0);
    assert_eq!(after["lines"][1]["points"], 0.0);
}

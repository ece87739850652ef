//! Computer players: their accounts, inviting them, and the worker that plays their turns
//! (through the API only, the bots' moves arriving by themselves).

use std::time::{Duration, Instant};

use diesel::sql_types::{BigInt, Nullable, SmallInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_server::WorkerSettings;
use tapis_tests::{NO_BOTS, Rng, TEST_BOTS, TestApp};

const LEVELS: [&str; 3] = ["tapis-easy", "tapis-medium", "tapis-strong"];

/// The player's view of match `id` once it is their turn or the match is over. A bot turn
/// that does not come within 60 s fails the test: a guard against a hang, not a measure of
/// speed (a loaded machine may take seconds; the bots' speed is measured by their benchmarks).
async fn wait_for_person(app: &TestApp, base: &str, id: &str, token: &str) -> Value {
    let mut waiting_since = Instant::now();
    let mut last_version = -1;
    loop {
        let reply = app
            .client
            .get(format!("{base}/api/v1/matches/{id}"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::OK);
        let view: Value = reply.json().await.unwrap();
        if view["status"] != "active" || !view["legal_actions"].as_array().unwrap().is_empty() {
            return view;
        }
        let version = view["version"].as_i64().unwrap();
        if version != last_version {
            last_version = version;
            waiting_since = Instant::now();
        }
        assert!(
            waiting_since.elapsed() < Duration::from_secs(60),
            "no bot moved within 60 s at version {version}: {view}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// What a server's bot worker does at its start (test apps skip it): the strong bots' solved
/// tables (Yams, 5000) are ready before their first turn, which must then come like any
/// other. Until then a strong decision waits for them, holding one of the worker's places.
async fn warm_up() {
    tokio::task::spawn_blocking(tapis_bots::warm_up)
        .await
        .unwrap();
}

/// Posts one of the legal actions of `view` (the person's), chosen at random.
async fn play_one_at_random(app: &TestApp, id: &str, token: &str, view: &Value, rng: &mut Rng) {
    let actions = view["legal_actions"].as_array().unwrap();
    let action = actions[rng.below(actions.len())].clone();
    let reply = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(token),
            json!({"version": view["version"], "action": action}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{action}: {:?}", reply.body);
}

/// Plays the person's turns at random until the match ends; the bots play theirs.
async fn play_against_bots(app: &TestApp, id: &str, token: &str, rng: &mut Rng) -> Value {
    for _ in 0..5_000 {
        let view = wait_for_person(app, &app.base, id, token).await;
        if view["status"] != "active" {
            return view;
        }
        play_one_at_random(app, id, token, &view, rng).await;
    }
    panic!("match {id} did not end");
}

/// The seats of the turn log's entries, with their kind and the match's version at the end.
async fn turn_log(app: &TestApp, id: &str) -> Vec<Value> {
    let reply = app.get(&format!("/api/v1/matches/{id}/turns"), None).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body.as_array().unwrap().clone()
}

/// Creates a Linja match of the person holding `token` against `bot`; returns its id.
async fn linja_against(app: &TestApp, token: &str, bot: &str) -> String {
    let created = app
        .post(
            "/api/v1/matches",
            Some(token),
            json!({"game": "linja", "seats": 2, "invite": [bot]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    created.body["id"].as_str().unwrap().to_owned()
}

#[derive(diesel::QueryableByName)]
struct Marked {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    bot_to_act: bool,
}

/// Whether match `id` is marked as one where a bot is to act (what the bot worker's search
/// reads).
async fn marked_for_a_bot(app: &TestApp, id: &str) -> bool {
    let mut conn = app.db.connect().await;
    let marked: Marked = diesel::sql_query("SELECT bot_to_act FROM matches WHERE id = $1::uuid")
        .bind::<Text, _>(id)
        .get_result(&mut conn)
        .await
        .unwrap();
    marked.bot_to_act
}

/// Checks a finished match's turn log: numbered without gaps, every action by the seat whose
/// turn it was (the export verifies offline, replaying every step through the rules).
async fn assert_log_is_sound(app: &TestApp, id: &str) {
    let turns = turn_log(app, id).await;
    for (i, turn) in turns.iter().enumerate() {
        assert_eq!(turn["seq"].as_u64().unwrap(), i as u64, "{turn}");
    }
    let export = app.get(&format!("/api/v1/matches/{id}/export"), None).await;
    assert_eq!(export.status, StatusCode::OK);
    let export: tapis_service::matches::MatchExport = serde_json::from_value(export.body).unwrap();
    tapis_service::verify::verify_export(&export).unwrap();
}

#[tokio::test]
async fn the_bots_are_listed_and_cannot_sign_in() {
    let app = TestApp::spawn().await;
    let reply = app.get("/api/v1/bots", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    let bots = reply.body.as_array().unwrap();
    let names: Vec<&str> = bots
        .iter()
        .map(|b| b["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, LEVELS);
    let levels: Vec<&str> = bots.iter().map(|b| b["level"].as_str().unwrap()).collect();
    assert_eq!(levels, ["easy", "medium", "strong"]);
    let games = app.get("/api/v1/games", None).await.body;
    for bot in bots {
        assert!(!bot["description"].as_str().unwrap().is_empty());
        assert_eq!(
            bot["games"].as_array().unwrap().len(),
            games.as_array().unwrap().len()
        );
    }
    for name in LEVELS {
        for password in ["", "!bot: no password", "correct horse"] {
            let reply = app
                .post(
                    "/api/v1/sessions",
                    None,
                    json!({"username": name, "password": password}),
                )
                .await;
            assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{:?}", reply.body);
            assert_eq!(reply.code(), "invalid_credentials");
        }
        let taken = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name.to_uppercase(), "password": "correct horse"}),
            )
            .await;
        assert_eq!(taken.code(), "username_taken");
        // A bot has a profile and a rating per game like anyone.
        let profile = app.get(&format!("/api/v1/users/{name}"), None).await;
        assert_eq!(profile.status, StatusCode::OK, "{:?}", profile.body);
    }
}

/// Plays `game` against each level in turn.
async fn play_game_against_each_level(app: &TestApp, token: &str, game: &Value, seed: u64) {
    let id = game["id"].as_str().unwrap();
    let seats = game["min_players"].as_u64().unwrap().max(2);
    let mut rng = Rng(seed);
    for bot in LEVELS {
        let invite: Vec<&str> = vec![bot; seats as usize - 1];
        let created = app
            .post(
                "/api/v1/matches",
                Some(token),
                json!({"game": id, "seats": seats, "invite": invite, "rated": seats == 2}),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        // The bot accepted at once: the match has started.
        assert_eq!(created.body["status"], "active", "{:?}", created.body);
        let bot_seats: Vec<&Value> = created.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["username"] == bot)
            .collect();
        assert_eq!(bot_seats.len(), seats as usize - 1);
        assert!(bot_seats.iter().all(|s| s["bot"] == true));
        let match_id = created.body["id"].as_str().unwrap();
        let end = play_against_bots(app, match_id, token, &mut rng).await;
        assert_eq!(end["status"], "finished", "{id} against {bot}: {end}");
        let turns = turn_log(app, match_id).await;
        let your_seat = end["your_seat"].as_u64().unwrap();
        assert!(
            turns
                .iter()
                .any(|t| t["kind"] == "action" && t["seat"].as_u64() != Some(your_seat)),
            "{bot} never moved in {id}"
        );
        assert_log_is_sound(app, match_id).await;
    }
}

#[tokio::test]
async fn a_match_of_every_game_against_each_level_is_played_to_the_end() {
    let app = TestApp::spawn().await;
    warm_up().await;
    let token = app.player("alice").await;
    let games = app.get("/api/v1/games", None).await.body;
    // The games side by side: the bots play several matches at once.
    futures_util::future::join_all(
        games
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, game)| play_game_against_each_level(&app, &token, game, i as u64)),
    )
    .await;
    // The rated matches against bots count: the bots have ratings like anyone.
    for bot in LEVELS {
        let ratings = app.get(&format!("/api/v1/users/{bot}/ratings"), None).await;
        assert_eq!(ratings.status, StatusCode::OK, "{:?}", ratings.body);
        let linja = ratings
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["game"] == "linja")
            .unwrap();
        assert_eq!(linja["games"], 1, "{linja}");
    }
    // Once past their provisional matches, they are on the leaderboards, marked as bots.
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE ratings SET games = 100")
        .execute(&mut conn)
        .await
        .unwrap();
    let board = app.get("/api/v1/leaderboards/linja", None).await;
    assert_eq!(board.status, StatusCode::OK, "{:?}", board.body);
    let places = board.body.as_array().unwrap();
    assert_eq!(places.len(), 4, "{places:?}");
    for place in places {
        assert_eq!(place["bot"], place["username"] != "alice", "{place}");
    }
}

#[tokio::test]
async fn two_bots_and_a_person_play_a_three_player_match() {
    let app = TestApp::spawn().await;
    let token = app.player("alice").await;
    let mut rng = Rng(3);
    for (invite, rated) in [
        (json!(["tapis-easy", "tapis-strong"]), true),
        (json!(["tapis-medium", "tapis-medium"]), false),
    ] {
        let created = app
            .post(
                "/api/v1/matches",
                Some(&token),
                json!({"game": "cant-stop", "seats": 3, "invite": invite, "rated": rated}),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        assert_eq!(created.body["status"], "active");
        let id = created.body["id"].as_str().unwrap();
        let end = play_against_bots(&app, id, &token, &mut rng).await;
        assert_eq!(end["status"], "finished");
        let seats: Vec<usize> = turn_log(&app, id)
            .await
            .iter()
            .filter(|t| t["kind"] == "action")
            .filter_map(|t| t["seat"].as_u64().map(|s| s as usize))
            .collect();
        for seat in 0..3 {
            assert!(seats.contains(&seat), "seat {seat} never acted");
        }
        assert_log_is_sound(&app, id).await;
    }
    // The same bot sits only once at a rated match.
    let twice = app
        .post(
            "/api/v1/matches",
            Some(&token),
            json!({"game": "cant-stop", "seats": 3, "invite": ["tapis-easy", "tapis-easy"], "rated": true}),
        )
        .await;
    assert_eq!(
        twice.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        twice.body
    );
    assert_eq!(twice.body["field"], "invite", "{:?}", twice.body);
}

#[tokio::test]
async fn a_bot_with_a_person_still_to_come_waits_and_never_joins_seeks() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let created = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "cant-stop", "seats": 3, "invite": ["tapis-easy", "bob"]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    assert_eq!(created.body["status"], "open");
    assert_eq!(created.body["seats"].as_array().unwrap().len(), 2);
    let id = created.body["id"].as_str().unwrap();
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(joined.body["status"], "active", "{:?}", joined.body);
    // An open seek stays open: no bot takes it.
    let seek = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "yams", "seats": 2}),
        )
        .await;
    let seek_id = seek.body["id"].as_str().unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let still = app.get(&format!("/api/v1/matches/{seek_id}"), None).await;
    assert_eq!(still.body["status"], "open");
    assert_eq!(still.body["seats"].as_array().unwrap().len(), 1);
}

/// The person's first turns until a bot is to act; returns the match's view then.
async fn until_a_bot_is_to_act(app: &TestApp, id: &str, token: &str, rng: &mut Rng) -> Value {
    for _ in 0..100 {
        let view = app
            .get(&format!("/api/v1/matches/{id}"), Some(token))
            .await
            .body;
        if view["legal_actions"].as_array().unwrap().is_empty() {
            return view;
        }
        play_one_at_random(app, id, token, &view, rng).await;
    }
    panic!("the bot never came to act");
}

#[tokio::test]
async fn a_bot_turn_pending_when_the_server_stops_is_played_after_it_starts_again() {
    // A server whose bot worker does not run stands for one that stopped: the bot's turn is
    // in the database only.
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let token = app.player("alice").await;
    let id = linja_against(&app, &token, "tapis-strong").await;
    let pending = until_a_bot_is_to_act(&app, &id, &token, &mut Rng(5)).await;
    let version = pending["version"].as_i64().unwrap();
    assert!(
        marked_for_a_bot(&app, &id).await,
        "marked while the bot is to act"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let still = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(
        still["version"].as_i64().unwrap(),
        version,
        "nobody plays bots"
    );

    let restarted = app.start_another(TEST_BOTS).await;
    let view = wait_for_person(&app, &restarted, &id, &token).await;
    assert!(view["version"].as_i64().unwrap() > version);
    assert!(
        !marked_for_a_bot(&app, &id).await,
        "not marked on the person's turn"
    );
    let turns = turn_log(&app, &id).await;
    let bot_seat = pending["to_act"][0].as_u64().unwrap();
    assert!(
        turns
            .iter()
            .any(|t| t["kind"] == "action" && t["seat"].as_u64() == Some(bot_seat)),
        "the pending turn was not played: {turns:?}"
    );
}

#[derive(diesel::QueryableByName, Debug)]
struct Claim {
    #[diesel(sql_type = BigInt)]
    version: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    bot_claim_version: Option<i64>,
    #[diesel(sql_type = Nullable<SmallInt>)]
    to_act_seat: Option<i16>,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    bot_to_act: bool,
}

/// A bot answers a person's move as soon as its worker is told of it (the event hub hears of
/// every match's change through `LISTEN`), not at the worker's next look: here that look is an
/// hour away, and every bot turn must still come (within the minute of [`wait_for_person`]'s
/// guard). The mark the worker's search
/// reads follows the turn: it is off on every turn of the person's and at the end.
#[tokio::test]
async fn a_bot_answers_a_move_when_told_of_it_not_at_its_next_look() {
    let app = TestApp::spawn_with_bots(WorkerSettings {
        interval: Duration::from_secs(3600),
        ..TEST_BOTS
    })
    .await;
    let token = app.player("alice").await;
    let id = linja_against(&app, &token, "tapis-easy").await;
    let mut rng = Rng(12);
    let mut person_turns = 0;
    let end = loop {
        let view = wait_for_person(&app, &app.base, &id, &token).await;
        assert!(
            !marked_for_a_bot(&app, &id).await,
            "marked on the person's turn: {view}"
        );
        if view["status"] != "active" {
            break view;
        }
        play_one_at_random(&app, &id, &token, &view, &mut rng).await;
        person_turns += 1;
        assert!(person_turns < 5_000, "match {id} did not end");
    };
    assert_eq!(end["status"], "finished");
    assert!(
        person_turns > 3,
        "the bot answered several moves ({person_turns})"
    );
}

#[tokio::test]
async fn two_servers_share_the_bot_turns_and_never_play_one_twice() {
    let app = TestApp::spawn().await;
    let other = app.start_another(TEST_BOTS).await;
    warm_up().await;
    let token = app.player("alice").await;
    // Four bots at each table: most turns are bots' turns, several in a row, and both servers
    // look for them all the time.
    let mut ids = Vec::new();
    for game in ["cant-stop", "5000", "yams", "421"] {
        let created = app
            .post(
                "/api/v1/matches",
                Some(&token),
                json!({"game": game, "seats": 4, "rated": false,
                       "invite": ["tapis-easy", "tapis-strong", "tapis-strong"]}),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        ids.push(created.body["id"].as_str().unwrap().to_owned());
    }
    let mut rng = Rng(8);
    for id in &ids {
        // The person plays through both servers in turn.
        let _ = wait_for_person(&app, &other, id, &token).await;
        let end = play_against_bots(&app, id, &token, &mut rng).await;
        assert_eq!(end["status"], "finished");
        // Every turn-log row was a legal step from the one before (the export replays them):
        // a bot decision played twice would have been a step from a state that had passed.
        assert_log_is_sound(&app, id).await;
    }
    // No claim is left on a finished match's last version that would block anything.
    let mut conn = app.db.connect().await;
    let claims: Vec<Claim> = diesel::sql_query(
        "SELECT version, bot_claim_version, to_act_seat, status, bot_to_act FROM matches",
    )
    .load(&mut conn)
    .await
    .unwrap();
    for claim in claims {
        assert_eq!(claim.status, "finished", "{claim:?}");
        assert!(
            claim.to_act_seat.is_none(),
            "a finished match has a seat to act: {claim:?}"
        );
        assert!(
            !claim.bot_to_act,
            "a finished match stays marked: {claim:?}"
        );
        assert!(
            claim.bot_claim_version.is_none_or(|v| v < claim.version),
            "a claim on a finished match's last version: {claim:?}"
        );
    }
}

#[tokio::test]
async fn play_the_computer_from_the_lobby_and_a_rules_page() {
    let app = TestApp::spawn().await;
    let browser = tapis_tests::Browser::new(&app);
    browser.sign_up("alice").await;
    let lobby = browser.get("/lobby").await;
    lobby.assert_contains("Play the computer");
    lobby.assert_contains("action=\"/play-computer\"");
    let rules = browser.get("/rules/cant-stop").await;
    rules.assert_contains("action=\"/play-computer\"");
    rules.assert_contains("<input type=\"hidden\" name=\"game\" value=\"cant-stop\">");
    rules.assert_contains("name=\"opponents\"");

    // One click: the match is created with the bot seated, started, and opened.
    let created = browser
        .post(
            "/play-computer",
            &[
                ("game", "linja"),
                ("level", "strong"),
                ("opponents", "1"),
                ("rated", "true"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let location = created.header("location").to_owned();
    let id = location.strip_prefix("/matches/").unwrap().to_owned();
    let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(view["status"], "active");
    assert_eq!(view["rated"], true);
    assert!(
        view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["username"] == "tapis-strong")
    );
    let page = browser.get(&location).await;
    page.assert_contains("data-testid=\"computer-mark\"");

    // Three computer opponents at a casual table.
    let casual = browser
        .post(
            "/play-computer",
            &[("game", "cant-stop"), ("level", "easy"), ("opponents", "3")],
        )
        .await;
    assert_eq!(casual.status, StatusCode::SEE_OTHER, "{}", casual.text);
    let id = casual
        .header("location")
        .strip_prefix("/matches/")
        .unwrap()
        .to_owned();
    let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(view["seats"].as_array().unwrap().len(), 4);
    assert_eq!(view["rated"], false);
    // Each computer seat has a name of its own on the page.
    let page = browser.get(&format!("/matches/{id}")).await;
    page.assert_contains("tapis-easy #2");
    page.assert_contains("tapis-easy #3");

    // Several computer opponents asked for rated: the match is casual, not refused.
    let asked_rated = browser
        .post(
            "/play-computer",
            &[
                ("game", "cant-stop"),
                ("level", "easy"),
                ("opponents", "2"),
                ("rated", "true"),
            ],
        )
        .await;
    assert_eq!(
        asked_rated.status,
        StatusCode::SEE_OTHER,
        "{}",
        asked_rated.text
    );
    let id = asked_rated
        .header("location")
        .strip_prefix("/matches/")
        .unwrap()
        .to_owned();
    let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(view["rated"], false);

    // Refused forms say why, inline, and create nothing.
    for (fields, message) in [
        (
            vec![("game", "linja"), ("level", "easy"), ("opponents", "2")],
            "played by 2",
        ),
        (
            vec![("game", "linja"), ("level", "genius"), ("opponents", "1")],
            "easy, medium or strong",
        ),
    ] {
        let refused = browser.post("/play-computer", &fields).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            refused.text
        );
        refused.assert_contains("data-testid=\"computer-error\"");
        refused.assert_contains(message);
    }
    let mine = app.get("/api/v1/matches?player=alice", None).await.body;
    assert_eq!(mine["items"].as_array().unwrap().len(), 3, "{mine}");
}

#[tokio::test]
async fn the_match_page_shows_a_computer_thinking() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let token = app.player("alice").await;
    let browser = tapis_tests::Browser::new(&app);
    browser.sign_up("bob").await;
    let id = linja_against(&app, &token, "tapis-easy").await;
    until_a_bot_is_to_act(&app, &id, &token, &mut Rng(1)).await;
    let page = browser.get(&format!("/matches/{id}")).await;
    page.assert_contains("data-testid=\"bot-thinking\"");
    page.assert_contains("tapis-easy (computer) is thinking…");
    // It follows the match's stream, and would poll every second should the stream fail.
    // The page's one stream, which carries this match's moves among the player's events.
    page.assert_contains(&format!(
        "data-stream=\"/stream\" data-stream-match=\"{id}\""
    ));
    page.assert_contains("data-poll-ms=\"1000\"");
}

/// Whether a seat, or a place on a leaderboard, is a computer player's is the account's
/// (`users.is_bot`), never guessed from the name: here a bot is renamed and a person takes
/// its old name.
#[tokio::test]
async fn a_computer_player_is_known_by_its_account_not_by_its_name() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE users SET username = 'robot-ada' WHERE username = 'tapis-easy'")
        .execute(&mut conn)
        .await
        .unwrap();
    let person = app.player("tapis-easy").await;
    let id = linja_against(&app, &person, "robot-ada").await;
    let bots_of = |view: &Value| -> Vec<(String, bool)> {
        let mut seats: Vec<(String, bool)> = view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let name = s["username"].as_str().unwrap().to_owned();
                (name, s["bot"].as_bool().unwrap())
            })
            .collect();
        seats.sort();
        seats
    };
    let expected = vec![
        ("robot-ada".to_owned(), true),
        ("tapis-easy".to_owned(), false),
    ];
    let view = app.get(&format!("/api/v1/matches/{id}"), None).await;
    assert_eq!(view.status, StatusCode::OK, "{:?}", view.body);
    assert_eq!(bots_of(&view.body), expected);
    let listed = app.get("/api/v1/matches?player=robot-ada", None).await.body;
    assert_eq!(bots_of(&listed["items"][0]), expected);

    // Both established at Linja, so both on its leaderboard.
    diesel::sql_query(
        "INSERT INTO ratings (user_id, game, rating, games) \
         SELECT id, 'linja', 1500000000, 10 FROM users \
         WHERE username IN ('robot-ada', 'tapis-easy')",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let board = app.get("/api/v1/leaderboards/linja", None).await.body;
    let mut places: Vec<(String, bool)> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let name = e["username"].as_str().unwrap().to_owned();
            (name, e["bot"].as_bool().unwrap())
        })
        .collect();
    places.sort();
    assert_eq!(places, expected);
}

/// Creates a casual match of `game` for the person holding `token` against `bots` (bot names);
/// returns its id.
async fn against(app: &TestApp, token: &str, game: &str, bots: &[&str]) -> String {
    let created = app
        .post(
            "/api/v1/matches",
            Some(token),
            json!({"game": game, "seats": bots.len() + 1, "invite": bots, "rated": false}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    created.body["id"].as_str().unwrap().to_owned()
}

#[derive(diesel::QueryableByName)]
struct Counted {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// How many moves the computer players made in the matches `creator` created, before `before`
/// (a timestamp, as text) if given.
async fn bot_moves_for(app: &TestApp, creator: &str, before: Option<&str>) -> i64 {
    let mut conn = app.db.connect().await;
    let counted: Counted = diesel::sql_query(
        "SELECT count(*) AS n FROM turns t \
         JOIN matches m ON m.id = t.match_id \
         JOIN users c ON c.id = m.creator_id \
         JOIN users b ON b.id = m.seat_user_ids[t.seat + 1] \
         WHERE c.username = $1 AND t.kind = 'action' AND b.is_bot \
           AND ($2::timestamptz IS NULL OR t.at < $2::timestamptz)",
    )
    .bind::<Text, _>(creator)
    .bind::<Nullable<Text>, _>(before)
    .get_result(&mut conn)
    .await
    .unwrap();
    counted.n
}

/// When a computer player first moved in match `id`, as text.
async fn first_bot_move(app: &TestApp, id: &str) -> Option<String> {
    #[derive(diesel::QueryableByName)]
    struct At {
        #[diesel(sql_type = Nullable<Text>)]
        at: Option<String>,
    }
    let mut conn = app.db.connect().await;
    let found: At = diesel::sql_query(
        "SELECT min(t.at)::text AS at FROM turns t \
         JOIN matches m ON m.id = t.match_id \
         JOIN users b ON b.id = m.seat_user_ids[t.seat + 1] \
         WHERE m.id = $1::uuid AND t.kind = 'action' AND b.is_bot",
    )
    .bind::<Text, _>(id)
    .get_result(&mut conn)
    .await
    .unwrap();
    found.at
}

/// One account flooding the computer players with matches gets one turn in its turn: a
/// newcomer's bot is served next, not after every turn waiting in the flood (round-robin by
/// account, where it was the oldest turn first).
#[tokio::test]
async fn the_computer_players_serve_each_account_in_turn() {
    // Nobody plays the bots while the queue is set up: the server stands for one that stopped.
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let mallory = app.player("mallory").await;
    let ursula = app.player("ursula").await;
    let mut rng = Rng(17);
    let bots = ["tapis-easy"; 7];
    let mut flood = Vec::new();
    for _ in 0..10 {
        let id = against(&app, &mallory, "yams", &bots).await;
        until_a_bot_is_to_act(&app, &id, &mallory, &mut rng).await;
        flood.push(id);
    }
    let hers = against(&app, &ursula, "cant-stop", &["tapis-easy"]).await;
    until_a_bot_is_to_act(&app, &hers, &ursula, &mut rng).await;
    assert_eq!(bot_moves_for(&app, "mallory", None).await, 0);

    // One worker, one decision at a time: the order of its claims is the order of service.
    app.start_another(WorkerSettings {
        concurrency: 1,
        ..TEST_BOTS
    })
    .await;
    let answered = loop {
        if let Some(at) = first_bot_move(&app, &hers).await {
            break at;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    // Both accounts had never been served: the older turn (Mallory's) went first, then
    // Ursula's, while ten of Mallory's matches had a bot turn waiting.
    let before = bot_moves_for(&app, "mallory", Some(&answered)).await;
    assert!(
        before <= 1,
        "{before} moves of the flood were played before the newcomer's bot answered"
    );
}

/// When the last person leaves a match, the computer players do not play on among themselves:
/// they leave too, and the match ends at once.
#[tokio::test]
async fn a_match_left_to_computers_alone_ends_at_once() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let mallory = app.player("mallory").await;
    let id = against(&app, &mallory, "yams", &["tapis-easy"; 7]).await;
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&mallory),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    assert_eq!(resigned.body["status"], "finished", "{:?}", resigned.body);
    assert!(!marked_for_a_bot(&app, &id).await);
    // Mallory, then six of the computers, left; the seventh stood alone.
    let turns = turn_log(&app, &id).await;
    let left: Vec<&Value> = turns.iter().filter(|t| t["kind"] == "resign").collect();
    assert_eq!(left.len(), 7, "{turns:?}");
    assert_log_is_sound(&app, &id).await;

    // A match with another person in it goes on without the one who left.
    let bob = app.player("bob").await;
    let created = app
        .post(
            "/api/v1/matches",
            Some(&mallory),
            json!({"game": "yams", "seats": 3, "invite": ["tapis-easy", "bob"], "rated": false}),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&mallory),
            json!({}),
        )
        .await;
    assert_eq!(resigned.body["status"], "active", "{:?}", resigned.body);
}

/// An account may have ten matches against the computer open or in play; the eleventh is
/// refused until one ends.
#[tokio::test]
async fn matches_against_the_computer_are_capped_per_account() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let mallory = app.player("mallory").await;
    let mut ids = Vec::new();
    for _ in 0..10 {
        ids.push(against(&app, &mallory, "linja", &["tapis-strong"]).await);
    }
    let refused = app
        .post(
            "/api/v1/matches",
            Some(&mallory),
            json!({"game": "cant-stop", "seats": 3, "invite": ["tapis-easy", "tapis-medium"]}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
    assert_eq!(refused.body["code"], "too_many_bot_matches");
    assert!(
        refused.body["detail"]
            .as_str()
            .unwrap()
            .contains("at most 10"),
        "{:?}",
        refused.body
    );
    // Matches between people are not counted, nor limited by it.
    let people = app
        .post(
            "/api/v1/matches",
            Some(&mallory),
            json!({"game": "linja", "seats": 2}),
        )
        .await;
    assert_eq!(people.status, StatusCode::CREATED, "{:?}", people.body);
    // Another account has its own ten.
    let ursula = app.player("ursula").await;
    against(&app, &ursula, "linja", &["tapis-easy"]).await;
    // One ends: room for another.
    let resigned = app
        .post(
            &format!("/api/v1/matches/{}/resign", ids[0]),
            Some(&mallory),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    against(&app, &mallory, "linja", &["tapis-easy"]).await;
}

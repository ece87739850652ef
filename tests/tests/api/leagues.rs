//! Leagues through the real server: a whole season of twelve in two divisions played to its
//! end, with promotion, relegation, an opt-out and a newcomer seen in the next season's
//! divisions; the adjudication at a season's deadline; two workers racing to start a season;
//! bots refused; bad requests answered with problem+json, changing nothing.

use std::collections::HashMap;
use std::sync::Arc;

use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::TestApp;

const GAME: &str = "linja";

async fn opt_in(app: &TestApp, token: &str) -> Value {
    let reply = app
        .put(
            &format!("/api/v1/leagues/{GAME}/membership"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

async fn league(app: &TestApp) -> Value {
    let reply = app.get(&format!("/api/v1/leagues/{GAME}"), None).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

async fn division(app: &TestApp, id: &str) -> Value {
    let reply = app
        .get(&format!("/api/v1/leagues/{GAME}/divisions/{id}"), None)
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

/// Signs up `names` and opts each in; their tokens by name.
async fn members(app: &TestApp, names: &[String]) -> HashMap<String, String> {
    let mut tokens = HashMap::new();
    for name in names {
        let token = app.player(name).await;
        opt_in(app, &token).await;
        tokens.insert(name.clone(), token);
    }
    tokens
}

/// The data of every event of `kind` told to `username` (numbered or not), oldest first.
async fn told(app: &TestApp, username: &str, kind: &str) -> Vec<Value> {
    #[derive(diesel::QueryableByName)]
    struct Data {
        #[diesel(sql_type = diesel::sql_types::Jsonb)]
        data: Value,
    }
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "SELECT e.data FROM user_events e JOIN users u ON u.id = e.user_id \
         WHERE u.username = $1 AND e.kind = $2 ORDER BY e.id",
    )
    .bind::<diesel::sql_types::Text, _>(username)
    .bind::<diesel::sql_types::Text, _>(kind)
    .load::<Data>(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .map(|d| d.data)
    .collect()
}

async fn advance(app: &TestApp) -> usize {
    tapis_service::leagues::advance_due(&app.services, 10)
        .await
        .unwrap()
}

/// The usernames of a division's players, in the order listed.
fn names(division: &Value) -> Vec<String> {
    division["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap().to_owned())
        .collect()
}

/// Plays the fixtures `which` of a division (by their place in its list): of the two players,
/// the one seeded higher wins (the other resigns).
async fn play_division(
    app: &TestApp,
    division_id: &str,
    tokens: &HashMap<String, String>,
    which: std::ops::Range<usize>,
) {
    let view = division(app, division_id).await;
    let seeded = names(&view);
    let fixtures = view["fixtures"].as_array().unwrap();
    for fixture in &fixtures[which] {
        let players: Vec<&str> = fixture["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let seed = |name: &str| seeded.iter().position(|s| s == name).unwrap();
        let loser = if seed(players[0]) < seed(players[1]) {
            players[1]
        } else {
            players[0]
        };
        let match_id = fixture["match_id"].as_str().unwrap();
        let resigned = app
            .post(
                &format!("/api/v1/matches/{match_id}/resign"),
                Some(&tokens[loser]),
                json!({}),
            )
            .await;
        assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    }
}

#[tokio::test]
async fn a_season_is_played_to_its_end_with_promotion_relegation_and_the_next_divisions() {
    // The app's own worker looks once at start: the test runs the worker's passes itself.
    let app = TestApp::spawn_without_clock_loop().await;
    let listed = app.get("/api/v1/leagues", None).await;
    assert_eq!(listed.status, StatusCode::OK);
    let listed = listed.body.as_array().unwrap().clone();
    assert_eq!(listed.len(), 8, "one league per game");
    assert!(listed.iter().all(|l| l["season"]["status"] == "upcoming"));
    let three = listed.iter().find(|l| l["game"] == "yams").unwrap();
    assert_eq!(three["table_size"], 4);

    let names12: Vec<String> = (1..=12).map(|i| format!("p{i:02}")).collect();
    let mut tokens = members(&app, &names12).await;
    // Ratings decide the first season: p01 is the best rated, p12 the lowest.
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "INSERT INTO ratings (user_id, game, rating, games) \
         SELECT id, $1, (2000 - substr(username, 2)::int * 10) * 1000000::bigint, 1 FROM users \
         WHERE username LIKE 'p%'",
    )
    .bind::<diesel::sql_types::Text, _>(GAME)
    .execute(&mut conn)
    .await
    .unwrap();
    // Not yet due: the first season starts a week after the release.
    assert_eq!(advance(&app).await, 0);
    app.clock_hand.advance(time::Duration::days(8));
    assert_eq!(advance(&app).await, 1, "the first season starts");
    assert_eq!(advance(&app).await, 0, "and only once");

    let view = league(&app).await;
    assert_eq!(view["current"]["status"], "running");
    assert_eq!(view["current"]["number"], 1);
    let divisions = view["current"]["divisions"].as_array().unwrap().clone();
    assert_eq!(divisions.len(), 2);
    let top = names(&divisions[0]);
    let lower = names(&divisions[1]);
    assert_eq!(top.len(), 6);
    assert_eq!(lower.len(), 6);
    assert!(
        divisions
            .iter()
            .flat_map(|d| d["players"].as_array().unwrap())
            .all(|p| p["arrival"] == "joined")
    );
    let top_id = divisions[0]["id"].as_str().unwrap().to_owned();
    let lower_id = divisions[1]["id"].as_str().unwrap().to_owned();
    // Each player is told the season started, with their division.
    for (level, players) in [(1, &top), (2, &lower)] {
        for name in players.iter() {
            let started = told(&app, name, "season_started").await;
            assert_eq!(started.len(), 1, "{name}");
            assert_eq!(started[0]["league"], GAME);
            assert_eq!(started[0]["season"], 1);
            assert_eq!(started[0]["level"], level, "{name}");
            assert_eq!(started[0]["levels"], 2);
            assert_eq!(started[0]["players"], 6);
            assert_eq!(started[0]["matches"], 10);
            assert_eq!(started[0]["arrival"], "joined");
        }
    }
    assert_eq!(
        told(&app, &top[0], "season_started").await[0]["division_id"],
        json!(top_id)
    );
    // Every pair meets once each way, all matches at once.
    let top_view = division(&app, &top_id).await;
    assert_eq!(top_view["fixtures"].as_array().unwrap().len(), 30);
    assert_eq!(top_view["levels"], 2);
    assert!(
        top_view["fixtures"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["status"] == "active")
    );

    // A player's fixtures, and the match to play next.
    let mine = app
        .get(
            &format!("/api/v1/leagues/{GAME}/fixtures"),
            Some(&tokens[&top[0]]),
        )
        .await;
    assert_eq!(mine.status, StatusCode::OK, "{:?}", mine.body);
    assert_eq!(mine.body["fixtures"].as_array().unwrap().len(), 10);
    assert_eq!(mine.body["division_id"], top_id.as_str());
    assert!(mine.body["next_match"].is_string());

    // During the season: the lowest player of the lower division opts out (they finish this
    // season), and a newcomer opts in (for the next).
    let leaver = lower[5].clone();
    let out = app
        .delete(
            &format!("/api/v1/leagues/{GAME}/membership"),
            Some(&tokens[&leaver]),
        )
        .await;
    assert_eq!(out.status, StatusCode::OK, "{:?}", out.body);
    assert_eq!(out.body["opted_in"], false);
    assert_eq!(
        out.body["playing_season"], 1,
        "the running season is not left"
    );
    let newcomer = "newcomer".to_owned();
    tokens.extend(members(&app, std::slice::from_ref(&newcomer)).await);

    // Every match is played: the higher seed wins. One match left: the season goes on.
    play_division(&app, &top_id, &tokens, 0..30).await;
    play_division(&app, &lower_id, &tokens, 1..30).await;
    assert_eq!(advance(&app).await, 0, "a match is still in play");
    play_division(&app, &lower_id, &tokens, 0..1).await;
    let played = division(&app, &top_id).await;
    let first = &played["standings"]["lines"][0];
    assert_eq!(first["username"], top[0].as_str());
    assert_eq!(first["played"], 10);
    assert_eq!(first["won"], 10);
    assert_eq!(first["points"], 10.0);
    assert_eq!(played["standings"]["tie_breaks"][0], "buchholz");

    assert_eq!(advance(&app).await, 1, "the season ends");
    let view = league(&app).await;
    assert_eq!(view["previous"]["number"], 1);
    assert_eq!(view["previous"]["status"], "finished");
    assert_eq!(view["current"]["number"], 2);
    assert_eq!(view["current"]["status"], "upcoming");
    let ended = time::OffsetDateTime::parse(
        view["previous"]["ended_at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    let next = time::OffsetDateTime::parse(
        view["current"]["starts_at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    assert_eq!(next - ended, time::Duration::days(7), "a week later");
    let finished = view["previous"]["divisions"].as_array().unwrap().clone();
    let moves = |d: &Value| -> Vec<(String, i64, String)> {
        d["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["username"].as_str().unwrap().to_owned(),
                    p["final_place"].as_i64().unwrap(),
                    p["movement"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let top_moves = moves(&finished[0]);
    let lower_moves = moves(&finished[1]);
    for (i, (name, place, movement)) in top_moves.iter().enumerate() {
        assert_eq!(name, &top[i], "final order follows the results");
        assert_eq!(*place, i as i64 + 1);
        assert_eq!(movement, if i >= 3 { "down" } else { "stay" });
    }
    for (i, (name, _, movement)) in lower_moves.iter().enumerate() {
        assert_eq!(name, &lower[i]);
        assert_eq!(movement, if i < 2 { "up" } else { "stay" });
    }
    // The moves earned are told: the top 2 below go up, the bottom 3 above go down; the
    // others hear nothing of it.
    for (i, name) in lower.iter().enumerate() {
        let up = told(&app, name, "promoted").await;
        assert_eq!(up.len(), usize::from(i < 2), "{name}");
        if i < 2 {
            assert_eq!(up[0]["from_level"], 2);
            assert_eq!(up[0]["to_level"], 1);
            assert_eq!(up[0]["place"], i + 1);
        }
        assert!(told(&app, name, "relegated").await.is_empty(), "{name}");
    }
    for (i, name) in top.iter().enumerate() {
        let down = told(&app, name, "relegated").await;
        assert_eq!(down.len(), usize::from(i >= 3), "{name}");
        if i >= 3 {
            assert_eq!(down[0]["from_level"], 1);
            assert_eq!(down[0]["to_level"], 2);
            assert_eq!(down[0]["place"], i + 1);
        }
        assert!(told(&app, name, "promoted").await.is_empty(), "{name}");
    }
    let history = app
        .get(&format!("/api/v1/leagues/{GAME}/seasons"), None)
        .await;
    assert_eq!(history.status, StatusCode::OK);
    assert_eq!(history.body.as_array().unwrap().len(), 1);

    // The next season, a week later.
    app.clock_hand.advance(time::Duration::days(8));
    assert_eq!(advance(&app).await, 1, "the second season starts");
    let view = league(&app).await;
    assert_eq!(view["current"]["number"], 2);
    assert_eq!(view["current"]["status"], "running");
    let divisions = view["current"]["divisions"].as_array().unwrap().clone();
    assert_eq!(divisions.len(), 2);
    let arrivals = |d: &Value| -> HashMap<String, String> {
        d["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["username"].as_str().unwrap().to_owned(),
                    p["arrival"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let new_top = arrivals(&divisions[0]);
    let new_lower = arrivals(&divisions[1]);
    // Top 2 up, bottom 3 down.
    for name in &lower[..2] {
        assert_eq!(new_top.get(name).map(String::as_str), Some("promoted"));
    }
    for name in &top[3..] {
        assert_eq!(new_lower.get(name).map(String::as_str), Some("relegated"));
    }
    for name in &top[..3] {
        assert_eq!(new_top.get(name).map(String::as_str), Some("stayed"));
    }
    // The top division loses one player a season (2 up, 3 down): sizes are evened out by the
    // best who stayed below, going up too.
    assert_eq!(new_top.get(&lower[2]).map(String::as_str), Some("promoted"));
    // The newcomer joins the lowest division; the player who opted out is gone.
    assert_eq!(new_lower.get(&newcomer).map(String::as_str), Some("joined"));
    assert!(!new_top.contains_key(&leaver) && !new_lower.contains_key(&leaver));
    assert_eq!(new_top.len() + new_lower.len(), 12);
    assert_eq!(new_top.len(), 6);
    // The leaver has no fixtures; the newcomer has theirs.
    let none = app
        .get(
            &format!("/api/v1/leagues/{GAME}/fixtures"),
            Some(&tokens[&leaver]),
        )
        .await;
    assert_eq!(none.status, StatusCode::OK);
    assert!(none.body["fixtures"].as_array().unwrap().is_empty());
    assert!(none.body["next_match"].is_null());
    let theirs = app
        .get(
            &format!("/api/v1/leagues/{GAME}/fixtures"),
            Some(&tokens[&newcomer]),
        )
        .await;
    assert_eq!(theirs.body["fixtures"].as_array().unwrap().len(), 10);
    assert_eq!(theirs.body["level"], 2);
    // The second season is told too; the player moved up to even the sizes learns it there.
    let second = told(&app, &lower[2], "season_started").await;
    assert_eq!(second.len(), 2);
    assert_eq!(second[1]["season"], 2);
    assert_eq!(second[1]["level"], 1);
    assert_eq!(second[1]["arrival"], "promoted");
    assert_eq!(told(&app, &leaver, "season_started").await.len(), 1);
}

/// A season's start reaches a player's app (a real HTTP receiver) and mailbox (a real SMTP
/// server), with the link to their division.
#[tokio::test]
async fn a_season_start_is_told_by_webhook_and_by_mail() {
    let sink = tapis_tests::SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let receiver = tapis_tests::receiver::Receiver::start().await;
    let names6: Vec<String> = (1..=6).map(|i| format!("mia{i}")).collect();
    let tokens = members(&app, &names6).await;
    let ana = &tokens["mia1"];
    let hook = crate::webhooks::create(
        &app,
        ana,
        &receiver.url("/mia1"),
        &["season_started", "promoted", "relegated"],
    )
    .await;
    let secret = hook["secret"].as_str().unwrap().to_owned();
    crate::mail::verified(&app, &sink, ana, "mia1@example.com").await;
    let settings = app.get("/api/v1/me/notifications", Some(ana)).await;
    let events = settings.body["events"].as_array().unwrap().clone();
    for kind in ["season_started", "promoted", "relegated"] {
        assert!(events.contains(&json!(kind)), "{events:?}");
    }

    // A week on, the app's own worker starts the season.
    app.clock_hand.advance(time::Duration::days(8));
    let calls = receiver.wait_for("/mia1", 1).await;
    let call = &calls[0];
    assert_eq!(call.header("tapis-event"), "season_started");
    assert!(crate::webhooks::signed_by(
        &secret,
        call.header("tapis-signature"),
        &call.body
    ));
    let body = call.json();
    assert_eq!(body["league"], GAME);
    assert_eq!(body["season"], 1);
    assert_eq!(body["level"], 1);
    assert_eq!(body["players"], 6);
    assert!(body.get("match_id").is_none(), "{body}");
    let division_id = body["division_id"].as_str().unwrap().to_owned();

    let mails = sink
        .wait_for("mia1@example.com", 1, |m| {
            tapis_tests::is_notification(m) && m.subject.contains("league")
        })
        .await;
    let mail = &mails[0];
    assert_eq!(mail.subject, "Season 1 of the Linja league has started");
    assert!(
        mail.text.contains("division 1 of 1, with 6 players"),
        "{}",
        mail.text
    );
    assert_eq!(
        mail.link("/leagues/"),
        Some(format!("/leagues/{GAME}/divisions/{division_id}"))
    );
    assert!(mail.unsubscribe_url().contains("/unsubscribe/"));
}

#[tokio::test]
async fn matches_in_play_at_the_seasons_deadline_are_adjudicated() {
    let app = TestApp::spawn_without_clock_loop().await;
    let names6: Vec<String> = (1..=6).map(|i| format!("q{i:02}")).collect();
    let tokens = members(&app, &names6).await;
    app.clock_hand.advance(time::Duration::days(8));
    assert_eq!(advance(&app).await, 1);
    let view = league(&app).await;
    let divisions = view["current"]["divisions"].as_array().unwrap().clone();
    assert_eq!(divisions.len(), 1);
    let id = divisions[0]["id"].as_str().unwrap().to_owned();
    let first = division(&app, &id).await["fixtures"][0].clone();
    let match_id = first["match_id"].as_str().unwrap().to_owned();
    // A league's match cannot be aborted: resign instead.
    let any = &tokens[first["players"][0].as_str().unwrap()];
    let aborted = app
        .post(
            &format!("/api/v1/matches/{match_id}/abort"),
            Some(any),
            json!({}),
        )
        .await;
    assert_eq!(aborted.code(), "abort_not_allowed");
    play_division(&app, &id, &tokens, 1..30).await;
    assert_eq!(advance(&app).await, 0);
    // The deadline passes with the first match in play.
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE league_seasons SET deadline = now() - interval '1 minute' WHERE status = 'running'",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    assert_eq!(advance(&app).await, 1);
    let ended = division(&app, &id).await;
    assert_eq!(ended["season"]["status"], "finished");
    let fixture = ended["fixtures"][0].clone();
    assert_eq!(fixture["adjudicated"], true);
    // No move was made: an even position, a draw.
    assert_eq!(fixture["places"], json!([1, 1]), "{fixture}");
    assert_eq!(fixture["points"], json!([0.5, 0.5]));
    assert_eq!(fixture["status"], "aborted");
    // A single division: everyone stays.
    let players = ended["players"].as_array().unwrap();
    assert!(players.iter().all(|p| p["movement"] == "stay"));
    let places: Vec<i64> = players
        .iter()
        .map(|p| p["final_place"].as_i64().unwrap())
        .collect();
    assert_eq!(places, vec![1, 2, 3, 4, 5, 6]);
    assert!(
        league(&app).await["adjudication"]
            .as_str()
            .unwrap()
            .contains("season's deadline")
    );
}

#[tokio::test]
async fn a_league_with_too_few_members_waits_and_two_workers_start_it_once() {
    let app = TestApp::spawn_without_clock_loop().await;
    let names6: Vec<String> = (1..=6).map(|i| format!("r{i:02}")).collect();
    members(&app, &names6[..5]).await;
    app.clock_hand.advance(time::Duration::days(8));
    assert_eq!(advance(&app).await, 0, "five members: the season waits");
    assert_eq!(league(&app).await["current"]["status"], "upcoming");
    members(&app, &names6[5..]).await;
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
                tapis_service::leagues::advance_due(&services, 10)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut advanced = 0;
    for racer in racers {
        advanced += racer.await.unwrap();
    }
    assert_eq!(advanced, 1, "the season starts once");
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
    assert_eq!(made.n, 30, "six players: every pair twice, made once");
    let divisions: Count = diesel::sql_query("SELECT count(*) AS n FROM league_divisions")
        .get_result(&mut conn)
        .await
        .unwrap();
    assert_eq!(divisions.n, 1);
    assert_eq!(advance(&app).await, 0, "nothing more is due");
}

#[tokio::test]
async fn bots_are_refused_and_bad_requests_change_nothing() {
    let app = TestApp::spawn_without_clock_loop().await;
    let ana = app.player("ana").await;
    let robo = app.player("robo").await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE users SET is_bot = true WHERE username = 'robo'")
        .execute(&mut conn)
        .await
        .unwrap();
    let refused = app
        .put(
            &format!("/api/v1/leagues/{GAME}/membership"),
            Some(&robo),
            json!({}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "bots_not_allowed");
    // The database refuses a bot's membership too, and a member turned into a bot.
    let direct = diesel::sql_query(
        "INSERT INTO league_members (game, user_id, is_bot, opted_in, changed_at) \
         SELECT 'linja', id, true, true, now() FROM users WHERE username = 'robo'",
    )
    .execute(&mut conn)
    .await;
    assert!(direct.is_err());
    opt_in(&app, &ana).await;
    let turned = diesel::sql_query("UPDATE users SET is_bot = true WHERE username = 'ana'")
        .execute(&mut conn)
        .await;
    assert!(turned.is_err(), "a league member cannot become a bot");

    // Unknown game, unknown or malformed division, no token: problem+json.
    for (path, status) in [
        ("/api/v1/leagues/chess".to_owned(), StatusCode::NOT_FOUND),
        (
            "/api/v1/leagues/chess/seasons".to_owned(),
            StatusCode::NOT_FOUND,
        ),
        (
            format!("/api/v1/leagues/{GAME}/divisions/{}", uuid::Uuid::new_v4()),
            StatusCode::NOT_FOUND,
        ),
        (
            format!("/api/v1/leagues/{GAME}/divisions/not-an-id"),
            StatusCode::NOT_FOUND,
        ),
    ] {
        let reply = app.get(&path, None).await;
        assert_eq!(reply.status, status, "{path}");
        assert_eq!(
            reply.headers["content-type"].to_str().unwrap(),
            "application/problem+json",
            "{path}"
        );
    }
    let anonymous = app
        .put(
            &format!("/api/v1/leagues/{GAME}/membership"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let unknown = app
        .put("/api/v1/leagues/chess/membership", Some(&ana), json!({}))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.code(), "not_found");
    let fixtures = app
        .get(&format!("/api/v1/leagues/{GAME}/fixtures"), None)
        .await;
    assert_eq!(fixtures.status, StatusCode::UNAUTHORIZED);

    // Nothing changed: one member (ana), none elsewhere; opting in twice is harmless.
    let again = opt_in(&app, &ana).await;
    assert_eq!(again["opted_in"], true);
    assert!(again["next_season"].is_object());
    let leagues = app.get("/api/v1/leagues", None).await.body;
    let members: Vec<i64> = leagues
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["members"].as_i64().unwrap())
        .collect();
    assert_eq!(members.iter().sum::<i64>(), 1);
    let mine = app
        .get(&format!("/api/v1/leagues/{GAME}/membership"), Some(&ana))
        .await;
    assert_eq!(mine.status, StatusCode::OK);
    assert_eq!(mine.body["opted_in"], true);
}

#[tokio::test]
async fn every_game_has_its_league_and_a_larger_game_seats_tables_of_up_to_four() {
    let app = TestApp::spawn_without_clock_loop().await;
    let listed = app.get("/api/v1/leagues", None).await.body;
    let listed = listed.as_array().unwrap();
    for (league, game) in listed.iter().zip(tapis_games::GameId::ALL) {
        assert_eq!(league["game"], game.as_str());
        let seats = if game.max_seats() > 2 {
            game.max_seats().min(4)
        } else {
            2
        };
        assert_eq!(league["table_size"], seats, "{}", game.as_str());
        // The season lasts one game's length: 3 days per move × the expected moves.
        let view = app
            .get(&format!("/api/v1/leagues/{}", game.as_str()), None)
            .await
            .body;
        assert!(view["season_days"].as_u64().unwrap() >= 3 * 20);
    }

    // Seven players of Yams: tables of two to four, every player at the same number of tables.
    let names7: Vec<String> = (1..=7).map(|i| format!("y{i:02}")).collect();
    for name in &names7 {
        let token = app.player(name).await;
        let reply = app
            .put("/api/v1/leagues/yams/membership", Some(&token), json!({}))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    }
    app.clock_hand.advance(time::Duration::days(8));
    assert_eq!(advance(&app).await, 1);
    let view = app.get("/api/v1/leagues/yams", None).await.body;
    let id = view["current"]["divisions"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let division = app
        .get(&format!("/api/v1/leagues/yams/divisions/{id}"), None)
        .await
        .body;
    assert_eq!(division["standings"]["tie_breaks"][0], "opponents_score");
    let fixtures = division["fixtures"].as_array().unwrap();
    assert!(!fixtures.is_empty());
    let mut tables: HashMap<String, usize> = HashMap::new();
    for fixture in fixtures {
        let players = fixture["players"].as_array().unwrap();
        assert!((2..=4).contains(&players.len()), "{fixture}");
        assert_eq!(fixture["status"], "active");
        for p in players {
            *tables.entry(p.as_str().unwrap().to_owned()).or_default() += 1;
        }
    }
    assert_eq!(tables.len(), 7);
    let counts: std::collections::HashSet<usize> = tables.values().copied().collect();
    assert_eq!(counts.len(), 1, "everyone plays every round: {tables:?}");
}

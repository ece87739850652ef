//! The pages of leagues: the list in both languages with the opt in / opt out buttons (CSRF
//! refused without the token, nothing changed), a league's page with a running season (its
//! divisions, the viewer's own matches and next match), a division's table and matches, the
//! home page's "your next league match", the past seasons once a season is over, and 404 for an
//! unknown game or division.

use std::collections::HashMap;

use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, TestApp};

const GAME: &str = "linja";

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

async fn opted_in(app: &TestApp, token: &str) -> bool {
    let reply = app
        .get(&format!("/api/v1/leagues/{GAME}/membership"), Some(token))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body["opted_in"].as_bool().unwrap()
}

async fn league(app: &TestApp) -> Value {
    let reply = app.get(&format!("/api/v1/leagues/{GAME}"), None).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

async fn advance(app: &TestApp) -> usize {
    tapis_service::leagues::advance_due(&app.services, 10)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_list_in_both_languages_and_opting_in_and_out_with_the_token() {
    let app = TestApp::spawn_without_clock_loop().await;
    let visitor = Browser::new(&app);
    let page = visitor.get("/leagues").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.assert_contains("<h1 class=\"page-title\">Leagues</h1>");
    assert_eq!(page.text.matches("data-testid=\"league\"").count(), 8);
    page.assert_contains("href=\"/leagues/linja\"");
    page.assert_contains("Season 1 has not started");
    page.assert_contains("Sign in to take part");
    page.assert_contains("href=\"/leagues\" aria-current=\"page\"");
    assert!(!page.text.contains("/opt-in\""));
    let fr = Browser::speaking(&app, "fr");
    let page = fr.get("/leagues").await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("<h1 class=\"page-title\">Ligues</h1>");
    page.assert_contains("La saison 1 n’a pas commencé\u{202f}:");
    page.assert_contains("Connectez-vous pour participer");

    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    let token = app.sign_in("alice").await;
    let page = alice.get("/leagues").await;
    page.assert_contains(&format!("action=\"/leagues/{GAME}/opt-in\""));

    // Without the token: refused, nothing changed.
    let forged = alice
        .post_raw(&format!("/leagues/{GAME}/opt-in"), &[("from", "list")])
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(!opted_in(&app, &token).await);

    // From the list: back to the list, in.
    let joined = alice
        .post(&format!("/leagues/{GAME}/opt-in"), &[("from", "list")])
        .await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.text);
    assert_eq!(joined.header("location"), "/leagues");
    assert!(opted_in(&app, &token).await);
    let page = alice.get("/leagues").await;
    page.assert_contains(&format!("action=\"/leagues/{GAME}/opt-out\""));
    assert_eq!(page.text.matches("data-testid=\"league-in\"").count(), 1);
    page.assert_contains("1 player opted in");
    let page = alice.get(&format!("/leagues/{GAME}")).await;
    page.assert_contains("You are opted in");
    page.assert_contains("data-testid=\"league-opt-out\"");

    // From the league's page: back to it, out; without the token, nothing changed.
    let forged = alice
        .post_raw(&format!("/leagues/{GAME}/opt-out"), &[])
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(opted_in(&app, &token).await);
    let left = alice.post(&format!("/leagues/{GAME}/opt-out"), &[]).await;
    assert_eq!(left.status, StatusCode::SEE_OTHER, "{}", left.text);
    assert_eq!(left.header("location"), format!("/leagues/{GAME}"));
    assert!(!opted_in(&app, &token).await);
    let page = alice.get(&format!("/leagues/{GAME}")).await;
    page.assert_contains("You are not opted in.");
    page.assert_contains("data-testid=\"league-opt-in\"");
    let fr_page = fr.get(&format!("/leagues/{GAME}")).await;
    fr_page.assert_contains("Ligue de Linja");
    fr_page.assert_contains("À l’échéance de la saison");

    // Unknown games and divisions, and actions.
    assert_eq!(
        alice.post("/leagues/nope/opt-in", &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        alice
            .post(&format!("/leagues/{GAME}/dance"), &[])
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        visitor.get("/leagues/nope").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        visitor.get("/leagues/nope/seasons").await.status,
        StatusCode::NOT_FOUND
    );
    let unknown = uuid::Uuid::new_v4();
    assert_eq!(
        visitor
            .get(&format!("/leagues/{GAME}/divisions/{unknown}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // A refusal (a computer player's account): shown beside the button with its status, on the
    // page the button was on; nothing changed.
    let robot = Browser::new(&app);
    robot.sign_up("robot").await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE users SET is_bot = true WHERE username = 'robot'")
        .execute(&mut conn)
        .await
        .unwrap();
    let refused = robot
        .post(&format!("/leagues/{GAME}/opt-in"), &[("from", "list")])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    refused.assert_contains("data-testid=\"league-refused\"");
    refused.assert_contains("role=\"alert\"");
    refused.assert_contains("Computer players never sit in leagues.");
    assert_eq!(
        refused
            .text
            .matches("data-testid=\"league-refused\"")
            .count(),
        1
    );
    let refused = robot.post(&format!("/leagues/{GAME}/opt-in"), &[]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    refused.assert_contains("<h1 class=\"page-title\">Linja league</h1>");
    refused.assert_contains("Computer players never sit in leagues.");
    let members: Vec<Count> = diesel::sql_query(
        "SELECT count(*) AS n FROM league_members m JOIN users u ON u.id = m.user_id \
         WHERE u.username = 'robot'",
    )
    .load(&mut conn)
    .await
    .unwrap();
    assert_eq!(members[0].n, 0);

    // A visitor posting is sent to sign in; nothing changed.
    let anonymous = visitor.post(&format!("/leagues/{GAME}/opt-in"), &[]).await;
    assert_ne!(anonymous.status, StatusCode::OK);
    assert!(!opted_in(&app, &token).await);
}

#[tokio::test]
async fn a_running_season_on_the_league_division_and_home_pages_then_its_end() {
    let app = TestApp::spawn_without_clock_loop().await;
    let names: Vec<String> = (1..=6).map(|i| format!("p{i:02}")).collect();
    let mut browsers = HashMap::new();
    for name in &names {
        let browser = Browser::new(&app);
        browser.sign_up(name).await;
        let joined = browser.post(&format!("/leagues/{GAME}/opt-in"), &[]).await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.text);
        browsers.insert(name.clone(), browser);
    }
    app.clock_hand.advance(time::Duration::days(8));
    assert_eq!(advance(&app).await, 1, "the first season starts");

    let view = league(&app).await;
    let division_id = view["current"]["divisions"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let p1 = &browsers["p01"];
    let page = p1.get(&format!("/leagues/{GAME}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.assert_contains("Season 1 is running.");
    page.assert_contains("data-status=\"league-season-running\"");
    assert_eq!(
        page.text.matches("data-testid=\"division-player\"").count(),
        6
    );
    page.assert_contains(&format!("href=\"/leagues/{GAME}/divisions/{division_id}\""));
    page.assert_contains("Division 1 of 1");
    page.assert_contains("You play in season 1");
    // The viewer's own matches: five opponents, each met twice.
    page.assert_contains("data-testid=\"league-mine\"");
    page.assert_contains("data-testid=\"league-next-match\"");
    assert_eq!(page.text.matches("data-testid=\"fixture\"").count(), 10);
    page.assert_contains("role=\"region\" aria-label=\"Table of your matches\"");
    page.assert_contains("No season has finished yet.");
    page.assert_contains("the first 2 of each division go up");
    page.assert_contains("season’s deadline is ended");

    // The division: its table and its thirty matches, each linked.
    let division = app
        .get(
            &format!("/api/v1/leagues/{GAME}/divisions/{division_id}"),
            None,
        )
        .await
        .body;
    let fixtures = division["fixtures"].as_array().unwrap().clone();
    let path = format!("/leagues/{GAME}/divisions/{division_id}");
    let page = p1.get(&path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.assert_contains("Linja league, season 1: division 1 of 1");
    assert_eq!(page.text.matches("data-testid=\"standing\"").count(), 6);
    assert_eq!(page.text.matches("data-testid=\"fixture\"").count(), 30);
    for f in &fixtures {
        page.assert_contains(&format!(
            "href=\"/matches/{}\"",
            f["match_id"].as_str().unwrap()
        ));
    }
    page.assert_contains("role=\"region\" aria-label=\"Table of the division\"");
    page.assert_contains("In play: ");
    let fr = Browser::speaking(&app, "fr");
    let fr_page = fr.get(&path).await;
    fr_page.assert_contains("Ligue de Linja, saison 1\u{202f}: division 1 sur 1");
    fr_page.assert_contains("aria-label=\"Tableau de la division\"");

    // The home page of the player to act in the first match: it is there.
    let first = &fixtures[0];
    let match_id = first["match_id"].as_str().unwrap().to_owned();
    let to_act = first["to_act"].as_str().unwrap().to_owned();
    let home = browsers[&to_act].get("/").await;
    home.assert_contains("Your next league match");
    home.assert_contains(&format!("href=\"/matches/{match_id}\""));
    home.assert_contains("Linja league · season 1 · division 1");
    home.assert_contains(&format!("href=\"{path}\""));
    // A player who never opted in has no such panel.
    let outsider = Browser::new(&app);
    outsider.sign_up("outsider").await;
    assert!(
        !outsider
            .get("/")
            .await
            .text
            .contains("data-testid=\"league-next\"")
    );

    // The first match ends (the player to act resigns): the table counts it.
    let players: Vec<String> = first["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    let winner = players.iter().find(|p| **p != to_act).unwrap().clone();
    let token = app.sign_in(&to_act).await;
    let resigned = app
        .post(
            &format!("/api/v1/matches/{match_id}/resign"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    let page = p1.get(&path).await;
    page.assert_contains("1st, 1 pt");
    assert_eq!(page.text.matches("data-testid=\"played\">1<").count(), 2);
    assert_eq!(page.text.matches("data-testid=\"won\">1<").count(), 1);

    // The deadline passes: the season ends (the rest adjudicated), its table is final, and the
    // past seasons list it.
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE league_seasons SET deadline = now() - interval '1 minute' WHERE status = 'running'",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    assert_eq!(advance(&app).await, 1);
    let page = p1.get(&path).await;
    page.assert_contains("Season 1 is over.");
    page.assert_contains("Adjudicated at the deadline");
    assert_eq!(page.text.matches("data-movement=\"stay\"").count(), 6);
    let page = p1.get(&format!("/leagues/{GAME}")).await;
    page.assert_contains("data-testid=\"league-previous\"");
    assert!(!page.text.contains("No season has finished yet."));
    assert!(!page.text.contains("data-testid=\"league-mine\""));
    page.assert_contains("Season 2 has not started");
    let page = p1.get(&format!("/leagues/{GAME}/seasons")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert_eq!(
        page.text.matches("data-testid=\"league-season\"").count(),
        1
    );
    assert_eq!(
        page.text.matches("data-testid=\"division-player\"").count(),
        6
    );
    page.assert_contains("Stays");
    let fr_page = fr.get(&format!("/leagues/{GAME}/seasons")).await;
    fr_page.assert_contains("Ligue de Linja\u{202f}: les saisons passées");
    fr_page.assert_contains("Reste");
    let home = browsers[&winner].get("/").await;
    assert!(!home.text.contains("data-testid=\"league-next\""));
}

//! What the analyses add up to: a player's statistics per game, the dice of a player and of
//! the site checked against the turn logs, and the pages that show them (the analysis on the
//! replay page, the link on the result screen, the profile's panels, `/dice`).

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_service::analysis::{self, AnalysisSettings};
use tapis_tests::{Browser, Rng, TestApp};

/// A two-player match of `game` between `names`, new players, played to its end by random
/// legal moves (seeded with `seed`); its id.
async fn finished(app: &TestApp, game: &str, names: [&str; 2], seed: u64) -> String {
    let first = app.player(names[0]).await;
    let second = app.player(names[1]).await;
    finished_between(app, game, [(names[0], &first), (names[1], &second)], seed).await
}

/// A two-player match of `game` between `players` (name and token), played to its end by
/// random legal moves (seeded with `seed`); its id.
async fn finished_between(
    app: &TestApp,
    game: &str,
    players: [(&str, &String); 2],
    seed: u64,
) -> String {
    let [(one, first), (two, second)] = players;
    let view = app.started_match(game, &[first, second], json!({})).await;
    let players = vec![
        (one.to_owned(), first.clone()),
        (two.to_owned(), second.clone()),
    ];
    let seats = app.tokens_by_seat(&view, &players);
    let id = view["id"].as_str().unwrap().to_owned();
    let (done, _) = app.play_out(&id, &seats, &mut Rng(seed)).await;
    assert_eq!(done["status"], "finished");
    id
}

/// The match's export: its seats and turn log.
async fn export(app: &TestApp, id: &str) -> Value {
    let reply = app.get(&format!("/api/v1/matches/{id}/export"), None).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

/// Adds each face of `values` to `faces`.
fn count(faces: &mut [i64; 6], values: &Value) {
    for v in values.as_array().unwrap() {
        faces[usize::try_from(v.as_u64().unwrap()).unwrap() - 1] += 1;
    }
}

/// Every face of the match's chance events, and each seat's own from the Yams throws of its
/// turn log (`dice_thrown`: the dice just thrown by `seat`).
fn faces_of(export: &Value) -> ([i64; 6], Vec<[i64; 6]>) {
    let mut all = [0; 6];
    let mut by_seat = vec![[0; 6]; export["seats"].as_array().unwrap().len()];
    for turn in export["turns"].as_array().unwrap() {
        for chance in turn["chance"].as_array().unwrap() {
            count(&mut all, &chance["values"]);
        }
        for event in turn["events"].as_array().unwrap() {
            if event["type"] == "dice_thrown" {
                let seat = usize::try_from(event["seat"].as_u64().unwrap()).unwrap();
                count(&mut by_seat[seat], &event["thrown"]);
            }
        }
    }
    (all, by_seat)
}

/// The username at each seat of an export.
fn names(export: &Value) -> Vec<String> {
    let mut seats: Vec<(u64, String)> = export["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_u64().unwrap(),
                s["username"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    seats.sort();
    seats.into_iter().map(|(_, name)| name).collect()
}

fn faces_in(reply: &Value) -> [i64; 6] {
    let faces: Vec<i64> = reply["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect();
    faces.try_into().unwrap()
}

#[tokio::test]
async fn a_players_statistics_and_the_sites_dice_add_up_the_turn_logs() {
    let app = TestApp::spawn().await;
    let alice_token = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let first = finished_between(&app, "yams", [("alice", &alice_token), ("bob", &bob)], 3).await;
    let second = finished_between(
        &app,
        "yams",
        [("alice", &alice_token), ("carol", &carol)],
        4,
    )
    .await;
    let other = finished(&app, "421", ["dave", "erin"], 5).await;
    // Nothing is counted before the analyses are made.
    let before = app.get("/api/v1/stats/dice", None).await;
    assert_eq!(before.status, StatusCode::OK, "{:?}", before.body);
    assert_eq!(before.body["dice"]["total"], 0);
    assert_eq!(before.body["dice"]["consistent_with_fair_dice"], true);
    let made = analysis::drain(&app.services, AnalysisSettings::default())
        .await
        .unwrap();
    assert_eq!(made, 3);

    // Alice's Yams dice: every face she threw in both matches, from the turn logs.
    let mut alice = [0; 6];
    let mut site = [0; 6];
    for id in [&first, &second] {
        let export = export(&app, id).await;
        let (all, by_seat) = faces_of(&export);
        for (seat, name) in names(&export).iter().enumerate() {
            if name == "alice" {
                for (a, n) in alice.iter_mut().zip(by_seat[seat]) {
                    *a += n;
                }
            }
        }
        // At Yams every throw is a player's own.
        let owned: i64 = by_seat.iter().flatten().sum();
        assert_eq!(owned, all.iter().sum::<i64>());
        for (s, n) in site.iter_mut().zip(all) {
            *s += n;
        }
    }
    let (all_421, _) = faces_of(&export(&app, &other).await);
    for (s, n) in site.iter_mut().zip(all_421) {
        *s += n;
    }

    let stats = app.get("/api/v1/users/Alice/stats/yams", None).await;
    assert_eq!(stats.status, StatusCode::OK, "{:?}", stats.body);
    let stats = stats.body;
    assert_eq!(stats["username"], "alice");
    assert_eq!(stats["game"], "yams");
    assert_eq!(stats["unit"], "expected_score");
    assert_eq!(stats["matches"], 2);
    assert_eq!(faces_in(&stats["dice"]), alice);
    assert_eq!(stats["dice"]["total"], alice.iter().sum::<i64>());
    assert!(stats["dice"]["p_value"].as_f64().unwrap() > 0.0);
    // Random play loses points: a cost per decision, over both matches, oldest first.
    assert!(
        stats["cost_per_decision"].as_f64().unwrap() > 0.0,
        "{stats}"
    );
    assert!(stats["decisions"].as_i64().unwrap() > 0);
    assert!(stats["throws"].as_i64().unwrap() > 0);
    let history = stats["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0]["match_id"], first.as_str());
    assert_eq!(history[1]["match_id"], second.as_str());

    // A game she never played: nothing counted, not an error.
    let none = app.get("/api/v1/users/alice/stats/5000", None).await;
    assert_eq!(none.status, StatusCode::OK);
    assert_eq!(none.body["matches"], 0);
    assert_eq!(none.body["dice"]["total"], 0);
    assert_eq!(none.body["unit"], Value::Null);
    for (path, what) in [
        ("/api/v1/users/nobody/stats/yams", "user"),
        ("/api/v1/users/alice/stats/chess", "game"),
    ] {
        let missing = app.get(path, None).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{what}");
        assert_eq!(missing.code(), "not_found");
    }

    // The site's dice: every face of the three matches, 421's tie-breaks included.
    let dice = app.get("/api/v1/stats/dice", None).await.body;
    assert_eq!(dice["matches"], 3);
    assert_eq!(faces_in(&dice["dice"]), site);
    let games = dice["games"].as_array().unwrap();
    let of = |game: &str| {
        games
            .iter()
            .find(|g| g["game"] == game)
            .unwrap_or_else(|| panic!("{game} in {dice}"))
    };
    assert_eq!(of("yams")["matches"], 2);
    assert_eq!(of("421")["matches"], 1);
    assert_eq!(faces_in(&of("421")["dice"]), all_421);
    assert_eq!(of("5000")["dice"]["total"], 0);
    // Only the games that throw dice are listed.
    assert!(
        games
            .iter()
            .all(|g| g["game"] != "make-five" && g["game"] != "linja")
    );
}

#[tokio::test]
async fn the_replay_page_shows_the_analysis_once_made_in_both_languages() {
    let app = TestApp::spawn().await;
    let id = finished(&app, "yams", ["alice", "bob"], 7).await;
    let browser = Browser::new(&app);
    // The result screen asks for the link: not yet, it says so and asks again.
    let pending = browser.get(&format!("/matches/{id}/analysis-link")).await;
    assert_eq!(pending.status, StatusCode::OK);
    assert!(
        pending.text.contains("analysis-link-pending"),
        "{}",
        pending.text
    );
    assert!(pending.text.contains("every 3s"));
    let page = browser.get(&format!("/matches/{id}/replay?step=3")).await;
    assert!(
        page.text.contains(r#"data-status="pending""#),
        "{}",
        page.text
    );
    assert!(page.text.contains("analysis-pending"));

    analysis::drain(&app.services, AnalysisSettings::default())
        .await
        .unwrap();
    let link = browser.get(&format!("/matches/{id}/analysis-link")).await;
    assert!(
        link.text
            .contains(&format!(r#"href="/matches/{id}/replay?step=0#analysis""#)),
        "{}",
        link.text
    );
    assert!(!link.text.contains("every 3s"));

    let page = browser.get(&format!("/matches/{id}/replay?step=3")).await;
    assert_eq!(page.status, StatusCode::OK);
    let text = &page.text;
    assert!(text.contains(r#"data-status="ready""#), "{text}");
    assert!(text.contains("expected final score"), "{text}");
    // Each player's summary in words, the chart's points linking to their steps, the
    // figures' table, the step's own note.
    assert!(text.contains("alice lost "), "{text}");
    assert!(text.contains("of expected score through their choices"));
    assert!(text.contains(&format!(r#"href="/matches/{id}/replay?step=5#analysis""#)));
    assert!(text.contains(r#"data-testid="analysis-chart""#));
    assert!(text.contains(r#"data-testid="analysis-summary""#));
    assert!(text.contains(r#"data-testid="analysis-step""#));
    assert!(!text.contains("⟦missing⟧"));

    let french = Browser::speaking(&app, "fr");
    let page = french.get(&format!("/matches/{id}/replay?step=3")).await;
    assert!(
        page.text.contains("de score espéré par ses choix"),
        "{}",
        page.text
    );
    assert!(page.text.contains("Bilan"));
    assert!(!page.text.contains("⟦missing⟧"));
}

#[tokio::test]
async fn the_profile_and_the_dice_page_show_the_statistics() {
    let app = TestApp::spawn().await;
    finished(&app, "yams", ["alice", "bob"], 9).await;
    let browser = Browser::new(&app);
    // Before any analysis: no panel on the profile.
    let page = browser.get("/players/alice").await;
    assert!(!page.text.contains(r#"data-testid="player-stats""#));
    analysis::drain(&app.services, AnalysisSettings::default())
        .await
        .unwrap();
    let page = browser.get("/players/alice").await;
    assert_eq!(page.status, StatusCode::OK);
    let text = &page.text;
    assert!(text.contains(r#"data-testid="stats-yams""#), "{text}");
    assert!(text.contains("1 match analysed"), "{text}");
    assert!(text.contains("Cost per decision: "));
    assert!(text.contains("alice&#39;s dice: "), "{text}");
    assert!(
        text.contains("faces, consistent with fair dice, p = ")
            || text.contains("unlikely with fair dice")
    );
    assert!(text.contains(r#"data-testid="stats-chart-yams""#));
    assert!(text.contains(r#"href="/dice""#));
    assert!(!text.contains("⟦missing⟧"));

    let dice = browser.get("/dice").await;
    assert_eq!(dice.status, StatusCode::OK);
    assert!(dice.text.contains("Every die on Tapis: "), "{}", dice.text);
    assert!(dice.text.contains(r#"data-testid="site-dice""#));
    assert!(dice.text.contains("How anyone can check a match"));
    let french = Browser::speaking(&app, "fr").get("/dice").await;
    assert!(
        french.text.contains("Tous les dés de Tapis"),
        "{}",
        french.text
    );
    assert!(!french.text.contains("⟦missing⟧"));
}

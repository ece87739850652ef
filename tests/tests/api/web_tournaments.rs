//! The pages of Swiss tournaments: the list, the create form (refusals inline, nothing
//! created), a tournament's page with its terms, standings and rounds, the join / leave /
//! withdraw / re-confirm / cancel buttons (CSRF refused without the token), and the home page's
//! "your next match in a tournament".

use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::Value;
use tapis_tests::{Browser, TestApp};
use time::format_description::well_known::Rfc3339;

/// The form's start time, `minutes` after the app's now (UTC, to the minute).
fn start_in(app: &TestApp, minutes: i64) -> String {
    let at = app.services.now() + time::Duration::minutes(minutes);
    at.format(&Rfc3339).unwrap()[..16].to_owned()
}

async fn tournaments(app: &TestApp) -> Vec<Value> {
    app.get("/api/v1/tournaments", None)
        .await
        .body
        .as_array()
        .unwrap()
        .clone()
}

fn form<'a>(name: &'a str, rounds: &'a str, starts_at: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("name", name),
        ("game", "linja"),
        ("table_size", "2"),
        ("opt.edition", "seed"),
        ("rounds", rounds),
        ("days_per_move", "3"),
        ("starts_at", starts_at),
        ("min_rating", ""),
        ("max_rating", ""),
        ("max_players", "8"),
        ("vacation_pauses", "false"),
        ("vacation_pauses", "true"),
    ]
}

/// Creates a tournament through the form (two rounds, starting in a minute); its id.
async fn created(app: &TestApp, organiser: &Browser) -> String {
    let start = start_in(app, 1);
    let page = organiser
        .post("/tournaments", &form("Winter Swiss", "2", &start))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    page.header("location")
        .strip_prefix("/tournaments/")
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn the_create_form_refuses_inline_and_creates_nothing_then_creates_and_lists() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    let list = alice.get("/tournaments").await;
    assert_eq!(list.status, StatusCode::OK);
    list.assert_contains("href=\"/tournaments/new\"");
    let new = alice.get("/tournaments/new?game=linja").await;
    assert_eq!(new.status, StatusCode::OK);
    new.assert_contains("name=\"opt.edition\"");
    new.assert_contains("type=\"datetime-local\"");
    // Choosing another game swaps in that game's form.
    let fragment = alice.hx_get("/tournaments/new?game=5000").await;
    assert!(fragment.text.starts_with("<form id=\"tournament-form\""));
    fragment.assert_contains("name=\"opt.target\"");

    let start = start_in(&app, 60);
    // Refusals of the service, inline, with what was typed; nothing created.
    let refused = alice
        .post("/tournaments", &form("Winter Swiss", "0", &start))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("aria-invalid=\"true\" aria-describedby=\"rounds-error\"");
    refused.assert_contains("The number of rounds must be from 1 to 30.");
    refused.assert_contains("value=\"Winter Swiss\"");
    let past = start_in(&app, -60);
    let refused = alice
        .post("/tournaments", &form("Winter Swiss", "3", &past))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("The start must not be in the past.");
    let refused = alice
        .post("/tournaments", &form("Winter Swiss", "3", "tomorrow"))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("The start must be a date and time.");
    let refused = alice.post("/tournaments", &form(" ", "3", &start)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("The name must be 1 to 80 characters.");
    // Without the CSRF token: refused, nothing created.
    let mut fields = form("Winter Swiss", "3", &start);
    fields.retain(|(k, _)| *k != "csrf");
    let forged = alice.post_raw("/tournaments", &fields).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(tournaments(&app).await.is_empty());

    // In French, the same refusal in French.
    let claire = Browser::speaking(&app, "fr");
    claire.sign_up("claire").await;
    let refused = claire
        .post("/tournaments", &form("Tournoi", "0", &start))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("Le nombre de rondes doit");
    assert!(tournaments(&app).await.is_empty());

    let created = alice
        .post("/tournaments", &form("Winter Swiss", "3", &start))
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let id = created
        .header("location")
        .strip_prefix("/tournaments/")
        .unwrap()
        .to_owned();
    let listed = tournaments(&app).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["max_players"], 8);

    // The page: its terms (the round's deadline, vacation, the adjudication rule), and a
    // button to join for another player; the organiser may cancel.
    let page = alice.get(&format!("/tournaments/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("Winter Swiss");
    page.assert_contains("96 days after its start");
    page.assert_contains("Tables</dt><dd>2 players");
    page.assert_contains("Vacation pauses matches</dt><dd>Yes");
    page.assert_contains("ten points or more");
    page.assert_contains(&format!("action=\"/tournaments/{id}/cancel\""));
    page.assert_contains(&format!("action=\"/tournaments/{id}/join\""));
    let french = claire.get(&format!("/tournaments/{id}")).await;
    french.assert_contains("Les vacances mettent les parties en pause</dt><dd>Oui");
    french.assert_contains("Inscriptions ouvertes\u{202f}:");
    assert!(!french.text.contains(&format!("/tournaments/{id}/cancel")));

    // The list: upcoming, and filtered by game.
    let list = claire.get("/tournaments").await;
    list.assert_contains(&format!("href=\"/tournaments/{id}\""));
    list.assert_contains("À venir");
    let other = claire.get("/tournaments?game=yams").await;
    assert!(!other.text.contains(&format!("/tournaments/{id}")));
    let visitor = Browser::new(&app);
    let seen = visitor.get(&format!("/tournaments/{id}")).await;
    assert_eq!(seen.status, StatusCode::OK);
    assert!(!seen.text.contains(&format!("/tournaments/{id}/join")));
    assert_eq!(
        visitor.get("/tournaments/new").await.status,
        StatusCode::SEE_OTHER
    );
}

/// Waits until the tournament's status is `status` (the worker acts on its own).
async fn wait_for_status(app: &TestApp, id: &str, status: &str) -> Value {
    for _ in 0..1200 {
        let view = app
            .get(&format!("/api/v1/tournaments/{id}"), None)
            .await
            .body;
        if view["status"] == status {
            return view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("tournament {id} never {status}");
}

#[tokio::test]
async fn joining_leaving_withdrawing_and_the_rounds_on_the_page_and_the_home_page() {
    let app = TestApp::spawn().await;
    let organiser = Browser::new(&app);
    organiser.sign_up("organiser").await;
    let id = created(&app, &organiser).await;
    let bob = Browser::new(&app);
    bob.sign_up("bob").await;
    let cyd = Browser::new(&app);
    cyd.sign_up("cyd").await;

    // Without the token: refused, nobody entered.
    let forged = bob.post_raw(&format!("/tournaments/{id}/join"), &[]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let page = bob.get(&format!("/tournaments/{id}")).await;
    assert_eq!(page.text.matches("data-testid=\"entrant\"").count(), 0);

    let joined = bob.post(&format!("/tournaments/{id}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER);
    assert_eq!(joined.header("location"), format!("/tournaments/{id}"));
    let page = bob.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("/players/bob");
    page.assert_contains(&format!("action=\"/tournaments/{id}/leave\""));
    assert!(!page.text.contains(&format!("/tournaments/{id}/join\"")));
    assert_eq!(
        bob.post(&format!("/tournaments/{id}/leave"), &[])
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let page = bob.get(&format!("/tournaments/{id}")).await;
    assert_eq!(page.text.matches("data-testid=\"entrant\"").count(), 0);
    // Withdrawing before the start is refused (leave instead): the page again, with why
    // beside the buttons, and nothing changed.
    let refused = bob.post(&format!("/tournaments/{id}/withdraw"), &[]).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    refused.assert_contains("data-testid=\"tournament-refused\"");
    refused.assert_contains("Winter Swiss");
    refused.assert_contains(&format!("action=\"/tournaments/{id}/join\""));
    assert_eq!(refused.text.matches("data-testid=\"entrant\"").count(), 0);
    for b in [&bob, &cyd] {
        let joined = b.post(&format!("/tournaments/{id}/join"), &[]).await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER);
    }

    // The start: round 1 paired, one match, linked from the page and the players' home pages.
    app.clock_hand.advance(time::Duration::minutes(2));
    wait_for_status(&app, &id, "running").await;
    let rounds = app
        .get(&format!("/api/v1/tournaments/{id}/rounds"), None)
        .await
        .body;
    let match_id = rounds[0]["tables"][0]["match_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let page = bob.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("Running: round 1 of 2.");
    page.assert_contains(&format!("href=\"/matches/{match_id}\""));
    page.assert_contains("In play");
    page.assert_contains(&format!("data-stream-tournament=\"{id}\""));
    page.assert_contains("role=\"region\" aria-label=\"Table of the standings\"");
    assert_eq!(page.text.matches("data-testid=\"standing\"").count(), 2);
    page.assert_contains(&format!("action=\"/tournaments/{id}/withdraw\""));
    let home = bob.get("/").await;
    home.assert_contains("Your next match in a tournament");
    home.assert_contains(&format!("href=\"/matches/{match_id}\""));
    home.assert_contains("round 1 of 2 · against cyd");
    let home = organiser.get("/").await;
    assert!(!home.text.contains("data-testid=\"tournament-next\""));

    // Withdrawing, then re-confirming.
    let withdrawn = bob.post(&format!("/tournaments/{id}/withdraw"), &[]).await;
    assert_eq!(withdrawn.status, StatusCode::SEE_OTHER);
    let page = bob.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("data-testid=\"withdrawn\"");
    page.assert_contains(&format!("action=\"/tournaments/{id}/reconfirm\""));
    let back = bob.post(&format!("/tournaments/{id}/reconfirm"), &[]).await;
    assert_eq!(back.status, StatusCode::SEE_OTHER);
    let page = bob.get(&format!("/tournaments/{id}")).await;
    assert!(!page.text.contains("data-testid=\"withdrawn\""));

    // The match ends (cyd resigns): the round closes, the standings and the result show.
    let token = app.sign_in("cyd").await;
    let resigned = app
        .post(
            &format!("/api/v1/matches/{match_id}/resign"),
            Some(&token),
            serde_json::json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    for _ in 0..1200 {
        let page = bob.get(&format!("/tournaments/{id}")).await;
        if page.text.contains("1st, 1 pt") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let page = bob.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("1st, 1 pt");
    let fr = Browser::speaking(&app, "fr");
    let page = fr.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("1er, 1 pt");
}

#[tokio::test]
async fn the_organiser_cancels_before_the_start_and_no_one_else_may() {
    let app = TestApp::spawn().await;
    let organiser = Browser::new(&app);
    organiser.sign_up("organiser").await;
    let id = created(&app, &organiser).await;
    let bob = Browser::new(&app);
    bob.sign_up("bob").await;
    let refused = bob.post(&format!("/tournaments/{id}/cancel"), &[]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let forged = organiser
        .post_raw(&format!("/tournaments/{id}/cancel"), &[])
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let view = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .body;
    assert_eq!(view["status"], "upcoming");
    let cancelled = organiser
        .post(&format!("/tournaments/{id}/cancel"), &[])
        .await;
    assert_eq!(cancelled.status, StatusCode::SEE_OTHER);
    let page = organiser.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("data-status=\"tournament-status-cancelled\"");
    assert!(!page.text.contains(&format!("/tournaments/{id}/join\"")));
    assert_eq!(
        organiser.get("/tournaments/no-such-id").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_organiser_seats_and_removes_computer_players_in_a_casual_tournament_only() {
    let app = TestApp::spawn().await;
    let organiser = Browser::new(&app);
    organiser.sign_up("organiser").await;
    let start = start_in(&app, 60);
    let mut fields = form("Casual Swiss", "2", &start);
    fields.push(("allow_bots", "true"));
    let created = organiser.post("/tournaments", &fields).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let id = created
        .header("location")
        .strip_prefix("/tournaments/")
        .unwrap()
        .to_owned();

    // The organiser is offered each computer player; nobody else is.
    let page = organiser.get(&format!("/tournaments/{id}")).await;
    for level in ["easy", "medium", "strong"] {
        page.assert_contains(&format!("data-testid=\"tournament-seat-tapis-{level}\""));
    }
    let bob = Browser::new(&app);
    bob.sign_up("bob").await;
    let page = bob.get(&format!("/tournaments/{id}")).await;
    assert!(!page.text.contains("tournament-seat-"));
    // Nor may they seat one by posting the form: the page again with why, nobody seated.
    let refused = bob
        .post(
            &format!("/tournaments/{id}/seat"),
            &[("username", "tapis-easy")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    refused.assert_contains("data-testid=\"tournament-refused\"");
    assert_eq!(refused.text.matches("data-testid=\"entrant\"").count(), 0);

    let seated = organiser
        .post(
            &format!("/tournaments/{id}/seat"),
            &[("username", "tapis-medium")],
        )
        .await;
    assert_eq!(seated.status, StatusCode::SEE_OTHER, "{}", seated.text);
    let page = organiser.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("/players/tapis-medium");
    assert!(
        !page
            .text
            .contains("data-testid=\"tournament-seat-tapis-medium\"")
    );
    page.assert_contains("data-testid=\"tournament-unseat-tapis-medium\"");
    page.assert_contains("Remove tapis-medium");
    // An unknown name, or none: the page again with why.
    let unknown = organiser
        .post(
            &format!("/tournaments/{id}/seat"),
            &[("username", "nobody")],
        )
        .await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    unknown.assert_contains("data-testid=\"tournament-refused\"");
    let missing = organiser
        .post(&format!("/tournaments/{id}/seat"), &[])
        .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    let removed = organiser
        .post(
            &format!("/tournaments/{id}/unseat"),
            &[("username", "tapis-medium")],
        )
        .await;
    assert_eq!(removed.status, StatusCode::SEE_OTHER, "{}", removed.text);
    let page = organiser.get(&format!("/tournaments/{id}")).await;
    assert!(!page.text.contains("/players/tapis-medium"));

    // A rated tournament offers no computer player, even to its organiser.
    let mut fields = form("Rated Swiss", "2", &start);
    fields.push(("rated", "true"));
    let rated = organiser.post("/tournaments", &fields).await;
    assert_eq!(rated.status, StatusCode::SEE_OTHER, "{}", rated.text);
    let page = organiser.get(rated.header("location")).await;
    assert!(!page.text.contains("tournament-seat-"));
}

#[tokio::test]
async fn a_moderator_cancels_a_running_tournament_from_its_page() {
    let app = TestApp::spawn().await;
    let organiser = Browser::new(&app);
    organiser.sign_up("organiser").await;
    let id = created(&app, &organiser).await;
    let players = [Browser::new(&app), Browser::new(&app)];
    for (b, name) in players.iter().zip(["bob", "cyd"]) {
        b.sign_up(name).await;
        let joined = b.post(&format!("/tournaments/{id}/join"), &[]).await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER);
    }
    let moderator = Browser::new(&app);
    moderator.sign_up("moderator").await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE users SET moderator = true WHERE username = 'moderator'")
        .execute(&mut conn)
        .await
        .unwrap();
    app.clock_hand.advance(time::Duration::minutes(2));
    wait_for_status(&app, &id, "running").await;

    // Once it runs, the organiser is offered no cancel, and is refused on the page.
    let page = organiser.get(&format!("/tournaments/{id}")).await;
    assert!(!page.text.contains(&format!("/tournaments/{id}/cancel")));
    let refused = organiser
        .post(&format!("/tournaments/{id}/cancel"), &[])
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    refused.assert_contains("data-testid=\"tournament-refused\"");
    refused.assert_contains("data-status=\"tournament-status-running\"");

    let page = moderator.get(&format!("/tournaments/{id}")).await;
    page.assert_contains(&format!("action=\"/tournaments/{id}/cancel\""));
    let cancelled = moderator
        .post(&format!("/tournaments/{id}/cancel"), &[])
        .await;
    assert_eq!(
        cancelled.status,
        StatusCode::SEE_OTHER,
        "{}",
        cancelled.text
    );
    let page = moderator.get(&format!("/tournaments/{id}")).await;
    page.assert_contains("data-status=\"tournament-status-cancelled\"");
    assert!(!page.text.contains(&format!("/tournaments/{id}/cancel")));
}

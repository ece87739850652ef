//! The database budgets of the hot paths: a move, the API's match view and the match page
//! stay within a counted number of statements, round trips and transactions, as the app says
//! it in its `Tapis-Db-Work` header (`docs/performance.md`). A feature that adds a statement to
//! one of them fails here: it must ride in the statements there are, or go to the background.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, NO_BOTS, Rng, TestApp};

/// What the database did for one request, as the app's `Tapis-Db-Work` header says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Work {
    statements: u32,
    round_trips: u32,
    transactions: u32,
}

impl Work {
    fn of(headers: &reqwest::header::HeaderMap) -> Work {
        let said = headers
            .get("tapis-db-work")
            .expect("the test app says the database work of every request")
            .to_str()
            .unwrap();
        let figure = |name: &str| -> u32 {
            said.split(", ")
                .find_map(|part| part.strip_prefix(&format!("{name}=")))
                .unwrap_or_else(|| panic!("no {name} in {said:?}"))
                .parse()
                .unwrap()
        };
        Work {
            statements: figure("statements"),
            round_trips: figure("round-trips"),
            transactions: figure("transactions"),
        }
    }

    /// Whether this work is the `budget`'s: the same statements and transactions, and no more
    /// round trips (the count of round trips can err low on a busy machine, when an answer
    /// comes before the work waits for it: `tapis_service::db::work`).
    fn is(self, budget: Work) -> bool {
        self.statements == budget.statements
            && self.transactions == budget.transactions
            && (1..=budget.round_trips).contains(&self.round_trips)
    }

    /// Asserts that this work is the `budget`'s ([`Work::is`]).
    #[track_caller]
    fn assert_within(self, budget: Work, what: &str) {
        assert!(
            self.is(budget),
            "{what}: {self:?}, the budget is {budget:?}"
        );
    }

    /// Asserts that this work is the `kept` budget's or, when a worker of the app made the
    /// process forget what it kept just before, the `read` one's.
    #[track_caller]
    fn assert_within_either(self, kept: Work, read: Work, what: &str) {
        assert!(
            self.is(kept) || self.is(read),
            "{what}: {self:?}, the budget is {kept:?} or, with nothing kept, {read:?}"
        );
    }
}

/// The budget of a move through the API, when the process keeps the match and the caller
/// (`db::kept`): the statement that writes the move if the match row is still as kept, its own
/// transaction. Its notification to the other server processes is sent off the request.
const MOVE_KEPT: Work = Work {
    statements: 1,
    round_trips: 1,
    transactions: 1,
};

/// The budget of a move through the API when the process keeps neither: one statement reads
/// the match and confirms the caller, then the write.
const MOVE: Work = Work {
    statements: 2,
    round_trips: 2,
    transactions: 2,
};

/// The budget of the API's match view: one statement reads the match and checks the caller.
const API_VIEW: Work = Work {
    statements: 1,
    round_trips: 1,
    transactions: 1,
};

/// The budget of the match page of a seated player: the match and the caller, and the turn
/// log, sent together (one round trip).
const MATCH_PAGE: Work = Work {
    statements: 2,
    round_trips: 1,
    transactions: 2,
};

/// The budget of a move posted by the match page's form (htmx): the move as the API's move
/// with the match and the session kept, then the turn log the fresh fragment shows.
const PAGE_MOVE_KEPT: Work = Work {
    statements: 2,
    round_trips: 2,
    transactions: 2,
};

/// The same when the process keeps neither: the session confirmed in the statement that reads
/// the match, as the API's move does.
const PAGE_MOVE: Work = Work {
    statements: 3,
    round_trips: 3,
    transactions: 3,
};

/// The budget of a resignation that ends a rated match of two, one transaction: `BEGIN`; lock
/// the match and confirm the caller; create the players' missing rating rows and lock them all;
/// write the step with the seats' ranks, both ratings and their history; `COMMIT`. The view it
/// answers is built from what was written. (It was 13 statements when each player's rating,
/// history line and rank were written by a statement of their own, and 8 when the rating rows
/// were created by one statement and locked by another, and the ratings, the ranks and the
/// step were written by three.)
const RESIGN_RATED: Work = Work {
    statements: 5,
    round_trips: 5,
    transactions: 1,
};

/// The budget of a move that ends a rated match, when the process keeps the match and the
/// caller: one statement reads the players' ratings as they stand (creating those missing),
/// one writes the step with the seats' ranks, the ratings and their
/// history (each rating only if it is still the one read), each its own transaction. (Until
/// 2026-12-07 such a move was played under the match's lock: `BEGIN` with the lock, the ratings
/// locked, the step, `COMMIT`, after its unlocked attempt.)
const LAST_MOVE_KEPT: Work = Work {
    statements: 2,
    round_trips: 2,
    transactions: 2,
};

/// The same when the process keeps neither: one statement more reads the match and confirms
/// the caller.
const LAST_MOVE: Work = Work {
    statements: 3,
    round_trips: 3,
    transactions: 3,
};

/// A started match of Yams between alice (signed in on `browser`) and bob.
struct Started {
    id: String,
    /// The API token of the player to act first.
    to_act: String,
    /// Alice's API token (one of the two).
    alice: String,
    /// Bob's.
    bob: String,
}

async fn started(app: &TestApp, browser: &Browser) -> Started {
    browser.sign_up("alice").await;
    let alice = app.sign_in("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let first = view["to_act"][0].as_u64().unwrap();
    let to_act = if view["seats"][first as usize]["username"] == "alice" {
        alice.clone()
    } else {
        bob.clone()
    };
    Started {
        id,
        to_act,
        alice,
        bob,
    }
}

#[tokio::test]
async fn a_move_and_a_match_view_stay_within_their_database_budgets() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let browser = Browser::new(&app);
    let Started { id, to_act, .. } = started(&app, &browser).await;
    let path = format!("/api/v1/matches/{id}");

    let view = app.get(&path, Some(&to_act)).await;
    assert_eq!(view.status, StatusCode::OK, "{:?}", view.body);
    Work::of(&view.headers).assert_within(API_VIEW, "the API's match view");

    let action: Value = view.body["legal_actions"][0].clone();
    let moved = app
        .post(
            &format!("{path}/actions"),
            Some(&to_act),
            json!({"version": view.body["version"], "action": action}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    assert_eq!(
        moved.body["status"], "active",
        "the move must not end the match"
    );
    Work::of(&moved.headers).assert_within_either(MOVE_KEPT, MOVE, "a move through the API");

    let page = browser.get(&format!("/matches/{id}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    Work::of(&page.headers).assert_within(MATCH_PAGE, "the match page of a seated player");

    // Read again, each is served from what the process keeps (`db::kept`), without a
    // statement (unless a background worker changed something meanwhile: then the read after
    // it is).
    let again = || async {
        for _ in 0..20 {
            let view = app.get(&path, Some(&to_act)).await;
            let page = browser.get(&format!("/matches/{id}")).await;
            if Work::of(&view.headers).statements == 0 && Work::of(&page.headers).statements == 0 {
                return (view, page);
            }
        }
        panic!("the view and the page were never served from what the process keeps");
    };
    let (view, page) = again().await;
    assert_eq!(view.body["version"], moved.body["version"]);
    assert!(page.text.contains(&id), "{}", page.text);
}

/// A move whose match and caller the process keeps costs one statement. (Moves are played
/// until one finds both kept: a worker of the app may make the process forget what it keeps at
/// any time.)
#[tokio::test]
async fn a_move_of_a_kept_match_by_a_kept_caller_is_one_statement() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let browser = Browser::new(&app);
    let Started { id, alice, bob, .. } = started(&app, &browser).await;
    let path = format!("/api/v1/matches/{id}");
    let mut kept_once = false;
    for _ in 0..20 {
        let view = app.get(&path, None).await.body;
        let seat = view["to_act"][0].as_u64().unwrap() as usize;
        let token = if view["seats"][seat]["username"] == "alice" {
            &alice
        } else {
            &bob
        };
        let mine = app.get(&path, Some(token)).await.body;
        let moved = app
            .post(
                &format!("{path}/actions"),
                Some(token),
                json!({"version": mine["version"], "action": mine["legal_actions"][0]}),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
        if Work::of(&moved.headers).is(MOVE_KEPT) {
            kept_once = true;
            break;
        }
    }
    assert!(kept_once, "no move found its match and its caller kept");
}

/// Plays the first legal action of whoever is to act, through the API, until alice is.
async fn until_alice_acts(app: &TestApp, id: &str, tokens: &[&str]) -> Value {
    let path = format!("/api/v1/matches/{id}");
    loop {
        let view = app.get(&path, None).await.body;
        let seat = view["to_act"][0].as_u64().unwrap() as usize;
        if view["seats"][seat]["username"] == "alice" {
            return view;
        }
        let mut played = false;
        for token in tokens {
            let mine = app.get(&path, Some(token)).await.body;
            if mine["your_seat"].as_u64() == Some(seat as u64) {
                let action = mine["legal_actions"][0].clone();
                let moved = app
                    .post(
                        &format!("{path}/actions"),
                        Some(token),
                        json!({"version": mine["version"], "action": action}),
                    )
                    .await;
                assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
                played = true;
            }
        }
        assert!(played, "nobody could play seat {seat}");
    }
}

#[tokio::test]
async fn a_move_from_the_match_page_stays_within_its_database_budget() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let browser = Browser::new(&app);
    let Started { id, alice, bob, .. } = started(&app, &browser).await;
    let view = until_alice_acts(&app, &id, &[&alice, &bob]).await;
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(&alice))
        .await
        .body;
    let version = view["version"].to_string();
    let action = mine["legal_actions"][0].to_string();
    let moved = browser
        .hx_post(
            &format!("/matches/{id}/act"),
            &[("version", version.as_str()), ("action", action.as_str())],
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let after = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(after["version"], view["version"].as_i64().unwrap() + 1);
    Work::of(&moved.headers).assert_within_either(
        PAGE_MOVE_KEPT,
        PAGE_MOVE,
        "a move from the match page",
    );

    // A session that has ended is refused by the move's own statement: sent to sign in, and
    // nothing is played.
    let elsewhere = app.sign_in("alice").await;
    let ended = app.delete("/api/v1/sessions", Some(&elsewhere)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{:?}", ended.body);
    let view = until_alice_acts(&app, &id, &[&bob]).await;
    let version = view["version"].to_string();
    // Refused before the action is read: any will do.
    let action = json!({"type": "roll"}).to_string();
    let refused = browser
        .post(
            &format!("/matches/{id}/act"),
            &[("version", version.as_str()), ("action", action.as_str())],
        )
        .await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER, "{}", refused.text);
    let unchanged = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(unchanged["version"], view["version"], "nothing was played");
}

/// Confirming the caller in the statement that reads or locks the match still refuses, at
/// once, a session ended or a token revoked a moment ago: on a move, a view and the match
/// page; and an API token's move keeps within the move's budget.
#[tokio::test]
async fn the_hot_paths_refuse_a_session_ended_or_a_token_revoked_a_moment_ago() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let browser = Browser::new(&app);
    let Started {
        id, to_act, alice, ..
    } = started(&app, &browser).await;
    let path = format!("/api/v1/matches/{id}");
    let created = app
        .post("/api/v1/tokens", Some(&to_act), json!({"name": "bot"}))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let token = created.body["token"].as_str().unwrap().to_owned();
    let token_id = created.body["id"].as_str().unwrap().to_owned();

    // The API token plays a move within the budget of a move.
    let view = app.get(&path, Some(&token)).await;
    assert_eq!(view.status, StatusCode::OK, "{:?}", view.body);
    Work::of(&view.headers).assert_within(API_VIEW, "a view with an API token");
    let moved = app
        .post(
            &format!("{path}/actions"),
            Some(&token),
            json!({"version": view.body["version"], "action": view.body["legal_actions"][0]}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    Work::of(&moved.headers).assert_within_either(MOVE_KEPT, MOVE, "a move with an API token");

    // Revoked: refused at once, and the match did not move.
    let revoked = app
        .delete(&format!("/api/v1/tokens/{token_id}"), Some(&to_act))
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT, "{:?}", revoked.body);
    let version = moved.body["version"].clone();
    let refused = app
        .post(
            &format!("{path}/actions"),
            Some(&token),
            json!({"version": version, "action": moved.body["legal_actions"][0]}),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNAUTHORIZED,
        "{:?}",
        refused.body
    );
    assert_eq!(refused.code(), "unauthenticated");
    let refused = app.get(&path, Some(&token)).await;
    assert_eq!(
        refused.status,
        StatusCode::UNAUTHORIZED,
        "{:?}",
        refused.body
    );

    // Alice's sessions ended ("sign out everywhere", from another session of hers): her
    // session token is refused at once on a view and on a move...
    let page = browser.get(&format!("/matches/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let seated_form = "data-testid=\"resign\"";
    page.assert_contains(seated_form);
    let elsewhere = app.sign_in("alice").await;
    let ended = app.delete("/api/v1/sessions", Some(&elsewhere)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{:?}", ended.body);
    let refused = app.get(&path, Some(&alice)).await;
    assert_eq!(
        refused.status,
        StatusCode::UNAUTHORIZED,
        "{:?}",
        refused.body
    );
    let refused = app
        .post(
            &format!("{path}/actions"),
            Some(&alice),
            json!({"version": version, "action": {"type": "pass"}}),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNAUTHORIZED,
        "{:?}",
        refused.body
    );
    let unchanged = app.get(&path, None).await;
    assert_eq!(unchanged.body["version"], version, "nothing was played");

    // ...and her browser, whose cookie names the ended session, sees the match page as a
    // spectator does.
    let page = browser.get(&format!("/matches/{id}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.assert_contains("alice");
    assert!(
        !page.text.contains(seated_form),
        "a browser whose session ended sees no move to make:\n{}",
        page.text
    );
}

/// A move that ends a rated match is played under the match's lock with the ratings, and takes
/// a statement per table it writes, not a statement per player: here a resignation.
#[tokio::test]
async fn a_resignation_that_ends_a_rated_match_stays_within_its_budget() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let browser = Browser::new(&app);
    let Started { id, to_act, .. } = started(&app, &browser).await;
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&to_act),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    assert_eq!(resigned.body["status"], "finished");
    assert_eq!(resigned.body["rated"], true, "{:?}", resigned.body);
    let ranking = resigned.body["result"]["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 2, "{:?}", resigned.body);
    for entry in ranking {
        assert!(entry["rating_after"].is_number(), "{entry:?}");
        assert!(entry["rank"].is_number(), "{entry:?}");
    }
    Work::of(&resigned.headers).assert_within(RESIGN_RATED, "a resignation of a rated match");
}

#[tokio::test]
async fn a_move_that_ends_a_rated_match_stays_within_its_budget() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let players = [
        ("alice".to_owned(), app.player("alice").await),
        ("bob".to_owned(), app.player("bob").await),
    ];
    let tokens = [players[0].1.as_str(), players[1].1.as_str()];
    let app = &app;
    // Their first rated match of the game (the statement that reads their ratings creates
    // their rows), then a second one (it finds them).
    for (round, seed) in [("first", 5), ("second", 6)] {
        let view = app.started_match("cant-stop", &tokens, json!({})).await;
        assert_eq!(view["rated"], true, "{view}");
        let id = view["id"].as_str().unwrap();
        let seat_tokens = app.tokens_by_seat(&view, &players);
        let last = app
            .play_to_the_last_move(
                id,
                &seat_tokens,
                &mut Rng(seed),
                |path, token, body| async move { app.post(&path, Some(&token), body).await },
            )
            .await;
        assert_eq!(last.body["status"], "finished", "{:?}", last.body);
        let ranking = last.body["result"]["ranking"].as_array().unwrap();
        assert_eq!(ranking.len(), 2, "{:?}", last.body);
        for entry in ranking {
            assert!(entry["rating_after"].is_number(), "{entry:?}");
            assert!(entry["rank"].is_number(), "{entry:?}");
        }
        Work::of(&last.headers).assert_within_either(
            LAST_MOVE_KEPT,
            LAST_MOVE,
            &format!("the move that ends the {round} rated match of two players"),
        );
    }
}

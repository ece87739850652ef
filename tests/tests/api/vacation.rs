//! Vacation: the allowance in whole days, the clocks of a player's moves paused while they are
//! away and running again with the time that was left, the vacation ending by itself, and
//! every bad request refused with nothing changed. Time passes by the app's adjustable clock.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, TestApp};
use time::format_description::well_known::Rfc3339;
use time::{Date, Duration, Month, OffsetDateTime};

/// Moves the app's clock to noon on the 1st of June next year, so that no test crosses a
/// calendar year by chance; returns the time it then is.
fn settle(app: &TestApp) -> OffsetDateTime {
    let now = app.services.now();
    let target = Date::from_calendar_date(now.year() + 1, Month::June, 1)
        .unwrap()
        .with_hms(12, 0, 0)
        .unwrap()
        .assume_utc();
    app.clock_hand.advance(target - now);
    app.services.now()
}

fn rfc3339(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap()
}

fn time_of(value: &Value) -> OffsetDateTime {
    OffsetDateTime::parse(value.as_str().expect("a date and time"), &Rfc3339).unwrap()
}

async fn status(app: &TestApp, token: &str) -> Value {
    let reply = app.get("/api/v1/me/vacation", Some(token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

async fn go_away(app: &TestApp, token: &str, until: OffsetDateTime) -> Value {
    let reply = app
        .post(
            "/api/v1/me/vacation",
            Some(token),
            json!({"until": rfc3339(until)}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

async fn come_back(app: &TestApp, token: &str) -> Value {
    let reply = app.delete("/api/v1/me/vacation", Some(token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

async fn view(app: &TestApp, id: &str) -> Value {
    app.get(&format!("/api/v1/matches/{id}"), None).await.body
}

/// A started two-player Linja match of alice and bob (3 days per move unless `extra` says
/// otherwise): its id, the token of the player to act and of the other, and the seat to act.
struct Table {
    id: String,
    to_act: String,
    other: String,
    seat: usize,
    view: Value,
}

async fn table(app: &TestApp, extra: Value) -> Table {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("linja", &[&alice, &bob], extra).await;
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let (to_act, other) = if view["seats"][seat]["username"] == "alice" {
        (alice, bob)
    } else {
        (bob, alice)
    };
    Table {
        id: view["id"].as_str().unwrap().to_owned(),
        to_act,
        other,
        seat,
        view,
    }
}

/// Waits (up to 5 s) until `done` holds for the match's view, as the clock loop acts.
async fn wait_for(app: &TestApp, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..100 {
        let view = view(app, id).await;
        if done(&view) {
            return view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("match {id} did not get there: {}", view(app, id).await);
}

fn assert_close(actual: Duration, expected: Duration, what: &str) {
    assert!(
        (actual - expected).abs() <= Duration::seconds(10),
        "{what}: {actual} instead of about {expected}"
    );
}

#[tokio::test]
async fn the_allowance_is_counted_in_whole_days_and_days_not_begun_come_back() {
    let app = TestApp::spawn().await;
    let now = settle(&app);
    let alice = app.player("alice").await;
    assert_eq!(
        status(&app, &alice).await,
        json!({"on_vacation_until": null, "days_left": 14, "days_per_year": 14})
    );
    // Two days and an hour: three days begun.
    let until = now + Duration::days(2) + Duration::hours(1);
    let away = go_away(&app, &alice, until).await;
    assert_eq!(time_of(&away["on_vacation_until"]), until);
    assert_eq!(away["days_left"], 11);
    assert_eq!(status(&app, &alice).await, away);
    // Back after a day and an hour: two days begun, one comes back.
    app.clock_hand
        .advance(Duration::days(1) + Duration::hours(1));
    let back = come_back(&app, &alice).await;
    assert_eq!(
        back,
        json!({"on_vacation_until": null, "days_left": 12, "days_per_year": 14})
    );
    assert_eq!(status(&app, &alice).await, back);
    // Exactly the days left can be taken, no more.
    let now = app.services.now();
    let refused = app
        .post(
            "/api/v1/me/vacation",
            Some(&alice),
            json!({"until": rfc3339(now + Duration::days(12) + Duration::minutes(1))}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.body["field"], "until");
    let away = go_away(&app, &alice, now + Duration::days(12)).await;
    assert_eq!(away["days_left"], 0);
    let back = come_back(&app, &alice).await;
    assert_eq!(
        back["days_left"], 11,
        "back at once: the first day has begun (by a few milliseconds), the others come back"
    );
    // A date is the end of that day, UTC.
    let day = (now + Duration::days(3)).date();
    let reply = app
        .post(
            "/api/v1/me/vacation",
            Some(&alice),
            json!({"until": day.to_string()}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(
        time_of(&reply.body["on_vacation_until"]),
        day.next_day().unwrap().midnight().assume_utc()
    );
    // From about 13:00 to the midnight three days and a half later: four days begun.
    assert_eq!(reply.body["days_left"], 7);
}

#[tokio::test]
async fn the_allowance_is_per_calendar_year() {
    let app = TestApp::spawn().await;
    let now = settle(&app);
    let alice = app.player("alice").await;
    let away = go_away(&app, &alice, now + Duration::days(14)).await;
    assert_eq!(away["days_left"], 0);
    // The vacation runs out and ends by itself: nothing comes back.
    app.clock_hand
        .advance(Duration::days(14) + Duration::minutes(1));
    let mut back = Value::Null;
    for _ in 0..100 {
        back = status(&app, &alice).await;
        if back["on_vacation_until"].is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        back,
        json!({"on_vacation_until": null, "days_left": 0, "days_per_year": 14})
    );
    let refused = app
        .post(
            "/api/v1/me/vacation",
            Some(&alice),
            json!({"until": rfc3339(app.services.now() + Duration::hours(1))}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.body["detail"]
            .as_str()
            .unwrap()
            .contains("0 are left"),
        "{:?}",
        refused.body
    );
    // On the 1st of January the allowance is whole again.
    let now = app.services.now();
    let new_year = Date::from_calendar_date(now.year() + 1, Month::January, 1)
        .unwrap()
        .midnight()
        .assume_utc();
    app.clock_hand
        .advance(new_year - now + Duration::minutes(1));
    assert_eq!(status(&app, &alice).await["days_left"], 14);
    let away = go_away(&app, &alice, app.services.now() + Duration::days(3)).await;
    assert_eq!(away["days_left"], 11);
}

#[tokio::test]
async fn bad_vacation_requests_are_refused_and_change_nothing() {
    let app = TestApp::spawn().await;
    let now = settle(&app);
    let alice = app.player("alice").await;
    let before = status(&app, &alice).await;
    // Each refused with a problem naming the field: not a date, in the past, beyond the
    // allowance, not a string, missing, or with an unknown field.
    let refusals = [
        (json!({"until": "next week"}), "until"),
        (json!({"until": "2026-02-30"}), "until"),
        (json!({"until": rfc3339(now - Duration::hours(1))}), "until"),
        (
            json!({"until": rfc3339(now - Duration::days(400))}),
            "until",
        ),
        (json!({"until": rfc3339(now + Duration::days(15))}), "until"),
        (json!({"until": 12}), "until"),
        (json!({}), "body"),
        (
            json!({"until": rfc3339(now + Duration::days(1)), "why": "beach"}),
            "why",
        ),
    ];
    for (body, field) in refusals {
        let reply = app
            .post("/api/v1/me/vacation", Some(&alice), body.clone())
            .await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "validation_failed", "{body}");
        assert_eq!(reply.body["field"], field, "{body}: {:?}", reply.body);
        assert_eq!(
            reply.headers["content-type"], "application/problem+json",
            "{body}"
        );
        assert_eq!(status(&app, &alice).await, before, "{body} changed nothing");
    }
    // Not JSON at all.
    let reply = app
        .client
        .post(format!("{}/api/v1/me/vacation", app.base))
        .bearer_auth(&alice)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("until=tomorrow")
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(status(&app, &alice).await, before);
    // Returning when not away.
    let reply = app.delete("/api/v1/me/vacation", Some(&alice)).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(reply.code(), "not_on_vacation");
    assert_eq!(status(&app, &alice).await, before);
    // A second vacation while one is in force: refused, the first one stands.
    let away = go_away(&app, &alice, now + Duration::days(2)).await;
    let reply = app
        .post(
            "/api/v1/me/vacation",
            Some(&alice),
            json!({"until": rfc3339(now + Duration::days(5))}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    assert_eq!(reply.code(), "already_on_vacation");
    assert_eq!(status(&app, &alice).await, away);
    // Without a token.
    let reply = app.get("/api/v1/me/vacation", None).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    let reply = app.delete("/api/v1/me/vacation", None).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(status(&app, &alice).await, away);
}

#[tokio::test]
async fn a_vacation_pauses_the_clock_which_resumes_with_the_time_that_was_left() {
    let app = TestApp::spawn().await;
    settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    assert!(t.view["paused_seconds_left"].is_null());
    let deadline = time_of(&t.view["deadline"]);
    // A day of the three goes by; then the player to act leaves for five days.
    app.clock_hand.advance(Duration::days(1));
    let until = app.services.now() + Duration::days(5);
    go_away(&app, &t.to_act, until).await;
    let paused = view(&app, &t.id).await;
    assert!(paused["deadline"].is_null(), "{paused}");
    let left = Duration::seconds(paused["paused_seconds_left"].as_i64().unwrap());
    assert_close(left, Duration::days(2), "time left");
    assert_eq!(
        time_of(&paused["seats"][t.seat]["on_vacation_until"]),
        until
    );
    assert!(
        paused["seats"][1 - t.seat]
            .get("on_vacation_until")
            .is_none()
    );
    assert!(paused["version"].as_i64() > t.view["version"].as_i64());
    // Three days and a half later the deadline is long past, but the clock stood still.
    app.clock_hand
        .advance(Duration::days(3) + Duration::hours(12));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let still = view(&app, &t.id).await;
    assert_eq!(still["status"], "active");
    assert_eq!(still["version"], paused["version"]);
    // Back early, in the fourth day: the fifth comes back, and the clock runs again with the
    // two days that were left.
    let back = come_back(&app, &t.to_act).await;
    assert_eq!(back["days_left"], 14 - 5 + 1);
    let resumed = view(&app, &t.id).await;
    assert!(resumed["paused_seconds_left"].is_null());
    assert!(resumed["seats"][t.seat].get("on_vacation_until").is_none());
    let new_deadline = time_of(&resumed["deadline"]);
    assert_close(
        new_deadline - app.services.now(),
        Duration::days(2),
        "time left after the return",
    );
    assert_close(
        new_deadline - deadline,
        Duration::days(3) + Duration::hours(12),
        "the deadline moved by the time away",
    );
}

#[tokio::test]
async fn a_turn_that_passes_to_a_player_on_vacation_starts_paused() {
    let app = TestApp::spawn().await;
    settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    // The player waiting goes away; the mover's clock keeps running.
    go_away(&app, &t.other, app.services.now() + Duration::days(6)).await;
    let running = view(&app, &t.id).await;
    assert!(running["deadline"].is_string(), "{running}");
    assert_eq!(running["version"], t.view["version"]);
    // The mover plays until the turn passes.
    let mut current = running;
    for _ in 0..50 {
        if current["to_act"][0].as_u64() != Some(t.seat as u64) {
            break;
        }
        let mine = app
            .get(&format!("/api/v1/matches/{}", t.id), Some(&t.to_act))
            .await
            .body;
        let action = mine["legal_actions"][0].clone();
        let reply = app
            .post(
                &format!("/api/v1/matches/{}/actions", t.id),
                Some(&t.to_act),
                json!({"version": mine["version"], "action": action}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        current = reply.body;
    }
    assert_eq!(current["to_act"][0].as_u64(), Some(1 - t.seat as u64));
    assert!(current["deadline"].is_null(), "{current}");
    assert_eq!(
        current["paused_seconds_left"],
        3 * 86_400,
        "the whole time per move, paused"
    );
    // Back: the whole three days run from now.
    come_back(&app, &t.other).await;
    let resumed = view(&app, &t.id).await;
    assert_close(
        time_of(&resumed["deadline"]) - app.services.now(),
        Duration::days(3),
        "the time per move",
    );
}

#[tokio::test]
async fn a_vacation_that_runs_out_ends_by_itself_and_the_clock_runs_again() {
    let app = TestApp::spawn().await;
    settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    let until = app.services.now() + Duration::days(1);
    go_away(&app, &t.to_act, until).await;
    let paused = view(&app, &t.id).await;
    let left = Duration::seconds(paused["paused_seconds_left"].as_i64().unwrap());
    app.clock_hand
        .advance(Duration::days(1) + Duration::minutes(5));
    let resumed = wait_for(&app, &t.id, |v| v["deadline"].is_string()).await;
    // The clock ran again from the vacation's end, with what was left.
    assert_close(
        time_of(&resumed["deadline"]) - until,
        left,
        "deadline after the end",
    );
    assert!(resumed["seats"][t.seat].get("on_vacation_until").is_none());
    assert_eq!(
        status(&app, &t.to_act).await,
        json!({"on_vacation_until": null, "days_left": 13, "days_per_year": 14})
    );
    // Nothing is left to end, and the clock resumed once.
    let ended = tapis_service::time::vacation::end_expired(&app.services, 10)
        .await
        .unwrap();
    assert_eq!(ended, 0);
    assert_eq!(
        view(&app, &t.id).await["version"].as_i64(),
        Some(paused["version"].as_i64().unwrap() + 1)
    );
}

#[tokio::test]
async fn two_clock_loops_end_a_vacation_once() {
    let app = TestApp::spawn().await;
    settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    go_away(&app, &t.to_act, app.services.now() + Duration::days(1)).await;
    let paused = view(&app, &t.id).await;
    // A second process on the same database, and this test's own calls, race the app's loop.
    app.start_another(tapis_tests::NO_BOTS).await;
    app.clock_hand.advance(Duration::days(2));
    let (a, b) = tokio::join!(
        tapis_service::time::vacation::end_expired(&app.services, 10),
        tapis_service::time::vacation::end_expired(&app.services, 10),
    );
    assert!(a.unwrap() + b.unwrap() <= 1);
    let resumed = wait_for(&app, &t.id, |v| v["deadline"].is_string()).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        view(&app, &t.id).await["version"].as_i64(),
        Some(paused["version"].as_i64().unwrap() + 1),
        "resumed once: {resumed}"
    );
    assert_eq!(status(&app, &t.to_act).await["days_left"], 13);
}

#[tokio::test]
async fn a_rated_match_cannot_be_won_on_time_against_a_player_on_vacation() {
    let app = TestApp::spawn().await;
    settle(&app);
    let t = table(&app, json!({})).await;
    assert_eq!(t.view["rated"], true);
    assert_eq!(t.view["days_per_move"], 3);
    go_away(&app, &t.to_act, app.services.now() + Duration::days(10)).await;
    // Five days: the three-day deadline would be long gone.
    app.clock_hand.advance(Duration::days(5));
    let expired = tapis_service::matches::expire_overdue(&app.services, 10)
        .await
        .unwrap();
    assert_eq!(expired, 0);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let still = view(&app, &t.id).await;
    assert_eq!(still["status"], "active", "{still}");
    assert!(still["result"].is_null());
    // Once back, the clock runs out like any other.
    come_back(&app, &t.to_act).await;
    app.clock_hand
        .advance(Duration::days(3) + Duration::minutes(1));
    let over = wait_for(&app, &t.id, |v| v["status"] == "finished").await;
    assert_eq!(over["result"]["reason"], "timeout");
    let loser = &over["result"]["ranking"][1];
    assert_eq!(loser["seat"], t.seat);
}

#[tokio::test]
async fn the_match_page_shows_who_is_on_vacation_in_both_languages() {
    let app = TestApp::spawn().await;
    settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    let away_name = t.view["seats"][t.seat]["username"].as_str().unwrap();
    let until = go_away(&app, &t.to_act, app.services.now() + Duration::days(4)).await;
    let iso = until["on_vacation_until"].as_str().unwrap();
    let english = Browser::new(&app);
    let page = english.get(&format!("/matches/{}", t.id)).await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("on vacation until");
    page.assert_contains(&format!("<time datetime=\"{iso}\""));
    page.assert_contains("clock paused");
    assert!(
        page.text.find(away_name) < page.text.find("on vacation until"),
        "by the player's name"
    );
    let french = Browser::speaking(&app, "fr");
    let page = french.get(&format!("/matches/{}", t.id)).await;
    page.assert_contains("en vacances jusqu’au");
    page.assert_contains("pendule arrêtée");
    // Back: the mention goes.
    come_back(&app, &t.to_act).await;
    let page = english.get(&format!("/matches/{}", t.id)).await;
    assert!(!page.text.contains("on vacation until"));
    assert!(!page.text.contains("clock paused"));
}

#[tokio::test]
async fn the_account_page_starts_and_ends_a_vacation_and_refuses_bad_dates_inline() {
    let app = TestApp::spawn().await;
    let now = settle(&app);
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    let token = app.sign_in("alice").await;
    let page = browser.get("/account").await;
    page.assert_contains("14 days left this year.");
    page.assert_contains("action=\"/account/vacation\"");
    // Bad dates: the page says why, at the field, and nothing changes.
    let yesterday = (now - Duration::days(1)).date().to_string();
    let too_far = (now + Duration::days(20)).date().to_string();
    for (typed, says) in [
        ("someday", "must be a date"),
        (yesterday.as_str(), "must be in the future"),
        (too_far.as_str(), "longer than the days you have left"),
    ] {
        let page = browser.post("/account/vacation", &[("until", typed)]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{typed}");
        page.assert_contains("id=\"until-error\"");
        page.assert_contains(says);
        page.assert_contains("aria-invalid=\"true\"");
        page.assert_contains(&format!("value=\"{typed}\""));
        assert_eq!(status(&app, &token).await["on_vacation_until"], Value::Null);
    }
    // Without the form's CSRF token: refused.
    let page = browser
        .post_raw("/account/vacation", &[("until", &too_far)])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // Away until the end of the day after tomorrow: three days begun from noon.
    let day = (now + Duration::days(2)).date().to_string();
    // Done: redirected (303) to the account page's vacation panel, which says it once.
    let posted = browser.post("/account/vacation", &[("until", &day)]).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    assert_eq!(posted.header("location"), "/account#vacation");
    let page = browser.get(posted.header("location")).await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("Enjoy your vacation");
    assert!(
        !browser
            .get("/account")
            .await
            .text
            .contains("Enjoy your vacation")
    );
    page.assert_contains("You are on vacation until");
    page.assert_contains("11 days left this year.");
    page.assert_contains("action=\"/account/vacation/end\"");
    assert_eq!(status(&app, &token).await["days_left"], 11);
    // Starting again through the API: 409, shown inline on the page for a stale form.
    let page = browser.post("/account/vacation", &[("until", &day)]).await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    page.assert_contains("data-testid=\"vacation-error\"");
    page.assert_contains("already on vacation");
    // Back at once: the first day has begun (by a few milliseconds), the two others come
    // back.
    let posted = browser.post("/account/vacation/end", &[]).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER);
    let page = browser.get(posted.header("location")).await;
    page.assert_contains("Welcome back");
    page.assert_contains("13 days left this year.");
    let page = browser.post("/account/vacation/end", &[]).await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    page.assert_contains("You are not on vacation.");
}

#[tokio::test]
async fn a_vacation_started_after_the_deadline_is_refused_and_the_time_out_stands() {
    // The clock loop waits for the test: the vacation comes between the deadline and the
    // time-out, as it would before the loop's next pass.
    let app = TestApp::spawn_without_clock_loop().await;
    settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    let before = status(&app, &t.to_act).await;
    app.clock_hand
        .advance(Duration::days(3) + Duration::minutes(1));
    let until = app.services.now() + Duration::days(5);
    let refused = app
        .post(
            "/api/v1/me/vacation",
            Some(&t.to_act),
            json!({"until": rfc3339(until)}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
    assert_eq!(refused.code(), "deadline_passed");
    // Nothing changed: no vacation, no day taken, the clock not paused.
    assert_eq!(status(&app, &t.to_act).await, before);
    let still = view(&app, &t.id).await;
    assert_eq!(still["version"], t.view["version"]);
    assert_eq!(still["deadline"], t.view["deadline"]);
    assert!(
        still["seats"][t.seat]["on_vacation_until"].is_null(),
        "{still}"
    );
    // The other player, whose time has not run out, may go away.
    go_away(&app, &t.other, until).await;
    // The clock's pass records the late player's time-out.
    assert_eq!(
        tapis_service::matches::expire_overdue(&app.services, 10)
            .await
            .unwrap(),
        1
    );
    let over = view(&app, &t.id).await;
    assert_eq!(over["status"], "finished");
    assert_eq!(over["result"]["reason"], "timeout");
    assert_eq!(over["result"]["ranking"][1]["seat"], t.seat);
}

/// The seats' vacations are a copy on each match's row (kept by the database when a vacation
/// starts or ends, and when a player sits down): every match still to be played shows it, the
/// ones where the player is not to act (no clock to pause, so the match itself does not
/// change) and the open ones too, and a player on vacation who joins a match brings theirs.
#[tokio::test]
async fn every_match_still_to_be_played_shows_a_vacation_as_it_starts_and_ends() {
    let app = TestApp::spawn().await;
    let now = settle(&app);
    let t = table(&app, json!({"days_per_move": 3})).await;
    let other_seat = 1 - t.seat;
    let carol = app.player("carol").await;
    let open = app
        .post(
            "/api/v1/matches",
            Some(&t.other),
            json!({"game": "linja", "seats": 2}),
        )
        .await;
    assert_eq!(open.status, StatusCode::CREATED, "{:?}", open.body);
    let open_id = open.body["id"].as_str().unwrap().to_owned();

    // The player not to act goes away: their clock is not running, so the match keeps its
    // version, but both matches show the vacation.
    let until = now + Duration::days(4);
    go_away(&app, &t.other, until).await;
    let active = view(&app, &t.id).await;
    assert_eq!(active["version"], t.view["version"], "{active}");
    assert_eq!(
        time_of(&active["seats"][other_seat]["on_vacation_until"]),
        until
    );
    assert!(active["seats"][t.seat].get("on_vacation_until").is_none());
    let waiting = view(&app, &open_id).await;
    assert_eq!(
        time_of(&waiting["seats"][0]["on_vacation_until"]),
        until,
        "{waiting}"
    );

    // Carol, on vacation too, joins the open match: her seat shows hers.
    let carol_until = now + Duration::days(2);
    go_away(&app, &carol, carol_until).await;
    let joined = app
        .post(
            &format!("/api/v1/matches/{open_id}/join"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    // The match starts as she joins, which may seat its players in another order.
    let both = view(&app, &open_id).await;
    let seat_of = |view: &Value, name: &Value| {
        view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .position(|seat| seat["username"] == *name)
            .unwrap()
    };
    let away_name = &t.view["seats"][other_seat]["username"];
    let carol_seat = seat_of(&both, &json!("carol"));
    assert_eq!(
        time_of(&both["seats"][carol_seat]["on_vacation_until"]),
        carol_until
    );
    assert_eq!(
        time_of(&both["seats"][seat_of(&both, away_name)]["on_vacation_until"]),
        until
    );

    // Back: no match shows it any more.
    come_back(&app, &t.other).await;
    for id in [&t.id, &open_id] {
        let back = view(&app, id).await;
        let seat = seat_of(&back, away_name);
        assert!(
            back["seats"][seat].get("on_vacation_until").is_none(),
            "{back}"
        );
    }
}

//! The lobby (create form with each game's options, seeks, invitations) and the account page
//! (password, API tokens).

use reqwest::StatusCode;
use serde_json::json;
use tapis_tests::{Browser, TestApp};

fn match_id(location: &str) -> String {
    location
        .strip_prefix("/matches/")
        .unwrap_or_else(|| panic!("not a match page: {location}"))
        .to_owned()
}

#[tokio::test]
async fn the_create_form_shows_each_games_options_with_their_defaults() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    let lobby = browser.get("/lobby?game=5000").await;
    assert_eq!(lobby.status, StatusCode::OK);
    lobby.assert_contains("<option value=\"5000\" selected>5000</option>");
    lobby.assert_contains("name=\"opt.target\" value=\"5000\"");
    lobby.assert_contains("name=\"opt.opening_threshold\" value=\"750\"");
    lobby.assert_contains("Default: 750");

    // Choosing another game swaps in that game's form (an htmx fragment, not a page).
    let fragment = browser.hx_get("/lobby/form?game=cant-stop").await;
    assert_eq!(fragment.status, StatusCode::OK);
    assert!(
        fragment.text.starts_with("<form id=\"create-form\""),
        "{}",
        fragment.text
    );
    assert!(!fragment.text.contains("<html"));
    fragment.assert_contains("name=\"opt.columns_to_win\" value=\"3\"");
    fragment.assert_contains("name=\"csrf\"");
    // Without htmx the same address sends to the lobby.
    let plain = browser.get("/lobby/form?game=linja").await;
    assert_eq!(plain.status, StatusCode::SEE_OTHER);
    assert_eq!(plain.header("location"), "/lobby?game=linja");
}

#[tokio::test]
async fn creating_joining_and_starting_a_match_from_the_lobby() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    alice.get("/lobby").await;
    let created = alice
        .post(
            "/lobby/matches",
            &[
                ("game", "linja"),
                ("seats", "2"),
                ("opt.edition", "seed"),
                ("opt.deduct_own_half", "true"),
                ("opt.bonus_may_leave_goal", "true"),
                ("rated", "true"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let id = match_id(created.header("location"));

    let bob = Browser::new(&app);
    bob.sign_up("bob").await;
    let lobby = bob.get("/lobby").await;
    lobby.assert_contains(&format!("action=\"/matches/{id}/join\""));
    lobby.assert_contains("Linja");
    let joined = bob.post(&format!("/matches/{id}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER);
    assert_eq!(joined.header("location"), format!("/matches/{id}"));

    // Now in play: on both players' home pages, and no longer a seek.
    let home = alice.get("/").await;
    home.assert_contains(&format!("/matches/{id}"));
    let lobby = bob.get("/lobby").await;
    assert!(!lobby.text.contains(&format!("/matches/{id}/join")));
}

#[tokio::test]
async fn a_refused_create_form_keeps_what_was_typed() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    browser.get("/lobby").await;
    let page = browser
        .post(
            "/lobby/matches",
            &[
                ("game", "5000"),
                ("seats", "2"),
                ("opt.target", "12345"),
                ("opt.opening_threshold", "500"),
                ("days_per_move", "3"),
                ("invite", "nobody_here"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    page.assert_contains("Winning score:");
    page.assert_contains("value=\"12345\"");
    page.assert_contains("value=\"500\"");
    page.assert_contains("value=\"nobody_here\"");
    page.assert_contains("aria-invalid=\"true\"");

    let rated = browser
        .post(
            "/lobby/matches",
            &[
                ("game", "5000"),
                ("seats", "2"),
                ("opt.target", "10000"),
                ("rated", "true"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    assert_eq!(rated.status, StatusCode::UNPROCESSABLE_ENTITY);
    rated.assert_contains("default options");

    // Messages name things in players' words: quotes, never code marks.
    let unknown = browser
        .post(
            "/lobby/matches",
            &[
                ("game", "5000"),
                ("seats", "2"),
                ("days_per_move", "3"),
                ("invite", "nobody_here"),
            ],
        )
        .await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    unknown.assert_contains("Invitations: no player is named “nobody_here”.");
    assert!(!unknown.text.contains('`'), "{}", unknown.text);

    // Signed out, the form sends to the sign-in page.
    let stranger = Browser::new(&app);
    stranger.get("/lobby").await;
    let refused = stranger
        .post("/lobby/matches", &[("game", "5000"), ("seats", "2")])
        .await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER);
    assert!(refused.header("location").starts_with("/signin?next="));
}

#[tokio::test]
async fn invitations_can_be_accepted_or_declined() {
    let app = TestApp::spawn().await;
    let bob = Browser::new(&app);
    bob.sign_up("bob").await;
    let carol = Browser::new(&app);
    carol.sign_up("carol").await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    alice.get("/lobby").await;
    let mut ids = Vec::new();
    for invitee in ["bob", "carol"] {
        let created = alice
            .post(
                "/lobby/matches",
                &[
                    ("game", "make-five"),
                    ("seats", "2"),
                    ("rated", "true"),
                    ("days_per_move", "3"),
                    ("invite", invitee),
                ],
            )
            .await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
        ids.push(match_id(created.header("location")));
    }
    let lobby = bob.get("/lobby").await;
    lobby.assert_contains("Invitations for you");
    lobby.assert_contains(&format!("/matches/{}/decline", ids[0]));
    assert!(
        !lobby.text.contains(&format!("/matches/{}/join", ids[1])),
        "carol's seat is reserved"
    );
    let accepted = bob.post(&format!("/matches/{}/join", ids[0]), &[]).await;
    assert_eq!(accepted.status, StatusCode::SEE_OTHER);

    let declined = carol
        .post(&format!("/matches/{}/decline", ids[1]), &[])
        .await;
    assert_eq!(declined.status, StatusCode::SEE_OTHER);
    let lobby = alice.get("/lobby").await;
    assert!(
        !lobby.text.contains(&format!("/matches/{}/cancel", ids[1])),
        "called off"
    );
    alice
        .get("/")
        .await
        .assert_contains(&format!("/matches/{}", ids[0]));
}

#[tokio::test]
async fn the_account_page_changes_the_password_and_manages_tokens() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    let page = browser.get("/account").await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("You have no API token.");

    let wrong = browser
        .post(
            "/account/password",
            &[
                ("current_password", "not it at all"),
                ("new_password", "battery staple"),
                ("new_password_again", "battery staple"),
            ],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    wrong.assert_contains("is not your password");
    let changed = browser
        .post(
            "/account/password",
            &[
                ("current_password", "correct horse"),
                ("new_password", "battery staple"),
                ("new_password_again", "battery staple"),
            ],
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    changed.assert_contains("Your password has been changed.");

    // Made: redirected (303) to the account page, which shows the secret once; the secret
    // travels in a short-lived cookie of the account page only, never in an address.
    let posted = browser
        .post(
            "/account/tokens",
            &[("name", "my bot"), ("scopes", "play"), ("scopes", "read")],
        )
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    assert_eq!(posted.header("location"), "/account#tokens");
    let cookie = posted
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("tapis_new_token="))
        .expect("the new token's cookie");
    for part in [
        "HttpOnly",
        "SameSite=Strict",
        "Path=/account",
        "Max-Age=120",
    ] {
        assert!(cookie.contains(part), "{part} in {cookie}");
    }
    let created = browser.get(posted.header("location")).await;
    assert_eq!(created.status, StatusCode::OK);
    created.assert_contains("will not be shown again");
    let at = created.text.find("value=\"tapis_").unwrap() + "value=\"".len();
    let token: String = created.text[at..]
        .chars()
        .take_while(|c| *c != '"')
        .collect();
    let me = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(me.status, StatusCode::OK);

    let listed = browser.get("/account").await;
    listed.assert_contains("my bot");
    assert!(
        !listed.text.contains(&token),
        "the secret is shown only once"
    );
    let at = listed.text.find("/account/tokens/").unwrap() + "/account/tokens/".len();
    let id: String = listed.text[at..]
        .chars()
        .take_while(|c| *c != '/')
        .collect();
    let revoked = browser
        .post(&format!("/account/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER);
    let me = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);

    // Signed out, the account page sends to the sign-in page and back.
    let stranger = Browser::new(&app);
    let redirect = stranger.get("/account").await;
    assert_eq!(redirect.status, StatusCode::SEE_OTHER);
    assert_eq!(redirect.header("location"), "/signin?next=/account");
}

/// The new token's form offers every scope, `play` and `read` checked; the token gets the
/// scopes checked (none is refused at the form's place), and the list shows each token's, and
/// the token that made it, in the reader's language.
#[tokio::test]
async fn the_account_page_gives_a_token_the_scopes_checked_and_shows_them() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    let page = browser.get("/account").await;
    for (scope, checked) in [
        ("play", true),
        ("read", true),
        ("account", false),
        ("webhooks", false),
        ("tokens", false),
    ] {
        let input = format!("name=\"scopes\" value=\"{scope}\"");
        page.assert_contains(&input);
        assert_eq!(
            page.text.contains(&format!("{input} checked")),
            checked,
            "{scope}"
        );
    }
    page.assert_contains("Play: create, join and play matches, resign.");

    // None checked: refused at its place, with what was typed.
    let none = browser.post("/account/tokens", &[("name", "idle")]).await;
    assert_eq!(
        none.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        none.text
    );
    none.assert_contains("Choose at least one scope");
    none.assert_contains("id=\"scopes-error\"");
    none.assert_contains("value=\"idle\"");
    assert!(
        !none.text.contains("value=\"play\" checked"),
        "kept unchecked"
    );

    let posted = browser
        .post(
            "/account/tokens",
            &[("name", "hooks"), ("scopes", "webhooks")],
        )
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    let created = browser.get("/account").await;
    let at = created.text.find("value=\"tapis_").unwrap() + "value=\"".len();
    let hooks: String = created.text[at..]
        .chars()
        .take_while(|c| *c != '"')
        .collect();
    created.assert_contains("\">webhooks</td>");
    assert_eq!(
        app.get("/api/v1/webhooks", Some(&hooks)).await.status,
        StatusCode::OK
    );
    let refused = app.get("/api/v1/me", Some(&hooks)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "missing_scope");

    // A token made by a token says which.
    let posted = browser
        .post(
            "/account/tokens",
            &[("name", "maker"), ("scopes", "play"), ("scopes", "tokens")],
        )
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    let created = browser.get("/account").await;
    let at = created.text.find("value=\"tapis_").unwrap() + "value=\"".len();
    let maker: String = created.text[at..]
        .chars()
        .take_while(|c| *c != '"')
        .collect();
    let child = app
        .post(
            "/api/v1/tokens",
            Some(&maker),
            json!({"name": "child", "scopes": ["play"]}),
        )
        .await;
    assert_eq!(child.status, StatusCode::CREATED, "{:?}", child.body);
    let listed = browser.get("/account").await;
    listed.assert_contains("\">play, tokens</td>");
    listed.assert_contains("made with “maker”");

    // In French.
    let french = browser.post("/account/language", &[("lang", "fr")]).await;
    assert_eq!(french.status, StatusCode::OK);
    french.assert_contains("Ce que le jeton peut faire");
    french.assert_contains("\">jouer, jetons</td>");
    french.assert_contains("créé avec «\u{a0}maker\u{a0}»");
}

/// A solo Yams (or a match without a clock) is never rated: once the players or the clock are
/// changed, the form comes back with the "Rated" box disabled and the reason beside it, and
/// keeps what was typed; with two players and a clock the box is offered again.
#[tokio::test]
async fn the_form_offers_rated_only_where_a_match_can_be_rated() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    browser.get("/lobby").await;
    let solo = browser
        .hx_get("/lobby/form?game=yams&seats=1&rated=true&days_per_move=3&opt.grids=2&invite=bob")
        .await;
    assert_eq!(solo.status, StatusCode::OK);
    solo.assert_contains("data-testid=\"unrated-reason\"");
    solo.assert_contains("A match for one player is never rated");
    solo.assert_contains("name=\"rated\" value=\"true\" disabled");
    solo.assert_contains(
        "id=\"seats\" name=\"seats\" type=\"number\" min=\"1\" max=\"8\" value=\"1\"",
    );
    solo.assert_contains("value=\"bob\"");
    let no_clock = browser
        .hx_get("/lobby/form?game=yams&seats=2&days_per_move=none")
        .await;
    no_clock.assert_contains("A match without a clock is never rated");
    let duel = browser
        .hx_get("/lobby/form?game=yams&seats=2&rated=true&days_per_move=3")
        .await;
    assert!(!duel.text.contains("unrated-reason"), "{}", duel.text);
    duel.assert_contains("name=\"rated\" value=\"true\" checked");
    // Choosing another game starts its form afresh.
    let other = browser.hx_get("/lobby/form?game=linja").await;
    other.assert_contains("Options of Linja");
}

/// A box of the form is sent as a hidden `false` and, when ticked, `true`: an option left
/// unticked is off, and one the request does not mention at all keeps its default (on, for
/// Linja's deduction), rather than being read as unticked.
#[tokio::test]
async fn unticked_and_unmentioned_options_are_told_apart() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    browser.get("/lobby").await;
    let form = browser.get("/lobby?game=linja").await;
    form.assert_contains("<input type=\"hidden\" name=\"opt.deduct_own_half\" value=\"false\">");
    let mut options = Vec::new();
    for fields in [
        vec![("game", "linja"), ("seats", "2"), ("days_per_move", "3")],
        vec![
            ("game", "linja"),
            ("seats", "2"),
            ("days_per_move", "3"),
            ("opt.deduct_own_half", "false"),
        ],
        vec![
            ("game", "linja"),
            ("seats", "2"),
            ("days_per_move", "3"),
            ("opt.deduct_own_half", "false"),
            ("opt.deduct_own_half", "true"),
        ],
    ] {
        let created = browser.post("/lobby/matches", &fields).await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
        let id = created
            .header("location")
            .trim_start_matches("/matches/")
            .to_owned();
        let view = app.get(&format!("/api/v1/matches/{id}"), None).await;
        options.push(view.body["options"]["deduct_own_half"].clone());
    }
    assert_eq!(options, [json!(true), json!(false), json!(true)]);
}

/// The match page offers each player of an open match what the service would accept: the
/// invitee joins or declines, a seat kept for an invitee is not offered to others, the creator
/// cancels; and what it offers is accepted.
#[tokio::test]
async fn an_open_match_page_offers_what_its_viewer_may_do() {
    let app = TestApp::spawn().await;
    let [alice, bob, carol] = [Browser::new(&app), Browser::new(&app), Browser::new(&app)];
    for (browser, name) in [(&bob, "bob"), (&carol, "carol"), (&alice, "alice")] {
        browser.sign_up(name).await;
    }
    alice.get("/lobby").await;
    let created = alice
        .post(
            "/lobby/matches",
            &[
                ("game", "make-five"),
                ("seats", "2"),
                ("rated", "true"),
                ("days_per_move", "3"),
                ("invite", "bob"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let id = match_id(created.header("location"));
    let (join, decline, cancel) = (
        format!("action=\"/matches/{id}/join\""),
        format!("action=\"/matches/{id}/decline\""),
        format!("action=\"/matches/{id}/cancel\""),
    );
    let offers = |page: &tapis_tests::WebPage| {
        [&join, &decline, &cancel].map(|form| page.text.contains(form.as_str()))
    };
    let page = alice.get(&format!("/matches/{id}")).await;
    assert_eq!(offers(&page), [false, false, true], "the creator cancels");
    let page = carol.get(&format!("/matches/{id}")).await;
    assert_eq!(offers(&page), [false, false, false], "bob's seat is kept");
    let refused = carol.post(&format!("/matches/{id}/join"), &[]).await;
    assert_ne!(refused.status, StatusCode::SEE_OTHER, "{}", refused.text);
    let page = bob.get(&format!("/matches/{id}")).await;
    assert_eq!(
        offers(&page),
        [true, true, false],
        "the invitee joins or declines"
    );
    let joined = bob.post(&format!("/matches/{id}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.text);
    let page = bob.get(&format!("/matches/{id}")).await;
    assert_eq!(offers(&page), [false, false, false], "under way");
}

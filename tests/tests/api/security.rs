//! What a hostile client tries: concurrent password guesses, an owner locked out on purpose,
//! open redirects after signing in, odd usernames, NUL characters, sessions that outlive a
//! sign-out, insecure cookies, a deleted account's token, and the database going away.

use diesel_async::RunQueryDsl;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::json;
use tapis_server::HttpSettings;
use tapis_service::SignInLimits;
use tapis_tests::{Browser, TestApp};

/// Limits whose delays outlast any test.
fn slow_limits(per_pair: i32, per_account: i32, per_address: i32) -> SignInLimits {
    SignInLimits {
        per_pair,
        per_account,
        per_address,
        first_delay_secs: 600,
        ..SignInLimits::default()
    }
}

async fn guess(app: &TestApp, username: &str, password: &str) -> StatusCode {
    app.post(
        "/api/v1/sessions",
        None,
        json!({"username": username, "password": password}),
    )
    .await
    .status
}

#[tokio::test]
async fn concurrent_guesses_never_check_more_passwords_than_the_limit() {
    let limits = SignInLimits::default();
    let app = TestApp::spawn_with(limits).await;
    app.player("victim").await;
    let replies = join_all((0..40).map(|i| {
        let app = &app;
        async move { guess(app, "victim", &format!("wrong guess {i}")).await }
    }))
    .await;
    let checked = replies
        .iter()
        .filter(|s| **s == StatusCode::UNAUTHORIZED)
        .count();
    let refused = replies
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(checked + refused, 40, "{replies:?}");
    assert!(
        (1..=usize::try_from(limits.per_pair).unwrap()).contains(&checked),
        "{checked} passwords were checked"
    );
    // The right password now waits too.
    assert_eq!(
        guess(&app, "victim", "correct horse").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[derive(diesel::QueryableByName)]
struct Throttled {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    count: i64,
}

#[tokio::test]
async fn delays_double_after_the_free_attempts() {
    let limits = SignInLimits {
        per_pair: 1,
        per_account: 1,
        per_address: 100,
        first_delay_secs: 30,
        ..SignInLimits::default()
    };
    let app = TestApp::spawn_with(limits).await;
    app.player("dora").await;
    let mut conn = app.db.connect().await;
    let mut waits = Vec::new();
    for _ in 0..3 {
        assert_eq!(
            guess(&app, "dora", "bad guess!").await,
            StatusCode::UNAUTHORIZED
        );
        let refused = app
            .post(
                "/api/v1/sessions",
                None,
                json!({"username": "dora", "password": "bad guess!"}),
            )
            .await;
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        let wait: u64 = refused.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        waits.push(wait);
        // Time passes: the delay is over.
        diesel::sql_query("UPDATE sign_in_throttle SET blocked_until = now()")
            .execute(&mut conn)
            .await
            .unwrap();
    }
    assert_eq!(waits, [30, 60, 120]);
}

#[tokio::test]
async fn a_success_forgets_the_owners_failures() {
    let app = TestApp::spawn_with(slow_limits(3, 20, 100)).await;
    app.player("olga").await;
    for _ in 0..2 {
        assert_eq!(
            guess(&app, "olga", "mistyped!").await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(guess(&app, "olga", "correct horse").await, StatusCode::OK);
    for _ in 0..2 {
        assert_eq!(
            guess(&app, "olga", "mistyped!").await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(guess(&app, "olga", "correct horse").await, StatusCode::OK);
}

#[tokio::test]
async fn an_attacker_cannot_lock_the_owner_out_of_a_known_browser() {
    let app = TestApp::spawn_with(slow_limits(3, 5, 1000)).await;
    app.player("paula").await;
    // The owner signed in from this browser before, and signed out.
    let owner = Browser::new(&app);
    owner.get("/signin").await;
    let signed_in = owner
        .post(
            "/signin",
            &[("username", "paula"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::SEE_OTHER);
    assert!(
        signed_in
            .headers
            .get_all("set-cookie")
            .iter()
            .any(|c| c.to_str().unwrap().starts_with("tapis_device=")),
        "a device cookie is set"
    );
    owner.post("/signout", &[]).await;

    // Someone else hammers the account until it is refused.
    for _ in 0..30 {
        guess(&app, "paula", "let me in").await;
    }
    assert_eq!(
        guess(&app, "paula", "correct horse").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    let stranger = Browser::new(&app);
    stranger.get("/signin").await;
    let refused = stranger
        .post(
            "/signin",
            &[("username", "paula"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);

    // The owner's browser still gets in.
    owner.get("/signin").await;
    let back = owner
        .post(
            "/signin",
            &[("username", "paula"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(back.status, StatusCode::SEE_OTHER, "{}", back.text);
}

#[tokio::test]
async fn a_trusted_proxy_header_names_the_client() {
    let http = HttpSettings {
        client_ip_header: Some("X-Forwarded-For".to_owned()),
        ..HttpSettings::default()
    };
    let app = TestApp::spawn_configured(slow_limits(100, 100, 2), http).await;
    app.player("quinn").await;
    let attempt = |from: &'static str, password: &'static str| {
        app.client
            .post(format!("{}/api/v1/sessions", app.base))
            // A client may forge the first addresses; the proxy appends the real one.
            .header("X-Forwarded-For", format!("6.6.6.6, {from}"))
            .json(&json!({"username": "quinn", "password": password}))
            .send()
    };
    for _ in 0..2 {
        let reply = attempt("203.0.113.7", "wrong one!").await.unwrap();
        assert_eq!(reply.status(), StatusCode::UNAUTHORIZED);
    }
    let refused = attempt("203.0.113.7", "correct horse").await.unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    // Another client behind the same proxy is not slowed down.
    let other = attempt("198.51.100.9", "correct horse").await.unwrap();
    assert_eq!(other.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_username_that_cannot_exist_is_refused_before_any_work() {
    let app = TestApp::spawn().await;
    for username in ["x".repeat(2700), "a b".to_owned(), "é!".to_owned()] {
        let reply = app
            .post(
                "/api/v1/sessions",
                None,
                json!({"username": username, "password": "whatever1"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(reply.body["field"], "username");
    }
    let long_password = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "someone", "password": "p".repeat(5000)}),
        )
        .await;
    assert_eq!(long_password.status, StatusCode::UNPROCESSABLE_ENTITY);
    let mut conn = app.db.connect().await;
    let rows: Throttled = diesel::sql_query("SELECT count(*) AS count FROM sign_in_throttle")
        .get_result(&mut conn)
        .await
        .unwrap();
    assert_eq!(rows.count, 0, "nothing was counted nor hashed");
}

#[tokio::test]
async fn nul_characters_are_refused_where_they_come_in() {
    let app = TestApp::spawn().await;
    let token = app.player("nina").await;
    app.player("omar").await;

    let path = app.get("/api/v1/users/a%00b", None).await;
    assert_eq!(path.status, StatusCode::NOT_FOUND);
    assert_eq!(path.code(), "not_found");
    let query = app.get("/api/v1/matches?player=a%00b", None).await;
    assert_eq!(query.status, StatusCode::UNPROCESSABLE_ENTITY);
    for (path, body) in [
        ("/api/v1/tokens", json!({"name": "bot\u{0}"})),
        (
            "/api/v1/matches",
            json!({"game": "yams", "seats": 2, "invite": ["omar\u{0}"]}),
        ),
        ("/api/v1/matches", json!({"game": "yams\u{0}", "seats": 2})),
        (
            "/api/v1/sessions",
            json!({"username": "nina\u{0}", "password": "correct horse"}),
        ),
        (
            "/api/v1/accounts",
            json!({"username": "nul\u{0}", "password": "correct horse"}),
        ),
    ] {
        let reply = app.post(path, Some(&token), body).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert_eq!(reply.code(), "validation_failed", "{path}");
    }

    let browser = Browser::new(&app);
    assert_eq!(
        browser.get("/players/a%00b").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        browser.get("/lobby?game=a%00b").await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    browser.get("/signin").await;
    let form = browser
        .post(
            "/signin",
            &[("username", "nina\u{0}"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(form.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Where the sign-in forms send a browser, given `next`.
async fn lands_on(browser: &Browser, next: &str) -> String {
    let page = browser
        .post(
            "/signin",
            &[
                ("username", "rita"),
                ("password", "correct horse"),
                ("next", next),
            ],
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::SEE_OTHER,
        "{next:?}: {}",
        page.text
    );
    page.header("location").to_owned()
}

const BYPASSES: [&str; 14] = [
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\\\\evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "https://evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    " javascript:alert(1)",
    "\t//evil.example",
    "/\t/\tevil.example",
    "//evil.example/%2e%2e",
];

#[tokio::test]
async fn sign_in_never_redirects_off_the_site() {
    let app = TestApp::spawn_with(slow_limits(1000, 1000, 1000)).await;
    app.player("rita").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    for next in BYPASSES {
        let location = lands_on(&browser, next).await;
        assert!(stays_on_the_site(&location), "{next:?} gave {location:?}");
    }
    assert_eq!(lands_on(&browser, "//evil.example").await, "/");
    assert_eq!(lands_on(&browser, "/\t/evil.example").await, "/");
    assert_eq!(lands_on(&browser, "javascript:alert(1)").await, "/");
    assert_eq!(
        lands_on(&browser, "/lobby?game=yams").await,
        "/lobby?game=yams"
    );

    // Signed in, the sign-in page sends the browser on at once: the same rule.
    for next in BYPASSES {
        let query: String = url_encoded(next);
        let page = browser.get(&format!("/signin?next={query}")).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next:?}");
        let location = page.header("location");
        assert!(stays_on_the_site(location), "{next:?} gave {location:?}");
    }
    let page = browser.get("/signin?next=%2F%09%2Fevil.example").await;
    assert_eq!(page.header("location"), "/");
    // The sign-up form too.
    let fresh = Browser::new(&app);
    fresh.get("/signup").await;
    let page = fresh
        .post(
            "/signup",
            &[
                ("username", "sam"),
                ("password", "correct horse"),
                ("password_again", "correct horse"),
                ("next", "/\t/evil.example"),
            ],
        )
        .await;
    assert_eq!(page.header("location"), "/");
}

/// A `Location` a browser resolves on this site: a path, not `//host` nor `/\\host`, with
/// nothing a browser would strip or rewrite.
fn stays_on_the_site(location: &str) -> bool {
    location.starts_with('/')
        && !location.starts_with("//")
        && !location.contains('\\')
        && !location
            .chars()
            .any(|c| c.is_whitespace() || c.is_control())
}

fn url_encoded(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn sessions_are_listed_and_end_at_once() {
    let app = TestApp::spawn().await;
    let first = app.player("sven").await;
    let second = app
        .client
        .post(format!("{}/api/v1/sessions", app.base))
        .header("User-Agent", "my-bot/1.0")
        .json(&json!({"username": "sven", "password": "correct horse"}))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let api_token = app
        .post("/api/v1/tokens", Some(&first), json!({"name": "bot"}))
        .await
        .body["token"]
        .as_str()
        .unwrap()
        .to_owned();

    let listed = app.get("/api/v1/sessions", Some(&second)).await;
    assert_eq!(listed.status, StatusCode::OK);
    let sessions = listed.body.as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    let current: Vec<_> = sessions.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["user_agent"], "my-bot/1.0");
    let other_id = sessions.iter().find(|s| s["current"] == false).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();

    // Ending the first session from the second: the first token stops working at once.
    let ended = app
        .delete(&format!("/api/v1/sessions/{other_id}"), Some(&second))
        .await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get("/api/v1/me", Some(&first)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/v1/me", Some(&second)).await.status,
        StatusCode::OK
    );
    let again = app
        .delete(&format!("/api/v1/sessions/{other_id}"), Some(&second))
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // Signing out everywhere ends every session; the API token keeps working.
    let everywhere = app.delete("/api/v1/sessions", Some(&second)).await;
    assert_eq!(everywhere.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get("/api/v1/me", Some(&second)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/v1/me", Some(&api_token)).await.status,
        StatusCode::OK
    );
    // A token with the default scopes (`play`, `read`) may not see the sessions, let alone
    // end them; one with `account` may.
    let refused = app.get("/api/v1/sessions", Some(&api_token)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "missing_scope");
    assert_eq!(refused.body["scope"], "account");
    let refused = app.delete("/api/v1/sessions", Some(&api_token)).await;
    assert_eq!(refused.code(), "missing_scope");
    let third = app.sign_in("sven").await;
    let manager = app
        .post(
            "/api/v1/tokens",
            Some(&third),
            json!({"name": "manager", "scopes": ["account"]}),
        )
        .await
        .body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let listed = app.get("/api/v1/sessions", Some(&manager)).await;
    assert_eq!(
        listed.body.as_array().unwrap().len(),
        1,
        "{:?}",
        listed.body
    );
}

#[tokio::test]
async fn a_password_change_ends_every_other_session() {
    let app = TestApp::spawn().await;
    let kept = app.player("tara").await;
    let other = app
        .post(
            "/api/v1/sessions",
            None,
            json!({"username": "tara", "password": "correct horse"}),
        )
        .await
        .body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let changed = app
        .post(
            "/api/v1/me/password",
            Some(&kept),
            json!({"current_password": "correct horse", "new_password": "a new one!"}),
        )
        .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get("/api/v1/me", Some(&kept)).await.status,
        StatusCode::OK
    );
    let ended = app.get("/api/v1/me", Some(&other)).await;
    assert_eq!(ended.status, StatusCode::UNAUTHORIZED);
    assert_eq!(ended.code(), "unauthenticated");
}

#[tokio::test]
async fn signing_out_of_the_web_ends_the_session_token() {
    let app = TestApp::spawn().await;
    app.player("uma").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    let page = browser
        .post(
            "/signin",
            &[("username", "uma"), ("password", "correct horse")],
        )
        .await;
    let cookie = page.header("set-cookie");
    let token = cookie
        .strip_prefix("tapis_session=")
        .and_then(|rest| rest.split(';').next())
        .unwrap()
        .to_owned();
    assert_eq!(
        app.get("/api/v1/me", Some(&token)).await.status,
        StatusCode::OK
    );
    browser.post("/signout", &[]).await;
    // A copy of the cookie taken before signing out no longer works anywhere.
    assert_eq!(
        app.get("/api/v1/me", Some(&token)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_account_page_lists_sessions_and_ends_them() {
    let app = TestApp::spawn().await;
    let api_session = app.player("vera").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    browser
        .post(
            "/signin",
            &[("username", "vera"), ("password", "correct horse")],
        )
        .await;
    // A session signed in from Firefox on Linux: the list names the browser and the system,
    // with the whole user agent as the name's title.
    let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    let signed = app
        .client
        .post(format!("{}/api/v1/sessions", app.base))
        .header("User-Agent", firefox)
        .json(&serde_json::json!({"username": "vera", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed.status(), StatusCode::OK);
    let page = browser.get("/account").await;
    page.assert_contains("Where you are signed in");
    page.assert_contains("(this browser)");
    page.assert_contains(&format!(
        "<span title=\"{firefox}\">Firefox 128 on Linux</span>"
    ));
    let sessions = app.get("/api/v1/sessions", Some(&api_session)).await;
    let api_id = sessions
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == true)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    page.assert_contains(&format!("/account/sessions/{api_id}/end"));
    let ended = browser
        .post(&format!("/account/sessions/{api_id}/end"), &[])
        .await;
    assert_eq!(ended.status, StatusCode::SEE_OTHER);
    assert_eq!(
        app.get("/api/v1/me", Some(&api_session)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let everywhere = browser.post("/account/sessions/end-all", &[]).await;
    assert_eq!(everywhere.status, StatusCode::SEE_OTHER);
    // It lands on the sign-in page, which says what happened.
    let landing = everywhere.header("location").to_owned();
    assert_eq!(landing, "/signin?signed_out=everywhere");
    let confirmed = browser.get(&landing).await;
    assert_eq!(confirmed.status, StatusCode::OK);
    confirmed.assert_contains("data-testid=\"signed-out-everywhere\"");
    confirmed.assert_contains("You are signed out everywhere");
    assert!(
        !browser
            .get("/signin")
            .await
            .text
            .contains("signed-out-everywhere"),
        "only after signing out everywhere"
    );
    let account = browser.get("/account").await;
    assert_eq!(account.status, StatusCode::SEE_OTHER, "signed out");
}

#[tokio::test]
async fn a_token_of_a_deleted_account_is_refused() {
    let app = TestApp::spawn().await;
    let token = app.player("walt").await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("DELETE FROM users WHERE username = 'walt'")
        .execute(&mut conn)
        .await
        .unwrap();
    let reply = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reply.code(), "unauthenticated");
    let browser = Browser::new(&app);
    let page = browser
        .client
        .get(format!("{}/account", app.base))
        .header("Cookie", format!("tapis_session={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        page.status(),
        StatusCode::SEE_OTHER,
        "treated as signed out"
    );
}

#[tokio::test]
async fn production_cookies_are_secure_and_hsts_is_sent() {
    let http = HttpSettings {
        secure_cookies: true,
        hsts: Some("max-age=63072000".to_owned()),
        client_ip_header: None,
        ..HttpSettings::default()
    };
    let app = TestApp::spawn_configured(SignInLimits::default(), http).await;
    app.player("xena").await;
    let browser = Browser::new(&app);
    let form = browser.get("/signin").await;
    assert_eq!(form.header("strict-transport-security"), "max-age=63072000");
    let csrf = form.header("set-cookie");
    assert!(csrf.starts_with("tapis_csrf="), "{csrf}");
    assert!(csrf.contains("Secure"), "{csrf}");
    // Over plain HTTP the browser would not send a Secure cookie back: post it by hand.
    let token = csrf
        .strip_prefix("tapis_csrf=")
        .and_then(|rest| rest.split(';').next())
        .unwrap()
        .to_owned();
    let signed_in = browser
        .client
        .post(format!("{}/signin", app.base))
        .header("Cookie", format!("tapis_csrf={token}"))
        .form(&[
            ("username", "xena"),
            ("password", "correct horse"),
            ("csrf", token.as_str()),
        ])
        .send()
        .await
        .unwrap();
    let cookies: Vec<String> = signed_in
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|c| c.to_str().unwrap().to_owned())
        .collect();
    assert!(
        cookies.iter().any(|c| c.starts_with("tapis_session=")),
        "{cookies:?}"
    );
    assert!(cookies.iter().all(|c| c.contains("Secure")), "{cookies:?}");
    let api = app.get("/api/v1/games", None).await;
    assert_eq!(api.headers["strict-transport-security"], "max-age=63072000");
}

#[tokio::test]
async fn json_is_nosniff_and_the_api_docs_cannot_be_framed() {
    let app = TestApp::spawn().await;
    let games = app.get("/api/v1/games", None).await;
    assert_eq!(games.headers["x-content-type-options"], "nosniff");
    let problem = app.get("/api/v1/nowhere", None).await;
    assert_eq!(problem.headers["x-content-type-options"], "nosniff");
    let document = app.get("/api/openapi.json", None).await;
    assert_eq!(document.headers["x-content-type-options"], "nosniff");
    let docs = app.get("/api/docs", None).await;
    assert_eq!(docs.headers["x-frame-options"], "DENY");
    let csp = docs.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    // Without HSTS configured (development), none is sent.
    assert!(!games.headers.contains_key("strict-transport-security"));
}

#[tokio::test]
async fn a_database_outage_is_a_503_with_retry_after() {
    let base = tapis_tests::start_without_database().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();

    for path in [
        "/api/v1/matches",
        "/api/v1/users/somebody",
        "/api/v1/leaderboards/yams",
    ] {
        let reply = client.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(reply.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
        assert_eq!(reply.headers()["retry-after"], "5", "{path}");
        assert_eq!(
            reply.headers()["content-type"],
            "application/problem+json",
            "{path}"
        );
        let body: serde_json::Value = reply.json().await.unwrap();
        assert_eq!(body["code"], "database_unavailable", "{path}");
    }
    let signing_in = client
        .post(format!("{base}/api/v1/sessions"))
        .json(&json!({"username": "someone", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(signing_in.status(), StatusCode::SERVICE_UNAVAILABLE);

    let page = client.get(format!("{base}/lobby")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(page.headers().contains_key("retry-after"));
    let text = page.text().await.unwrap();
    assert!(text.contains("try again"), "{text}");
    let health = client.get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
}

/// Records the level of every event logged in this test process (nextest runs each test in a
/// process of its own, so the global subscriber is this test's).
#[derive(Clone, Default)]
struct Levels(std::sync::Arc<std::sync::Mutex<Vec<(tracing::Level, String)>>>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Levels {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let what = format!(
            "{}: {:?}",
            event.metadata().target(),
            event.fields().count()
        );
        self.0
            .lock()
            .unwrap()
            .push((*event.metadata().level(), what));
    }
}

#[tokio::test]
async fn bad_query_parameters_log_no_error() {
    use tracing_subscriber::layer::SubscriberExt;
    let levels = Levels::default();
    let installed = tracing::subscriber::set_global_default(
        tracing_subscriber::registry().with(levels.clone()),
    );
    if installed.is_err() {
        // Another test of this process set it (a runner other than nextest): nothing to see.
        return;
    }
    let app = TestApp::spawn().await;
    for path in [
        "/api/v1/matches?status=xyz",
        "/api/v1/matches?game=chess",
        "/api/v1/matches?limit=100000",
        "/api/v1/matches?cursor=nonsense",
        "/api/v1/matches?player=a%00b",
        "/api/v1/leaderboards/yams?limit=-3",
    ] {
        let reply = app.get(path, None).await;
        assert!(reply.status.is_client_error(), "{path}: {}", reply.status);
    }
    let browser = Browser::new(&app);
    let page = browser.get("/lobby?status=xyz&game=chess").await;
    assert!(page.status.as_u16() < 500, "{}", page.status);
    let logged = levels.0.lock().unwrap().clone();
    assert!(
        !logged
            .iter()
            .any(|(level, _)| *level == tracing::Level::ERROR),
        "{logged:?}"
    );
    assert!(!logged.is_empty(), "the layer saw the requests' logs");
}

/// One address may create five accounts; the next waits (429 with `Retry-After`), whatever
/// the answer to the earlier ones. Other addresses, and signing in from the same one, are not
/// held back. The pages' sign-up form says so inline.
#[tokio::test]
async fn sign_ups_are_throttled_per_address() {
    let http = HttpSettings {
        client_ip_header: Some("X-Forwarded-For".to_owned()),
        ..HttpSettings::default()
    };
    let app = TestApp::spawn_with_quotas(tapis_service::quotas::Quotas::default(), http).await;
    let sign_up = |from: &'static str, name: String| {
        app.client
            .post(format!("{}/api/v1/accounts", app.base))
            .header("X-Forwarded-For", from)
            .json(&json!({"username": name, "password": "a fine password"}))
            .send()
    };
    // Five at once, within the free ones: all pass (none is held back by another's clock).
    let first = join_all((0..5).map(|i| sign_up("10.1.1.1", format!("flood{i}")))).await;
    for reply in first {
        assert_eq!(reply.unwrap().status(), StatusCode::CREATED);
    }
    // Then a burst at once: none gets through (a taken name counts as a sign-up too).
    let burst = join_all((10..30).map(|i| sign_up("10.1.1.1", format!("flood{i}")))).await;
    for reply in burst {
        assert_eq!(reply.unwrap().status(), StatusCode::TOO_MANY_REQUESTS);
    }
    for name in ["flood9", "flood0"] {
        let refused = sign_up("10.1.1.1", name.to_owned()).await.unwrap();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(refused.headers().contains_key("retry-after"));
        let problem: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(problem["code"], "rate_limited");
    }
    let elsewhere = sign_up("10.2.2.2", "neighbour".to_owned()).await.unwrap();
    assert_eq!(elsewhere.status(), StatusCode::CREATED);
    let signed_in = app
        .client
        .post(format!("{}/api/v1/sessions", app.base))
        .header("X-Forwarded-For", "10.1.1.1")
        .json(&json!({"username": "flood1", "password": "a fine password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), StatusCode::OK);
    // The form: the same refusal, in words, with what was typed kept. (The pages' browser
    // comes from 127.0.0.1, which the proxy header names here.)
    for i in 0..5 {
        let created = sign_up("127.0.0.1", format!("local{i}")).await.unwrap();
        assert_eq!(created.status(), StatusCode::CREATED);
    }
    let browser = Browser::new(&app);
    let page = browser
        .post(
            "/signup",
            &[
                ("username", "local7"),
                ("password", "a fine password"),
                ("password_again", "a fine password"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    page.assert_contains("local7");
}

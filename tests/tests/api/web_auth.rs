//! Signing up, in and out through the web forms; the session cookie; CSRF refusals.

use reqwest::StatusCode;
use tapis_service::SignInLimits;
use tapis_tests::{Browser, TestApp};

#[tokio::test]
async fn sign_up_sets_an_http_only_session_cookie_and_signs_in() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.get("/signup").await;
    let page = browser
        .post(
            "/signup",
            &[
                ("username", "Alice"),
                ("password", "correct horse"),
                ("password_again", "correct horse"),
                ("next", "/lobby"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.header("location"), "/lobby");
    let cookie = page.header("set-cookie");
    assert!(cookie.starts_with("tapis_session="), "{cookie}");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    let home = browser.get("/").await;
    home.assert_contains("Alice");
    home.assert_contains("Sign out");
    home.assert_contains("Waiting for your move");
}

#[tokio::test]
async fn a_refused_sign_up_keeps_the_username_and_says_why() {
    let app = TestApp::spawn().await;
    app.player("taken").await;
    let browser = Browser::new(&app);
    browser.get("/signup").await;
    let page = browser
        .post(
            "/signup",
            &[
                ("username", "Taken"),
                ("password", "correct horse"),
                ("password_again", "correct horse"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    page.assert_contains("already taken");
    page.assert_contains("value=\"Taken\"");
    page.assert_contains("aria-invalid=\"true\"");

    let short = browser
        .post(
            "/signup",
            &[
                ("username", "Bob"),
                ("password", "short"),
                ("password_again", "short"),
            ],
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    short.assert_contains("8 to 128 characters");
    short.assert_contains("value=\"Bob\"");
    assert!(
        !short.text.contains("value=\"short\""),
        "the password is never echoed"
    );

    let differ = browser
        .post(
            "/signup",
            &[
                ("username", "Bob"),
                ("password", "correct horse"),
                ("password_again", "correct horsf"),
            ],
        )
        .await;
    assert_eq!(differ.status, StatusCode::UNPROCESSABLE_ENTITY);
    differ.assert_contains("two passwords differ");
}

#[tokio::test]
async fn sign_in_and_out() {
    let app = TestApp::spawn().await;
    app.player("carol").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    let wrong = browser
        .post(
            "/signin",
            &[("username", "carol"), ("password", "wrong password")],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    wrong.assert_contains("Wrong username or password");
    wrong.assert_contains("value=\"carol\"");

    let ok = browser
        .post(
            "/signin",
            &[
                ("username", "carol"),
                ("password", "correct horse"),
                ("next", "//evil.example"),
            ],
        )
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER);
    assert_eq!(ok.header("location"), "/", "next never leaves the site");
    browser.get("/").await.assert_contains("Sign out");

    let out = browser.post("/signout", &[]).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert!(
        out.header("set-cookie").starts_with("tapis_session=;"),
        "{}",
        out.header("set-cookie")
    );
    let home = browser.get("/").await;
    assert!(!home.text.contains("Sign out"));
}

/// `next` forms whose dot segments resolve to the path `//evil.example` (or `/\evil.example`),
/// which a browser would follow to another host.
const DOT_SEGMENT_BYPASSES: [&str; 12] = [
    "/.//evil.example",
    "/..//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/.%2E//evil.example",
    "/./\\evil.example",
    "/./\t/evil.example",
    "/./\n/evil.example",
    ".//evil.example",
    "x/..//evil.example",
    "/.//evil.example?x=1#y",
];

#[tokio::test]
async fn dot_segments_in_next_never_lead_off_the_site() {
    let limits = SignInLimits {
        per_pair: 1000,
        per_account: 1000,
        per_address: 1000,
        ..SignInLimits::default()
    };
    let app = TestApp::spawn_with(limits).await;
    app.player("dora").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    // Through the form, signed out or in.
    for next in DOT_SEGMENT_BYPASSES {
        let page = browser
            .post(
                "/signin",
                &[
                    ("username", "dora"),
                    ("password", "correct horse"),
                    ("next", next),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next:?}");
        assert_eq!(page.header("location"), "/", "{next:?}");
    }
    // Signed in, the sign-in page sends the browser on at once: the same rule.
    for next in DOT_SEGMENT_BYPASSES {
        let page = browser
            .get(&format!("/signin?next={}", percent_encoded(next)))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next:?}");
        assert_eq!(page.header("location"), "/", "{next:?}");
    }
    // Dot segments that stay on a single-slash path still land where they resolve.
    let page = browser.get("/signin?next=%2Fx%2F..%2Flobby").await;
    assert_eq!(page.header("location"), "/lobby");
}

/// Every byte but ASCII letters and digits percent-encoded, for a query value.
fn percent_encoded(value: &str) -> String {
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
async fn posts_without_the_csrf_token_are_refused() {
    let app = TestApp::spawn().await;
    app.player("dave").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    let page = browser
        .post_raw(
            "/signin",
            &[("username", "dave"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    page.assert_contains("did not come from this site");
    assert!(page.header("set-cookie").is_empty(), "not signed in");

    let forged = browser
        .post_raw(
            "/signin",
            &[
                ("csrf", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
                ("username", "dave"),
                ("password", "correct horse"),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);

    // A fresh client with no CSRF cookie at all is refused too.
    let stranger = Browser::new(&app);
    let page = stranger
        .post_raw(
            "/signup",
            &[
                ("csrf", "x"),
                ("username", "eve"),
                ("password", "correct horse"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);

    // htmx requests carry the token in a header; without it they get an inline message.
    let hx = browser
        .client
        .post(format!("{}/signout", app.base))
        .header("HX-Request", "true")
        .send()
        .await
        .unwrap();
    assert_eq!(hx.status(), StatusCode::FORBIDDEN);
    assert_eq!(hx.headers()["hx-retarget"], "#flash");
    assert!(hx.text().await.unwrap().contains("role=\"alert\""));
}

#[tokio::test]
async fn web_sign_in_is_rate_limited_like_the_api() {
    let limits = SignInLimits {
        per_pair: 2,
        per_account: 2,
        per_address: 100,
        // Long enough that the test never outlives it.
        first_delay_secs: 600,
        ..SignInLimits::default()
    };
    let app = TestApp::spawn_with(limits).await;
    app.player("frank").await;
    let browser = Browser::new(&app);
    browser.get("/signin").await;
    for _ in 0..2 {
        let page = browser
            .post(
                "/signin",
                &[("username", "frank"), ("password", "bad password")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    }
    let limited = browser
        .post(
            "/signin",
            &[("username", "frank"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    limited.assert_contains("Too many attempts");
}

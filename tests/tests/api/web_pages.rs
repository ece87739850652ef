//! The web pages' frame: the home page, static files and their integrity, error pages and the
//! security headers.

use reqwest::StatusCode;
use sha2::Digest;
use tapis_tests::{Browser, TestApp};

#[tokio::test]
async fn the_home_page_presents_tapis_and_the_eight_games() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let page = browser.get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.header("content-type").starts_with("text/html"));
    for name in [
        "La Linotte",
        "Yam Master",
        "Linja",
        "5000",
        "421",
        "Can&#39;t Stop",
        "Yams",
        "Make Five",
    ] {
        page.assert_contains(name);
    }
    page.assert_contains("href=\"/rules/cant-stop\"");
    page.assert_contains("href=\"/api/docs\"");
    page.assert_contains("Sign up");
    // A CSRF cookie is handed out and its token is in the page.
    assert!(page.header("set-cookie").contains("tapis_csrf="));
    page.assert_contains("X-CSRF-Token");
}

#[tokio::test]
async fn htmx_is_vendored_and_served_with_a_matching_integrity_hash() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let home = browser.get("/").await;
    let src = "/static/htmx-2.0.11.min.js";
    home.assert_contains(&format!("src=\"{src}\" integrity=\"sha384-"));
    let at = home
        .text
        .find(&format!("src=\"{src}\" integrity=\""))
        .unwrap()
        + format!("src=\"{src}\" integrity=\"").len();
    let integrity: String = home.text[at..].chars().take_while(|c| *c != '"').collect();

    let response = browser
        .client
        .get(format!("{}{src}", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let bytes = response.bytes().await.unwrap();
    use base64_like::encode;
    let computed = format!("sha384-{}", encode(&sha2::Sha384::digest(&bytes)));
    assert_eq!(
        integrity, computed,
        "the page's integrity hash matches the file served"
    );
    assert!(String::from_utf8_lossy(&bytes).contains("htmx"));
    // Nothing is loaded from another site.
    assert!(!home.text.contains("https://"), "{}", home.text);
}

/// Standard base64, to check integrity hashes without another dependency.
mod base64_like {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    pub fn encode(bytes: &[u8]) -> String {
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }
}

#[tokio::test]
async fn the_stylesheet_is_served_under_its_hashed_name() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let home = browser.get("/").await;
    let at = home.text.find("href=\"/static/tapis-").unwrap() + "href=\"".len();
    let path: String = home.text[at..].chars().take_while(|c| *c != '"').collect();
    assert!(path.ends_with(".css"), "{path}");
    let css = browser.get(&path).await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.header("content-type").starts_with("text/css"));
    let missing = browser.get("/static/nothing.css").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_pages_get_a_friendly_404_page_with_security_headers() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let page = browser.get("/no/such/page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    page.assert_contains("Not found");
    page.assert_contains("href=\"/\"");
    assert!(
        page.header("content-security-policy")
            .contains("default-src 'self'")
    );
    assert_eq!(page.header("x-frame-options"), "DENY");
    // A malformed id is a 404 too, not a raw error.
    let bad = browser.get("/matches/not-a-uuid").await;
    assert_eq!(bad.status, StatusCode::NOT_FOUND);
    bad.assert_contains("Not found");
    // A signed-in player's error pages keep their navigation: no "Sign in" offered to them.
    page.assert_contains("href=\"/signin\"");
    let signed_in = Browser::new(&app);
    signed_in.sign_up("marie_dupont").await;
    for path in [
        "/no/such/page",
        "/matches/not-a-uuid",
        "/players/nobody_here",
    ] {
        let page = signed_in.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        page.assert_contains("Not found");
        page.assert_contains(">marie_dupont</a>");
        assert!(
            !page.text.contains("href=\"/signin\""),
            "{path}: {}",
            page.text
        );
    }
    // The API keeps its problem+json errors.
    let api = browser.get("/api/v1/nothing").await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert!(
        api.header("content-type")
            .starts_with("application/problem+json")
    );
}

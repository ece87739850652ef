//! The language of the pages: the account's choice, else the switch's cookie, else the
//! browser's `Accept-Language`, else English; the switch on every page.

use reqwest::StatusCode;
use tapis_tests::{Browser, TestApp};

fn lang_of(page: &tapis_tests::WebPage) -> String {
    let at = page.text.find("<html lang=\"").expect("an html element") + "<html lang=\"".len();
    page.text[at..].chars().take_while(|c| *c != '"').collect()
}

#[tokio::test]
async fn the_pages_follow_the_languages_the_browser_ranks_first() {
    let app = TestApp::spawn().await;
    for (accept, expected) in [
        (None, "en"),
        (Some("fr"), "fr"),
        (Some("fr-CA,fr;q=0.9,en;q=0.5"), "fr"),
        (Some("fr-BE"), "fr"),
        (Some("en-US,en;q=0.9,fr;q=0.8"), "en"),
        // Ranked by quality, not by the order written.
        (Some("de, en;q=0.1, fr;q=0.5"), "fr"),
        (Some("de-DE, it"), "en"),
        (Some("not a language header;;;"), "en"),
    ] {
        let browser = match accept {
            Some(header) => Browser::speaking(&app, header),
            None => Browser::new(&app),
        };
        let page = browser.get("/").await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(lang_of(&page), expected, "Accept-Language: {accept:?}");
        if expected == "fr" {
            page.assert_contains("Créer un compte");
            assert!(!page.text.contains(">Sign up<"), "{accept:?}");
        } else {
            page.assert_contains(">Sign up<");
        }
    }
}

#[tokio::test]
async fn the_switch_is_remembered_by_a_visitor_and_comes_back_to_the_page() {
    let app = TestApp::spawn().await;
    let browser = Browser::speaking(&app, "fr-FR,fr;q=0.9");
    let page = browser.get("/rules").await;
    assert_eq!(lang_of(&page), "fr");
    // Every page offers the switch, each language named in itself.
    page.assert_contains("action=\"/language\"");
    page.assert_contains(">English<");
    page.assert_contains(">Français<");

    let switched = browser
        .post("/language", &[("lang", "en"), ("next", "/rules")])
        .await;
    assert_eq!(switched.status, StatusCode::SEE_OTHER);
    assert_eq!(switched.header("location"), "/rules");
    assert!(switched.header("set-cookie").contains("tapis_lang=en"));
    assert_eq!(lang_of(&browser.get("/rules").await), "en");
    assert_eq!(lang_of(&browser.get("/lobby").await), "en");

    // A language Tapis does not have changes nothing.
    let refused = browser
        .post("/language", &[("lang", "de"), ("next", "/")])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(lang_of(&browser.get("/").await), "en");

    // Never sent off the site.
    let away = browser
        .post("/language", &[("lang", "fr"), ("next", "//evil.example/x")])
        .await;
    assert_eq!(away.status, StatusCode::SEE_OTHER);
    assert_eq!(away.header("location"), "/");
    assert_eq!(lang_of(&browser.get("/").await), "fr");

    // Without the form's CSRF token, nothing is switched.
    let forged = browser
        .post_raw("/language", &[("lang", "en"), ("next", "/")])
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert_eq!(lang_of(&browser.get("/").await), "fr");
}

#[tokio::test]
async fn a_players_choice_follows_them_to_another_browser() {
    let app = TestApp::spawn().await;
    let home = Browser::speaking(&app, "en");
    home.sign_up("marie").await;
    assert_eq!(lang_of(&home.get("/").await), "en");
    let switched = home
        .post("/language", &[("lang", "fr"), ("next", "/")])
        .await;
    assert_eq!(switched.status, StatusCode::SEE_OTHER);
    assert_eq!(lang_of(&home.get("/").await), "fr");

    // Another browser, which asks for English and has no cookie: once signed in as marie, the
    // account's choice wins.
    let work = Browser::speaking(&app, "en-GB");
    assert_eq!(lang_of(&work.get("/").await), "en");
    work.get("/signin").await;
    let signed_in = work
        .post(
            "/signin",
            &[("username", "marie"), ("password", "correct horse")],
        )
        .await;
    assert_eq!(
        signed_in.status,
        StatusCode::SEE_OTHER,
        "{}",
        signed_in.text
    );
    assert_eq!(lang_of(&work.get("/").await), "fr");
    assert_eq!(lang_of(&work.get("/account").await), "fr");
}

#[tokio::test]
async fn error_pages_speak_the_readers_language() {
    let app = TestApp::spawn().await;
    let page = Browser::speaking(&app, "fr").get("/no-such-page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert_eq!(lang_of(&page), "fr");
    let page = Browser::new(&app).get("/no-such-page").await;
    assert_eq!(lang_of(&page), "en");
}

//! Every page in both languages, drawn from real states reached by play: no page shows a
//! message missing from a language's files or a placeholder left unfilled, and each says its
//! language.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, Rng, TestApp, WebPage};

/// How many moves of each match are played before it is resigned (its end is drawn too).
const MOVES_PER_GAME: usize = 160;
/// Every how many moves the match page is drawn in each language.
const DRAW_EVERY: usize = 20;

/// A browser of `username`, signed in, whose reader asks for `accept_language`.
async fn signed_in(app: &TestApp, username: &str, accept_language: &str) -> Browser {
    let browser = Browser::speaking(app, accept_language);
    browser.get("/signin").await;
    let page = browser
        .post(
            "/signin",
            &[("username", username), ("password", "correct horse")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    browser
}

/// The checks every page passes, in the language it was asked in.
fn assert_whole(page: &WebPage, lang: &str, what: &str) {
    assert_eq!(
        page.status,
        StatusCode::OK,
        "{what} ({lang}): {}",
        page.text
    );
    // A fragment (the table, swapped into a page) has no `<html>` of its own.
    let fragment = !page.text.contains("<html");
    assert!(
        fragment || page.text.contains(&format!("<html lang=\"{lang}\">")),
        "{what} is not in {lang}"
    );
    if lang == "fr" {
        assert_french(page, what);
    }
    for broken in [tapis_l10n::MISSING.trim(), "{$", "{ $"] {
        assert!(
            !page.text.contains(broken),
            "{what} ({lang}) shows {broken:?}: {}",
            context(&page.text, broken)
        );
    }
}

/// English words that no French page may show (game names aside: "Can't Stop", "Make Five" and
/// "Yam Master" are names in every language).
const ENGLISH_WORDS: &[&str] = &[
    "the", "your", "you", "with", "and", "which", "turn", "move", "wins", "throw", "dice",
    "player", "players", "rules", "sign", "round", "waiting", "resign", "play", "choose",
];

/// `html` without its `<name ...>...</name>` elements.
fn without_elements(html: &str, name: &str) -> String {
    let (open, close) = (format!("<{name}"), format!("</{name}>"));
    let mut kept = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find(&open) {
        kept.push_str(&rest[..start]);
        rest = match rest[start..].find(&close) {
            Some(stop) => &rest[start + stop + close.len()..],
            None => "",
        };
    }
    kept.push_str(rest);
    kept
}

/// The words a reader sees: the text between tags (scripts, styles and code samples aside)
/// and the attributes shown or read aloud, in lower case.
fn visible_words(html: &str) -> Vec<String> {
    let mut html = html.to_owned();
    for name in ["script", "style", "code"] {
        html = without_elements(&html, name);
    }
    let mut text = String::new();
    let mut tag: Option<String> = None;
    for c in html.chars() {
        match (c, tag.as_mut()) {
            ('<', _) => tag = Some(String::new()),
            ('>', Some(inside)) => {
                for attribute in ["aria-label=\"", "title=\"", "alt=\"", "placeholder=\""] {
                    if let Some(at) = inside.find(attribute) {
                        let value = &inside[at + attribute.len()..];
                        text.push(' ');
                        text.push_str(value.split('"').next().unwrap_or(""));
                    }
                }
                text.push(' ');
                tag = None;
            }
            (_, Some(inside)) => inside.push(c),
            (_, None) => text.push(c),
        }
    }
    text.split(|c: char| !c.is_alphabetic() && c != '\'' && c != '’')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A French page shows none of [`ENGLISH_WORDS`].
fn assert_french(page: &WebPage, what: &str) {
    let english: Vec<String> = visible_words(&page.text)
        .into_iter()
        .filter(|w| ENGLISH_WORDS.contains(&w.as_str()))
        .collect();
    assert!(english.is_empty(), "{what} in French shows {english:?}");
}

fn context(text: &str, needle: &str) -> String {
    let at = text.find(needle).unwrap_or(0);
    let start = text.floor_char_boundary(at.saturating_sub(120));
    let end = text.ceil_char_boundary((at + 120).min(text.len()));
    text[start..end].to_owned()
}

/// Draws `path` for each browser, in its language.
async fn draw_everywhere(browsers: &[(&Browser, &str)], path: &str) {
    for (browser, lang) in browsers {
        let page = browser.get(path).await;
        assert_whole(&page, lang, path);
    }
}

/// The token of the player who is to act in `id`, with their view.
async fn to_act(app: &TestApp, id: &str, tokens: &[&str]) -> Option<(usize, Value)> {
    for (i, token) in tokens.iter().enumerate() {
        let view = app
            .get(&format!("/api/v1/matches/{id}"), Some(token))
            .await
            .body;
        if view["status"] != "active" {
            return None;
        }
        if view["legal_actions"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
        {
            return Some((i, view));
        }
    }
    None
}

#[tokio::test]
async fn every_page_of_every_game_is_whole_in_both_languages() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let alice_fr = signed_in(&app, "alice", "fr-FR,fr;q=0.9").await;
    let alice_en = signed_in(&app, "alice", "en-GB").await;
    let bob_fr = signed_in(&app, "bob", "fr").await;
    let visitor_fr = Browser::speaking(&app, "fr");
    let visitor_en = Browser::new(&app);
    let everyone = [
        (&alice_fr, "fr"),
        (&alice_en, "en"),
        (&bob_fr, "fr"),
        (&visitor_fr, "fr"),
        (&visitor_en, "en"),
    ];
    let tokens = [alice.as_str(), bob.as_str()];
    let games = app.get("/api/v1/games", None).await.body;
    let mut rng = Rng(15);
    for game in games.as_array().unwrap() {
        let game = game["id"].as_str().unwrap();
        let view = app
            .started_match(game, &tokens, json!({"rated": true, "days_per_move": 3}))
            .await;
        let id = view["id"].as_str().unwrap().to_owned();
        let page = format!("/matches/{id}");
        for moves in 0..MOVES_PER_GAME {
            if moves % DRAW_EVERY == 0 {
                draw_everywhere(&everyone, &page).await;
                draw_everywhere(&everyone[..3], &format!("{page}/table")).await;
            }
            let Some((seat, view)) = to_act(&app, &id, &tokens).await else {
                break;
            };
            let actions = view["legal_actions"].as_array().unwrap();
            let action = actions[rng.below(actions.len())].clone();
            let reply = app
                .post(
                    &format!("/api/v1/matches/{id}/actions"),
                    Some(tokens[seat]),
                    json!({"version": view["version"], "action": action}),
                )
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{game}: {:?}", reply.body);
        }
        // The end: a match still in play is resigned, and its last page and replay are drawn.
        let now = app
            .get(&format!("/api/v1/matches/{id}"), Some(&alice))
            .await
            .body;
        if now["status"] == "active" {
            let resigned = app
                .post(
                    &format!("/api/v1/matches/{id}/resign"),
                    Some(&bob),
                    json!({}),
                )
                .await;
            assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
        }
        draw_everywhere(&everyone, &page).await;
        for step in [0, 1, 5] {
            draw_everywhere(&everyone, &format!("{page}/replay?step={step}")).await;
        }
        draw_everywhere(&everyone, &format!("/rules/{game}")).await;
        draw_everywhere(&everyone, &format!("/leaderboards/{game}")).await;
        draw_everywhere(&everyone, &format!("/lobby?game={game}")).await;
    }
    for path in [
        "/",
        "/lobby",
        "/rules",
        "/leaderboards",
        "/players/alice",
        "/players/tapis-strong",
    ] {
        draw_everywhere(&everyone, path).await;
    }
    draw_everywhere(&everyone[..3], "/account").await;
    draw_everywhere(&[(&visitor_fr, "fr"), (&visitor_en, "en")], "/signin").await;
    draw_everywhere(&[(&visitor_fr, "fr"), (&visitor_en, "en")], "/signup").await;
}

#[test]
fn the_check_reads_what_a_reader_sees() {
    assert_eq!(
        visible_words(
            r#"<p title="Your move">Le <b>tour</b> d’Alice</p><code>the</code><script>and</script>"#
        ),
        ["your", "move", "le", "tour", "d’alice"]
    );
}

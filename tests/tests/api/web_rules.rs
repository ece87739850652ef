//! The rules pages: an index of the eight games and one page per game, with the game's options
//! as the API describes them and the French words explained.

use reqwest::StatusCode;
use tapis_tests::{Browser, TestApp, WebPage};

/// Every game, with words its rules page must explain.
const GAMES: [(&str, &str, &[&str]); 8] = [
    (
        "linotte",
        "La Linotte",
        &["Appel", "Sec", "Brelan", "Carré", "Full", "Quinte", "Small"],
    ),
    (
        "yam-master",
        "Yam Master",
        &["Défi", "Yam Predator", "Suite", "≤8", "Sec", "Carré"],
    ),
    (
        "linja",
        "Linja",
        &["coup de départ", "coup de suite", "bonus", "goal line"],
    ),
    (
        "5000",
        "5000",
        &["Main pleine", "Ballot", "Brelan", "opening", "zero throw"],
    ),
    (
        "421",
        "421",
        &[
            "charge",
            "décharge",
            "nénette",
            "fiche",
            "baraque",
            "jetons",
        ],
    ),
    (
        "cant-stop",
        "Can&#39;t Stop",
        &["runners", "bust", "top space"],
    ),
    (
        "yams",
        "Yams",
        &[
            "Brelan", "Carré", "Full", "Suite", "Chance", "Prime", "barrer",
        ],
    ),
    (
        "make-five",
        "Make Five",
        &["Aligneur", "Destructeur", "Cinq sur Cinq", "Make 5"],
    ),
];

/// The part of a page inside `<main>` (the footer links to the API docs on every page).
fn main_of(page: &WebPage) -> &str {
    let start = page.text.find("<main").expect("a <main> element");
    let end = page.text.find("</main>").expect("the end of <main>");
    &page.text[start..end]
}

#[tokio::test]
async fn every_game_has_a_rules_page_with_its_words_and_its_options() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    for (id, name, words) in GAMES {
        let page = browser.get(&format!("/rules/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{id}");
        page.assert_contains(&format!("<title>Rules of {name} · Tapis</title>"));
        page.assert_contains(&format!("<h1 id=\"rules-title\">Rules of {name}</h1>"));
        // The same sections on every page.
        for section in [
            "goal", "material", "turn", "scoring", "end", "on-tapis", "options",
        ] {
            page.assert_contains(&format!("id=\"{section}\""));
        }
        for word in words {
            page.assert_contains(word);
        }
        // Every option the game really has, under the name the API and the lobby use, with
        // its default.
        let info = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(info.status, StatusCode::OK);
        let options = info.body["options"].as_array().unwrap();
        assert!(!options.is_empty(), "{id} has options");
        for option in options {
            let option_name = option["name"].as_str().unwrap();
            page.assert_contains(&format!("<code>{option_name}</code>"));
            let row = page
                .text
                .split(&format!("<li id=\"option-{option_name}\">"))
                .nth(1)
                .and_then(|rest| rest.split("</li>").next())
                .unwrap_or_else(|| panic!("{id}: no row for {option_name}"));
            // The option's heading and values are players' words: the API's names (with
            // underscores) appear only as the API's name.
            let heading = row.split("</h3>").next().unwrap_or_default();
            assert!(!heading.contains('_'), "{id}: {heading}");
            match &option["default"] {
                serde_json::Value::String(s) => {
                    let shown = row
                        .split("Default: <strong>")
                        .nth(1)
                        .and_then(|rest| rest.split("</strong>").next())
                        .unwrap_or_default();
                    assert!(!shown.is_empty() && !shown.contains('_'), "{id}: {row}");
                    if s.contains('_') {
                        assert!(!row.contains(&s.replace('_', " ")), "{id}: {row}");
                    }
                }
                other => {
                    let default = match other {
                        serde_json::Value::Bool(true) => "on".to_owned(),
                        serde_json::Value::Bool(false) => "off".to_owned(),
                        other => other.to_string(),
                    };
                    assert!(
                        row.contains(&format!("<strong>{default}</strong>")),
                        "{id}: {option_name} defaults to {default}: {row}"
                    );
                }
            }
        }
        // Links to play the game and to the API's documentation, in the page itself.
        let main = main_of(&page);
        assert!(main.contains(&format!("href=\"/lobby?game={id}\"")), "{id}");
        assert!(main.contains("href=\"/api/docs\""), "{id}");
        // The navigation marks the Rules section.
        page.assert_contains("<a href=\"/rules\" aria-current=\"page\">Rules</a>");
    }
}

#[tokio::test]
async fn french_words_are_explained_where_they_appear() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let page = browser.get("/rules/421").await;
    page.assert_contains(
        "<abbr title=\"2-2-1, the weakest throw of 421\">nénette</abbr> (2-2-1, the weakest throw)",
    );
    page.assert_contains("<dt lang=\"fr\">Décharge</dt>");
    let yams = browser.get("/rules/yams").await;
    yams.assert_contains("<abbr title=\"three of a kind: three dice showing the same face\">Brelan</abbr> (three of a kind)");
}

#[tokio::test]
async fn the_rules_tables_are_those_of_the_games() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    // Yams: every box with a worked example.
    let yams = browser.get("/rules/yams").await;
    for (example, points) in [("4-4-4-2-6", 10), ("5-5-5-2-2", 30), ("6-6-6-6-6", 50)] {
        yams.assert_contains(&format!(
            "<span class=\"dice-text\">{example}</span> → {points}"
        ));
    }
    // 5000: the scoring dice.
    let five = browser.get("/rules/5000").await;
    five.assert_contains("<th scope=\"row\">three 1s</th><td>1000</td>");
    five.assert_contains("<th scope=\"row\">a single 5</th><td>50</td>");
    // 421: the order, from 421 down to the nénette, and all 56 results.
    let four = browser.get("/rules/421").await;
    let first = four
        .text
        .find("<span class=\"dice-text\">4-2-1</span>")
        .unwrap();
    let fiche = four
        .text
        .find("<span class=\"dice-text\">6-1-1</span>")
        .unwrap();
    let baraque = four
        .text
        .find("<span class=\"dice-text\">6-6-6</span>")
        .unwrap();
    let nenette = four
        .text
        .find("<span class=\"dice-text\">2-2-1</span>")
        .unwrap();
    assert!(first < fiche && fiche < baraque && baraque < nenette);
    assert_eq!(
        four.text.matches("<li><span class=\"dice-text\">").count(),
        56
    );
    // La Linotte and Yam Master: the same grid under each game's names.
    let linotte = browser.get("/rules/linotte").await;
    let yam_master = browser.get("/rules/yam-master").await;
    assert_eq!(linotte.text.matches("class=\"linotte-grid\"").count(), 1);
    assert_eq!(
        linotte
            .text
            .matches("<td><span class=\"visually-hidden\">Brelan of </span>")
            .count(),
        12
    );
    assert!(linotte.text.contains(">Quinte</abbr></td>"));
    assert!(yam_master.text.contains(">Suite</abbr></td>"));
    assert!(!yam_master.text.contains(">Appel</abbr></td>"));
    // Can't Stop: the eleven columns with their heights.
    let cant_stop = browser.get("/rules/cant-stop").await;
    cant_stop.assert_contains("<td>13</td>");
}

#[tokio::test]
async fn the_index_lists_the_eight_games_and_every_french_word() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let page = browser.get("/rules").await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("<title>Rules of the games · Tapis</title>");
    assert_eq!(page.text.matches("<li class=\"game-card\">").count(), 8);
    for (id, name, _) in GAMES {
        page.assert_contains(&format!("<h3><a href=\"/rules/{id}\">{name}</a></h3>"));
    }
    assert!(main_of(&page).contains("href=\"/api/docs\""));
    for word in ["Nénette", "Aligneur", "Main pleine", "Yam Predator"] {
        page.assert_contains(&format!("<dt lang=\"fr\">{word}</dt>"));
    }
}

#[tokio::test]
async fn an_unknown_game_has_no_rules_page() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    for path in [
        "/rules/chess",
        "/rules/YAMS",
        "/rules/5000/extra",
        "/rules/%00",
    ] {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        page.assert_contains("Not found");
    }
}

#[tokio::test]
async fn the_rules_are_linked_from_the_navigation_the_home_page_and_the_lobby() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    let home = browser.get("/").await;
    home.assert_contains("<a href=\"/rules\" aria-current=\"false\">Rules</a>");
    for (id, _, _) in GAMES {
        home.assert_contains(&format!("href=\"/rules/{id}\""));
    }
    browser.sign_up("reader").await;
    let lobby = browser.get("/lobby?game=421").await;
    lobby.assert_contains("<a href=\"/rules/421\">Rules of 421</a>");
    // Every rules page links to the next and the previous game.
    let yams = browser.get("/rules/yams").await;
    yams.assert_contains("<a href=\"/rules/cant-stop\" rel=\"prev\">");
    yams.assert_contains("<a href=\"/rules/make-five\" rel=\"next\">");
}

/// French names each game with its article ("Règles du Yams", "Jouer au 421", but "Règles de
/// La Linotte"), and its Linja page says how the match page moves a piece: pick it, then the
/// row it goes to.
#[tokio::test]
async fn french_rules_pages_name_each_game_as_french_does() {
    let app = TestApp::spawn().await;
    let browser = Browser::speaking(&app, "fr");
    let yams = browser.get("/rules/yams").await;
    yams.assert_contains("Règles du Yams</h1>");
    yams.assert_contains(">Jouer au Yams</a>");
    yams.assert_contains("Jouer contre l’ordinateur au Yams");
    assert!(!yams.text.contains("Règles de Yams"), "{}", yams.text);
    assert!(!yams.text.contains("Jouer à Yams"), "{}", yams.text);
    let four = browser.get("/rules/421").await;
    four.assert_contains("Règles du 421</h1>");
    four.assert_contains(">Jouer au 421</a>");
    let linotte = browser.get("/rules/linotte").await;
    linotte.assert_contains("Règles de La Linotte</h1>");
    linotte.assert_contains(">Jouer à La Linotte</a>");
    // English says the name alone.
    let english = Browser::new(&app).get("/rules/yams").await;
    english.assert_contains("Rules of Yams</h1>");
    english.assert_contains(">Play Yams</a>");

    // Linja: the page picks a piece, then the row it goes to; the rules say so in both
    // languages.
    let linja = browser.get("/rules/linja").await;
    linja.assert_contains("Cliquez sur l’un de vos pions sur le plan de jeu, puis");
    assert!(
        !linja.text.contains("Cliquez sur l’un des coups proposés"),
        "{}",
        linja.text
    );
    let linja = Browser::new(&app).get("/rules/linja").await;
    linja.assert_contains("click one of your pieces on the board, then");
}

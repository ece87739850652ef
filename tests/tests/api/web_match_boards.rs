//! The match pages of the board games with presenters of their own: Can't Stop (the eleven
//! columns, the dice, the pairings as buttons in words, stop or throw again, a whole match
//! through the web forms) and Make Five (the inclined board, a token's menu of destinations,
//! the pass, the Destructeur's drops).

use reqwest::StatusCode;
use serde_json::Value;
use tapis_tests::{Browser, TestApp, WebPage};

use crate::web_match::{self, actions, two_player_match, unescape};

/// The accessible names of the page's action buttons, in page order.
fn action_labels(page: &WebPage) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = page.text.as_str();
    while let Some(at) = rest.find("name=\"action\"") {
        rest = &rest[at..];
        let end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..end];
        let label = tag.find("aria-label=\"").map(|start| {
            let value: String = tag[start + "aria-label=\"".len()..]
                .chars()
                .take_while(|c| *c != '"')
                .collect();
            unescape(&value)
        });
        let label = label.unwrap_or_else(|| {
            // A menu button is named by its text.
            let text_end = rest.find("</button>").unwrap_or(rest.len());
            unescape(rest[end + 1..text_end].trim())
        });
        out.push(label);
        rest = &rest[end..];
    }
    out
}

/// The index of the browser whose page says it is their move and that page, or `None` once
/// the match is over.
async fn mover(players: &[&Browser], id: &str) -> Option<(usize, WebPage)> {
    for (index, browser) in players.iter().enumerate() {
        let page = browser.get(&format!("/matches/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        if page.text.contains("<strong>Your move</strong>") {
            return Some((index, page));
        }
        if page.text.contains("data-testid=\"result\"") {
            return None;
        }
    }
    panic!("nobody has the move in match {id}");
}

/// Posts one literal action through the page's form, which must take it.
async fn play(browser: &Browser, id: &str, page: &WebPage, action: &Value) -> WebPage {
    let posted = web_match::play(browser, id, page, action).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    posted
}

#[tokio::test]
async fn web_cant_stop_shows_the_columns_the_dice_and_the_pairings_in_words() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "cant-stop").await;
    let (index, page) = mover(&[&alice, &bob], &id)
        .await
        .unwrap_or_else(|| panic!("the match is over"));
    let player = [&alice, &bob][index];
    let other = [&alice, &bob][1 - index];

    // The board: eleven columns, each with words; four dice; the start throws in the log.
    page.assert_contains("data-testid=\"columns\"");
    assert_eq!(page.text.matches("data-testid=\"column\"").count(), 11);
    page.assert_contains("aria-label=\"Column 7, 13 spaces: empty\"");
    page.assert_contains("aria-label=\"Column 2, 3 spaces: empty\"");
    assert_eq!(page.text.matches("data-testid=\"die\"").count(), 4);
    page.assert_contains("aria-label=\"die showing ");
    page.assert_contains("to decide who starts");
    page.assert_contains(" plays first");
    page.assert_contains("Choose which columns to advance");
    // The first throw of a game never busts: every choice is an advance, named in words.
    let offered = actions(&page);
    assert!(!offered.is_empty());
    assert!(
        offered.iter().all(|a| a["type"] == "advance"),
        "{offered:?}"
    );
    let labels = action_labels(&page);
    assert_eq!(labels.len(), offered.len());
    assert!(
        labels.iter().all(|l| l.starts_with("Advance ")),
        "{labels:?}"
    );
    // The other player sees the same board and nothing to click.
    let watching = other.get(&format!("/matches/{id}")).await;
    watching.assert_contains("data-testid=\"columns\"");
    assert!(actions(&watching).is_empty());

    // Advance: the runners appear, then stop or throw again.
    play(player, &id, &page, &offered[0]).await;
    let page = player.get(&format!("/matches/{id}")).await;
    page.assert_contains(": runner at ");
    page.assert_contains(" advanced ");
    page.assert_contains("title=\"runner on ");
    let labels = action_labels(&page);
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert!(labels[0].starts_with("Stop: keep "), "{labels:?}");
    assert!(labels[1].starts_with("Throw again: "), "{labels:?}");
    page.assert_contains("class=\"button button-primary action-button\"");
    let stop = actions(&page)
        .into_iter()
        .find(|a| a["type"] == "stop")
        .unwrap();
    play(player, &id, &page, &stop).await;
    let page = player.get(&format!("/matches/{id}")).await;
    page.assert_contains(" stopped: ");
    page.assert_contains(" marker at ");
}

#[tokio::test]
async fn web_cant_stop_a_whole_match_through_the_web_forms() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "cant-stop").await;
    let players = [&alice, &bob];
    let mut moves = 0;
    while let Some((index, page)) = mover(&players, &id).await {
        let player = players[index];
        let offered = actions(&page);
        assert!(!offered.is_empty(), "nothing to click:\n{}", page.text);
        // Stop whenever possible, else advance the first pairing offered.
        let choice = offered
            .iter()
            .find(|a| a["type"] == "stop")
            .unwrap_or(&offered[0]);
        play(player, &id, &page, choice).await;
        moves += 1;
        assert!(moves < 1000, "the match does not end");
    }
    let over = alice.get(&format!("/matches/{id}")).await;
    over.assert_contains("data-testid=\"result\"");
    over.assert_contains("The match is over: a player claimed the columns needed.");
    assert_eq!(over.text.matches("data-testid=\"ranking-row\"").count(), 2);
    over.assert_contains(" claimed column ");
    over.assert_contains("Game over, the columns needed are claimed: ");
    over.assert_contains("The game is over: a player claimed the columns needed.");
    over.assert_contains("claimed by ");
    assert!(actions(&over).is_empty());
    // The winner claimed three columns, or four when their last stop claimed two at once.
    assert!(
        over.text.contains("3 of 3") || over.text.contains("4 of 3"),
        "{}",
        over.text
    );
}

#[tokio::test]
async fn web_make_five_shows_the_board_a_token_menu_the_pass_and_the_drops() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "make-five").await;
    let (index, page) = mover(&[&alice, &bob], &id)
        .await
        .unwrap_or_else(|| panic!("the match is over"));
    let aligneur = [&alice, &bob][index];
    let destructeur = [&alice, &bob][1 - index];

    // The inclined board with its five set-up tokens, each with a colour, a symbol and words.
    page.assert_contains("data-testid=\"board\"");
    // The Aligneur picks a token on the board, then the column it goes to.
    page.assert_contains("class=\"board board-inclined board-picking\"");
    assert_eq!(
        page.text.matches("data-testid=\"board-cell\"").count(),
        25 + 5
    );
    page.assert_contains(", place 1 (bottom): ");
    page.assert_contains("Column 1, place 5: empty");
    page.assert_contains("Deal 1 of 6");
    page.assert_contains("title=\"the orderer: ");
    page.assert_contains("data-testid=\"bag\"");
    page.assert_contains("data-testid=\"sheet\"");
    page.assert_contains(" drew a ");
    // Each token is picked on the board; its moves are buttons above the columns they go to
    // (shown once it is picked), each linked to its token; the pass is a quiet button.
    assert_eq!(page.text.matches("data-testid=\"pick\"").count(), 5);
    assert_eq!(page.text.matches("data-testid=\"cell-menu\"").count(), 0);
    assert_eq!(
        page.text
            .matches("class=\"cell-form move-target\" data-from=\"")
            .count(),
        20
    );
    let offered = actions(&page);
    assert_eq!(offered.len(), 21, "{offered:?}");
    let labels = action_labels(&page);
    assert!(
        labels
            .iter()
            .any(|l| l.contains(" from column 1, place 1, to column 2 (then the board scores ")),
        "{labels:?}"
    );
    page.assert_contains("class=\"button button-quiet action-button\"");
    // The Destructeur waits.
    let watching = destructeur.get(&format!("/matches/{id}")).await;
    assert!(actions(&watching).is_empty());
    watching.assert_contains("data-testid=\"board\"");

    // A move from a token's menu; then the Destructeur drops the drawn token.
    let first_move = offered
        .iter()
        .find(|a| a["type"] == "move")
        .unwrap()
        .clone();
    play(aligneur, &id, &page, &first_move).await;
    let page = destructeur.get(&format!("/matches/{id}")).await;
    page.assert_contains("<strong>Your move</strong>");
    page.assert_contains(" moved the ");
    page.assert_contains("data-testid=\"hand\"");
    page.assert_contains("class=\"drop-button\"");
    let drops = actions(&page);
    assert_eq!(drops.len(), 5, "{drops:?}");
    assert!(drops.iter().all(|a| a["type"] == "place"));
    let labels = action_labels(&page);
    assert!(labels.iter().all(|l| l.starts_with("Drop ")), "{labels:?}");
    play(destructeur, &id, &page, &drops[2]).await;
    let page = aligneur.get(&format!("/matches/{id}")).await;
    page.assert_contains("<strong>Your move</strong>");
    page.assert_contains(" dropped the ");
    page.assert_contains(" into column 3, place ");
    // The pass.
    let pass = actions(&page)
        .into_iter()
        .find(|a| a["type"] == "pass")
        .unwrap();
    play(aligneur, &id, &page, &pass).await;
    let page = destructeur.get(&format!("/matches/{id}")).await;
    page.assert_contains(" passed, leaving the board as it is");
}

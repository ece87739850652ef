//! The match pages of the grid and board games: La Linotte and Yam Master (the 5×5 grid, the
//! dice, the Appel or the Défi) and Linja (the eight rows and their moves), played through the
//! page's forms, and a whole Linja match played to its result by clicking only.

use reqwest::StatusCode;
use tapis_tests::{Browser, TestApp, WebPage};

use super::web_match::{
    actions, compose_template, mover, pickable_faces, play, two_player_match, values_after, version,
};

/// Ticks the first die of the page's dice form, to keep it, and throws the others again.
async fn throw_again_all_but_one(player: &Browser, id: &str, page: &WebPage) -> WebPage {
    let template = compose_template(page).unwrap_or_else(|| panic!("no dice form:\n{}", page.text));
    let faces: Vec<String> = pickable_faces(page).iter().map(u8::to_string).collect();
    assert_eq!(faces.len(), 5, "{}", page.text);
    let v = version(page).to_string();
    let mut fields = vec![("version", v.as_str()), ("compose", template.as_str())];
    fields.push(("pick", faces[0].as_str()));
    fields.extend(faces.iter().map(|f| ("die", f.as_str())));
    let posted = player.post(&format!("/matches/{id}/act"), &fields).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    player.get(&format!("/matches/{id}")).await
}

/// A turn of La Linotte or Yam Master through the page: the grid and the dice are drawn, the
/// challenge is taken with its button, all dice are thrown again with the dice form, and the
/// player stops on a cell of the grid (or without a pawn).
async fn a_grid_turn(game: &str, labels: [&str; 3], challenge: (&str, &str)) {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, game).await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let (player, other) = if index == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };

    // The grid: 25 cells, each with its combination in words and printed as in this game.
    page.assert_contains("data-testid=\"board\"");
    assert_eq!(page.text.matches("data-testid=\"board-cell\"").count(), 25);
    page.assert_contains("aria-label=\"Row 1, column 1: Brelan of 1s, free\"");
    page.assert_contains("aria-label=\"Row 3, column 3: Yam, free\"");
    for label in labels {
        page.assert_contains(&format!(">{label}</abbr>"));
    }
    // The dice: thrown once, each with its text alternative, tickable.
    page.assert_contains("Throw 1 of 3");
    assert_eq!(pickable_faces(&page).len(), 5);
    page.assert_contains("<span class=\"visually-hidden\"> die showing ");
    let template = compose_template(&page).unwrap();
    assert!(
        template.contains("\"faces\"") && template.contains("reroll"),
        "{template}"
    );
    // Ticking a die keeps it, as in every game.
    page.assert_contains("Throw the others again");
    page.assert_contains("<span class=\"die-verb\">Keep<");
    page.assert_contains("Stop without placing a pawn");
    page.assert_contains("data-testid=\"scores\"");
    page.assert_contains("12 pawns left, 0 on the grid");

    // The other player sees the same grid and dice, and nothing to click.
    let watching = other.get(&format!("/matches/{id}")).await;
    assert_eq!(
        watching.text.matches("data-testid=\"board-cell\"").count(),
        25
    );
    assert!(actions(&watching).is_empty());
    assert!(compose_template(&watching).is_none());

    // The challenge, with its button.
    let (button, said) = challenge;
    page.assert_contains(&format!("aria-label=\"{button}"));
    let offered = actions(&page);
    let taken = offered
        .iter()
        .find(|a| a["type"] == "defi" || (a["type"] == "appel" && a["combination"] == "full"))
        .unwrap_or_else(|| panic!("no challenge among {offered:?}"));
    let posted = play(player, &id, &page, taken).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    let page = player.get(&format!("/matches/{id}")).await;
    page.assert_contains(said);
    page.assert_contains("is taken: throw again.");
    // Before throwing again, the dice form is the only choice.
    assert!(actions(&page).is_empty(), "{:?}", actions(&page));

    // Four dice again, then stop: on a cell if the dice allow one, else without a pawn.
    let page = throw_again_all_but_one(player, &id, &page).await;
    page.assert_contains("Throw 2 of 3");
    page.assert_contains(" picked up ");
    page.assert_contains(" (second throw: ");
    let offered = actions(&page);
    let stop = offered
        .iter()
        .find(|a| a["type"] == "place")
        .or_else(|| offered.iter().find(|a| a["type"] == "pass"))
        .unwrap_or_else(|| panic!("no way to stop among {offered:?}"));
    let posted = play(player, &id, &page, stop).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);

    // The turn passes; the log says what happened, the grid shows the pawn.
    let (next, page) = mover(&[&alice, &bob], &id).await;
    assert_ne!(next, index);
    assert!(
        page.text.contains(" made the ") || page.text.contains(" missed the "),
        "{}",
        page.text
    );
    let name = ["alice", "bob"][index];
    if stop["type"] == "place" {
        page.assert_contains(&format!("{name} placed a pawn on "));
        page.assert_contains(&format!("aria-label=\"{name}&#39;s pawn\""));
        page.assert_contains("11 pawns left, 1 on the grid");
    } else {
        page.assert_contains(&format!("{name} stopped without placing a pawn"));
    }
}

#[tokio::test]
async fn a_linotte_turn_through_the_grid_page() {
    a_grid_turn(
        "linotte",
        ["Quinte", "Small", "Appel"],
        ("Call an Appel for Full", "called an Appel for Full"),
    )
    .await;
}

#[tokio::test]
async fn a_yam_master_turn_through_the_grid_page() {
    a_grid_turn(
        "yam-master",
        ["Suite", "≤8", "Défi"],
        ("Take up the Défi", "took up the Défi"),
    )
    .await;
}

#[tokio::test]
async fn the_linja_page_shows_the_rows_and_the_moves() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "linja").await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let player = [&alice, &bob][index];

    // Eight rows of two cells (one per colour), the pieces drawn and counted.
    page.assert_contains("data-testid=\"board\"");
    assert_eq!(page.text.matches("data-testid=\"board-cell\"").count(), 16);
    // Each row says what a piece there is worth to each colour at the end (the original
    // edition: the own half deducts).
    for row in 0..8 {
        page.assert_contains(&format!("<span class=\"board-label\">Row {row} · ● "));
    }
    page.assert_contains("<span class=\"board-label\">Row 0 · ● −5 ▲ +5</span>");
    page.assert_contains("<span class=\"board-label\">Row 7 · ● +5 ▲ −5</span>");
    page.assert_contains("<span class=\"board-label\">Row 4 · ● +1 ▲ −1</span>");
    // The other player's pieces are drawn with their names; the mover's are picked.
    let other = ["bob", "alice"][index];
    page.assert_contains(&format!("aria-label=\"{other}&#39;s piece\""));
    assert_eq!(page.text.matches("data-testid=\"pick\"").count(), 7);
    page.assert_contains(": pick to move\"");
    page.assert_contains("Row 3 (2 of 6 places taken): alice 1 piece");
    page.assert_contains("6 · start");
    page.assert_contains("Your turn · initial move");
    page.assert_contains("data-testid=\"scores\"");
    page.assert_contains("Scores if the game ended now");

    // Seven initial moves, each a button on the row it goes to (shown once its piece is
    // picked), named in words.
    let offered = actions(&page);
    assert_eq!(offered.len(), 7, "{offered:?}");
    assert!(offered.iter().all(|a| a["type"] == "initial_move"));
    // A cell button's name starts with the mark it shows (what is seen is part of what is said).
    let labels = values_after(&page.text, "name=\"action\"", "aria-label");
    // The seats are drawn: the mover's start line is row 0 or row 7.
    let seat_zero = offered.iter().any(|a| a["from"] == 0);
    let (start, first) = if seat_zero { (0, 1) } else { (7, 6) };
    let expected = format!(
        "↑{first}: Move a piece from your start line (row {start}) to row {first}: then a \
         following move of 2 rows"
    );
    assert!(labels.contains(&expected), "{labels:?}");
    page.assert_contains("<span aria-hidden=\"true\">↑");

    // The move from the start line: a following move of two rows is due.
    let from_start = offered.iter().find(|a| a["from"] == start).unwrap();
    let posted = play(player, &id, &page, from_start).await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    let page = player.get(&format!("/matches/{id}")).await;
    page.assert_contains("Your turn · following move of 2 rows");
    page.assert_contains("Your following move: pick one of your pieces");
    page.assert_contains("initial move: a piece from the start line (row ");
    page.assert_contains("has a following move of 2 rows");
    let offered = actions(&page);
    assert!(!offered.is_empty());
    assert!(offered.iter().all(|a| a["type"] == "following_move"));
}

#[tokio::test]
async fn a_whole_linja_match_through_the_web_forms() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "linja").await;
    let players = [&alice, &bob];
    let mut moves = 0;
    'game: loop {
        let mut turn = None;
        for (index, browser) in players.iter().enumerate() {
            let page = browser.get(&format!("/matches/{id}")).await;
            assert_eq!(page.status, StatusCode::OK);
            if page.text.contains("data-testid=\"result\"") {
                break 'game;
            }
            if page.text.contains("<strong>Your move</strong>") {
                turn = Some((index, page));
                break;
            }
        }
        let (index, page) = turn.unwrap_or_else(|| panic!("nobody to play in match {id}"));
        // Always something to click; a bonus is given up with its quiet button, otherwise
        // the first move the page offers is played.
        let offered = actions(&page);
        let action = offered
            .iter()
            .find(|a| a["type"] == "decline_bonus")
            .or_else(|| offered.first())
            .unwrap_or_else(|| panic!("nothing to click:\n{}", page.text));
        if action["type"] == "decline_bonus" {
            page.assert_contains("Give up the bonus move");
            page.assert_contains("class=\"button button-quiet action-button\"");
        }
        let posted = play(players[index], &id, &page, action).await;
        assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
        moves += 1;
        assert!(moves < 1000, "the match does not end");
    }

    let over = alice.get(&format!("/matches/{id}")).await;
    over.assert_contains("data-testid=\"result\"");
    assert_eq!(over.text.matches("data-testid=\"ranking-row\"").count(), 2);
    assert!(
        over.text
            .contains("The game is over: the armies have passed each other.")
            || over
                .text
                .contains("The game is over: neither player can move any more."),
        "{}",
        over.text
    );
    over.assert_contains("Final scores");
    over.assert_contains("Game over, ");
    assert!(actions(&over).is_empty());
    assert!(!over.text.contains("Your move"));

    // The replay draws the board from the start.
    let start = alice.get(&format!("/matches/{id}/replay?step=0")).await;
    assert_eq!(start.status, StatusCode::OK);
    assert_eq!(start.text.matches("data-testid=\"board-cell\"").count(), 16);
    start.assert_contains("initial move");
    assert!(actions(&start).is_empty());
}

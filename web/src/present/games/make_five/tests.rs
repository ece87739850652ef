use serde_json::json;
use tapis_games::{AnyAction, AnyEvent, AnyState, GameId};

use super::*;
use crate::present::games::testing::{self, act, names};
use crate::present::table::{Board, BoardStyle, Emphasis, PanelKind, RowKind};

fn table_for(state: &AnyState, viewer: Option<usize>) -> Table {
    testing::drawn::<MakeFive>(state, viewer, &names()).0
}

fn said(events: &[AnyEvent]) -> Vec<String> {
    testing::said(events, &names())
}

fn draw(state: &mut AnyState, colour: Colour) -> Vec<AnyEvent> {
    let kind = u8::try_from(colour.index()).unwrap_or(u8::MAX);
    testing::chance(state, &[kind])
}

/// Every legal action is offered exactly once, and nothing else.
fn assert_offers_every_legal_action(state: &AnyState, seat: usize) -> Table {
    let (table, legal) = testing::drawn::<MakeFive>(state, Some(seat), &names());
    testing::assert_offers_exactly(&table, &legal);
    assert!(!legal.is_empty());
    table
}

fn board_of<'t>(table: &'t Table, testid: &str) -> &'t Board {
    table
        .panels
        .iter()
        .find_map(|p| match &p.kind {
            PanelKind::Board(board) if p.testid == testid => Some(board),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no {testid} panel"))
}

/// Deal 1 set up: red, green, blue, yellow and white at the bottom of columns 1 to 5;
/// Alice (the Aligneur) to move.
fn dealt() -> (AnyState, Vec<String>) {
    let mut state =
        AnyState::setup(GameId::MakeFive, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
    let mut words = Vec::new();
    for colour in Colour::ALL {
        words.extend(said(&draw(&mut state, colour)));
    }
    (state, words)
}

#[test]
fn the_aligneur_opens_a_token_to_move_it_or_passes() {
    let (state, words) = dealt();
    assert_eq!(words[0], "Bob drew a red ● token");
    assert_eq!(
        words[1],
        "The red ● token went to column 1, place 1 (bottom)"
    );
    let table = assert_offers_every_legal_action(&state, 0);
    assert_eq!(
        table.headline, "Deal 1 of 6 · Your turn as Aligneur: move a token or pass",
        "{}",
        table.headline
    );
    assert!(table.prompt.is_some());
    // Each token opens its four destinations, in words with the score they lead to.
    let board = board_of(&table, "board");
    assert_eq!(board.style, BoardStyle::Inclined);
    assert_eq!(board.rows.len(), 5);
    assert_eq!(board.rows[4].label.as_deref(), Some("Row 1"));
    let red = &board.rows[4].cells[0];
    assert_eq!(red.label, "Column 1, place 1 (bottom): red ● token");
    assert_eq!(red.tokens[0].colour, "red");
    assert_eq!(red.tokens[0].symbol, "●");
    assert_eq!(red.tokens[0].label, "red token");
    let moves: Vec<&str> = red.actions.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(
        moves,
        [
            "Move red ● from column 1, place 1, to column 2 (then the board scores 0 points)",
            "Move red ● from column 1, place 1, to column 3 (then the board scores 0 points)",
            "Move red ● from column 1, place 1, to column 4 (then the board scores 0 points)",
            "Move red ● from column 1, place 1, to column 5 (then the board scores 0 points)",
        ]
    );
    assert_eq!(board.rows[0].cells[0].label, "Column 1, place 5: empty");
    // Every cell and token has words; the Aligneur drops nothing.
    assert!(
        board
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .all(|c| !c.label.is_empty())
    );
    assert!(board.column_actions.is_empty());
    // The pass is a quiet button.
    let pass = &table.actions[0].buttons[0];
    assert_eq!(pass.emphasis, Emphasis::Quiet);
    assert_eq!(pass.text.text, "Pass");
    assert_eq!(pass.action.json, r#"{"type":"pass"}"#);
    // The roles are explained.
    let PanelKind::Facts(facts) = &table
        .panels
        .iter()
        .find(|p| p.testid == "facts")
        .unwrap_or_else(|| panic!("facts"))
        .kind
    else {
        panic!("facts")
    };
    assert!(
        facts
            .iter()
            .any(|f| f.label.text == "Aligneur" && f.value == "Alice" && f.label.hint.is_some())
    );
    // Bob (the Destructeur) sees it all, with nothing to click.
    let theirs = table_for(&state, Some(1));
    assert!(theirs.offered_actions().is_empty());
    assert_eq!(
        theirs.headline,
        "Deal 1 of 6 · Alice's turn as Aligneur: move a token or pass"
    );
}

#[test]
fn the_destructeur_drops_the_drawn_token_into_a_column() {
    let (mut state, _) = dealt();
    assert_eq!(
        said(&act(&mut state, 0, json!({"type": "pass"}))),
        ["Alice passed, leaving the board as it is"]
    );
    draw(&mut state, Colour::Red);
    let table = assert_offers_every_legal_action(&state, 1);
    assert_eq!(
        table.headline,
        "Deal 1 of 6 · Your turn as Destructeur: drop the drawn red ● token"
    );
    let hand = board_of(&table, "hand");
    assert_eq!(hand.rows[0].cells[0].tokens[0].colour, "red");
    assert_eq!(hand.rows[0].cells[0].label, "drawn token: red ●");
    let board = board_of(&table, "board");
    let drops: Vec<&str> = board
        .column_actions
        .iter()
        .map(|a| a.as_ref().map_or("", |a| a.label.as_str()))
        .collect();
    assert_eq!(
        drops[1],
        "Drop red ● into column 2 (then the board scores 0 points)"
    );
    assert_eq!(drops.len(), 5);
    assert!(table.actions.is_empty());
    let bag = board_of(&table, "bag");
    assert_eq!(bag.rows[0].cells[0].label, "red ●: 3 in the bag");

    let dropped = act(&mut state, 1, json!({"type": "place", "column": 0}));
    assert_eq!(
        said(&dropped),
        ["Bob dropped the red ● token into column 1, place 2"]
    );
    // Two reds in column 1: the run is taken by its top token only.
    let table = assert_offers_every_legal_action(&state, 0);
    let board = board_of(&table, "board");
    assert!(board.rows[4].cells[0].actions.is_empty());
    assert_eq!(board.rows[3].cells[0].actions.len(), 4);
    let moved = act(
        &mut state,
        0,
        json!({"type": "move", "from_column": 1, "from_position": 0, "to_column": 0}),
    );
    assert_eq!(
        said(&moved),
        ["Alice moved the green ▲ token from column 2, place 1 (bottom) to column 1, place 3"]
    );
}

#[test]
fn rows_and_deals_are_scored_in_words() {
    let names = names();
    let line = |json| testing::line::<MakeFive>(&testing::event::<MakeFive>(json), &names);
    let scored = json!({"type": "deal_scored", "deal": 2, "seat": 1,
        "board": [[null, null, null, null, null], [null, null, null, null, null],
                  [null, null, null, null, null], [null, null, null, null, null],
                  [null, null, null, null, null]],
        "rows": [3, 4, 5, 0, 0], "points": 12, "total": 12});
    assert_eq!(
        line(scored).as_deref(),
        Some(
            "Deal 2 scored: 12 points for Bob (rows from the bottom: 3 + 4 + 5 + 0 + 0), 12 in all"
        )
    );
    let rows = ["red", "green", "blue", "yellow", "white"];
    let make_five = json!({"type": "deal_scored", "deal": 3, "seat": 0,
        "board": [rows, rows, rows, rows, rows],
        "rows": [5, 5, 5, 5, 5], "points": 25, "total": 37});
    assert_eq!(
        line(make_five).as_deref(),
        Some("MAKE 5! Deal 3: five single-coloured rows, 25 points for Alice")
    );
    let started = testing::event::<MakeFive>(
        json!({"type": "deal_started", "deal": 2, "aligneur": 1, "destructeur": 0}),
    );
    assert_eq!(
        testing::line::<MakeFive>(&started, &names).as_deref(),
        Some("Deal 2 begins: Bob is the Aligneur, Alice the Destructeur")
    );
    let noms = Names(names.0.clone(), Language::Fr);
    assert_eq!(
        testing::line::<MakeFive>(&started, &noms).as_deref(),
        Some("La manche 2 commence\u{a0}: Bob est l’Aligneur, Alice le Destructeur")
    );
    assert_eq!(
        line(json!({"type": "game_over", "reason": "resignation", "winner": 1})).as_deref(),
        Some("Game over, by resignation: Bob wins")
    );
    assert_eq!(
        line(json!({"type": "game_over", "reason": "make_five", "winner": 0})).as_deref(),
        Some("Game over, MAKE 5: Alice wins")
    );
    assert_eq!(
        line(json!({"type": "game_over", "reason": "all_deals_played", "winner": null})).as_deref(),
        Some("Game over, the six deals are played: a draw")
    );
}

#[test]
fn the_places_and_the_seat_a_move_not_seen_yet_changed_are_marked() {
    let (mut state, _) = dealt();
    // Alice moves green onto red; Bob has not seen it yet.
    let moved = act(
        &mut state,
        0,
        json!({"type": "move", "from_column": 1, "from_position": 0, "to_column": 0}),
    );
    let (table, _) = testing::drawn_after::<MakeFive>(&state, Some(1), &names(), &moved);
    let board = board_of(&table, "board");
    let marked: Vec<(usize, usize)> = board
        .rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.cells
                .iter()
                .enumerate()
                .filter(|(_, c)| c.recent)
                .map(move |(c, _)| (c, 4 - r))
        })
        .collect();
    // The place green came to (column 1, place 2) and the one it left (column 2, place 1).
    assert_eq!(marked, [(0, 1), (1, 0)]);
    let seen = table_for(&state, Some(1));
    assert!(
        board_of(&seen, "board")
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .all(|c| !c.recent)
    );
    // A deal scored for Alice marks her total.
    let scored = testing::event::<MakeFive>(json!({"type": "deal_scored", "deal": 1, "seat": 0,
        "board": [[null, null, null, null, null], [null, null, null, null, null],
                  [null, null, null, null, null], [null, null, null, null, null],
                  [null, null, null, null, null]],
        "rows": [3, 0, 0, 0, 0], "points": 3, "total": 3}));
    let recent = [AnyEvent::MakeFive(scored)];
    let (table, _) = testing::drawn_after::<MakeFive>(&state, Some(1), &names(), &recent);
    let PanelKind::Scores(scores) = &table
        .panels
        .iter()
        .find(|p| p.testid == "scores")
        .unwrap_or_else(|| panic!("scores"))
        .kind
    else {
        panic!("scores")
    };
    let marks: Vec<bool> = scores.rows.iter().map(|r| r.recent).collect();
    assert_eq!(marks, [true, false]);
}

#[test]
fn actions_read_as_what_the_player_did() {
    let names = names();
    let (state, _) = dealt();
    let legal = state.legal_actions(0);
    let pass = legal
        .iter()
        .find(|a| matches!(a, AnyAction::MakeFive(Action::Pass)));
    let take = legal.iter().find(|a| {
        matches!(
            a,
            AnyAction::MakeFive(Action::Move {
                from_column: 1,
                to_column: 0,
                ..
            })
        )
    });
    let drop = AnyAction::MakeFive(Action::Place { column: 2 });
    let words: Vec<String> = [pass, take, Some(&drop)]
        .into_iter()
        .flatten()
        .map(|a| crate::present::games::action_words(a, &names))
        .collect();
    assert_eq!(
        words,
        [
            "passes, leaving the board as it is",
            "moves the token from column 2, place 1 (bottom) to the top of column 1",
            "drops the drawn token into column 3",
        ]
    );
    let noms = Names(names.0.clone(), Language::Fr);
    assert_eq!(
        MakeFive::action(&Action::Place { column: 0 }, &noms),
        "place le jeton tiré dans la colonne 1"
    );
}

#[test]
fn the_six_deals_sheet_names_the_aligneur_of_each() {
    let (state, _) = dealt();
    let table = table_for(&state, None);
    let PanelKind::Sheet(sheet) = &table
        .panels
        .iter()
        .find(|p| p.testid == "sheet")
        .unwrap_or_else(|| panic!("sheet"))
        .kind
    else {
        panic!("sheet")
    };
    assert_eq!(sheet.rows.len(), 7);
    assert_eq!(
        sheet.rows[1].label.hint.as_deref(),
        Some("Bob is the Aligneur, Alice the Destructeur")
    );
    assert_eq!(sheet.rows[0].cells[0].text, "playing");
    assert_eq!(sheet.rows[0].cells[1].text, "—");
    assert_eq!(sheet.rows[6].kind, RowKind::Total);
}

#[test]
fn the_table_reads_in_french() {
    let (mut state, words) = dealt();
    let noms = Names(names().0, Language::Fr);
    let (mine, _) = testing::drawn::<MakeFive>(&state, Some(0), &noms);
    let drawn = format!("{mine:?}");
    assert!(!drawn.contains(tapis_l10n::MISSING), "{drawn}");
    assert!(
        mine.headline
            .starts_with("Manche 1 sur 6 · À vous, en Aligneur")
    );
    assert_eq!(words.len(), 10);
    act(&mut state, 0, json!({"type": "pass"}));
    draw(&mut state, Colour::Blue);
    let (theirs, _) = testing::drawn::<MakeFive>(&state, Some(1), &noms);
    let drawn = format!("{theirs:?}");
    assert!(!drawn.contains(tapis_l10n::MISSING), "{drawn}");
    assert!(
        drawn.contains("Placer le jeton bleu ■ dans la colonne 2"),
        "{drawn}"
    );
}

use serde_json::json;
use tapis_games::cant_stop::Columns;
use tapis_games::{AnyAction, AnyEvent, AnyState, GameId};
use tapis_l10n::Language;

use super::*;
use crate::present::games::testing::{self, act, chance, names};
use crate::present::table::{ColumnsPanel, Emphasis};

fn table_for(state: &AnyState, viewer: Option<usize>) -> Table {
    testing::drawn::<CantStop>(state, viewer, &names()).0
}

fn said(events: &[AnyEvent]) -> Vec<String> {
    testing::said(events, &names())
}

/// Every legal action is offered exactly once, and nothing else.
fn assert_offers_every_legal_action(state: &AnyState, seat: usize) -> Table {
    let (table, legal) = testing::drawn::<CantStop>(state, Some(seat), &names());
    testing::assert_offers_exactly(&table, &legal);
    table
}

fn labels(table: &Table) -> Vec<String> {
    table
        .actions
        .iter()
        .flat_map(|g| g.buttons.iter().map(|b| b.action.label.clone()))
        .collect()
}

fn columns(table: &Table) -> &ColumnsPanel {
    table
        .panels
        .iter()
        .find_map(|p| match &p.kind {
            PanelKind::Columns(columns) => Some(columns),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no columns"))
}

/// Alice starts (12 against 2).
fn started() -> (AnyState, Vec<String>) {
    let mut state =
        AnyState::setup(GameId::CantStop, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"));
    let mut words = said(&chance(&mut state, &[6, 6]));
    words.extend(said(&chance(&mut state, &[1, 1])));
    (state, words)
}

#[test]
fn the_start_throw_then_the_pairings_as_buttons_in_words() {
    let (mut state, words) = started();
    assert_eq!(
        words,
        [
            "Alice threw 6 6 to decide who starts (12)",
            "Bob threw 1 1 to decide who starts (2)",
            "Alice plays first",
        ]
    );
    let waiting = table_for(&state, Some(0));
    assert!(waiting.actions.is_empty());
    assert!(
        waiting
            .headline
            .contains("Your turn · throwing the four dice"),
        "{}",
        waiting.headline
    );

    let thrown = chance(&mut state, &[1, 5, 2, 6]);
    assert_eq!(said(&thrown), ["Alice threw 1 5 2 6"]);
    let table = assert_offers_every_legal_action(&state, 0);
    assert_eq!(
        labels(&table),
        ["Advance 6 and 8", "Advance 3 and 11", "Advance 7 twice"]
    );
    assert_eq!(
        table.actions[0].buttons[0].detail.as_deref(),
        Some("new runner on 6 at 1 of 11 · new runner on 8 at 1 of 11")
    );
    assert!(
        table
            .prompt
            .as_deref()
            .is_some_and(|p| p.contains("1 5 2 6")),
        "{:?}",
        table.prompt
    );
    let PanelKind::Dice(dice) = &table.panels[0].kind else {
        panic!("dice first")
    };
    let alts: Vec<String> = dice.dice.iter().map(|d| d.alt(Language::En)).collect();
    assert_eq!(
        alts,
        [
            "die showing 1",
            "die showing 5",
            "die showing 2",
            "die showing 6"
        ]
    );
    assert_eq!(
        dice.caption.as_deref(),
        Some("Pairs make 6 and 8, or 3 and 11, or 7 and 7")
    );
    // The board: eleven columns of 3 to 13 spaces, each with words.
    let board = columns(&table);
    let heights: Vec<usize> = board.columns.iter().map(|c| c.spaces.len()).collect();
    assert_eq!(heights, [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]);
    assert_eq!(board.columns[5].label, "7");
    assert_eq!(board.columns[5].label_long, "Column 7, 13 spaces: empty");

    // Bob watches: the same board, nothing to click.
    let theirs = table_for(&state, Some(1));
    assert!(theirs.offered_actions().is_empty());
    assert!(theirs.prompt.is_none());
    assert!(theirs.headline.starts_with("Alice's turn · threw 1 5 2 6"));
    let spectator = table_for(&state, None);
    assert!(spectator.offered_actions().is_empty());
}

#[test]
fn runners_markers_stop_and_claimed_columns() {
    let (mut state, _) = started();
    chance(&mut state, &[1, 1, 1, 1]);
    let table = assert_offers_every_legal_action(&state, 0);
    assert_eq!(labels(&table), ["Advance 2 twice"]);
    let moved = act(&mut state, 0, json!({"type": "advance", "columns": [2, 2]}));
    assert_eq!(said(&moved), ["Alice advanced 2 twice: runner at 2 of 3"]);

    // Stop (first, the likely choice) or throw again, with the odds.
    let table = assert_offers_every_legal_action(&state, 0);
    assert_eq!(labels(&table), ["Stop", "Throw again"]);
    let stop = &table.actions[0].buttons[0];
    assert_eq!(stop.emphasis, Emphasis::Primary);
    assert_eq!(stop.detail.as_deref(), Some("keep 2 at 2/3"));
    assert!(stop.text.hint.is_some());
    let again = &table.actions[0].buttons[1];
    assert!(
        again
            .detail
            .as_deref()
            .is_some_and(|d| d.ends_with("of 1,296 throws) to advance")),
        "{:?}",
        again.detail
    );
    // The runner is a neutral marker with words.
    let board = columns(&table);
    assert_eq!(
        board.columns[0].label_long,
        "Column 2, 3 spaces: runner at 2 of 3"
    );
    let runner = &board.columns[0].spaces[1][0];
    assert_eq!(runner.colour, "runner");
    assert_eq!(runner.label, "runner on 2, 2 of 3");

    let rolled = act(&mut state, 0, json!({"type": "roll"}));
    assert_eq!(said(&rolled), ["Alice chose to throw again"]);
    chance(&mut state, &[1, 1, 2, 3]);
    assert_offers_every_legal_action(&state, 0);
    act(&mut state, 0, json!({"type": "advance", "columns": [2, 5]}));
    let table = assert_offers_every_legal_action(&state, 0);
    assert_eq!(
        table.actions[0].buttons[0].detail.as_deref(),
        Some("keep 2 at 3/3 and 5 at 1/9 and claim a column")
    );
    assert!(table.panels.iter().any(
        |p| matches!(&p.kind, PanelKind::Facts(f) if f.iter().any(|f| f.value == "column 2"))
    ));
    let stopped = act(&mut state, 0, json!({"type": "stop"}));
    assert_eq!(
        said(&stopped),
        [
            "Alice stopped: 2 at 3/3",
            "Alice claimed column 2",
            "Alice stopped: 5 at 1/9",
        ]
    );

    // Bob sees Alice's markers and her claimed column.
    let table = table_for(&state, Some(1));
    let board = columns(&table);
    assert_eq!(
        board.columns[0].label_long,
        "Column 2, 3 spaces: claimed by Alice"
    );
    assert!(board.columns[0].won_by.is_some());
    assert_eq!(
        board.columns[3].label_long,
        "Column 5, 9 spaces: Alice's marker at 1 of 9"
    );
    let marker = &board.columns[3].spaces[0][0];
    assert_eq!(marker.label, "Alice's marker on 5, 1 of 9");
    assert_eq!(marker.colour, "seat-0");
    // Every token on the board has words.
    assert!(
        board
            .columns
            .iter()
            .flat_map(|c| c.spaces.iter().flatten())
            .all(|t| !t.label.is_empty() && !t.symbol.is_empty())
    );
    let PanelKind::Scores(scores) = &table
        .panels
        .last()
        .map(|p| &p.kind)
        .unwrap_or_else(|| panic!("panels"))
    else {
        panic!("scores last")
    };
    assert_eq!(scores.rows[0].value, "1 of 3");
}

#[test]
fn one_sum_only_and_a_bust() {
    let (mut state, _) = started();
    // Alice stops at once so that Bob plays.
    chance(&mut state, &[1, 1, 1, 1]);
    act(&mut state, 0, json!({"type": "advance", "columns": [2, 2]}));
    act(&mut state, 0, json!({"type": "roll"}));
    chance(&mut state, &[1, 1, 2, 3]);
    act(&mut state, 0, json!({"type": "advance", "columns": [2, 5]}));
    act(&mut state, 0, json!({"type": "stop"}));

    chance(&mut state, &[1, 5, 2, 6]);
    act(&mut state, 1, json!({"type": "advance", "columns": [6, 8]}));
    act(&mut state, 1, json!({"type": "roll"}));
    // 3 and 11 both need the last runner: one of them only.
    chance(&mut state, &[1, 2, 5, 6]);
    let table = assert_offers_every_legal_action(&state, 1);
    let offered = labels(&table);
    assert!(
        offered.contains(&"Advance 3 only".to_owned()),
        "{offered:?}"
    );
    assert!(
        offered.contains(&"Advance 11 only".to_owned()),
        "{offered:?}"
    );
    assert!(
        offered.contains(&"Advance 6 and 8".to_owned()),
        "{offered:?}"
    );
    let six_eight = table.actions[0]
        .buttons
        .iter()
        .find(|b| b.action.label == "Advance 6 and 8")
        .and_then(|b| b.detail.clone());
    assert_eq!(
        six_eight.as_deref(),
        Some("6 up to 2 of 11 · 8 up to 2 of 11")
    );
    act(&mut state, 1, json!({"type": "advance", "columns": [7, 7]}));
    act(&mut state, 1, json!({"type": "roll"}));
    // Three runners out and only 2s (claimed by Alice): Bob busts.
    let bust = chance(&mut state, &[1, 1, 1, 1]);
    assert_eq!(
        said(&bust),
        [
            "Bob threw 1 1 1 1",
            "Bob busted: no pair of dice could be used, the runners on 6, 7 and 8 go back \
             and the turn's progress is lost",
        ]
    );
    let table = table_for(&state, Some(1));
    assert_eq!(
        columns(&table).columns[4].label_long,
        "Column 6, 11 spaces: empty"
    );
}

#[test]
fn the_end_of_the_game_in_words() {
    let names = names();
    let line = |json| testing::line::<CantStop>(&testing::event::<CantStop>(json), &names);
    assert_eq!(
        line(json!({"type": "game_over", "winner": 1, "reason": "columns_won"})).as_deref(),
        Some("Game over, the columns needed are claimed: Bob wins")
    );
    assert_eq!(
        line(json!({"type": "game_over", "winner": null, "reason": "all_columns_won"})).as_deref(),
        Some("Game over, every column is claimed: nobody wins alone")
    );
    assert_eq!(
        line(
            json!({"type": "runner_moved", "seat": 1, "column": 4, "from": 0, "to": 1, "steps": 1})
        )
        .as_deref(),
        Some("Bob advanced 4: runner at 1 of 7")
    );
    assert_eq!(
        line(json!({"type": "bust", "seat": 0, "runners": []})).as_deref(),
        Some("Alice busted: no pair of dice could be used")
    );
    assert_eq!(
        line(json!({"type": "start_tied", "seats": [0, 1], "total": 9})).as_deref(),
        Some("Alice and Bob tied with 9 and throw again")
    );
    assert_eq!(
        line(json!({"type": "column_won", "seat": 1, "column": 3, "removed": []})).as_deref(),
        Some("Bob claimed column 3")
    );
    let won = testing::event::<CantStop>(
        json!({"type": "column_won", "seat": 0, "column": 7, "removed": [1]}),
    );
    assert_eq!(
        testing::line::<CantStop>(&won, &names).as_deref(),
        Some("Alice claimed column 7: Bob's marker leaves it")
    );
    let noms = Names(names.0.clone(), Language::Fr);
    assert_eq!(
        testing::line::<CantStop>(&won, &noms).as_deref(),
        Some("Alice remporte la colonne 7\u{a0}: le pion de Bob en est retiré")
    );
    let over = testing::event::<CantStop>(
        json!({"type": "game_over", "winner": null, "reason": "resignation"}),
    );
    assert_eq!(
        testing::line::<CantStop>(&over, &noms).as_deref(),
        Some("Partie terminée, les autres ont abandonné\u{a0}: personne ne gagne seul")
    );
    let (state, _) = started();
    let (table, _) = testing::drawn::<CantStop>(&state, Some(0), &noms);
    assert!(
        table.headline.starts_with("À vous · lancer des quatre dés"),
        "{}",
        table.headline
    );
    assert_eq!(
        choices::advance_label(Columns::one(5), Language::En),
        "Advance 5 only"
    );
    assert_eq!(
        choices::advance_label(Columns::two(7, 7), Language::Fr),
        "Avancer 7 deux fois"
    );
}

#[test]
fn the_columns_and_the_seat_a_move_not_seen_yet_changed_are_marked() {
    let (mut state, _) = started();
    chance(&mut state, &[1, 1, 1, 1]);
    let mut recent = act(&mut state, 0, json!({"type": "advance", "columns": [2, 2]}));
    recent.extend(act(&mut state, 0, json!({"type": "roll"})));
    recent.extend(chance(&mut state, &[1, 1, 2, 3]));
    recent.extend(act(
        &mut state,
        0,
        json!({"type": "advance", "columns": [2, 5]}),
    ));
    recent.extend(act(&mut state, 0, json!({"type": "stop"})));
    // Bob has not seen Alice's turn: the columns she climbed, and her claim, are marked.
    let (table, _) = testing::drawn_after::<CantStop>(&state, Some(1), &names(), &recent);
    let marked: Vec<&str> = columns(&table)
        .columns
        .iter()
        .filter(|c| c.recent)
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(marked, ["2", "5"]);
    let PanelKind::Scores(scores) = &table
        .panels
        .last()
        .map(|p| &p.kind)
        .unwrap_or_else(|| panic!("panels"))
    else {
        panic!("scores last")
    };
    let recent_rows: Vec<bool> = scores.rows.iter().map(|r| r.recent).collect();
    assert_eq!(recent_rows, [true, false]);
    // Seen, nothing is marked.
    let seen = table_for(&state, Some(1));
    assert!(columns(&seen).columns.iter().all(|c| !c.recent));
}

#[test]
fn actions_read_as_what_the_player_did() {
    let names = names();
    let (mut state, _) = started();
    let started = testing::event::<CantStop>(json!({"type": "turn_started", "seat": 0}));
    assert_eq!(CantStop::event(&started, &names), Said::Nothing);
    let stopped = testing::event::<CantStop>(json!({"type": "stopped", "seat": 0}));
    assert_eq!(CantStop::event(&stopped, &names), Said::Nothing);
    chance(&mut state, &[1, 2, 5, 6]);
    act(&mut state, 0, json!({"type": "advance", "columns": [7, 7]}));
    let mut legal = state.legal_actions(0);
    legal.push(AnyAction::CantStop(Action::Advance {
        columns: Columns::two(6, 8),
    }));
    legal.push(AnyAction::CantStop(Action::Advance {
        columns: Columns::one(3),
    }));
    legal.push(AnyAction::CantStop(Action::Advance {
        columns: Columns::two(7, 7),
    }));
    let words: Vec<String> = legal
        .iter()
        .map(|a| crate::present::games::action_words(a, &names))
        .collect();
    assert_eq!(
        words,
        [
            "throws the four dice again",
            "stops and keeps the turn's progress",
            "advances 6 and 8",
            "advances 3 only",
            "advances 7 twice",
        ]
    );
    let noms = Names(names.0.clone(), Language::Fr);
    assert_eq!(
        CantStop::action(&Action::Stop, &noms),
        "s’arrête et garde la progression du tour"
    );
}

/// The caption of the dice panel of `dice`.
fn pairs_caption(dice: [u8; 4], lang: Language) -> Option<String> {
    match dice_panel(dice, lang).kind {
        PanelKind::Dice(panel) => panel.caption,
        _ => None,
    }
}

#[test]
fn each_pairing_of_the_dice_is_said_once() {
    assert_eq!(
        pairs_caption([2, 2, 2, 2], Language::En).as_deref(),
        Some("Pairs only make 4 and 4")
    );
    assert_eq!(
        pairs_caption([1, 1, 2, 2], Language::En).as_deref(),
        Some("Pairs make 2 and 4, or 3 and 3")
    );
    // 6 and 8 is 8 and 6: one pairing, said with the smaller sum first.
    assert_eq!(
        pairs_caption([6, 2, 1, 5], Language::En).as_deref(),
        Some("Pairs make 6 and 8, or 7 and 7, or 3 and 11")
    );
    assert_eq!(
        pairs_caption([2, 2, 2, 2], Language::Fr).as_deref(),
        Some("Les paires ne font que 4 et 4")
    );
}

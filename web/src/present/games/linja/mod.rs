//! Linja: the eight rows of the board (the two start lines and the six rows between the
//! bamboo sticks), each with the pieces of both colours, drawn with the viewer's goal at the
//! top; the viewer's moves are buttons on the rows their pieces leave ("↑5": to row 5), and
//! passing or giving up a move are quiet buttons below.

mod board;
mod said;

use tapis_games::linja::{
    Action, Event, Linja, Phase, Stage, View, goal_line, rows_to_goal, start_line,
};
use tapis_l10n::Language;

use super::{
    Input, Names, Presenter, Said, action_groups, hinted_term, over_headline, scores_panel,
};
use crate::present::table::{
    ActionButton, ActionGroup, Emphasis, Fact, Panel, PanelKind, Table, Term,
};

impl Presenter for Linja {
    const MESSAGES: &'static str = "play-linja";

    /// The table of a Linja match.
    fn table(input: &Input<'_, Linja>) -> Table {
        let view = input.view;
        let lang = input.lang();
        let over = view.outcome.is_some();
        let to_move = view.to_move.filter(|_| !over);
        let my_turn = input.my_turn(to_move);
        let mover = to_move.or(input.viewer).unwrap_or(0);
        let choices = Choices::of(&input.legal, mover, lang);
        let mut panels = vec![Panel::new(
            lang.t("play-linja-board"),
            "board",
            PanelKind::Board(board::board(input, &choices, mover)),
        )];
        if let (Some(seat), Some(stage)) = (to_move, stage_fact(view.phase, lang)) {
            panels.push(turn_facts(view, input, seat, stage));
        }
        panels.push(scoreboard(view, input, to_move));
        Table {
            headline: headline(view, input, to_move),
            prompt: my_turn.then(|| prompt(view, &choices, lang)),
            panels,
            actions: quiet_choices(&choices, lang),
        }
    }

    fn event(event: &Event, names: &Names) -> Said {
        said::event(event, names)
    }

    fn action(action: &Action, names: &Names) -> String {
        said::action(action, names)
    }

    fn scores(event: &Event, seat: usize) -> bool {
        said::scores(event, seat)
    }

    super::turn_starts_with!(Event::TurnStarted);
}

/// The other seat.
const fn opponent(seat: usize) -> usize {
    1 - seat
}

/// `1 row`, `3 rows`.
fn rows_words(rows: u8, lang: Language) -> String {
    lang.t1("play-linja-rows", "count", rows)
}

/// Whose line a row is, as a move or an event names it.
#[derive(Debug, Clone)]
enum Whose {
    /// The viewer's own.
    Your,
    /// The mover's own, said by someone else.
    The,
    /// Another player's: `Bob's` (a possessive, `match-table-possessive`).
    Other(String),
}

impl Whose {
    /// Whose the piece of `owner` moved by `mover` is, said by someone else than the viewer.
    fn of(owner: usize, mover: usize, names: &Names) -> Whose {
        if owner == mover {
            Whose::The
        } else {
            Whose::Other(names.possessive(owner))
        }
    }
}

/// A row as seen from the pieces of `owner`: `row 3`, `the start line (row 0)`, `Bob's goal
/// line (row 0)`.
fn row_words(row: u8, owner: usize, whose: &Whose, lang: Language) -> String {
    let row_index = usize::from(row);
    let key = if row_index == start_line(owner) {
        "play-linja-start-line"
    } else if row_index == goal_line(owner) {
        "play-linja-goal-line"
    } else {
        return lang.t1("play-linja-row", "row", row);
    };
    let (whose, owner) = match whose {
        Whose::Your => ("your", String::new()),
        Whose::The => ("the", String::new()),
        Whose::Other(owner) => ("other", owner.clone()),
    };
    lang.t_with(
        key,
        &[
            ("whose", whose.into()),
            ("owner", owner.into()),
            ("row", row.into()),
        ],
    )
}

/// `a piece` (the mover's own), `one of Bob's pieces`.
fn piece_words(own: bool, owner: usize, names: &Names) -> String {
    let lang = names.lang();
    if own {
        lang.t("play-linja-a-piece")
    } else {
        lang.t1("play-linja-one-of", "owner", names.possessive(owner))
    }
}

/// How a piece scores, in words.
fn scoring_hint(deducts: bool, lang: Language) -> String {
    lang.t(if deducts {
        "play-linja-scoring-hint-deducts"
    } else {
        "play-linja-scoring-hint"
    })
}

/// Whether going from `from` to `to` is forward (towards its goal) for a piece of `owner`.
fn is_forward(owner: usize, from: u8, to: u8) -> bool {
    let (from, to) = (usize::from(from), usize::from(to));
    from < tapis_games::linja::ROWS
        && to < tapis_games::linja::ROWS
        && rows_to_goal(owner, to) < rows_to_goal(owner, from)
}

/// A move of a piece, as the legal actions offer it on the row it leaves.
#[derive(Debug, Clone, Copy)]
struct Move<'a> {
    owner: usize,
    from: u8,
    to: u8,
    stage: Stage,
    action: &'a Action,
}

/// The legal actions, sorted by where they are offered.
#[derive(Default)]
struct Choices<'a> {
    /// Moves of a piece, offered on the row it leaves.
    moves: Vec<Move<'a>>,
    /// Passing and giving up moves, with their words.
    quiet: Vec<(&'a Action, String)>,
}

impl<'a> Choices<'a> {
    fn of(legal: &[&'a Action], seat: usize, lang: Language) -> Choices<'a> {
        let mut choices = Choices::default();
        for &action in legal {
            let (owner, from, to, stage) = match *action {
                Action::InitialMove { from, to } => (seat, from, to, Stage::Initial),
                Action::FollowingMove { from, to } => (seat, from, to, Stage::Following),
                Action::BonusMove { owner, from, to } => (owner, from, to, Stage::Bonus),
                Action::Pass => {
                    choices.quiet.push((action, lang.t("play-linja-pass")));
                    continue;
                }
                Action::ForfeitFollowing => {
                    choices.quiet.push((action, lang.t("play-linja-forfeit")));
                    continue;
                }
                Action::DeclineFollowing => {
                    let words = lang.t("play-linja-decline-following");
                    choices.quiet.push((action, words));
                    continue;
                }
                Action::DeclineBonus => {
                    choices
                        .quiet
                        .push((action, lang.t("play-linja-decline-bonus")));
                    continue;
                }
            };
            choices.moves.push(Move {
                owner,
                from,
                to,
                stage,
                action,
            });
        }
        choices
    }
}

/// Whose turn and which move; or the end.
fn headline(view: &View, input: &Input<'_, Linja>, to_move: Option<usize>) -> String {
    let lang = input.lang();
    match (&view.outcome, to_move) {
        (Some(outcome), _) => over_headline(&outcome.reason, lang),
        (None, Some(seat)) => {
            let what = match view.phase {
                Phase::Following { rows } => {
                    lang.t1("play-linja-what-following", "rows", rows_words(rows, lang))
                }
                Phase::Bonus => lang.t("play-linja-what-bonus"),
                Phase::Initial | Phase::Over { .. } => lang.t("play-linja-what-initial"),
            };
            let key = match (input.is_viewer(seat), view.extra_turn) {
                (true, false) => "play-linja-headline-yours",
                (true, true) => "play-linja-headline-yours-extra",
                (false, false) => "play-linja-headline-other",
                (false, true) => "play-linja-headline-other-extra",
            };
            lang.t2(key, "owner", input.names.possessive(seat), "what", what)
        }
        (None, None) => String::new(),
    }
}

/// The move to make now, explained, and how far it goes; `None` once the game is over.
fn stage_fact(phase: Phase, lang: Language) -> Option<Fact> {
    let (term, value) = match phase {
        Phase::Initial => (
            hinted_term("play-linja-initial", lang),
            lang.t("play-linja-initial-value"),
        ),
        Phase::Following { rows } => (
            hinted_term("play-linja-following", lang),
            lang.t1("play-linja-following-value", "rows", rows_words(rows, lang)),
        ),
        Phase::Bonus => (
            hinted_term("play-linja-bonus", lang),
            lang.t("play-linja-bonus-value"),
        ),
        Phase::Over { .. } => return None,
    };
    Some(Fact::new(term, value))
}

/// Who plays, the move to make, an extra turn, and whether the armies have passed.
fn turn_facts(view: &View, input: &Input<'_, Linja>, seat: usize, stage: Fact) -> Panel {
    let lang = input.lang();
    let mut facts = vec![
        Fact::new(
            Term::plain(lang.t("play-linja-to-play")),
            input.names.of(seat),
        ),
        stage,
    ];
    if view.extra_turn {
        facts.push(Fact::new(
            hinted_term("play-linja-extra-turn", lang),
            lang.t("play-linja-yes"),
        ));
    }
    facts.push(Fact::new(
        hinted_term("play-linja-armies-passed", lang),
        lang.t(if view.armies_passed {
            "play-linja-armies-passed-yes"
        } else {
            "play-linja-armies-passed-no"
        }),
    ));
    Panel::new(
        lang.t("play-linja-this-turn"),
        "facts",
        PanelKind::Facts(facts),
    )
}

/// Both players' scores as the board stands, and the goal line each heads for.
fn scoreboard(view: &View, input: &Input<'_, Linja>, to_move: Option<usize>) -> Panel {
    let lang = input.lang();
    let hint = scoring_hint(view.options.deducts(), lang);
    let rows = (0..2).map(|seat| {
        let key = if view.resigned.contains(&seat) {
            "play-linja-heads-for-resigned"
        } else {
            "play-linja-heads-for"
        };
        let detail = lang.t1(key, "row", goal_line(seat));
        input.score_row(
            seat,
            view.scores[seat].to_string(),
            Some(Term::explained(detail, hint.clone())),
            to_move == Some(seat),
        )
    });
    // Mid-game the points are those of the board as it stands, said in the panel's title so
    // that a negative score (the deduction) does not puzzle.
    let title = lang.t(if view.outcome.is_some() {
        "play-linja-final-scores"
    } else {
        "play-linja-scores-now"
    });
    scores_panel(&title, &title, &lang.t("play-linja-points"), rows)
}

/// The choices that are not a move on the board: passing and giving a move up.
fn quiet_choices(choices: &Choices<'_>, lang: Language) -> Vec<ActionGroup> {
    let buttons: Vec<ActionButton> = choices
        .quiet
        .iter()
        .map(|(action, words)| ActionButton::new(*action, words.clone()).emphasis(Emphasis::Quiet))
        .collect();
    let title = lang.t(if choices.moves.is_empty() {
        "play-linja-no-move"
    } else {
        "play-linja-or"
    });
    action_groups([(title.as_str(), buttons)])
}

/// What the player on turn is asked to do.
fn prompt(view: &View, choices: &Choices<'_>, lang: Language) -> String {
    let moves = !choices.moves.is_empty();
    match view.phase {
        Phase::Following { rows } if moves => lang.t1(
            "play-linja-prompt-following",
            "rows",
            rows_words(rows, lang),
        ),
        Phase::Following { rows } => {
            lang.t1("play-linja-prompt-forfeit", "rows", rows_words(rows, lang))
        }
        Phase::Bonus => lang.t("play-linja-prompt-bonus"),
        _ if moves => lang.t("play-linja-prompt-initial"),
        _ => lang.t("play-linja-prompt-pass"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::testing::{self, act, names};
    use crate::present::table::Board;
    use serde_json::json;
    use tapis_games::linja::{Board as Pieces, Options, Position, State};
    use tapis_games::{AnyAction, AnyEvent, AnyState, GameId};

    fn started() -> AnyState {
        AnyState::setup(GameId::Linja, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"))
    }

    fn table_for(
        state: &AnyState,
        viewer: Option<usize>,
        names: &Names,
    ) -> (Table, Vec<AnyAction>) {
        testing::drawn::<Linja>(state, viewer, names)
    }

    /// Alice's first turn: from row 0 to row 1, then the following move of two rows, from
    /// row 1 to row 3; its events.
    fn alice_opens(state: &mut AnyState) -> Vec<AnyEvent> {
        let mut events = act(
            state,
            0,
            json!({"type": "initial_move", "from": 0, "to": 1}),
        );
        events.extend(act(
            state,
            0,
            json!({"type": "following_move", "from": 1, "to": 3}),
        ));
        events
    }

    fn board(table: &Table) -> &Board {
        match &table.panels[0].kind {
            PanelKind::Board(b) => b,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_start_position_offers_each_initial_move_on_its_row() {
        let names = names();
        let state = started();
        let (table, legal) = table_for(&state, Some(0), &names);
        testing::assert_offers_exactly(&table, &legal);
        assert_eq!(legal.len(), 7);
        assert_eq!(table.headline, "Your turn · initial move");
        assert!(
            table
                .prompt
                .as_deref()
                .is_some_and(|p| p.starts_with("Your initial move"))
        );
        let grid = board(&table);
        // Alice (seat 0) sees her goal, row 7, at the top.
        let labels: Vec<Option<&str>> = grid.rows.iter().map(|r| r.label.as_deref()).collect();
        // Each row says what a piece there is worth to each colour, the own half deducting in
        // the original edition.
        assert_eq!(labels[0], Some("Row 7 · ● +5 ▲ −5"));
        assert_eq!(labels[3], Some("Row 4 · ● +1 ▲ −1"));
        assert_eq!(labels[7], Some("Row 0 · ● −5 ▲ +5"));
        assert_eq!(grid.column_labels, ["● Alice", "▲ Bob"]);
        // Row 0: Alice's six pieces, drawn and counted, on her start line.
        let start = &grid.rows[7].cells[0];
        assert_eq!(start.tokens.len(), 6);
        assert_eq!(start.tokens[0].label, "Alice's piece");
        assert_eq!(
            start.text.as_ref().map(|t| t.text.as_str()),
            Some("6 · start")
        );
        assert_eq!(start.label, "Row 0 (Alice's start line): Alice 6 pieces");
        assert_eq!(
            grid.rows[4].cells[1].label,
            "Row 3 (2 of 6 places taken): Bob 1 piece"
        );
        let first = &start.actions[0];
        assert_eq!(first.mark.as_deref(), Some("↑1"));
        assert_eq!(
            first.label,
            "Move a piece from your start line (row 0) to row 1: then a following move of 2 rows"
        );
        let last = &grid.rows[1].cells[0].actions[0];
        assert_eq!(
            last.label,
            "Move a piece from row 6 to your goal line (row 7): then Bob's turn"
        );
        // Bob's cells hold nothing to click.
        assert!(
            grid.rows
                .iter()
                .all(|r| r.cells[1].actions.is_empty() && r.cells.len() == 2)
        );
        assert!(table.actions.is_empty());
    }

    #[test]
    fn the_other_player_sees_their_goal_at_the_top_and_nothing_to_click() {
        let names = names();
        let mut state = started();
        act(
            &mut state,
            0,
            json!({"type": "initial_move", "from": 0, "to": 1}),
        );
        let (table, _) = table_for(&state, Some(1), &names);
        assert!(table.offered_actions().is_empty());
        assert!(table.prompt.is_none());
        assert_eq!(table.headline, "Alice's turn · following move of 2 rows");
        let grid = board(&table);
        assert_eq!(grid.rows[0].label.as_deref(), Some("Row 0 · ● −5 ▲ +5"));
        let facts = match &table.panels[1].kind {
            PanelKind::Facts(f) => f,
            other => panic!("{other:?}"),
        };
        assert_eq!(facts[1].label.text, "Following move");
        assert_eq!(facts[1].value, "one piece 2 rows forward");

        // Alice's following moves: every one offered once, the arrows pointing up.
        let (table, legal) = table_for(&state, Some(0), &names);
        testing::assert_offers_exactly(&table, &legal);
        let marks: Vec<String> = table
            .offered_actions()
            .iter()
            .filter_map(|a| a.mark.clone())
            .collect();
        assert!(marks.iter().all(|m| m.starts_with('↑')), "{marks:?}");
    }

    #[test]
    fn a_bonus_move_goes_either_way_and_may_be_given_up() {
        let names = names();
        let options = Options {
            nasty_bonus: true,
            ..Options::default()
        };
        // Bob's following move just reached his goal line, row 0, exactly.
        let position = Position {
            board: Pieces::new([[6, 1, 1, 1, 1, 1, 1, 0], [1, 0, 1, 1, 1, 1, 1, 6]]),
            to_move: 1,
            phase: Phase::Bonus,
            extra_turn: false,
        };
        let state = State::from_position(options, position).unwrap_or_else(|e| panic!("{e}"));
        let json = serde_json::to_value(&state).unwrap_or_else(|e| panic!("{e}"));
        let state = AnyState::from_json(GameId::Linja, &json).unwrap_or_else(|e| panic!("{e}"));
        let (table, legal) = table_for(&state, Some(1), &names);
        testing::assert_offers_exactly(&table, &legal);
        assert_eq!(table.headline, "Your turn · bonus move");
        let grid = board(&table);
        // Bob (seat 1) sees row 0, his goal, at the top; his pieces go up or down.
        assert_eq!(grid.rows[0].label.as_deref(), Some("Row 0 · ● −5 ▲ +5"));
        let row_3: Vec<(String, String)> = grid.rows[3]
            .cells
            .iter()
            .flat_map(|c| &c.actions)
            .map(|a| (a.mark.clone().unwrap_or_default(), a.label.clone()))
            .collect();
        assert_eq!(
            row_3,
            [
                (
                    "↓4".to_owned(),
                    "Bonus: move one of Alice's pieces from row 3 forward to row 4: then Alice's turn"
                        .to_owned()
                ),
                (
                    "↑2".to_owned(),
                    "Bonus: move one of Alice's pieces from row 3 back to row 2: then Alice's turn"
                        .to_owned()
                ),
                (
                    "↑2".to_owned(),
                    "Bonus: move a piece from row 3 forward to row 2: then Alice's turn".to_owned()
                ),
                (
                    "↓4".to_owned(),
                    "Bonus: move a piece from row 3 back to row 4: then Alice's turn".to_owned()
                ),
            ]
        );
        // His piece on the goal line may step back (a bonus may leave the goal by default).
        let back: Vec<&str> = grid.rows[0].cells[1]
            .actions
            .iter()
            .map(|a| a.label.as_str())
            .collect();
        assert_eq!(
            back,
            ["Bonus: move a piece from your goal line (row 0) back to row 1: then Alice's turn"]
        );
        let give_up = &table.actions[0].buttons[0];
        assert_eq!(give_up.action.label, "Give up the bonus move");
        assert_eq!(give_up.emphasis, Emphasis::Quiet);
    }

    #[test]
    fn events_read_as_sentences() {
        let names = names();
        let mut state = started();
        let mut events = alice_opens(&mut state);
        events.extend(act(
            &mut state,
            1,
            json!({"type": "initial_move", "from": 1, "to": 0}),
        ));
        let words = testing::said(&events, &names);
        assert_eq!(
            words,
            [
                "Alice's initial move: a piece from the start line (row 0) to row 1",
                "Alice has a following move of 2 rows",
                "Alice's following move: a piece from row 1 to row 3",
                "Bob's initial move: a piece from row 1 to the goal line (row 0)",
                "No following move for Bob: the piece reached the goal line",
            ]
        );
        let over = testing::event::<Linja>(
            json!({"type": "game_over", "reason": "armies_passed", "scores": [23, 18], "winner": 0}),
        );
        assert_eq!(
            testing::line::<Linja>(&over, &names).as_deref(),
            Some("Game over, the armies have passed each other: Alice wins (Alice 23, Bob 18)")
        );
        let bonus = testing::event::<Linja>(
            json!({"type": "piece_moved", "seat": 1, "stage": "bonus", "owner": 0, "from": 4, "to": 5}),
        );
        assert_eq!(
            testing::line::<Linja>(&bonus, &names).as_deref(),
            Some("Bob's bonus move: one of Alice's pieces from row 4 to row 5")
        );
        let noms = Names(names.0.clone(), tapis_l10n::Language::Fr);
        assert_eq!(
            testing::line::<Linja>(&bonus, &noms).as_deref(),
            Some("Bonus de Bob\u{a0}: un des pions d’Alice de la rangée 4 à la rangée 5")
        );
        let lost = testing::event::<Linja>(json!({"type": "steps_lost", "seat": 0, "count": 2}));
        assert_eq!(
            testing::line::<Linja>(&lost, &noms).as_deref(),
            Some("Le pion d’Alice s’est arrêté sur la ligne d’arrivée\u{a0}: 2 rangées perdues")
        );
    }

    #[test]
    fn the_table_reads_in_french() {
        let noms = Names(names().0, tapis_l10n::Language::Fr);
        let state = started();
        let (table, _) = table_for(&state, Some(0), &noms);
        let drawn = format!("{table:?}");
        assert!(!drawn.contains(tapis_l10n::MISSING), "{drawn}");
        assert_eq!(table.headline, "À vous · coup de départ");
        let start = &board(&table).rows[7].cells[0];
        assert_eq!(
            start.label,
            "Rangée 0 (ligne de départ d’Alice)\u{a0}: Alice, 6 pions"
        );
        assert_eq!(
            start.actions[0].label,
            "Déplacer un pion de votre ligne de départ (rangée 0) vers la rangée 1\u{a0}: puis un coup de suite de 2 rangées"
        );
        let (table, _) = table_for(&state, None, &noms);
        assert_eq!(table.headline, "Au tour d’Alice · coup de départ");
    }

    #[test]
    fn the_rows_another_player_just_moved_between_are_marked() {
        let names = names();
        let mut state = started();
        let moved = alice_opens(&mut state);
        let (table, _) = testing::drawn_after::<Linja>(&state, Some(1), &names, &moved);
        // Bob sees row 0 at the top: Alice's pieces left rows 0 and 1 and reached rows 1 and 3.
        let (seen, _) = table_for(&state, Some(1), &names);
        testing::assert_marks(&table, &[(0, 0), (1, 0), (3, 0)], &seen);
    }

    #[test]
    fn actions_read_as_what_the_player_did() {
        let names = names();
        let words = |action: Action| super::super::action_words(&AnyAction::Linja(action), &names);
        assert_eq!(
            words(Action::InitialMove { from: 0, to: 1 }),
            "makes the initial move from row 0 to row 1"
        );
        assert_eq!(
            words(Action::FollowingMove { from: 1, to: 3 }),
            "makes the following move from row 1 to row 3"
        );
        assert_eq!(
            words(Action::BonusMove {
                owner: 0,
                from: 4,
                to: 5
            }),
            "moves one of Alice's pieces from row 4 to row 5 as a bonus"
        );
        assert_eq!(words(Action::DeclineBonus), "gives up the bonus move");
        let noms = Names(names.0.clone(), tapis_l10n::Language::Fr);
        assert_eq!(
            super::super::action_words(&AnyAction::Linja(Action::Pass), &noms),
            "passe, faute de coup possible"
        );
        let started: AnyEvent = AnyEvent::Linja(testing::event::<Linja>(
            json!({"type": "turn_started", "seat": 0, "extra_turn": false}),
        ));
        assert!(testing::said(&[started], &names).is_empty());
    }
}

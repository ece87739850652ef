//! Linja: the eight rows of the board (the two start lines and the six rows between the
//! bamboo sticks), each with the pieces of both colours, drawn with the viewer's goal at the
//! top; the viewer's moves are buttons on the rows their pieces leave ("↑5": to row 5), and
//! passing or giving up a move are quiet buttons below.

use serde_json::Value;
use tapis_games::linja::{
    Action, EndReason, Event, Next, NoFollowingCause, Phase, ROW_CAPACITY, ROWS, Stage, View,
    goal_line, is_inner, rows_to_goal, start_line,
};
use tapis_l10n::Language;

use super::legacy::{Input, Names, Said, action_groups, over_headline, scores_panel};
use crate::present::table::{
    ActionButton, ActionGroup, ActionRef, Board, BoardCell, BoardRow, BoardStyle, Emphasis, Fact,
    Panel, PanelKind, Table, Target, Term, Token, seat_symbol,
};

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

/// How a piece scores, in words.
fn scoring_hint(deducts: bool, lang: Language) -> String {
    lang.t(if deducts {
        "play-linja-scoring-hint-deducts"
    } else {
        "play-linja-scoring-hint"
    })
}

/// The legal actions, sorted by where they are offered.
#[derive(Default)]
struct Choices<'a> {
    /// Moves of a piece, offered on the row it leaves: (owner, from, to, action, stage).
    moves: Vec<(usize, u8, u8, &'a Value, Stage)>,
    /// Passing and giving up moves.
    quiet: Vec<(&'a Value, String)>,
    /// Anything this presenter does not know.
    others: Vec<&'a Value>,
}

impl<'a> Choices<'a> {
    fn of(legal: &'a [Value], seat: usize, lang: Language) -> Choices<'a> {
        let mut choices = Choices::default();
        for raw in legal {
            match serde_json::from_value::<Action>(raw.clone()) {
                Ok(Action::InitialMove { from, to }) => {
                    choices.moves.push((seat, from, to, raw, Stage::Initial));
                }
                Ok(Action::FollowingMove { from, to }) => {
                    choices.moves.push((seat, from, to, raw, Stage::Following));
                }
                Ok(Action::BonusMove { owner, from, to }) => {
                    choices.moves.push((owner, from, to, raw, Stage::Bonus));
                }
                Ok(Action::Pass) => choices.quiet.push((raw, lang.t("play-linja-pass"))),
                Ok(Action::ForfeitFollowing) => {
                    choices.quiet.push((raw, lang.t("play-linja-forfeit")));
                }
                Ok(Action::DeclineFollowing) => choices
                    .quiet
                    .push((raw, lang.t("play-linja-decline-following"))),
                Ok(Action::DeclineBonus) => choices
                    .quiet
                    .push((raw, lang.t("play-linja-decline-bonus"))),
                Err(_) => choices.others.push(raw),
            }
        }
        choices
    }
}

/// What a choice leads to, in words: `then a following move of 2 rows`.
fn next_words(next: Next, seat: usize, input: &Input<'_>) -> String {
    let lang = input.lang();
    match next {
        Next::FollowingMove { rows } => {
            lang.t1("play-linja-then-following", "rows", rows_words(rows, lang))
        }
        Next::Bonus => lang.t("play-linja-then-bonus"),
        Next::ExtraTurn => lang.t("play-linja-then-extra"),
        Next::OpponentTurn if input.is_viewer(opponent(seat)) => {
            lang.t("play-linja-then-your-turn")
        }
        Next::OpponentTurn => lang.t1(
            "play-linja-then-turn",
            "owner",
            input.names.possessive(opponent(seat)),
        ),
        Next::GameOver { winner: Some(w) } if input.is_viewer(w) => {
            lang.t("play-linja-ends-you-win")
        }
        Next::GameOver { winner: Some(w) } => {
            lang.t1("play-linja-ends-wins", "name", input.names.of(w))
        }
        Next::GameOver { winner: None } => lang.t("play-linja-ends-draw"),
    }
}

/// The table of a Linja match.
pub fn table(input: &Input<'_>) -> Result<Table, serde_json::Error> {
    let view: View = serde_json::from_value(input.view.clone())?;
    let lang = input.lang();
    let over = view.outcome.is_some();
    let to_move = view.to_move.filter(|_| !over);
    let my_turn = to_move.is_some_and(|s| input.is_viewer(s)) && !input.legal.is_empty();
    let mover = to_move.or(input.viewer).unwrap_or(0);
    let choices = Choices::of(input.legal, mover, lang);
    let mut panels = vec![Panel::new(
        lang.t("play-linja-board"),
        "board",
        PanelKind::Board(board(&view, input, &choices, mover)),
    )];
    if let (Some(seat), Some(stage)) = (to_move, stage_fact(view.phase, lang)) {
        panels.push(turn_facts(&view, input, seat, stage));
    }
    panels.push(scoreboard(&view, input, to_move));
    Ok(Table {
        headline: headline(&view, input, to_move),
        prompt: my_turn.then(|| prompt(&view, &choices, lang)),
        panels,
        actions: quiet_choices(&choices, input),
    })
}

/// Whose turn and which move; or the end.
fn headline(view: &View, input: &Input<'_>, to_move: Option<usize>) -> String {
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
            Term::explained(
                lang.t("play-linja-initial"),
                lang.t("play-linja-initial-hint"),
            ),
            lang.t("play-linja-initial-value"),
        ),
        Phase::Following { rows } => (
            Term::explained(
                lang.t("play-linja-following"),
                lang.t("play-linja-following-hint"),
            ),
            lang.t1("play-linja-following-value", "rows", rows_words(rows, lang)),
        ),
        Phase::Bonus => (
            Term::explained(lang.t("play-linja-bonus"), lang.t("play-linja-bonus-hint")),
            lang.t("play-linja-bonus-value"),
        ),
        Phase::Over { .. } => return None,
    };
    Some(Fact::new(term, value))
}

/// Who plays, the move to make, an extra turn, and whether the armies have passed.
fn turn_facts(view: &View, input: &Input<'_>, seat: usize, stage: Fact) -> Panel {
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
            Term::explained(
                lang.t("play-linja-extra-turn"),
                lang.t("play-linja-extra-turn-hint"),
            ),
            lang.t("play-linja-yes"),
        ));
    }
    facts.push(Fact::new(
        Term::explained(
            lang.t("play-linja-armies-passed"),
            lang.t("play-linja-armies-passed-hint"),
        ),
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
fn scoreboard(view: &View, input: &Input<'_>, to_move: Option<usize>) -> Panel {
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

/// The choices that are not a move on the board: passing, giving a move up, and anything
/// this presenter cannot read.
fn quiet_choices(choices: &Choices<'_>, input: &Input<'_>) -> Vec<ActionGroup> {
    let mut buttons: Vec<ActionButton> = choices
        .quiet
        .iter()
        .map(|(raw, words)| ActionButton::new(raw, words.clone()).emphasis(Emphasis::Quiet))
        .collect();
    buttons.extend(choices.others.iter().map(|raw| input.unread_choice(raw)));
    let title = input.lang().t(if choices.moves.is_empty() {
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

/// The eight rows, the viewer's goal line at the top (row 7 for seat 0 and spectators).
fn board(view: &View, input: &Input<'_>, choices: &Choices<'_>, mover: usize) -> Board {
    let lang = input.lang();
    let seat_one_view = input.viewer == Some(1);
    let order: Vec<usize> = if seat_one_view {
        (0..ROWS).collect()
    } else {
        (0..ROWS).rev().collect()
    };
    // Where each row is drawn, from the top.
    let drawn_at = |row: u8| {
        order
            .iter()
            .position(|r| *r == usize::from(row))
            .unwrap_or(0)
    };
    // The rows the other player's pieces just left and reached.
    let mut recent = input.recent_places(&["piece_moved"], "owner", "to");
    recent.extend(input.recent_places(&["piece_moved"], "owner", "from"));
    let rows = order
        .iter()
        .map(|&row| {
            let total = view.row_totals.get(row).copied().unwrap_or(0);
            let full = is_inner(row) && total >= ROW_CAPACITY;
            let cells = (0..2)
                .map(|owner| {
                    let count = view.board.count(owner, row);
                    let whose = input.names.possessive(owner);
                    let mut marks = Vec::new();
                    let mut hints = Vec::new();
                    if row == start_line(owner) {
                        marks.push(lang.t("play-linja-mark-start"));
                        hints.push(lang.t1("play-linja-start-line-of", "owner", &whose));
                    }
                    if row == goal_line(owner) {
                        marks.push(lang.t("play-linja-mark-goal"));
                        hints.push(lang.t1("play-linja-goal-line-of", "owner", &whose));
                    }
                    let mut shown: Vec<String> = Vec::new();
                    if count > 0 {
                        shown.push(count.to_string());
                    }
                    shown.extend(marks);
                    let text = if shown.is_empty() {
                        None
                    } else if hints.is_empty() {
                        Some(Term::plain(shown.join(" · ")))
                    } else {
                        Some(Term::explained(shown.join(" · "), hints.join("; ")))
                    };
                    let place = if hints.is_empty() {
                        lang.t2(
                            "play-linja-places-taken",
                            "total",
                            total,
                            "capacity",
                            ROW_CAPACITY,
                        )
                    } else {
                        hints.join(", ")
                    };
                    let actions: Vec<ActionRef> = choices
                        .moves
                        .iter()
                        .filter(|(o, from, ..)| *o == owner && usize::from(*from) == row)
                        .map(|&(o, from, to, raw, stage)| {
                            let arrow = if drawn_at(to) < drawn_at(from) {
                                "↑"
                            } else {
                                "↓"
                            };
                            // Picked in its row, then offered in the row it goes to.
                            ActionRef::new(raw, move_label(view, input, mover, o, from, to, stage))
                                .marked(format!("{arrow}{to}"))
                                .to(Target::Cell {
                                    row: drawn_at(to),
                                    cell: owner,
                                })
                        })
                        .collect();
                    BoardCell {
                        text,
                        tokens: (0..count)
                            .map(|_| {
                                Token::of_seat(
                                    owner,
                                    lang.t1("play-linja-piece-of", "owner", &whose),
                                )
                            })
                            .collect(),
                        label: lang.t_with(
                            "play-linja-cell",
                            &[
                                ("row", row.into()),
                                ("place", place.into()),
                                ("name", input.names.of(owner).into()),
                                ("count", count.into()),
                            ],
                        ),
                        highlight: !actions.is_empty(),
                        recent: recent.contains(&(owner as u64, row as u64)),
                        actions,
                    }
                })
                .collect();
            // What a piece standing here is worth to each colour at the end.
            let worth: Vec<String> = (0..2)
                .map(|seat| {
                    let value = tapis_games::linja::piece_value(seat, row, view.options.deducts());
                    format!("{} {}", seat_symbol(seat), signed(value))
                })
                .collect();
            BoardRow {
                label: Some(lang.t2(
                    if full {
                        "play-linja-row-label-full"
                    } else {
                        "play-linja-row-label"
                    },
                    "row",
                    row,
                    "worth",
                    worth.join(" "),
                )),
                cells,
            }
        })
        .collect();
    let top = order.first().copied().unwrap_or(ROWS - 1);
    let column_labels: Vec<String> = (0..2)
        .map(|s| format!("{} {}", seat_symbol(s), input.names.of(s)))
        .collect();
    let mut caption = lang.t_with(
        "play-linja-board-caption",
        &[
            ("top", top.into()),
            ("first", column_labels[0].clone().into()),
            ("second", column_labels[1].clone().into()),
        ],
    );
    if !choices.moves.is_empty() {
        caption = lang.t1("play-linja-board-caption-play", "caption", caption);
    }
    Board {
        caption,
        style: BoardStyle::Rows,
        column_labels,
        rows,
        column_actions: Vec::new(),
    }
}

/// A row's worth: `+3`, `−2`, `0`.
fn signed(value: i64) -> String {
    match value {
        v if v > 0 => format!("+{v}"),
        v if v < 0 => format!("−{}", -v),
        _ => "0".to_owned(),
    }
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

/// The name of a move button: `Move a piece from row 2 to row 5: then Bob's turn`.
fn move_label(
    view: &View,
    input: &Input<'_>,
    mover: usize,
    owner: usize,
    from: u8,
    to: u8,
    stage: Stage,
) -> String {
    let lang = input.lang();
    let whose = if owner != mover {
        Whose::Other(input.names.possessive(owner))
    } else if input.is_viewer(owner) {
        Whose::Your
    } else {
        Whose::The
    };
    let key = match stage {
        Stage::Bonus if is_forward(owner, from, to) => "play-linja-bonus-forward",
        Stage::Bonus => "play-linja-bonus-back",
        Stage::Initial | Stage::Following => "play-linja-move",
    };
    let label = lang.t_with(
        key,
        &[
            (
                "piece",
                piece_words(owner == mover, owner, input.names).into(),
            ),
            ("from", row_words(from, owner, &whose, lang).into()),
            ("to", row_words(to, owner, &whose, lang).into()),
        ],
    );
    let action = match stage {
        Stage::Initial => Action::InitialMove { from, to },
        Stage::Following => Action::FollowingMove { from, to },
        Stage::Bonus => Action::BonusMove { owner, from, to },
    };
    match view.choices.iter().find(|c| c.action == action) {
        Some(choice) => lang.t2(
            "play-linja-move-then",
            "move",
            label,
            "next",
            next_words(choice.next, mover, input),
        ),
        None => label,
    }
}

/// Whether going from `from` to `to` is forward (towards its goal) for a piece of `owner`.
fn is_forward(owner: usize, from: u8, to: u8) -> bool {
    let (from, to) = (usize::from(from), usize::from(to));
    from < ROWS && to < ROWS && rows_to_goal(owner, to) < rows_to_goal(owner, from)
}

/// One Linja event in words; `None` when it cannot be read.
pub fn event(event: &Value, names: &Names) -> Option<Said> {
    let event: Event = serde_json::from_value(event.clone()).ok()?;
    let lang = names.lang();
    let named = |key: &str, seat: usize| lang.t1(key, "name", names.of(seat));
    let named_rows = |key: &str, seat: usize, rows: u8| {
        lang.t2(key, "name", names.of(seat), "rows", rows_words(rows, lang))
    };
    Some(Said::Line(match event {
        Event::TurnStarted { seat, extra_turn } => {
            if extra_turn {
                named("play-linja-extra-turn-event", seat)
            } else {
                return Some(Said::Nothing);
            }
        }
        Event::PieceMoved {
            seat,
            stage,
            owner,
            from,
            to,
        } => {
            let whose = if owner == seat {
                Whose::The
            } else {
                Whose::Other(names.possessive(owner))
            };
            let key = match stage {
                Stage::Initial => "play-linja-moved-initial",
                Stage::Following => "play-linja-moved-following",
                Stage::Bonus => "play-linja-moved-bonus",
            };
            lang.t_with(
                key,
                &[
                    ("player", names.possessive(seat).into()),
                    ("piece", piece_words(owner == seat, owner, names).into()),
                    ("from", row_words(from, owner, &whose, lang).into()),
                    ("to", row_words(to, owner, &whose, lang).into()),
                ],
            )
        }
        Event::FollowingMoveDue { seat, rows } => {
            named_rows("play-linja-following-due", seat, rows)
        }
        Event::NoFollowingMove { seat, cause } => lang.t2(
            "play-linja-no-following",
            "name",
            names.of(seat),
            "cause",
            lang.t(match cause {
                NoFollowingCause::GoalLine => "play-linja-cause-goal-line",
                NoFollowingCause::EmptyRow => "play-linja-cause-empty-row",
            }),
        ),
        Event::StepsLost { seat, count } => lang.t2(
            "play-linja-steps-lost",
            "player",
            names.possessive(seat),
            "count",
            count,
        ),
        Event::BonusEarned { seat } => named("play-linja-bonus-earned", seat),
        Event::Passed { seat } => named("play-linja-passed", seat),
        Event::FollowingForfeited { seat, rows } => named_rows("play-linja-forfeited", seat, rows),
        Event::FollowingDeclined { seat, rows } => {
            named_rows("play-linja-declined-following", seat, rows)
        }
        Event::BonusDeclined { seat } => named("play-linja-declined-bonus", seat),
        Event::Resigned { seat } => named("play-linja-resigned", seat),
        Event::GameOver {
            reason,
            scores: [first, second],
            winner,
        } => {
            let why = lang.t(match reason {
                EndReason::ArmiesPassed => "play-linja-why-armies-passed",
                EndReason::Blocked => "play-linja-why-blocked",
                EndReason::Resignation => "play-linja-why-resignation",
            });
            let tally = lang.t_with(
                "play-linja-tally",
                &[
                    ("first", names.of(0).into()),
                    ("first-points", first.into()),
                    ("second", names.of(1).into()),
                    ("second-points", second.into()),
                ],
            );
            match winner {
                Some(winner) => lang.t_with(
                    "play-linja-over-wins",
                    &[
                        ("why", why.into()),
                        ("name", names.of(winner).into()),
                        ("tally", tally.into()),
                    ],
                ),
                None => lang.t2("play-linja-over-draw", "why", why, "tally", tally),
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::games::legacy::testing::{self, act, names};
    use serde_json::json;
    use tapis_games::linja::{Board as Pieces, Options, Position, State};
    use tapis_games::{AnyState, GameId};

    fn started() -> AnyState {
        AnyState::setup(GameId::Linja, 2, &json!({})).unwrap_or_else(|e| panic!("{e}"))
    }

    fn table_for(state: &AnyState, viewer: Option<usize>, names: &Names) -> (Table, Vec<Value>) {
        testing::drawn(table, state, viewer, names)
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
        let mut events = act(
            &mut state,
            0,
            json!({"type": "initial_move", "from": 0, "to": 1}),
        );
        events.extend(act(
            &mut state,
            0,
            json!({"type": "following_move", "from": 1, "to": 3}),
        ));
        events.extend(act(
            &mut state,
            1,
            json!({"type": "initial_move", "from": 1, "to": 0}),
        ));
        let words: Vec<String> = events
            .iter()
            .filter_map(|e| super::super::legacy::event_words_json(GameId::Linja, e, &names))
            .collect();
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
        let over = json!({"type": "game_over", "reason": "armies_passed", "scores": [23, 18], "winner": 0});
        assert_eq!(
            event(&over, &names),
            Some(Said::Line(
                "Game over, the armies have passed each other: Alice wins (Alice 23, Bob 18)"
                    .to_owned()
            ))
        );
        let bonus = json!({"type": "piece_moved", "seat": 1, "stage": "bonus", "owner": 0, "from": 4, "to": 5});
        assert_eq!(
            event(&bonus, &names),
            Some(Said::Line(
                "Bob's bonus move: one of Alice's pieces from row 4 to row 5".to_owned()
            ))
        );
        let noms = Names(names.0.clone(), tapis_l10n::Language::Fr);
        assert_eq!(
            event(&bonus, &noms),
            Some(Said::Line(
                "Bonus de Bob\u{a0}: un des pions d’Alice de la rangée 4 à la rangée 5".to_owned()
            ))
        );
        let lost = json!({"type": "steps_lost", "seat": 0, "count": 2});
        assert_eq!(
            event(&lost, &noms),
            Some(Said::Line(
                "Le pion d’Alice s’est arrêté sur la ligne d’arrivée\u{a0}: 2 rangées perdues"
                    .to_owned()
            ))
        );
        assert_eq!(event(&json!({"type": "nope"}), &names), None);
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
}

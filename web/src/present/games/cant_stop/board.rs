//! The board of Can't Stop: the eleven columns, every marker and runner on them, in words too.

use tapis_games::cant_stop::{CantStop, ColumnView, Event, View};

use super::space_of;
use crate::present::games::Input;
use crate::present::table::{ColumnView as Column, ColumnsPanel, Panel, PanelKind, Token};

/// The column's text alternative: `Column 7, 13 spaces: Alice's marker at 4 of 13, runner at
/// 6 of 13`.
fn column_words(column: &ColumnView, input: &Input<'_, CantStop>) -> String {
    let lang = input.lang();
    let height = column.height;
    let head = lang.t2(
        "play-cant-stop-column-head",
        "column",
        column.column,
        "height",
        height,
    );
    if let Some(winner) = column.won_by {
        return lang.t2(
            "play-cant-stop-column-claimed",
            "head",
            head,
            "name",
            input.names.of(winner),
        );
    }
    let mut parts: Vec<String> = column
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, space)| **space > 0)
        .map(|(seat, space)| {
            lang.t2(
                "play-cant-stop-marker-at",
                "name",
                input.names.of(seat),
                "at",
                space_of(*space, height, lang),
            )
        })
        .collect();
    if let Some(runner) = column.runner {
        parts.push(lang.t1(
            "play-cant-stop-runner-at",
            "at",
            space_of(runner, height, lang),
        ));
    }
    if parts.is_empty() {
        lang.t1("play-cant-stop-column-empty", "head", head)
    } else {
        lang.t2(
            "play-cant-stop-column-pieces",
            "head",
            head,
            "pieces",
            parts.join(", "),
        )
    }
}

/// One column of the board, its spaces from the bottom up.
fn column_of(column: &ColumnView, input: &Input<'_, CantStop>) -> Column {
    let lang = input.lang();
    let height = column.height;
    let label = column.column;
    let spaces = (1..=height)
        .map(|space| {
            let mut tokens: Vec<Token> = column
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, at)| **at == space)
                .map(|(seat, _)| {
                    Token::of_seat(
                        seat,
                        lang.t_with(
                            "play-cant-stop-marker-on",
                            &[
                                ("name", input.names.of(seat).into()),
                                ("column", label.into()),
                                ("at", space_of(space, height, lang).into()),
                            ],
                        ),
                    )
                })
                .collect();
            if column.runner == Some(space) {
                tokens.push(Token::runner(lang.t2(
                    "play-cant-stop-runner-on",
                    "column",
                    label,
                    "at",
                    space_of(space, height, lang),
                )));
            }
            tokens
        })
        .collect();
    Column {
        label: label.to_string(),
        spaces,
        won_by: column.won_by.map(|seat| {
            Token::of_seat(
                seat,
                lang.t2(
                    "play-cant-stop-claimed-by",
                    "column",
                    label,
                    "name",
                    input.names.of(seat),
                ),
            )
        }),
        label_long: column_words(column, input),
        action: None,
        // A column the other players climbed since the viewer's last move.
        recent: input.recent.iter().any(|e| {
            matches!(e, Event::PieceMoved { column, .. } | Event::RunnerMoved { column, .. }
                if *column == label)
        }),
    }
}

/// The eleven columns with every marker and runner.
pub(super) fn board(view: &View, input: &Input<'_, CantStop>) -> Panel {
    let lang = input.lang();
    Panel::new(
        lang.t("play-cant-stop-board"),
        "columns",
        PanelKind::Columns(ColumnsPanel {
            caption: lang.t1(
                "play-cant-stop-board-caption",
                "count",
                view.options.columns_to_win,
            ),
            columns: view
                .columns
                .iter()
                .map(|column| column_of(column, input))
                .collect(),
        }),
    )
}

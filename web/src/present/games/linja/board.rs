//! The board: the eight rows, the viewer's goal line at the top (row 7 for seat 0 and
//! spectators), each with the pieces of both colours and the viewer's moves from it.

use tapis_games::linja::{Action, Event, Linja, Next, ROW_CAPACITY, ROWS, Stage, is_inner};
use tapis_l10n::Language;

use super::super::Input;
use super::{
    Choices, Move, Whose, goal_line, is_forward, opponent, piece_words, row_words, rows_words,
    start_line,
};
use crate::present::table::{
    ActionRef, Board, BoardCell, BoardRow, BoardStyle, Target, Term, Token, seat_symbol,
};

/// The board as the viewer sees it, the moves of `mover` on the rows their pieces leave.
pub(super) fn board(input: &Input<'_, Linja>, choices: &Choices<'_>, mover: usize) -> Board {
    let lang = input.lang();
    let order: Vec<usize> = if input.viewer == Some(1) {
        (0..ROWS).collect()
    } else {
        (0..ROWS).rev().collect()
    };
    let drawing = BoardOf {
        input,
        choices,
        mover,
        lang,
        order,
    };
    let rows = drawing.order.iter().map(|&row| drawing.row(row)).collect();
    let top = drawing.order.first().copied().unwrap_or(ROWS - 1);
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

/// The board being drawn.
struct BoardOf<'a> {
    input: &'a Input<'a, Linja>,
    choices: &'a Choices<'a>,
    /// The seat whose moves are offered.
    mover: usize,
    lang: Language,
    /// The rows from the top.
    order: Vec<usize>,
}

impl BoardOf<'_> {
    /// Where a row is drawn, from the top.
    fn drawn_at(&self, row: u8) -> usize {
        self.order
            .iter()
            .position(|r| *r == usize::from(row))
            .unwrap_or(0)
    }

    /// One row: its number, whether it is full, what a piece there is worth to each colour at
    /// the end, and the pieces of each colour.
    fn row(&self, row: usize) -> BoardRow {
        let view = self.input.view;
        let total = view.row_totals.get(row).copied().unwrap_or(0);
        let full = is_inner(row) && total >= ROW_CAPACITY;
        let worth: Vec<String> = (0..2)
            .map(|seat| {
                format!(
                    "{} {}",
                    seat_symbol(seat),
                    signed(view.piece_values[seat][row])
                )
            })
            .collect();
        BoardRow {
            label: Some(self.lang.t2(
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
            cells: (0..2).map(|owner| self.cell(owner, row, total)).collect(),
        }
    }

    /// The pieces of `owner` on `row` (which holds `total` pieces), and the moves from it.
    fn cell(&self, owner: usize, row: usize, total: u8) -> BoardCell {
        let lang = self.lang;
        let count = self.input.view.board.count(owner, row);
        let whose = self.input.names.possessive(owner);
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
        let shown: Vec<String> = (count > 0)
            .then(|| count.to_string())
            .into_iter()
            .chain(marks)
            .collect();
        let text = match (shown.is_empty(), hints.is_empty()) {
            (true, _) => None,
            (false, true) => Some(Term::plain(shown.join(" · "))),
            (false, false) => Some(Term::explained(shown.join(" · "), hints.join("; "))),
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
        let actions = self.moves_from(owner, row);
        BoardCell {
            text,
            tokens: (0..count)
                .map(|_| Token::of_seat(owner, lang.t1("play-linja-piece-of", "owner", &whose)))
                .collect(),
            label: lang.t_with(
                "play-linja-cell",
                &[
                    ("row", row.into()),
                    ("place", place.into()),
                    ("name", self.input.names.of(owner).into()),
                    ("count", count.into()),
                ],
            ),
            highlight: !actions.is_empty(),
            recent: self.moved_recently(owner, row),
            actions,
        }
    }

    /// Whether a move the viewer has not seen yet took a piece of `owner` from `row` or to it.
    fn moved_recently(&self, owner: usize, row: usize) -> bool {
        self.input.recent.iter().any(|e| {
            matches!(**e, Event::PieceMoved { owner: o, from, to, .. }
                if o == owner && (usize::from(from) == row || usize::from(to) == row))
        })
    }

    /// The moves of a piece of `owner` from `row`: picked in its row, then offered in the row
    /// it goes to.
    fn moves_from(&self, owner: usize, row: usize) -> Vec<ActionRef> {
        self.choices
            .moves
            .iter()
            .filter(|m| m.owner == owner && usize::from(m.from) == row)
            .map(|m| {
                let arrow = if self.drawn_at(m.to) < self.drawn_at(m.from) {
                    "↑"
                } else {
                    "↓"
                };
                ActionRef::new(m.action, self.move_label(m))
                    .marked(format!("{arrow}{}", m.to))
                    .to(Target::Cell {
                        row: self.drawn_at(m.to),
                        cell: owner,
                    })
            })
            .collect()
    }

    /// The name of a move button: `Move a piece from row 2 to row 5: then Bob's turn`.
    fn move_label(&self, m: &Move<'_>) -> String {
        let lang = self.lang;
        let names = self.input.names;
        let whose = if m.owner == self.mover && self.input.is_viewer(m.owner) {
            Whose::Your
        } else {
            Whose::of(m.owner, self.mover, names)
        };
        let key = match m.stage {
            Stage::Bonus if is_forward(m.owner, m.from, m.to) => "play-linja-bonus-forward",
            Stage::Bonus => "play-linja-bonus-back",
            Stage::Initial | Stage::Following => "play-linja-move",
        };
        let label = lang.t_with(
            key,
            &[
                (
                    "piece",
                    piece_words(m.owner == self.mover, m.owner, names).into(),
                ),
                ("from", row_words(m.from, m.owner, &whose, lang).into()),
                ("to", row_words(m.to, m.owner, &whose, lang).into()),
            ],
        );
        let action: &Action = m.action;
        match self.input.view.choices.iter().find(|c| c.action == *action) {
            Some(choice) => lang.t2(
                "play-linja-move-then",
                "move",
                label,
                "next",
                next_words(choice.next, self.mover, self.input),
            ),
            None => label,
        }
    }
}

/// What a choice leads to, in words: `then a following move of 2 rows`.
fn next_words(next: Next, seat: usize, input: &Input<'_, Linja>) -> String {
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

/// A row's worth: `+3`, `−2`, `0`.
fn signed(value: i64) -> String {
    match value {
        v if v > 0 => format!("+{v}"),
        v if v < 0 => format!("−{}", -v),
        _ => "0".to_owned(),
    }
}

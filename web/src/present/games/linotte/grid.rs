//! The grid: every cell with its printed combination, its pawn, and the viewer's choices on it.

use tapis_games::GameId;
use tapis_games::linotte::{Action, CellView, Event, LINES, SIZE};
use tapis_l10n::Language;

use super::super::{Input, points};
use super::{Choices, LinotteGame, cell_name, combination_name, combination_term};
use crate::present::table::{ActionRef, Board, BoardCell, BoardRow, BoardStyle, Token};

/// The grid as the viewer sees it, the cells they may play on highlighted.
pub(super) fn grid<G: LinotteGame>(
    input: &Input<'_, G>,
    choices: &Choices<'_>,
    my_turn: bool,
) -> Board {
    let lang = input.lang();
    let drawing = GridOf {
        input,
        choices,
        game: input.view.game,
        lang,
        viewer_points: input
            .viewer
            .and_then(|v| input.view.players.iter().find(|p| p.seat == v))
            .map_or(0, |p| p.points),
        winning: winning_line(&input.view.grid),
    };
    let rows = input
        .view
        .grid
        .iter()
        .map(|row| BoardRow {
            label: None,
            cells: row.iter().map(|cell| drawing.cell(cell)).collect(),
        })
        .collect();
    let caption = if my_turn && choices.on_grid() {
        lang.t("play-linotte-grid-caption-play")
    } else {
        lang.t("play-linotte-grid")
    };
    Board {
        caption,
        style: BoardStyle::Square,
        column_labels: Vec::new(),
        rows,
        column_actions: Vec::new(),
    }
}

/// The grid being drawn.
struct GridOf<'a, G: LinotteGame> {
    input: &'a Input<'a, G>,
    choices: &'a Choices<'a>,
    game: GameId,
    lang: Language,
    /// The viewer's alignment points now, to say what a placement changes.
    viewer_points: i64,
    /// The cells of the five in a row that ended the game, if one did.
    winning: Vec<(u8, u8)>,
}

/// The cells of a line of five held by one seat (the five in a row that ends the game), as
/// (row, column); empty when there is none.
fn winning_line(grid: &[Vec<CellView>]) -> Vec<(u8, u8)> {
    let owner = |row: u8, col: u8| {
        grid.get(usize::from(row))
            .and_then(|r| r.iter().find(|c| c.col == col))
            .and_then(|c| c.owner)
    };
    LINES
        .iter()
        .filter(|line| line.len() == SIZE)
        .find_map(|line| {
            let cells: Vec<(u8, u8)> = line.cells().map(|c| (c.row(), c.col())).collect();
            let first = cells.first().and_then(|&(r, c)| owner(r, c))?;
            cells
                .iter()
                .all(|&(r, c)| owner(r, c) == Some(first))
                .then_some(cells)
        })
        .unwrap_or_default()
}

impl<G: LinotteGame> GridOf<'_, G> {
    /// One cell: its combination, its pawn, and the viewer's placement or removal there.
    fn cell(&self, cell: &CellView) -> BoardCell {
        let lang = self.lang;
        let (r, c) = (cell.row, cell.col);
        let actions: Vec<ActionRef> = [self.placement(cell), self.removal(cell)]
            .into_iter()
            .flatten()
            .collect();
        let pawn = cell.owner.map(|o| {
            Token::of_seat(
                o,
                lang.t1(
                    "play-linotte-pawn-of",
                    "owner",
                    self.input.names.possessive(o),
                ),
            )
        });
        let holder = match &pawn {
            Some(token) => token.label.clone(),
            None => lang.t("play-linotte-free"),
        };
        let winning = self.winning.contains(&(r, c));
        let holder = if winning {
            lang.t1("play-linotte-in-winning-line", "holder", holder)
        } else {
            holder
        };
        BoardCell {
            text: Some(combination_term(cell.combination, self.game, lang)),
            label: lang.t_with(
                "play-linotte-cell-label",
                &[
                    ("row", (r + 1).into()),
                    ("col", (c + 1).into()),
                    (
                        "name",
                        combination_name(cell.combination, self.game, lang).into(),
                    ),
                    ("holder", holder.into()),
                ],
            ),
            tokens: pawn.into_iter().collect(),
            // A cell to play on; at the end, the five in a row that won.
            highlight: !actions.is_empty() || winning,
            recent: self.changed_recently(r, c),
            actions,
        }
    }

    /// Whether a move the viewer has not seen yet put a pawn on the cell, or took one away
    /// with the Yam Predator.
    fn changed_recently(&self, row: u8, col: u8) -> bool {
        self.input.recent.iter().any(|e| {
            matches!(**e, Event::Placed { row: r, col: c, .. } | Event::PawnRemoved { row: r, col: c, .. }
                if (r, c) == (row, col))
        })
    }

    /// The button that places a pawn on the cell, with what it brings.
    fn placement(&self, cell: &CellView) -> Option<ActionRef> {
        let (r, c) = (cell.row, cell.col);
        let view = self.input.view;
        let action = action_at(&self.choices.places, r, c)?;
        let lang = self.lang;
        let placement = view.placements.iter().find(|p| (p.row, p.col) == (r, c));
        let name = cell_name(r, c, self.game, lang);
        let label = match placement {
            Some(p) if p.completes_five && self.game == GameId::YamMaster => {
                lang.t1("play-linotte-place-win", "cell", name)
            }
            Some(p) if p.completes_five => lang.t2(
                "play-linotte-place-five",
                "cell",
                name,
                "points",
                points(p.points_after, lang),
            ),
            Some(p) if p.points_after != self.viewer_points => lang.t2(
                "play-linotte-place-after",
                "cell",
                name,
                "points",
                points(p.points_after, lang),
            ),
            _ => lang.t1("play-linotte-place", "cell", name),
        };
        Some(ActionRef::new(action, label))
    }

    /// The button that removes the opponent's pawn on the cell (the Yam Predator).
    fn removal(&self, cell: &CellView) -> Option<ActionRef> {
        let (r, c) = (cell.row, cell.col);
        let view = self.input.view;
        let action = action_at(&self.choices.removes, r, c)?;
        let lang = self.lang;
        let names = self.input.names;
        let owner = cell.owner.unwrap_or(0);
        let whose = names.possessive(owner);
        let name = cell_name(r, c, self.game, lang);
        let after = view.removals.iter().find(|p| (p.row, p.col) == (r, c));
        let label = match after {
            Some(p) => lang.t_with(
                "play-linotte-remove-after",
                &[
                    ("owner", whose.into()),
                    ("cell", name.into()),
                    ("name", names.of(owner).into()),
                    ("points", points(p.opponent_points_after, lang).into()),
                ],
            ),
            None => lang.t2("play-linotte-remove", "owner", whose, "cell", name),
        };
        Some(ActionRef::new(action, label).marked("✕"))
    }
}

/// The action of `cells` on the cell at `row`, `col`, if it has one.
fn action_at<'a>(cells: &[(u8, u8, &'a Action)], row: u8, col: u8) -> Option<&'a Action> {
    cells
        .iter()
        .find(|(r, c, _)| (*r, *c) == (row, col))
        .map(|(_, _, action)| *action)
}

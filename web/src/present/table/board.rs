//! Boards of cells with the players' tokens, and the columns of Can't Stop.

use super::{ActionRef, Target, Term};
/// How a board is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardStyle {
    /// Square cells in rows and columns (La Linotte, Yam Master).
    #[default]
    Square,
    /// Columns filled from the bottom, drawn leaning (Make Five).
    Inclined,
    /// Long rows stacked top to bottom (Linja's bamboo sticks).
    Rows,
}

impl BoardStyle {
    pub fn class(self) -> &'static str {
        match self {
            BoardStyle::Square => "board board-square",
            BoardStyle::Inclined => "board board-inclined",
            BoardStyle::Rows => "board board-rows",
        }
    }
}

/// A piece or a token: a colour, a symbol (so colour is never the only cue) and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// A CSS class suffix: `seat-0` … `seat-7`; `red`, `blue`, `green`, `yellow`, `white`
    /// (Make Five's tokens); `runner` (a neutral marker, Can't Stop's runners).
    pub colour: String,
    pub symbol: String,
    /// The text alternative ("Alice's pawn", "red token").
    pub label: String,
}

impl Token {
    /// The token of a seat, with that seat's colour and symbol.
    pub fn of_seat(seat: usize, label: impl Into<String>) -> Token {
        Token {
            colour: format!("seat-{}", seat % SEAT_SYMBOLS.len()),
            symbol: seat_symbol(seat).to_owned(),
            label: label.into(),
        }
    }

    /// A neutral marker (Can't Stop's runners).
    pub fn runner(label: impl Into<String>) -> Token {
        Token {
            colour: "runner".to_owned(),
            symbol: "◎".to_owned(),
            label: label.into(),
        }
    }

    pub fn class(&self) -> String {
        format!("token token-{}", self.colour)
    }
}

/// One symbol per seat, beside its colour.
pub const SEAT_SYMBOLS: [&str; 8] = ["●", "▲", "■", "◆", "★", "✚", "⬟", "✖"];

/// The symbol of a seat.
pub fn seat_symbol(seat: usize) -> &'static str {
    SEAT_SYMBOLS[seat % SEAT_SYMBOLS.len()]
}

/// A board of rows of cells.
#[derive(Debug, Clone, Default)]
pub struct Board {
    pub caption: String,
    pub style: BoardStyle,
    /// Labels over the columns (may be empty).
    pub column_labels: Vec<String>,
    /// Rows from top to bottom.
    pub rows: Vec<BoardRow>,
    /// One optional action per column, drawn as a button above it ("Drop into column 3").
    pub column_actions: Vec<Option<ActionRef>>,
}

impl Board {
    /// Whether some row has a label (then every row keeps room for one).
    pub fn has_row_labels(&self) -> bool {
        self.rows.iter().any(|r| r.label.is_some())
    }

    /// Whether the cell at `row`, `cell` holds pieces to pick: every action it offers is a
    /// move with a destination.
    pub fn pickable(&self, row: impl Place, cell: impl Place) -> bool {
        let (row, cell) = (row.place(), cell.place());
        self.rows
            .get(row)
            .and_then(|r| r.cells.get(cell))
            .is_some_and(|c| !c.actions.is_empty() && c.actions.iter().all(|a| a.target.is_some()))
    }

    /// Whether any cell holds pieces to pick (the board then works by picking).
    pub fn has_picks(&self) -> bool {
        (0..self.rows.len()).any(|r| (0..self.rows[r].cells.len()).any(|c| self.pickable(r, c)))
    }

    /// The name of a picked place, as the page links a piece to its moves: `row-cell`.
    pub fn pick_key(&self, row: impl Place, cell: impl Place) -> String {
        format!("{}-{}", row.place(), cell.place())
    }

    /// The moves leading to `target`, each with the key of the place its piece is picked from.
    fn moves_to(&self, target: Target) -> Vec<(String, &ActionRef)> {
        let mut moves = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                if !self.pickable(r, c) {
                    continue;
                }
                for action in &cell.actions {
                    if action.target == Some(target) {
                        moves.push((self.pick_key(r, c), action));
                    }
                }
            }
        }
        moves
    }

    /// The moves that end in the cell at `row`, `cell`.
    pub fn moves_to_cell(&self, row: impl Place, cell: impl Place) -> Vec<(String, &ActionRef)> {
        self.moves_to(Target::Cell {
            row: row.place(),
            cell: cell.place(),
        })
    }

    /// The moves that go on top of column `column`.
    pub fn moves_to_column(&self, column: impl Place) -> Vec<(String, &ActionRef)> {
        self.moves_to(Target::Column(column.place()))
    }

    /// Whether some move goes on top of a column (the row of buttons above the columns is
    /// drawn then).
    pub fn has_column_moves(&self) -> bool {
        (0..self.columns()).any(|c| !self.moves_to_column(c).is_empty())
    }

    /// The action above column `column`, if any.
    pub fn column_action(&self, column: impl Place) -> Option<&Option<ActionRef>> {
        self.column_actions.get(column.place())
    }

    /// How many columns the board has (its widest row).
    pub fn columns(&self) -> usize {
        self.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0)
    }
}

/// A place number (row, cell, column) as templates pass it: by value or by reference.
pub trait Place {
    fn place(&self) -> usize;
}

impl Place for usize {
    fn place(&self) -> usize {
        *self
    }
}

impl<T: Place + ?Sized> Place for &T {
    fn place(&self) -> usize {
        (**self).place()
    }
}

/// A row of a board.
#[derive(Debug, Clone, Default)]
pub struct BoardRow {
    /// A label at the row's start ("Row 3", "Goal").
    pub label: Option<String>,
    pub cells: Vec<BoardCell>,
}

/// A cell of a board.
#[derive(Debug, Clone, Default)]
pub struct BoardCell {
    /// What is printed on the cell (a combination name, a number), if anything.
    pub text: Option<Term>,
    pub tokens: Vec<Token>,
    /// The full text alternative ("row 2, column 3: Full, Alice's pawn").
    pub label: String,
    /// Marked (a cell to play, a winning line).
    pub highlight: bool,
    /// Changed by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
    /// What clicking plays: one action is a small button; several open a menu from the cell
    /// (a token to move, then where to), each choice shown as its label.
    pub actions: Vec<ActionRef>,
}

/// Columns of spaces climbed by markers (Can't Stop).
#[derive(Debug, Clone, Default)]
pub struct ColumnsPanel {
    pub caption: String,
    pub columns: Vec<ColumnView>,
}

/// One column.
#[derive(Debug, Clone, Default)]
pub struct ColumnView {
    /// Its name ("7").
    pub label: String,
    /// Its spaces from the bottom up; each holds the tokens standing on it.
    pub spaces: Vec<Vec<Token>>,
    /// The seat that won the column, as its token.
    pub won_by: Option<Token>,
    /// A text alternative for the whole column ("column 7: Alice at 3 of 13, runner at 5").
    pub label_long: String,
    /// Clicking the column plays this.
    pub action: Option<ActionRef>,
    /// Climbed by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
}

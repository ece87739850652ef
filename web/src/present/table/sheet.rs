//! Score sheets: columns per player (or grid), rows per box, cells that may be buttons.

use super::{ActionRef, Term};
/// A score sheet: one column per seat (or per grid), one row per box.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    pub caption: String,
    pub columns: Vec<SheetColumn>,
    pub rows: Vec<SheetRow>,
}

/// A column of a sheet (a player, or one of their grids).
#[derive(Debug, Clone)]
pub struct SheetColumn {
    pub name: String,
    /// The player on turn.
    pub current: bool,
    /// The viewer's own column.
    pub yours: bool,
}

/// How a sheet row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowKind {
    #[default]
    Box,
    /// A computed line (sum, bonus).
    Subtotal,
    /// The grand total.
    Total,
}

impl RowKind {
    pub fn class(self) -> &'static str {
        match self {
            RowKind::Box => "sheet-box",
            RowKind::Subtotal => "sheet-subtotal",
            RowKind::Total => "sheet-total",
        }
    }
}

/// A row of a sheet.
#[derive(Debug, Clone)]
pub struct SheetRow {
    pub label: Term,
    pub kind: RowKind,
    pub cells: Vec<SheetCell>,
}

/// How a sheet cell looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CellState {
    /// Not filled yet.
    #[default]
    Empty,
    Filled,
    /// Filled with 0 (scratched, "barré").
    Scratched,
    /// Empty, and what the current dice would score in it (when clickable).
    Preview,
}

impl CellState {
    pub fn class(self) -> &'static str {
        match self {
            CellState::Empty => "cell-empty",
            CellState::Filled => "cell-filled",
            CellState::Scratched => "cell-scratched",
            CellState::Preview => "cell-preview",
        }
    }
}

/// One cell of a sheet.
#[derive(Debug, Clone, Default)]
pub struct SheetCell {
    /// What is written ("25", "—", or the points the dice would score).
    pub text: String,
    pub state: CellState,
    /// Clicking the cell plays this action (write the dice here).
    pub action: Option<ActionRef>,
    /// Filled by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
}

impl SheetCell {
    /// A cell with `text` written in it.
    pub fn filled(text: impl Into<String>) -> SheetCell {
        SheetCell {
            text: text.into(),
            state: CellState::Filled,
            action: None,
            recent: false,
        }
    }

    /// A box scored `points`: scratched when they are 0.
    pub fn scored(points: impl Into<i64>) -> SheetCell {
        let points = points.into();
        SheetCell {
            text: points.to_string(),
            state: if points == 0 {
                CellState::Scratched
            } else {
                CellState::Filled
            },
            action: None,
            recent: false,
        }
    }

    /// An empty box that says something (`—`, `playing`).
    pub fn note(text: impl Into<String>) -> SheetCell {
        SheetCell {
            text: text.into(),
            state: CellState::Empty,
            action: None,
            recent: false,
        }
    }
}

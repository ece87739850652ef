//! The Linja board: eight rows of piece counts, the geometry of both directions of travel, the
//! targets of each kind of move, and scoring.
//!
//! Everything here is a pure function of the counts. Rows and seats coming from untrusted
//! actions are `usize` values checked with `get`, so that no out-of-range value can panic.

use serde::{Deserialize, Serialize};

use crate::contract::Seat;

/// Rows on the board: A's start line (0), the six inner rows (1..=6), B's start line (7).
pub const ROWS: usize = 8;
/// Pieces per colour.
pub const PIECES: u8 = 12;
/// The most pieces (both colours together) an inner row may hold.
pub const ROW_CAPACITY: u8 = 6;

/// Points a piece scores on each row, counted from its owner's start line (index 0) to its goal
/// line (index 7): 1, 2, 3 for the three inner rows of the opponent's half, 5 on the goal line.
const GAIN: [i64; ROWS] = [0, 0, 0, 0, 1, 2, 3, 5];
/// What the original edition deducts for a piece still in its owner's own half, in the same
/// orientation: the mirror image of [`GAIN`].
const DEDUCTION: [i64; ROWS] = [5, 3, 2, 1, 0, 0, 0, 0];

/// The goal line of each seat: A (seat 0) travels towards row 7, B (seat 1) towards row 0.
pub const fn goal_line(seat: Seat) -> usize {
    if seat == 0 { ROWS - 1 } else { 0 }
}

/// The start line of each seat (the opponent's goal line).
pub const fn start_line(seat: Seat) -> usize {
    if seat == 0 { 0 } else { ROWS - 1 }
}

/// Whether `row` is one of the six rows between the sticks, the only ones with a capacity.
pub const fn is_inner(row: usize) -> bool {
    row >= 1 && row < ROWS - 1
}

/// How many rows `row` lies before `seat`'s goal line.
pub const fn rows_to_goal(seat: Seat, row: usize) -> usize {
    if seat == 0 { ROWS - 1 - row } else { row }
}

/// The row one step from `row` for a piece of `seat`, forward (towards its goal) or backward,
/// if it is on the board.
pub fn neighbour(seat: Seat, row: usize, forward: bool) -> Option<usize> {
    let up = (seat == 0) == forward;
    let next = if up {
        row.checked_add(1)?
    } else {
        row.checked_sub(1)?
    };
    (next < ROWS).then_some(next)
}

/// The row index of `row` as seen by `seat`: 0 on its start line, 7 on its goal line.
const fn progress(seat: Seat, row: usize) -> usize {
    if seat == 0 { row } else { ROWS - 1 - row }
}

/// What a piece of `seat` standing on `row` is worth at the end (with the original edition's
/// deduction for pieces left in the owner's own half when `deduct` is set).
pub fn piece_value(seat: Seat, row: usize, deduct: bool) -> i64 {
    let index = progress(seat, row);
    let gain = GAIN.get(index).copied().unwrap_or(0);
    let loss = if deduct {
        DEDUCTION.get(index).copied().unwrap_or(0)
    } else {
        0
    };
    gain - loss
}

#[cfg(feature = "openapi")]
crate::schema::manual_schema!(Board, "LinjaBoard", {
    use utoipa::openapi::schema::ArrayBuilder;
    let rows = crate::schema::integer_list(0, PIECES)
        .min_items(Some(ROWS))
        .max_items(Some(ROWS));
    ArrayBuilder::new()
        .items(rows)
        .min_items(Some(2))
        .max_items(Some(2))
        .description(Some(
            "The pieces, `[seat][row]`: how many pieces of each seat stand on each of the \
                 eight rows, row 0 (seat 0's start line) first.",
        ))
        .into()
},);

/// Where a following move lands, and how many of its rows were lost past the goal line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    /// The row the piece stops on.
    pub to: usize,
    /// Rows that overshot the goal line and were lost (0 for an exact move).
    pub lost: usize,
}

/// The pieces on the board: `counts[seat][row]`. Pieces of a colour are indistinguishable and
/// their place inside a row does not matter, so counts are the whole position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Board {
    counts: [[u8; ROWS]; 2],
}

impl Board {
    /// The start position: six pieces on each start line and one piece of each colour on every
    /// inner row.
    pub const START: Board = Board {
        counts: [[6, 1, 1, 1, 1, 1, 1, 0], [0, 1, 1, 1, 1, 1, 1, 6]],
    };

    /// A board with the given counts, `counts[0]` for A (seat 0) and `counts[1]` for B, row 0
    /// first. Not checked: see [`Board::check`].
    pub const fn new(counts: [[u8; ROWS]; 2]) -> Board {
        Board { counts }
    }

    /// The counts, `[seat][row]`.
    pub const fn counts(&self) -> &[[u8; ROWS]; 2] {
        &self.counts
    }

    /// The pieces of `seat` on `row` (0 for any row or seat off the board).
    pub fn count(&self, seat: Seat, row: usize) -> u8 {
        self.counts
            .get(seat)
            .and_then(|rows| rows.get(row))
            .copied()
            .unwrap_or(0)
    }

    /// The pieces of both colours on `row`.
    pub fn total(&self, row: usize) -> u8 {
        self.count(0, row) + self.count(1, row)
    }

    /// Whether a piece may end a move on `row`: start lines are unlimited, an inner row takes
    /// pieces while it holds fewer than six.
    pub fn has_room(&self, row: usize) -> bool {
        row < ROWS && (!is_inner(row) || self.total(row) < ROW_CAPACITY)
    }

    /// Moves one piece of `owner` from `from` to `to`. Callers check the move first; a move
    /// from an empty row is ignored rather than allowed to corrupt the counts.
    pub(crate) fn move_piece(&mut self, owner: Seat, from: usize, to: usize) {
        let Some(rows) = self.counts.get_mut(owner) else {
            return;
        };
        if to >= ROWS || rows.get(from).is_none_or(|c| *c == 0) {
            return;
        }
        rows[from] -= 1;
        rows[to] += 1;
    }

    /// The destination of an initial move of a piece of `seat` from `from`: one row forward,
    /// onto the goal line or an inner row that is not full.
    pub fn initial_target(&self, seat: Seat, from: usize) -> Result<usize, &'static str> {
        self.check_movable(seat, from)?;
        let to = neighbour(seat, from, true).ok_or("a piece on its goal line cannot move")?;
        if !self.has_room(to) {
            return Err("the row in front of that piece is full (6 pieces)");
        }
        Ok(to)
    }

    /// Where a following move of `rows` rows of a piece of `seat` from `from` lands: exactly
    /// `rows` rows forward, jumping over any row, or on the goal line with the rest lost.
    pub fn following_target(
        &self,
        seat: Seat,
        from: usize,
        rows: usize,
    ) -> Result<Landing, &'static str> {
        self.check_movable(seat, from)?;
        let to_goal = rows_to_goal(seat, from);
        let landing = if rows >= to_goal {
            Landing {
                to: goal_line(seat),
                lost: rows - to_goal,
            }
        } else {
            let to = if seat == 0 { from + rows } else { from - rows };
            Landing { to, lost: 0 }
        };
        if !self.has_room(landing.to) {
            return Err("the following move would land on a full row (6 pieces)");
        }
        Ok(landing)
    }

    /// Checks that `seat` has a piece on `from` that is allowed to move forward.
    fn check_movable(&self, seat: Seat, from: usize) -> Result<(), &'static str> {
        if from >= ROWS {
            return Err("rows are numbered 0 to 7");
        }
        if self.count(seat, from) == 0 {
            return Err("you have no piece on that row");
        }
        if from == goal_line(seat) {
            return Err("a piece on its goal line cannot move forward");
        }
        Ok(())
    }

    /// Whether `seat` has at least one legal initial move.
    pub fn can_start(&self, seat: Seat) -> bool {
        (0..ROWS).any(|from| self.initial_target(seat, from).is_ok())
    }

    /// Whether `seat` has at least one legal following move of `rows` rows.
    pub fn can_follow(&self, seat: Seat, rows: usize) -> bool {
        (0..ROWS).any(|from| self.following_target(seat, from, rows).is_ok())
    }

    /// Whether the two armies have completely passed each other: every piece of A stands on a
    /// row beyond every piece of B (start lines included).
    pub fn armies_passed(&self) -> bool {
        let rearmost_a = (0..ROWS).find(|row| self.count(0, *row) > 0);
        let rearmost_b = (0..ROWS).rev().find(|row| self.count(1, *row) > 0);
        match (rearmost_a, rearmost_b) {
            (Some(a), Some(b)) => a > b,
            // Every colour always has its twelve pieces; an empty colour cannot block anyone.
            _ => true,
        }
    }

    /// The score of `seat` on this board.
    pub fn score(&self, seat: Seat, deduct: bool) -> i64 {
        (0..ROWS)
            .map(|row| i64::from(self.count(seat, row)) * piece_value(seat, row, deduct))
            .sum()
    }

    /// Checks the invariants: twelve pieces per colour, no inner row above six pieces.
    pub fn check(&self) -> Result<(), String> {
        for (seat, rows) in self.counts.iter().enumerate() {
            let pieces: u32 = rows.iter().map(|c| u32::from(*c)).sum();
            if pieces != u32::from(PIECES) {
                return Err(format!(
                    "seat {seat} has {pieces} pieces on the board, not {PIECES}"
                ));
            }
        }
        for row in (0..ROWS).filter(|row| is_inner(*row)) {
            let total = self.total(row);
            if total > ROW_CAPACITY {
                return Err(format!(
                    "row {row} holds {total} pieces, more than {ROW_CAPACITY}"
                ));
            }
        }
        Ok(())
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::START
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_of_both_directions() {
        assert_eq!((goal_line(0), start_line(0)), (7, 0));
        assert_eq!((goal_line(1), start_line(1)), (0, 7));
        assert_eq!(neighbour(0, 3, true), Some(4));
        assert_eq!(neighbour(0, 3, false), Some(2));
        assert_eq!(neighbour(1, 3, true), Some(2));
        assert_eq!(neighbour(1, 3, false), Some(4));
        assert_eq!(neighbour(0, 7, true), None);
        assert_eq!(neighbour(0, 0, false), None);
        assert_eq!(neighbour(1, 0, true), None);
        assert_eq!(neighbour(1, 7, false), None);
        assert_eq!(neighbour(0, 99, true), None);
        let inner: Vec<usize> = (0..ROWS).filter(|r| is_inner(*r)).collect();
        assert_eq!(inner, vec![1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn piece_values_mirror_each_other() {
        for row in 0..ROWS {
            for deduct in [false, true] {
                assert_eq!(
                    piece_value(0, row, deduct),
                    piece_value(1, ROWS - 1 - row, deduct)
                );
            }
        }
        let a: Vec<i64> = (0..ROWS).map(|r| piece_value(0, r, true)).collect();
        assert_eq!(a, vec![-5, -3, -2, -1, 1, 2, 3, 5]);
    }

    #[test]
    fn out_of_range_values_are_refused_not_panicking() {
        let board = Board::START;
        assert_eq!(board.count(2, 0), 0);
        assert_eq!(board.count(0, 8), 0);
        assert!(!board.has_room(8));
        assert!(board.initial_target(0, 8).is_err());
        assert!(board.initial_target(5, 1).is_err());
        assert!(board.following_target(0, usize::MAX, 3).is_err());
        let mut copy = board;
        copy.move_piece(0, 7, 6);
        copy.move_piece(3, 0, 1);
        copy.move_piece(0, 0, 99);
        assert_eq!(copy, board);
    }
}

//! The 5×5 grid: its printed labels (§1), its 20 lines, the pawns on it, and alignment
//! scoring (rule 7).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::dice::Combination;
use crate::contract::Seat;

/// Rows and columns of the grid.
pub const SIZE: usize = 5;
/// Cells of the grid.
pub const CELLS: usize = SIZE * SIZE;

/// The printed grid, row 0 at the top (§1). Both games share it cell for cell (ambiguity G1);
/// only the names of three labels differ (see [`Combination::label`]).
pub const LAYOUT: [[Combination; SIZE]; SIZE] = {
    use Combination::*;
    [
        [Brelan1, Brelan3, Challenge, Brelan4, Brelan6],
        [Brelan2, Carre, Sec, Full, Brelan5],
        [Small, Full, Yam, Challenge, Quinte],
        [Brelan6, Sec, Quinte, Small, Brelan1],
        [Brelan3, Brelan2, Carre, Brelan5, Brelan4],
    ]
};

/// A cell of the grid, numbered `row * 5 + col`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at `row`, `col`, if both are in 0..5.
    pub const fn at(row: u8, col: u8) -> Option<Cell> {
        if (row as usize) < SIZE && (col as usize) < SIZE {
            Some(Cell(row * SIZE as u8 + col))
        } else {
            None
        }
    }

    /// Its row, 0 at the top.
    pub const fn row(self) -> u8 {
        self.0 / SIZE as u8
    }

    /// Its column, 0 on the left.
    pub const fn col(self) -> u8 {
        self.0 % SIZE as u8
    }

    /// The combination printed on it.
    pub const fn label(self) -> Combination {
        LAYOUT[self.row() as usize][self.col() as usize]
    }

    /// Every cell, row by row.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The cells of a bit mask, in ascending order.
    pub(crate) fn in_mask(mask: u32) -> impl Iterator<Item = Cell> {
        let mut rest = mask & ALL_CELLS;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            // A set bit below 25: the cast cannot truncate.
            let index = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Some(Cell(index))
        })
    }
}

/// The mask of every cell.
const ALL_CELLS: u32 = (1 << CELLS) - 1;

/// For each combination (in [`Combination::ALL`] order), the mask of the cells bearing it.
const LABEL_CELLS: [u32; 13] = {
    let mut masks = [0u32; 13];
    let mut index = 0;
    while index < CELLS {
        let cell = Cell(index as u8);
        masks[cell.label() as usize] |= cell.bit();
        index += 1;
    }
    masks
};

/// The mask of the cells whose label is in `labels` (bits in [`Combination::ALL`] order).
pub(crate) fn cells_labelled(labels: u16) -> u32 {
    let mut mask = 0;
    let mut rest = labels;
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        mask |= LABEL_CELLS.get(index).copied().unwrap_or(0);
    }
    mask
}

/// A line of the grid that can hold an alignment: its cells in order along the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    cells: [u8; SIZE],
    len: u8,
}

impl Line {
    /// A line of `len` cells from `row`, `col`, stepping by `d_row`, `d_col`.
    const fn new(row: u8, col: u8, d_row: i8, d_col: i8, len: u8) -> Line {
        let mut cells = [0u8; SIZE];
        let mut i = 0;
        while i < len {
            let r = row as i8 + d_row * i as i8;
            let c = col as i8 + d_col * i as i8;
            cells[i as usize] = (r * SIZE as i8 + c) as u8;
            i += 1;
        }
        Line { cells, len }
    }

    /// Its cells, in order along the line.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells[..usize::from(self.len)].iter().map(|c| Cell(*c))
    }

    /// How many cells it has (3 to 5).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: a line has at least three cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The pawns of `pawns` along the line, as bits: bit `i` is the line's `i`-th cell.
    fn pattern(&self, pawns: u32) -> usize {
        let mut pattern = 0;
        let mut i = 0;
        while i < self.len {
            pattern |= ((pawns >> self.cells[i as usize]) as usize & 1) << i;
            i += 1;
        }
        pattern
    }

    const fn mask(&self) -> u32 {
        let mut mask = 0;
        let mut i = 0;
        while i < self.len {
            mask |= 1 << self.cells[i as usize];
            i += 1;
        }
        mask
    }
}

/// The 20 lines of length 3 or more (§1): 5 rows, 5 columns, and in each diagonal direction
/// one line of 5, two of 4 and two of 3.
pub const LINES: [Line; 20] = [
    Line::new(0, 0, 0, 1, 5),
    Line::new(1, 0, 0, 1, 5),
    Line::new(2, 0, 0, 1, 5),
    Line::new(3, 0, 0, 1, 5),
    Line::new(4, 0, 0, 1, 5),
    Line::new(0, 0, 1, 0, 5),
    Line::new(0, 1, 1, 0, 5),
    Line::new(0, 2, 1, 0, 5),
    Line::new(0, 3, 1, 0, 5),
    Line::new(0, 4, 1, 0, 5),
    // Down and to the right.
    Line::new(0, 0, 1, 1, 5),
    Line::new(0, 1, 1, 1, 4),
    Line::new(1, 0, 1, 1, 4),
    Line::new(0, 2, 1, 1, 3),
    Line::new(2, 0, 1, 1, 3),
    // Down and to the left.
    Line::new(0, 4, 1, -1, 5),
    Line::new(0, 3, 1, -1, 4),
    Line::new(1, 4, 1, -1, 4),
    Line::new(0, 2, 1, -1, 3),
    Line::new(2, 4, 1, -1, 3),
];

/// The masks of the twelve lines of five cells, where five in a row can be made.
const FIVE_LINES: [u32; 12] = {
    let mut masks = [0u32; 12];
    let mut found = 0;
    let mut index = 0;
    while index < LINES.len() {
        if LINES[index].len == 5 {
            masks[found] = LINES[index].mask();
            found += 1;
        }
        index += 1;
    }
    masks
};

/// How alignments are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// The rules' reading (ambiguity G4): each maximal run of 3, 4 or 5 pawns on a line scores
    /// 1, 2 or 3 points once.
    MaximalRuns,
    /// Option `count_all_windows`: every stretch of 3, 4 or 5 consecutive own pawns on a line
    /// scores 1, 2 or 3, so a run of 4 scores 1 + 1 + 2 = 4 and a run of 5 scores 10.
    AllWindows,
}

/// The points of one maximal run of `run` pawns.
const fn run_points(run: u8, scoring: Scoring) -> u8 {
    match scoring {
        Scoring::MaximalRuns => match run {
            3 => 1,
            4 => 2,
            5 => 3,
            _ => 0,
        },
        Scoring::AllWindows => {
            // A run of `run` holds `run - k + 1` windows of each length `k` from 3 to `run`,
            // and a window of `k` pawns is worth `k - 2` points.
            let mut total = 0;
            let mut k = 3;
            while k <= run {
                total += (run - k + 1) * (k - 2);
                k += 1;
            }
            total
        }
    }
}

/// The points of every pattern of pawns along a line (bit `i` = the line's `i`-th cell). A
/// line shorter than five has its missing cells empty, so one table serves every line.
const fn pattern_points(scoring: Scoring) -> [u8; 32] {
    let mut table = [0u8; 32];
    let mut pattern = 0;
    while pattern < 32 {
        let mut total = 0;
        let mut run = 0;
        let mut i = 0;
        while i <= SIZE {
            if i < SIZE && (pattern >> i) & 1 == 1 {
                run += 1;
            } else {
                total += run_points(run, scoring);
                run = 0;
            }
            i += 1;
        }
        table[pattern] = total;
        pattern += 1;
    }
    table
}

const MAXIMAL_RUN_POINTS: [u8; 32] = pattern_points(Scoring::MaximalRuns);
const ALL_WINDOW_POINTS: [u8; 32] = pattern_points(Scoring::AllWindows);

/// The pawns on the grid: a bit mask of cells per seat.
///
/// Serialized as five strings, one per row from the top, with `.` for a free cell and the
/// owner's seat number otherwise: `["0.1..", ".....", ...]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pawns: [u32; 2],
}

impl Board {
    /// The empty grid.
    pub const EMPTY: Board = Board { pawns: [0, 0] };

    /// Reads a grid from five rows of five characters: `.` free, `0` or `1` a pawn of that
    /// seat. Spaces are ignored, so `". 0 1 . ."` reads as `".01.."`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, String> {
        if rows.len() != SIZE {
            return Err(format!("a grid has 5 rows, not {}", rows.len()));
        }
        let mut board = Board::EMPTY;
        for (row, text) in (0u8..).zip(rows) {
            let mut col = 0u8;
            for symbol in text.as_ref().chars().filter(|c| *c != ' ') {
                let cell =
                    Cell::at(row, col).ok_or_else(|| format!("row {row} has more than 5 cells"))?;
                match symbol {
                    '.' => {}
                    '0' => board.place(0, cell),
                    '1' => board.place(1, cell),
                    other => return Err(format!("unknown cell `{other}` in row {row}")),
                }
                col += 1;
            }
            if usize::from(col) != SIZE {
                return Err(format!("row {row} has {col} cells, not 5"));
            }
        }
        Ok(board)
    }

    /// The grid as five rows (the inverse of [`Board::from_rows`]).
    pub fn rows(&self) -> [String; SIZE] {
        std::array::from_fn(|row| {
            (0..SIZE)
                .map(|col| {
                    // row and col are below 5.
                    match Cell::at(row as u8, col as u8).and_then(|c| self.owner(c)) {
                        Some(0) => '0',
                        Some(_) => '1',
                        None => '.',
                    }
                })
                .collect()
        })
    }

    /// The seat whose pawn is on `cell`, if any.
    pub fn owner(&self, cell: Cell) -> Option<Seat> {
        (0..2).find(|seat| self.mask(*seat) & cell.bit() != 0)
    }

    /// How many pawns `seat` has on the grid.
    pub fn count(&self, seat: Seat) -> u8 {
        // At most 25 bits are set.
        self.mask(seat).count_ones() as u8
    }

    /// The alignment points of `seat` (rule 7).
    pub fn points(&self, seat: Seat, scoring: Scoring) -> i64 {
        let table = match scoring {
            Scoring::MaximalRuns => &MAXIMAL_RUN_POINTS,
            Scoring::AllWindows => &ALL_WINDOW_POINTS,
        };
        let pawns = self.mask(seat);
        LINES
            .iter()
            .map(|line| i64::from(table[line.pattern(pawns)]))
            .sum()
    }

    /// Whether `seat` has five pawns in a row, column or long diagonal.
    pub fn has_five(&self, seat: Seat) -> bool {
        let pawns = self.mask(seat);
        FIVE_LINES.iter().any(|line| pawns & line == *line)
    }

    /// The free cells, as a mask.
    pub(crate) fn free(&self) -> u32 {
        !(self.pawns[0] | self.pawns[1]) & ALL_CELLS
    }

    /// The cells of `seat`, as a mask (empty for a seat that does not exist).
    pub(crate) fn mask(&self, seat: Seat) -> u32 {
        self.pawns.get(seat).copied().unwrap_or(0)
    }

    /// Puts a pawn of `seat` on `cell`; the caller has checked that it is free.
    pub(crate) fn place(&mut self, seat: Seat, cell: Cell) {
        if let Some(pawns) = self.pawns.get_mut(seat) {
            *pawns |= cell.bit();
        }
    }

    /// Takes any pawn off `cell`.
    pub(crate) fn clear(&mut self, cell: Cell) {
        for pawns in &mut self.pawns {
            *pawns &= !cell.bit();
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.rows()).finish()
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.rows().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let rows = <[String; SIZE]>::deserialize(deserializer)?;
        Board::from_rows(&rows).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_holds_each_label_as_often_as_section_1_says() {
        let mut counts = [0; 13];
        for cell in Cell::all() {
            counts[cell.label() as usize] += 1;
        }
        // Brelans 1-6, Full, Carré, SEC, Appel/Défi, Small/≤8, Quinte/Suite twice; Yam once.
        for combination in Combination::ALL {
            let expected = if combination == Combination::Yam {
                1
            } else {
                2
            };
            assert_eq!(counts[combination as usize], expected, "{combination:?}");
        }
    }

    #[test]
    fn there_are_twenty_distinct_lines_of_three_cells_or_more() {
        assert_eq!(LINES.len(), 20);
        let mut by_length = [0; 6];
        for (i, line) in LINES.iter().enumerate() {
            by_length[line.len()] += 1;
            assert!(LINES[..i].iter().all(|other| other.mask() != line.mask()));
            // Consecutive cells of a line are neighbours (a king's move apart).
            let cells: Vec<Cell> = line.cells().collect();
            for pair in cells.windows(2) {
                let dr = pair[1].row() as i8 - pair[0].row() as i8;
                let dc = pair[1].col() as i8 - pair[0].col() as i8;
                assert!(dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0));
            }
        }
        assert_eq!(by_length, [0, 0, 0, 4, 4, 12]);
    }

    #[test]
    fn rows_round_trip_through_text_and_json() {
        let board = Board::from_rows(&["0.1..", ".....", "..0..", "1....", "....1"]).unwrap();
        assert_eq!(board.rows(), ["0.1..", ".....", "..0..", "1....", "....1"]);
        let json = serde_json::to_string(&board).unwrap();
        assert_eq!(json, r#"["0.1..",".....","..0..","1....","....1"]"#);
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
        assert_eq!(
            Board::from_rows(&["0 . 1 . .", ".....", "..0..", "1....", "....1"]),
            Ok(board)
        );
    }

    #[test]
    fn malformed_rows_are_refused() {
        assert!(Board::from_rows(&["....."; 4]).is_err());
        assert!(Board::from_rows(&["......", ".....", ".....", ".....", "....."]).is_err());
        assert!(Board::from_rows(&["....", ".....", ".....", ".....", "....."]).is_err());
        assert!(Board::from_rows(&["..2..", ".....", ".....", ".....", "....."]).is_err());
        assert!(serde_json::from_str::<Board>(r#"["x"]"#).is_err());
    }

    #[test]
    fn run_points_of_both_scorings() {
        let maximal: Vec<u8> = (0..=5)
            .map(|r| run_points(r, Scoring::MaximalRuns))
            .collect();
        assert_eq!(maximal, [0, 0, 0, 1, 2, 3]);
        let windows: Vec<u8> = (0..=5)
            .map(|r| run_points(r, Scoring::AllWindows))
            .collect();
        assert_eq!(windows, [0, 0, 0, 1, 4, 10]);
    }
}

//! The inclined board of Make Five: five columns of five places, filled from the bottom.
//!
//! A column behaves like a stack: tokens rest on the one below, so there are never gaps. Rows are
//! read across the columns at the same height; only rows score.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Columns on the board.
pub const COLUMNS: usize = 5;
/// Places in a column (and rows on the board).
pub const HEIGHT: usize = 5;
/// Token colours.
pub const COLOURS: usize = 5;
/// Tokens of each colour in the game.
pub const PER_COLOUR: u8 = 5;
/// All tokens: exactly the number of places on the board.
pub const TOKENS: usize = COLUMNS * HEIGHT;
/// The fewest same-coloured tokens in a row that score.
pub const MIN_SCORING: u8 = 3;

/// The colour of a token. The original rules do not name the colours; these are the letters of
/// the rules file's examples (R, G, B, Y, W). Its index (in this order, from 0) is the kind of a
/// bag draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveColour))]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Green,
    Blue,
    Yellow,
    White,
}

impl Colour {
    /// Every colour, in index order.
    pub const ALL: [Colour; COLOURS] = [
        Colour::Red,
        Colour::Green,
        Colour::Blue,
        Colour::Yellow,
        Colour::White,
    ];

    /// The index of the colour: its kind in a bag draw.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of a bag-draw kind, if there is one.
    pub fn from_index(index: usize) -> Option<Colour> {
        Colour::ALL.get(index).copied()
    }

    /// The letter of the colour in the text form of a board.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Green => 'G',
            Colour::Blue => 'B',
            Colour::Yellow => 'Y',
            Colour::White => 'W',
        }
    }

    /// The colour a letter of the text form stands for.
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter)
    }
}

#[cfg(feature = "openapi")]
crate::schema::manual_schema!(
    Board,
    "MakeFiveBoard",
    {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Type};
        let place = OneOfBuilder::new()
            .item(utoipa::openapi::Ref::from_schema_name(
                <Colour as utoipa::ToSchema>::name(),
            ))
            .item(ObjectBuilder::new().schema_type(Type::Null));
        let column = ArrayBuilder::new()
            .items(place)
            .min_items(Some(HEIGHT))
            .max_items(Some(HEIGHT));
        ArrayBuilder::new()
            .items(column)
            .min_items(Some(COLUMNS))
            .max_items(Some(COLUMNS))
            .description(Some(
                "The board, `[column][position]`: each of the five columns from the bottom up, \
                 a colour for each token and `null` for an empty place.",
            ))
            .into()
    },
    refers_to = [Colour],
);

/// The board: `columns[c][p]` is the token at position `p` (0 = bottom) of column `c`, or `None`.
///
/// Serialized as that 5×5 array of colours and nulls.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Board {
    columns: [[Option<Colour>; HEIGHT]; COLUMNS],
}

impl Board {
    /// An empty board.
    pub const fn new() -> Board {
        Board {
            columns: [[None; HEIGHT]; COLUMNS],
        }
    }

    /// The columns, each from the bottom up.
    pub const fn columns(&self) -> &[[Option<Colour>; HEIGHT]; COLUMNS] {
        &self.columns
    }

    /// The token at position `position` (0 = bottom) of `column`, if any.
    pub fn token(&self, column: usize, position: usize) -> Option<Colour> {
        self.columns
            .get(column)
            .and_then(|c| c.get(position))
            .copied()
            .flatten()
    }

    /// The number of tokens in `column` (0 for a column that does not exist).
    pub fn height(&self, column: usize) -> usize {
        self.columns.get(column).map_or(0, column_height)
    }

    /// The number of tokens in every column.
    pub fn heights(&self) -> [usize; COLUMNS] {
        self.columns.map(|c| column_height(&c))
    }

    /// Whether `column` exists and can take one more token.
    pub fn has_room(&self, column: usize) -> bool {
        column < COLUMNS && self.height(column) < HEIGHT
    }

    /// The number of tokens on the board.
    pub fn tokens(&self) -> usize {
        self.columns.iter().map(column_height).sum()
    }

    /// How many tokens of each colour are on the board (by colour index).
    pub fn colour_counts(&self) -> [u8; COLOURS] {
        let mut counts = [0; COLOURS];
        for colour in self.columns.iter().flatten().flatten() {
            counts[colour.index()] += 1;
        }
        counts
    }

    /// Row `row` (0 = bottom), in column order.
    pub fn row(&self, row: usize) -> [Option<Colour>; COLUMNS] {
        self.columns.map(|c| c.get(row).copied().flatten())
    }

    /// What each row scores now (rule 6); on a full board, the deal's score row by row.
    pub fn row_points(&self, require_contiguous: bool) -> [u8; HEIGHT] {
        std::array::from_fn(|r| row_points(&self.row(r), require_contiguous))
    }

    /// What the board scores now: the sum of [`Board::row_points`].
    pub fn points(&self, require_contiguous: bool) -> u8 {
        self.row_points(require_contiguous).iter().sum()
    }

    /// MAKE 5 (rule 7): every row complete and of a single colour.
    pub fn is_make_five(&self) -> bool {
        (0..HEIGHT).all(|r| {
            let row = self.row(r);
            row[0].is_some() && row.iter().all(|t| *t == row[0])
        })
    }

    /// The first empty place below a token, if the board has such a gap (it never should).
    pub fn first_gap(&self) -> Option<(usize, usize)> {
        self.columns.iter().enumerate().find_map(|(c, column)| {
            let height = column_height(column);
            column[height..]
                .iter()
                .position(Option::is_some)
                .map(|_| (c, height))
        })
    }

    /// Puts `colour` on top of `column`; returns its position, or `None` (board unchanged) if
    /// the column is full or does not exist.
    pub(crate) fn put(&mut self, column: usize, colour: Colour) -> Option<usize> {
        let stack = self.columns.get_mut(column)?;
        let position = column_height(stack);
        *stack.get_mut(position)? = Some(colour);
        Some(position)
    }

    /// Takes the token at `position` of `column` out; the tokens above it slide down one place.
    /// Returns `None` (board unchanged) if there is no token there.
    pub(crate) fn take(&mut self, column: usize, position: usize) -> Option<Colour> {
        let stack = self.columns.get_mut(column)?;
        let colour = (*stack.get(position)?)?;
        stack.copy_within(position + 1.., position);
        stack[HEIGHT - 1] = None;
        Some(colour)
    }

    /// The board after taking the token at `position` of `from` (the tokens above slide down)
    /// and putting it on top of `to`, with the token's colour and new position; `None` if there
    /// is no such token or `to` has no room once it is out. Rules on which moves are legal are
    /// not checked here (see [`crate::make_five::Action::Move`]).
    pub fn after_move(
        &self,
        from: usize,
        position: usize,
        to: usize,
    ) -> Option<(Board, Colour, usize)> {
        let mut board = *self;
        let colour = board.take(from, position)?;
        let to_position = board.put(to, colour)?;
        Some((board, colour, to_position))
    }

    /// Calls `visit(from_column, from_position, to_column)` once for every move of the Aligneur
    /// that changes the board, each resulting board exactly once.
    ///
    /// Taking any token of a run of same-coloured tokens in a column leaves the same column, so a
    /// run is named once, by its top token. A token may go on top of any other column with room,
    /// or back on top of its own column, which always has room once it is out; for a token of
    /// the column's top run that rebuilds the same column, which is the pass (M9), so it is left
    /// out. Distinct moves left in give distinct boards: removals from different runs leave
    /// different columns, and different destinations give different heights.
    pub(crate) fn for_each_move(&self, mut visit: impl FnMut(u8, u8, u8)) {
        let heights = self.heights();
        for (c, (column, &height)) in self.columns.iter().zip(&heights).enumerate() {
            for p in 0..height {
                if p + 1 < height && column[p + 1] == column[p] {
                    continue;
                }
                for (t, &to_height) in heights.iter().enumerate() {
                    // p tops its run, so only the column's top token comes back to its place.
                    let allowed = if t == c {
                        p + 1 < height
                    } else {
                        to_height < HEIGHT
                    };
                    if allowed {
                        // Board indices are below 5, so they fit in a u8.
                        visit(c as u8, p as u8, t as u8);
                    }
                }
            }
        }
    }

    /// Reads the text form: five columns separated by `/`, each written from the bottom up with
    /// the letters R G B Y W; an empty column is `-` or nothing. Spaces are ignored.
    /// Example: `"RRG/B/-/YYYYY/W"`.
    pub fn from_columns(text: &str) -> Result<Board, String> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != COLUMNS {
            return Err(format!("expected {COLUMNS} columns separated by '/'"));
        }
        let mut board = Board::new();
        for (c, part) in parts.iter().enumerate() {
            for letter in part.chars().filter(|l| !l.is_whitespace() && *l != '-') {
                let colour = Colour::from_letter(letter)
                    .ok_or_else(|| format!("'{letter}' is not a colour letter"))?;
                board
                    .put(c, colour)
                    .ok_or_else(|| format!("column {c} holds at most {HEIGHT} tokens"))?;
            }
        }
        Ok(board)
    }

    /// Reads rows, from the bottom up, separated by `/`; each row has five places written
    /// R G B Y W or `.` for an empty place. Spaces are ignored. A token above an empty place is
    /// refused. Example: `"RRRGY / GGGGW / BBBBB / YYWWR / YYWWR"`.
    pub fn from_rows(text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() > HEIGHT {
            return Err(format!("at most {HEIGHT} rows"));
        }
        let mut board = Board::new();
        for (r, row) in rows.iter().enumerate() {
            let places: Vec<char> = row.chars().filter(|l| !l.is_whitespace()).collect();
            if places.len() != COLUMNS {
                return Err(format!("row {r} must have {COLUMNS} places"));
            }
            for (c, letter) in places.into_iter().enumerate() {
                if letter == '.' {
                    continue;
                }
                let colour = Colour::from_letter(letter)
                    .ok_or_else(|| format!("'{letter}' is not a colour letter"))?;
                if board.put(c, colour) != Some(r) {
                    return Err(format!("row {r}, column {c}: a token cannot float"));
                }
            }
        }
        Ok(board)
    }
}

/// The text form read by [`Board::from_columns`], with `-` for an empty column.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (c, column) in self.columns.iter().enumerate() {
            if c > 0 {
                f.write_str("/")?;
            }
            if column[0].is_none() {
                f.write_str("-")?;
            }
            for colour in column.iter().flatten() {
                write!(f, "{}", colour.letter())?;
            }
        }
        Ok(())
    }
}

/// The number of tokens in a column: the places filled from the bottom before the first empty one.
fn column_height(column: &[Option<Colour>; HEIGHT]) -> usize {
    column.iter().take_while(|t| t.is_some()).count()
}

/// What one row scores (rule 6): the number of tokens of its most frequent colour if at least 3,
/// else 0. At most one colour can reach 3 of 5, so "the colour" is well defined. With
/// `require_contiguous` (M3), only a run of side-by-side tokens counts, and it scores its length.
/// So a row scores one point per place [`scoring_places`] marks.
pub fn row_points(row: &[Option<Colour>; COLUMNS], require_contiguous: bool) -> u8 {
    let scoring = scoring_places(row, require_contiguous);
    // At most COLUMNS places, which fits a u8.
    scoring.iter().filter(|s| **s).count() as u8
}

/// The places of a row whose tokens score (rule 6): those of the colour seen 3 or more times,
/// or with `require_contiguous` (M3) those of the run of 3 or more side-by-side tokens of one
/// colour. A match page highlights them.
pub fn scoring_places(
    row: &[Option<Colour>; COLUMNS],
    require_contiguous: bool,
) -> [bool; COLUMNS] {
    let least = usize::from(MIN_SCORING);
    let mut scoring = [false; COLUMNS];
    if require_contiguous {
        // A run of `least` among COLUMNS places leaves no room for a second one.
        let mut start = 0;
        while start < COLUMNS {
            let colour = row[start];
            let run = row[start..]
                .iter()
                .take_while(|place| colour.is_some() && **place == colour)
                .count();
            if run >= least {
                scoring[start..start + run].fill(true);
            }
            start += run.max(1);
        }
    } else if let Some(colour) = Colour::ALL
        .into_iter()
        .find(|c| row.iter().filter(|place| **place == Some(*c)).count() >= least)
    {
        for (scores, place) in scoring.iter_mut().zip(row) {
            *scores = *place == Some(colour);
        }
    }
    scoring
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every sequence of `len` colours.
    fn sequences(len: usize) -> Vec<Vec<Colour>> {
        let mut all = vec![Vec::new()];
        for _ in 0..len {
            all = all
                .into_iter()
                .flat_map(|s| {
                    Colour::ALL.into_iter().map(move |c| {
                        let mut longer = s.clone();
                        longer.push(c);
                        longer
                    })
                })
                .collect();
        }
        all
    }

    #[test]
    fn every_full_row_scores_as_counted_independently() {
        for row in sequences(COLUMNS) {
            // Independent reading of rule 6: count each colour's tokens; the largest count scores
            // if it is 3 or more.
            let largest = Colour::ALL
                .iter()
                .map(|c| row.iter().filter(|t| *t == c).count())
                .max()
                .unwrap();
            let expected = if largest >= 3 { largest as u8 } else { 0 };
            // M3: under contiguity, scan every window [i, j) that is one colour.
            let mut run = 0;
            for i in 0..COLUMNS {
                for j in i + 1..=COLUMNS {
                    if row[i..j].iter().all(|t| *t == row[i]) {
                        run = run.max(j - i);
                    }
                }
            }
            let expected_contiguous = if run >= 3 { run as u8 } else { 0 };
            let places: [Option<Colour>; COLUMNS] = std::array::from_fn(|c| Some(row[c]));
            assert_eq!(row_points(&places, false), expected, "{row:?}");
            assert_eq!(row_points(&places, true), expected_contiguous, "{row:?}");
        }
    }

    #[test]
    fn empty_places_do_not_count_and_break_runs() {
        let r = Some(Colour::Red);
        assert_eq!(row_points(&[r, r, None, r, None], false), 3);
        assert_eq!(row_points(&[r, r, None, r, None], true), 0);
        assert_eq!(row_points(&[None; COLUMNS], false), 0);
        assert_eq!(row_points(&[None; COLUMNS], true), 0);
        let (y, g) = (Some(Colour::Yellow), Some(Colour::Green));
        assert_eq!(
            scoring_places(&[r, r, None, r, None], false),
            [true, true, false, true, false]
        );
        assert_eq!(
            scoring_places(&[r, r, None, r, None], true),
            [false; COLUMNS]
        );
        assert_eq!(
            scoring_places(&[g, y, y, y, g], true),
            [false, true, true, true, false]
        );
        assert_eq!(
            scoring_places(&[g, y, g, y, g], false),
            [true, false, true, false, true]
        );
        assert_eq!(scoring_places(&[g, y, g, y, g], true), [false; COLUMNS]);
        let b = Some(Colour::Blue);
        assert_eq!(
            scoring_places(&[r, r, g, r, r], false),
            [true, true, false, true, true]
        );
        assert_eq!(scoring_places(&[r, r, g, r, r], true), [false; COLUMNS]);
        assert_eq!(
            scoring_places(&[b, b, b, g, None], true),
            [true, true, true, false, false]
        );
    }

    /// A naive model of the Aligneur's move: vectors of colours, any token, any column with room.
    fn naive_result(
        columns: &[Vec<Colour>],
        from: usize,
        position: usize,
        to: usize,
    ) -> Option<Vec<Vec<Colour>>> {
        let mut columns = columns.to_vec();
        let colour = columns[from].remove(position);
        if columns[to].len() >= HEIGHT {
            return None;
        }
        columns[to].push(colour);
        Some(columns)
    }

    fn as_vectors(board: &Board) -> Vec<Vec<Colour>> {
        board
            .columns()
            .iter()
            .map(|c| c.iter().flatten().copied().collect())
            .collect()
    }

    /// The listed moves give pairwise different boards, none equal to the board itself, and
    /// together every board any raw move (any token, any column with room) can reach.
    fn check_moves_against_brute_force(board: &Board) {
        let columns = as_vectors(board);
        let mut reachable = BTreeSet::new();
        for (from, column) in columns.iter().enumerate() {
            for position in 0..column.len() {
                for to in 0..COLUMNS {
                    if let Some(result) = naive_result(&columns, from, position, to)
                        && result != columns
                    {
                        reachable.insert(result);
                    }
                }
            }
        }
        let mut listed = Vec::new();
        board.for_each_move(|c, p, t| {
            let (after, _, _) = board.after_move(c.into(), p.into(), t.into()).unwrap();
            listed.push(as_vectors(&after));
        });
        let distinct: BTreeSet<_> = listed.iter().cloned().collect();
        assert_eq!(
            distinct.len(),
            listed.len(),
            "two moves give one board: {board}"
        );
        assert!(
            !distinct.contains(&columns),
            "a listed move changes nothing: {board}"
        );
        assert_eq!(distinct, reachable, "{board}");
    }

    #[test]
    fn every_single_column_gives_one_removal_per_run() {
        // Exhaustive over every column content of 1 to 5 tokens, alone on the board, in column 2:
        // the moves are (runs × 4 other columns) + (runs − 1) same-column rotations.
        for len in 1..=HEIGHT {
            for column in sequences(len) {
                let mut board = Board::new();
                for colour in &column {
                    board.put(2, *colour);
                }
                let runs = 1 + column.windows(2).filter(|w| w[0] != w[1]).count();
                let mut count = 0;
                board.for_each_move(|_, _, _| count += 1);
                assert_eq!(count, runs * 4 + runs - 1, "{board}");
                check_moves_against_brute_force(&board);
            }
        }
    }

    #[test]
    fn moves_match_brute_force_on_random_boards() {
        // A small LCG keeps the test self-contained; boards of every filling level, full ones
        // (where only rotations remain) included.
        let mut seed: u64 = 0x5EED;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % n as u64) as usize
        };
        for _ in 0..4000 {
            let mut board = Board::new();
            let tokens = next(TOKENS + 1);
            // Two or three colours make long runs likely, five make them rare.
            let colours = 2 + next(4);
            for _ in 0..tokens {
                let with_room: Vec<usize> = (0..COLUMNS).filter(|c| board.has_room(*c)).collect();
                let column = with_room[next(with_room.len())];
                board.put(column, Colour::ALL[next(colours)]).unwrap();
            }
            check_moves_against_brute_force(&board);
        }
    }

    #[test]
    fn take_slides_the_tokens_above_down_and_put_fills_the_first_free_place() {
        let mut board = Board::from_columns("RGBYW/-/-/-/-").unwrap();
        assert_eq!(board.take(0, 1), Some(Colour::Green));
        assert_eq!(board.to_string(), "RBYW/-/-/-/-");
        assert_eq!(board.put(0, Colour::Green), Some(4));
        assert_eq!(board.to_string(), "RBYWG/-/-/-/-");
        assert_eq!(board.put(0, Colour::Red), None);
        assert_eq!(board.take(1, 0), None);
        assert_eq!(board.take(7, 0), None);
        assert_eq!(board.take(0, 9), None);
        assert_eq!(board.put(9, Colour::Red), None);
        assert_eq!(board.to_string(), "RBYWG/-/-/-/-");
    }

    #[test]
    fn text_forms_agree() {
        let by_rows = Board::from_rows("RRRGY / GGGGW / BBBBB / YYWWR / YYWWR").unwrap();
        let by_columns = Board::from_columns("RGBYY/RGBYY/RGBWW/GGBWW/YWBRR").unwrap();
        assert_eq!(by_rows, by_columns);
        assert_eq!(by_rows.to_string(), "RGBYY/RGBYY/RGBWW/GGBWW/YWBRR");
        assert_eq!(
            Board::from_rows("R.... / .R...").map(|_| ()),
            Err("row 1, column 1: a token cannot float".into())
        );
        assert!(Board::from_columns("RRRRRR/-/-/-/-").is_err());
        assert!(Board::from_columns("Q/-/-/-/-").is_err());
        assert!(Board::from_columns("R/R").is_err());
    }

    #[test]
    fn a_gap_is_found() {
        let mut board = Board::from_columns("RG/-/-/-/-").unwrap();
        assert_eq!(board.first_gap(), None);
        board.columns[3][2] = Some(Colour::Red);
        assert_eq!(board.first_gap(), Some((3, 0)));
    }

    #[test]
    fn make_five_needs_five_full_single_coloured_rows() {
        let board = Board::from_rows("RRRRR/GGGGG/BBBBB/YYYYY/WWWWW").unwrap();
        assert!(board.is_make_five());
        assert_eq!(board.points(false), 25);
        assert_eq!(board.points(true), 25);
        let almost = Board::from_rows("RRRRR/GGGGG/BBBBB/YYYYY/WWWW.").unwrap();
        assert!(!almost.is_make_five());
        assert!(!Board::new().is_make_five());
    }
}

//! The board of Can't Stop and how one throw of the dice moves the runners (rules 4 to 7).
//!
//! Everything here works on small `Copy` values indexed by column (index 0 is column 2,
//! index 10 is column 12), so that listing and applying choices allocates nothing.

use serde::{Deserialize, Serialize};

use crate::fixed_list::FixedList;

/// The number of columns, labelled 2 to 12.
pub const COLUMNS: usize = 11;

/// The number of spaces of each column, by index (rule 1); the last space is the top.
pub const HEIGHTS: [u8; COLUMNS] = [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3];

/// The neutral runners a player takes at the start of a turn (rule 3).
pub const RUNNERS: u8 = 3;

/// The smallest column label.
pub const FIRST_COLUMN: u8 = 2;

/// The index of the column labelled `label`, if there is one.
pub fn index_of(label: u8) -> Option<usize> {
    label
        .checked_sub(FIRST_COLUMN)
        .map(usize::from)
        .filter(|i| *i < COLUMNS)
}

/// The label of the column at `index` (`index < COLUMNS`).
pub fn label_of(index: usize) -> u8 {
    // Indices are below COLUMNS = 11, so the label fits in a u8.
    index as u8 + FIRST_COLUMN
}

/// The three ways of splitting four dice into two pairs, as the sums of each pair (rule 4).
pub fn pairings(dice: [u8; 4]) -> [[u8; 2]; 3] {
    let [a, b, c, d] = dice;
    // Saturating: dice are 1..=6 once checked, but a stored state is untrusted input.
    [
        [a.saturating_add(b), c.saturating_add(d)],
        [a.saturating_add(c), b.saturating_add(d)],
        [a.saturating_add(d), b.saturating_add(c)],
    ]
}

/// The columns one choice advances: one or two column labels in ascending order, the same label
/// twice when a double moves one runner two steps.
///
/// Serialized as a JSON array (`[6, 8]`, `[7, 7]`, `[5]`); an array given in another order is
/// sorted when read, so `[8, 6]` is the same choice as `[6, 8]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Columns {
    first: u8,
    second: Option<u8>,
}

impl Columns {
    /// A choice advancing one column once.
    pub const fn one(column: u8) -> Self {
        Columns {
            first: column,
            second: None,
        }
    }

    /// A choice advancing two columns (or one column twice), in any order.
    pub fn two(a: u8, b: u8) -> Self {
        Columns {
            first: a.min(b),
            second: Some(a.max(b)),
        }
    }

    /// The column labels, in ascending order.
    pub fn labels(self) -> impl Iterator<Item = u8> {
        std::iter::once(self.first).chain(self.second)
    }

    /// Whether both sums of `pair` are among these columns, or `pair` holds these columns
    /// (whichever is smaller): i.e. whether this choice can come from that pairing.
    pub fn fits(self, pair: [u8; 2]) -> bool {
        match self.second {
            None => pair.contains(&self.first),
            Some(second) => Columns::two(pair[0], pair[1]) == Columns::two(self.first, second),
        }
    }
}

impl From<Columns> for Vec<u8> {
    fn from(columns: Columns) -> Self {
        columns.labels().collect()
    }
}

impl TryFrom<Vec<u8>> for Columns {
    type Error = &'static str;

    fn try_from(labels: Vec<u8>) -> Result<Self, Self::Error> {
        match labels[..] {
            [a] => Ok(Columns::one(a)),
            [a, b] => Ok(Columns::two(a, b)),
            _ => Err("a choice names one or two columns"),
        }
    }
}

#[cfg(feature = "openapi")]
crate::schema::manual_schema!(
    Columns,
    "CantStopColumns",
    crate::schema::integer_list(FIRST_COLUMN, label_of(COLUMNS - 1))
        .min_items(Some(1))
        .max_items(Some(2))
        .description(Some(
            "The columns a choice advances: one or two labels in ascending order, the same \
             label twice when a double moves one runner two steps (`[6, 8]`, `[7, 7]`, `[5]`).",
        ))
        .into(),
);

/// A runner and the space it stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopRunnerAt))]
pub struct RunnerAt {
    /// The column label.
    pub column: u8,
    /// The space, from 1 (bottom) to the column's height (top).
    pub space: u8,
}

/// The runners on the board (at most three), in column order. Serialized as a JSON array of
/// [`RunnerAt`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<RunnerAt>", into = "Vec<RunnerAt>")]
pub struct RunnerList(FixedList<RunnerAt, { RUNNERS as usize }>);

impl RunnerList {
    /// No runner.
    const NONE: RunnerList = RunnerList(FixedList::blank(RunnerAt {
        column: 0,
        space: 0,
    }));

    /// The runners standing in `spaces` (a space per column index, 0 for none).
    pub fn from_spaces(spaces: &[u8; COLUMNS]) -> Self {
        let mut list = RunnerList::NONE;
        for (index, space) in spaces.iter().enumerate() {
            if *space != 0 {
                // At most three runners stand on the board.
                list.0.push(RunnerAt {
                    column: label_of(index),
                    space: *space,
                });
            }
        }
        list
    }

    /// The runners, in column order.
    pub fn as_slice(&self) -> &[RunnerAt] {
        self.0.as_slice()
    }
}

impl From<RunnerList> for Vec<RunnerAt> {
    fn from(list: RunnerList) -> Self {
        list.as_slice().to_vec()
    }
}

impl TryFrom<Vec<RunnerAt>> for RunnerList {
    type Error = &'static str;

    fn try_from(runners: Vec<RunnerAt>) -> Result<Self, Self::Error> {
        let mut list = RunnerList::NONE;
        for runner in runners {
            if !list.0.push(runner) {
                return Err("there are only three runners");
            }
        }
        Ok(list)
    }
}

#[cfg(feature = "openapi")]
crate::schema::manual_schema!(
    RunnerList,
    "CantStopRunnerList",
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(utoipa::openapi::Ref::from_schema_name(
            <RunnerAt as utoipa::ToSchema>::name(),
        ))
        .max_items(Some(usize::from(RUNNERS)))
        .description(Some(
            "The runners on the board (at most three), in column order."
        ))
        .into(),
    refers_to = [RunnerAt],
);

/// What stays fixed during a turn: the player's pieces, the won columns, and (with the
/// `skip_occupied` variant) the spaces an opponent's piece makes a runner jump over.
#[derive(Debug, Clone, Copy)]
pub struct Board {
    /// The space of the player's piece in each column (0 = none).
    pub own: [u8; COLUMNS],
    /// Bit `i` set: column index `i` is won and closed to everybody.
    pub closed: u16,
    /// Bit `s` of `skipped[i]` set: a runner moving in column index `i` does not count space `s`.
    pub skipped: [u16; COLUMNS],
}

/// What changes during a turn: where the runners stand and what is left to place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Climb {
    /// The space of the runner in each column (0 = no runner there).
    pub runners: [u8; COLUMNS],
    /// Runners not yet on the board.
    pub free_runners: u8,
    /// Pieces the player could still bring onto the board (the `pieces_per_player` supply less
    /// the pieces already on it and the runners that will need a new piece when stopping).
    pub free_pieces: u8,
}

/// Why a column cannot take a step now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    /// The column is won.
    Closed,
    /// The runner in it stands on the top space (ambiguity C5).
    AtTop,
    /// All three runners are elsewhere.
    NoRunner,
    /// Every piece of the player's supply is on the board (ambiguity C7).
    NoPiece,
}

impl Blocked {
    /// A short reason for players.
    pub const fn reason(self) -> &'static str {
        match self {
            Blocked::Closed => "that column is already won",
            Blocked::AtTop => "that runner is already at the top of its column",
            Blocked::NoRunner => "no runner is left for another column",
            Blocked::NoPiece => "no piece is left for another column",
        }
    }
}

/// The distinct choices a throw allows (at most two per pairing).
#[derive(Debug, Clone, Copy)]
pub struct Choices(FixedList<Columns, 6>);

impl Default for Choices {
    fn default() -> Self {
        Choices::new()
    }
}

impl Choices {
    /// No choice yet.
    pub const fn new() -> Self {
        Choices(FixedList::blank(Columns::one(0)))
    }

    fn push(&mut self, choice: Columns) {
        if !self.as_slice().contains(&choice) {
            // At most two choices per pairing, three pairings.
            self.0.push(choice);
        }
    }

    /// The choices, in the order of the pairings that first give them.
    pub fn as_slice(&self) -> &[Columns] {
        self.0.as_slice()
    }
}

impl Board {
    /// The space a step in column `index` reaches from `runners`, or why there is none (rule 5).
    pub fn target(&self, climb: &Climb, index: usize) -> Result<u8, Blocked> {
        let (Some(height), Some(runner), Some(own)) = (
            HEIGHTS.get(index),
            climb.runners.get(index),
            self.own.get(index),
        ) else {
            return Err(Blocked::Closed);
        };
        if self.closed & (1 << index) != 0 {
            return Err(Blocked::Closed);
        }
        let from = if *runner > 0 {
            *runner
        } else if climb.free_runners == 0 {
            return Err(Blocked::NoRunner);
        } else if *own == 0 && climb.free_pieces == 0 {
            return Err(Blocked::NoPiece);
        } else {
            *own
        };
        if from >= *height {
            return Err(Blocked::AtTop);
        }
        let skipped = self.skipped.get(index).copied().unwrap_or(0);
        let mut to = from + 1;
        // The top space is never skipped: an opponent's piece there would mean a won column.
        while to < *height && skipped & (1 << to) != 0 {
            to += 1;
        }
        Ok(to)
    }

    /// Moves one step in column `label` (placing a runner if there is none), or says why not.
    pub fn step(&self, climb: &mut Climb, label: u8) -> Result<(), Blocked> {
        let index = index_of(label).ok_or(Blocked::Closed)?;
        let to = self.target(climb, index)?;
        let Some(runner) = climb.runners.get_mut(index) else {
            return Err(Blocked::Closed);
        };
        if *runner == 0 {
            climb.free_runners -= 1;
            if self.own.get(index) == Some(&0) {
                climb.free_pieces -= 1;
            }
        }
        *runner = to;
        Ok(())
    }

    /// Whether a step in column `label` is possible now.
    pub fn usable(&self, climb: &Climb, label: u8) -> bool {
        index_of(label).is_some_and(|index| self.target(climb, index).is_ok())
    }

    /// What the pairing `[x, y]` allows (rule 6): both sums when both can be used together, a
    /// double twice when the runner has room, one of them at the player's choice when each can be
    /// used but not both (ambiguity C3), the usable one when only one is (rule 6, last case).
    pub fn pairing_choices(&self, climb: &Climb, [x, y]: [u8; 2], out: &mut Choices) {
        let mut after_x = *climb;
        let x_ok = self.step(&mut after_x, x).is_ok();
        if x == y {
            if x_ok {
                let both = self.step(&mut after_x, x).is_ok();
                out.push(if both {
                    Columns::two(x, x)
                } else {
                    Columns::one(x)
                });
            }
            return;
        }
        let y_ok = self.usable(climb, y);
        match (x_ok, y_ok) {
            (true, true) if self.usable(&after_x, y) => out.push(Columns::two(x, y)),
            (true, true) => {
                out.push(Columns::one(x.min(y)));
                out.push(Columns::one(x.max(y)));
            }
            (true, false) => out.push(Columns::one(x)),
            (false, true) => out.push(Columns::one(y)),
            (false, false) => {}
        }
    }

    /// Every distinct choice `dice` allow (rules 6 to 8, ambiguity C9); empty means a bust.
    pub fn choices(&self, climb: &Climb, dice: [u8; 4]) -> Choices {
        let mut out = Choices::new();
        for pair in pairings(dice) {
            self.pairing_choices(climb, pair, &mut out);
        }
        out
    }

    /// Whether `dice` allow any progress at all (rule 7): some pair of dice sums to a usable
    /// column. Every pair of the four dice belongs to one of the three pairings.
    pub fn can_progress(&self, climb: &Climb, dice: [u8; 4]) -> bool {
        pairings(dice)
            .iter()
            .flatten()
            .any(|sum| self.usable(climb, *sum))
    }

    /// How many of the 1296 throws of four dice allow progress from `climb`.
    pub fn throws_with_progress(&self, climb: &Climb) -> u16 {
        let mut count = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    for d in 1..=6 {
                        if self.can_progress(climb, [a, b, c, d]) {
                            count += 1;
                        }
                    }
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_read_any_order_and_write_sorted() {
        let read: Columns = serde_json::from_str("[8, 6]").unwrap();
        assert_eq!(read, Columns::two(6, 8));
        assert_eq!(serde_json::to_string(&read).unwrap(), "[6,8]");
        assert_eq!(serde_json::to_string(&Columns::one(5)).unwrap(), "[5]");
        assert!(serde_json::from_str::<Columns>("[]").is_err());
        assert!(serde_json::from_str::<Columns>("[2, 3, 4]").is_err());
    }

    #[test]
    fn runner_lists_round_trip() {
        let mut spaces = [0; COLUMNS];
        spaces[0] = 2;
        spaces[5] = 13;
        let list = RunnerList::from_spaces(&spaces);
        let json = serde_json::to_string(&list).unwrap();
        assert_eq!(json, r#"[{"column":2,"space":2},{"column":7,"space":13}]"#);
        assert_eq!(serde_json::from_str::<RunnerList>(&json).unwrap(), list);
    }

    #[test]
    fn labels_and_indices() {
        assert_eq!(index_of(2), Some(0));
        assert_eq!(index_of(12), Some(10));
        assert_eq!(index_of(1), None);
        assert_eq!(index_of(13), None);
        assert_eq!(label_of(5), 7);
        assert_eq!(HEIGHTS.iter().map(|h| u32::from(*h)).sum::<u32>(), 83);
    }
}

//! What a Yams match is made of: its state, the decisions of the player on turn and the events
//! they produce, and what the state tells of the match.

use serde::{Deserialize, Serialize};

use super::dice::{DICE, Dice};
use super::grid::{BoxId, Grid, Totals};
use super::options::Options;
use crate::contract::{Placing, Seat};
use crate::ranking::Resignations;

/// The most throws in a turn (rule 2).
pub const MAX_THROWS: u8 = 3;

/// The fewest players.
pub(super) const MIN_SEATS: usize = 1;
/// The most players.
pub(super) const MAX_SEATS: usize = 8;

/// A decision of the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Keep the dice showing these faces and throw the others again (rule 2):
    /// `{"type":"reroll","keep":[5,5]}`. `keep` lists fewer than five faces, each matched by
    /// a die; `[]` throws all five again.
    Reroll { keep: Dice },
    /// Stop throwing and write the dice in an empty box (rules 3 and 4):
    /// `{"type":"score","grid":0,"box":"full"}`. `grid` may be left out with a single grid.
    Score {
        #[serde(default)]
        grid: u8,
        r#box: BoxId,
    },
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Every grid of every player still playing is full (rule 7).
    GridsFilled,
    /// Resignations left one player (or none, in a solo game).
    Resignation,
}

impl EndReason {
    /// The reason as written in the [`Outcome`](crate::contract::Outcome).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::GridsFilled => "grids_filled",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Something that happened, in enough detail to write the turn log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` starts its turn of round `round` (from 1); emitted with its first throw.
    TurnStarted { seat: Seat, round: u16 },
    /// `seat` keeps these dice and throws the others again.
    DiceKept { seat: Seat, kept: Dice },
    /// Throw number `throw` (1 to 3) of `seat`: `thrown` are the dice just thrown, `dice` all
    /// five dice now (the kept ones included).
    DiceThrown {
        seat: Seat,
        throw: u8,
        thrown: Dice,
        dice: Dice,
    },
    /// `seat` wrote `points` in `box` of its grid `grid` with `dice` (0 when they did not meet
    /// the box's condition).
    Scored {
        seat: Seat,
        grid: u8,
        r#box: BoxId,
        dice: Dice,
        points: u8,
    },
    /// The upper section of this grid is full: its total and the bonus it earned.
    UpperCompleted {
        seat: Seat,
        grid: u8,
        upper: u16,
        bonus: u16,
    },
    /// This grid is full; its final totals.
    GridCompleted {
        seat: Seat,
        grid: u8,
        totals: Totals,
    },
    /// `seat` resigned or ran out of time; its turns are skipped from now on.
    Resigned { seat: Seat },
    /// The game is over: the final ranking, best first, with each seat's grand total.
    GameOver {
        reason: EndReason,
        ranking: Vec<Placing>,
    },
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub(super) options: Options,
    pub(super) seats: usize,
    /// The grids of seat `s` are `grids[s * G .. (s + 1) * G]`.
    pub(super) grids: Vec<Grid>,
    /// The seat whose turn it is.
    pub(super) current: Seat,
    /// Rounds completed: every seat still playing has filled this many boxes, plus one if it
    /// has already played in the current round.
    pub(super) round: u16,
    /// Throws made in the current turn.
    pub(super) throws: u8,
    /// The dice of the current turn, sorted. Fewer than five means a throw is due: they are
    /// the dice kept (none at the start of a turn).
    pub(super) dice: Dice,
    pub(super) resignations: Resignations,
    pub(super) end: Option<EndReason>,
}

impl State {
    /// The first state of a match of `seats` players: empty grids, seat 0 about to throw.
    pub(super) fn new(seats: usize, options: &Options) -> State {
        State {
            options: options.clone(),
            seats,
            grids: vec![Grid::default(); seats * options.grid_count()],
            current: 0,
            round: 0,
            throws: 0,
            dice: Dice::EMPTY,
            resignations: Resignations::default(),
            end: None,
        }
    }

    /// The options of the match.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The grid `grid` of `seat`, if both exist.
    pub fn grid(&self, seat: Seat, grid: usize) -> Option<&Grid> {
        self.grids_of(seat).get(grid)
    }

    /// All the grids of `seat` (empty for a seat that does not exist).
    pub fn grids_of(&self, seat: Seat) -> &[Grid] {
        let g = self.options.grid_count();
        self.grid_index(seat, 0)
            .and_then(|first| self.grids.get(first..first.checked_add(g)?))
            .unwrap_or(&[])
    }

    /// Where grid `grid` of `seat` sits in `grids` (checked: states may come from storage).
    pub(super) fn grid_index(&self, seat: Seat, grid: usize) -> Option<usize> {
        seat.checked_mul(self.options.grid_count())?
            .checked_add(grid)
    }

    /// The dice of the current turn (the kept dice while a throw is due).
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// Throws made in the current turn.
    pub fn throws(&self) -> u8 {
        self.throws
    }

    /// The seat whose turn it is, `None` once the game is over.
    pub fn current_seat(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.current)
    }

    /// The seats that resigned, first leaver first.
    pub fn resigned(&self) -> &[Seat] {
        self.resignations.seats()
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The grand total of `seat`: the totals of all its grids (rules 7 and 9).
    pub fn grand_total(&self, seat: Seat) -> u32 {
        self.grids_of(seat)
            .iter()
            .map(|g| u32::from(g.totals(&self.options).total))
            .sum()
    }

    /// Whether a throw is due (the caller must supply dice).
    pub(super) fn throw_due(&self) -> bool {
        self.dice.len() < DICE
    }

    /// The first seat still playing after `seat`, in turn order (possibly `seat` itself).
    pub(super) fn next_playing(&self, seat: Seat) -> Seat {
        let seats = self.seats.max(1);
        self.resignations
            .next_playing(seats, seat)
            .unwrap_or(seat % seats)
    }

    /// How many seats are still playing.
    pub(super) fn playing(&self) -> usize {
        // Counted rather than subtracted, so that no stored state can underflow it.
        (0..self.seats)
            .filter(|s| !self.resignations.has_resigned(*s))
            .count()
    }

    /// Seats still playing first (later leavers above earlier ones), then by grand total.
    pub(super) fn ranking(&self) -> Vec<Placing> {
        self.resignations.rank(
            self.seats,
            |s| self.grand_total(s),
            |s| i64::from(self.grand_total(s)),
        )
    }

    /// How many boxes `seat` has filled over all its grids.
    pub(super) fn filled_by(&self, seat: Seat) -> usize {
        self.grids_of(seat).iter().map(Grid::filled).sum()
    }
}

//! What a Can't Stop match is made of: its state and phases, the decisions of the seat to play
//! and the events they produce, and what the state tells of the board and the turn.

use serde::{Deserialize, Serialize};

use super::board::{Board, COLUMNS, Climb, Columns, RUNNERS, RunnerList, index_of};
use super::options::Options;
use crate::contract::Seat;
use crate::ranking::Resignations;

/// The fewest players.
pub(super) const MIN_PLAYERS: usize = 2;
/// The most players.
pub(super) const MAX_PLAYERS: usize = 4;

/// The bit of `seat` in a set of seats (0 for a seat too large to be in one).
pub(super) fn seat_bit(seat: Seat) -> u8 {
    u32::try_from(seat)
        .ok()
        .and_then(|s| 1u8.checked_shl(s))
        .unwrap_or(0)
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(super) options: Options,
    /// `progress[seat][i]`: the space of the seat's piece in column index `i` (0 = none).
    pub(super) progress: Vec<[u8; COLUMNS]>,
    /// The seat that won each column, if any (a `u8` keeps the state small and `Copy`-cheap).
    pub(super) won_by: [Option<u8>; COLUMNS],
    /// The runners of the turn in progress: the space in each column (0 = no runner).
    pub(super) runners: [u8; COLUMNS],
    /// The seat whose turn it is (unused before the first player is known).
    pub(super) current: Seat,
    pub(super) phase: Phase,
    pub(super) resignations: Resignations,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Phase {
    /// Deciding who starts (rule 1): bit `s` of `contenders` is set while seat `s` is still in
    /// the running; `totals[s]` is its throw this round (0 = not thrown yet).
    StartThrow {
        contenders: u8,
        totals: [u8; MAX_PLAYERS],
    },
    /// The current seat throws the four dice (a chance step).
    Throw,
    /// The current seat chooses how to use `dice`.
    Choose { dice: [u8; 4] },
    /// The current seat rolls again or stops.
    Decide,
    /// The game is over.
    Over {
        winner: Option<Seat>,
        reason: EndReason,
    },
}

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player won the required number of columns (rule 12).
    ColumnsWon,
    /// Every column was won before anybody won enough of them (possible only with
    /// `columns_to_win` above 3 and three or four players): ranked by columns won, then progress.
    AllColumnsWon,
    /// Every other player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The reason as written in an [`Outcome`](crate::contract::Outcome).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::ColumnsWon => "columns_won",
            EndReason::AllColumnsWon => "all_columns_won",
            EndReason::Resignation => "resignation",
        }
    }
}

/// A decision of the seat to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Use the dice to advance the runners of these columns: `{"type":"advance","columns":[6,8]}`
    /// moves the runners of columns 6 and 8 one step each (placing them if needed), `[7,7]`
    /// moves the runner of column 7 two steps, `[5]` uses one sum only.
    Advance { columns: Columns },
    /// Throw the four dice again.
    Roll,
    /// End the turn and keep its progress.
    Stop,
}

/// Something that happened, in order; enough to write the turn log in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A seat threw two dice to decide who starts.
    StartThrown {
        seat: Seat,
        dice: [u8; 2],
        total: u8,
    },
    /// These seats tied for the highest total and throw again.
    StartTied { seats: Vec<Seat>, total: u8 },
    /// This seat plays first.
    FirstPlayer { seat: Seat },
    /// This seat's turn begins.
    TurnStarted { seat: Seat },
    /// The seat threw the four dice.
    DiceThrown { seat: Seat, dice: [u8; 4] },
    /// A runner moved from space `from` (its own space, or the seat's piece's space, 0 below the
    /// column, when the runner is new) to space `to`, taking `steps` steps.
    RunnerMoved {
        seat: Seat,
        column: u8,
        from: u8,
        to: u8,
        steps: u8,
    },
    /// The seat chose to roll again.
    RolledAgain { seat: Seat },
    /// No pair of dice could be used: the runners (listed where they stood) go back and the
    /// turn's progress is lost.
    Bust { seat: Seat, runners: RunnerList },
    /// The seat stopped; its pieces move up to its runners.
    Stopped { seat: Seat },
    /// A piece moved from space `from` (0 = a new piece) to space `to`.
    PieceMoved {
        seat: Seat,
        column: u8,
        from: u8,
        to: u8,
    },
    /// The seat won the column; the pieces of the `removed` seats left it for good.
    ColumnWon {
        seat: Seat,
        column: u8,
        removed: Vec<Seat>,
    },
    /// The seat resigned or ran out of time.
    Resigned { seat: Seat },
    /// The game is over; `winner` is the seat ranked first alone, if one is.
    GameOver {
        winner: Option<Seat>,
        reason: EndReason,
    },
}

impl State {
    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.progress.len()
    }

    /// The options of the match.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The space of `seat`'s piece in column `label` (0 = none).
    pub fn piece(&self, seat: Seat, label: u8) -> u8 {
        self.progress_in(seat, label)
    }

    /// The space of the runner in column `label` (0 = none).
    pub fn runner(&self, label: u8) -> u8 {
        index_of(label)
            .and_then(|i| self.runners.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// The seat that won column `label`, if any.
    pub fn won_by(&self, label: u8) -> Option<Seat> {
        index_of(label)
            .and_then(|i| self.won_by.get(i).copied().flatten())
            .map(Seat::from)
    }

    /// The dice waiting to be used, if the seat to play must choose.
    pub fn dice(&self) -> Option<[u8; 4]> {
        match self.phase {
            Phase::Choose { dice } => Some(dice),
            _ => None,
        }
    }

    /// The number of columns `seat` has won.
    pub fn columns_won(&self, seat: Seat) -> usize {
        self.won_by
            .iter()
            .filter(|w| w.map(Seat::from) == Some(seat))
            .count()
    }

    /// The total permanent progress of `seat`: the spaces of its pieces, summed over columns.
    pub fn total_progress(&self, seat: Seat) -> u32 {
        self.progress
            .get(seat)
            .map_or(0, |p| p.iter().map(|s| u32::from(*s)).sum())
    }

    /// The number of `seat`'s pieces on the board.
    pub fn pieces_on_board(&self, seat: Seat) -> u8 {
        self.progress
            .get(seat)
            .map_or(0, |p| p.iter().filter(|s| **s > 0).count() as u8)
    }

    /// Whether `seat` has resigned or run out of time.
    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.resignations.has_resigned(seat)
    }

    pub(super) fn progress_in(&self, seat: Seat, label: u8) -> u8 {
        match (self.progress.get(seat), index_of(label)) {
            (Some(p), Some(i)) => p.get(i).copied().unwrap_or(0),
            _ => 0,
        }
    }

    pub(super) fn runner_count(&self) -> u8 {
        self.runners.iter().filter(|r| **r > 0).count() as u8
    }

    /// The fixed facts of the current seat's turn: its pieces, the won columns, the spaces
    /// its runners skip.
    pub fn board(&self) -> Board {
        let own = self
            .progress
            .get(self.current)
            .copied()
            .unwrap_or([0; COLUMNS]);
        let mut closed = 0u16;
        for (index, winner) in self.won_by.iter().enumerate() {
            if winner.is_some() {
                closed |= 1 << index;
            }
        }
        let mut skipped = [0u16; COLUMNS];
        if self.options.skip_occupied {
            for (seat, pieces) in self.progress.iter().enumerate() {
                if seat == self.current {
                    continue;
                }
                for (mask, space) in skipped.iter_mut().zip(pieces) {
                    if *space > 0 {
                        *mask |= 1u16.checked_shl(u32::from(*space)).unwrap_or(0);
                    }
                }
            }
        }
        Board {
            own,
            closed,
            skipped,
        }
    }

    /// Where the current seat's turn stands: its runners, and the runners and pieces left.
    pub fn climb(&self) -> Climb {
        Climb {
            runners: self.runners,
            free_runners: RUNNERS.saturating_sub(self.runner_count()),
            free_pieces: self
                .options
                .pieces_per_player
                .saturating_sub(self.pieces_on_board(self.current))
                .saturating_sub(self.runners_needing_pieces()),
        }
    }

    /// The runners in columns where the current seat has no piece yet: each will take a new
    /// piece from the supply when stopping.
    pub(super) fn runners_needing_pieces(&self) -> u8 {
        let own = self.progress.get(self.current);
        self.runners
            .iter()
            .enumerate()
            .filter(|(i, r)| **r > 0 && own.and_then(|o| o.get(*i)) == Some(&0))
            .count() as u8
    }

    /// The columns where a runner stands on an opponent's piece (what variant V3 forbids
    /// stopping on), as a bit set by column index.
    pub(super) fn runners_on_opponents(&self) -> u16 {
        let mut on = 0u16;
        for (index, runner) in self.runners.iter().enumerate() {
            if *runner == 0 {
                continue;
            }
            let occupied =
                self.progress.iter().enumerate().any(|(seat, pieces)| {
                    seat != self.current && pieces.get(index) == Some(runner)
                });
            if occupied {
                on |= 1 << index;
            }
        }
        on
    }

    /// Whether the current seat may stop now (rule 9, variant V3).
    pub(super) fn may_stop(&self) -> bool {
        !self.options.no_stop_on_opponent || self.runners_on_opponents() == 0
    }

    /// The next seat still playing after `seat`, in playing order.
    pub(super) fn next_playing(&self, seat: Seat) -> Seat {
        self.resignations
            .next_playing(self.seats(), seat)
            .unwrap_or(seat)
    }

    /// The seat that throws next to decide who starts.
    pub(super) fn start_thrower(contenders: u8, totals: &[u8; MAX_PLAYERS]) -> Option<Seat> {
        (0..MAX_PLAYERS).find(|s| contenders & seat_bit(*s) != 0 && totals.get(*s) == Some(&0))
    }

    /// The key that ranks seats still playing, best greatest (rules README §5).
    pub(super) fn rank_key(&self, seat: Seat, winner: Option<Seat>) -> (bool, usize, u32) {
        (
            winner == Some(seat),
            self.columns_won(seat),
            self.total_progress(seat),
        )
    }

    /// The first state of a match: every seat throws two dice to decide who starts.
    pub(super) fn new(seats: usize, options: &Options) -> State {
        State {
            options: options.clone(),
            progress: vec![[0; COLUMNS]; seats],
            won_by: [None; COLUMNS],
            runners: [0; COLUMNS],
            current: 0,
            phase: Phase::StartThrow {
                contenders: (1u8 << seats) - 1,
                totals: [0; MAX_PLAYERS],
            },
            resignations: Resignations::default(),
        }
    }
}

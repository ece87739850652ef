//! Can't Stop (Sid Sackson, 1980), as specified in `docs/rules/cant-stop.md`.
//!
//! Eleven columns, labelled 2 to 12, of 3 to 13 spaces. On their turn a player throws four
//! dice, splits them into two pairs and advances up to three neutral *runners* in the columns
//! named by the sums; they then either roll again, risking a *bust* that loses the whole turn,
//! or stop and replace the runners by pieces of their colour. A piece stopped on the top space
//! wins the column for good; the first player to win three columns wins the game.
//!
//! How the game maps onto the [`Game`] contract:
//!
//! - **Who starts** (rule 1): every seat throws two dice, one chance step each
//!   ([`Chance::Dice`] of 2) in seat order; the highest total starts and play goes on in seat
//!   order from there. Seats tied for the highest total throw again, alone.
//! - **A turn**: the first throw of four dice is a chance step of its own (there is nothing to
//!   decide before it). If no pair of dice names a usable column, the bust happens at once
//!   (rule 7) and the next seat's turn starts. Otherwise the seat picks one
//!   [`Action::Advance`]: the *effect* of a pairing (the columns whose runners move, e.g. `[6, 8]`,
//!   `[7, 7]` for a double, `[5]`), listed once however many pairings give it (ambiguity C9).
//!   Then it picks [`Action::Roll`] (followed by a chance step) or [`Action::Stop`].
//! - **Ranking**: the winner first, then by columns won, then by total permanent progress
//!   (rules README §5); a seat that resigns ranks below every seat still playing.
//!
//! Readings beyond the rules file (each has a test):
//!
//! - Listing choices by effect is exactly C9's "distinct pair of sums, plus which sum": two
//!   pairings of one throw that share a sum share both (checked over all 1296 throws).
//! - Rule 6's exception covers the piece supply too: when each sum can be used alone but not
//!   both (one runner, or with `pieces_per_player` one piece, left), the player picks one.
//! - `pieces_per_player` counts the pieces on the board, won columns included; pieces removed
//!   from a column an opponent wins return to the supply. It must be at least `columns_to_win`.
//! - If every column is won before anybody wins enough of them (only possible with
//!   `columns_to_win` of 4 or 5 and three or four players), the game ends: ranked by columns
//!   won, then progress; the seat ranked first alone, if any, is named the winner.
//! - A seat that resigns leaves its pieces where they are (its won columns stay closed).
//!
//! The hot path (`turn`, `legal_actions`, `apply`, `apply_chance`) works on fixed arrays
//! indexed by column and allocates nothing, except the seat lists of the rare `start_tied` and
//! `column_won` events.

mod board;
mod view;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::contract::{ActionError, Chance, Game, Outcome, Seat, Turn, check_seat_count};
use crate::id::GameId;
use crate::options::{OptionSpec, OptionsError};
use crate::ranking::{Resignations, rank_by_key};

pub use board::{
    Board, COLUMNS, Choices, Climb, Columns, HEIGHTS, RUNNERS, RunnerAt, RunnerList, index_of,
    label_of, pairings,
};
pub use view::{ChoiceView, ColumnView, MoveView, PlayerView, Stage, StartView, View};

/// The game of Can't Stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CantStop;

/// The most players.
const MAX_PLAYERS: usize = 4;

/// The bit of `seat` in a set of seats (0 for a seat too large to be in one).
fn seat_bit(seat: Seat) -> u8 {
    u32::try_from(seat)
        .ok()
        .and_then(|s| 1u8.checked_shl(s))
        .unwrap_or(0)
}

/// The options of a match (rules file §2.4 and ambiguity C7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopOptions))]
pub struct Options {
    /// Variant V1: the number of columns a player must win to win the game (3, 4 or 5).
    pub columns_to_win: u8,
    /// Variant V2: a moving runner does not count spaces holding an opponent's piece.
    pub skip_occupied: bool,
    /// Variant V3: a player may not stop while a runner stands on an opponent's piece.
    pub no_stop_on_opponent: bool,
    /// Ambiguity C7: the pieces of each colour; 11 (one per column) never runs out, the original
    /// rules' box holds 9. A player whose pieces are all on the board cannot enter a new column.
    pub pieces_per_player: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            columns_to_win: 3,
            skip_occupied: false,
            no_stop_on_opponent: false,
            pieces_per_player: COLUMNS as u8,
        }
    }
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    options: Options,
    /// `progress[seat][i]`: the space of the seat's piece in column index `i` (0 = none).
    progress: Vec<[u8; COLUMNS]>,
    /// The seat that won each column, if any (a `u8` keeps the state small and `Copy`-cheap).
    won_by: [Option<u8>; COLUMNS],
    /// The runners of the turn in progress: the space in each column (0 = no runner).
    runners: [u8; COLUMNS],
    /// The seat whose turn it is (unused before the first player is known).
    current: Seat,
    phase: Phase,
    resignations: Resignations,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Phase {
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
    /// The reason as written in an [`Outcome`].
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

    fn progress_in(&self, seat: Seat, label: u8) -> u8 {
        match (self.progress.get(seat), index_of(label)) {
            (Some(p), Some(i)) => p.get(i).copied().unwrap_or(0),
            _ => 0,
        }
    }

    fn runner_count(&self) -> u8 {
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
    fn runners_needing_pieces(&self) -> u8 {
        let own = self.progress.get(self.current);
        self.runners
            .iter()
            .enumerate()
            .filter(|(i, r)| **r > 0 && own.and_then(|o| o.get(*i)) == Some(&0))
            .count() as u8
    }

    /// The columns where a runner stands on an opponent's piece (what variant V3 forbids
    /// stopping on), as a bit set by column index.
    fn runners_on_opponents(&self) -> u16 {
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
    fn may_stop(&self) -> bool {
        !self.options.no_stop_on_opponent || self.runners_on_opponents() == 0
    }

    /// The next seat still playing after `seat`, in playing order.
    fn next_playing(&self, seat: Seat) -> Seat {
        let seats = self.seats();
        (1..=seats)
            .map(|k| (seat % seats + k) % seats)
            .find(|s| !self.resignations.has_resigned(*s))
            .unwrap_or(seat)
    }

    /// Ends the turn (whatever became of the runners) and starts the next seat's.
    fn pass_turn(&mut self, events: &mut Vec<Event>) {
        self.runners = [0; COLUMNS];
        self.current = self.next_playing(self.current);
        self.phase = Phase::Throw;
        events.push(Event::TurnStarted { seat: self.current });
    }

    /// Ends the game.
    fn finish(&mut self, winner: Option<Seat>, reason: EndReason, events: &mut Vec<Event>) {
        self.runners = [0; COLUMNS];
        self.phase = Phase::Over { winner, reason };
        events.push(Event::GameOver { winner, reason });
    }

    /// Seat `first` starts the game.
    fn begin(&mut self, first: Seat, events: &mut Vec<Event>) {
        events.push(Event::FirstPlayer { seat: first });
        self.current = first;
        self.phase = Phase::Throw;
        events.push(Event::TurnStarted { seat: first });
    }

    /// After a start throw or a resignation during the start: starts the game when one seat
    /// is left in the running or everybody has thrown and one total is highest; makes the tied
    /// seats throw again otherwise (rule 1).
    fn settle_start(&mut self, events: &mut Vec<Event>) {
        let Phase::StartThrow { contenders, totals } = self.phase else {
            return;
        };
        let seats = || (0..MAX_PLAYERS).filter(move |s| contenders & seat_bit(*s) != 0);
        if seats().count() == 1 {
            if let Some(first) = seats().next() {
                self.begin(first, events);
            }
            return;
        }
        let total = |s: Seat| totals.get(s).copied().unwrap_or(0);
        if seats().any(|s| total(s) == 0) {
            return;
        }
        let best = seats().map(total).max().unwrap_or(0);
        let tied = seats()
            .filter(|s| total(*s) == best)
            .fold(0u8, |mask, s| mask | seat_bit(s));
        if tied.count_ones() == 1 {
            self.begin(tied.trailing_zeros() as Seat, events);
        } else {
            let seats: Vec<Seat> = (0..MAX_PLAYERS)
                .filter(|s| tied & seat_bit(*s) != 0)
                .collect();
            events.push(Event::StartTied { seats, total: best });
            self.phase = Phase::StartThrow {
                contenders: tied,
                totals: [0; MAX_PLAYERS],
            };
        }
    }

    /// The seat that throws next to decide who starts.
    fn start_thrower(contenders: u8, totals: &[u8; MAX_PLAYERS]) -> Option<Seat> {
        (0..MAX_PLAYERS).find(|s| contenders & seat_bit(*s) != 0 && totals.get(*s) == Some(&0))
    }

    /// Advances the runners as `columns` says, from `climb` on `board` (the current turn's);
    /// the choice has been checked to be legal.
    fn advance(
        &mut self,
        board: &Board,
        mut climb: Climb,
        columns: Columns,
        events: &mut Vec<Event>,
    ) {
        let before = climb.runners;
        let mut steps = [0u8; COLUMNS];
        for label in columns.labels() {
            if board.step(&mut climb, label).is_ok()
                && let Some(i) = index_of(label)
                && let Some(n) = steps.get_mut(i)
            {
                *n += 1;
            }
        }
        for (index, n) in steps.iter().enumerate() {
            let (Some(from), Some(to)) = (before.get(index), climb.runners.get(index)) else {
                continue;
            };
            if *n == 0 {
                continue;
            }
            let from = if *from == 0 {
                board.own.get(index).copied().unwrap_or(0)
            } else {
                *from
            };
            events.push(Event::RunnerMoved {
                seat: self.current,
                column: label_of(index),
                from,
                to: *to,
                steps: *n,
            });
        }
        self.runners = climb.runners;
        self.phase = Phase::Decide;
    }

    /// Replaces the runners by the current seat's pieces, wins the columns topped (rule 10),
    /// then ends the game (rule 12) or passes the turn.
    fn stop(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        events.push(Event::Stopped { seat });
        for index in 0..COLUMNS {
            let to = self.runners.get(index).copied().unwrap_or(0);
            if to == 0 {
                continue;
            }
            let Some(piece) = self.progress.get_mut(seat).and_then(|p| p.get_mut(index)) else {
                continue;
            };
            let from = *piece;
            *piece = to;
            let column = label_of(index);
            events.push(Event::PieceMoved {
                seat,
                column,
                from,
                to,
            });
            if HEIGHTS.get(index) != Some(&to) {
                continue;
            }
            if let Some(winner) = self.won_by.get_mut(index) {
                *winner = u8::try_from(seat).ok();
            }
            let mut removed = Vec::new();
            for (other, pieces) in self.progress.iter_mut().enumerate() {
                if other != seat
                    && let Some(space) = pieces.get_mut(index)
                    && *space > 0
                {
                    *space = 0;
                    removed.push(other);
                }
            }
            events.push(Event::ColumnWon {
                seat,
                column,
                removed,
            });
        }
        self.runners = [0; COLUMNS];
        if self.columns_won(seat) >= usize::from(self.options.columns_to_win) {
            self.finish(Some(seat), EndReason::ColumnsWon, events);
        } else if self.won_by.iter().all(Option::is_some) {
            let leader = self.sole_leader();
            self.finish(leader, EndReason::AllColumnsWon, events);
        } else {
            self.pass_turn(events);
        }
    }

    /// The key that ranks seats, best greatest (rules README §5).
    fn rank_key(&self, seat: Seat, winner: Option<Seat>) -> (usize, bool, usize, u32) {
        (
            self.resignations.standing(seat),
            winner == Some(seat),
            self.columns_won(seat),
            self.total_progress(seat),
        )
    }

    /// The seat ranked first alone when nobody has won by columns, if there is one.
    fn sole_leader(&self) -> Option<Seat> {
        let ranking = rank_by_key(self.seats(), |s| self.rank_key(s, None), |_| 0);
        match ranking.as_slice() {
            [first, second, ..] if first.rank != second.rank => Some(first.seat),
            _ => None,
        }
    }

    /// Why `columns` is not a legal choice with `dice` (for the error message).
    fn refusal(&self, dice: [u8; 4], columns: Columns) -> ActionError {
        if columns.labels().any(|label| index_of(label).is_none()) {
            return ActionError::illegal("columns are numbered 2 to 12");
        }
        if !pairings(dice).iter().any(|pair| columns.fits(*pair)) {
            return ActionError::illegal("the dice cannot be paired to make these sums");
        }
        let board = self.board();
        let mut climb = self.climb();
        for label in columns.labels() {
            if let Err(blocked) = board.step(&mut climb, label) {
                return ActionError::illegal(blocked.reason());
            }
        }
        ActionError::illegal("both sums of a pairing must be used when they can be")
    }

    /// Checks that `seat` may act now.
    fn check_seat(&self, seat: Seat) -> Result<(), ActionError> {
        if seat >= self.seats() {
            return Err(ActionError::NoSuchSeat);
        }
        match self.phase {
            Phase::Over { .. } => Err(ActionError::GameOver),
            Phase::Choose { .. } | Phase::Decide if seat == self.current => Ok(()),
            _ => Err(ActionError::NotYourTurn),
        }
    }
}

impl Game for CantStop {
    const ID: GameId = GameId::CantStop;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = MAX_PLAYERS;

    fn option_specs() -> Vec<OptionSpec> {
        let defaults = Options::default();
        vec![
            OptionSpec::integer(
                "columns_to_win",
                "How many columns a player must win to win the game.",
                3,
                5,
                i64::from(defaults.columns_to_win),
            ),
            OptionSpec::boolean(
                "skip_occupied",
                "A moving runner jumps over the spaces where an opponent has a piece.",
                defaults.skip_occupied,
            ),
            OptionSpec::boolean(
                "no_stop_on_opponent",
                "A player may not stop while one of the runners stands on an opponent's piece.",
                defaults.no_stop_on_opponent,
            ),
            OptionSpec::integer(
                "pieces_per_player",
                "Pieces of each colour; with fewer than 11, a player whose pieces are all on the \
                 board cannot enter another column.",
                3,
                COLUMNS as i64,
                i64::from(defaults.pieces_per_player),
            ),
        ]
    }

    fn validate_options(options: &Options) -> Result<(), OptionsError> {
        if !(3..=5).contains(&options.columns_to_win) {
            return Err(OptionsError::new(
                "columns_to_win",
                "must be an integer from 3 to 5",
            ));
        }
        if !(3..=COLUMNS as u8).contains(&options.pieces_per_player) {
            return Err(OptionsError::new(
                "pieces_per_player",
                "must be an integer from 3 to 11",
            ));
        }
        // Won columns keep their pieces, so fewer pieces than columns to win could never win.
        if options.pieces_per_player < options.columns_to_win {
            return Err(OptionsError::new(
                "pieces_per_player",
                "must be at least columns_to_win",
            ));
        }
        Ok(())
    }

    fn start(seats: usize, options: &Options) -> State {
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

    fn turn(state: &State) -> Turn {
        match state.phase {
            Phase::StartThrow { .. } => Turn::Chance {
                chance: Chance::Dice { count: 2 },
            },
            Phase::Throw => Turn::Chance {
                chance: Chance::Dice { count: 4 },
            },
            Phase::Choose { .. } | Phase::Decide => Turn::Seat {
                seat: state.current,
            },
            Phase::Over { .. } => Turn::Over,
        }
    }

    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        if seat != state.current {
            return;
        }
        match state.phase {
            Phase::Choose { dice } => {
                let choices = state.board().choices(&state.climb(), dice);
                out.extend(
                    choices
                        .as_slice()
                        .iter()
                        .map(|columns| Action::Advance { columns: *columns }),
                );
            }
            Phase::Decide => {
                out.push(Action::Roll);
                if state.may_stop() {
                    out.push(Action::Stop);
                }
            }
            Phase::StartThrow { .. } | Phase::Throw | Phase::Over { .. } => {}
        }
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        state.check_seat(seat)?;
        match (state.phase, *action) {
            (Phase::Choose { dice }, Action::Advance { columns }) => {
                let (board, climb) = (state.board(), state.climb());
                if !board.choices(&climb, dice).as_slice().contains(&columns) {
                    return Err(state.refusal(dice, columns));
                }
                state.advance(&board, climb, columns, events);
            }
            (Phase::Choose { .. }, Action::Roll | Action::Stop) => {
                return Err(ActionError::illegal(
                    "choose how to use the dice first (an advance)",
                ));
            }
            (Phase::Decide, Action::Roll) => {
                events.push(Event::RolledAgain { seat });
                state.phase = Phase::Throw;
            }
            (Phase::Decide, Action::Stop) => {
                if !state.may_stop() {
                    return Err(ActionError::illegal(
                        "a runner stands on an opponent's piece: roll again",
                    ));
                }
                state.stop(events);
            }
            (Phase::Decide, Action::Advance { .. }) => {
                return Err(ActionError::illegal(
                    "the dice are already used: roll again or stop",
                ));
            }
            (Phase::StartThrow { .. } | Phase::Throw | Phase::Over { .. }, _) => {
                return Err(ActionError::NotYourTurn);
            }
        }
        Ok(())
    }

    fn apply_chance(
        state: &mut State,
        values: &[u8],
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let Turn::Chance { chance } = Self::turn(state) else {
            return Err(match state.phase {
                Phase::Over { .. } => ActionError::GameOver,
                _ => ActionError::NoChanceDue,
            });
        };
        chance.check(values)?;
        match (state.phase, values) {
            (Phase::StartThrow { contenders, totals }, &[a, b]) => {
                let Some(seat) = State::start_thrower(contenders, &totals) else {
                    return Err(ActionError::NoChanceDue);
                };
                let total = a + b;
                let mut totals = totals;
                if let Some(slot) = totals.get_mut(seat) {
                    *slot = total;
                }
                events.push(Event::StartThrown {
                    seat,
                    dice: [a, b],
                    total,
                });
                state.phase = Phase::StartThrow { contenders, totals };
                state.settle_start(events);
            }
            (Phase::Throw, &[a, b, c, d]) => {
                let seat = state.current;
                let dice = [a, b, c, d];
                events.push(Event::DiceThrown { seat, dice });
                if state.board().can_progress(&state.climb(), dice) {
                    state.phase = Phase::Choose { dice };
                } else {
                    events.push(Event::Bust {
                        seat,
                        runners: RunnerList::from_spaces(&state.runners),
                    });
                    state.pass_turn(events);
                }
            }
            _ => return Err(ActionError::NoChanceDue),
        }
        Ok(())
    }

    fn resign(state: &mut State, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if seat >= state.seats() {
            return Err(ActionError::NoSuchSeat);
        }
        if matches!(state.phase, Phase::Over { .. }) {
            return Err(ActionError::GameOver);
        }
        if !state.resignations.resign(seat) {
            return Err(ActionError::illegal("this seat has already left the game"));
        }
        events.push(Event::Resigned { seat });
        if let Some(last) = state.resignations.last_one_standing(state.seats()) {
            state.finish(Some(last), EndReason::Resignation, events);
            return Ok(());
        }
        match state.phase {
            Phase::StartThrow { contenders, totals } => {
                let mut totals = totals;
                if let Some(total) = totals.get_mut(seat) {
                    *total = 0;
                }
                state.phase = Phase::StartThrow {
                    contenders: contenders & !seat_bit(seat),
                    totals,
                };
                state.settle_start(events);
            }
            Phase::Throw | Phase::Choose { .. } | Phase::Decide if seat == state.current => {
                // The turn is abandoned: its runners go back, nothing is kept.
                state.pass_turn(events);
            }
            _ => {}
        }
        Ok(())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let Phase::Over { winner, reason } = state.phase else {
            return None;
        };
        let ranking = rank_by_key(
            state.seats(),
            |s| state.rank_key(s, winner),
            |s| state.columns_won(s) as i64,
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    fn view(state: &State, viewer: Option<Seat>) -> View {
        view::build(state, viewer)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        invariants(state)
    }
}

/// The invariants of a state (see [`Game::check_invariants`]).
fn invariants(state: &State) -> Result<(), String> {
    let seats = state.seats();
    check_seat_count::<CantStop>(seats).map_err(|e| e.to_string())?;
    CantStop::validate_options(&state.options).map_err(|e| e.to_string())?;
    if state.resignations.seats().iter().any(|s| *s >= seats) {
        return Err("a seat that does not exist resigned".into());
    }
    let in_turn = matches!(
        state.phase,
        Phase::Throw | Phase::Choose { .. } | Phase::Decide
    );
    if in_turn && (state.current >= seats || state.has_resigned(state.current)) {
        return Err(format!("seat {} cannot be playing", state.current));
    }

    for (index, height) in HEIGHTS.iter().enumerate() {
        let column = label_of(index);
        let winner = state.won_by.get(index).copied().flatten().map(Seat::from);
        for (seat, pieces) in state.progress.iter().enumerate() {
            let space = pieces.get(index).copied().unwrap_or(0);
            if space > *height {
                return Err(format!(
                    "seat {seat}'s piece is past the top of column {column}"
                ));
            }
            match winner {
                Some(w) if w == seat && space != *height => {
                    return Err(format!("column {column} is won without its top piece"));
                }
                Some(w) if w != seat && space != 0 => {
                    return Err(format!(
                        "seat {seat} still has a piece in won column {column}"
                    ));
                }
                None if space == *height => {
                    return Err(format!(
                        "seat {seat} tops column {column} without winning it"
                    ));
                }
                _ => {}
            }
        }
        if winner.is_some_and(|w| w >= seats) {
            return Err(format!(
                "column {column} is won by a seat that does not exist"
            ));
        }
        let runner = state.runners.get(index).copied().unwrap_or(0);
        if runner == 0 {
            continue;
        }
        if !in_turn {
            return Err(format!("a runner in column {column} outside a turn"));
        }
        if runner > *height {
            return Err(format!("the runner is past the top of column {column}"));
        }
        if winner.is_some() {
            return Err(format!("a runner in won column {column}"));
        }
        if runner <= state.progress_in(state.current, column) {
            return Err(format!(
                "the runner in column {column} is not above the piece"
            ));
        }
    }
    if state.runner_count() > RUNNERS {
        return Err(format!("{} runners on the board", state.runner_count()));
    }

    for seat in 0..seats {
        let mut used = state.pieces_on_board(seat);
        if in_turn && seat == state.current {
            used += state.runners_needing_pieces();
        }
        if used > state.options.pieces_per_player {
            return Err(format!("seat {seat} uses {used} pieces"));
        }
        let winning = state.columns_won(seat) >= usize::from(state.options.columns_to_win);
        let declared = matches!(state.phase, Phase::Over { winner: Some(w), reason: EndReason::ColumnsWon } if w == seat);
        if winning != declared {
            return Err(format!(
                "seat {seat} won enough columns but the game is not theirs"
            ));
        }
    }

    match state.phase {
        Phase::StartThrow { contenders, totals } => {
            if contenders.count_ones() < 2 {
                return Err("fewer than two seats throw for the start".into());
            }
            for seat in 0..MAX_PLAYERS {
                let total = totals.get(seat).copied().unwrap_or(0);
                let contending = contenders & seat_bit(seat) != 0;
                if contending && (seat >= seats || state.has_resigned(seat)) {
                    return Err(format!("seat {seat} cannot throw for the start"));
                }
                if total != 0 && (!contending || !(2..=12).contains(&total)) {
                    return Err(format!("seat {seat} has a start total of {total}"));
                }
            }
        }
        Phase::Choose { dice } => {
            if dice.iter().any(|d| !(1..=6).contains(d)) {
                return Err(format!("dice {dice:?}"));
            }
            if !state.board().can_progress(&state.climb(), dice) {
                return Err("choosing with dice that bust".into());
            }
        }
        Phase::Decide if state.runner_count() == 0 => {
            return Err("deciding with no runner on the board".into());
        }
        Phase::Over { winner, reason } => {
            if winner.is_some_and(|w| w >= seats || state.has_resigned(w)) {
                return Err("the winner cannot win".into());
            }
            if reason == EndReason::Resignation && state.resignations.remaining(seats) != 1 {
                return Err("ended by resignations with several seats left".into());
            }
            if reason == EndReason::AllColumnsWon && state.won_by.iter().any(Option::is_none) {
                return Err("ended with a column still open".into());
            }
        }
        Phase::Throw | Phase::Decide => {}
    }
    Ok(())
}

//! What a Linja match is made of: its state and the stage of the turn, the decisions of the
//! seat to move and the events they produce, and the scores the state gives.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::options::Options;
use crate::contract::{Placing, Seat};
use crate::ranking::{Resignations, better_of_two};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The armies have completely passed each other (rule 17).
    ArmiesPassed,
    /// Neither player has an initial move left, so nothing could ever change.
    Blocked,
    /// A player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The reason as written in an [`Outcome`](crate::contract::Outcome).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::ArmiesPassed => "armies_passed",
            EndReason::Blocked => "blocked",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Where the current turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaPhase))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Phase {
    /// The seat to move starts its turn (or its extra turn) with an initial move or a pass.
    Initial,
    /// A following move of exactly `rows` rows is due.
    Following { rows: u8 },
    /// The seat to move earned a bonus move.
    Bonus,
    /// The game is over.
    Over { reason: EndReason },
}

/// The three kinds of move of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaStage))]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Initial,
    Following,
    Bonus,
}

/// Why an initial move gave no following move (rule 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaNoFollowingCause))]
#[serde(rename_all = "snake_case")]
pub enum NoFollowingCause {
    /// The piece reached its goal line.
    GoalLine,
    /// The piece arrived on an empty row.
    EmptyRow,
}

/// A decision of the seat to move. Rows are board rows 0 to 7 (row 0 = A's start line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Move one own piece from row `from` one row forward to row `to`.
    InitialMove { from: u8, to: u8 },
    /// Move one own piece from row `from` the due number of rows forward to row `to` (the goal
    /// line when the distance overshoots it).
    FollowingMove { from: u8, to: u8 },
    /// The bonus: move one piece of `owner` (the mover, or the opponent with `nasty_bonus`)
    /// from row `from` to the neighbouring row `to`.
    BonusMove { owner: Seat, from: u8, to: u8 },
    /// No initial move is possible: the turn passes.
    Pass,
    /// No following move is possible: it is lost and the turn ends.
    ForfeitFollowing,
    /// With `follow_up_optional`: give up a possible following move, ending the turn.
    DeclineFollowing,
    /// Give up the bonus move, ending the turn.
    DeclineBonus,
}

/// Something that happened, with enough detail to write the turn log in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` starts a turn; `extra_turn` when it is the 2010 edition's extra turn.
    TurnStarted { seat: Seat, extra_turn: bool },
    /// `seat` moved a piece of `owner` from row `from` to row `to` as its `stage` move.
    PieceMoved {
        seat: Seat,
        stage: Stage,
        owner: Seat,
        from: u8,
        to: u8,
    },
    /// The initial move earned a following move of `rows` rows.
    FollowingMoveDue { seat: Seat, rows: u8 },
    /// The initial move earned no following move; the turn ends.
    NoFollowingMove { seat: Seat, cause: NoFollowingCause },
    /// The following move stopped on the goal line with `count` rows unused.
    StepsLost { seat: Seat, count: u8 },
    /// The following move reached the goal line exactly: a bonus move is due.
    BonusEarned { seat: Seat },
    /// `seat` had no initial move and passed.
    Passed { seat: Seat },
    /// No following move of `rows` rows was possible.
    FollowingForfeited { seat: Seat, rows: u8 },
    /// `seat` declined a following move of `rows` rows.
    FollowingDeclined { seat: Seat, rows: u8 },
    /// `seat` declined its bonus move.
    BonusDeclined { seat: Seat },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The game is over: final scores of seats 0 and 1, and the winner (none for a draw).
    GameOver {
        reason: EndReason,
        scores: [i64; 2],
        winner: Option<Seat>,
    },
}

/// A position set up by hand (analysis, puzzles, tests): see [`State::from_position`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The pieces.
    pub board: Board,
    /// The seat to move.
    pub to_move: Seat,
    /// The stage of its turn (not `over`).
    pub phase: Phase,
    /// 2010 edition: the turn is an extra turn, which cannot earn another.
    #[serde(default)]
    pub extra_turn: bool,
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(super) options: Options,
    pub(super) board: Board,
    pub(super) to_move: Seat,
    pub(super) phase: Phase,
    /// 2010 edition: the seat to move is playing the extra turn it earned (no second one).
    pub(super) extra_turn: bool,
    pub(super) resignations: Resignations,
}

impl State {
    /// The start position: seat 0 (A) to make its initial move (the seats are always two).
    pub(super) fn new(_seats: usize, options: &Options) -> State {
        State {
            options: *options,
            board: Board::START,
            to_move: 0,
            phase: Phase::Initial,
            extra_turn: false,
            resignations: Resignations::default(),
        }
    }

    /// The options of the match.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat whose turn it is (the last one to move once the game is over).
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The stage of the current turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// 2010 edition: whether the current turn is an extra turn.
    pub fn is_extra_turn(&self) -> bool {
        self.extra_turn
    }

    /// The score `seat` would have if the game ended now.
    pub fn score(&self, seat: Seat) -> i64 {
        self.board.score(seat, self.options.deducts())
    }

    /// Both scores, seat 0 first.
    pub fn scores(&self) -> [i64; 2] {
        [self.score(0), self.score(1)]
    }

    /// Whether the game is over.
    pub(super) fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Ranking key: seats still playing above those who left, then the score.
    pub(super) fn ranking(&self) -> Vec<Placing> {
        let scores = self.scores();
        self.resignations
            .rank(2, |seat| scores[seat], |seat| scores[seat])
    }

    /// The winner of a finished game by the ranking (none for a draw).
    pub(super) fn winner(&self) -> Option<Seat> {
        let scores = self.scores();
        better_of_two([0, 1].map(|seat| (self.resignations.standing(seat), scores[seat])))
    }
}

/// The opponent of `seat` (seats are 0 and 1).
pub(super) const fn opponent(seat: Seat) -> Seat {
    1 - seat
}

/// Rows are below 8, so they always fit the `u8` of actions and events.
pub(super) const fn row_u8(row: usize) -> u8 {
    row as u8
}

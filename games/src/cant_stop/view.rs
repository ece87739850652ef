//! What a player or a spectator sees: the board, and the figures a player decides with (what
//! each choice would do, what stopping would win, how many throws would not bust).
//!
//! Everything in Can't Stop is open, so every viewer sees the same thing.

use serde::{Deserialize, Serialize};

use super::board::{Board, COLUMNS, Choices, Climb, Columns, HEIGHTS, RUNNERS, label_of, pairings};
use super::options::Options;
use super::state::{Action, Phase, State, seat_bit};
use crate::contract::{Outcome, Seat, Turn};
use crate::rules::Rules;

/// The state as a seat or a spectator sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopView))]
pub struct View {
    /// Who is looking (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Who must act now.
    pub turn: Turn,
    /// The step of the game.
    pub stage: Stage,
    /// The seat whose turn it is, or who throws next to decide who starts.
    pub seat_to_play: Option<Seat>,
    /// The options of the match.
    pub options: Options,
    /// The eleven columns, 2 to 12.
    pub columns: Vec<ColumnView>,
    /// Every seat, in seat order.
    pub players: Vec<PlayerView>,
    /// While deciding who starts: the seats still in the running and their throws this round.
    pub start: Vec<StartView>,
    /// The dice to use, when the seat to play must choose.
    pub dice: Option<[u8; 4]>,
    /// The choices the dice allow, each with its effect.
    pub choices: Vec<ChoiceView>,
    /// Runners not yet on the board this turn.
    pub runners_left: u8,
    /// Whether the seat to play may stop now.
    pub can_stop: bool,
    /// The columns stopping now would win.
    pub stop_would_win: Vec<u8>,
    /// Whether stopping now would win the game.
    pub stop_would_win_game: bool,
    /// Before a throw of the four dice (to roll again or at the start of a turn): how many of
    /// the 1296 equally likely throws would allow progress; the others bust.
    pub throws_with_progress: Option<u16>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

/// The step of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopStage))]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The seats throw two dice each to decide who starts.
    StartThrow,
    /// The four dice are about to be thrown.
    Throw,
    /// The seat to play chooses how to use the dice.
    Choose,
    /// The seat to play rolls again or stops.
    Decide,
    /// The game is over.
    Over,
}

/// One column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopColumnView))]
pub struct ColumnView {
    /// Its label, 2 to 12.
    pub column: u8,
    /// Its number of spaces; the top space is this one.
    pub height: u8,
    /// The seat that won it, if any.
    pub won_by: Option<Seat>,
    /// The space of each seat's piece, in seat order (0 = none).
    pub pieces: Vec<u8>,
    /// The space of the runner in it this turn, if any.
    pub runner: Option<u8>,
    /// Whether that runner stands on an opponent's piece.
    pub runner_on_opponent: bool,
}

/// One seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopPlayerView))]
pub struct PlayerView {
    pub seat: Seat,
    /// Whether the seat resigned or ran out of time.
    pub resigned: bool,
    /// Columns won.
    pub columns_won: u8,
    /// Total permanent progress: the spaces of its pieces, summed.
    pub progress: u32,
    /// Pieces on the board.
    pub pieces_on_board: u8,
    /// Pieces still in the supply (`pieces_per_player` less those on the board).
    pub pieces_left: u8,
}

/// A seat in the throw for the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopStartView))]
pub struct StartView {
    pub seat: Seat,
    /// Its total this round, once thrown.
    pub total: Option<u8>,
}

/// One legal choice of the dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopChoiceView))]
pub struct ChoiceView {
    /// The action to post to make this choice.
    pub action: Action,
    /// The pairings of the dice (as their two sums) that allow it.
    pub pairings: Vec<[u8; 2]>,
    /// What it does to the runners.
    pub moves: Vec<MoveView>,
}

/// A runner's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CantStopMoveView))]
pub struct MoveView {
    pub column: u8,
    /// The space it leaves (the seat's piece's space, or 0, for a new runner).
    pub from: u8,
    /// The space it reaches.
    pub to: u8,
    /// Whether it reaches the top.
    pub tops: bool,
}

impl State {
    /// The view of the state for `viewer`.
    pub(super) fn view(&self, viewer: Option<Seat>) -> View {
        let board = self.board();
        let climb = self.climb();
        let in_turn = matches!(
            self.phase,
            Phase::Throw | Phase::Choose { .. } | Phase::Decide
        );
        let (stage, seat_to_play) = match self.phase {
            Phase::StartThrow { contenders, totals } => {
                (Stage::StartThrow, State::start_thrower(contenders, &totals))
            }
            Phase::Throw => (Stage::Throw, Some(self.current)),
            Phase::Choose { .. } => (Stage::Choose, Some(self.current)),
            Phase::Decide => (Stage::Decide, Some(self.current)),
            Phase::Over { .. } => (Stage::Over, None),
        };
        let on_opponents = self.runners_on_opponents();
        let columns = (0..COLUMNS)
            .map(|index| {
                let runner = self.runners.get(index).copied().filter(|r| *r > 0);
                ColumnView {
                    column: label_of(index),
                    height: HEIGHTS.get(index).copied().unwrap_or(0),
                    won_by: self.won_by.get(index).copied().flatten().map(Seat::from),
                    pieces: self
                        .progress
                        .iter()
                        .map(|p| p.get(index).copied().unwrap_or(0))
                        .collect(),
                    runner,
                    runner_on_opponent: runner.is_some() && on_opponents & (1 << index) != 0,
                }
            })
            .collect();
        let players = (0..self.seats())
            .map(|seat| {
                let on_board = self.pieces_on_board(seat);
                PlayerView {
                    seat,
                    resigned: self.has_resigned(seat),
                    columns_won: self.columns_won(seat) as u8,
                    progress: self.total_progress(seat),
                    pieces_on_board: on_board,
                    pieces_left: self.options.pieces_per_player.saturating_sub(on_board),
                }
            })
            .collect();
        let start = match self.phase {
            Phase::StartThrow { contenders, totals } => (0..self.seats())
                .filter(|s| contenders & seat_bit(*s) != 0)
                .map(|seat| StartView {
                    seat,
                    total: totals.get(seat).copied().filter(|t| *t > 0),
                })
                .collect(),
            _ => Vec::new(),
        };
        let dice = self.dice();
        let choices = match dice {
            Some(dice) => choice_views(&board, &climb, dice),
            None => Vec::new(),
        };
        let stop_would_win: Vec<u8> = if matches!(self.phase, Phase::Decide) {
            (0..COLUMNS)
                .filter(|i| {
                    self.runners
                        .get(*i)
                        .is_some_and(|r| HEIGHTS.get(*i) == Some(r))
                })
                .map(label_of)
                .collect()
        } else {
            Vec::new()
        };
        let stop_would_win_game = !stop_would_win.is_empty()
            && self.columns_won(self.current) + stop_would_win.len()
                >= usize::from(self.options.columns_to_win);
        let throws_with_progress = matches!(self.phase, Phase::Throw | Phase::Decide)
            .then(|| board.throws_with_progress(&climb));
        View {
            viewer,
            turn: self.turn(),
            stage,
            seat_to_play,
            options: self.options.clone(),
            columns,
            players,
            start,
            dice,
            choices,
            runners_left: if in_turn { climb.free_runners } else { RUNNERS },
            can_stop: matches!(self.phase, Phase::Decide) && self.may_stop(),
            stop_would_win,
            stop_would_win_game,
            throws_with_progress,
            outcome: self.outcome(),
        }
    }
}

/// Every legal choice of `dice`, with the pairings that give it and its moves.
fn choice_views(board: &Board, climb: &Climb, dice: [u8; 4]) -> Vec<ChoiceView> {
    let choices = board.choices(climb, dice);
    choices
        .as_slice()
        .iter()
        .map(|columns| {
            let mut pairs: Vec<[u8; 2]> = Vec::new();
            for pair in pairings(dice) {
                let mut allowed = Choices::new();
                board.pairing_choices(climb, pair, &mut allowed);
                let pair = [pair[0].min(pair[1]), pair[0].max(pair[1])];
                if allowed.as_slice().contains(columns) && !pairs.contains(&pair) {
                    pairs.push(pair);
                }
            }
            ChoiceView {
                action: Action::Advance { columns: *columns },
                pairings: pairs,
                moves: moves(board, climb, *columns),
            }
        })
        .collect()
}

/// The runner moves of a legal choice.
fn moves(board: &Board, climb: &Climb, columns: Columns) -> Vec<MoveView> {
    let mut after = *climb;
    for label in columns.labels() {
        // The choice is legal, so every step succeeds.
        let _ = board.step(&mut after, label);
    }
    let mut moves = Vec::new();
    for index in 0..COLUMNS {
        let (Some(before), Some(to)) = (climb.runners.get(index), after.runners.get(index)) else {
            continue;
        };
        if before == to {
            continue;
        }
        let from = if *before == 0 {
            board.own.get(index).copied().unwrap_or(0)
        } else {
            *before
        };
        moves.push(MoveView {
            column: label_of(index),
            from,
            to: *to,
            tops: HEIGHTS.get(index) == Some(to),
        });
    }
    moves
}

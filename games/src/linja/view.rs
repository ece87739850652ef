//! What a seat or a spectator sees: Linja is open information, so everyone sees the whole
//! position, plus the figures needed to decide (each available choice with what it leads to
//! and the scores it leaves) and to score (every piece's value on every row).

use serde::{Deserialize, Serialize};

use super::board::{Board, ROWS, piece_value};
use super::options::Options;
use super::state::{Action, Event, Phase, State};
use crate::contract::{Outcome, Seat};
use crate::rules::Rules;

/// The view of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaView))]
pub struct View {
    /// Who is looking (`None` for a spectator); everyone sees the same.
    pub viewer: Option<Seat>,
    /// The options of the match.
    pub options: Options,
    /// The pieces, `[seat][row]`; seat 0 (A) moves towards row 7, seat 1 (B) towards row 0.
    pub board: Board,
    /// Pieces of both colours on each row (an inner row takes at most 6).
    pub row_totals: [u8; ROWS],
    /// What a piece of each seat is worth on each row at the end, `[seat][row]`.
    pub piece_values: [[i64; ROWS]; 2],
    /// The seat to act, while the game goes on.
    pub to_move: Option<Seat>,
    /// The stage of the current turn (with the distance of a due following move).
    pub phase: Phase,
    /// 2010 edition: the current turn is an extra turn.
    pub extra_turn: bool,
    /// The scores if the game ended now (the final scores once it has), seat 0 first.
    pub scores: [i64; 2],
    /// Whether the armies have passed each other (the game ends after this turn).
    pub armies_passed: bool,
    /// Every legal action of the seat to act, with what it leads to.
    pub choices: Vec<Choice>,
    /// Seats that resigned or ran out of time.
    pub resigned: Vec<Seat>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

/// One legal action and its consequences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaChoice))]
pub struct Choice {
    /// The action, ready to post back.
    pub action: Action,
    /// What comes next if it is played.
    pub next: Next,
    /// Both scores right after it, seat 0 first.
    pub scores_after: [i64; 2],
}

/// What an action leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinjaNext))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Next {
    /// The same seat must make a following move of `rows` rows.
    FollowingMove { rows: u8 },
    /// The same seat earns a bonus move.
    Bonus,
    /// The same seat plays an extra turn (2010 edition).
    ExtraTurn,
    /// The turn passes to the opponent.
    OpponentTurn,
    /// The game ends, won by `winner` (none for a draw).
    GameOver { winner: Option<Seat> },
}

impl State {
    /// The view of the state for `viewer`.
    pub(super) fn view(&self, viewer: Option<Seat>) -> View {
        let board = *self.board();
        let deduct = self.options().deducts();
        let over = self.outcome();
        let to_move = over.is_none().then_some(self.to_move());
        let mut choices = Vec::new();
        if let Some(seat) = to_move {
            let mut actions = Vec::new();
            self.legal_actions(seat, &mut actions);
            choices = actions
                .into_iter()
                .map(|action| Choice::of(self, seat, action))
                .collect();
        }
        View {
            viewer,
            options: *self.options(),
            board,
            row_totals: std::array::from_fn(|row| board.total(row)),
            piece_values: std::array::from_fn(|seat| {
                std::array::from_fn(|row| piece_value(seat, row, deduct))
            }),
            to_move,
            phase: self.phase(),
            extra_turn: self.is_extra_turn(),
            scores: self.scores(),
            armies_passed: board.armies_passed(),
            choices,
            resigned: self.resignations.seats().to_vec(),
            outcome: over,
        }
    }
}

impl Choice {
    /// Plays `action` on a copy of `state` to see where it leads.
    fn of(state: &State, seat: Seat, action: Action) -> Choice {
        let mut after = state.clone();
        let mut events: Vec<Event> = Vec::new();
        // Only listed actions get here, and they are always accepted; a refusal would leave
        // the copy unchanged, which still describes a consistent (if useless) choice.
        let _ = after.apply(seat, &action, &mut events);
        let next = match after.phase() {
            Phase::Over { .. } => Next::GameOver {
                winner: after.winner(),
            },
            _ if after.to_move() != seat => Next::OpponentTurn,
            Phase::Following { rows } => Next::FollowingMove { rows },
            Phase::Bonus => Next::Bonus,
            Phase::Initial => Next::ExtraTurn,
        };
        Choice {
            action,
            next,
            scores_after: after.scores(),
        }
    }
}

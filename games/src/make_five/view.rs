//! What a seat or a spectator sees: everything (Make Five hides nothing), with the score of
//! each legal action and the figures of the deal.

use serde::{Deserialize, Serialize};

use super::board::{Board, COLOURS, COLUMNS, Colour, HEIGHT, TOKENS};
use super::options::Options;
use super::state::{Action, DEALS, Phase, SEATS, SETUP_TOKENS, State};
use crate::contract::{Outcome, Seat, Turn};
use crate::rules::Rules;

/// A legal action with the points the board would score right after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveChoice))]
pub struct Choice {
    pub action: Action,
    /// The board's score after the action (rows as they stand; on a full board, the deal's
    /// score if the Aligneur stops there).
    pub points: u8,
}

/// What a seat or a spectator sees: everything (the game is open), with derived figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveView))]
pub struct MakeFiveView {
    pub viewer: Option<Seat>,
    pub options: Options,
    /// The deal being played, 1 to `deals`.
    pub deal: u8,
    pub deals: u8,
    pub aligneur: Seat,
    pub destructeur: Seat,
    pub phase: Phase,
    pub turn: Turn,
    /// Columns from the bottom up.
    pub board: Board,
    pub heights: [u8; COLUMNS],
    /// What each row (bottom to top) scores as it stands.
    pub row_points: [u8; HEIGHT],
    /// Their sum: the deal's score if the board stayed as it is.
    pub points: u8,
    /// Tokens of each colour (by index: red, green, blue, yellow, white) still in the bag.
    pub bag: [u8; COLOURS],
    pub bag_total: u8,
    /// The token drawn and waiting to be placed.
    pub hand: Option<Colour>,
    /// The Aligneur's move opportunities left in this deal, the current one included.
    pub aligneur_moves_left: u8,
    /// Whether the Aligneur is making the last move of the deal.
    pub final_move: bool,
    /// The Aligneur's score in each deal played (deal 1 first).
    pub deal_points: [Option<u8>; DEALS as usize],
    /// Each seat's match total.
    pub totals: [u32; SEATS],
    /// The legal actions of the seat to act, each with the score it leads to.
    pub choices: Vec<Choice>,
    /// Seats that resigned.
    pub resigned: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

impl State {
    /// The view of `viewer` (everyone sees the same).
    pub(super) fn view(&self, viewer: Option<Seat>) -> MakeFiveView {
        let contiguous = self.options.require_contiguous;
        let mut actions = Vec::new();
        if let Some(seat) = self.seat_to_act() {
            self.legal_actions(seat, &mut actions);
        }
        let choices = actions
            .into_iter()
            .map(|action| {
                let after = match action {
                    Action::Move {
                        from_column,
                        from_position,
                        to_column,
                    } => self
                        .board
                        .after_move(from_column.into(), from_position.into(), to_column.into())
                        .map(|(board, _, _)| board),
                    Action::Place { column } => self.hand.and_then(|colour| {
                        let mut board = self.board;
                        board.put(column.into(), colour).map(|_| board)
                    }),
                    Action::Pass => None,
                };
                let board = after.unwrap_or(self.board);
                Choice {
                    action,
                    points: board.points(contiguous),
                }
            })
            .collect();
        let tokens = self.board.tokens();
        // After the set-up, every placement is followed by a move of the Aligneur.
        let aligneur_moves_left = match self.phase {
            Phase::Move => 1 + self.bag_total(),
            Phase::Draw | Phase::Place => TOKENS - tokens.max(SETUP_TOKENS - 1),
            Phase::Over => 0,
        };
        let row_points = self.board.row_points(contiguous);
        MakeFiveView {
            viewer,
            options: self.options,
            deal: self.deal,
            deals: DEALS,
            aligneur: self.aligneur(),
            destructeur: self.destructeur(),
            phase: self.phase,
            turn: self.turn(),
            board: self.board,
            // Heights and counts are at most 25.
            heights: self.board.heights().map(|h| h as u8),
            row_points,
            points: row_points.iter().sum(),
            bag: self.bag,
            bag_total: self.bag_total() as u8,
            hand: self.hand,
            aligneur_moves_left: aligneur_moves_left as u8,
            final_move: self.phase == Phase::Move && self.bag_total() == 0,
            deal_points: self.deal_points,
            totals: [0, 1].map(|seat| self.total(seat)),
            choices,
            resigned: self.resignations.seats().to_vec(),
            outcome: self.outcome(),
        }
    }
}

//! What a player or a spectator sees: the whole state (nothing is hidden) and the figures
//! needed to decide, such as the points each available placement would give.

use serde::{Deserialize, Serialize};

use super::board::{Cell, SIZE};
use super::dice::{Combination, DICE};
use super::state::{Challenge, MAX_THROWS, Phase, SEATS, State, opponent};
use super::variant::{Options, Variant};
use crate::contract::{Outcome, Seat, Turn};
use crate::id::GameId;
use crate::rules::Rules;

/// The view of a match of either game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteView))]
pub struct View<O = Options> {
    /// Which game this is.
    pub game: GameId,
    /// The options of the match.
    pub options: O,
    /// Who is looking: a seat, or `None` for a spectator.
    pub viewer: Option<Seat>,
    /// Who must act now.
    pub turn: Turn,
    /// The seat whose turn it is (also during its throws), `None` once over.
    pub to_play: Option<Seat>,
    /// The grid, row 0 at the top.
    pub grid: Vec<Vec<CellView>>,
    /// The dice, sorted; 0 for dice being thrown.
    pub dice: [u8; DICE],
    /// Throws made this turn.
    pub throws: u8,
    /// Throws still allowed this turn.
    pub throws_left: u8,
    /// The challenge (Appel or Défi) taken this turn.
    pub challenge: Option<Challenge>,
    /// Whether the dice meet that challenge now (once it can be judged: after throw 2).
    pub challenge_met: Option<bool>,
    /// The combinations a pawn may be placed on if the player stops now.
    pub combinations: Vec<Combination>,
    /// Every free cell a pawn may be placed on now, with what it would bring.
    pub placements: Vec<PlacementView>,
    /// Every opponent pawn the Yam Predator may remove now.
    pub removals: Vec<RemovalView>,
    /// Both players, seat 0 first.
    pub players: Vec<PlayerView>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
}

/// A cell of the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteCellView))]
pub struct CellView {
    pub row: u8,
    pub col: u8,
    /// The combination printed on it.
    pub combination: Combination,
    /// Its printed name in this game ("Quinte" or "Suite"...).
    pub label: String,
    /// The seat whose pawn is on it.
    pub owner: Option<Seat>,
}

/// A placement available now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinottePlacementView))]
pub struct PlacementView {
    pub row: u8,
    pub col: u8,
    /// The combination of the cell.
    pub combination: Combination,
    /// The player's alignment points after placing there.
    pub points_after: i64,
    /// Whether the pawn would complete five in a row (ending the game; winning it in Yam
    /// Master).
    pub completes_five: bool,
}

/// A Yam Predator removal available now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteRemovalView))]
pub struct RemovalView {
    pub row: u8,
    pub col: u8,
    /// The opponent's alignment points after the removal.
    pub opponent_points_after: i64,
}

/// One player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinottePlayerView))]
pub struct PlayerView {
    pub seat: Seat,
    /// Pawns left to place.
    pub reserve: u8,
    /// Pawns on the grid.
    pub on_board: u8,
    /// Pawns taken out of the game by the Yam Predator.
    pub removed: u8,
    /// Alignment points on the current grid.
    pub points: i64,
    /// Whether the player resigned or ran out of time.
    pub resigned: bool,
}

impl<O: Variant> State<O> {
    /// The view of the state for `viewer`.
    pub(super) fn view(&self, viewer: Option<Seat>) -> View<O> {
        let rules = self.rules();
        let seat = self.to_play;
        let over = matches!(self.phase, Phase::Over { .. });
        let grid = (0..SIZE as u8)
            .map(|row| {
                (0..SIZE as u8)
                    .filter_map(|col| Cell::at(row, col))
                    .map(|cell| CellView {
                        row: cell.row(),
                        col: cell.col(),
                        combination: cell.label(),
                        label: cell.label().label(O::GAME).to_owned(),
                        owner: self.board.owner(cell),
                    })
                    .collect()
            })
            .collect();
        let placements = Cell::in_mask(self.placement_cells())
            .map(|cell| {
                let mut board = self.board;
                board.place(seat, cell);
                PlacementView {
                    row: cell.row(),
                    col: cell.col(),
                    combination: cell.label(),
                    points_after: board.points(seat, rules.scoring),
                    completes_five: board.has_five(seat),
                }
            })
            .collect();
        let removals = Cell::in_mask(self.predator_targets())
            .map(|cell| {
                let mut board = self.board;
                board.clear(cell);
                RemovalView {
                    row: cell.row(),
                    col: cell.col(),
                    opponent_points_after: board.points(opponent(seat), rules.scoring),
                }
            })
            .collect();
        let players = (0..SEATS)
            .map(|seat| PlayerView {
                seat,
                reserve: self.reserve(seat),
                on_board: self.board.count(seat),
                removed: self.removed(seat),
                points: self.points(seat),
                resigned: self.resignations.has_resigned(seat),
            })
            .collect();
        View {
            game: O::GAME,
            options: self.options.clone(),
            viewer,
            turn: self.turn(),
            to_play: (!over).then_some(seat),
            grid,
            dice: self.dice,
            throws: self.throws,
            throws_left: MAX_THROWS.saturating_sub(self.throws),
            challenge: self.challenge,
            challenge_met: self.challenge_met(),
            combinations: self.placeable().iter().collect(),
            placements,
            removals,
            players,
            outcome: self.outcome(),
        }
    }
}

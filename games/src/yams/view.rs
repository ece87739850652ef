//! What a player or a spectator sees: the whole table (Yams hides nothing), with the totals and
//! what the current dice would score in each empty box of the player on turn.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::dice::{DICE, Dice};
use super::grid::{BoxId, Grid, Totals};
use super::options::Options;
use super::state::{MAX_THROWS, State};
use crate::contract::{Outcome, Seat, Turn};
use crate::rules::Rules;

/// The table as a seat or a spectator sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsView))]
pub struct View {
    /// Who is looking (`None` for a spectator).
    pub viewer: Option<Seat>,
    /// The options of the match.
    pub options: Options,
    /// Who must act now.
    pub turn: Turn,
    /// The seat whose turn it is, during its throws too; `None` once the game is over.
    pub current_seat: Option<Seat>,
    /// The current round, from 1 to `rounds` (each seat fills one box per round).
    pub round: u16,
    /// How many rounds the game lasts: boxes per grid × grids.
    pub rounds: u16,
    /// Throws made in the current turn (0 to 3).
    pub throws: u8,
    /// Throws the player on turn may still make.
    pub throws_left: u8,
    /// The dice of the current turn, sorted; while a throw is due, the dice kept.
    pub dice: Dice,
    /// Whether dice are being thrown (a chance step is due).
    pub throw_pending: bool,
    /// The smallest upper total that earns the bonus.
    pub bonus_threshold: u16,
    /// Every seat's sheet, by seat.
    pub players: Vec<PlayerView>,
    /// The final ranking, once the game is over.
    pub outcome: Option<Outcome>,
}

/// One player's sheets and totals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsPlayerView))]
pub struct PlayerView {
    /// The seat these sheets belong to.
    pub seat: Seat,
    /// Whether this seat resigned (its turns are skipped).
    pub resigned: bool,
    /// Its grids, numbered from 0.
    pub grids: Vec<GridView>,
    /// The sum of its grids' totals: what the ranking compares.
    pub grand_total: u32,
    /// Boxes still empty over all its grids.
    pub boxes_left: u16,
}

/// One grid: its boxes in sheet order (only those in play) and its totals so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsGridView))]
pub struct GridView {
    /// The boxes in play, in sheet order (Un to Six first).
    pub boxes: Vec<BoxView>,
    /// The totals so far; the bonus is the one the upper total earns so far.
    pub totals: Totals,
    /// Whether the six upper boxes are filled, making the bonus final.
    pub upper_complete: bool,
    /// How many more upper points the bonus needs (0 once earned).
    pub upper_needed_for_bonus: u16,
}

/// One box of a grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsBoxView))]
pub struct BoxView {
    /// Its id, as used in [`Action::Score`](super::Action::Score).
    pub r#box: BoxId,
    /// Its name on the sheet ("Carré", "Double paire"...).
    pub name: Cow<'static, str>,
    /// The points written in it, `None` while empty.
    pub points: Option<u8>,
    /// For an empty box of the player who must choose a box now: what the dice would score
    /// in it (0 means the box would be scratched).
    pub would_score: Option<u8>,
}

impl State {
    /// The view of the state for `viewer`.
    pub(super) fn view(&self, viewer: Option<Seat>) -> View {
        let options = &self.options;
        let rounds = options.turns_per_player();
        let choosing = match self.turn() {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        };
        let players = (0..self.seats)
            .map(|seat| {
                let dice = (choosing == Some(seat)).then_some(&self.dice);
                let grids: Vec<GridView> = self
                    .grids_of(seat)
                    .iter()
                    .map(|grid| GridView::new(grid, options, dice))
                    .collect();
                let filled: usize = self.grids_of(seat).iter().map(Grid::filled).sum();
                PlayerView {
                    seat,
                    resigned: self.resignations.has_resigned(seat),
                    grids,
                    grand_total: self.grand_total(seat),
                    boxes_left: rounds.saturating_sub(filled as u16),
                }
            })
            .collect();
        View {
            viewer,
            options: options.clone(),
            turn: self.turn(),
            current_seat: self.current_seat(),
            round: self.round.saturating_add(1).min(rounds),
            rounds,
            throws: self.throws,
            throws_left: if self.end.is_some() {
                0
            } else {
                MAX_THROWS.saturating_sub(self.throws)
            },
            dice: self.dice,
            throw_pending: self.end.is_none() && self.dice.len() < DICE,
            bonus_threshold: options.bonus_threshold(),
            players,
            outcome: self.outcome(),
        }
    }
}

impl GridView {
    /// `dice` are given for the grids of the player choosing a box now.
    fn new(grid: &Grid, options: &Options, dice: Option<&Dice>) -> GridView {
        let boxes = BoxId::ALL
            .into_iter()
            .filter(|b| b.in_play(options))
            .map(|which| {
                let points = grid.get(which);
                BoxView {
                    r#box: which,
                    name: Cow::Borrowed(which.name()),
                    points,
                    would_score: match (points, dice) {
                        (None, Some(dice)) => Some(grid.points(which, dice, options)),
                        _ => None,
                    },
                }
            })
            .collect();
        let totals = grid.totals(options);
        GridView {
            boxes,
            totals,
            upper_complete: grid.upper_is_full(),
            upper_needed_for_bonus: options.bonus_threshold().saturating_sub(totals.upper),
        }
    }
}

//! What a Make Five match is made of: its state and phases, the decisions of the seats and the
//! events they produce, and what the state tells of the deal (who plays which role, the
//! totals, the draw due).

use serde::{Deserialize, Serialize};

use super::board::{Board, COLOURS, COLUMNS, Colour, HEIGHT, PER_COLOUR};
use super::options::Options;
use crate::contract::{Chance, MAX_DRAW_KINDS, Seat};
use crate::ranking::Resignations;

/// Players at the table.
pub const SEATS: usize = 2;
/// Deals in a match: each player is the Aligneur three times (rule 1).
pub const DEALS: u8 = 6;
/// Tokens drawn before the Aligneur's first move (rule 2): one per column.
pub const SETUP_TOKENS: usize = COLUMNS;

/// What the match is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFivePhase))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A token is drawn from the bag (a chance step, on the Destructeur's behalf).
    Draw,
    /// The Destructeur places the token just drawn.
    Place,
    /// The Aligneur moves a token or passes.
    Move,
    /// The match is over.
    Over,
}

/// How the match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// An Aligneur made five single-coloured rows (rule 7).
    MakeFive,
    /// The six deals were played (rule 8).
    AllDealsPlayed,
    /// A player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The snake_case name, as in [`Outcome::reason`](crate::contract::Outcome::reason).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::MakeFive => "make_five",
            EndReason::AllDealsPlayed => "all_deals_played",
            EndReason::Resignation => "resignation",
        }
    }
}

/// The whole state of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(super) options: Options,
    /// The deal being played, 1 to 6.
    pub(super) deal: u8,
    pub(super) phase: Phase,
    pub(super) board: Board,
    /// Tokens of each colour (by index) still in the bag.
    pub(super) bag: [u8; COLOURS],
    /// The token drawn and not yet placed (during [`Phase::Place`]).
    pub(super) hand: Option<Colour>,
    /// The Aligneur's score in each deal, once scored.
    pub(super) deal_points: [Option<u8>; DEALS as usize],
    pub(super) end: Option<EndReason>,
    pub(super) resignations: Resignations,
}

/// A decision of a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The Aligneur takes the token at `from_position` (0 = bottom) of `from_column` (0 to 4)
    /// and puts it on top of `to_column` (which may be `from_column`).
    ///
    /// Taking any token of a run of same-coloured tokens in a column gives the same board, so a
    /// run is named by its **top** token; the others are refused as duplicates. The top token put
    /// back on its own column changes nothing: that is [`Action::Pass`] (M9).
    Move {
        from_column: u8,
        from_position: u8,
        to_column: u8,
    },
    /// The Aligneur leaves the board as it is.
    Pass,
    /// The Destructeur puts the drawn token on top of `column` (0 to 4).
    Place { column: u8 },
}

/// Something that happened, in order; enough to write the log of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MakeFiveEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new deal begins on an empty board with a full bag (deals 2 to 6; deal 1 starts at setup).
    DealStarted {
        deal: u8,
        aligneur: Seat,
        destructeur: Seat,
    },
    /// `seat` (the Destructeur) drew a token of `colour` from the bag.
    TokenDrawn { seat: Seat, colour: Colour },
    /// The drawn token went on top of `column`, at `position` (0 = bottom); `automatic` when
    /// nothing was chosen (set-up one per column, or a single column with room).
    TokenPlaced {
        seat: Seat,
        colour: Colour,
        column: u8,
        position: u8,
        automatic: bool,
    },
    /// `seat` (the Aligneur) moved a token; the tokens above its old place slid down.
    TokenMoved {
        seat: Seat,
        colour: Colour,
        from_column: u8,
        from_position: u8,
        to_column: u8,
        to_position: u8,
    },
    /// `seat` (the Aligneur) left the board as it was.
    Passed { seat: Seat },
    /// The deal is scored on its final `board` (kept here, as the next deal starts on an empty
    /// one): `rows` bottom to top, `points` their sum, `total` the Aligneur's match total with
    /// them.
    DealScored {
        deal: u8,
        seat: Seat,
        board: Board,
        rows: [u8; HEIGHT],
        points: u8,
        total: u32,
    },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The match is over; `winner` is `None` for a draw.
    GameOver {
        reason: EndReason,
        winner: Option<Seat>,
    },
}

/// The Aligneur of `deal` (1-based): seat 0 in odd deals, seat 1 in even ones.
pub const fn aligneur_of(deal: u8) -> Seat {
    (deal as usize + 1) % SEATS
}

impl State {
    /// The first state of a match: deal 1, the bag full, its first draw due (the seats are
    /// always two).
    pub(super) fn new(_seats: usize, options: &Options) -> State {
        State {
            options: *options,
            deal: 1,
            phase: Phase::Draw,
            board: Board::new(),
            bag: [PER_COLOUR; COLOURS],
            hand: None,
            deal_points: [None; DEALS as usize],
            end: None,
            resignations: Resignations::default(),
        }
    }

    /// The options of the match.
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The deal being played, 1 to [`DEALS`].
    pub const fn deal(&self) -> u8 {
        self.deal
    }

    /// What the match is waiting for.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Tokens of each colour still in the bag, by [`Colour::index`].
    pub const fn bag(&self) -> [u8; COLOURS] {
        self.bag
    }

    /// The drawn token waiting to be placed.
    pub const fn hand(&self) -> Option<Colour> {
        self.hand
    }

    /// The Aligneur's score in each deal scored so far.
    pub const fn deal_points(&self) -> [Option<u8>; DEALS as usize] {
        self.deal_points
    }

    /// How the match ended, once over.
    pub const fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The Aligneur of the current deal.
    pub const fn aligneur(&self) -> Seat {
        aligneur_of(self.deal)
    }

    /// The Destructeur of the current deal.
    pub const fn destructeur(&self) -> Seat {
        1 - self.aligneur()
    }

    /// The match total of `seat`: its scores in the deals where it was the Aligneur.
    pub fn total(&self, seat: Seat) -> u32 {
        (1..=DEALS)
            .zip(self.deal_points)
            .filter(|(deal, _)| aligneur_of(*deal) == seat)
            .filter_map(|(_, points)| points.map(u32::from))
            .sum()
    }

    /// Tokens still in the bag.
    pub fn bag_total(&self) -> usize {
        self.bag.iter().map(|n| usize::from(*n)).sum()
    }

    /// The draw the match is waiting for (meaningful in [`Phase::Draw`]).
    pub(super) fn draw(&self) -> Chance {
        let mut counts = [0; MAX_DRAW_KINDS];
        counts[..COLOURS].copy_from_slice(&self.bag);
        Chance::Draw { counts }
    }

    /// The seat that must act now, if a seat must.
    pub(super) const fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Move => Some(self.aligneur()),
            Phase::Place => Some(self.destructeur()),
            Phase::Draw | Phase::Over => None,
        }
    }

    /// Greater is better among seats still playing: the MAKE 5 (an instant win), then the
    /// total.
    pub(super) fn ranking_key(&self, seat: Seat) -> (bool, u32) {
        let made_five = self.end == Some(EndReason::MakeFive) && self.aligneur() == seat;
        (made_five, self.total(seat))
    }
}

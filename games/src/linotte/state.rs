//! What a match of La Linotte or Yam Master is made of: its state and phases, the challenge of
//! a turn, the decisions of the player to play and the events they produce, and what the
//! state tells of the turn (may the player stop, where may a pawn go).

use serde::{Deserialize, Serialize};

use super::board::{self, Board};
use super::dice::{Combination, CombinationSet, DICE, Faces, Major};
use super::variant::{Options, Rules, Variant};
use crate::contract::Seat;
use crate::ranking::Resignations;

/// Pawns each player starts with.
pub const PAWNS: u8 = 12;
/// Throws a turn may have.
pub const MAX_THROWS: u8 = 3;
/// Players at the table.
pub(super) const SEATS: usize = 2;

/// A challenge taken after throw 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteChallenge))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Challenge {
    /// La Linotte: the announced major must be made with the remaining throws (rule 9).
    Appel {
        combination: Major,
        /// Whether throw 1 already held a major combination (rule 10).
        after_sec: bool,
    },
    /// Yam Master: any major must be made with the remaining throws (rule 12).
    Defi {
        /// Whether throw 1 already held a major combination (ambiguity Y1).
        after_sec: bool,
    },
}

impl Challenge {
    pub(super) fn after_sec(self) -> bool {
        match self {
            Challenge::Appel { after_sec, .. } | Challenge::Defi { after_sec } => after_sec,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player completed five in a row (rules 11 and 15).
    FiveInARow,
    /// A player has no pawn left in reserve (rules 11 and 15).
    NoPawnsLeft,
    /// A player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The snake_case name used in [`Outcome::reason`](crate::contract::Outcome::reason).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::FiveInARow => "five_in_a_row",
            EndReason::NoPawnsLeft => "no_pawns_left",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Phase {
    /// A chance step: `count` dice are being thrown (all five on the first throw).
    Throwing { count: u8 },
    /// The player to play decides what to do with the dice.
    Choosing,
    /// The game is over; `winner` is `None` for a draw.
    Over {
        reason: EndReason,
        winner: Option<Seat>,
    },
}

/// A decision of the player to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Throw again the dice showing these faces, in ascending order (`[2, 4, 4]`); a chance
    /// step for them follows. At most twice a turn.
    Reroll { faces: Faces },
    /// La Linotte, after throw 1: announce an Appel on a major combination (rule 9).
    Appel { combination: Major },
    /// Yam Master, after throw 1: take up the Défi (rule 12).
    Defi,
    /// Stop and place a pawn on this free cell, whose combination the turn has made.
    Place { row: u8, col: u8 },
    /// Yam Master, the final dice a Yam: stop and remove this opponent pawn instead of placing
    /// (the Yam Predator, rule 14).
    Remove { row: u8, col: u8 },
    /// Stop without placing a pawn.
    Pass,
}

/// Something that happened, with the values a turn log needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` begins a turn.
    TurnStarted { seat: Seat },
    /// Throw number `throw` of `seat` gave `values` (in die order); `dice` are all five dice
    /// now, sorted.
    DiceThrown {
        seat: Seat,
        throw: u8,
        values: Faces,
        dice: [u8; DICE],
    },
    /// `seat` throws again the dice showing `faces`.
    Rerolled { seat: Seat, faces: Faces },
    /// `seat` announces an Appel on `combination`.
    AppelAnnounced { seat: Seat, combination: Major },
    /// `seat` takes up the Défi.
    DefiDeclared { seat: Seat },
    /// `seat` stopped after a challenge, which `succeeded` or not.
    ChallengeResolved { seat: Seat, succeeded: bool },
    /// `seat` placed a pawn on the cell at `row`, `col` bearing `combination`, and now has
    /// `reserve` pawns left and `points` alignment points.
    Placed {
        seat: Seat,
        row: u8,
        col: u8,
        combination: Combination,
        reserve: u8,
        points: i64,
    },
    /// `seat` used the Yam Predator on the pawn of `owner` at `row`, `col`; the pawn went back
    /// to its owner's reserve if `returned`, else out of the game. `owner` now has
    /// `owner_points` alignment points.
    PawnRemoved {
        seat: Seat,
        owner: Seat,
        row: u8,
        col: u8,
        returned: bool,
        owner_points: i64,
    },
    /// `seat` stopped without placing a pawn.
    Passed { seat: Seat },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The game is over; `points` are the final alignment points of seats 0 and 1 and
    /// `winner` is `None` for a draw.
    GameOver {
        reason: EndReason,
        winner: Option<Seat>,
        points: [i64; SEATS],
    },
}

/// The state of a match of either game (`State` is La Linotte's, `State<YamMasterOptions>`
/// Yam Master's).
///
/// Deserializing checks every invariant, so the rules can trust a stored state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State<O = Options> {
    pub(super) options: O,
    pub(super) board: Board,
    /// Pawns not yet placed.
    pub(super) reserve: [u8; SEATS],
    /// Pawns taken out of the game by the Yam Predator.
    pub(super) removed: [u8; SEATS],
    /// The seat whose turn it is (or was, once over).
    pub(super) to_play: Seat,
    pub(super) phase: Phase,
    /// The dice in ascending order; while dice are being thrown, the kept ones come first
    /// (ascending) and the ones in the air show 0.
    pub(super) dice: [u8; DICE],
    /// Throws made this turn.
    pub(super) throws: u8,
    pub(super) challenge: Option<Challenge>,
    pub(super) resignations: Resignations,
    /// The combinations the dice make, while the player chooses (empty otherwise). Derived
    /// from `dice` once per throw rather than at every question, so not stored.
    #[serde(skip)]
    pub(super) made: CombinationSet,
}

/// The other seat of a two-seat table.
pub(super) const fn opponent(seat: Seat) -> Seat {
    1 - seat
}

impl<O: Variant> State<O> {
    /// A new match: empty grid, twelve pawns each, seat 0 about to throw (the seats are always
    /// two).
    pub fn new(_seats: usize, options: &O) -> Self {
        State {
            options: options.clone(),
            board: Board::EMPTY,
            reserve: [PAWNS; SEATS],
            removed: [0; SEATS],
            to_play: 0,
            phase: Phase::Throwing { count: DICE as u8 },
            dice: [0; DICE],
            throws: 0,
            challenge: None,
            resignations: Resignations::default(),
            made: CombinationSet::EMPTY,
        }
    }

    /// The options of the match.
    pub fn options(&self) -> &O {
        &self.options
    }

    /// The pawns on the grid.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pawns `seat` has left to place.
    pub fn reserve(&self, seat: Seat) -> u8 {
        self.reserve.get(seat).copied().unwrap_or(0)
    }

    /// The pawns of `seat` taken out of the game by the Yam Predator.
    pub fn removed(&self, seat: Seat) -> u8 {
        self.removed.get(seat).copied().unwrap_or(0)
    }

    /// The seat whose turn it is (or was, once the game is over).
    pub fn to_play(&self) -> Seat {
        self.to_play
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice, sorted (0 for dice being thrown).
    pub fn dice(&self) -> [u8; DICE] {
        self.dice
    }

    /// The throws made this turn.
    pub fn throws(&self) -> u8 {
        self.throws
    }

    /// The challenge taken this turn, if any.
    pub fn challenge(&self) -> Option<Challenge> {
        self.challenge
    }

    /// The alignment points of `seat` on the current grid.
    pub fn points(&self, seat: Seat) -> i64 {
        self.board.points(seat, self.rules().scoring)
    }

    pub(super) fn rules(&self) -> Rules {
        self.options.rules()
    }

    pub(super) fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Whether the player may stop now: after a throw, except right after announcing a
    /// challenge, which must be followed by a throw (rules 9 and 12).
    pub(super) fn can_stop(&self) -> bool {
        self.phase == Phase::Choosing && !(self.challenge.is_some() && self.throws == 1)
    }

    /// Whether the challenge of this turn is met by the dice, once it can be judged.
    pub(super) fn challenge_met(&self) -> Option<bool> {
        if !self.can_stop() {
            return None;
        }
        let made = self.made;
        match self.challenge? {
            Challenge::Defi { .. } => Some(made.has_major()),
            Challenge::Appel {
                combination,
                after_sec,
            } => Some(
                made.contains(combination.combination())
                    || (after_sec && self.rules().appel_after_sec_any_major && made.has_major()),
            ),
        }
    }

    /// The labels a pawn may be placed on if the player stops now (rules 3 to 5, 9, 12).
    pub fn placeable(&self) -> CombinationSet {
        if !self.can_stop() {
            return CombinationSet::EMPTY;
        }
        let made = self.made;
        match self.challenge_met() {
            // Sec: a major on the first throw, stopping there (ambiguity G5).
            None if self.throws == 1 && made.has_major() => made.with(Combination::Sec),
            None => made,
            Some(true) => made.with(Combination::Challenge),
            Some(false) if self.rules().failed_challenge_allows_normal_placement => made,
            Some(false) => CombinationSet::EMPTY,
        }
    }

    /// The free cells a pawn may be placed on now, as a mask.
    pub(super) fn placement_cells(&self) -> u32 {
        self.board.free() & board::cells_labelled(self.placeable().bits())
    }

    /// The opponent pawns the Yam Predator may remove now, as a mask (rule 14).
    pub(super) fn predator_targets(&self) -> u32 {
        if self.rules().yam_master && self.can_stop() && self.made.contains(Combination::Yam) {
            self.board.mask(opponent(self.to_play))
        } else {
            0
        }
    }

    /// Whether the coming throw 2 must break the major of throw 1 (rule 10, L5, Y1): then the
    /// kept dice may not hold a complete major. Full, Quinte, Small and Yam need all five
    /// dice, so any re-throw breaks them; only a Carré can survive among four kept dice.
    pub(super) fn must_break_first_throw_major(&self) -> bool {
        self.throws == 1
            && self.challenge.is_some_and(Challenge::after_sec)
            && self.rules().challenge_must_break_first_throw_major
    }
}

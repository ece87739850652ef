//! What a 5000 match is made of: its state and phases, the decisions of the player on turn and
//! the events they produce, and what the state tells of the turn (may the player bank or
//! throw again, what banking would do).

use serde::{Deserialize, Serialize};

use super::dice::{DICE, Faces, Roll, SetAside};
use super::options::{LAST_TURN_POINTS, Options, TargetRule};
use crate::contract::{Placing, Seat};
use crate::ranking::Resignations;

/// The most throws in one turn (rule 10).
pub const THROW_LIMIT: u8 = 3;

/// The fewest players.
pub(super) const MIN_SEATS: usize = 2;
/// The most players.
pub(super) const MAX_SEATS: usize = 8;

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandPhase))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The dice in hand are to be thrown (a chance step).
    Throw,
    /// The player must set aside scoring dice from the last throw.
    Keep,
    /// The player chooses between banking and throwing the dice in hand again.
    Decide,
    /// The game is over.
    Over,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player banked the target (after the round was played out, with `finish_round`).
    TargetReached,
    /// A player threw five 1s.
    FiveOnes,
    /// Every other player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The snake_case name, as in [`Outcome::reason`](crate::contract::Outcome::reason).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::TargetReached => "target_reached",
            EndReason::FiveOnes => "five_ones",
            EndReason::Resignation => "resignation",
        }
    }
}

/// Why a turn total was lost without a zero throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandTurnLostReason))]
#[serde(rename_all = "snake_case")]
pub enum TurnLostReason {
    /// The throw limit was reached by a player who has not opened, under the opening threshold
    /// (F7).
    NotOpened,
    /// Exact target: the banking would have passed the target, so it is void.
    Overshoot,
}

/// What banking the turn total would do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandBankResult))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BankResult {
    /// `counted` points are added, making the banked score `score`.
    Banked {
        counted: u32,
        score: u32,
        reaches_target: bool,
    },
    /// Exact target: the score would pass the target, so the banking is void and the turn
    /// total lost.
    Overshoot,
}

/// A seat's banked score.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    pub(super) score: u32,
    /// Whether the player has opened (banked at least the opening threshold once).
    pub(super) opened: bool,
}

/// The whole state of a match of 5000.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(super) options: Options,
    pub(super) players: Vec<Player>,
    pub(super) resignations: Resignations,
    /// Whose turn it is (the last one, once over).
    pub(super) seat: Seat,
    pub(super) phase: Phase,
    /// Throws made this turn (since the last hot-dice re-throw with
    /// `hot_dice_resets_throw_count`).
    pub(super) throws: u8,
    /// Dice not set aside.
    pub(super) hand: u8,
    /// The last throw of this turn (empty before the first).
    pub(super) roll: Roll,
    /// The keeps since the dice were last all in hand.
    pub(super) set_aside: SetAside,
    /// Points of this turn made before the last hot-dice re-throw.
    pub(super) carried: u32,
    /// Points of this turn so far: `carried` plus the value of each keep of `set_aside`.
    pub(super) turn_total: u32,
    /// With `finish_round`: the seat that first reached the target; the round is being
    /// played out.
    pub(super) final_round: Option<Seat>,
    /// The winner, once there is a single one.
    pub(super) winner: Option<Seat>,
    /// How the game ended.
    pub(super) end: Option<EndReason>,
}

/// A decision of the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Set aside these dice out of the last throw (faces, any order; listed ascending).
    Keep { dice: Faces },
    /// Add the turn total to the banked score and end the turn.
    Bank,
    /// Throw the dice in hand again (all five after hot dice).
    Rethrow,
}

/// Something that happened, with the seat and the values a turn log needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` starts its turn.
    TurnStarted { seat: Seat },
    /// `seat` threw `dice`; `throw` is the throw's number in the turn (1 to 3).
    DiceThrown { seat: Seat, dice: Roll, throw: u8 },
    /// `seat` threw five 1s and wins.
    FiveOnes { seat: Seat },
    /// `seat` threw no scoring group and loses the turn total `lost`; with five dice it is a
    /// ballot.
    ZeroThrow { seat: Seat, lost: u32, ballot: bool },
    /// `seat` set aside `dice` worth `points`, making the turn total `turn_total`.
    Kept {
        seat: Seat,
        dice: Faces,
        points: u32,
        turn_total: u32,
    },
    /// `seat` has set aside all five dice.
    HotDice { seat: Seat },
    /// `seat` banked its turn total `points`, of which `counted` count, making `score`;
    /// `opened` when this banking opens the player.
    Banked {
        seat: Seat,
        points: u32,
        counted: u32,
        score: u32,
        opened: bool,
    },
    /// `seat` loses its turn total `lost` without a zero throw.
    TurnLost {
        seat: Seat,
        lost: u32,
        reason: TurnLostReason,
    },
    /// With `finish_round`: `seat` reached the target; the round is played out.
    FinalRound { seat: Seat },
    /// `seat` resigned or ran out of time.
    Resigned { seat: Seat },
    /// The game is over; `winner` is the seat ranked first alone, if any.
    GameOver {
        winner: Option<Seat>,
        reason: EndReason,
    },
}

impl State {
    /// The first state of a match: seat 0 about to throw the five dice.
    pub(super) fn new(seats: usize, options: &Options) -> State {
        State {
            options: options.clone(),
            players: vec![Player::default(); seats],
            resignations: Resignations::default(),
            seat: 0,
            phase: Phase::Throw,
            throws: 0,
            hand: DICE,
            roll: Roll::default(),
            set_aside: SetAside::default(),
            carried: 0,
            turn_total: 0,
            final_round: None,
            winner: None,
            end: None,
        }
    }

    /// The banked score of `seat` (nothing for a seat that does not exist).
    pub(super) fn player(&self, seat: Seat) -> Player {
        self.players.get(seat).copied().unwrap_or_default()
    }

    /// Whether the player whose turn it is may bank the turn total (rule 9).
    pub(super) fn may_bank(&self) -> bool {
        self.player(self.seat).opened || self.turn_total >= self.options.opening_threshold
    }

    /// Whether the dice in hand may be thrown again (rule 10, F2).
    pub(super) fn may_rethrow(&self) -> bool {
        (self.hand == 0 && self.options.hot_dice_resets_throw_count) || self.throws < THROW_LIMIT
    }

    /// Whether hot dice must be thrown again (F3, option `hot_dice_mandatory`).
    pub(super) fn must_rethrow(&self) -> bool {
        self.hand == 0 && self.options.hot_dice_mandatory && self.may_rethrow()
    }

    /// Whether banking is a choice right after the last keep.
    pub(super) fn bank_allowed(&self) -> bool {
        self.may_bank() && !self.must_rethrow()
    }

    /// What banking the turn total would do (rules 9, 11 and 12).
    pub(super) fn bank_result(&self) -> BankResult {
        let score = self.player(self.seat).score;
        let target = self.options.target;
        let sum = score.saturating_add(self.turn_total);
        let banked = |new: u32| BankResult::Banked {
            counted: new.saturating_sub(score),
            score: new,
            reaches_target: new >= target,
        };
        match self.options.target_rule {
            TargetRule::AtLeast => banked(sum),
            TargetRule::Exactly if sum > target => BankResult::Overshoot,
            TargetRule::Exactly => banked(sum),
            TargetRule::LastThousandInOneTurn if sum >= target => banked(sum),
            TargetRule::LastThousandInOneTurn => {
                let cap = target.saturating_sub(LAST_TURN_POINTS).max(score);
                banked(sum.min(cap))
            }
        }
    }

    /// The final ranking: seats still playing first (later leavers above earlier ones), then
    /// the winner, then the banked score (rules README §5).
    pub(super) fn ranking(&self) -> Vec<Placing> {
        self.resignations.rank(
            self.players.len(),
            |s| (self.winner == Some(s), self.player(s).score),
            |s| i64::from(self.player(s).score),
        )
    }
}

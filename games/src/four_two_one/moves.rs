//! What is said at a 421 table: the decisions of a seat ([`Action`]), what happens
//! ([`Event`]), and the values they name (the phase, the role a tie-break decides, why an
//! amount is what it is, how the game ended).

use serde::{Deserialize, Serialize};

use super::combination::{Combination, Dice};
use super::sets::{Faces, Seats};
use crate::contract::Seat;

/// The two phases of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOnePhase))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The pot deals its 21 tokens: the worst result of each round takes some.
    Charge,
    /// The players give their tokens away: the best result gives to the worst.
    Decharge,
}

/// Which role a tie-break decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneStake))]
#[serde(rename_all = "snake_case")]
pub enum Stake {
    /// Who holds the worst result (the loser of the round).
    Worst,
    /// Who holds the best result (the giver, in the décharge).
    Best,
    /// Both: every player of the décharge round had the same result.
    Both,
}

/// Why the amount of a round is what it is (rule 7, Q4, rule 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneAmountBasis))]
#[serde(rename_all = "snake_case")]
pub enum AmountBasis {
    /// The token value of the best result.
    BestResult,
    /// The worst result is the nénette (see [`NenetteAmount`](super::NenetteAmount)).
    Nenette,
    /// A tie-break was needed and the option `tie_break_amount_one` is on.
    TieBreak,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneEndReason))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player gave away their last token in the décharge (rule 13).
    Discharged,
    /// Players held no token when the charge ended (Q8).
    NoTokensAfterCharge,
    /// A player took all 21 tokens in the charge and lost (option `espagnole`).
    Espagnole,
    /// Every other player resigned or ran out of time.
    Resignation,
}

impl EndReason {
    /// The snake_case name used in the outcome.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Discharged => "discharged",
            EndReason::NoTokensAfterCharge => "no_tokens_after_charge",
            EndReason::Espagnole => "espagnole",
            EndReason::Resignation => "resignation",
        }
    }
}

/// A decision of the seat whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneAction))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Throw again the dice showing these faces (at least one die), keeping the others:
    /// `{"type":"reroll","faces":[6,3]}`. Faces are listed highest first; re-throwing one of
    /// two equal dice is the same decision whichever die it is.
    Reroll { faces: Faces },
    /// The leader keeps their dice: the number of throws they used binds the other players.
    Stop,
    /// "Le bon" (option): a following player keeps their dice before using all their throws.
    LeBon,
}

/// Something that happened, with the values a turn log needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A seat threw its die to choose the first player.
    StartDieThrown { seat: Seat, die: u8 },
    /// Several seats share the deciding die: only they throw again.
    StartTie { seats: Seats },
    /// This seat plays first.
    FirstPlayer { seat: Seat },
    /// A round begins, led by `leader`.
    RoundStarted {
        round: u16,
        phase: Phase,
        leader: Seat,
    },
    /// A seat's turn begins.
    TurnStarted { seat: Seat },
    /// A seat chose to throw these faces again.
    RethrowChosen { seat: Seat, faces: Faces },
    /// A seat threw dice: `thrown` are the new faces, `kept` the dice it kept, `dice` all three.
    DiceThrown {
        seat: Seat,
        throw: u8,
        kept: Faces,
        thrown: Faces,
        #[cfg_attr(feature = "openapi", schema(value_type = [u8; 3]))]
        dice: Dice,
    },
    /// A following player announced "le bon" after `throws` throws.
    LeBon { seat: Seat, throws: u8 },
    /// A seat's turn ended with this result.
    TurnEnded {
        seat: Seat,
        throws: u8,
        result: Combination,
    },
    /// The leader used `throws` throws: every other player must use exactly as many.
    ThrowsFixed { seat: Seat, throws: u8 },
    /// These seats are tied for `stake` and throw again, once each, in reverse playing order.
    TieBreakStarted { seats: Seats, stake: Stake },
    /// A tied seat's tie-break throw.
    TieBreakThrown { seat: Seat, result: Combination },
    /// Charge: the loser took `count` tokens from the pot (`due` was owed; the pot may have held
    /// fewer), leaving `pot` in it.
    Charged {
        seat: Seat,
        due: u8,
        count: u8,
        basis: AmountBasis,
        pot: u8,
    },
    /// Décharge: the best result gave `count` of its tokens to the worst (`due` was owed; the
    /// giver may have held fewer).
    Paid {
        from: Seat,
        to: Seat,
        due: u8,
        count: u8,
        basis: AmountBasis,
    },
    /// The pot is empty: the décharge begins; `sitting_out` hold no token and do not play it.
    DechargeStarted { sitting_out: Seats },
    /// This seat took all 21 tokens in the charge: l'espagnole, it loses.
    Espagnole { seat: Seat },
    /// A seat left the game; its tokens went back to the pot.
    Resigned { seat: Seat, tokens_returned: u8 },
    /// The game is over.
    GameOver { winners: Seats, reason: EndReason },
}

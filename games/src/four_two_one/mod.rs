//! 421, the French bar dice game: three dice, a pot of 21 tokens, and two phases.
//!
//! The rules are those of `docs/rules/421.md` (original rules: regles-de-jeux.com). In short: a
//! throw of one die each chooses the first player. Each round, the leader throws the three dice up
//! to three times, re-throwing any dice they like, and the number of throws `k` they used binds
//! every other player, who must use exactly `k` throws. The best and the worst result of the round
//! (in the total order of the 56 results, see [`combination`]) decide who moves tokens, and how
//! many: the token value of the best result, or 2 when the worst result is the nénette (2-2-1). In
//! the *charge*, the holder of the worst result takes them from the pot; once the pot is empty, the
//! *décharge* begins and the best result gives its own tokens to the worst. The first player left
//! with no token wins. Ties for the role that matters are broken by extra throws of the tied
//! players, in reverse playing order. The loser of a round leads the next one.
//!
//! How this maps onto the [`Game`] contract:
//! - every throw is a chance step of [`Chance::Dice`]: the first-player throws (one die each, in
//!   seat order), the first throw of a turn (three dice), a re-throw (the dice chosen), and the
//!   tie-break throws (three dice each);
//! - a player's decisions are actions: [`Action::Reroll`] names the faces to throw again (one
//!   action per distinct multiset of faces), [`Action::Stop`] ends the leader's turn and fixes
//!   `k`, [`Action::LeBon`] (option) lets a following player keep their dice early. A turn with
//!   no decision left (the `k`-th throw, or the third) ends by itself;
//! - a seat that resigns gives its tokens back to the pot, so that the pot and the seats still
//!   hold 21 tokens between them; during the charge they are dealt again, during the décharge
//!   the pot is set aside and they are out of the game. Its turns are skipped; it ranks last.
//!
//! The outcome ranks the winner (or winners, when several players hold no token at the end of
//! the charge) first, then the others by tokens held, fewer first; its `score` is tokens held.
//!
//! Readings beyond the rules file, each pinned by a test:
//! - the first-player throw is one die each, in seat order, faces ranked ace high; the seats
//!   sharing the deciding die throw again, alone, until one is ahead;
//! - "in reverse order" for tie-breaks is the reverse of the round's playing order (from the
//!   leader), kept for every repetition; a tie-break throw is one throw of the three dice and only
//!   breaks the tie: the amount, nénette rule included, comes from the round's results. The worst
//!   result is settled before the best one; when every player of a décharge round has the same
//!   result, one joint tie-break decides both roles;
//! - `tie_break_amount_one` also overrides the nénette amount;
//! - with `espagnole` the others (all at 0 tokens) share the win, as they would by Q8 anyway:
//!   the option changes how the end is announced and recorded;
//! - with `sits_out_of_decharge`, the seats sitting out rank right after the winner (they hold
//!   no token); if fewer than two seats hold tokens the décharge cannot be played and the seats
//!   with none win at once, as by default;
//! - a leader who leaves before fixing `k` hands the lead of the round to the next seat; a seat
//!   that leaves after playing no longer counts in the round; if it held or contested a role
//!   during the tie-breaks, the round is resolved again among the seats still playing; if its
//!   leaving leaves a single seat to play the décharge, the seats sitting it out win.

pub mod combination;
pub mod sets;
mod table;
mod view;

use std::borrow::Cow;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::contract::{ActionError, Chance, Game, Outcome, Seat, Turn, check_seat_count};
use crate::id::GameId;
use crate::options::{OptionSpec, OptionsError};

pub use combination::{Category, Combination, Dice};
pub use sets::{Faces, Seats};
pub use view::{CurrentTurn, PhaseView, PlayerView, TableView, TieBreakView};

use table::Table;

/// The game of 421 (2 to 8 players).
#[derive(Debug)]
pub struct FourTwoOne;

/// Which end of the first-player throw leads the first round (rules 3.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneFirstPlayerRule))]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayerRule {
    /// The highest die starts (ace high, then six down to two).
    #[default]
    Highest,
    /// The lowest die starts.
    Lowest,
}

/// How many tokens change hands when the worst result of a round is the nénette (Q4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneNenetteAmount))]
#[serde(rename_all = "snake_case")]
pub enum NenetteAmount {
    /// Always 2, whatever the best result (original rules: "reçoit d'office 2 jetons").
    #[default]
    FixedTwo,
    /// The best result's value, but at least 2.
    AtLeastTwo,
    /// The best result's value plus 2.
    BestPlusTwo,
}

/// What happens to players holding no token when the charge ends (Q8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneZeroAtChargeEnd))]
#[serde(rename_all = "snake_case")]
pub enum ZeroAtChargeEnd {
    /// They win at once, sharing the win if there are several (original rules).
    #[default]
    WinImmediately,
    /// They sit out the décharge, which the others play; the first of those to reach 0 wins.
    SitsOutOfDecharge,
}

/// The options of a 421 match; the defaults are the original rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneOptions))]
#[serde(default)]
pub struct Options {
    /// Whether the highest or the lowest die of the first-player throw starts.
    pub first_player_rule: FirstPlayerRule,
    /// "Le bon": a following player may keep their dice before using all `k` throws.
    pub le_bon: bool,
    /// "L'espagnole": a player holding all 21 tokens when the charge ends loses at once.
    pub espagnole: bool,
    /// The amount when the worst result is the nénette.
    pub nenette_amount: NenetteAmount,
    /// The charge is played with one throw each.
    pub charge_single_throw: bool,
    /// Only one token changes hands in a round that needed a tie-break.
    pub tie_break_amount_one: bool,
    /// What happens to players holding no token when the charge ends.
    pub zero_at_charge_end: ZeroAtChargeEnd,
}

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
    /// The worst result is the nénette (see [`NenetteAmount`]).
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

/// The whole state of a 421 match.
///
/// Reading a state from JSON checks its invariants, so that the rules can trust every seat
/// number and die it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub struct State {
    table: Table,
}

impl State {
    /// A match at the start of a round of `phase` led by `leader`, the seats holding `tokens`
    /// and the pot the rest of the 21 tokens: a position to start from rather than the first
    /// player's throw. Refused when it breaks a rule (seat count, more than 21 tokens, no such
    /// leader).
    pub fn at_round_start(
        options: Options,
        phase: Phase,
        tokens: &[u8],
        leader: Seat,
    ) -> Result<State, String> {
        check_seat_count::<FourTwoOne>(tokens.len()).map_err(|e| e.to_string())?;
        let held: u32 = tokens.iter().map(|t| u32::from(*t)).sum();
        let pot = u8::try_from(21u32.checked_sub(held).ok_or("more than 21 tokens")?)
            .map_err(|_| "more than 21 tokens")?;
        if leader >= tokens.len() {
            return Err(format!("no seat {leader} to lead"));
        }
        let mut table = Table::new(tokens.len(), options);
        for (player, count) in table.players.iter_mut().zip(tokens) {
            player.tokens = *count;
        }
        table.pot = pot;
        table.phase = phase;
        table.leader = leader;
        table.start_round(&mut Vec::new());
        table.check()?;
        Ok(State { table })
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table = Table::deserialize(deserializer)?;
        table.check().map_err(D::Error::custom)?;
        Ok(State { table })
    }
}

impl Game for FourTwoOne {
    const ID: GameId = GameId::FourTwoOne;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = TableView;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 8;

    fn option_specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::choice(
                "first_player_rule",
                "Whether the highest or the lowest die (ace high) of the first throw starts.",
                &["highest", "lowest"],
                "highest",
            ),
            OptionSpec::boolean(
                "le_bon",
                "A player happy with their dice may stop before using the leader's number of throws.",
                false,
            ),
            OptionSpec::boolean(
                "espagnole",
                "A player who takes all 21 tokens during the charge loses at once.",
                false,
            ),
            OptionSpec::choice(
                "nenette_amount",
                "Tokens owed when the worst result is 2-2-1: always 2, the best result's value but at least 2, or that value plus 2.",
                &["fixed_two", "at_least_two", "best_plus_two"],
                "fixed_two",
            ),
            OptionSpec::boolean(
                "charge_single_throw",
                "During the charge, every player throws the dice only once.",
                false,
            ),
            OptionSpec::boolean(
                "tie_break_amount_one",
                "Only one token changes hands in a round decided by a tie-break.",
                false,
            ),
            OptionSpec::choice(
                "zero_at_charge_end",
                "Players with no token when the charge ends either win at once or sit out the décharge.",
                &["win_immediately", "sits_out_of_decharge"],
                "win_immediately",
            ),
        ]
    }

    fn validate_options(_options: &Options) -> Result<(), OptionsError> {
        // Every combination of these options is playable.
        Ok(())
    }

    fn start(seats: usize, options: &Options) -> State {
        State {
            table: Table::new(seats, options.clone()),
        }
    }

    fn turn(state: &State) -> Turn {
        state.table.turn()
    }

    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        state.table.legal_actions(seat, out);
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        state.table.apply(seat, action, events)
    }

    fn apply_chance(
        state: &mut State,
        values: &[u8],
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        state.table.apply_chance(values, events)
    }

    fn resign(state: &mut State, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        state.table.resign(seat, events)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let (ranking, reason) = state.table.ranking()?;
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    fn view(state: &State, viewer: Option<Seat>) -> TableView {
        state.table.view(viewer)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        state.table.check()
    }
}

/// Shorthand for the chance step of throwing `count` dice.
const fn dice_chance(count: u8) -> Turn {
    Turn::Chance {
        chance: Chance::Dice { count },
    }
}

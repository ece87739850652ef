//! 5000, the French dice game of the Farkle family (rules: `docs/rules/5000.md`).
//!
//! Two to eight players take turns with five dice. A turn throws the dice up to three times;
//! after each throw the player sets aside at least one scoring group (1s, 5s, brelans,
//! straights, five 5s), then either banks the turn total or re-throws the dice left in hand. A
//! throw without any scoring group (a *zero throw*, a *ballot* with five dice) loses the turn
//! total. A player must make 750 in one turn to *open* before banking anything. When every die
//! has been set aside (*hot dice*, "main pleine") all five may be thrown again. The first to
//! bank 5000 wins; five 1s in one throw win at once.
//!
//! # How the game maps onto the contract
//!
//! A turn is a short loop of chance steps and seat actions:
//!
//! 1. **Throw** (chance): [`Turn::Chance`] asks for as many dice as the player holds (five at
//!    the start of a turn). Throwing the first five dice is no decision, so it is a chance step
//!    directly. Five 1s end the game; a zero throw ends the turn.
//! 2. **Keep** (seat action): [`Action::Keep`] names the *faces* kept out of the last throw
//!    (`{"type":"keep","dice":[1,1,5]}`), so keeping either of two equal dice is one decision.
//!    The kept dice are worth their best split into groups ([`Table::keep_value`]).
//! 3. **Bank or re-throw** (seat action): [`Action::Bank`] or [`Action::Rethrow`], offered only
//!    when both are possible. When only one is (a player who has not opened must throw again;
//!    after the third throw the player must bank; `hot_dice_mandatory` forces the re-throw of
//!    five dice) it happens at once, without an action, since there is nothing to decide.
//!
//! The state is a handful of `Copy` fields plus one small record per seat, and the dice
//! collections are fixed-size ([`Faces`], [`Roll`], [`SetAside`]), so `turn`,
//! `legal_actions`, `apply` and `apply_chance` do not allocate.

mod dice;
mod scoring;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::contract::{ActionError, Chance, Game, Outcome, Placing, Seat, Turn, check_seat_count};
use crate::id::GameId;
use crate::options::{OptionSpec, OptionsError};
use crate::ranking::{Resignations, rank_by_key};

pub use dice::{DICE, Faces, Roll, SetAside};
pub use scoring::{
    FIVE_FIVES, Table, brelan, has_scoring_group, is_five_ones, is_straight, single,
};

/// The most throws in one turn (rule 10).
pub const THROW_LIMIT: u8 = 3;

/// How many points a player needs in one turn at the end under
/// [`TargetRule::LastThousandInOneTurn`].
pub const LAST_TURN_POINTS: u32 = 1000;

/// The game 5000.
#[derive(Debug)]
pub struct FiveThousand;

/// How the target ends the game (rules 11 and 12).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandTargetRule))]
#[serde(rename_all = "snake_case")]
pub enum TargetRule {
    /// The original rules: a banked score of the target or more wins.
    #[default]
    AtLeast,
    /// The score must reach the target exactly; a banking that would pass it is void and the
    /// turn total is lost (S2).
    Exactly,
    /// The last 1000 points must be made in one turn: points above `target - 1000` do not count
    /// unless the banking reaches the target.
    LastThousandInOneTurn,
}

impl TargetRule {
    const VALUES: [&'static str; 3] = ["at_least", "exactly", "last_thousand_in_one_turn"];
}

/// The options of a match (rules file §1 and §2); the defaults are the original rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandOptions))]
pub struct Options {
    /// The score that wins: 5000, or 10 000 for the variant of that name.
    pub target: u32,
    /// Whether the target is a minimum, must be hit exactly, or needs its last 1000 in one turn.
    pub target_rule: TargetRule,
    /// The turn total a player needs to open (750; 500 in S3, 1000 in S2).
    pub opening_threshold: u32,
    /// Points of a straight (1500; 750 in S2).
    pub straight_value: u32,
    /// Four of a kind scores twice its brelan and five of a kind four times (a house table).
    pub extra_multiples: bool,
    /// After hot dice the player must throw all five dice again when a throw is left (S2).
    pub hot_dice_mandatory: bool,
    /// A hot-dice re-throw starts a fresh count of three throws (F2).
    pub hot_dice_resets_throw_count: bool,
    /// When a player reaches the target, the round is played out before the game ends (F9).
    pub finish_round: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: 5000,
            target_rule: TargetRule::AtLeast,
            opening_threshold: 750,
            straight_value: 1500,
            extra_multiples: false,
            hot_dice_mandatory: false,
            hot_dice_resets_throw_count: false,
            finish_round: false,
        }
    }
}

impl Options {
    /// The points table these options give.
    pub fn table(&self) -> Table {
        Table {
            straight: self.straight_value,
            extra_multiples: self.extra_multiples,
        }
    }
}

/// The ranges of the integer options; every score in the game is a multiple of 50, so they
/// must be too.
const TARGET_RANGE: (u32, u32) = (5000, 10_000);
const OPENING_RANGE: (u32, u32) = (500, 1000);
const STRAIGHT_RANGE: (u32, u32) = (750, 1500);
const POINT_STEP: u32 = 50;

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
    /// The snake_case name, as in [`Outcome::reason`].
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
struct Player {
    score: u32,
    /// Whether the player has opened (banked at least the opening threshold once).
    opened: bool,
}

/// The whole state of a match of 5000.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    options: Options,
    players: Vec<Player>,
    resignations: Resignations,
    /// Whose turn it is (the last one, once over).
    seat: Seat,
    phase: Phase,
    /// Throws made this turn (since the last hot-dice re-throw with
    /// `hot_dice_resets_throw_count`).
    throws: u8,
    /// Dice not set aside.
    hand: u8,
    /// The last throw of this turn (empty before the first).
    roll: Roll,
    /// The keeps since the dice were last all in hand.
    set_aside: SetAside,
    /// Points of this turn made before the last hot-dice re-throw.
    carried: u32,
    /// Points of this turn so far: `carried` plus the value of each keep of `set_aside`.
    turn_total: u32,
    /// With `finish_round`: the seat that first reached the target; the round is being
    /// played out.
    final_round: Option<Seat>,
    /// The winner, once there is a single one.
    winner: Option<Seat>,
    /// How the game ended.
    end: Option<EndReason>,
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

/// One seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandPlayerView))]
pub struct PlayerView {
    pub seat: Seat,
    /// The banked score.
    pub score: u32,
    pub opened: bool,
    /// Whether the seat has left the game.
    pub resigned: bool,
}

/// A keep already set aside this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandKeptView))]
pub struct KeptView {
    pub dice: Faces,
    pub points: u32,
}

/// A keep the player may choose now, and what it would make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandKeepChoice))]
pub struct KeepChoice {
    pub dice: Faces,
    /// Points of these dice.
    pub points: u32,
    /// The turn total after keeping them.
    pub turn_total: u32,
    /// Dice left in hand after keeping them (0: hot dice).
    pub dice_left: u8,
}

/// What a player (or spectator) sees: the whole state, which is open, plus derived figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandView))]
pub struct View {
    pub options: Options,
    pub players: Vec<PlayerView>,
    /// Who must act now.
    pub turn: Turn,
    /// Whose turn it is (the last player's, once over).
    pub seat: Seat,
    pub phase: Phase,
    /// Throws made this turn.
    pub throws_used: u8,
    /// Throws left this turn.
    pub throws_left: u8,
    /// Dice in hand (to be thrown, or thrown and not yet set aside).
    pub dice_in_hand: u8,
    /// The last throw of this turn.
    pub last_throw: Roll,
    /// The keeps set aside since the dice were last all in hand.
    pub set_aside: Vec<KeptView>,
    /// Points made before the last hot-dice re-throw.
    pub carried: u32,
    pub turn_total: u32,
    /// The keeps the player may choose now (keep phase), best first.
    pub keep_choices: Vec<KeepChoice>,
    /// What banking would do now, when banking is a choice.
    pub bank: Option<BankResult>,
    /// Whether throwing again is a choice now.
    pub can_rethrow: bool,
    /// How many points the player whose turn it is still needs this turn to open.
    pub to_open: u32,
    /// With `finish_round`: who reached the target first; the round is being played out.
    pub final_round: Option<Seat>,
    pub winner: Option<Seat>,
    pub end: Option<EndReason>,
}

impl State {
    fn player(&self, seat: Seat) -> Player {
        self.players.get(seat).copied().unwrap_or_default()
    }

    /// Whether the player whose turn it is may bank the turn total (rule 9).
    fn may_bank(&self) -> bool {
        self.player(self.seat).opened || self.turn_total >= self.options.opening_threshold
    }

    /// Whether the dice in hand may be thrown again (rule 10, F2).
    fn may_rethrow(&self) -> bool {
        (self.hand == 0 && self.options.hot_dice_resets_throw_count) || self.throws < THROW_LIMIT
    }

    /// Whether hot dice must be thrown again (F3, option `hot_dice_mandatory`).
    fn must_rethrow(&self) -> bool {
        self.hand == 0 && self.options.hot_dice_mandatory && self.may_rethrow()
    }

    /// Whether banking is a choice right after the last keep.
    fn bank_allowed(&self) -> bool {
        self.may_bank() && !self.must_rethrow()
    }

    /// What banking the turn total would do (rules 9, 11 and 12).
    fn bank_result(&self) -> BankResult {
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

    /// The seat to play after the current one, skipping those who left.
    fn next_seat(&self) -> Option<Seat> {
        let n = self.players.len();
        let current = self.seat.checked_rem(n)?;
        (1..=n)
            .map(|k| (current + k) % n)
            .find(|s| !self.resignations.has_resigned(*s))
    }

    /// Validates the seat of an action: it exists, the game goes on and it is its turn.
    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        if seat >= self.players.len() {
            return Err(ActionError::NoSuchSeat);
        }
        match self.phase {
            Phase::Over => Err(ActionError::GameOver),
            Phase::Keep | Phase::Decide if seat == self.seat => Ok(()),
            _ => Err(ActionError::NotYourTurn),
        }
    }

    /// The points of keeping `dice` from the last throw, or why it is illegal.
    fn check_keep(&self, dice: Faces) -> Result<u32, ActionError> {
        if dice.is_empty() {
            return Err(ActionError::illegal("keep at least one scoring die"));
        }
        if !dice.is_within(self.roll.faces()) {
            return Err(ActionError::illegal(
                "those dice are not all in the last throw",
            ));
        }
        if dice.len() > self.hand || self.set_aside.keeps().len() >= usize::from(DICE) {
            return Err(ActionError::illegal("there are no dice left to keep"));
        }
        self.options.table().keep_value(dice).ok_or_else(|| {
            ActionError::illegal(
                "every kept die must score: a 2, 3, 4 or 6 scores only in a brelan or a straight",
            )
        })
    }

    /// Sets aside `dice` worth `points` (already checked), then moves the turn on.
    fn keep(&mut self, dice: Faces, points: u32, events: &mut Vec<Event>) {
        let seat = self.seat;
        self.turn_total = self.turn_total.saturating_add(points);
        self.set_aside.push(dice);
        self.hand = self.hand.saturating_sub(dice.len());
        events.push(Event::Kept {
            seat,
            dice,
            points,
            turn_total: self.turn_total,
        });
        if self.hand == 0 {
            events.push(Event::HotDice { seat });
        }
        match (self.bank_allowed(), self.may_rethrow()) {
            (true, true) => self.phase = Phase::Decide,
            // Only one way on: take it at once, there is nothing to decide.
            (false, true) => self.rethrow(),
            (true, false) => self.bank(events),
            (false, false) => self.lose_turn(TurnLostReason::NotOpened, events),
        }
    }

    /// Gets the dice in hand ready to be thrown; after hot dice, all five (rule 8).
    fn rethrow(&mut self) {
        if self.hand == 0 {
            self.carried = self.turn_total;
            self.set_aside = SetAside::default();
            self.hand = DICE;
            if self.options.hot_dice_resets_throw_count {
                self.throws = 0;
            }
        }
        self.phase = Phase::Throw;
    }

    /// Banks the turn total and ends the turn (or the game).
    fn bank(&mut self, events: &mut Vec<Event>) {
        let seat = self.seat;
        let (counted, score, reaches_target) = match self.bank_result() {
            BankResult::Overshoot => return self.lose_turn(TurnLostReason::Overshoot, events),
            BankResult::Banked {
                counted,
                score,
                reaches_target,
            } => (counted, score, reaches_target),
        };
        let mut opened = false;
        if let Some(player) = self.players.get_mut(seat) {
            opened = !player.opened;
            player.score = score;
            player.opened = true;
        }
        events.push(Event::Banked {
            seat,
            points: self.turn_total,
            counted,
            score,
            opened,
        });
        if reaches_target {
            if !self.options.finish_round {
                return self.finish(Some(seat), EndReason::TargetReached, events);
            }
            if self.final_round.is_none() {
                self.final_round = Some(seat);
                events.push(Event::FinalRound { seat });
            }
        }
        self.end_turn(events);
    }

    /// Loses the turn total without a zero throw and ends the turn.
    fn lose_turn(&mut self, reason: TurnLostReason, events: &mut Vec<Event>) {
        events.push(Event::TurnLost {
            seat: self.seat,
            lost: self.turn_total,
            reason,
        });
        self.end_turn(events);
    }

    /// Passes the turn to the next seat still playing, or ends a played-out final round.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.throws = 0;
        self.hand = DICE;
        self.roll = Roll::default();
        self.set_aside = SetAside::default();
        self.carried = 0;
        self.turn_total = 0;
        self.phase = Phase::Throw;
        match self.next_seat() {
            // The round ends when play would wrap around past the last seat.
            Some(next) if self.final_round.is_some() && next <= self.seat => {
                let winner = self.best_remaining();
                self.finish(winner, EndReason::TargetReached, events);
            }
            Some(next) => {
                self.seat = next;
                events.push(Event::TurnStarted { seat: next });
            }
            None => self.finish(None, EndReason::Resignation, events),
        }
    }

    /// The seat still playing with the highest score, if no other has as much.
    fn best_remaining(&self) -> Option<Seat> {
        let playing = || {
            (0..self.players.len())
                .filter(|s| !self.resignations.has_resigned(*s))
                .map(|s| (s, self.player(s).score))
        };
        let best = playing().map(|(_, score)| score).max()?;
        let mut top = playing().filter(|(_, score)| *score == best);
        match (top.next(), top.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    }

    fn finish(&mut self, winner: Option<Seat>, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        self.winner = winner;
        self.end = Some(reason);
        events.push(Event::GameOver { winner, reason });
    }

    /// The final ranking: seats still playing first (later leavers above earlier ones), then
    /// the winner, then the banked score (rules README §5).
    fn ranking(&self) -> Vec<Placing> {
        rank_by_key(
            self.players.len(),
            |s| {
                (
                    self.resignations.standing(s),
                    self.winner == Some(s),
                    self.player(s).score,
                )
            },
            |s| i64::from(self.player(s).score),
        )
    }
}

impl Game for FiveThousand {
    const ID: GameId = GameId::FiveThousand;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 8;

    fn option_specs() -> Vec<OptionSpec> {
        let d = Options::default();
        vec![
            OptionSpec::integer(
                "target",
                "The banked score that wins the game (10 000 for the variant of that name).",
                i64::from(TARGET_RANGE.0),
                i64::from(TARGET_RANGE.1),
                i64::from(d.target),
            ),
            OptionSpec::choice(
                "target_rule",
                "Whether the target is a minimum, must be hit exactly (passing it loses the turn), \
                 or needs its last 1000 points in one turn.",
                &TargetRule::VALUES,
                "at_least",
            ),
            OptionSpec::integer(
                "opening_threshold",
                "The points a player must make in one turn before banking anything.",
                i64::from(OPENING_RANGE.0),
                i64::from(OPENING_RANGE.1),
                i64::from(d.opening_threshold),
            ),
            OptionSpec::integer(
                "straight_value",
                "Points of a straight, 1-2-3-4-5 or 2-3-4-5-6.",
                i64::from(STRAIGHT_RANGE.0),
                i64::from(STRAIGHT_RANGE.1),
                i64::from(d.straight_value),
            ),
            OptionSpec::boolean(
                "extra_multiples",
                "Four of a kind scores twice its brelan and five of a kind four times, instead of \
                 a brelan plus the leftover dice.",
                d.extra_multiples,
            ),
            OptionSpec::boolean(
                "hot_dice_mandatory",
                "When all five dice have scored, the player must throw them all again if a throw \
                 is left.",
                d.hot_dice_mandatory,
            ),
            OptionSpec::boolean(
                "hot_dice_resets_throw_count",
                "Throwing all five dice again after they have all scored starts a fresh count of \
                 three throws.",
                d.hot_dice_resets_throw_count,
            ),
            OptionSpec::boolean(
                "finish_round",
                "When a player reaches the target, the others finish the round before the game \
                 ends; the highest score wins.",
                d.finish_round,
            ),
        ]
    }

    fn validate_options(options: &Options) -> Result<(), OptionsError> {
        for (name, value, (min, max)) in [
            ("target", options.target, TARGET_RANGE),
            (
                "opening_threshold",
                options.opening_threshold,
                OPENING_RANGE,
            ),
            ("straight_value", options.straight_value, STRAIGHT_RANGE),
        ] {
            if !(min..=max).contains(&value) {
                return Err(OptionsError::new(
                    name,
                    format!("must be an integer from {min} to {max}"),
                ));
            }
            if !value.is_multiple_of(POINT_STEP) {
                return Err(OptionsError::new(
                    name,
                    format!("must be a multiple of {POINT_STEP}, like every score"),
                ));
            }
        }
        Ok(())
    }

    fn start(seats: usize, options: &Options) -> State {
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

    fn turn(state: &State) -> Turn {
        match state.phase {
            Phase::Over => Turn::Over,
            Phase::Throw => Turn::Chance {
                chance: Chance::Dice { count: state.hand },
            },
            Phase::Keep | Phase::Decide => Turn::Seat { seat: state.seat },
        }
    }

    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        if seat != state.seat {
            return;
        }
        match state.phase {
            Phase::Keep => state
                .options
                .table()
                .for_each_keep(state.roll.faces(), |dice, _| {
                    out.push(Action::Keep { dice });
                }),
            Phase::Decide => {
                out.push(Action::Bank);
                out.push(Action::Rethrow);
            }
            Phase::Throw | Phase::Over => {}
        }
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        state.check_turn(seat)?;
        match (state.phase, *action) {
            (Phase::Keep, Action::Keep { dice }) => {
                let points = state.check_keep(dice)?;
                state.keep(dice, points, events);
            }
            (Phase::Keep, Action::Bank | Action::Rethrow) => {
                return Err(ActionError::illegal(
                    "set aside at least one scoring die from the throw first",
                ));
            }
            (Phase::Decide, Action::Keep { .. }) => {
                return Err(ActionError::illegal(
                    "the dice are already set aside: bank or throw again",
                ));
            }
            (Phase::Decide, Action::Bank) => state.bank(events),
            (Phase::Decide, Action::Rethrow) => state.rethrow(),
            (Phase::Throw | Phase::Over, _) => return Err(ActionError::NotYourTurn),
        }
        Ok(())
    }

    fn apply_chance(
        state: &mut State,
        values: &[u8],
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        match state.phase {
            Phase::Over => return Err(ActionError::GameOver),
            Phase::Keep | Phase::Decide => return Err(ActionError::NoChanceDue),
            Phase::Throw => {}
        }
        Chance::Dice { count: state.hand }.check(values)?;
        let roll = Roll::new(values).ok_or(ActionError::BadChance(Cow::Borrowed(
            "a throw is at most five dice showing 1 to 6",
        )))?;

        let seat = state.seat;
        state.throws = state.throws.saturating_add(1);
        state.roll = roll;
        events.push(Event::DiceThrown {
            seat,
            dice: roll,
            throw: state.throws,
        });
        let faces = roll.faces();
        if is_five_ones(faces) {
            events.push(Event::FiveOnes { seat });
            state.finish(Some(seat), EndReason::FiveOnes, events);
        } else if !has_scoring_group(faces) {
            events.push(Event::ZeroThrow {
                seat,
                lost: state.turn_total,
                ballot: roll.len() == DICE,
            });
            state.end_turn(events);
        } else {
            state.phase = Phase::Keep;
        }
        Ok(())
    }

    fn resign(state: &mut State, seat: Seat, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if seat >= state.players.len() {
            return Err(ActionError::NoSuchSeat);
        }
        if state.phase == Phase::Over {
            return Err(ActionError::GameOver);
        }
        if !state.resignations.resign(seat) {
            return Err(ActionError::illegal("this seat has already left the game"));
        }
        events.push(Event::Resigned { seat });
        if let Some(last) = state.resignations.last_one_standing(state.players.len()) {
            state.finish(Some(last), EndReason::Resignation, events);
        } else if seat == state.seat {
            // Its turn (or the throw pending in it) passes to the next seat still playing.
            state.end_turn(events);
        }
        Ok(())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let reason = state.end.filter(|_| state.phase == Phase::Over)?;
        Some(Outcome {
            ranking: state.ranking(),
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    fn view(state: &State, _viewer: Option<Seat>) -> View {
        let table = state.options.table();
        let mut keep_choices = Vec::new();
        if state.phase == Phase::Keep {
            table.for_each_keep(state.roll.faces(), |dice, points| {
                keep_choices.push(KeepChoice {
                    dice,
                    points,
                    turn_total: state.turn_total.saturating_add(points),
                    dice_left: state.hand.saturating_sub(dice.len()),
                });
            });
            keep_choices.sort_by(|a, b| {
                b.points
                    .cmp(&a.points)
                    .then(a.dice.len().cmp(&b.dice.len()))
            });
        }
        let decide = state.phase == Phase::Decide;
        let current = state.player(state.seat);
        View {
            options: state.options.clone(),
            players: (0..state.players.len())
                .map(|seat| {
                    let player = state.player(seat);
                    PlayerView {
                        seat,
                        score: player.score,
                        opened: player.opened,
                        resigned: state.resignations.has_resigned(seat),
                    }
                })
                .collect(),
            turn: Self::turn(state),
            seat: state.seat,
            phase: state.phase,
            throws_used: state.throws,
            throws_left: THROW_LIMIT.saturating_sub(state.throws),
            dice_in_hand: state.hand,
            last_throw: state.roll,
            set_aside: state
                .set_aside
                .keeps()
                .iter()
                .map(|dice| KeptView {
                    dice: *dice,
                    points: table.keep_value(*dice).unwrap_or(0),
                })
                .collect(),
            carried: state.carried,
            turn_total: state.turn_total,
            keep_choices,
            bank: decide.then(|| state.bank_result()),
            can_rethrow: decide,
            to_open: if current.opened {
                0
            } else {
                state
                    .options
                    .opening_threshold
                    .saturating_sub(state.turn_total)
            },
            final_round: state.final_round,
            winner: state.winner,
            end: state.end,
        }
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        invariants(state)
    }
}

/// The invariants of a state; see [`Game::check_invariants`].
fn invariants(state: &State) -> Result<(), String> {
    let o = &state.options;
    FiveThousand::validate_options(o).map_err(|e| e.to_string())?;
    let n = state.players.len();
    check_seat_count::<FiveThousand>(n).map_err(|e| e.to_string())?;
    if state.seat >= n {
        return Err(format!("seat {} to play of {n}", state.seat));
    }
    if let Some(s) = state.resignations.seats().iter().find(|s| **s >= n) {
        return Err(format!("resigned seat {s} does not exist"));
    }
    let over = state.phase == Phase::Over;
    if over != state.end.is_some() {
        return Err("the end reason must be set exactly when the game is over".into());
    }
    if !over {
        if state.resignations.remaining(n) < 2 {
            return Err("fewer than two seats play on".into());
        }
        if state.resignations.has_resigned(state.seat) {
            return Err("a seat that left is to play".into());
        }
        if state.winner.is_some() {
            return Err("a winner before the end".into());
        }
    }
    if state.final_round.is_some() && !o.finish_round {
        return Err("a final round without finish_round".into());
    }

    // Banked scores: multiples of 50, zero until opened, at least the threshold once opened,
    // and within the bounds of the target rule (unsigned, so never negative).
    let reached_allowed = over || state.final_round.is_some();
    for (seat, player) in state.players.iter().enumerate() {
        let score = player.score;
        if !score.is_multiple_of(POINT_STEP) {
            return Err(format!("seat {seat} has {score}, not a multiple of 50"));
        }
        if player.opened != (score > 0) || (player.opened && score < o.opening_threshold) {
            return Err(format!(
                "seat {seat} has {score} with opened = {}",
                player.opened
            ));
        }
        if score >= o.target && !reached_allowed {
            return Err(format!(
                "seat {seat} has {score}, the target, yet play goes on"
            ));
        }
        let fits = match o.target_rule {
            TargetRule::AtLeast => true,
            TargetRule::Exactly => score <= o.target,
            TargetRule::LastThousandInOneTurn => {
                score <= o.target.saturating_sub(LAST_TURN_POINTS) || score >= o.target
            }
        };
        if !fits {
            return Err(format!("seat {seat} has {score} under {:?}", o.target_rule));
        }
    }

    // The dice: in hand plus set aside make five, and the turn total is what the keeps are
    // worth plus what was carried over from before hot dice.
    if state.throws > THROW_LIMIT {
        return Err(format!("{} throws this turn", state.throws));
    }
    let set_aside = state.set_aside.dice();
    if u32::from(state.hand) + u32::from(set_aside) != u32::from(DICE) {
        return Err(format!(
            "{} dice in hand and {set_aside} set aside",
            state.hand
        ));
    }
    let table = o.table();
    let mut kept_points: u32 = 0;
    for keep in state.set_aside.keeps() {
        let points = table
            .keep_value(*keep)
            .ok_or_else(|| format!("{keep:?} is not a legal keep"))?;
        kept_points += points;
    }
    if state.turn_total != state.carried.saturating_add(kept_points) {
        return Err(format!(
            "turn total {} but {} carried and {kept_points} kept",
            state.turn_total, state.carried
        ));
    }
    if !state.carried.is_multiple_of(POINT_STEP) {
        return Err(format!(
            "{} carried over, not a multiple of 50",
            state.carried
        ));
    }

    match state.phase {
        Phase::Throw => {
            if state.hand == 0 {
                return Err("a throw of no dice".into());
            }
            if state.throws >= THROW_LIMIT {
                return Err("a throw past the limit".into());
            }
            if state.throws == 0 && !o.hot_dice_resets_throw_count && state.turn_total > 0 {
                return Err("points before the first throw".into());
            }
        }
        Phase::Keep => {
            let faces = state.roll.faces();
            if state.roll.len() != state.hand || state.throws == 0 {
                return Err(format!(
                    "{:?} to keep from with {} in hand",
                    state.roll, state.hand
                ));
            }
            if !has_scoring_group(faces) || is_five_ones(faces) {
                return Err(format!("{:?} leaves nothing to keep", state.roll));
            }
        }
        Phase::Decide => {
            if state.throws == 0 || state.turn_total == 0 {
                return Err("a choice to bank before any keep".into());
            }
            if !state.bank_allowed() || !state.may_rethrow() {
                return Err("a choice where only one way is open".into());
            }
        }
        Phase::Over => {}
    }
    Ok(())
}

//! The contract every game implements, and the types it speaks in.
//!
//! A match is a plain `State` value. The caller asks [`Game::turn`] who must act: a seat (which
//! then picks one of [`Game::legal_actions`]), a chance step (the caller supplies dice or a bag
//! draw through [`Game::apply_chance`]), or nobody because the game is over. Every mutating call
//! either succeeds and appends the events it produced, or fails with an [`ActionError`] and
//! leaves the state exactly as it was.

use std::borrow::Cow;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::id::GameId;
use crate::options::{GameOptions, OptionSpec, OptionsError};

/// A seat at the table, numbered from 0 in playing order.
pub type Seat = usize;

/// Who must act now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Turn))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Turn {
    /// This seat must choose one of its legal actions.
    Seat { seat: Seat },
    /// The rules need a random event; the caller supplies its values.
    Chance { chance: Chance },
    /// The game is over; [`Game::outcome`] gives the result.
    Over,
}

impl Turn {
    /// The chance step due now, once `values` are checked to be a possible result of it;
    /// refused when the game is over or a seat must act first. What every game checks first
    /// when it is given chance values.
    pub(crate) fn check_chance(self, values: &[u8]) -> Result<Chance, ActionError> {
        match self {
            Turn::Chance { chance } => {
                chance.check(values)?;
                Ok(chance)
            }
            Turn::Seat { .. } => Err(ActionError::NoChanceDue),
            Turn::Over => Err(ActionError::GameOver),
        }
    }
}

/// The largest number of kinds a bag draw can have.
pub const MAX_DRAW_KINDS: usize = 8;

/// A random event the rules need, described so that the caller can produce it fairly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Chance))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// Throw `count` six-sided dice: supply `count` values, each in `1..=6`, in die order.
    Dice { count: u8 },
    /// Draw one item from a bag holding `counts[k]` items of kind `k`: supply one value, the kind
    /// drawn, which must have a non-zero count. Each item is equally likely, so kind `k` is drawn
    /// with probability `counts[k] / sum(counts)`.
    Draw { counts: [u8; MAX_DRAW_KINDS] },
}

impl Chance {
    /// Checks that `values` are a possible result of this event.
    pub fn check(&self, values: &[u8]) -> Result<(), ActionError> {
        match *self {
            Chance::Dice { count } => {
                if values.len() != usize::from(count) {
                    return Err(ActionError::BadChance(Cow::Owned(format!(
                        "expected {count} dice, got {}",
                        values.len()
                    ))));
                }
                if let Some(v) = values.iter().find(|v| !(1..=6).contains(*v)) {
                    return Err(ActionError::BadChance(Cow::Owned(format!(
                        "a die shows 1 to 6, not {v}"
                    ))));
                }
                Ok(())
            }
            Chance::Draw { counts } => match values {
                [kind] if counts.get(usize::from(*kind)).is_some_and(|c| *c > 0) => Ok(()),
                [kind] => Err(ActionError::BadChance(Cow::Owned(format!(
                    "kind {kind} is not in the bag"
                )))),
                _ => Err(ActionError::BadChance(Cow::Borrowed(
                    "a draw takes exactly one value",
                ))),
            },
        }
    }
}

/// Why an action, a chance event or a resignation was refused. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "code", content = "reason", rename_all = "snake_case")]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The seat does not exist at this table.
    #[error("there is no such seat")]
    NoSuchSeat,
    /// Another seat, or a chance step, must act first.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// The action is not among the legal actions now; the reason says why.
    #[error("illegal action: {0}")]
    Illegal(Cow<'static, str>),
    /// A chance step was supplied when none is due.
    #[error("no chance event is due now")]
    NoChanceDue,
    /// The values supplied for a chance step are not a possible result of it.
    #[error("bad chance values: {0}")]
    BadChance(Cow<'static, str>),
    /// The action could not be read (only from the JSON layer).
    #[error("malformed action: {0}")]
    Malformed(String),
}

impl ActionError {
    /// Shorthand for [`ActionError::Illegal`] with a fixed reason.
    pub const fn illegal(reason: &'static str) -> Self {
        ActionError::Illegal(Cow::Borrowed(reason))
    }
}

/// Why a match could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game is not played by this number of players.
    #[error("{game} is played by {min} to {max} players, not {seats}")]
    SeatCount {
        game: &'static str,
        seats: usize,
        min: usize,
        max: usize,
    },
    /// The options were refused.
    #[error(transparent)]
    Options(#[from] OptionsError),
}

/// A seat's place in the final ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Placing))]
pub struct Placing {
    pub seat: Seat,
    /// 1 is best; seats that tie share a rank and the next rank is skipped (1, 2, 2, 4).
    pub rank: usize,
    /// The final score in the game's own unit (points, tokens held, columns won...).
    pub score: i64,
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Outcome))]
pub struct Outcome {
    /// Every seat exactly once, best first (ties in seat order).
    pub ranking: Vec<Placing>,
    /// How the game ended, in snake_case (`target_reached`, `five_in_a_row`, `resignation`...).
    pub reason: Cow<'static, str>,
}

/// The rules of one game.
///
/// Implementations must be deterministic and total: no panics on any input that deserializes,
/// no randomness, no IO. Every `&mut State` method must leave the state unchanged on error.
pub trait Game {
    /// The id stored in the database and used in URLs.
    const ID: GameId;
    /// The options of a match (every option named in the rules file, with its default).
    type Options: GameOptions + Serialize + DeserializeOwned + Default + Clone + PartialEq + Debug;
    /// The whole state of a match, options included.
    type State: Serialize + DeserializeOwned + Clone + PartialEq + Debug;
    /// A decision of a seat; serialized as an object tagged with `"type"`.
    type Action: Serialize + DeserializeOwned + Clone + PartialEq + Debug;
    /// Something that happened; serialized as an object tagged with `"type"`.
    type Event: Serialize + DeserializeOwned + Clone + PartialEq + Debug;
    /// What a seat or a spectator sees.
    type View: Serialize + DeserializeOwned + Clone + PartialEq + Debug;

    /// The smallest number of seats.
    const MIN_SEATS: usize;
    /// The largest number of seats.
    const MAX_SEATS: usize;
    /// Whether the game has chance steps (dice, draws); a game without them never asks for
    /// chance values, so it has no dice seed worth showing.
    const HAS_CHANCE: bool = true;

    /// Describes every option, with its default and the values it may take: by default, what
    /// the options type says of itself ([`GameOptions::specs`]).
    fn option_specs() -> Vec<OptionSpec> {
        Self::Options::specs()
    }

    /// Checks rules between options that their types cannot express: by default, what the
    /// options type checks of itself ([`GameOptions::validate`]).
    fn validate_options(options: &Self::Options) -> Result<(), OptionsError> {
        options.validate()
    }

    /// A new match for `seats` players; seat 0 plays first unless the rules draw the order.
    /// Refuses a seat count outside `MIN_SEATS..=MAX_SEATS` and options that
    /// [`Game::validate_options`] refuses, then lets [`Game::start`] lay out the table: every
    /// game checks its setup the same way.
    fn setup(seats: usize, options: &Self::Options) -> Result<Self::State, SetupError> {
        check_setup::<Self>(seats, options)?;
        Ok(Self::start(seats, options))
    }

    /// The first state of a match whose seat count and options [`Game::setup`] has checked.
    fn start(seats: usize, options: &Self::Options) -> Self::State;

    /// Who must act now.
    fn turn(state: &Self::State) -> Turn;

    /// Appends every legal action of `seat` now to `out` (nothing when it is not their turn).
    /// Each distinct decision appears exactly once.
    fn legal_actions(state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies an action of `seat`, appending the events it produced.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError>;

    /// Applies the values of the pending chance step (see [`Chance`]).
    fn apply_chance(
        state: &mut Self::State,
        values: &[u8],
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError>;

    /// `seat` leaves the game (resignation or time-out): it ranks below every seat still
    /// playing; with two players left the other one wins, with more the game goes on without it.
    fn resign(
        state: &mut Self::State,
        seat: Seat,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), ActionError>;

    /// The final ranking, once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// Whether `seat` has left the game (resigned or ran out of time).
    fn has_left(state: &Self::State, seat: Seat) -> bool;

    /// The state as `viewer` (a seat, or `None` for a spectator) may see it, with the derived
    /// figures a player needs to decide and to score.
    fn view(state: &Self::State, viewer: Option<Seat>) -> Self::View;

    /// Checks the game's invariants; used by tests on every reachable state.
    fn check_invariants(state: &Self::State) -> Result<(), String>;
}

/// Checks that `G` is played by `seats` players, from its declared `MIN_SEATS` and `MAX_SEATS`.
pub fn check_seat_count<G: Game + ?Sized>(seats: usize) -> Result<(), SetupError> {
    if (G::MIN_SEATS..=G::MAX_SEATS).contains(&seats) {
        Ok(())
    } else {
        Err(SetupError::SeatCount {
            game: G::ID.as_str(),
            seats,
            min: G::MIN_SEATS,
            max: G::MAX_SEATS,
        })
    }
}

/// Checks what [`Game::setup`] checks of a match: its seat count, then its options.
pub(crate) fn check_setup<G: Game + ?Sized>(
    seats: usize,
    options: &G::Options,
) -> Result<(), SetupError> {
    check_seat_count::<G>(seats)?;
    G::validate_options(options)?;
    Ok(())
}

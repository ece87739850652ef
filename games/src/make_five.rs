//! PLACEHOLDER: replaced by the real rules of this game.

use serde::{Deserialize, Serialize};

use crate::GameId;
use crate::contract::{ActionError, Game, Outcome, Seat, SetupError, Turn};
use crate::options::OptionSpec;

/// Placeholder game type.
#[derive(Debug)]
pub struct MakeFive;

/// Placeholder.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {}

/// Placeholder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    seats: usize,
}

/// Placeholder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    Pass,
}

/// Placeholder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Passed,
}

impl Game for MakeFive {
    const ID: GameId = GameId::MakeFive;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = State;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;

    fn option_specs() -> Vec<OptionSpec> {
        Vec::new()
    }

    fn setup(seats: usize, _options: &Options) -> Result<State, SetupError> {
        Ok(State { seats })
    }

    fn turn(_state: &State) -> Turn {
        Turn::Over
    }

    fn legal_actions(_state: &State, _seat: Seat, _out: &mut Vec<Action>) {}

    fn apply(_: &mut State, _: Seat, _: &Action, _: &mut Vec<Event>) -> Result<(), ActionError> {
        Err(ActionError::GameOver)
    }

    fn apply_chance(_: &mut State, _: &[u8], _: &mut Vec<Event>) -> Result<(), ActionError> {
        Err(ActionError::GameOver)
    }

    fn resign(_: &mut State, _: Seat, _: &mut Vec<Event>) -> Result<(), ActionError> {
        Err(ActionError::GameOver)
    }

    fn outcome(_state: &State) -> Option<Outcome> {
        None
    }

    fn view(state: &State, _viewer: Option<Seat>) -> State {
        state.clone()
    }

    fn check_invariants(_state: &State) -> Result<(), String> {
        Ok(())
    }
}

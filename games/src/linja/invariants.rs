//! The invariants of a Linja state, which the property tests check on every state they reach
//! and [`State::from_position`] on the positions it is given.

use super::board::{ROW_CAPACITY, goal_line};
use super::options::Edition;
use super::state::{EndReason, Phase, State};
use crate::options::GameOptions;

impl State {
    /// Checks the invariants of the state (see
    /// [`Game::check_invariants`](crate::contract::Game::check_invariants)).
    pub(super) fn check(&self) -> Result<(), String> {
        self.options.validate().map_err(|e| e.to_string())?;
        self.board.check()?;
        if self.to_move >= 2 {
            return Err(format!("seat {} to move in a 2-player game", self.to_move));
        }
        let seed = self.options.edition == Edition::Seed;
        if self.extra_turn && seed {
            return Err("an extra turn in the original edition".into());
        }
        match self.phase {
            Phase::Initial => {
                // The end is checked after every complete turn, so a turn never starts in a
                // finished or blocked position.
                if self.board.armies_passed() {
                    return Err("a turn starts after the armies have passed each other".into());
                }
                if !self.board.can_start(0) && !self.board.can_start(1) {
                    return Err("a turn starts in a blocked position".into());
                }
            }
            Phase::Following { rows } => {
                // A row holds at most 5 pieces before the initial move lands on it.
                if !(1..ROW_CAPACITY).contains(&rows) {
                    return Err(format!("a following move of {rows} rows"));
                }
            }
            Phase::Bonus => {
                if !seed {
                    return Err("a bonus in the steffen2010 edition".into());
                }
                if self.board.count(self.to_move, goal_line(self.to_move)) == 0 {
                    return Err("a bonus without any piece on the goal line".into());
                }
            }
            Phase::Over { reason } => {
                let resigned = !self.resignations.seats().is_empty();
                if resigned != (reason == EndReason::Resignation) {
                    return Err("resignations and end reason disagree".into());
                }
                if reason == EndReason::ArmiesPassed && !self.board.armies_passed() {
                    return Err("over by passing armies that have not passed".into());
                }
            }
        }
        if !self.is_over() && !self.resignations.seats().is_empty() {
            return Err("a resignation in a game still going on".into());
        }
        Ok(())
    }
}

//! The invariants of a Yams state, which the property tests check on every state they reach.

use super::dice::DICE;
use super::state::{EndReason, MAX_SEATS, MAX_THROWS, MIN_SEATS, State};
use crate::options::GameOptions;

impl State {
    /// Checks the invariants of the state (see
    /// [`Game::check_invariants`](crate::contract::Game::check_invariants)).
    pub(super) fn check(&self) -> Result<(), String> {
        let options = &self.options;
        options.validate().map_err(|e| e.to_string())?;
        if !(MIN_SEATS..=MAX_SEATS).contains(&self.seats) {
            return Err(format!("{} seats", self.seats));
        }
        if self.grids.len() != self.seats * options.grid_count() {
            return Err(format!(
                "{} grids for {} seats of {} grids",
                self.grids.len(),
                self.seats,
                options.grids
            ));
        }
        if self.resignations.seats().iter().any(|s| *s >= self.seats) {
            return Err("a seat that does not exist resigned".into());
        }
        for grid in &self.grids {
            grid.check(options)?;
        }
        let turns = usize::from(options.turns_per_player());
        if self.round > options.turns_per_player() {
            return Err(format!("round {} of {turns}", self.round));
        }
        if self.throws > MAX_THROWS {
            return Err(format!("{} throws in a turn", self.throws));
        }
        if !self.dice.are_faces() {
            return Err(format!("dice {} are not all faces", self.dice));
        }
        // Each turn fills exactly one box, in seat order (rules 3 and 5).
        let round = usize::from(self.round);
        for seat in 0..self.seats {
            let filled = self.filled_by(seat);
            let expected = match self.end {
                Some(EndReason::GridsFilled) => turns,
                _ => round + usize::from(seat < self.current),
            };
            if self.resignations.has_resigned(seat) {
                // Frozen when it left: at most what it would have by now.
                if filled > (round + 1).min(turns) {
                    return Err(format!("resigned seat {seat} filled {filled} boxes"));
                }
            } else if filled != expected {
                return Err(format!(
                    "seat {seat} filled {filled} boxes, {expected} expected in round {round}"
                ));
            }
        }
        match self.end {
            Some(reason) => {
                if !self.dice.is_empty() || self.throws != 0 {
                    return Err("dice left on the table after the end".into());
                }
                if reason == EndReason::GridsFilled && usize::from(self.round) != turns {
                    return Err("grids filled before the last round".into());
                }
                if reason == EndReason::Resignation && self.playing() > 1 {
                    return Err("ended by resignation with several seats playing".into());
                }
            }
            None => {
                if self.current >= self.seats || self.resignations.has_resigned(self.current) {
                    return Err(format!("seat {} cannot be on turn", self.current));
                }
                if self.playing() < 2 && self.seats > 1 {
                    return Err("the game goes on with fewer than two players".into());
                }
                // Thrown dice are complete after a throw and fewer only while one is due.
                let consistent = match self.throws {
                    0 => self.dice.is_empty(),
                    MAX_THROWS => self.dice.len() == DICE,
                    _ => true,
                };
                if !consistent {
                    return Err(format!(
                        "{} dice after {} throws",
                        self.dice.len(),
                        self.throws
                    ));
                }
            }
        }
        Ok(())
    }
}

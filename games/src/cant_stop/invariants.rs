//! The invariants of a Can't Stop state, which the property tests check on every state they
//! reach.

use super::CantStop;
use super::board::{HEIGHTS, RUNNERS, label_of};
use super::state::{EndReason, MAX_PLAYERS, Phase, State, seat_bit};
use crate::contract::{Seat, check_setup};

impl State {
    /// Checks the invariants of the state, its seat count and options first.
    pub(super) fn check(&self) -> Result<(), String> {
        check_setup::<CantStop>(self.seats(), self.options()).map_err(|e| e.to_string())?;
        let seats = self.seats();
        if self.resignations.seats().iter().any(|s| *s >= seats) {
            return Err("a seat that does not exist resigned".into());
        }
        let in_turn = matches!(
            self.phase,
            Phase::Throw | Phase::Choose { .. } | Phase::Decide
        );
        if in_turn && (self.current >= seats || self.has_resigned(self.current)) {
            return Err(format!("seat {} cannot be playing", self.current));
        }

        for (index, height) in HEIGHTS.iter().enumerate() {
            let column = label_of(index);
            let winner = self.won_by.get(index).copied().flatten().map(Seat::from);
            for (seat, pieces) in self.progress.iter().enumerate() {
                let space = pieces.get(index).copied().unwrap_or(0);
                if space > *height {
                    return Err(format!(
                        "seat {seat}'s piece is past the top of column {column}"
                    ));
                }
                match winner {
                    Some(w) if w == seat && space != *height => {
                        return Err(format!("column {column} is won without its top piece"));
                    }
                    Some(w) if w != seat && space != 0 => {
                        return Err(format!(
                            "seat {seat} still has a piece in won column {column}"
                        ));
                    }
                    None if space == *height => {
                        return Err(format!(
                            "seat {seat} tops column {column} without winning it"
                        ));
                    }
                    _ => {}
                }
            }
            if winner.is_some_and(|w| w >= seats) {
                return Err(format!(
                    "column {column} is won by a seat that does not exist"
                ));
            }
            let runner = self.runners.get(index).copied().unwrap_or(0);
            if runner == 0 {
                continue;
            }
            if !in_turn {
                return Err(format!("a runner in column {column} outside a turn"));
            }
            if runner > *height {
                return Err(format!("the runner is past the top of column {column}"));
            }
            if winner.is_some() {
                return Err(format!("a runner in won column {column}"));
            }
            if runner <= self.progress_in(self.current, column) {
                return Err(format!(
                    "the runner in column {column} is not above the piece"
                ));
            }
        }
        if self.runner_count() > RUNNERS {
            return Err(format!("{} runners on the board", self.runner_count()));
        }

        for seat in 0..seats {
            let mut used = self.pieces_on_board(seat);
            if in_turn && seat == self.current {
                used += self.runners_needing_pieces();
            }
            if used > self.options.pieces_per_player {
                return Err(format!("seat {seat} uses {used} pieces"));
            }
            let winning = self.columns_won(seat) >= usize::from(self.options.columns_to_win);
            let declared = matches!(
                self.phase,
                Phase::Over { winner: Some(w), reason: EndReason::ColumnsWon } if w == seat
            );
            if winning != declared {
                return Err(format!(
                    "seat {seat} won enough columns but the game is not theirs"
                ));
            }
        }

        match self.phase {
            Phase::StartThrow { contenders, totals } => {
                if contenders.count_ones() < 2 {
                    return Err("fewer than two seats throw for the start".into());
                }
                for seat in 0..MAX_PLAYERS {
                    let total = totals.get(seat).copied().unwrap_or(0);
                    let contending = contenders & seat_bit(seat) != 0;
                    if contending && (seat >= seats || self.has_resigned(seat)) {
                        return Err(format!("seat {seat} cannot throw for the start"));
                    }
                    if total != 0 && (!contending || !(2..=12).contains(&total)) {
                        return Err(format!("seat {seat} has a start total of {total}"));
                    }
                }
            }
            Phase::Choose { dice } => {
                if dice.iter().any(|d| !(1..=6).contains(d)) {
                    return Err(format!("dice {dice:?}"));
                }
                if !self.board().can_progress(&self.climb(), dice) {
                    return Err("choosing with dice that bust".into());
                }
            }
            Phase::Decide if self.runner_count() == 0 => {
                return Err("deciding with no runner on the board".into());
            }
            Phase::Over { winner, reason } => {
                if winner.is_some_and(|w| w >= seats || self.has_resigned(w)) {
                    return Err("the winner cannot win".into());
                }
                if reason == EndReason::Resignation && self.resignations.remaining(seats) != 1 {
                    return Err("ended by resignations with several seats left".into());
                }
                if reason == EndReason::AllColumnsWon && self.won_by.iter().any(Option::is_none) {
                    return Err("ended with a column still open".into());
                }
            }
            Phase::Throw | Phase::Decide => {}
        }
        Ok(())
    }
}

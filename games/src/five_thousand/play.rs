//! The rules that move a 5000 match on: who acts, the legal actions, and what a keep, a
//! banking, a throw or a resignation does.

use std::borrow::Cow;

use super::dice::{DICE, Faces, Roll, SetAside};
use super::scoring::{has_scoring_group, is_five_ones};
use super::state::{Action, BankResult, EndReason, Event, Phase, State, TurnLostReason};
use crate::contract::{ActionError, Chance, Outcome, Seat, Turn};
use crate::rules::Rules;

impl Rules for State {
    crate::rules::rules_common!();

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Over,
            Phase::Throw => Turn::Chance {
                chance: Chance::Dice { count: self.hand },
            },
            Phase::Keep | Phase::Decide => Turn::Seat { seat: self.seat },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat != self.seat {
            return;
        }
        match self.phase {
            Phase::Keep => self
                .options
                .table()
                .for_each_keep(self.roll.faces(), |dice, _| {
                    out.push(Action::Keep { dice });
                }),
            Phase::Decide => {
                out.push(Action::Bank);
                out.push(Action::Rethrow);
            }
            Phase::Throw | Phase::Over => {}
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, action) {
            (Phase::Keep, Action::Keep { dice }) => {
                let points = self.check_keep(dice)?;
                self.keep(dice, points, events);
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
            (Phase::Decide, Action::Bank) => self.bank(events),
            (Phase::Decide, Action::Rethrow) => self.rethrow(),
            (Phase::Throw | Phase::Over, _) => return Err(ActionError::NotYourTurn),
        }
        Ok(())
    }

    /// Applies the dice of the throw due.
    fn throw(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        let roll = Roll::new(values).ok_or(ActionError::BadChance(Cow::Borrowed(
            "a throw is at most five dice showing 1 to 6",
        )))?;

        let seat = self.seat;
        self.throws = self.throws.saturating_add(1);
        self.roll = roll;
        events.push(Event::DiceThrown {
            seat,
            dice: roll,
            throw: self.throws,
        });
        let faces = roll.faces();
        if is_five_ones(faces) {
            events.push(Event::FiveOnes { seat });
            self.finish(Some(seat), EndReason::FiveOnes, events);
        } else if !has_scoring_group(faces) {
            events.push(Event::ZeroThrow {
                seat,
                lost: self.turn_total,
                ballot: roll.len() == DICE,
            });
            self.end_turn(events);
        } else {
            self.phase = Phase::Keep;
        }
        Ok(())
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        if let Some(last) = self.resignations.last_one_standing(self.players.len()) {
            self.finish(Some(last), EndReason::Resignation, events);
        } else if seat == self.seat {
            // Its turn (or the throw pending in it) passes to the next seat still playing.
            self.end_turn(events);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end.filter(|_| self.phase == Phase::Over)?;
        Some(Outcome {
            ranking: self.ranking(),
            reason: Cow::Borrowed(reason.as_str()),
        })
    }
}

impl State {
    /// The seat to play after the current one, skipping those who left.
    fn next_seat(&self) -> Option<Seat> {
        self.resignations
            .next_playing(self.players.len(), self.seat)
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
}

//! The rules that move a Yams match on: who acts, the legal actions, and what an action, a
//! throw or a resignation does.

use std::borrow::Cow;

use super::dice::{DICE, Dice};
use super::grid::BoxId;
use super::state::{Action, EndReason, Event, MAX_THROWS, State};
use crate::contract::{ActionError, Chance, Outcome, Seat, Turn};
use crate::rules::Rules;

impl Rules for State {
    crate::rules::rules_common!();

    fn seats(&self) -> usize {
        self.seats
    }

    fn turn(&self) -> Turn {
        if self.end.is_some() {
            Turn::Over
        } else if self.throw_due() {
            Turn::Chance {
                chance: Chance::Dice {
                    count: (DICE - self.dice.len()) as u8,
                },
            }
        } else {
            Turn::Seat { seat: self.current }
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.end.is_some() || self.throw_due() || seat != self.current {
            return;
        }
        if self.throws < MAX_THROWS {
            // Keeping all five dice is stopping, which is choosing a box below.
            self.dice
                .for_each_proper_subset(|keep| out.push(Action::Reroll { keep }));
        }
        let mask = BoxId::mask(&self.options);
        for (g, sheet) in self.grids_of(seat).iter().enumerate() {
            for which in BoxId::ALL {
                if mask & (1 << which.index()) != 0 && sheet.get(which).is_none() {
                    out.push(Action::Score {
                        grid: g as u8,
                        r#box: which,
                    });
                }
            }
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match action {
            Action::Reroll { keep } => {
                if self.throws >= MAX_THROWS {
                    return Err(ActionError::illegal(
                        "no throw left after three throws: choose a box to score",
                    ));
                }
                if keep.len() >= DICE {
                    return Err(ActionError::illegal(
                        "keeping all five dice is stopping: choose a box to score",
                    ));
                }
                if !self.dice.contains(&keep) {
                    return Err(ActionError::Illegal(Cow::Owned(format!(
                        "cannot keep {keep}: the dice show {}",
                        self.dice
                    ))));
                }
                self.dice = keep;
                events.push(Event::DiceKept {
                    seat: self.current,
                    kept: keep,
                });
                Ok(())
            }
            Action::Score { grid, r#box } => self.score(grid, r#box, events),
        }
    }

    /// Applies the dice of the throw due.
    fn throw(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        let bad = || ActionError::BadChance(Cow::Borrowed("too many dice"));
        let thrown = Dice::new(values).ok_or_else(bad)?;
        let dice = self.dice.union(&thrown).ok_or_else(bad)?;

        let seat = self.current;
        if self.throws == 0 {
            events.push(Event::TurnStarted {
                seat,
                round: self.round.saturating_add(1),
            });
        }
        self.throws = self.throws.saturating_add(1);
        self.dice = dice;
        events.push(Event::DiceThrown {
            seat,
            throw: self.throws,
            thrown,
            dice,
        });
        Ok(())
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        if self.playing() <= 1 {
            // The last seat standing wins at once; a solo game simply ends.
            self.finish(EndReason::Resignation, events);
        } else if seat == self.current {
            // Its turn (throw pending or not) passes cleanly to the next seat still playing.
            self.pass_turn(events);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        Some(Outcome {
            ranking: self.ranking(),
            reason: Cow::Borrowed(reason.as_str()),
        })
    }
}

impl State {
    /// Ends the current turn and hands the dice to the next seat still playing, or ends the
    /// game when that closes the last round.
    fn pass_turn(&mut self, events: &mut Vec<Event>) {
        self.dice = Dice::EMPTY;
        self.throws = 0;
        let next = self.next_playing(self.current);
        if next <= self.current {
            // Seats play in order, so wrapping around closes a round.
            self.round = self.round.saturating_add(1);
            if self.round >= self.options.turns_per_player() {
                self.finish(EndReason::GridsFilled, events);
                return;
            }
        }
        self.current = next;
    }

    /// Ends the game.
    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.end = Some(reason);
        self.dice = Dice::EMPTY;
        self.throws = 0;
        events.push(Event::GameOver {
            reason,
            ranking: self.ranking(),
        });
    }

    /// Writes the dice in `which` of grid `grid` of the current seat (rules 3, 4, 5 and 9).
    fn score(
        &mut self,
        grid: u8,
        which: BoxId,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let seat = self.current;
        let g = usize::from(grid);
        let Some(mut sheet) = self.grid(seat, g).copied() else {
            return Err(ActionError::Illegal(Cow::Owned(match self.options.grids {
                1 => format!("there is no grid {grid}: this game has a single grid, number 0"),
                n => format!(
                    "there is no grid {grid}: the grids are numbered 0 to {}",
                    n - 1
                ),
            })));
        };
        if !which.in_play(&self.options) {
            return Err(ActionError::Illegal(Cow::Owned(format!(
                "box {} is not on the grid in this game",
                which.name()
            ))));
        }
        if sheet.get(which).is_some() {
            return Err(ActionError::Illegal(Cow::Owned(match self.options.grids {
                1 => format!("box {} is already filled", which.name()),
                _ => format!("box {} of grid {grid} is already filled", which.name()),
            })));
        }

        let points = sheet.points(which, &self.dice, &self.options);
        sheet.set(which, points);
        if let Some(slot) = self
            .grid_index(seat, g)
            .and_then(|index| self.grids.get_mut(index))
        {
            *slot = sheet;
        }
        events.push(Event::Scored {
            seat,
            grid,
            r#box: which,
            dice: self.dice,
            points,
        });
        let totals = sheet.totals(&self.options);
        if which.is_upper() && sheet.upper_is_full() {
            events.push(Event::UpperCompleted {
                seat,
                grid,
                upper: totals.upper,
                bonus: totals.bonus,
            });
        }
        if sheet.is_full(&self.options) {
            events.push(Event::GridCompleted { seat, grid, totals });
        }
        self.pass_turn(events);
        Ok(())
    }
}

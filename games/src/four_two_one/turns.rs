//! A seat's turn at a 421 table: its legal actions, and what an action, a throw of the dice or
//! a resignation does. Every entry point validates completely before it mutates anything, so
//! that a refused action, chance step or resignation leaves the table exactly as it was.

use super::combination::{self, Dice};
use super::moves::{Action, EndReason, Event, Phase};
use super::sets::{Faces, Seats};
use super::table::{Player, Step, Table, describe, tie_group};
use crate::contract::{ActionError, Outcome, Seat, Turn};
use crate::faces;
use crate::rules::Rules;

/// A decision that passed validation.
enum Decision {
    Reroll { faces: Faces, kept: Faces },
    Stop,
    LeBon { throws: u8 },
}

const fn illegal(reason: &'static str) -> ActionError {
    ActionError::illegal(reason)
}

/// The dice left when the dice showing `faces` are taken away; `None` if they are not all there.
pub(super) fn remove_faces(dice: Dice, faces: Faces) -> Option<Faces> {
    let mut taken = [false; 3];
    for face in faces.as_slice() {
        let index = (0..3).find(|i| !taken[*i] && dice[*i] == *face)?;
        taken[index] = true;
    }
    let mut kept = Faces::EMPTY;
    for (i, face) in dice.iter().enumerate() {
        if !taken[i] {
            kept = kept.with(*face)?;
        }
    }
    Some(kept)
}

impl Rules for Table {
    crate::rules::rules_common!();

    fn seats(&self) -> usize {
        Table::seats(self)
    }

    fn turn(&self) -> Turn {
        Table::turn(self)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let Step::Turn {
            seat: current,
            dice: Some(dice),
            pending: None,
            ..
        } = self.step
        else {
            return;
        };
        if current != seat {
            return;
        }
        if self.throws_fixed.is_none() {
            out.push(Action::Stop);
        } else if self.options.le_bon {
            out.push(Action::LeBon);
        }
        // Each distinct multiset of faces once; throwing none is no re-throw.
        for mask in faces::sub_multisets(&dice).filter(|mask| *mask != 0) {
            out.push(Action::Reroll {
                faces: Faces::select(&dice, mask),
            });
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let (seat, decision) = self.check_action(action)?;
        match decision {
            Decision::Reroll { faces, kept } => {
                if let Step::Turn { pending, .. } = &mut self.step {
                    *pending = Some(kept);
                }
                events.push(Event::RethrowChosen { seat, faces });
            }
            Decision::Stop => self.end_turn(events),
            Decision::LeBon { throws } => {
                events.push(Event::LeBon { seat, throws });
                self.end_turn(events);
            }
        }
        Ok(())
    }

    /// Applies the dice of the throw due.
    fn throw(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        // Everything below is checked before the first change, for a state read from storage
        // that would not be consistent; a consistent table always passes.
        let inconsistent = ActionError::NoChanceDue;
        match self.step {
            Step::FirstPlayer { contenders } => {
                let (Some(seat), [die]) = (self.next_start_thrower(contenders), values) else {
                    return Err(inconsistent);
                };
                self.players[seat].start_die = Some(*die);
                events.push(Event::StartDieThrown { seat, die: *die });
                self.advance_first_player(events);
            }
            Step::Turn {
                seat,
                throws,
                dice: _,
                pending: Some(kept),
            } => {
                let merged = values.iter().try_fold(kept, |all, face| all.with(*face));
                let (Some(thrown), Some(&[a, b, c])) =
                    (Faces::new(values), merged.as_ref().map(Faces::as_slice))
                else {
                    return Err(inconsistent);
                };
                let dice = [a, b, c];
                let throw = throws + 1;
                self.step = Step::Turn {
                    seat,
                    throws: throw,
                    dice: Some(dice),
                    pending: None,
                };
                events.push(Event::DiceThrown {
                    seat,
                    throw,
                    kept,
                    thrown,
                    dice,
                });
                if throw >= self.throw_limit() {
                    self.end_turn(events);
                }
            }
            Step::TieBreak { worst, best } => {
                let (Some((group, stake)), &[a, b, c]) = (tie_group(worst, best), values) else {
                    return Err(inconsistent);
                };
                let Some(seat) = self.next_tie_thrower(group) else {
                    return Err(inconsistent);
                };
                let dice = combination::sort_desc([a, b, c]);
                self.players[seat].tie_break = Some(dice);
                events.push(Event::TieBreakThrown {
                    seat,
                    result: describe(dice),
                });
                if self.next_tie_thrower(group).is_none() {
                    self.end_tie_break(group, stake, events);
                }
            }
            Step::Turn { pending: None, .. } | Step::Over { .. } => return Err(inconsistent),
        }
        Ok(())
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        // A leaver's tokens go back to the pot, which keeps the 21 tokens accounted for: in the
        // charge they are dealt again, in the décharge they are out of play.
        let player = &mut self.players[seat];
        let returned = player.tokens;
        *player = Player {
            sitting_out: player.sitting_out,
            start_die: player.start_die,
            ..Player::default()
        };
        self.pot = self.pot.saturating_add(returned);
        events.push(Event::Resigned {
            seat,
            tokens_returned: returned,
        });

        if let Some(last) = self.resignations.last_one_standing(self.seats()) {
            self.finish(Seats::only(last), EndReason::Resignation, events);
            return;
        }
        if self.phase == Phase::Decharge && self.participants().len() < 2 {
            // Nobody is left to play the décharge against: those sitting it out win.
            let winners: Seats = (self.playing().iter())
                .filter(|s| self.players[*s].sitting_out)
                .collect();
            self.finish(winners, EndReason::Resignation, events);
            return;
        }
        match self.step {
            Step::FirstPlayer { contenders } => {
                self.players[seat].start_die = None;
                self.step = Step::FirstPlayer {
                    contenders: contenders.without(seat),
                };
                self.advance_first_player(events);
            }
            Step::Turn { seat: current, .. } if current == seat => {
                if self.throws_fixed.is_none() {
                    // The leader left before fixing `k`: the next seat leads the round instead.
                    if let Some(next) = self.next_participant_after(seat) {
                        self.leader = next;
                        self.begin_turn(next, events);
                    }
                } else {
                    self.next_turn_or_resolve(events);
                }
            }
            Step::TieBreak { worst, best } if worst.contains(seat) || best.contains(seat) => {
                // The leaver held or contested a role: settle the round again among the others.
                self.resolve_round(events);
            }
            Step::Turn { .. } | Step::TieBreak { .. } | Step::Over { .. } => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        Table::outcome(self)
    }
}

impl Table {
    /// The seat whose turn it is and its decision `action`, once checked against the dice.
    fn check_action(&self, action: Action) -> Result<(Seat, Decision), ActionError> {
        let Step::Turn {
            seat,
            throws,
            dice: Some(dice),
            pending: None,
        } = self.step
        else {
            return Err(ActionError::NotYourTurn);
        };
        let leading = self.throws_fixed.is_none();
        let decision = match action {
            Action::Reroll { faces } => {
                if faces.is_empty() {
                    return Err(illegal("re-throw at least one die"));
                }
                let kept = remove_faces(dice, faces)
                    .ok_or(illegal("the dice on the table do not show those faces"))?;
                Decision::Reroll { faces, kept }
            }
            Action::Stop if leading => Decision::Stop,
            Action::Stop if self.options.le_bon => {
                return Err(illegal(
                    "only the leader stops; announce le bon to keep your dice",
                ));
            }
            Action::Stop => {
                return Err(illegal("you must use exactly as many throws as the leader"));
            }
            Action::LeBon if leading => {
                return Err(illegal("the leader keeps their dice with stop"));
            }
            Action::LeBon if self.options.le_bon => Decision::LeBon { throws },
            Action::LeBon => return Err(illegal("le bon is not played at this table")),
        };
        Ok((seat, decision))
    }
}

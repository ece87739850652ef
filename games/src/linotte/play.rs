//! The rules that move a match of La Linotte or Yam Master on: who acts, the legal actions
//! (re-throws, challenges, the ways of stopping), and what an action, a throw or a
//! resignation does.

use std::borrow::Cow;

use super::board::Cell;
use super::dice::{self, Combination, CombinationSet, DICE, Faces, Major, combinations};
use super::state::{
    Action, Challenge, EndReason, Event, MAX_THROWS, Phase, SEATS, State, opponent,
};
use super::variant::Variant;
use crate::contract::{ActionError, Chance, Outcome, Seat, Turn};
use crate::faces;
use crate::ranking::better_of_two;
use crate::rules::Rules;

fn illegal(reason: &'static str) -> ActionError {
    ActionError::illegal(reason)
}

impl<O: Variant> Rules for State<O> {
    crate::rules::rules_common!();

    fn seats(&self) -> usize {
        SEATS
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over { .. } => Turn::Over,
            Phase::Throwing { count } => Turn::Chance {
                chance: Chance::Dice { count },
            },
            Phase::Choosing => Turn::Seat { seat: self.to_play },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.phase != Phase::Choosing || seat != self.to_play {
            return;
        }
        if self.can_stop() {
            for cell in Cell::in_mask(self.placement_cells()) {
                out.push(Action::Place {
                    row: cell.row(),
                    col: cell.col(),
                });
            }
            for cell in Cell::in_mask(self.predator_targets()) {
                out.push(Action::Remove {
                    row: cell.row(),
                    col: cell.col(),
                });
            }
            out.push(Action::Pass);
        }
        if self.throws == 1 && self.challenge.is_none() {
            if self.rules().yam_master {
                out.push(Action::Defi);
            } else {
                for combination in Major::ALL {
                    out.push(Action::Appel { combination });
                }
            }
        }
        if self.throws < MAX_THROWS {
            push_rerolls(&self.dice, self.must_break_first_throw_major(), out);
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let seat = self.to_play;
        match action {
            Action::Reroll { faces } => {
                let kept = self.check_reroll(&faces)?;
                self.dice = kept;
                self.made = CombinationSet::EMPTY;
                // At most five faces: the cast cannot truncate.
                self.phase = Phase::Throwing {
                    count: faces.len() as u8,
                };
                events.push(Event::Rerolled { seat, faces });
            }
            Action::Appel { combination } => {
                self.check_challenge(false)?;
                let after_sec = self.made.has_major();
                self.challenge = Some(Challenge::Appel {
                    combination,
                    after_sec,
                });
                events.push(Event::AppelAnnounced { seat, combination });
            }
            Action::Defi => {
                self.check_challenge(true)?;
                let after_sec = self.made.has_major();
                self.challenge = Some(Challenge::Defi { after_sec });
                events.push(Event::DefiDeclared { seat });
            }
            Action::Place { row, col } => {
                let cell = self.check_place(row, col)?;
                self.resolve_challenge(events);
                self.place(cell, events);
            }
            Action::Remove { row, col } => {
                let cell = self.check_remove(row, col)?;
                self.resolve_challenge(events);
                self.remove(cell, events);
            }
            Action::Pass => {
                self.check_stop()?;
                self.resolve_challenge(events);
                events.push(Event::Passed { seat });
                self.end_turn(events);
            }
        }
        Ok(())
    }

    /// Applies the dice of the throw due.
    fn throw(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        let thrown = Faces::from_slice(values)
            .ok_or(ActionError::BadChance(Cow::Borrowed("at most five dice")))?;
        // The dice in the air are the last ones, one a value (they show 0).
        let kept = DICE.saturating_sub(values.len());
        for (die, value) in self.dice.iter_mut().skip(kept).zip(values) {
            *die = *value;
        }
        self.dice.sort_unstable();
        self.made = combinations(&self.dice);
        self.throws += 1;
        self.phase = Phase::Choosing;
        events.push(Event::DiceThrown {
            seat: self.to_play,
            throw: self.throws,
            values: thrown,
            dice: self.dice,
        });
        Ok(())
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        // Two seats: the other one is left, and wins at once (rules README §5).
        let winner = self.resignations.last_one_standing(SEATS);
        self.finish(EndReason::Resignation, winner, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { reason, winner } = self.phase else {
            return None;
        };
        let points = [self.points(0), self.points(1)];
        let ranking = self.resignations.rank(
            SEATS,
            |seat| (winner == Some(seat), points[seat]),
            |seat| points[seat],
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }
}

impl<O: Variant> State<O> {
    fn check_stop(&self) -> Result<(), ActionError> {
        if self.can_stop() {
            Ok(())
        } else if self.rules().yam_master {
            Err(illegal(
                "after taking up the Défi, throw again before stopping",
            ))
        } else {
            Err(illegal(
                "after announcing an Appel, throw again before stopping",
            ))
        }
    }

    /// The kept dice if `faces` may be thrown again now.
    fn check_reroll(&self, faces: &Faces) -> Result<[u8; DICE], ActionError> {
        if self.throws >= MAX_THROWS {
            return Err(illegal("no throw left: the third throw is the last"));
        }
        let faces = faces.as_slice();
        if faces.is_empty() {
            return Err(illegal("choose at least one die to throw again"));
        }
        if faces.iter().any(|f| !(1..=6).contains(f)) {
            return Err(illegal("a die shows a face from 1 to 6"));
        }
        if faces.windows(2).any(|pair| pair[0] > pair[1]) {
            return Err(illegal("list the faces to throw again in ascending order"));
        }
        let kept = kept_dice(&self.dice, faces)
            .ok_or_else(|| illegal("the dice do not show these faces"))?;
        if self.must_break_first_throw_major() && dice::holds_four_of_a_kind(&kept) {
            return Err(illegal(
                "this challenge follows a major on the first throw: throw again at least one \
                 die of the Carré",
            ));
        }
        Ok(kept)
    }

    fn check_challenge(&self, yam_master: bool) -> Result<(), ActionError> {
        match (self.rules().yam_master, yam_master) {
            (true, false) => return Err(illegal("Yam Master has no Appel: take up the Défi")),
            (false, true) => return Err(illegal("La Linotte has no Défi: announce an Appel")),
            _ => {}
        }
        if self.challenge.is_some() {
            return Err(illegal("a single challenge per turn"));
        }
        if self.throws != 1 {
            return Err(illegal(
                "a challenge is taken after the first throw, before the second",
            ));
        }
        Ok(())
    }

    fn check_place(&self, row: u8, col: u8) -> Result<Cell, ActionError> {
        self.check_stop()?;
        let cell = Cell::at(row, col)
            .ok_or_else(|| illegal("no such cell: rows and columns go from 0 to 4"))?;
        if self.board.owner(cell).is_some() {
            return Err(illegal("this cell is already taken"));
        }
        if self.placeable().contains(cell.label()) {
            return Ok(cell);
        }
        let yam_master = self.rules().yam_master;
        Err(illegal(match (self.challenge_met(), cell.label()) {
            (Some(false), _) if !self.rules().failed_challenge_allows_normal_placement => {
                "the challenge failed: no pawn may be placed this turn"
            }
            (_, Combination::Sec) => {
                "a Sec cell needs a major combination on the first throw, stopping there"
            }
            (_, Combination::Challenge) if yam_master => "a Défi cell needs a successful Défi",
            (_, Combination::Challenge) => "an Appel cell needs a successful Appel",
            _ => "the dice do not make this cell's combination",
        }))
    }

    fn check_remove(&self, row: u8, col: u8) -> Result<Cell, ActionError> {
        if !self.rules().yam_master {
            return Err(illegal("La Linotte has no Yam Predator"));
        }
        self.check_stop()?;
        if !self.made.contains(Combination::Yam) {
            return Err(illegal("the Yam Predator needs a Yam"));
        }
        let cell = Cell::at(row, col)
            .ok_or_else(|| illegal("no such cell: rows and columns go from 0 to 4"))?;
        if self.board.owner(cell) != Some(opponent(self.to_play)) {
            return Err(illegal(
                "the Yam Predator removes an opponent pawn: there is none here",
            ));
        }
        Ok(cell)
    }

    /// Reports how the challenge of the turn ended, when the player stops.
    fn resolve_challenge(&self, events: &mut Vec<Event>) {
        if let Some(succeeded) = self.challenge_met() {
            events.push(Event::ChallengeResolved {
                seat: self.to_play,
                succeeded,
            });
        }
    }

    fn place(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let seat = self.to_play;
        self.board.place(seat, cell);
        let reserve = &mut self.reserve[seat];
        *reserve = reserve.saturating_sub(1);
        events.push(Event::Placed {
            seat,
            row: cell.row(),
            col: cell.col(),
            combination: cell.label(),
            reserve: *reserve,
            points: self.points(seat),
        });
        if self.board.has_five(seat) {
            // Yam Master: five in a row wins outright (rule 15). La Linotte: it only ends the
            // game, which the points then decide (rule 11).
            let winner = self.rules().yam_master.then_some(seat);
            self.finish(EndReason::FiveInARow, winner, events);
        } else if self.reserve[seat] == 0 {
            self.finish(EndReason::NoPawnsLeft, None, events);
        } else {
            self.end_turn(events);
        }
    }

    fn remove(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let owner = opponent(self.to_play);
        self.board.clear(cell);
        let returned = self.rules().predator_returns_pawn;
        if returned {
            self.reserve[owner] += 1;
        } else {
            self.removed[owner] += 1;
        }
        events.push(Event::PawnRemoved {
            seat: self.to_play,
            owner,
            row: cell.row(),
            col: cell.col(),
            returned,
            owner_points: self.points(owner),
        });
        // A removal never ends the game: it adds no pawn and empties no reserve (Y4).
        self.end_turn(events);
    }

    /// Passes the turn to the other player. (With two seats, a resignation ends the game, so
    /// the next seat is always still playing.)
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.to_play = opponent(self.to_play);
        self.phase = Phase::Throwing { count: DICE as u8 };
        self.dice = [0; DICE];
        self.made = CombinationSet::EMPTY;
        self.throws = 0;
        self.challenge = None;
        events.push(Event::TurnStarted { seat: self.to_play });
    }

    /// Ends the game: `winner` decided by the rules (five in a row, resignation), or else by
    /// the points (rule 8, a tie being a draw).
    fn finish(&mut self, reason: EndReason, winner: Option<Seat>, events: &mut Vec<Event>) {
        let points = [self.points(0), self.points(1)];
        let winner = winner.or(better_of_two(points));
        self.phase = Phase::Over { reason, winner };
        self.made = CombinationSet::EMPTY;
        events.push(Event::GameOver {
            reason,
            winner,
            points,
        });
    }
}

/// The dice kept when those showing `faces` are thrown again: the rest of `dice`, ascending,
/// then zeros for the dice in the air. `None` if `faces` is not part of `dice`. Both are
/// ascending, so one merge pass matches them.
fn kept_dice(dice: &[u8; DICE], faces: &[u8]) -> Option<[u8; DICE]> {
    let mut kept = [0u8; DICE];
    let mut slots = kept.iter_mut();
    let mut faces = faces.iter().peekable();
    for die in dice {
        if faces.peek() == Some(&die) {
            faces.next();
        } else if let Some(slot) = slots.next() {
            *slot = *die;
        }
    }
    faces.next().is_none().then_some(kept)
}

/// Lists every distinct re-throw of the sorted `dice`, each set of dice as a bit mask (bit `i`
/// for die `i`). Of several dice showing the same face, only the first ones may be thrown, so
/// that each multiset of faces is listed once. With `must_break`, the kept dice may not hold
/// four of a kind (rule 10, L5).
fn push_rerolls(dice: &[u8; DICE], must_break: bool, out: &mut Vec<Action>) {
    const ALL_DICE: u32 = (1 << DICE) - 1;
    // The dice of a face shown four times or more, which the kept dice may not all hold.
    let mut four_of_a_kind = 0u32;
    if must_break {
        for (i, die) in dice.iter().enumerate() {
            if dice.iter().filter(|other| *other == die).count() >= 4 {
                four_of_a_kind |= 1 << i;
            }
        }
    }
    // Each distinct multiset of faces once; throwing none is no re-throw.
    for thrown in faces::sub_multisets(dice).filter(|thrown| *thrown != 0) {
        let kept = !thrown & ALL_DICE;
        if four_of_a_kind != 0 && (kept & four_of_a_kind).count_ones() >= 4 {
            continue;
        }
        out.push(Action::Reroll {
            faces: Faces::select(dice, thrown),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rerolls(dice: [u8; DICE], must_break: bool) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        push_rerolls(&dice, must_break, &mut out);
        out.iter()
            .map(|a| match a {
                Action::Reroll { faces } => faces.as_slice().to_vec(),
                other => panic!("not a re-throw: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn rerolls_name_each_multiset_of_faces_once() {
        let listed = rerolls([2, 4, 4, 5, 6], false);
        // (1 + 1)(2 + 1)(1 + 1)(1 + 1) - 1 choices.
        assert_eq!(listed.len(), 23);
        for faces in &listed {
            assert!(faces.windows(2).all(|p| p[0] <= p[1]), "{faces:?}");
        }
        let mut unique = listed.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), listed.len());
        assert!(listed.contains(&vec![4]) && listed.contains(&vec![2, 4, 4, 5, 6]));
        let all_threes: Vec<Vec<u8>> = (1..=5).map(|n| vec![3; n]).collect();
        assert_eq!(rerolls([3; 5], false), all_threes);
    }

    #[test]
    fn must_break_keeps_no_four_of_a_kind() {
        assert_eq!(rerolls([1, 1, 1, 1, 3], true).len(), 4 * 2);
        assert!(!rerolls([1, 1, 1, 1, 3], true).contains(&vec![3]));
        assert_eq!(
            rerolls([5; 5], true),
            [vec![5, 5], vec![5, 5, 5], vec![5; 4], vec![5; 5]]
        );
    }

    #[test]
    fn kept_dice_is_the_multiset_difference() {
        assert_eq!(kept_dice(&[1, 2, 2, 5, 6], &[2, 5]), Some([1, 2, 6, 0, 0]));
        assert_eq!(kept_dice(&[1, 2, 2, 5, 6], &[3]), None);
        assert_eq!(kept_dice(&[1, 2, 2, 5, 6], &[2, 2, 2]), None);
        assert_eq!(kept_dice(&[4; 5], &[4; 5]), Some([0; 5]));
    }
}

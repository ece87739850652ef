//! The invariants of a match of La Linotte or Yam Master, checked whenever a state is read from
//! JSON (so that the rules can trust a stored state) and by the property tests on every state
//! they reach.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::dice::{CombinationSet, DICE, combinations};
use super::state::{Challenge, EndReason, MAX_THROWS, PAWNS, Phase, SEATS, State};
use super::variant::Variant;

impl<O: Variant> Serialize for State<O> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        State::serialize(self, serializer)
    }
}

impl<'de, O: Variant> Deserialize<'de> for State<O> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut state = State::deserialize(deserializer)?;
        if state.phase == Phase::Choosing {
            state.made = combinations(&state.dice);
        }
        state.check().map_err(serde::de::Error::custom)?;
        Ok(state)
    }
}

impl<O: Variant> State<O> {
    /// Checks every invariant: the pawn counts, one pawn per cell, the dice and the phase.
    pub(super) fn check(&self) -> Result<(), String> {
        let rules = self.rules();
        if self.to_play >= SEATS {
            return Err(format!("seat {} does not exist", self.to_play));
        }
        if self.board.mask(0) & self.board.mask(1) != 0 {
            return Err("two pawns share a cell".into());
        }
        for seat in 0..SEATS {
            let total = u16::from(self.reserve[seat])
                + u16::from(self.board.count(seat))
                + u16::from(self.removed[seat]);
            if total != u16::from(PAWNS) {
                return Err(format!(
                    "seat {seat}: reserve + on the grid + removed = {total}, not {PAWNS}"
                ));
            }
            if !rules.yam_master && self.removed[seat] != 0 {
                return Err("La Linotte removes no pawn".into());
            }
        }
        if self.throws > MAX_THROWS {
            return Err(format!("{} throws in a turn", self.throws));
        }
        if self.resignations.seats().iter().any(|s| *s >= SEATS) {
            return Err("a resigned seat does not exist".into());
        }
        match self.challenge {
            Some(Challenge::Appel { .. }) if rules.yam_master => {
                return Err("an Appel in Yam Master".into());
            }
            Some(Challenge::Defi { .. }) if !rules.yam_master => {
                return Err("a Défi in La Linotte".into());
            }
            Some(_) if self.throws == 0 => return Err("a challenge before the first throw".into()),
            _ => {}
        }
        match self.phase {
            Phase::Throwing { count } => {
                if !(1..=DICE as u8).contains(&count) || self.throws >= MAX_THROWS {
                    return Err(format!("{count} dice thrown after {} throws", self.throws));
                }
                if self.throws == 0 && count != DICE as u8 {
                    return Err("the first throw uses all five dice".into());
                }
                let (kept, flying) = self.dice.split_at(DICE - usize::from(count));
                check_sorted_faces(kept)?;
                if flying.iter().any(|d| *d != 0) {
                    return Err("a die in the air shows a face".into());
                }
            }
            Phase::Choosing => {
                if self.throws == 0 {
                    return Err("choosing before the first throw".into());
                }
                check_sorted_faces(&self.dice)?;
            }
            Phase::Over { reason, winner } => {
                if winner.is_some_and(|w| w >= SEATS) {
                    return Err("the winner does not exist".into());
                }
                let ended = match reason {
                    EndReason::FiveInARow => (0..SEATS).any(|s| self.board.has_five(s)),
                    EndReason::NoPawnsLeft => self.reserve.contains(&0),
                    EndReason::Resignation => !self.resignations.seats().is_empty(),
                };
                if !ended {
                    return Err(format!("the game cannot have ended by {}", reason.as_str()));
                }
                if self.dice.iter().any(|d| *d > 6) {
                    return Err("a die shows more than 6".into());
                }
            }
        }
        let made = match self.phase {
            Phase::Choosing => combinations(&self.dice),
            _ => CombinationSet::EMPTY,
        };
        if self.made != made {
            return Err(format!(
                "the dice {:?} make {made:?}, not {:?}",
                self.dice, self.made
            ));
        }
        if !self.is_over() {
            if (0..SEATS).any(|s| self.board.has_five(s)) {
                return Err("five in a row, yet the game goes on".into());
            }
            if self.reserve.contains(&0) {
                return Err("a reserve is empty, yet the game goes on".into());
            }
            if !self.resignations.seats().is_empty() {
                return Err("a seat resigned, yet the game goes on".into());
            }
        }
        Ok(())
    }
}

/// Checks that `dice` are faces from 1 to 6 in ascending order.
fn check_sorted_faces(dice: &[u8]) -> Result<(), String> {
    if dice.iter().any(|d| !(1..=6).contains(d)) {
        return Err(format!("dice {dice:?} are not all faces from 1 to 6"));
    }
    if dice.windows(2).any(|pair| pair[0] > pair[1]) {
        return Err(format!("dice {dice:?} are not sorted"));
    }
    Ok(())
}

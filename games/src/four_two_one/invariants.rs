//! The invariants of a 421 table, checked whenever a state is read from JSON (so that the
//! rules can trust every seat number and die it holds) and by the property tests on every
//! state they reach.

use super::combination::Dice;
use super::moves::Phase;
use super::options::ZeroAtChargeEnd;
use super::sets::{Faces, Seats};
use super::table::{MAX_THROWS, Step, TOKENS, Table, tie_group};
use super::turns::remove_faces;

fn valid_dice(dice: Dice) -> bool {
    dice.iter().all(|face| (1..=6).contains(face)) && dice[0] >= dice[1] && dice[1] >= dice[2]
}

impl Table {
    /// Checks the invariants of the table: 21 tokens in all, `throws ≤ k ≤ 3`, and that every
    /// seat number, die and set is consistent with the step. The rules rely on it for states
    /// read from JSON.
    pub(super) fn check(&self) -> Result<(), String> {
        let n = self.seats();
        if !(2..=Seats::CAPACITY).contains(&n) {
            return Err(format!("{n} seats"));
        }
        let held: u32 = self.players.iter().map(|p| u32::from(p.tokens)).sum();
        if held + u32::from(self.pot) != u32::from(TOKENS) {
            return Err(format!("{held} tokens held and {} in the pot", self.pot));
        }
        let left = self.resignations.seats();
        if left.len() >= n || left.iter().any(|s| *s >= n) {
            return Err(format!("resignations {left:?} at a table of {n}"));
        }
        if (1..left.len()).any(|i| left[..i].contains(&left[i])) {
            return Err(format!("a seat resigned twice: {left:?}"));
        }
        if self.leader >= n {
            return Err(format!("leader {} at a table of {n}", self.leader));
        }
        if let Some(k) = self.throws_fixed {
            let max = match (self.phase, self.options.charge_single_throw) {
                (Phase::Charge, true) => 1,
                _ => MAX_THROWS,
            };
            if !(1..=max).contains(&k) {
                return Err(format!("k = {k}"));
            }
        }
        for (seat, p) in self.players.iter().enumerate() {
            if p.start_die.is_some_and(|d| !(1..=6).contains(&d))
                || p.result.is_some_and(|d| !valid_dice(d))
                || p.tie_break.is_some_and(|d| !valid_dice(d))
            {
                return Err(format!("seat {seat} holds a bad die: {p:?}"));
            }
            if !self.is_playing(seat) && p.tokens != 0 {
                return Err(format!("seat {seat} left with {} tokens", p.tokens));
            }
            if p.sitting_out
                && (p.tokens != 0
                    || self.phase != Phase::Decharge
                    || self.options.zero_at_charge_end != ZeroAtChargeEnd::SitsOutOfDecharge)
            {
                return Err(format!("seat {seat} cannot sit out"));
            }
            if !self.takes_part(seat) && (p.result.is_some() || p.tie_break.is_some()) {
                return Err(format!("seat {seat} is out of the round but has a result"));
            }
        }
        let all = Seats::first(n);
        match self.step {
            Step::FirstPlayer { contenders } => {
                if self.round != 0
                    || contenders.len() < 2
                    || !contenders.is_subset(self.playing())
                    || self.next_start_thrower(contenders).is_none()
                {
                    return Err(format!("first-player throw among {contenders:?}"));
                }
            }
            Step::Turn {
                seat,
                throws,
                dice,
                pending,
            } => {
                let limit = self.throw_limit();
                if seat >= n || !self.takes_part(seat) || self.players[seat].result.is_some() {
                    return Err(format!("seat {seat} cannot be throwing"));
                }
                if self.round == 0 || self.next_in_round() != Some(seat) {
                    return Err(format!("seat {seat} plays out of order"));
                }
                if self.throws_fixed.is_none() && seat != self.leader {
                    return Err(format!("seat {seat} throws before the leader fixed k"));
                }
                if throws > limit || limit > MAX_THROWS {
                    return Err(format!("{throws} throws of at most {limit}"));
                }
                if dice.is_some() != (throws > 0) || dice.is_some_and(|d| !valid_dice(d)) {
                    return Err(format!("dice {dice:?} after {throws} throws"));
                }
                if throws >= limit {
                    return Err(format!("the turn should have ended after {throws} throws"));
                }
                let consistent = match (pending, dice) {
                    (None, None) => false,
                    (None, Some(_)) => true,
                    (Some(kept), None) => kept.is_empty(),
                    (Some(kept), Some(dice)) => kept.len() <= 2 && kept_from(kept, dice),
                };
                if !consistent {
                    return Err(format!("dice {dice:?} with {pending:?} pending"));
                }
            }
            Step::TieBreak { worst, best } => {
                let played: Seats = (0..n)
                    .filter(|s| self.players[*s].result.is_some())
                    .collect();
                if played != self.participants() || self.round == 0 {
                    return Err("a tie-break before everyone played".into());
                }
                let best_ok = match self.phase {
                    Phase::Charge => best.is_empty(),
                    Phase::Decharge => !best.is_empty() && best.is_subset(played),
                };
                if worst.is_empty() || !worst.is_subset(played) || !best_ok {
                    return Err(format!("tie-break for worst {worst:?}, best {best:?}"));
                }
                let Some((group, _)) = tie_group(worst, best) else {
                    return Err("a tie-break with no tie".into());
                };
                let throwing: Seats = (0..n)
                    .filter(|s| self.players[*s].tie_break.is_some())
                    .collect();
                if !throwing.is_subset(group) || self.next_tie_thrower(group).is_none() {
                    return Err(format!("tie-break throws {throwing:?} in group {group:?}"));
                }
            }
            Step::Over { winners, .. } => {
                if winners.is_empty() || !winners.is_subset(all) {
                    return Err(format!("winners {winners:?}"));
                }
            }
        }
        Ok(())
    }
}

/// Whether the dice `kept` are among `dice` (as a multiset).
fn kept_from(kept: Faces, dice: Dice) -> bool {
    remove_faces(dice, kept).is_some()
}

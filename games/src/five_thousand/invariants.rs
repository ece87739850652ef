//! The invariants of a 5000 state, which the property tests check on every state they reach.

use super::FiveThousand;
use super::dice::DICE;
use super::options::{LAST_TURN_POINTS, POINT_STEP, TargetRule};
use super::scoring::{has_scoring_group, is_five_ones};
use super::state::{Phase, State, THROW_LIMIT};
use crate::contract::check_setup;

impl State {
    /// Checks the invariants of the state, its seat count and options first.
    pub(super) fn check(&self) -> Result<(), String> {
        check_setup::<FiveThousand>(self.players.len(), &self.options)
            .map_err(|e| e.to_string())?;
        let o = &self.options;
        let n = self.players.len();
        if self.seat >= n {
            return Err(format!("seat {} to play of {n}", self.seat));
        }
        if let Some(s) = self.resignations.seats().iter().find(|s| **s >= n) {
            return Err(format!("resigned seat {s} does not exist"));
        }
        let over = self.phase == Phase::Over;
        if over != self.end.is_some() {
            return Err("the end reason must be set exactly when the game is over".into());
        }
        if !over {
            if self.resignations.remaining(n) < 2 {
                return Err("fewer than two seats play on".into());
            }
            if self.resignations.has_resigned(self.seat) {
                return Err("a seat that left is to play".into());
            }
            if self.winner.is_some() {
                return Err("a winner before the end".into());
            }
        }
        if self.final_round.is_some() && !o.finish_round {
            return Err("a final round without finish_round".into());
        }

        // Banked scores: multiples of 50, zero until opened, at least the threshold once opened,
        // and within the bounds of the target rule (unsigned, so never negative).
        let reached_allowed = over || self.final_round.is_some();
        for (seat, player) in self.players.iter().enumerate() {
            let score = player.score;
            if !score.is_multiple_of(POINT_STEP) {
                return Err(format!("seat {seat} has {score}, not a multiple of 50"));
            }
            if player.opened != (score > 0) || (player.opened && score < o.opening_threshold) {
                return Err(format!(
                    "seat {seat} has {score} with opened = {}",
                    player.opened
                ));
            }
            if score >= o.target && !reached_allowed {
                return Err(format!(
                    "seat {seat} has {score}, the target, yet play goes on"
                ));
            }
            let fits = match o.target_rule {
                TargetRule::AtLeast => true,
                TargetRule::Exactly => score <= o.target,
                TargetRule::LastThousandInOneTurn => {
                    score <= o.target.saturating_sub(LAST_TURN_POINTS) || score >= o.target
                }
            };
            if !fits {
                return Err(format!("seat {seat} has {score} under {:?}", o.target_rule));
            }
        }

        // The dice: in hand plus set aside make five, and the turn total is what the keeps are
        // worth plus what was carried over from before hot dice.
        if self.throws > THROW_LIMIT {
            return Err(format!("{} throws this turn", self.throws));
        }
        let set_aside = self.set_aside.dice();
        if u32::from(self.hand) + u32::from(set_aside) != u32::from(DICE) {
            return Err(format!(
                "{} dice in hand and {set_aside} set aside",
                self.hand
            ));
        }
        let table = o.table();
        let mut kept_points: u32 = 0;
        for keep in self.set_aside.keeps() {
            let points = table
                .keep_value(*keep)
                .ok_or_else(|| format!("{keep:?} is not a legal keep"))?;
            kept_points += points;
        }
        if self.turn_total != self.carried.saturating_add(kept_points) {
            return Err(format!(
                "turn total {} but {} carried and {kept_points} kept",
                self.turn_total, self.carried
            ));
        }
        if !self.carried.is_multiple_of(POINT_STEP) {
            return Err(format!(
                "{} carried over, not a multiple of 50",
                self.carried
            ));
        }

        match self.phase {
            Phase::Throw => {
                if self.hand == 0 {
                    return Err("a throw of no dice".into());
                }
                if self.throws >= THROW_LIMIT {
                    return Err("a throw past the limit".into());
                }
                if self.throws == 0 && !o.hot_dice_resets_throw_count && self.turn_total > 0 {
                    return Err("points before the first throw".into());
                }
            }
            Phase::Keep => {
                let faces = self.roll.faces();
                if self.roll.len() != self.hand || self.throws == 0 {
                    return Err(format!(
                        "{:?} to keep from with {} in hand",
                        self.roll, self.hand
                    ));
                }
                if !has_scoring_group(faces) || is_five_ones(faces) {
                    return Err(format!("{:?} leaves nothing to keep", self.roll));
                }
            }
            Phase::Decide => {
                if self.throws == 0 || self.turn_total == 0 {
                    return Err("a choice to bank before any keep".into());
                }
                if !self.bank_allowed() || !self.may_rethrow() {
                    return Err("a choice where only one way is open".into());
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }
}

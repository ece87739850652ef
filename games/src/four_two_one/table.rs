//! The table of a 421 match: the seats and their tokens, the pot, the round under way and
//! the step the table waits for, and what they tell (who takes part, who plays next, the best
//! and worst results, the amount at stake).

use serde::{Deserialize, Serialize};

use super::combination::{self, Combination, Dice, RESULTS};
use super::moves::{AmountBasis, EndReason, Phase, Stake};
use super::options::{NenetteAmount, Options};
use super::sets::{Faces, Seats};
use crate::contract::{Chance, Seat, Turn};
use crate::ranking::Resignations;

/// The tokens of the game: the pot holds them all at the start (rule 1).
pub(super) const TOKENS: u8 = 21;
/// The most throws of a turn (rule 3).
pub(super) const MAX_THROWS: u8 = 3;
/// The rank of the nénette, the weakest result.
const NENETTE_RANK: u8 = RESULTS as u8;

/// One seat at the table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    /// Tokens held.
    pub(super) tokens: u8,
    /// Held no token when the charge ended and does not play the décharge (Q8 option).
    pub(super) sitting_out: bool,
    /// Its last die of the first-player throw.
    pub(super) start_die: Option<u8>,
    /// Its result in the current round, once its turn has ended.
    pub(super) result: Option<Dice>,
    /// Its throw in the tie-break being played.
    pub(super) tie_break: Option<Dice>,
}

/// What the table is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Step {
    /// The first-player throw: each contender without a die throws one, in seat order.
    FirstPlayer { contenders: Seats },
    /// A seat's turn in a round. `pending` holds the dice kept while a throw is due (all
    /// three dice are thrown when it is empty); `None` means the seat must decide.
    Turn {
        seat: Seat,
        throws: u8,
        dice: Option<Dice>,
        pending: Option<Faces>,
    },
    /// Everyone has played the round; ties are being broken. `worst` (and `best`, in the
    /// décharge) are the seats still in the running for that role.
    TieBreak { worst: Seats, best: Seats },
    /// The game is over.
    Over { winners: Seats, reason: EndReason },
}

/// The best and worst results among the seats that played the round.
#[derive(Debug, Clone, Copy)]
pub(super) struct Extremes {
    pub(super) best: Seats,
    pub(super) worst: Seats,
    pub(super) best_dice: Dice,
    pub(super) worst_dice: Dice,
}

/// The table: the state of a match without its validating wrapper.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Table {
    pub(super) options: Options,
    pub(super) players: Vec<Player>,
    pub(super) resignations: Resignations,
    /// Tokens in the pot (during the décharge: tokens set aside by seats that left).
    pub(super) pot: u8,
    pub(super) phase: Phase,
    /// The number of the current round (0 before the first one).
    pub(super) round: u16,
    /// The seat that leads the current round; the round is played from it clockwise.
    pub(super) leader: Seat,
    /// `k`: the number of throws the leader used, once their turn is over.
    pub(super) throws_fixed: Option<u8>,
    /// Whether the current round needed a tie-break.
    pub(super) tie_break_used: bool,
    pub(super) step: Step,
}

/// The result of dice known to be valid (a face outside 1..=6 would rank below everything).
pub(super) fn describe(dice: Dice) -> Combination {
    Combination::of(dice).unwrap_or(Combination {
        dice,
        category: combination::Category::Other,
        rank: NENETTE_RANK + 1,
        tokens: 0,
    })
}

/// The seats that must throw next to break the ties still open, and what they decide. The
/// worst result is settled first; in the décharge a tie between every player is one joint
/// tie-break deciding both roles.
pub(super) fn tie_group(worst: Seats, best: Seats) -> Option<(Seats, Stake)> {
    if worst.len() > 1 {
        Some((
            worst,
            if worst == best {
                Stake::Both
            } else {
                Stake::Worst
            },
        ))
    } else if best.len() > 1 {
        Some((best, Stake::Best))
    } else {
        None
    }
}

/// Shorthand for the chance step of throwing `count` dice.
pub(super) const fn dice_chance(count: u8) -> Turn {
    Turn::Chance {
        chance: Chance::Dice { count },
    }
}

impl Table {
    /// A new table of `seats` seats: the pot holds every token, the first-player throw is due.
    pub(super) fn new(seats: usize, options: Options) -> Table {
        Table {
            options,
            players: vec![Player::default(); seats],
            resignations: Resignations::default(),
            pot: TOKENS,
            phase: Phase::Charge,
            round: 0,
            leader: 0,
            throws_fixed: None,
            tie_break_used: false,
            step: Step::FirstPlayer {
                contenders: Seats::first(seats),
            },
        }
    }

    pub(super) fn seats(&self) -> usize {
        self.players.len()
    }

    /// Whether `seat` exists and has not left the game.
    pub(super) fn is_playing(&self, seat: Seat) -> bool {
        seat < self.seats() && !self.resignations.has_resigned(seat)
    }

    /// Whether `seat` plays the rounds now (not gone, not sitting out the décharge).
    pub(super) fn takes_part(&self, seat: Seat) -> bool {
        self.is_playing(seat) && !self.players[seat].sitting_out
    }

    pub(super) fn playing(&self) -> Seats {
        (0..self.seats()).filter(|s| self.is_playing(*s)).collect()
    }

    pub(super) fn participants(&self) -> Seats {
        (0..self.seats()).filter(|s| self.takes_part(*s)).collect()
    }

    /// The number of throws the player now throwing must (follower) or may (leader) use.
    pub(super) fn throw_limit(&self) -> u8 {
        match self.throws_fixed {
            Some(k) => k,
            None if self.phase == Phase::Charge && self.options.charge_single_throw => 1,
            None => MAX_THROWS,
        }
    }

    /// Who must act now.
    pub(super) fn turn(&self) -> Turn {
        match self.step {
            Step::FirstPlayer { .. } => dice_chance(1),
            Step::Turn {
                pending: Some(kept),
                ..
            } => dice_chance(3u8.saturating_sub(kept.len() as u8)),
            Step::Turn { seat, .. } => Turn::Seat { seat },
            Step::TieBreak { .. } => dice_chance(3),
            Step::Over { .. } => Turn::Over,
        }
    }

    /// The next contender of the first-player throw to throw its die.
    pub(super) fn next_start_thrower(&self, contenders: Seats) -> Option<Seat> {
        contenders
            .iter()
            .find(|seat| self.players[*seat].start_die.is_none())
    }

    /// The next seat to play the round: clockwise from the leader, the first that takes part
    /// and has not played yet.
    pub(super) fn next_in_round(&self) -> Option<Seat> {
        let n = self.seats();
        (0..n)
            .map(|offset| (self.leader + offset) % n)
            .find(|seat| self.takes_part(*seat) && self.players[*seat].result.is_none())
    }

    /// The next seat after `seat` that takes part in the rounds.
    pub(super) fn next_participant_after(&self, seat: Seat) -> Option<Seat> {
        let n = self.seats();
        (1..n)
            .map(|offset| (seat + offset) % n)
            .find(|next| self.takes_part(*next))
    }

    /// The best and worst results among the seats of the round that have played.
    pub(super) fn extremes(&self) -> Option<Extremes> {
        let mut extremes: Option<Extremes> = None;
        let (mut best_rank, mut worst_rank) = (u8::MAX, 0);
        for (seat, player) in self.players.iter().enumerate() {
            let Some(dice) = player.result.filter(|_| self.takes_part(seat)) else {
                continue;
            };
            let rank = combination::rank(dice);
            let e = extremes.get_or_insert(Extremes {
                best: Seats::EMPTY,
                worst: Seats::EMPTY,
                best_dice: dice,
                worst_dice: dice,
            });
            if rank < best_rank {
                (e.best, e.best_dice, best_rank) = (Seats::only(seat), dice, rank);
            } else if rank == best_rank {
                e.best = e.best.with(seat);
            }
            if rank > worst_rank {
                (e.worst, e.worst_dice, worst_rank) = (Seats::only(seat), dice, rank);
            } else if rank == worst_rank {
                e.worst = e.worst.with(seat);
            }
        }
        extremes
    }

    /// The next tied seat to throw: tie-breaks go in reverse playing order (rule 14).
    pub(super) fn next_tie_thrower(&self, group: Seats) -> Option<Seat> {
        let n = self.seats();
        (0..n)
            .rev()
            .map(|offset| (self.leader + offset) % n)
            .find(|seat| group.contains(*seat) && self.players[*seat].tie_break.is_none())
    }

    /// The amount of the round and why (rule 7, Q4, rule 14).
    pub(super) fn amount(&self, best: Dice, worst: Dice) -> (u8, AmountBasis) {
        if self.tie_break_used && self.options.tie_break_amount_one {
            return (1, AmountBasis::TieBreak);
        }
        let best_tokens = describe(best).tokens;
        if combination::rank(worst) != NENETTE_RANK {
            return (best_tokens, AmountBasis::BestResult);
        }
        let amount = match self.options.nenette_amount {
            NenetteAmount::FixedTwo => 2,
            NenetteAmount::AtLeastTwo => best_tokens.max(2),
            NenetteAmount::BestPlusTwo => best_tokens.saturating_add(2),
        };
        (amount, AmountBasis::Nenette)
    }
}

/// Unit tests of the private helpers; the rules by example are in `games/tests/four_two_one_rules.rs`.
#[cfg(test)]
mod tests {
    use super::*;

    /// The nénette's amount for every best result, under each `nenette_amount`.
    #[test]
    fn option_nenette_amount_exhaustive_over_every_best_result() {
        for best in Combination::all() {
            for (nenette_amount, expected) in [
                (NenetteAmount::FixedTwo, 2),
                (NenetteAmount::AtLeastTwo, best.tokens.max(2)),
                (NenetteAmount::BestPlusTwo, best.tokens + 2),
            ] {
                let table = Table::new(
                    2,
                    Options {
                        nenette_amount,
                        ..Options::default()
                    },
                );
                assert_eq!(
                    table.amount(best.dice, [2, 2, 1]),
                    (expected, AmountBasis::Nenette)
                );
                // Without a nénette, the option changes nothing.
                if best.dice != [2, 2, 1] {
                    assert_eq!(
                        table.amount(best.dice, [3, 2, 2]),
                        (best.tokens, AmountBasis::BestResult)
                    );
                }
            }
        }
    }
}

//! How a 421 match goes round: the first-player throw, the rounds and their turns, the
//! tie-breaks, the settlement of each round in the charge and the décharge, and the end of
//! the game with its ranking.

use std::borrow::Cow;
use std::cmp::Reverse;

use super::combination;
use super::moves::{EndReason, Event, Phase, Stake};
use super::options::{FirstPlayerRule, ZeroAtChargeEnd};
use super::sets::{Faces, Seats};
use super::table::{Step, TOKENS, Table, describe, tie_group};
use crate::contract::{Outcome, Seat};

/// The first-player throw ranks single dice ace high (original rules: "As > six > ... > deux").
fn start_strength(die: u8) -> u8 {
    if die == 1 { 7 } else { die }
}

impl Table {
    /// The final ranking, once the game is over: the winners first, then by tokens held, fewer
    /// first.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        let Step::Over { winners, reason } = self.step else {
            return None;
        };
        let tokens = |seat: Seat| self.players.get(seat).map_or(0, |p| p.tokens);
        let ranking = self.resignations.rank(
            self.seats(),
            |seat| (winners.contains(seat), Reverse(tokens(seat))),
            |seat| i64::from(tokens(seat)),
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }

    // --- The first-player throw -------------------------------------------------------------

    /// Once every contender has thrown, keeps those with the deciding die; a single one starts.
    pub(super) fn advance_first_player(&mut self, events: &mut Vec<Event>) {
        let Step::FirstPlayer { contenders } = self.step else {
            return;
        };
        if let Some(seat) = contenders.single() {
            self.first_player_chosen(seat, events);
            return;
        }
        if self.next_start_thrower(contenders).is_some() {
            return;
        }
        let strength = |seat: Seat| self.players[seat].start_die.map_or(0, start_strength);
        let strengths = contenders.iter().map(strength);
        let target = match self.options.first_player_rule {
            FirstPlayerRule::Highest => strengths.max(),
            FirstPlayerRule::Lowest => strengths.min(),
        };
        let tied: Seats = contenders
            .iter()
            .filter(|seat| Some(strength(*seat)) == target)
            .collect();
        if let Some(seat) = tied.single() {
            self.first_player_chosen(seat, events);
            return;
        }
        for seat in tied.iter() {
            self.players[seat].start_die = None;
        }
        self.step = Step::FirstPlayer { contenders: tied };
        events.push(Event::StartTie { seats: tied });
    }

    fn first_player_chosen(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::FirstPlayer { seat });
        self.leader = seat;
        self.start_round(events);
    }

    // --- Rounds and turns --------------------------------------------------------------------

    pub(super) fn start_round(&mut self, events: &mut Vec<Event>) {
        self.round = self.round.saturating_add(1);
        for player in &mut self.players {
            player.result = None;
            player.tie_break = None;
        }
        self.throws_fixed = None;
        self.tie_break_used = false;
        events.push(Event::RoundStarted {
            round: self.round,
            phase: self.phase,
            leader: self.leader,
        });
        self.begin_turn(self.leader, events);
    }

    pub(super) fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.step = Step::Turn {
            seat,
            throws: 0,
            dice: None,
            pending: Some(Faces::EMPTY),
        };
        events.push(Event::TurnStarted { seat });
    }

    /// Ends the turn of the seat now throwing, with its current dice as its result.
    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let Step::Turn {
            seat,
            throws,
            dice: Some(dice),
            ..
        } = self.step
        else {
            return;
        };
        self.players[seat].result = Some(dice);
        events.push(Event::TurnEnded {
            seat,
            throws,
            result: describe(dice),
        });
        if self.throws_fixed.is_none() {
            self.throws_fixed = Some(throws);
            events.push(Event::ThrowsFixed { seat, throws });
        }
        self.next_turn_or_resolve(events);
    }

    pub(super) fn next_turn_or_resolve(&mut self, events: &mut Vec<Event>) {
        match self.next_in_round() {
            Some(seat) => self.begin_turn(seat, events),
            None => self.resolve_round(events),
        }
    }

    /// Every seat has played: find the loser (and, in the décharge, the giver), by tie-breaks
    /// if needed.
    pub(super) fn resolve_round(&mut self, events: &mut Vec<Event>) {
        let Some(extremes) = self.extremes() else {
            return;
        };
        for player in &mut self.players {
            player.tie_break = None;
        }
        let best = match self.phase {
            Phase::Charge => Seats::EMPTY,
            Phase::Decharge => extremes.best,
        };
        self.step = Step::TieBreak {
            worst: extremes.worst,
            best,
        };
        self.continue_resolution(events);
    }

    fn continue_resolution(&mut self, events: &mut Vec<Event>) {
        let Step::TieBreak { worst, best } = self.step else {
            return;
        };
        match tie_group(worst, best) {
            Some((seats, stake)) => {
                self.tie_break_used = true;
                events.push(Event::TieBreakStarted { seats, stake });
            }
            None => self.settle(worst, best, events),
        }
    }

    /// Every tied seat has thrown: keep those still tied for the role at stake.
    pub(super) fn end_tie_break(&mut self, group: Seats, stake: Stake, events: &mut Vec<Event>) {
        let Step::TieBreak {
            mut worst,
            mut best,
        } = self.step
        else {
            return;
        };
        let rank = |seat: Seat| {
            self.players[seat]
                .tie_break
                .map_or(u8::MAX, combination::rank)
        };
        let best_rank = group.iter().map(rank).min();
        let worst_rank = group.iter().map(rank).max();
        let lowest: Seats = group
            .iter()
            .filter(|s| Some(rank(*s)) == worst_rank)
            .collect();
        let highest: Seats = group
            .iter()
            .filter(|s| Some(rank(*s)) == best_rank)
            .collect();
        match stake {
            Stake::Worst => worst = lowest,
            Stake::Best => best = highest,
            Stake::Both => (worst, best) = (lowest, highest),
        }
        for seat in group.iter() {
            self.players[seat].tie_break = None;
        }
        self.step = Step::TieBreak { worst, best };
        self.continue_resolution(events);
    }

    /// Moves the tokens of a decided round, then starts the next round or ends the game.
    fn settle(&mut self, worst: Seats, best: Seats, events: &mut Vec<Event>) {
        let (Some(loser), Some(extremes)) = (worst.single(), self.extremes()) else {
            return;
        };
        // The amount comes from the round's own results, whoever won the tie-breaks.
        let (due, basis) = self.amount(extremes.best_dice, extremes.worst_dice);
        match self.phase {
            Phase::Charge => {
                let count = due.min(self.pot);
                self.pot -= count;
                self.players[loser].tokens += count;
                events.push(Event::Charged {
                    seat: loser,
                    due,
                    count,
                    basis,
                    pot: self.pot,
                });
                self.leader = loser;
                if self.pot == 0 {
                    self.end_charge(events);
                } else {
                    self.start_round(events);
                }
            }
            Phase::Decharge => {
                let Some(giver) = best.single() else {
                    return;
                };
                let count = due.min(self.players[giver].tokens);
                self.players[giver].tokens -= count;
                self.players[loser].tokens += count;
                events.push(Event::Paid {
                    from: giver,
                    to: loser,
                    due,
                    count,
                    basis,
                });
                if self.players[giver].tokens == 0 {
                    self.finish(Seats::only(giver), EndReason::Discharged, events);
                } else {
                    self.leader = loser;
                    self.start_round(events);
                }
            }
        }
    }

    /// The pot is empty: end the game (espagnole, players with no token) or start the décharge,
    /// led by the loser of the last round.
    fn end_charge(&mut self, events: &mut Vec<Event>) {
        let playing = self.playing();
        if self.options.espagnole
            && let Some(holder) = playing
                .iter()
                .find(|seat| self.players[*seat].tokens == TOKENS)
        {
            events.push(Event::Espagnole { seat: holder });
            self.finish(playing.without(holder), EndReason::Espagnole, events);
            return;
        }
        let empty: Seats = playing
            .iter()
            .filter(|seat| self.players[*seat].tokens == 0)
            .collect();
        let sit_out = self.options.zero_at_charge_end == ZeroAtChargeEnd::SitsOutOfDecharge;
        // Sitting out needs at least two players left for the décharge; otherwise (one player
        // holding every token) those with none win, as by default.
        if !empty.is_empty() && (!sit_out || playing.len() - empty.len() < 2) {
            self.finish(empty, EndReason::NoTokensAfterCharge, events);
            return;
        }
        for seat in empty.iter() {
            self.players[seat].sitting_out = true;
        }
        self.phase = Phase::Decharge;
        events.push(Event::DechargeStarted { sitting_out: empty });
        self.start_round(events);
    }

    pub(super) fn finish(&mut self, winners: Seats, reason: EndReason, events: &mut Vec<Event>) {
        self.step = Step::Over { winners, reason };
        events.push(Event::GameOver { winners, reason });
    }
}

//! The state machine of a 421 match: who throws, what a throw does, how a round is settled.
//!
//! Every public entry point validates completely before it mutates anything, so that a refused
//! action, chance step or resignation leaves the table exactly as it was.

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::combination::{self, Combination, Dice, RESULTS};
use super::sets::{Faces, Seats};
use super::{
    Action, AmountBasis, EndReason, Event, FirstPlayerRule, NenetteAmount, Options, Phase, Stake,
    ZeroAtChargeEnd, dice_chance,
};
use crate::contract::{ActionError, Placing, Seat, Turn};
use crate::ranking::{Resignations, rank_by_key};

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

/// A decision that passed validation.
enum Decision {
    Reroll { faces: Faces, kept: Faces },
    Stop,
    LeBon { throws: u8 },
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

const fn illegal(reason: &'static str) -> ActionError {
    ActionError::illegal(reason)
}

/// The result of dice known to be valid (a face outside 1..=6 would rank below everything).
fn describe(dice: Dice) -> Combination {
    Combination::of(dice).unwrap_or(Combination {
        dice,
        category: combination::Category::Other,
        rank: NENETTE_RANK + 1,
        tokens: 0,
    })
}

/// Whether the sub-multiset of `dice` at the positions of `mask` is listed: among equal faces
/// (adjacent, the dice being sorted) the leftmost ones are taken first, so that each multiset of
/// faces appears once.
fn canonical(dice: Dice, mask: u8) -> bool {
    (0..2).all(|i| dice[i] != dice[i + 1] || mask & (1 << (i + 1)) == 0 || mask & (1 << i) != 0)
}

/// The faces of `dice` at the positions of `mask`, highest first.
fn faces_at(dice: Dice, mask: u8) -> Faces {
    let mut faces = Faces::EMPTY;
    for (i, face) in dice.iter().enumerate() {
        if mask & (1 << i) != 0 {
            faces = faces.with(*face).unwrap_or(faces);
        }
    }
    faces
}

/// The dice left when the dice showing `faces` are taken away; `None` if they are not all there.
fn remove_faces(dice: Dice, faces: Faces) -> Option<Faces> {
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

/// The first-player throw ranks single dice ace high (original rules: "As > six > ... > deux").
fn start_strength(die: u8) -> u8 {
    if die == 1 { 7 } else { die }
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

fn valid_dice(dice: Dice) -> bool {
    dice.iter().all(|face| (1..=6).contains(face)) && dice[0] >= dice[1] && dice[1] >= dice[2]
}

impl Table {
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

    fn seats(&self) -> usize {
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

    fn playing(&self) -> Seats {
        (0..self.seats()).filter(|s| self.is_playing(*s)).collect()
    }

    fn participants(&self) -> Seats {
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

    pub(super) fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
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
        for mask in 1..8u8 {
            if canonical(dice, mask) {
                out.push(Action::Reroll {
                    faces: faces_at(dice, mask),
                });
            }
        }
    }

    fn check_action(&self, seat: Seat, action: &Action) -> Result<Decision, ActionError> {
        if matches!(self.step, Step::Over { .. }) {
            return Err(ActionError::GameOver);
        }
        if seat >= self.seats() {
            return Err(ActionError::NoSuchSeat);
        }
        let Step::Turn {
            seat: current,
            throws,
            dice: Some(dice),
            pending: None,
        } = self.step
        else {
            return Err(ActionError::NotYourTurn);
        };
        if current != seat {
            return Err(ActionError::NotYourTurn);
        }
        let leading = self.throws_fixed.is_none();
        match *action {
            Action::Reroll { faces } => {
                if faces.is_empty() {
                    return Err(illegal("re-throw at least one die"));
                }
                let kept = remove_faces(dice, faces)
                    .ok_or(illegal("the dice on the table do not show those faces"))?;
                Ok(Decision::Reroll { faces, kept })
            }
            Action::Stop if leading => Ok(Decision::Stop),
            Action::Stop if self.options.le_bon => Err(illegal(
                "only the leader stops; announce le bon to keep your dice",
            )),
            Action::Stop => Err(illegal("you must use exactly as many throws as the leader")),
            Action::LeBon if leading => Err(illegal("the leader keeps their dice with stop")),
            Action::LeBon if self.options.le_bon => Ok(Decision::LeBon { throws }),
            Action::LeBon => Err(illegal("le bon is not played at this table")),
        }
    }

    pub(super) fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        match self.check_action(seat, action)? {
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

    pub(super) fn apply_chance(
        &mut self,
        values: &[u8],
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let chance = match self.turn() {
            Turn::Chance { chance } => chance,
            Turn::Over => return Err(ActionError::GameOver),
            Turn::Seat { .. } => return Err(ActionError::NoChanceDue),
        };
        chance.check(values)?;
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

    pub(super) fn resign(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        if matches!(self.step, Step::Over { .. }) {
            return Err(ActionError::GameOver);
        }
        if seat >= self.seats() {
            return Err(ActionError::NoSuchSeat);
        }
        if !self.resignations.resign(seat) {
            return Err(illegal("this seat has already left the game"));
        }
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
            return Ok(());
        }
        if self.phase == Phase::Decharge && self.participants().len() < 2 {
            // Nobody is left to play the décharge against: those sitting it out win.
            let winners: Seats = (self.playing().iter())
                .filter(|s| self.players[*s].sitting_out)
                .collect();
            self.finish(winners, EndReason::Resignation, events);
            return Ok(());
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
        Ok(())
    }

    /// The ranking and the reason of the end, once the game is over.
    pub(super) fn ranking(&self) -> Option<(Vec<Placing>, EndReason)> {
        let Step::Over { winners, reason } = self.step else {
            return None;
        };
        let tokens = |seat: Seat| self.players.get(seat).map_or(0, |p| p.tokens);
        let ranking = rank_by_key(
            self.seats(),
            |seat| {
                (
                    self.resignations.standing(seat),
                    winners.contains(seat),
                    Reverse(tokens(seat)),
                )
            },
            |seat| i64::from(tokens(seat)),
        );
        Some((ranking, reason))
    }

    // --- The first-player throw -------------------------------------------------------------

    fn next_start_thrower(&self, contenders: Seats) -> Option<Seat> {
        contenders
            .iter()
            .find(|seat| self.players[*seat].start_die.is_none())
    }

    /// Once every contender has thrown, keeps those with the deciding die; a single one starts.
    fn advance_first_player(&mut self, events: &mut Vec<Event>) {
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

    fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.step = Step::Turn {
            seat,
            throws: 0,
            dice: None,
            pending: Some(Faces::EMPTY),
        };
        events.push(Event::TurnStarted { seat });
    }

    /// Ends the turn of the seat now throwing, with its current dice as its result.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
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

    /// The next seat to play the round: clockwise from the leader, the first that takes part
    /// and has not played yet.
    pub(super) fn next_in_round(&self) -> Option<Seat> {
        let n = self.seats();
        (0..n)
            .map(|offset| (self.leader + offset) % n)
            .find(|seat| self.takes_part(*seat) && self.players[*seat].result.is_none())
    }

    fn next_participant_after(&self, seat: Seat) -> Option<Seat> {
        let n = self.seats();
        (1..n)
            .map(|offset| (seat + offset) % n)
            .find(|next| self.takes_part(*next))
    }

    fn next_turn_or_resolve(&mut self, events: &mut Vec<Event>) {
        match self.next_in_round() {
            Some(seat) => self.begin_turn(seat, events),
            None => self.resolve_round(events),
        }
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

    /// Every seat has played: find the loser (and, in the décharge, the giver), by tie-breaks
    /// if needed.
    fn resolve_round(&mut self, events: &mut Vec<Event>) {
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

    /// The next tied seat to throw: tie-breaks go in reverse playing order (rule 14).
    fn next_tie_thrower(&self, group: Seats) -> Option<Seat> {
        let n = self.seats();
        (0..n)
            .rev()
            .map(|offset| (self.leader + offset) % n)
            .find(|seat| group.contains(*seat) && self.players[*seat].tie_break.is_none())
    }

    /// Every tied seat has thrown: keep those still tied for the role at stake.
    fn end_tie_break(&mut self, group: Seats, stake: Stake, events: &mut Vec<Event>) {
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

    fn finish(&mut self, winners: Seats, reason: EndReason, events: &mut Vec<Event>) {
        self.step = Step::Over { winners, reason };
        events.push(Event::GameOver { winners, reason });
    }

    // --- Invariants ---------------------------------------------------------------------------

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

/// Unit tests of the private helpers; the rules by example are in `games/tests/four_two_one_rules.rs`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::four_two_one::{Combination, NenetteAmount};

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

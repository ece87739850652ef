//! The rules that move a Linja match on: who moves, the legal actions, and what an initial
//! move, a following move, a bonus move, a pass or a resignation does (rules 4 to 18).

use std::borrow::Cow;

use super::board::{Landing, ROWS, goal_line, is_inner, neighbour};
use super::options::Edition;
use super::state::{
    Action, EndReason, Event, NoFollowingCause, Phase, Stage, State, opponent, row_u8,
};
use crate::contract::{ActionError, Outcome, Seat, Turn};
use crate::rules::Rules;

impl State {
    /// Checks a bonus move of a piece of `owner` from `from` to `to` by `seat` (rules 14, 16,
    /// ambiguity A9).
    pub(super) fn check_bonus(
        &self,
        seat: Seat,
        owner: Seat,
        from: usize,
        to: usize,
    ) -> Result<(), &'static str> {
        if owner >= 2 {
            return Err("the owner of a piece is seat 0 or seat 1");
        }
        if owner != seat && !self.options.nasty_bonus {
            return Err("the bonus moves one of your own pieces");
        }
        if from >= ROWS || to >= ROWS {
            return Err("rows are numbered 0 to 7");
        }
        if self.board.count(owner, from) == 0 {
            return Err("there is no such piece on that row");
        }
        let forward = neighbour(owner, from, true) == Some(to);
        let backward = neighbour(owner, from, false) == Some(to);
        if !forward && !backward {
            return Err("a bonus move goes one row forward or one row backward");
        }
        if backward && from == goal_line(owner) {
            if owner != seat {
                return Err("an opponent's piece on its goal line may not be moved back");
            }
            if !self.options.bonus_may_leave_goal {
                return Err("a piece on its goal line may not step back");
            }
        }
        if !self.board.has_room(to) {
            return Err("that row is full (6 pieces)");
        }
        Ok(())
    }

    /// Plays a checked initial move and works out what it earns (rules 5, 6; 2010 edition).
    fn play_initial(&mut self, seat: Seat, from: usize, to: usize, events: &mut Vec<Event>) {
        // Rule 5: the pieces already there, before the moved piece arrives.
        let found = self.board.total(to);
        self.board.move_piece(seat, from, to);
        events.push(Event::PieceMoved {
            seat,
            stage: Stage::Initial,
            owner: seat,
            from: row_u8(from),
            to: row_u8(to),
        });
        let rows = if to == goal_line(seat) {
            match self.options.edition {
                Edition::Seed => None,
                Edition::Steffen2010 => Some(1),
            }
        } else {
            Some(found).filter(|n| *n > 0)
        };
        match rows {
            Some(rows) => {
                events.push(Event::FollowingMoveDue { seat, rows });
                self.phase = Phase::Following { rows };
            }
            None => {
                let cause = if to == goal_line(seat) {
                    NoFollowingCause::GoalLine
                } else {
                    NoFollowingCause::EmptyRow
                };
                events.push(Event::NoFollowingMove { seat, cause });
                self.end_turn(false, events);
            }
        }
    }

    /// Plays a checked following move and works out what it earns (rules 11, 14; 2010
    /// edition's extra turn).
    fn play_following(
        &mut self,
        seat: Seat,
        from: usize,
        landing: Landing,
        events: &mut Vec<Event>,
    ) {
        let found = self.board.total(landing.to);
        self.board.move_piece(seat, from, landing.to);
        events.push(Event::PieceMoved {
            seat,
            stage: Stage::Following,
            owner: seat,
            from: row_u8(from),
            to: row_u8(landing.to),
        });
        if landing.lost > 0 {
            events.push(Event::StepsLost {
                seat,
                count: row_u8(landing.lost),
            });
        }
        match self.options.edition {
            Edition::Seed => {
                if landing.to == goal_line(seat) && landing.lost == 0 {
                    events.push(Event::BonusEarned { seat });
                    self.phase = Phase::Bonus;
                } else {
                    self.end_turn(false, events);
                }
            }
            Edition::Steffen2010 => {
                // Only the rows between the sticks count as "empty rows"; the extra turn does
                // not chain.
                let extra = is_inner(landing.to) && found == 0 && !self.extra_turn;
                self.end_turn(extra, events);
            }
        }
    }

    /// Closes a complete turn: checks the end (rule 18), then hands the move to the opponent,
    /// or to the same seat for an earned extra turn.
    fn end_turn(&mut self, extra: bool, events: &mut Vec<Event>) {
        if self.board.armies_passed() {
            self.finish(EndReason::ArmiesPassed, events);
            return;
        }
        if !self.board.can_start(0) && !self.board.can_start(1) {
            self.finish(EndReason::Blocked, events);
            return;
        }
        let next = if extra {
            self.to_move
        } else {
            opponent(self.to_move)
        };
        self.to_move = next;
        self.extra_turn = extra;
        self.phase = Phase::Initial;
        events.push(Event::TurnStarted {
            seat: next,
            extra_turn: extra,
        });
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over { reason };
        self.extra_turn = false;
        events.push(Event::GameOver {
            reason,
            scores: self.scores(),
            winner: self.winner(),
        });
    }

    /// Applies an action in the initial stage.
    fn apply_initial(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let seat = self.to_move;
        match action {
            Action::InitialMove { from, to } => {
                let from = usize::from(from);
                let target = self
                    .board
                    .initial_target(seat, from)
                    .map_err(ActionError::illegal)?;
                if usize::from(to) != target {
                    return Err(ActionError::illegal(
                        "an initial move goes exactly one row forward",
                    ));
                }
                self.play_initial(seat, from, target, events);
            }
            Action::Pass => {
                if self.board.can_start(seat) {
                    return Err(ActionError::illegal(
                        "you can make an initial move, so you may not pass",
                    ));
                }
                events.push(Event::Passed { seat });
                self.end_turn(false, events);
            }
            _ => {
                return Err(ActionError::illegal(
                    "the turn starts with an initial move (or a pass when none is possible)",
                ));
            }
        }
        Ok(())
    }

    /// Applies an action while a following move of `rows` rows is due.
    fn apply_following(
        &mut self,
        rows: u8,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        let seat = self.to_move;
        let distance = usize::from(rows);
        match action {
            Action::FollowingMove { from, to } => {
                let from = usize::from(from);
                let landing = self
                    .board
                    .following_target(seat, from, distance)
                    .map_err(ActionError::illegal)?;
                if usize::from(to) != landing.to {
                    return Err(ActionError::illegal(
                        "a following move goes exactly the due number of rows forward \
                         (stopping on the goal line if it would go beyond)",
                    ));
                }
                self.play_following(seat, from, landing, events);
            }
            Action::ForfeitFollowing => {
                if self.board.can_follow(seat, distance) {
                    return Err(ActionError::illegal(
                        "a following move is possible, so it cannot be forfeited",
                    ));
                }
                events.push(Event::FollowingForfeited { seat, rows });
                self.end_turn(false, events);
            }
            Action::DeclineFollowing => {
                if !self.options.follow_up_optional {
                    return Err(ActionError::illegal(
                        "the following move is compulsory when one is possible",
                    ));
                }
                if !self.board.can_follow(seat, distance) {
                    return Err(ActionError::illegal(
                        "no following move is possible: forfeit it instead",
                    ));
                }
                events.push(Event::FollowingDeclined { seat, rows });
                self.end_turn(false, events);
            }
            _ => return Err(ActionError::illegal("a following move is due")),
        }
        Ok(())
    }

    /// Applies an action while a bonus move is due.
    fn apply_bonus(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let seat = self.to_move;
        match action {
            Action::BonusMove { owner, from, to } => {
                let (from, to) = (usize::from(from), usize::from(to));
                self.check_bonus(seat, owner, from, to)
                    .map_err(ActionError::illegal)?;
                self.board.move_piece(owner, from, to);
                events.push(Event::PieceMoved {
                    seat,
                    stage: Stage::Bonus,
                    owner,
                    from: row_u8(from),
                    to: row_u8(to),
                });
            }
            Action::DeclineBonus => events.push(Event::BonusDeclined { seat }),
            _ => return Err(ActionError::illegal("play or decline the bonus move")),
        }
        // Rule 15: a bonus never chains; the turn is over.
        self.end_turn(false, events);
        Ok(())
    }
}

impl Rules for State {
    crate::rules::rules_common!();

    const ALREADY_LEFT: &'static str = "this seat has already resigned";

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else {
            Turn::Seat { seat: self.to_move }
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.is_over() || seat != self.to_move {
            return;
        }
        let board = &self.board;
        let first = out.len();
        match self.phase {
            Phase::Initial => {
                for from in 0..ROWS {
                    if let Ok(to) = board.initial_target(seat, from) {
                        out.push(Action::InitialMove {
                            from: row_u8(from),
                            to: row_u8(to),
                        });
                    }
                }
                if out.len() == first {
                    out.push(Action::Pass);
                }
            }
            Phase::Following { rows } => {
                for from in 0..ROWS {
                    if let Ok(landing) = board.following_target(seat, from, usize::from(rows)) {
                        out.push(Action::FollowingMove {
                            from: row_u8(from),
                            to: row_u8(landing.to),
                        });
                    }
                }
                if out.len() == first {
                    out.push(Action::ForfeitFollowing);
                } else if self.options.follow_up_optional {
                    out.push(Action::DeclineFollowing);
                }
            }
            Phase::Bonus => {
                for owner in [seat, opponent(seat)] {
                    for from in 0..ROWS {
                        for forward in [true, false] {
                            let Some(to) = neighbour(owner, from, forward) else {
                                continue;
                            };
                            if self.check_bonus(seat, owner, from, to).is_ok() {
                                out.push(Action::BonusMove {
                                    owner,
                                    from: row_u8(from),
                                    to: row_u8(to),
                                });
                            }
                        }
                    }
                }
                out.push(Action::DeclineBonus);
            }
            Phase::Over { .. } => {}
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        // Each stage validates the whole action before it changes anything.
        match self.phase {
            Phase::Initial => self.apply_initial(action, events),
            Phase::Following { rows } => self.apply_following(rows, action, events),
            Phase::Bonus => self.apply_bonus(action, events),
            Phase::Over { .. } => Err(ActionError::GameOver),
        }
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        // Two players: the other one wins at once, at any stage of anyone's turn.
        self.finish(EndReason::Resignation, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over { reason } => Some(Outcome {
                ranking: self.ranking(),
                reason: Cow::Borrowed(reason.as_str()),
            }),
            _ => None,
        }
    }
}

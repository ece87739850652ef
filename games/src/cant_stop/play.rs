//! The rules that move a Can't Stop match on: who acts, the legal actions, and what an action,
//! a throw or a resignation does (the throws for the start, the climb, the bust, the stop).

use std::borrow::Cow;

use super::board::{
    Board, COLUMNS, Climb, Columns, HEIGHTS, RunnerList, index_of, label_of, pairings,
};
use super::state::{Action, EndReason, Event, MAX_PLAYERS, Phase, State, seat_bit};
use crate::contract::{ActionError, Chance, Outcome, Seat, Turn};
use crate::rules::Rules;

impl Rules for State {
    crate::rules::rules_common!();

    fn seats(&self) -> usize {
        State::seats(self)
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::StartThrow { .. } => Turn::Chance {
                chance: Chance::Dice { count: 2 },
            },
            Phase::Throw => Turn::Chance {
                chance: Chance::Dice { count: 4 },
            },
            Phase::Choose { .. } | Phase::Decide => Turn::Seat { seat: self.current },
            Phase::Over { .. } => Turn::Over,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat != self.current {
            return;
        }
        match self.phase {
            Phase::Choose { dice } => {
                let choices = self.board().choices(&self.climb(), dice);
                out.extend(
                    choices
                        .as_slice()
                        .iter()
                        .map(|columns| Action::Advance { columns: *columns }),
                );
            }
            Phase::Decide => {
                out.push(Action::Roll);
                if self.may_stop() {
                    out.push(Action::Stop);
                }
            }
            Phase::StartThrow { .. } | Phase::Throw | Phase::Over { .. } => {}
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, action) {
            (Phase::Choose { dice }, Action::Advance { columns }) => {
                let (board, climb) = (self.board(), self.climb());
                if !board.choices(&climb, dice).as_slice().contains(&columns) {
                    return Err(self.refusal(dice, columns));
                }
                self.advance(&board, climb, columns, events);
            }
            (Phase::Choose { .. }, Action::Roll | Action::Stop) => {
                return Err(ActionError::illegal(
                    "choose how to use the dice first (an advance)",
                ));
            }
            (Phase::Decide, Action::Roll) => {
                events.push(Event::RolledAgain { seat: self.current });
                self.phase = Phase::Throw;
            }
            (Phase::Decide, Action::Stop) => {
                if !self.may_stop() {
                    return Err(ActionError::illegal(
                        "a runner stands on an opponent's piece: roll again",
                    ));
                }
                self.stop(events);
            }
            (Phase::Decide, Action::Advance { .. }) => {
                return Err(ActionError::illegal(
                    "the dice are already used: roll again or stop",
                ));
            }
            (Phase::StartThrow { .. } | Phase::Throw | Phase::Over { .. }, _) => {
                return Err(ActionError::NotYourTurn);
            }
        }
        Ok(())
    }

    /// Applies the dice of the throw due.
    fn throw(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, values) {
            (Phase::StartThrow { contenders, totals }, &[a, b]) => {
                let Some(seat) = State::start_thrower(contenders, &totals) else {
                    return Err(ActionError::NoChanceDue);
                };
                let total = a + b;
                let mut totals = totals;
                if let Some(slot) = totals.get_mut(seat) {
                    *slot = total;
                }
                events.push(Event::StartThrown {
                    seat,
                    dice: [a, b],
                    total,
                });
                self.phase = Phase::StartThrow { contenders, totals };
                self.settle_start(events);
            }
            (Phase::Throw, &[a, b, c, d]) => {
                let seat = self.current;
                let dice = [a, b, c, d];
                events.push(Event::DiceThrown { seat, dice });
                if self.board().can_progress(&self.climb(), dice) {
                    self.phase = Phase::Choose { dice };
                } else {
                    events.push(Event::Bust {
                        seat,
                        runners: RunnerList::from_spaces(&self.runners),
                    });
                    self.pass_turn(events);
                }
            }
            _ => return Err(ActionError::NoChanceDue),
        }
        Ok(())
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        if let Some(last) = self.resignations.last_one_standing(self.seats()) {
            self.finish(Some(last), EndReason::Resignation, events);
            return;
        }
        match self.phase {
            Phase::StartThrow { contenders, totals } => {
                let mut totals = totals;
                if let Some(total) = totals.get_mut(seat) {
                    *total = 0;
                }
                self.phase = Phase::StartThrow {
                    contenders: contenders & !seat_bit(seat),
                    totals,
                };
                self.settle_start(events);
            }
            Phase::Throw | Phase::Choose { .. } | Phase::Decide if seat == self.current => {
                // The turn is abandoned: its runners go back, nothing is kept.
                self.pass_turn(events);
            }
            _ => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winner, reason } = self.phase else {
            return None;
        };
        let ranking = self.resignations.rank(
            self.seats(),
            |s| self.rank_key(s, winner),
            |s| self.columns_won(s) as i64,
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }
}

impl State {
    /// Ends the turn (whatever became of the runners) and starts the next seat's.
    fn pass_turn(&mut self, events: &mut Vec<Event>) {
        self.runners = [0; COLUMNS];
        self.current = self.next_playing(self.current);
        self.phase = Phase::Throw;
        events.push(Event::TurnStarted { seat: self.current });
    }

    /// Ends the game.
    fn finish(&mut self, winner: Option<Seat>, reason: EndReason, events: &mut Vec<Event>) {
        self.runners = [0; COLUMNS];
        self.phase = Phase::Over { winner, reason };
        events.push(Event::GameOver { winner, reason });
    }

    /// Seat `first` starts the game.
    fn begin(&mut self, first: Seat, events: &mut Vec<Event>) {
        events.push(Event::FirstPlayer { seat: first });
        self.current = first;
        self.phase = Phase::Throw;
        events.push(Event::TurnStarted { seat: first });
    }

    /// After a start throw or a resignation during the start: starts the game when one seat
    /// is left in the running or everybody has thrown and one total is highest; makes the tied
    /// seats throw again otherwise (rule 1).
    fn settle_start(&mut self, events: &mut Vec<Event>) {
        let Phase::StartThrow { contenders, totals } = self.phase else {
            return;
        };
        let seats = || (0..MAX_PLAYERS).filter(move |s| contenders & seat_bit(*s) != 0);
        if seats().count() == 1 {
            if let Some(first) = seats().next() {
                self.begin(first, events);
            }
            return;
        }
        let total = |s: Seat| totals.get(s).copied().unwrap_or(0);
        if seats().any(|s| total(s) == 0) {
            return;
        }
        let best = seats().map(total).max().unwrap_or(0);
        let tied = seats()
            .filter(|s| total(*s) == best)
            .fold(0u8, |mask, s| mask | seat_bit(s));
        if tied.count_ones() == 1 {
            self.begin(tied.trailing_zeros() as Seat, events);
        } else {
            let seats: Vec<Seat> = (0..MAX_PLAYERS)
                .filter(|s| tied & seat_bit(*s) != 0)
                .collect();
            events.push(Event::StartTied { seats, total: best });
            self.phase = Phase::StartThrow {
                contenders: tied,
                totals: [0; MAX_PLAYERS],
            };
        }
    }

    /// Advances the runners as `columns` says, from `climb` on `board` (the current turn's);
    /// the choice has been checked to be legal.
    fn advance(
        &mut self,
        board: &Board,
        mut climb: Climb,
        columns: Columns,
        events: &mut Vec<Event>,
    ) {
        let before = climb.runners;
        let mut steps = [0u8; COLUMNS];
        for label in columns.labels() {
            if board.step(&mut climb, label).is_ok()
                && let Some(i) = index_of(label)
                && let Some(n) = steps.get_mut(i)
            {
                *n += 1;
            }
        }
        for (index, n) in steps.iter().enumerate() {
            let (Some(from), Some(to)) = (before.get(index), climb.runners.get(index)) else {
                continue;
            };
            if *n == 0 {
                continue;
            }
            let from = if *from == 0 {
                board.own.get(index).copied().unwrap_or(0)
            } else {
                *from
            };
            events.push(Event::RunnerMoved {
                seat: self.current,
                column: label_of(index),
                from,
                to: *to,
                steps: *n,
            });
        }
        self.runners = climb.runners;
        self.phase = Phase::Decide;
    }

    /// Replaces the runners by the current seat's pieces, wins the columns topped (rule 10),
    /// then ends the game (rule 12) or passes the turn.
    fn stop(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        events.push(Event::Stopped { seat });
        for index in 0..COLUMNS {
            let to = self.runners.get(index).copied().unwrap_or(0);
            if to == 0 {
                continue;
            }
            let Some(piece) = self.progress.get_mut(seat).and_then(|p| p.get_mut(index)) else {
                continue;
            };
            let from = *piece;
            *piece = to;
            let column = label_of(index);
            events.push(Event::PieceMoved {
                seat,
                column,
                from,
                to,
            });
            if HEIGHTS.get(index) != Some(&to) {
                continue;
            }
            if let Some(winner) = self.won_by.get_mut(index) {
                *winner = u8::try_from(seat).ok();
            }
            let mut removed = Vec::new();
            for (other, pieces) in self.progress.iter_mut().enumerate() {
                if other != seat
                    && let Some(space) = pieces.get_mut(index)
                    && *space > 0
                {
                    *space = 0;
                    removed.push(other);
                }
            }
            events.push(Event::ColumnWon {
                seat,
                column,
                removed,
            });
        }
        self.runners = [0; COLUMNS];
        if self.columns_won(seat) >= usize::from(self.options.columns_to_win) {
            self.finish(Some(seat), EndReason::ColumnsWon, events);
        } else if self.won_by.iter().all(Option::is_some) {
            let leader = self.sole_leader();
            self.finish(leader, EndReason::AllColumnsWon, events);
        } else {
            self.pass_turn(events);
        }
    }
    /// The seat ranked first alone when nobody has won by columns, if there is one.
    fn sole_leader(&self) -> Option<Seat> {
        let ranking = self
            .resignations
            .rank(self.seats(), |s| self.rank_key(s, None), |_| 0);
        match ranking.as_slice() {
            [first, second, ..] if first.rank != second.rank => Some(first.seat),
            _ => None,
        }
    }

    /// Why `columns` is not a legal choice with `dice` (for the error message).
    fn refusal(&self, dice: [u8; 4], columns: Columns) -> ActionError {
        if columns.labels().any(|label| index_of(label).is_none()) {
            return ActionError::illegal("columns are numbered 2 to 12");
        }
        if !pairings(dice).iter().any(|pair| columns.fits(*pair)) {
            return ActionError::illegal("the dice cannot be paired to make these sums");
        }
        let board = self.board();
        let mut climb = self.climb();
        for label in columns.labels() {
            if let Err(blocked) = board.step(&mut climb, label) {
                return ActionError::illegal(blocked.reason());
            }
        }
        ActionError::illegal("both sums of a pairing must be used when they can be")
    }
}

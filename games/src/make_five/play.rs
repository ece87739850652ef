//! The rules that move a Make Five match on: who acts, the legal actions, and what a draw, a
//! placement, a move of the Aligneur or a resignation does, up to the scoring of each deal.

use std::borrow::Cow;

use super::board::{Board, COLOURS, COLUMNS, Colour, PER_COLOUR};
use super::options::Setup;
use super::state::{Action, DEALS, EndReason, Event, Phase, SEATS, SETUP_TOKENS, State};
use crate::contract::{ActionError, Outcome, Seat, Turn};
use crate::ranking::better_of_two;
use crate::rules::Rules;

impl State {
    /// Where a drawn token goes without a decision: the next column during a one-per-column
    /// set-up, or the only column with room.
    fn automatic_column(&self) -> Option<usize> {
        let tokens = self.board.tokens();
        if tokens < SETUP_TOKENS && self.options.setup == Setup::OnePerColumn {
            return Some(tokens);
        }
        let mut with_room = (0..COLUMNS).filter(|c| self.board.has_room(*c));
        match (with_room.next(), with_room.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    }

    /// Puts the drawn `colour` on `column` (which has room) and moves on.
    fn place(&mut self, column: usize, colour: Colour, automatic: bool, events: &mut Vec<Event>) {
        if let Some(position) = self.board.put(column, colour) {
            events.push(Event::TokenPlaced {
                seat: self.destructeur(),
                colour,
                // Board indices are below 5.
                column: column as u8,
                position: position as u8,
                automatic,
            });
        }
        self.hand = None;
        // The set-up draws follow one another; after that every placement gives A a move.
        self.phase = if self.board.tokens() < SETUP_TOKENS {
            Phase::Draw
        } else {
            Phase::Move
        };
    }

    /// After the Aligneur's move or pass: the next draw, or the end of the deal (rule 4).
    fn after_aligneur(&mut self, events: &mut Vec<Event>) {
        if self.bag_total() > 0 {
            self.phase = Phase::Draw;
        } else {
            self.score_deal(events);
        }
    }

    /// Scores the full board for the Aligneur (rule 6), then ends the match (rules 7, 8) or
    /// starts the next deal with the roles swapped (rule 1).
    fn score_deal(&mut self, events: &mut Vec<Event>) {
        let seat = self.aligneur();
        let rows = self.board.row_points(self.options.require_contiguous);
        let points = rows.iter().sum();
        if let Some(slot) = self
            .deal_points
            .get_mut(usize::from(self.deal.saturating_sub(1)))
        {
            *slot = Some(points);
        }
        events.push(Event::DealScored {
            deal: self.deal,
            seat,
            board: self.board,
            rows,
            points,
            total: self.total(seat),
        });
        if self.board.is_make_five() {
            self.finish(EndReason::MakeFive, events);
        } else if self.deal >= DEALS {
            self.finish(EndReason::AllDealsPlayed, events);
        } else {
            self.deal += 1;
            self.board = Board::new();
            self.bag = [PER_COLOUR; COLOURS];
            self.phase = Phase::Draw;
            events.push(Event::DealStarted {
                deal: self.deal,
                aligneur: self.aligneur(),
                destructeur: self.destructeur(),
            });
        }
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        self.end = Some(reason);
        let winner = better_of_two(
            [0, 1].map(|seat| (self.resignations.standing(seat), self.ranking_key(seat))),
        );
        events.push(Event::GameOver { reason, winner });
    }
}

impl Rules for State {
    crate::rules::rules_common!();

    const ALREADY_LEFT: &'static str = "this seat has already resigned";

    fn seats(&self) -> usize {
        SEATS
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Over,
            Phase::Draw => Turn::Chance {
                chance: self.draw(),
            },
            Phase::Move => Turn::Seat {
                seat: self.aligneur(),
            },
            Phase::Place => Turn::Seat {
                seat: self.destructeur(),
            },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.seat_to_act() != Some(seat) {
            return;
        }
        match self.phase {
            Phase::Move => {
                out.push(Action::Pass);
                self.board
                    .for_each_move(|from_column, from_position, to_column| {
                        out.push(Action::Move {
                            from_column,
                            from_position,
                            to_column,
                        });
                    });
            }
            Phase::Place => {
                for column in 0..COLUMNS {
                    if self.board.has_room(column) {
                        out.push(Action::Place {
                            column: column as u8,
                        });
                    }
                }
            }
            Phase::Draw | Phase::Over => {}
        }
    }

    fn act(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, action) {
            (Phase::Move, Action::Pass) => {
                events.push(Event::Passed {
                    seat: self.aligneur(),
                });
                self.after_aligneur(events);
            }
            (
                Phase::Move,
                Action::Move {
                    from_column,
                    from_position,
                    to_column,
                },
            ) => {
                check_move(&self.board, from_column, from_position, to_column)?;
                let Some((board, colour, to_position)) = self.board.after_move(
                    from_column.into(),
                    from_position.into(),
                    to_column.into(),
                ) else {
                    return Err(ActionError::illegal("there is no token at that place"));
                };
                self.board = board;
                events.push(Event::TokenMoved {
                    seat: self.aligneur(),
                    colour,
                    from_column,
                    from_position,
                    to_column,
                    // A position is below 5.
                    to_position: to_position as u8,
                });
                self.after_aligneur(events);
            }
            (Phase::Move, Action::Place { .. }) => {
                return Err(ActionError::illegal(
                    "the Aligneur moves a token or passes; placing a drawn token is the \
                     Destructeur's move",
                ));
            }
            (Phase::Place, Action::Place { column }) => {
                let to = usize::from(column);
                if to >= COLUMNS {
                    return Err(ActionError::illegal("the columns are numbered 0 to 4"));
                }
                if !self.board.has_room(to) {
                    return Err(ActionError::Illegal(Cow::Owned(format!(
                        "column {to} is full"
                    ))));
                }
                let Some(colour) = self.hand else {
                    return Err(ActionError::illegal("there is no drawn token to place"));
                };
                self.place(to, colour, false, events);
            }
            (Phase::Place, Action::Move { .. } | Action::Pass) => {
                return Err(ActionError::illegal(
                    "the Destructeur must place the drawn token on a column",
                ));
            }
            (Phase::Draw | Phase::Over, _) => return Err(ActionError::NotYourTurn),
        }
        Ok(())
    }

    /// Applies the colour drawn from the bag.
    fn throw(&mut self, values: &[u8], events: &mut Vec<Event>) -> Result<(), ActionError> {
        let Some(colour) = values
            .first()
            .and_then(|kind| Colour::from_index(usize::from(*kind)))
        else {
            return Err(ActionError::BadChance(Cow::Borrowed(
                "a draw is one colour index from 0 to 4",
            )));
        };
        let automatic = self.automatic_column();
        let left = &mut self.bag[colour.index()];
        *left = left.saturating_sub(1);
        events.push(Event::TokenDrawn {
            seat: self.destructeur(),
            colour,
        });
        match automatic {
            Some(column) => self.place(column, colour, true, events),
            None => {
                self.hand = Some(colour);
                self.phase = Phase::Place;
            }
        }
        Ok(())
    }

    fn leave(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        // Two players: the other one wins at once.
        self.finish(EndReason::Resignation, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        let ranking = self.resignations.rank(
            SEATS,
            |seat| self.ranking_key(seat),
            |seat| i64::from(self.total(seat)),
        );
        Some(Outcome {
            ranking,
            reason: Cow::Borrowed(reason.as_str()),
        })
    }
}

/// Validates a move of the Aligneur on `board`, with the reason when it is refused. See
/// [`Action::Move`].
fn check_move(
    board: &Board,
    from_column: u8,
    from_position: u8,
    to_column: u8,
) -> Result<(), ActionError> {
    let (from, position, to) = (
        usize::from(from_column),
        usize::from(from_position),
        usize::from(to_column),
    );
    if from >= COLUMNS || to >= COLUMNS {
        return Err(ActionError::illegal("the columns are numbered 0 to 4"));
    }
    let Some(colour) = board.token(from, position) else {
        return Err(ActionError::illegal("there is no token at that place"));
    };
    if board.token(from, position + 1) == Some(colour) {
        return Err(ActionError::illegal(
            "the token above is the same colour and taking either gives the same board: \
             take the top token of the run",
        ));
    }
    if to == from {
        if position + 1 == board.height(from) {
            return Err(ActionError::illegal(
                "putting the top token back on its own column changes nothing: pass instead",
            ));
        }
    } else if !board.has_room(to) {
        return Err(ActionError::Illegal(Cow::Owned(format!(
            "column {to} is full"
        ))));
    }
    Ok(())
}

//! Rule tests of 421, with scripted dice.
//!
//! Each test is named after the rule (`rule_NN_...`), the ambiguity resolution (`ambiguity_qN_...`)
//! or the option (`option_...`) of `rules/421.md` it proves. The helpers below drive a match
//! through the public [`Game`] entry points and check the invariants after every step.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod contract;
mod options;
mod resignation;
mod rules;

use super::table::{Step, Table};
use super::*;
use crate::contract::{ActionError, Chance, Game, Turn};

type G = FourTwoOne;

/// A match driven step by step; every step must succeed and keep the invariants.
struct Match {
    state: State,
}

fn faces(values: &[u8]) -> Faces {
    Faces::new(values).unwrap()
}

fn seats(list: &[Seat]) -> Seats {
    list.iter().copied().collect()
}

fn result(dice: [u8; 3]) -> Combination {
    Combination::of(dice).unwrap()
}

fn throw_of(count: u8) -> Turn {
    Turn::Chance {
        chance: Chance::Dice { count },
    }
}

impl Match {
    /// A new match, before the first-player throw.
    fn new(seats: usize, options: Options) -> Match {
        Match {
            state: G::setup(seats, &options).unwrap(),
        }
    }

    /// A match whose first-player throw made `first` the leader of round 1.
    fn started(seats: usize, options: Options, first: Seat) -> Match {
        let lowest = options.first_player_rule == FirstPlayerRule::Lowest;
        let mut m = Match::new(seats, options);
        for seat in 0..seats {
            // Ace is the highest face and two the lowest.
            let die = match (seat == first, lowest) {
                (true, false) | (false, true) => 1,
                (true, true) | (false, false) => 2,
            };
            m.dice(&[die]);
        }
        assert_eq!(m.table().leader, first);
        m
    }

    /// A match at the start of a round of `phase` led by `leader`, the seats holding `tokens`
    /// and the pot the rest of the 21 tokens.
    fn at(phase: Phase, tokens: &[u8], leader: Seat, options: Options) -> Match {
        let mut table = Table::new(tokens.len(), options);
        for (player, count) in table.players.iter_mut().zip(tokens) {
            player.tokens = *count;
        }
        table.pot = 21 - tokens.iter().sum::<u8>();
        table.phase = phase;
        table.leader = leader;
        table.start_round(&mut Vec::new());
        let m = Match {
            state: State { table },
        };
        G::check_invariants(&m.state).unwrap();
        m
    }

    fn table(&self) -> &Table {
        &self.state.table
    }

    fn turn(&self) -> Turn {
        G::turn(&self.state)
    }

    fn view(&self) -> TableView {
        G::view(&self.state, None)
    }

    fn tokens(&self) -> Vec<u8> {
        self.table().players.iter().map(|p| p.tokens).collect()
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        G::legal_actions(&self.state, seat, &mut out);
        out
    }

    fn checked(&self, events: Vec<Event>) -> Vec<Event> {
        G::check_invariants(&self.state).unwrap();
        events
    }

    /// Supplies dice to the pending chance step.
    fn dice(&mut self, values: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        G::apply_chance(&mut self.state, values, &mut events).unwrap();
        self.checked(events)
    }

    fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        let mut events = Vec::new();
        G::apply(&mut self.state, seat, &action, &mut events).unwrap();
        self.checked(events)
    }

    fn reroll(&mut self, seat: Seat, values: &[u8]) -> Vec<Event> {
        self.act(
            seat,
            Action::Reroll {
                faces: faces(values),
            },
        )
    }

    fn resign(&mut self, seat: Seat) -> Vec<Event> {
        let mut events = Vec::new();
        G::resign(&mut self.state, seat, &mut events).unwrap();
        self.checked(events)
    }

    /// Plays one turn of one throw: the dice, then `stop` if the seat leads and may go on.
    fn one_throw(&mut self, dice: [u8; 3]) -> Vec<Event> {
        let mut events = self.dice(&dice);
        if let Turn::Seat { seat } = self.turn()
            && self.table().throws_fixed.is_none()
        {
            events.extend(self.act(seat, Action::Stop));
        }
        events
    }

    /// Plays a round where everybody uses a single throw: the results in playing order.
    fn one_throw_round(&mut self, results: &[[u8; 3]]) -> Vec<Event> {
        results
            .iter()
            .flat_map(|dice| self.one_throw(*dice))
            .collect()
    }

    /// Tries something that must fail, and checks that it changed nothing.
    fn refused(
        &self,
        attempt: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<(), ActionError>,
    ) -> ActionError {
        let mut copy = self.state.clone();
        let mut events = Vec::new();
        let error = attempt(&mut copy, &mut events).expect_err("must be refused");
        assert_eq!(copy, self.state, "a refused step changed the state");
        assert!(events.is_empty(), "a refused step produced events");
        error
    }

    fn refused_action(&self, seat: Seat, action: Action) -> ActionError {
        self.refused(|s, e| G::apply(s, seat, &action, e))
    }
}

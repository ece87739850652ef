//! The rules of 421, with scripted dice: one test per numbered rule (`rule_NN_...`), ambiguity
//! resolution (`ambiguity_qN_...`) and option (`option_...`) of `docs/rules/421.md`, plus
//! resignations (`docs/rules/README.md` §5) and the contract around the rules (refusals that
//! change nothing, the JSON forms, the view and the invariants). The helpers drive a match
//! through the public [`Game`] entry points and check the invariants after every step.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use serde_json::json;
use tapis_games::four_two_one::*;
use tapis_games::read_options::{option_variants, parse_options};
use tapis_games::{ActionError, AnyState, Chance, Game, GameId, Seat, SetupError, Turn};

use Event as E;

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
        assert_eq!(m.view().leader, Some(first));
        m
    }

    /// A match at the start of a round of `phase` led by `leader`, the seats holding `tokens`
    /// and the pot the rest of the 21 tokens.
    fn at(phase: Phase, tokens: &[u8], leader: Seat, options: Options) -> Match {
        let m = Match {
            state: State::at_round_start(options, phase, tokens, leader).unwrap(),
        };
        G::check_invariants(&m.state).unwrap();
        m
    }

    fn turn(&self) -> Turn {
        G::turn(&self.state)
    }

    fn view(&self) -> TableView {
        G::view(&self.state, None)
    }

    fn tokens(&self) -> Vec<u8> {
        self.view().players.iter().map(|p| p.tokens).collect()
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
            && self.view().throws_fixed.is_none()
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

// ---------------------------------------------------------------------------------------------
// The numbered rules (§3) and the ambiguity resolutions (§4)

fn reroll(values: &[u8]) -> Action {
    Action::Reroll {
        faces: faces(values),
    }
}

// --- §3.1 Set-up -------------------------------------------------------------------------------

#[test]
fn rule_01_three_dice_a_pot_of_21_tokens_and_empty_hands() {
    for n in 2..=8 {
        let m = Match::new(n, Options::default());
        assert_eq!(m.view().pot, 21);
        assert_eq!(m.tokens(), vec![0; n]);
        assert_eq!(m.turn(), throw_of(1));
        assert_eq!(m.view().phase, PhaseView::FirstPlayer);
    }
    for n in [0, 1, 9] {
        assert!(matches!(
            G::setup(n, &Options::default()),
            Err(SetupError::SeatCount { min: 2, max: 8, .. })
        ));
    }
}

#[test]
fn rule_02_one_die_each_chooses_the_first_player_ace_high() {
    let mut m = Match::new(3, Options::default());
    assert_eq!(m.dice(&[3]), vec![E::StartDieThrown { seat: 0, die: 3 }]);
    assert_eq!(m.dice(&[1]), vec![E::StartDieThrown { seat: 1, die: 1 }]);
    // The ace beats the six.
    assert_eq!(
        m.dice(&[6]),
        vec![
            E::StartDieThrown { seat: 2, die: 6 },
            E::FirstPlayer { seat: 1 },
            E::RoundStarted {
                round: 1,
                phase: Phase::Charge,
                leader: 1,
            },
            E::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(m.turn(), throw_of(3));
    assert_eq!(m.view().leader, Some(1));
}

#[test]
fn rule_02_tied_first_dice_are_thrown_again_by_the_tied_seats_only() {
    let mut m = Match::new(3, Options::default());
    m.dice(&[6]);
    m.dice(&[2]);
    assert_eq!(
        m.dice(&[6]),
        vec![
            E::StartDieThrown { seat: 2, die: 6 },
            E::StartTie {
                seats: seats(&[0, 2]),
            },
        ]
    );
    // Seat 1 (a two) is out; seats 0 and 2 throw again, in seat order, until one is ahead.
    assert_eq!(m.dice(&[4]), vec![E::StartDieThrown { seat: 0, die: 4 }]);
    assert_eq!(
        m.dice(&[4]),
        vec![
            E::StartDieThrown { seat: 2, die: 4 },
            E::StartTie {
                seats: seats(&[0, 2]),
            },
        ]
    );
    m.dice(&[5]);
    let events = m.dice(&[1]);
    assert_eq!(events[1], E::FirstPlayer { seat: 2 });
    let dice: Vec<Option<u8>> = m.view().players.iter().map(|p| p.start_die).collect();
    assert_eq!(dice, vec![Some(5), Some(2), Some(1)]);
}

#[test]
fn rule_02_play_proceeds_clockwise_from_the_first_player() {
    let mut m = Match::started(4, Options::default(), 2);
    let mut order = Vec::new();
    for _ in 0..4 {
        let Some(current) = m.view().current else {
            break;
        };
        order.push(current.seat);
        m.one_throw([6, 5, 3]);
    }
    assert_eq!(order, vec![2, 3, 0, 1]);
}

// --- §3.2 A round ------------------------------------------------------------------------------

#[test]
fn rule_03_the_leader_throws_up_to_three_times_rethrowing_any_dice() {
    let mut m = Match::started(2, Options::default(), 0);
    assert_eq!(m.turn(), throw_of(3));
    assert_eq!(
        m.dice(&[1, 6, 4]),
        vec![E::DiceThrown {
            seat: 0,
            throw: 1,
            kept: Faces::EMPTY,
            thrown: faces(&[6, 4, 1]),
            dice: [6, 4, 1],
        }]
    );
    assert_eq!(
        m.legal(0),
        vec![
            Action::Stop,
            reroll(&[6]),
            reroll(&[4]),
            reroll(&[6, 4]),
            reroll(&[1]),
            reroll(&[6, 1]),
            reroll(&[4, 1]),
            reroll(&[6, 4, 1]),
        ]
    );
    assert_eq!(m.legal(1), vec![]);
    assert_eq!(
        m.reroll(0, &[6, 1]),
        vec![E::RethrowChosen {
            seat: 0,
            faces: faces(&[6, 1]),
        }]
    );
    assert_eq!(m.turn(), throw_of(2));
    assert_eq!(
        m.dice(&[2, 5]),
        vec![E::DiceThrown {
            seat: 0,
            throw: 2,
            kept: faces(&[4]),
            thrown: faces(&[5, 2]),
            dice: [5, 4, 2],
        }]
    );
    m.reroll(0, &[5]);
    assert_eq!(m.turn(), throw_of(1));
    // The third throw ends the leader's turn by itself: k = 3.
    assert_eq!(
        m.dice(&[1]),
        vec![
            E::DiceThrown {
                seat: 0,
                throw: 3,
                kept: faces(&[4, 2]),
                thrown: faces(&[1]),
                dice: [4, 2, 1],
            },
            E::TurnEnded {
                seat: 0,
                throws: 3,
                result: result([4, 2, 1]),
            },
            E::ThrowsFixed { seat: 0, throws: 3 },
            E::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(m.view().throws_fixed, Some(3));
}

#[test]
fn rule_03_the_leader_may_stop_after_any_throw_which_fixes_k() {
    for k in 1..=2u8 {
        let mut m = Match::started(3, Options::default(), 2);
        m.dice(&[3, 3, 1]);
        if k == 2 {
            m.reroll(2, &[1]);
            m.dice(&[3]);
        }
        let kept = if k == 1 { [3, 3, 1] } else { [3, 3, 3] };
        assert_eq!(
            m.act(2, Action::Stop),
            vec![
                E::TurnEnded {
                    seat: 2,
                    throws: k,
                    result: result(kept),
                },
                E::ThrowsFixed { seat: 2, throws: k },
                E::TurnStarted { seat: 0 },
            ]
        );
        let view = m.view();
        assert_eq!(view.throws_fixed, Some(k));
        let current = view.current.unwrap();
        assert_eq!(
            (current.seat, current.leading, current.max_throws),
            (0, false, k)
        );
    }
}

#[test]
fn rule_03_equal_faces_give_one_decision_each() {
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[6, 3, 6]);
    assert_eq!(
        m.legal(0),
        vec![
            Action::Stop,
            reroll(&[6]),
            reroll(&[6, 6]),
            reroll(&[3]),
            reroll(&[6, 3]),
            reroll(&[6, 6, 3]),
        ]
    );
    m.reroll(0, &[6, 3]);
    assert_eq!(m.turn(), throw_of(2));
    let events = m.dice(&[5, 5]);
    assert!(matches!(
        events[0],
        E::DiceThrown {
            dice: [6, 5, 5],
            ..
        }
    ));
    m.reroll(0, &[5, 5]);
    m.dice(&[2, 2]);
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[2, 2, 2]);
    assert_eq!(
        m.legal(0),
        vec![
            Action::Stop,
            reroll(&[2]),
            reroll(&[2, 2]),
            reroll(&[2, 2, 2])
        ]
    );
}

#[test]
fn rule_03_exhaustive_rerolls_are_every_distinct_choice_of_dice_for_all_56_results() {
    for combination in Combination::all() {
        let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
        let dice = combination.dice;
        m.dice(&dice);
        // Expected, computed from positions: every non-empty subset of the three dice, read as
        // the multiset of its faces, once.
        let mut expected: Vec<Vec<u8>> = (1..8u8)
            .map(|mask| {
                (0..3)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| dice[i])
                    .collect()
            })
            .collect();
        expected.sort();
        expected.dedup();
        let legal = m.legal(0);
        assert_eq!(legal[0], Action::Stop);
        let mut listed: Vec<Vec<u8>> = legal[1..]
            .iter()
            .map(|action| match action {
                Action::Reroll { faces } => faces.as_slice().to_vec(),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(
            listed.len(),
            expected.len(),
            "{dice:?} lists a choice twice"
        );
        listed.sort();
        assert_eq!(listed, expected, "{dice:?}");
        let distinct = match (dice[0] == dice[1], dice[1] == dice[2]) {
            (true, true) => 3,
            (false, false) => 7,
            _ => 5,
        };
        assert_eq!(expected.len(), distinct);
        // Each choice is accepted and throws exactly the dice it names.
        for action in &legal[1..] {
            let Action::Reroll { faces } = action else {
                unreachable!()
            };
            let mut copy = Match {
                state: m.state.clone(),
            };
            copy.act(0, *action);
            assert_eq!(copy.turn(), throw_of(faces.len() as u8));
            let refill = vec![6; faces.len()];
            let events = copy.dice(&refill);
            let E::DiceThrown { kept, .. } = events[0] else {
                panic!("{events:?}")
            };
            let mut all = [kept.as_slice(), faces.as_slice()].concat();
            all.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(all, dice.to_vec());
        }
    }
}

#[test]
fn rule_04_followers_must_use_exactly_k_throws_even_after_a_421() {
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[6, 6, 6]);
    m.reroll(0, &[6]);
    m.dice(&[5]);
    m.reroll(0, &[5]);
    m.dice(&[4]);
    // The leader used three throws (6-6-4): seat 1 must too, even with 4-2-1 at once.
    assert_eq!(
        m.dice(&[4, 2, 1]),
        vec![E::DiceThrown {
            seat: 1,
            throw: 1,
            kept: Faces::EMPTY,
            thrown: faces(&[4, 2, 1]),
            dice: [4, 2, 1],
        }]
    );
    let legal = m.legal(1);
    assert_eq!(legal.len(), 7);
    assert!(legal.iter().all(|a| matches!(a, Action::Reroll { .. })));
    assert_eq!(
        m.refused_action(1, Action::Stop),
        ActionError::illegal("you must use exactly as many throws as the leader")
    );
    m.reroll(1, &[1]);
    m.dice(&[1]);
    assert_eq!(m.legal(1).len(), 7);
    m.reroll(1, &[4]);
    let events = m.dice(&[6]);
    assert_eq!(
        events[..3],
        [
            E::DiceThrown {
                seat: 1,
                throw: 3,
                kept: faces(&[2, 1]),
                thrown: faces(&[6]),
                dice: [6, 2, 1],
            },
            E::TurnEnded {
                seat: 1,
                throws: 3,
                result: result([6, 2, 1]),
            },
            E::Charged {
                seat: 1,
                due: 1,
                count: 1,
                basis: AmountBasis::BestResult,
                pot: 20,
            },
        ]
    );
}

#[test]
fn rule_04_a_following_turn_ends_by_itself_after_k_throws() {
    let mut m = Match::started(3, Options::default(), 0);
    m.one_throw([5, 3, 2]);
    assert_eq!(
        m.dice(&[6, 6, 1]),
        vec![
            E::DiceThrown {
                seat: 1,
                throw: 1,
                kept: Faces::EMPTY,
                thrown: faces(&[6, 6, 1]),
                dice: [6, 6, 1],
            },
            E::TurnEnded {
                seat: 1,
                throws: 1,
                result: result([6, 6, 1]),
            },
            E::TurnStarted { seat: 2 },
        ]
    );
    assert_eq!(m.legal(1), vec![]);
    assert_eq!(m.turn(), throw_of(3));
}

#[test]
fn rule_05_le_bon_lets_a_following_player_keep_their_dice_early() {
    let options = Options {
        le_bon: true,
        ..Options::default()
    };
    let mut m = Match::started(2, options, 0);
    m.dice(&[5, 3, 2]);
    // The leader does not announce le bon: it stops, or uses its three throws.
    assert_eq!(m.legal(0)[0], Action::Stop);
    assert!(!m.legal(0).contains(&Action::LeBon));
    assert_eq!(
        m.refused_action(0, Action::LeBon),
        ActionError::illegal("the leader keeps their dice with stop")
    );
    m.reroll(0, &[5]);
    m.dice(&[6]);
    m.reroll(0, &[6]);
    m.dice(&[6]);
    m.dice(&[1, 1, 6]);
    let legal = m.legal(1);
    // Le bon, and the 5 distinct re-throws of 6-1-1.
    assert_eq!(legal[0], Action::LeBon);
    assert_eq!(legal.len(), 6);
    assert!(m.view().current.is_some_and(|c| !c.must_rethrow));
    assert_eq!(
        m.act(1, Action::LeBon),
        vec![
            E::LeBon { seat: 1, throws: 1 },
            E::TurnEnded {
                seat: 1,
                throws: 1,
                result: result([6, 1, 1]),
            },
            E::Charged {
                seat: 0,
                due: 6,
                count: 6,
                basis: AmountBasis::BestResult,
                pot: 15,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Charge,
                leader: 0,
            },
            E::TurnStarted { seat: 0 },
        ]
    );
}

#[test]
fn rule_05_no_player_ever_exceeds_k_even_with_le_bon() {
    let options = Options {
        le_bon: true,
        ..Options::default()
    };
    let mut m = Match::started(3, options, 0);
    m.dice(&[5, 3, 2]);
    m.reroll(0, &[2]);
    m.dice(&[1]);
    m.act(0, Action::Stop);
    m.dice(&[4, 4, 2]);
    m.reroll(1, &[4, 4]);
    // The second throw is the last one: the turn ends without a decision.
    let events = m.dice(&[3, 3]);
    assert_eq!(
        events[1],
        E::TurnEnded {
            seat: 1,
            throws: 2,
            result: result([3, 3, 2]),
        }
    );
    assert_eq!(events[2], E::TurnStarted { seat: 2 });
    // A follower never stops with `stop`, even where le bon is played.
    m.dice(&[2, 2, 2]);
    assert_eq!(
        m.refused_action(2, Action::Stop),
        ActionError::illegal("only the leader stops; announce le bon to keep your dice")
    );
    // Without the option, le bon is refused.
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[5, 3, 2]);
    m.reroll(0, &[2]);
    m.dice(&[1]);
    m.act(0, Action::Stop);
    m.dice(&[4, 4, 2]);
    assert!(!m.legal(1).contains(&Action::LeBon));
    assert_eq!(
        m.refused_action(1, Action::LeBon),
        ActionError::illegal("le bon is not played at this table")
    );
}

#[test]
fn rule_06_the_best_and_the_worst_result_decide_the_round() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    // 6-5-3 (ordinary), 5-5-5 (baraque of five), 3-3-2 (ordinary, low): 3-3-2 is the worst.
    let events = m.one_throw_round(&[[6, 5, 3], [5, 5, 5], [3, 3, 2]]);
    assert_eq!(
        events[events.len() - 3..],
        [
            E::Charged {
                seat: 2,
                due: 5,
                count: 5,
                basis: AmountBasis::BestResult,
                pot: 16,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Charge,
                leader: 2,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
    assert_eq!(m.tokens(), vec![0, 0, 5]);
}

#[test]
fn rule_07_the_amount_is_the_token_value_of_the_best_result() {
    // One round per result of the table: the best result is `best`, the worst 3-2-2 (or the
    // nénette when `best` is itself 3-2-2 or the nénette).
    for best in Combination::all() {
        let worst = if best.rank >= 55 {
            [2, 2, 1]
        } else {
            [3, 2, 2]
        };
        let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
        let events = m.one_throw_round(&[best.dice, worst]);
        let charged = events.iter().find_map(|e| match e {
            E::Charged { seat, due, .. } => Some((*seat, *due)),
            _ => None,
        });
        let expected = if worst == [2, 2, 1] { 2 } else { best.tokens };
        if best.dice == worst {
            // A tie: decided by a tie-break, below.
            assert_eq!(charged, None);
        } else {
            assert_eq!(charged, Some((1, expected)), "best {:?}", best.dice);
        }
    }
}

#[test]
fn rule_07_seed_example_two_aces_and_a_six_give_six_tokens() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 1, Options::default());
    let events = m.one_throw_round(&[[1, 6, 1], [6, 6, 5], [4, 3, 1]]);
    assert!(events.contains(&E::Charged {
        seat: 0,
        due: 6,
        count: 6,
        basis: AmountBasis::BestResult,
        pot: 15,
    }));
}

#[test]
fn rule_07_a_nenette_receives_two_tokens_whatever_the_best_result() {
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[4, 2, 1], [2, 1, 2]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 2,
        count: 2,
        basis: AmountBasis::Nenette,
        pot: 19,
    }));
}

// --- §3.3 The charge ---------------------------------------------------------------------------

#[test]
fn rule_08_the_worst_result_takes_the_amount_from_the_pot() {
    let mut m = Match::at(Phase::Charge, &[4, 0], 0, Options::default());
    m.one_throw_round(&[[6, 6, 5], [5, 5, 5]]);
    assert_eq!(m.tokens(), vec![9, 0]);
    assert_eq!(m.view().pot, 12);
}

#[test]
fn rule_09_the_loser_of_a_round_leads_the_next_one() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[6, 5, 3], [4, 3, 1], [5, 5, 5]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::RoundStarted {
                round: 2,
                phase: Phase::Charge,
                leader: 1,
            },
            E::TurnStarted { seat: 1 },
        ]
    );
    let view = m.view();
    assert_eq!(view.leader, Some(1));
    assert_eq!(view.throws_fixed, None);
    let current = view.current.unwrap();
    assert_eq!(
        (current.seat, current.leading, current.max_throws),
        (1, true, 3)
    );
    // Everyone's round result is cleared; the next round is played 1, 2, 0.
    assert!(view.players.iter().all(|p| p.result.is_none() && p.to_play));
    let mut order = Vec::new();
    while let Some(current) = m.view().current.filter(|_| m.view().round == 2) {
        order.push(current.seat);
        m.one_throw([6, 5, 2]);
    }
    assert_eq!(order, vec![1, 2, 0]);
}

#[test]
fn rule_10_when_the_pot_is_empty_the_decharge_starts() {
    let mut m = Match::at(Phase::Charge, &[12, 8], 1, Options::default());
    let events = m.one_throw_round(&[[6, 5, 4], [3, 3, 1]]);
    assert_eq!(
        events[events.len() - 4..],
        [
            E::Charged {
                seat: 0,
                due: 2,
                count: 1,
                basis: AmountBasis::BestResult,
                pot: 0,
            },
            E::DechargeStarted {
                sitting_out: Seats::EMPTY,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Decharge,
                leader: 0,
            },
            E::TurnStarted { seat: 0 },
        ]
    );
    assert_eq!(m.tokens(), vec![13, 8]);
    assert_eq!(m.view().phase, PhaseView::Decharge);
}

// --- §3.4 The décharge -------------------------------------------------------------------------

#[test]
fn rule_11_in_the_decharge_the_best_result_gives_to_the_worst() {
    let mut m = Match::at(Phase::Decharge, &[10, 6, 5], 0, Options::default());
    let events = m.one_throw_round(&[[5, 5, 5], [6, 5, 3], [3, 3, 2]]);
    assert!(events.contains(&E::Paid {
        from: 0,
        to: 2,
        due: 5,
        count: 5,
        basis: AmountBasis::BestResult,
    }));
    assert_eq!(m.tokens(), vec![5, 6, 10]);
    assert_eq!(m.view().pot, 0);
}

#[test]
fn rule_11_a_giver_with_fewer_tokens_than_owed_gives_all_they_have() {
    let mut m = Match::at(Phase::Decharge, &[3, 18], 1, Options::default());
    let events = m.one_throw_round(&[[6, 5, 3], [2, 4, 1]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 0,
                to: 1,
                due: 10,
                count: 3,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[0]),
                reason: EndReason::Discharged,
            },
        ]
    );
    assert_eq!(m.tokens(), vec![0, 21]);
}

#[test]
fn rule_12_the_loser_of_a_decharge_round_leads_the_next_one() {
    let mut m = Match::at(Phase::Decharge, &[7, 7, 7], 0, Options::default());
    let events = m.one_throw_round(&[[4, 4, 1], [6, 6, 5], [5, 1, 1]]);
    assert_eq!(
        events[events.len() - 3..],
        [
            E::Paid {
                from: 2,
                to: 0,
                due: 5,
                count: 5,
                basis: AmountBasis::BestResult,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Decharge,
                leader: 0,
            },
            E::TurnStarted { seat: 0 },
        ]
    );
}

#[test]
fn rule_13_the_first_player_at_zero_wins_and_the_game_ends() {
    let mut m = Match::at(Phase::Decharge, &[2, 9, 10], 0, Options::default());
    let events = m.one_throw_round(&[[3, 1, 1], [6, 6, 5], [4, 3, 1]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 0,
                to: 2,
                due: 3,
                count: 2,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[0]),
                reason: EndReason::Discharged,
            },
        ]
    );
    assert_eq!(m.turn(), Turn::Over);
    // The winner first, then the others by tokens held, fewer first.
    let outcome = G::outcome(&m.state).unwrap();
    assert_eq!(outcome.reason, "discharged");
    let ranking: Vec<(Seat, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    assert_eq!(ranking, vec![(0, 1, 0), (1, 2, 9), (2, 3, 12)]);
    let view = m.view();
    assert_eq!(view.phase, PhaseView::Over);
    assert_eq!(view.end_reason, Some(EndReason::Discharged));
    assert!(view.players[0].winner && !view.players[1].winner);
}

#[test]
fn rule_13_the_others_rank_by_tokens_held_fewer_first_equal_holdings_tied() {
    let mut m = Match::at(Phase::Decharge, &[1, 9, 10, 1], 0, Options::default());
    m.one_throw_round(&[[6, 6, 5], [4, 3, 1], [5, 4, 1], [5, 4, 2]]);
    let outcome = G::outcome(&m.state).unwrap();
    let ranking: Vec<(Seat, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    assert_eq!(ranking, vec![(0, 1, 0), (3, 2, 1), (1, 3, 10), (2, 3, 10)]);
    let mut m = Match::at(Phase::Decharge, &[1, 10, 10], 0, Options::default());
    m.one_throw_round(&[[6, 6, 5], [4, 3, 1], [4, 3, 1]]);
    // Seats 1 and 2 tie for the worst: the tie-break decides who receives the token.
    m.dice(&[6, 6, 6]);
    m.dice(&[5, 5, 5]);
    let outcome = G::outcome(&m.state).unwrap();
    let ranking: Vec<(Seat, usize)> = outcome.ranking.iter().map(|p| (p.seat, p.rank)).collect();
    assert_eq!(ranking, vec![(0, 1), (2, 2), (1, 3)]);
}

// --- §3.5 Ties ---------------------------------------------------------------------------------

#[test]
fn rule_14_tied_worst_results_throw_again_once_each_in_reverse_order() {
    // Round order from the leader, seat 1: 1, 2, 3, 0. Seats 2 and 0 tie for the worst.
    let mut m = Match::at(Phase::Charge, &[0, 0, 0, 0], 1, Options::default());
    let events = m.one_throw_round(&[[6, 5, 4], [3, 2, 2], [6, 6, 5], [2, 3, 2]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::TurnEnded {
                seat: 0,
                throws: 1,
                result: result([3, 2, 2]),
            },
            E::TieBreakStarted {
                seats: seats(&[0, 2]),
                stake: Stake::Worst,
            },
        ]
    );
    assert_eq!(m.turn(), throw_of(3));
    let view = m.view();
    assert_eq!(
        view.tie_break,
        Some(TieBreakView {
            seats: seats(&[0, 2]),
            stake: Stake::Worst,
            worst: seats(&[0, 2]),
            best: Seats::EMPTY,
        })
    );
    assert!((0..4).all(|seat| m.legal(seat).is_empty()));
    // Reverse order: seat 0 (last to play) throws first, then seat 2.
    assert_eq!(
        m.dice(&[6, 6, 6]),
        vec![E::TieBreakThrown {
            seat: 0,
            result: result([6, 6, 6]),
        }]
    );
    // The nénette in a tie-break only loses the tie-break; the amount is still the value of
    // the round's best result, 6-5-4: 2 tokens.
    assert_eq!(
        m.dice(&[1, 2, 2]),
        vec![
            E::TieBreakThrown {
                seat: 2,
                result: result([2, 2, 1]),
            },
            E::Charged {
                seat: 2,
                due: 2,
                count: 2,
                basis: AmountBasis::BestResult,
                pot: 19,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Charge,
                leader: 2,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
}

#[test]
fn rule_14_the_tie_break_is_repeated_among_those_still_tied() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[5, 3, 2], [5, 3, 2], [5, 3, 2]]);
    assert_eq!(m.view().tie_break.unwrap().seats, seats(&[0, 1, 2]));
    // Reverse order 2, 1, 0: seats 2 and 0 tie again at the bottom.
    m.dice(&[4, 4, 1]);
    m.dice(&[6, 6, 6]);
    assert_eq!(
        m.dice(&[1, 4, 4]),
        vec![
            E::TieBreakThrown {
                seat: 0,
                result: result([4, 4, 1]),
            },
            E::TieBreakStarted {
                seats: seats(&[0, 2]),
                stake: Stake::Worst,
            },
        ]
    );
    // Same throws again: the same two throw again, still seat 2 first.
    assert_eq!(
        m.dice(&[3, 3, 3])[0],
        E::TieBreakThrown {
            seat: 2,
            result: result([3, 3, 3]),
        }
    );
    let events = m.dice(&[3, 3, 3]);
    assert_eq!(
        events[1],
        E::TieBreakStarted {
            seats: seats(&[0, 2]),
            stake: Stake::Worst,
        }
    );
    m.dice(&[6, 5, 1]);
    let events = m.dice(&[6, 5, 2]);
    assert_eq!(
        events[1],
        E::Charged {
            seat: 2,
            due: 1,
            count: 1,
            basis: AmountBasis::BestResult,
            pot: 20,
        }
    );
}

#[test]
fn rule_14_in_the_decharge_a_tie_for_the_best_result_is_broken_too() {
    let mut m = Match::at(Phase::Decharge, &[7, 7, 7], 0, Options::default());
    let events = m.one_throw_round(&[[6, 1, 1], [1, 6, 1], [3, 2, 2]]);
    assert_eq!(
        events.last(),
        Some(&E::TieBreakStarted {
            seats: seats(&[0, 1]),
            stake: Stake::Best,
        })
    );
    // Seat 1 throws first (reverse order), seat 0 wins the tie-break and gives 6 tokens.
    m.dice(&[5, 5, 5]);
    let events = m.dice(&[4, 2, 1]);
    assert_eq!(
        events[1],
        E::Paid {
            from: 0,
            to: 2,
            due: 6,
            count: 6,
            basis: AmountBasis::BestResult,
        }
    );
    assert_eq!(m.tokens(), vec![1, 7, 13]);
}

#[test]
fn rule_14_ties_for_worst_and_best_are_broken_one_after_the_other() {
    let mut m = Match::at(Phase::Decharge, &[5, 5, 5, 6], 0, Options::default());
    let events = m.one_throw_round(&[[6, 6, 6], [3, 3, 1], [6, 6, 6], [1, 3, 3]]);
    // The worst first: seats 3 then 1.
    assert_eq!(
        events.last(),
        Some(&E::TieBreakStarted {
            seats: seats(&[1, 3]),
            stake: Stake::Worst,
        })
    );
    assert_eq!(
        m.dice(&[2, 2, 1])[0],
        E::TieBreakThrown {
            seat: 3,
            result: result([2, 2, 1]),
        }
    );
    assert_eq!(
        m.dice(&[2, 2, 2]),
        vec![
            E::TieBreakThrown {
                seat: 1,
                result: result([2, 2, 2]),
            },
            E::TieBreakStarted {
                seats: seats(&[0, 2]),
                stake: Stake::Best,
            },
        ]
    );
    // Then the best: seat 2 then seat 0.
    m.dice(&[6, 4, 1]);
    let events = m.dice(&[6, 4, 2]);
    assert_eq!(
        events[1],
        E::Paid {
            from: 0,
            to: 3,
            due: 6,
            count: 5,
            basis: AmountBasis::BestResult,
        }
    );
    assert_eq!(
        events[2],
        E::GameOver {
            winners: seats(&[0]),
            reason: EndReason::Discharged,
        }
    );
}

#[test]
fn rule_14_when_everyone_ties_in_the_decharge_one_tie_break_decides_both_roles() {
    let mut m = Match::at(Phase::Decharge, &[10, 11], 0, Options::default());
    let events = m.one_throw_round(&[[5, 3, 2], [2, 3, 5]]);
    assert_eq!(
        events.last(),
        Some(&E::TieBreakStarted {
            seats: seats(&[0, 1]),
            stake: Stake::Both,
        })
    );
    // Equal again: both throw again.
    m.dice(&[4, 4, 4]);
    assert_eq!(
        m.dice(&[4, 4, 4])[1],
        E::TieBreakStarted {
            seats: seats(&[0, 1]),
            stake: Stake::Both,
        }
    );
    // Seat 1 throws first and beats seat 0: seat 1 gives 1 token (5-3-2 is worth 1) to seat 0.
    m.dice(&[6, 6, 6]);
    let events = m.dice(&[6, 5, 4]);
    assert_eq!(
        events[1],
        E::Paid {
            from: 1,
            to: 0,
            due: 1,
            count: 1,
            basis: AmountBasis::BestResult,
        }
    );
    assert_eq!(m.tokens(), vec![11, 10]);
}

// --- §4 Ambiguities ----------------------------------------------------------------------------

#[test]
fn ambiguity_q1_a_fiche_beats_the_baraque_of_equal_value() {
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[6, 1, 1], [6, 6, 6]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 6,
        count: 6,
        basis: AmountBasis::BestResult,
        pot: 15,
    }));
    for value in 2..=6 {
        assert!(result([value, 1, 1]).beats(&result([value; 3])));
        assert_eq!(result([value, 1, 1]).tokens, result([value; 3]).tokens);
    }
}

#[test]
fn ambiguity_q2_the_ace_is_low_in_ordinary_results_and_the_nenette_is_last() {
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[6, 6, 2], [1, 6, 6]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 1,
        count: 1,
        basis: AmountBasis::BestResult,
        pot: 20,
    }));
    let nenette = result([2, 2, 1]);
    assert!(Combination::all().all(|c| c == nenette || c.beats(&nenette)));
    assert!(result([6, 4, 1]).beats(&result([5, 5, 3])));
}

#[test]
fn ambiguity_q3_ace_two_three_is_a_suite() {
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[3, 1, 2], [6, 6, 5]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 2,
        count: 2,
        basis: AmountBasis::BestResult,
        pot: 19,
    }));
    assert_eq!(result([1, 2, 3]).category, Category::Suite);
}

#[test]
fn ambiguity_q4_the_nenette_rule_holds_in_the_decharge_too() {
    let mut m = Match::at(Phase::Decharge, &[10, 11], 0, Options::default());
    let events = m.one_throw_round(&[[4, 2, 1], [2, 1, 2]]);
    assert!(events.contains(&E::Paid {
        from: 0,
        to: 1,
        due: 2,
        count: 2,
        basis: AmountBasis::Nenette,
    }));
    assert_eq!(m.tokens(), vec![8, 13]);
}

#[test]
fn ambiguity_q5_by_default_the_charge_uses_the_full_throw_procedure() {
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[6, 5, 3]);
    assert_eq!(m.turn(), Turn::Seat { seat: 0 });
    assert_eq!(m.view().current.unwrap().max_throws, 3);
}

#[test]
fn ambiguity_q6_the_loser_leads_the_next_round_in_both_phases() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 2, Options::default());
    m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(m.view().leader, Some(1));
    let mut m = Match::at(Phase::Decharge, &[7, 7, 7], 2, Options::default());
    m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(m.view().leader, Some(1));
    assert_eq!(m.tokens(), vec![7, 8, 6]);
}

#[test]
fn ambiguity_q7_ties_are_broken_by_tie_break_throws_of_the_tied_players() {
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[6, 6, 5], [5, 6, 6]]);
    assert_eq!(
        events.last(),
        Some(&E::TieBreakStarted {
            seats: seats(&[0, 1]),
            stake: Stake::Worst,
        })
    );
    assert_eq!(m.turn(), throw_of(3));
    assert!(m.legal(0).is_empty() && m.legal(1).is_empty());
    m.dice(&[2, 2, 1]);
    let events = m.dice(&[3, 2, 2]);
    assert_eq!(
        events[1],
        E::Charged {
            seat: 1,
            due: 1,
            count: 1,
            basis: AmountBasis::BestResult,
            pot: 20,
        }
    );
}

#[test]
fn ambiguity_q8_players_with_no_token_when_the_charge_ends_win_at_once() {
    let mut m = Match::at(Phase::Charge, &[0, 10, 10], 0, Options::default());
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Charged {
                seat: 2,
                due: 1,
                count: 1,
                basis: AmountBasis::BestResult,
                pot: 0,
            },
            E::GameOver {
                winners: seats(&[0]),
                reason: EndReason::NoTokensAfterCharge,
            },
        ]
    );
    // Several such players share the win.
    let mut m = Match::at(Phase::Charge, &[0, 0, 10, 10], 2, Options::default());
    m.one_throw_round(&[[6, 5, 3], [6, 5, 1], [6, 5, 2], [6, 5, 4]]);
    let outcome = G::outcome(&m.state).unwrap();
    assert_eq!(outcome.reason, "no_tokens_after_charge");
    let ranking: Vec<(Seat, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    assert_eq!(ranking, vec![(0, 1, 0), (1, 1, 0), (2, 3, 10), (3, 4, 11)]);
}

#[test]
fn ambiguity_q9_when_the_pot_runs_short_the_loser_takes_what_is_left() {
    let mut m = Match::at(Phase::Charge, &[10, 8], 0, Options::default());
    let events = m.one_throw_round(&[[4, 2, 1], [6, 5, 3]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 10,
        count: 3,
        basis: AmountBasis::BestResult,
        pot: 0,
    }));
    assert_eq!(m.tokens(), vec![10, 11]);
    assert_eq!(m.view().pot, 0);
    assert_eq!(m.view().phase, PhaseView::Decharge);
}

#[test]
fn ambiguity_q10_every_forced_throw_rethrows_at_least_one_die() {
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[4]);
    m.act(0, Action::Stop);
    m.dice(&[4, 2, 1]);
    let empty = Action::Reroll {
        faces: Faces::EMPTY,
    };
    assert!(!m.legal(1).contains(&empty));
    assert_eq!(
        m.refused_action(1, empty),
        ActionError::illegal("re-throw at least one die")
    );
    assert!(m.view().current.unwrap().must_rethrow);
}

// --- A whole game --------------------------------------------------------------------------------

#[test]
fn a_whole_two_player_game_from_the_first_throw_to_the_end() {
    let mut m = Match::new(2, Options::default());
    m.dice(&[5]);
    m.dice(&[1]);
    // Round 1, seat 1 leads: 4-2-1 against 6-5-3, seat 0 takes 10.
    m.one_throw_round(&[[4, 2, 1], [6, 5, 3]]);
    // Round 2, seat 0 leads: seat 0 takes 10 more (pot: 1).
    m.one_throw_round(&[[6, 5, 3], [4, 2, 1]]);
    assert_eq!((m.tokens(), m.view().pot), (vec![20, 0], 1));
    // Round 3: seat 1 loses and takes the last token; the décharge starts, seat 1 leads.
    m.one_throw_round(&[[6, 6, 6], [2, 2, 1]]);
    assert_eq!(m.tokens(), vec![20, 1]);
    assert_eq!(m.view().phase, PhaseView::Decharge);
    assert_eq!(m.view().leader, Some(1));
    // Round 4: seat 1 wins and gives its only token away.
    let events = m.one_throw_round(&[[1, 1, 1], [3, 3, 2]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 1,
                to: 0,
                due: 7,
                count: 1,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Discharged,
            },
        ]
    );
    let outcome = G::outcome(&m.state).unwrap();
    let ranking: Vec<(Seat, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    assert_eq!(ranking, vec![(1, 1, 0), (0, 2, 21)]);
}

// ---------------------------------------------------------------------------------------------
// The named options, each shown changing the game

#[test]
fn option_specs_name_every_option_with_the_seed_defaults() {
    let defaults = Options::default();
    assert_eq!(
        serde_json::to_value(&defaults).unwrap(),
        json!({
            "first_player_rule": "highest",
            "le_bon": false,
            "espagnole": false,
            "nenette_amount": "fixed_two",
            "charge_single_throw": false,
            "tie_break_amount_one": false,
            "zero_at_charge_end": "win_immediately",
        })
    );
    let parsed = parse_options::<G>(&json!({
        "first_player_rule": "lowest",
        "nenette_amount": "best_plus_two",
        "zero_at_charge_end": "sits_out_of_decharge",
        "le_bon": true,
    }))
    .unwrap();
    assert_eq!(
        parsed,
        Options {
            first_player_rule: FirstPlayerRule::Lowest,
            nenette_amount: NenetteAmount::BestPlusTwo,
            zero_at_charge_end: ZeroAtChargeEnd::SitsOutOfDecharge,
            le_bon: true,
            ..Options::default()
        }
    );
    let error = parse_options::<G>(&json!({"nenette_amount": "three"})).unwrap_err();
    assert_eq!(error.option.as_deref(), Some("nenette_amount"));
    // The defaults, then one variant per other value: 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1.
    assert_eq!(option_variants::<G>().len(), 9);
}

#[test]
fn option_first_player_rule_lowest_gives_the_lead_to_the_lowest_die() {
    let throws = [3, 1, 2];
    let first = |rule| {
        let mut m = Match::new(
            3,
            Options {
                first_player_rule: rule,
                ..Options::default()
            },
        );
        let events: Vec<Event> = throws.iter().flat_map(|die| m.dice(&[*die])).collect();
        events.iter().find_map(|e| match e {
            E::FirstPlayer { seat } => Some(*seat),
            _ => None,
        })
    };
    assert_eq!(first(FirstPlayerRule::Highest), Some(1));
    assert_eq!(first(FirstPlayerRule::Lowest), Some(2));
    // The ace stays the highest face: against a six, the six is the lowest.
    let mut m = Match::new(
        2,
        Options {
            first_player_rule: FirstPlayerRule::Lowest,
            ..Options::default()
        },
    );
    m.dice(&[1]);
    assert_eq!(m.dice(&[6])[1], E::FirstPlayer { seat: 1 });
    // Ties at the bottom are thrown again.
    let mut m = Match::new(
        3,
        Options {
            first_player_rule: FirstPlayerRule::Lowest,
            ..Options::default()
        },
    );
    m.dice(&[2]);
    m.dice(&[5]);
    assert_eq!(
        m.dice(&[2])[1],
        E::StartTie {
            seats: seats(&[0, 2]),
        }
    );
}

#[test]
fn option_le_bon_adds_a_choice_to_stop_early_for_following_players() {
    let follower_choices = |le_bon| {
        let mut m = Match::started(
            2,
            Options {
                le_bon,
                ..Options::default()
            },
            0,
        );
        m.dice(&[5, 3, 2]);
        m.reroll(0, &[2]);
        m.dice(&[1]);
        m.act(0, Action::Stop);
        m.dice(&[6, 6, 5]);
        m.legal(1)
    };
    let with = follower_choices(true);
    let without = follower_choices(false);
    assert_eq!(with[0], Action::LeBon);
    assert_eq!(with[1..], without[..]);
}

#[test]
fn option_espagnole_the_player_taking_all_21_tokens_loses() {
    for espagnole in [false, true] {
        let options = Options {
            espagnole,
            ..Options::default()
        };
        let mut m = Match::at(Phase::Charge, &[0, 20], 0, options);
        let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 1]]);
        let end = &events[events.len() - 2..];
        if espagnole {
            assert_eq!(
                end,
                [
                    E::Espagnole { seat: 1 },
                    E::GameOver {
                        winners: seats(&[0]),
                        reason: EndReason::Espagnole,
                    },
                ]
            );
        } else {
            assert_eq!(
                end[1],
                E::GameOver {
                    winners: seats(&[0]),
                    reason: EndReason::NoTokensAfterCharge,
                }
            );
        }
        let outcome = G::outcome(&m.state).unwrap();
        let reason = if espagnole {
            "espagnole"
        } else {
            "no_tokens_after_charge"
        };
        assert_eq!(outcome.reason, reason);
        let ranking: Vec<(Seat, usize, i64)> = outcome
            .ranking
            .iter()
            .map(|p| (p.seat, p.rank, p.score))
            .collect();
        assert_eq!(ranking, vec![(0, 1, 0), (1, 2, 21)]);
    }
    // With three players, the others share the win.
    let options = Options {
        espagnole: true,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 0, 19], 2, options);
    let events = m.one_throw_round(&[[3, 2, 2], [6, 6, 6], [5, 5, 5]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Espagnole { seat: 2 },
            E::GameOver {
                winners: seats(&[0, 1]),
                reason: EndReason::Espagnole,
            },
        ]
    );
}

#[test]
fn option_espagnole_does_not_apply_below_21_tokens() {
    let options = Options {
        espagnole: true,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[1, 19], 0, options);
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 1]]);
    assert!(events.contains(&E::DechargeStarted {
        sitting_out: Seats::EMPTY,
    }));
    assert_eq!(m.tokens(), vec![1, 20]);
}

#[test]
fn option_nenette_amount_variants_in_play() {
    let cases = [
        (NenetteAmount::FixedTwo, [4, 2, 1], 2),
        (NenetteAmount::AtLeastTwo, [4, 2, 1], 10),
        (NenetteAmount::AtLeastTwo, [6, 5, 3], 2),
        (NenetteAmount::BestPlusTwo, [4, 2, 1], 12),
        (NenetteAmount::BestPlusTwo, [6, 5, 3], 3),
    ];
    for (nenette_amount, best, due) in cases {
        let options = Options {
            nenette_amount,
            ..Options::default()
        };
        let mut m = Match::at(Phase::Charge, &[0, 0], 0, options.clone());
        let events = m.one_throw_round(&[best, [2, 2, 1]]);
        assert!(
            events.contains(&E::Charged {
                seat: 1,
                due,
                count: due,
                basis: AmountBasis::Nenette,
                pot: 21 - due,
            }),
            "{nenette_amount:?} with {best:?}: {events:?}"
        );
        // The décharge follows the same rule.
        let mut m = Match::at(Phase::Decharge, &[15, 6], 0, options);
        let events = m.one_throw_round(&[best, [2, 2, 1]]);
        assert!(events.contains(&E::Paid {
            from: 0,
            to: 1,
            due,
            count: due,
            basis: AmountBasis::Nenette,
        }));
    }
}

#[test]
fn option_charge_single_throw_turns_have_one_throw_during_the_charge_only() {
    let options = Options {
        charge_single_throw: true,
        ..Options::default()
    };
    let mut m = Match::started(2, options.clone(), 0);
    assert_eq!(
        m.dice(&[6, 5, 3]),
        vec![
            E::DiceThrown {
                seat: 0,
                throw: 1,
                kept: Faces::EMPTY,
                thrown: faces(&[6, 5, 3]),
                dice: [6, 5, 3],
            },
            E::TurnEnded {
                seat: 0,
                throws: 1,
                result: result([6, 5, 3]),
            },
            E::ThrowsFixed { seat: 0, throws: 1 },
            E::TurnStarted { seat: 1 },
        ]
    );
    // The whole charge is chance steps: no decision at all, whatever the dice.
    let mut m = Match::started(3, options.clone(), 0);
    let mut face = 0u8;
    for _ in 0..10_000 {
        if m.view().phase != PhaseView::Charge || m.turn() == Turn::Over {
            break;
        }
        let Turn::Chance {
            chance: Chance::Dice { count },
        } = m.turn()
        else {
            panic!("a decision during a single-throw charge: {:?}", m.turn());
        };
        let values: Vec<u8> = (0..count)
            .map(|_| {
                face = face % 6 + 1;
                face
            })
            .collect();
        m.dice(&values);
    }
    assert!(m.view().phase == PhaseView::Decharge || m.turn() == Turn::Over);
    // The décharge has the normal throws again.
    let mut m = Match::at(Phase::Decharge, &[10, 11], 0, options);
    m.dice(&[6, 5, 3]);
    assert_eq!(m.turn(), Turn::Seat { seat: 0 });
    assert_eq!(m.view().current.unwrap().max_throws, 3);
}

#[test]
fn option_tie_break_amount_one_moves_a_single_token_after_a_tie_break() {
    for tie_break_amount_one in [false, true] {
        let options = Options {
            tie_break_amount_one,
            ..Options::default()
        };
        let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, options.clone());
        m.one_throw_round(&[[4, 2, 1], [6, 3, 2], [6, 3, 2]]);
        m.dice(&[5, 5, 5]);
        let events = m.dice(&[5, 5, 4]);
        let (due, basis) = if tie_break_amount_one {
            (1, AmountBasis::TieBreak)
        } else {
            (10, AmountBasis::BestResult)
        };
        assert_eq!(
            events[1],
            E::Charged {
                seat: 1,
                due,
                count: due,
                basis,
                pot: 21 - due,
            }
        );
        // Also for a tie for the best result in the décharge, and over a nénette.
        let mut m = Match::at(Phase::Decharge, &[7, 7, 7], 0, options);
        m.one_throw_round(&[[4, 2, 1], [4, 2, 1], [2, 2, 1]]);
        m.dice(&[5, 5, 5]);
        let events = m.dice(&[5, 5, 4]);
        let (due, basis) = if tie_break_amount_one {
            (1, AmountBasis::TieBreak)
        } else {
            (2, AmountBasis::Nenette)
        };
        assert_eq!(
            events[1],
            E::Paid {
                from: 1,
                to: 2,
                due,
                count: due,
                basis,
            }
        );
    }
    // A round without a tie is not affected.
    let options = Options {
        tie_break_amount_one: true,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, options);
    let events = m.one_throw_round(&[[4, 2, 1], [6, 3, 2]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 10,
        count: 10,
        basis: AmountBasis::BestResult,
        pot: 11,
    }));
}

#[test]
fn option_zero_at_charge_end_sits_out_of_decharge() {
    let options = Options {
        zero_at_charge_end: ZeroAtChargeEnd::SitsOutOfDecharge,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 1, 19], 0, options.clone());
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(
        events[events.len() - 3..],
        [
            E::DechargeStarted {
                sitting_out: seats(&[0]),
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Decharge,
                leader: 2,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
    let view = m.view();
    assert!(view.players[0].sitting_out && !view.players[0].to_play);
    // Seat 0 never throws: the round is seats 2 then 1.
    m.one_throw([3, 2, 2]);
    assert_eq!(m.view().current.unwrap().seat, 1);
    let events = m.one_throw([6, 6, 5]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 1,
                to: 2,
                due: 1,
                count: 1,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Discharged,
            },
        ]
    );
    // The winner of the décharge first; the seat that sat out holds no token and comes next.
    let outcome = G::outcome(&m.state).unwrap();
    let ranking: Vec<(Seat, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    assert_eq!(ranking, vec![(1, 1, 0), (0, 2, 0), (2, 3, 21)]);

    // With a single player left holding tokens there is no décharge to play: those with none
    // win, as by default.
    let mut m = Match::at(Phase::Charge, &[0, 0, 20], 0, options);
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(
        events.last(),
        Some(&E::GameOver {
            winners: seats(&[0, 1]),
            reason: EndReason::NoTokensAfterCharge,
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Resignations and time-outs, and what happens to the leaver's tokens

fn ranking(m: &Match) -> Vec<(Seat, usize, i64)> {
    G::outcome(&m.state)
        .unwrap()
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect()
}

#[test]
fn resign_with_two_players_the_other_wins_at_once() {
    let mut m = Match::at(Phase::Charge, &[5, 3], 0, Options::default());
    m.dice(&[6, 5, 3]);
    // Seat 1 leaves while seat 0 is deciding: a seat may leave at any moment.
    assert_eq!(
        m.resign(1),
        vec![
            E::Resigned {
                seat: 1,
                tokens_returned: 3,
            },
            E::GameOver {
                winners: seats(&[0]),
                reason: EndReason::Resignation,
            },
        ]
    );
    assert_eq!(m.turn(), Turn::Over);
    assert_eq!(m.view().pot, 16);
    assert_eq!(G::outcome(&m.state).unwrap().reason, "resignation");
    assert_eq!(ranking(&m), vec![(0, 1, 5), (1, 2, 0)]);
}

#[test]
fn resign_on_its_turn_passes_the_turn_and_returns_the_tokens_to_the_pot() {
    let mut m = Match::at(Phase::Charge, &[2, 3, 4], 0, Options::default());
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[2]);
    m.act(0, Action::Stop);
    m.dice(&[4, 4, 1]);
    assert_eq!(
        m.resign(1),
        vec![
            E::Resigned {
                seat: 1,
                tokens_returned: 3,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
    assert_eq!(m.tokens(), vec![2, 0, 4]);
    assert_eq!(m.view().pot, 15);
    assert_eq!(m.turn(), throw_of(3));
    assert!(m.legal(1).is_empty());
    m.dice(&[3, 3, 2]);
    m.reroll(2, &[2]);
    let events = m.dice(&[1]);
    assert!(events.contains(&E::Charged {
        seat: 2,
        due: 1,
        count: 1,
        basis: AmountBasis::BestResult,
        pot: 14,
    }));
    // Its turns are skipped from now on: the next round is seat 2, then seat 0.
    let view = m.view();
    assert!(!view.players[1].playing && !view.players[1].to_play);
    m.one_throw([6, 6, 5]);
    assert_eq!(m.view().current.unwrap().seat, 0);
}

#[test]
fn resign_while_its_throw_is_pending_passes_the_turn_cleanly() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[2]);
    m.act(0, Action::Stop);
    m.dice(&[4, 4, 1]);
    m.reroll(1, &[4, 1]);
    assert_eq!(m.turn(), throw_of(2));
    m.resign(1);
    // Seat 2 starts its own turn with a fresh throw of three dice.
    assert_eq!(m.turn(), throw_of(3));
    assert_eq!(m.view().current.unwrap().seat, 2);
    assert_eq!(
        m.dice(&[5, 5, 5]),
        vec![E::DiceThrown {
            seat: 2,
            throw: 1,
            kept: Faces::EMPTY,
            thrown: faces(&[5, 5, 5]),
            dice: [5, 5, 5],
        }]
    );
}

#[test]
fn resign_of_the_leader_before_it_fixed_k_hands_the_lead_to_the_next_seat() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.dice(&[6, 5, 3]);
    assert_eq!(
        m.resign(0),
        vec![
            E::Resigned {
                seat: 0,
                tokens_returned: 0,
            },
            E::TurnStarted { seat: 1 },
        ]
    );
    let view = m.view();
    assert_eq!((view.leader, view.throws_fixed), (Some(1), None));
    m.dice(&[6, 5, 3]);
    assert_eq!(m.legal(1)[0], Action::Stop);
    m.act(1, Action::Stop);
    assert_eq!(m.view().throws_fixed, Some(1));
}

#[test]
fn resign_after_playing_removes_its_result_from_the_round() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[2, 2, 1], [6, 5, 3]]);
    // Seat 0's nénette would lose; seat 0 leaves before seat 2 throws.
    assert_eq!(
        m.resign(0),
        vec![E::Resigned {
            seat: 0,
            tokens_returned: 0,
        }]
    );
    let events = m.dice(&[6, 6, 5]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 1,
        count: 1,
        basis: AmountBasis::BestResult,
        pot: 20,
    }));
}

#[test]
fn resign_during_a_tie_break_settles_the_round_among_the_others() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[4, 2, 1], [3, 2, 2], [3, 2, 2]]);
    m.dice(&[6, 6, 6]);
    // Seat 1, still to throw in the tie-break for the worst, leaves: seat 2 is the loser.
    assert_eq!(
        m.resign(1),
        vec![
            E::Resigned {
                seat: 1,
                tokens_returned: 0,
            },
            E::Charged {
                seat: 2,
                due: 10,
                count: 10,
                basis: AmountBasis::BestResult,
                pot: 11,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Charge,
                leader: 2,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
}

#[test]
fn resign_of_a_seat_outside_the_tie_break_lets_it_go_on() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[4, 2, 1], [3, 2, 2], [6, 5, 3], [3, 2, 2]]);
    m.dice(&[6, 6, 6]);
    // Seat 0 held the best result: the amount becomes that of the best result still in play.
    assert_eq!(
        m.resign(0),
        vec![E::Resigned {
            seat: 0,
            tokens_returned: 0,
        }]
    );
    assert_eq!(m.view().tie_break.unwrap().seats, seats(&[1, 3]));
    let events = m.dice(&[5, 5, 5]);
    assert_eq!(
        events[1],
        E::Charged {
            seat: 1,
            due: 1,
            count: 1,
            basis: AmountBasis::BestResult,
            pot: 20,
        }
    );
}

#[test]
fn resign_during_the_first_player_throw() {
    let mut m = Match::new(3, Options::default());
    m.dice(&[1]);
    // Seat 0 (an ace, ahead) leaves: seats 1 and 2 decide.
    m.resign(0);
    assert_eq!(m.dice(&[3]), vec![E::StartDieThrown { seat: 1, die: 3 }]);
    assert_eq!(m.dice(&[4])[1], E::FirstPlayer { seat: 2 });
    // The last seat to throw leaves: the others have thrown, the decision is made at once.
    let mut m = Match::new(3, Options::default());
    m.dice(&[5]);
    m.dice(&[4]);
    assert_eq!(
        m.resign(2),
        vec![
            E::Resigned {
                seat: 2,
                tokens_returned: 0,
            },
            E::FirstPlayer { seat: 0 },
            E::RoundStarted {
                round: 1,
                phase: Phase::Charge,
                leader: 0,
            },
            E::TurnStarted { seat: 0 },
        ]
    );
}

#[test]
fn resign_until_one_seat_is_left_who_wins_later_leavers_ranking_higher() {
    let mut m = Match::at(Phase::Charge, &[1, 2, 3], 0, Options::default());
    m.resign(2);
    assert_eq!(
        m.resign(0),
        vec![
            E::Resigned {
                seat: 0,
                tokens_returned: 1,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Resignation,
            },
        ]
    );
    assert_eq!(ranking(&m), vec![(1, 1, 2), (0, 2, 0), (2, 3, 0)]);
}

#[test]
fn resign_in_the_decharge_sets_the_tokens_aside_and_the_game_goes_on() {
    let mut m = Match::at(Phase::Decharge, &[5, 8, 8], 0, Options::default());
    m.resign(0);
    assert_eq!(m.view().pot, 5);
    assert_eq!(m.view().leader, Some(1));
    let events = m.one_throw_round(&[[4, 2, 1], [6, 5, 3]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 1,
                to: 2,
                due: 10,
                count: 8,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Discharged,
            },
        ]
    );
    // The leaver ranks last although it holds no token.
    assert_eq!(ranking(&m), vec![(1, 1, 0), (2, 2, 16), (0, 3, 0)]);
}

#[test]
fn resign_leaving_nobody_to_play_the_decharge_against() {
    let options = Options {
        zero_at_charge_end: ZeroAtChargeEnd::SitsOutOfDecharge,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 1, 19], 0, options);
    m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert!(m.view().players[0].sitting_out);
    // Seat 2 leaves: seat 1 would play the décharge alone, so the seat sitting out wins.
    assert_eq!(
        m.resign(2)[1],
        E::GameOver {
            winners: seats(&[0]),
            reason: EndReason::Resignation,
        }
    );
    assert_eq!(ranking(&m), vec![(0, 1, 0), (1, 2, 1), (2, 3, 0)]);
}

#[test]
fn resign_refusals_change_nothing() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.resign(1);
    assert_eq!(
        m.refused(|s, e| G::resign(s, 1, e)),
        ActionError::illegal("this seat has already left the game")
    );
    assert_eq!(
        m.refused(|s, e| G::resign(s, 3, e)),
        ActionError::NoSuchSeat
    );
    m.resign(2);
    assert_eq!(m.turn(), Turn::Over);
    assert_eq!(m.refused(|s, e| G::resign(s, 0, e)), ActionError::GameOver);
}

// ---------------------------------------------------------------------------------------------
// The contract around the rules: refusals that change nothing, the JSON forms, the view and
// the invariants

#[test]
fn refusals_leave_the_state_and_the_events_unchanged() {
    let mut m = Match::started(3, Options::default(), 0);
    // A chance step is due: nobody may act, and only three dice in 1..=6 are accepted.
    assert_eq!(m.refused_action(0, Action::Stop), ActionError::NotYourTurn);
    assert!(matches!(
        m.refused(|s, e| G::apply_chance(s, &[1, 2], e)),
        ActionError::BadChance(_)
    ));
    assert!(matches!(
        m.refused(|s, e| G::apply_chance(s, &[1, 2, 7], e)),
        ActionError::BadChance(_)
    ));
    assert!(matches!(
        m.refused(|s, e| G::apply_chance(s, &[0, 2, 3], e)),
        ActionError::BadChance(_)
    ));
    m.dice(&[6, 5, 3]);
    // Seat 0 decides now.
    assert_eq!(
        m.refused(|s, e| G::apply_chance(s, &[1, 2, 3], e)),
        ActionError::NoChanceDue
    );
    assert_eq!(m.refused_action(1, Action::Stop), ActionError::NotYourTurn);
    assert_eq!(m.refused_action(3, Action::Stop), ActionError::NoSuchSeat);
    let not_there = ActionError::illegal("the dice on the table do not show those faces");
    for values in [&[4][..], &[6, 6], &[9], &[0], &[3, 3], &[6, 6, 5]] {
        assert_eq!(
            m.refused_action(
                0,
                Action::Reroll {
                    faces: faces(values),
                },
            ),
            not_there,
            "{values:?}"
        );
    }
    assert_eq!(
        m.refused_action(0, Action::LeBon),
        ActionError::illegal("the leader keeps their dice with stop")
    );
    // After the end, everything is refused with GameOver.
    m.resign(1);
    m.resign(2);
    assert_eq!(m.refused_action(0, Action::Stop), ActionError::GameOver);
    assert_eq!(
        m.refused(|s, e| G::apply_chance(s, &[1, 2, 3], e)),
        ActionError::GameOver
    );
    assert_eq!(m.refused(|s, e| G::resign(s, 0, e)), ActionError::GameOver);
}

#[test]
fn actions_read_and_write_self_describing_json() {
    let action: Action =
        serde_json::from_value(json!({"type": "reroll", "faces": [3, 6]})).unwrap();
    assert_eq!(
        action,
        Action::Reroll {
            faces: faces(&[6, 3]),
        }
    );
    assert_eq!(
        serde_json::to_value(action).unwrap(),
        json!({"type": "reroll", "faces": [6, 3]})
    );
    assert_eq!(
        serde_json::to_value(Action::Stop).unwrap(),
        json!({"type": "stop"})
    );
    assert_eq!(
        serde_json::to_value(Action::LeBon).unwrap(),
        json!({"type": "le_bon"})
    );
    assert!(
        serde_json::from_value::<Action>(json!({"type": "reroll", "faces": [1, 2, 3, 4]})).is_err()
    );
    // Through the dispatch layer, as the server posts it: a reroll written in any order.
    let mut any = AnyState::from_json(
        GameId::FourTwoOne,
        &serde_json::to_value(&Match::started(2, Options::default(), 0).state).unwrap(),
    )
    .unwrap();
    any.chance_json(&[3, 6, 1]).unwrap();
    assert!(
        any.legal_json(0)
            .contains(&json!({"type": "reroll", "faces": [6, 1]}))
    );
    let events = any
        .act_json(0, &json!({"type": "reroll", "faces": [1, 6]}))
        .unwrap();
    assert_eq!(
        events,
        vec![json!({"type": "rethrow_chosen", "seat": 0, "faces": [6, 1]})]
    );
    assert!(matches!(
        any.act_json(0, &json!({"type": "reroll", "faces": [1, 2, 3, 4]})),
        Err(ActionError::Malformed(_))
    ));
}

#[test]
fn events_carry_the_values_a_turn_log_needs() {
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, Options::default());
    let events = m.one_throw_round(&[[1, 1, 6], [2, 1, 2]]);
    let json: Vec<serde_json::Value> = events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    assert_eq!(
        json[0],
        json!({"type": "dice_thrown", "seat": 0, "throw": 1, "kept": [], "thrown": [6, 1, 1], "dice": [6, 1, 1]})
    );
    assert_eq!(
        json[1],
        json!({"type": "turn_ended", "seat": 0, "throws": 1,
               "result": {"dice": [6, 1, 1], "category": "fiche", "rank": 3, "tokens": 6}})
    );
    assert!(
        json.contains(&json!({"type": "charged", "seat": 1, "due": 2, "count": 2,
                                   "basis": "nenette", "pot": 19}))
    );
}

#[test]
fn the_view_shows_the_round_and_the_figures_to_decide() {
    let mut m = Match::at(Phase::Charge, &[3, 0, 0], 0, Options::default());
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[1]);
    m.act(0, Action::Stop);
    m.dice(&[2, 2, 1]);
    let view = G::view(&m.state, Some(1));
    assert_eq!(view.viewer, Some(1));
    assert_eq!(view.phase, PhaseView::Charge);
    assert_eq!(view.turn, Turn::Seat { seat: 1 });
    assert_eq!((view.round, view.pot, view.leader), (1, 18, Some(0)));
    assert_eq!(view.throws_fixed, Some(2));
    assert_eq!(
        view.current,
        Some(CurrentTurn {
            seat: 1,
            leading: false,
            throws: 1,
            max_throws: 2,
            throws_left: 1,
            must_rethrow: true,
            dice: Some(result([2, 2, 1])),
            kept: None,
        })
    );
    assert_eq!(view.round_best, Some(result([6, 5, 1])));
    assert_eq!(view.round_worst, Some(result([6, 5, 1])));
    assert_eq!(view.amount_so_far, Some(1));
    let to_play: Vec<bool> = view.players.iter().map(|p| p.to_play).collect();
    assert_eq!(to_play, vec![false, true, true]);
    assert_eq!(view.players[0].result, Some(result([6, 5, 1])));
    assert_eq!(view.players[0].tokens, 3);
    m.reroll(1, &[2]);
    let current = m.view().current.unwrap();
    assert_eq!(current.kept, Some(faces(&[2, 1])));
    assert_eq!(m.view().turn, throw_of(1));
    // The view is the same for every seat and spectators, but for the viewer field.
    let spectator = G::view(&m.state, None);
    let seat = G::view(&m.state, Some(2));
    assert_eq!(
        TableView {
            viewer: None,
            ..seat
        },
        spectator
    );
}

#[test]
fn reading_a_state_checks_its_invariants() {
    let m = Match::at(Phase::Charge, &[4, 6], 1, Options::default());
    let json = serde_json::to_value(&m.state).unwrap();
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, m.state);

    let corrupt = |path: &[&str], value: serde_json::Value| {
        let mut json = json.clone();
        let mut target = &mut json;
        for key in path {
            target = match key.parse::<usize>() {
                Ok(index) => &mut target[index],
                Err(_) => &mut target[*key],
            };
        }
        *target = value;
        serde_json::from_value::<State>(json).map(|_| ())
    };
    // 21 tokens in all.
    assert!(corrupt(&["pot"], json!(12)).is_err());
    assert!(corrupt(&["players", "0", "tokens"], json!(5)).is_err());
    // Seats and dice in range.
    assert!(corrupt(&["step", "seat"], json!(7)).is_err());
    assert!(corrupt(&["leader"], json!(2)).is_err());
    assert!(corrupt(&["players", "0", "start_die"], json!(9)).is_err());
    // throws ≤ k ≤ 3.
    assert!(corrupt(&["step", "throws"], json!(4)).is_err());
    assert!(corrupt(&["throws_fixed"], json!(4)).is_err());
    assert!(corrupt(&["resignations", "order"], json!([0, 0])).is_err());
    assert!(corrupt(&["players"], json!([])).is_err());
    // An untouched copy reads back.
    assert!(corrupt(&["pot"], json!(11)).is_ok());
}

#[test]
fn invariants_hold_and_k_bounds_every_throw_count() {
    let mut m = Match::started(2, Options::default(), 0);
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[4]);
    m.act(0, Action::Stop);
    m.dice(&[6, 5, 3]);
    let json = serde_json::to_value(&m.state).unwrap();
    // Forcing a third throw on a follower with k = 2 breaks `throws ≤ k`.
    let mut broken = json.clone();
    broken["step"]["throws"] = json!(2);
    assert!(serde_json::from_value::<State>(broken).is_err());
    // Moving a token out of thin air breaks the 21 tokens.
    let mut broken = json.clone();
    broken["players"][1]["tokens"] = json!(m.tokens()[1] + 1);
    assert!(serde_json::from_value::<State>(broken).is_err());
    assert_eq!(serde_json::from_value::<State>(json).unwrap(), m.state);
}

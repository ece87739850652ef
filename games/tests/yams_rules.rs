//! The rules of Yams (`yams.md`), one test per numbered rule, per ambiguity resolution and per
//! option, plus the worked examples of the rules file, the contract's error cases and
//! resignations. Every test scripts its dice through `apply_chance`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use serde_json::{Value, json};
use tapis_games::read_options::parse_options;
use tapis_games::yams::{
    Action, BonusRule, BoxId, BrelanValue, Dice, EndReason, Event, Options, State, Totals, Yams,
};
use tapis_games::{ActionError, AnyState, Chance, Game, GameId, Placing, SetupError, Turn};

// ---------------------------------------------------------------------------------------------
// Helpers

fn options(json: Value) -> Options {
    parse_options::<Yams>(&json).unwrap()
}

fn new_game(seats: usize, options: &Options) -> State {
    let state = Yams::setup(seats, options).unwrap();
    Yams::check_invariants(&state).unwrap();
    state
}

fn dice(faces: &[u8]) -> Dice {
    Dice::new(faces).unwrap()
}

fn keep(faces: &[u8]) -> Action {
    Action::Reroll { keep: dice(faces) }
}

fn score(which: BoxId) -> Action {
    Action::Score {
        grid: 0,
        r#box: which,
    }
}

fn score_in(grid: u8, which: BoxId) -> Action {
    Action::Score { grid, r#box: which }
}

/// Supplies the dice of the pending throw; returns the events.
fn throw(state: &mut State, values: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    Yams::apply_chance(state, values, &mut events).unwrap();
    Yams::check_invariants(state).unwrap();
    events
}

/// Applies an action of the seat on turn; returns the events.
fn act(state: &mut State, action: Action) -> Vec<Event> {
    let Turn::Seat { seat } = Yams::turn(state) else {
        panic!("no seat on turn: {:?}", Yams::turn(state));
    };
    let mut events = Vec::new();
    Yams::apply(state, seat, &action, &mut events).unwrap();
    Yams::check_invariants(state).unwrap();
    events
}

/// One whole turn: a single throw of `values`, written in `which` of grid 0; returns the points.
fn turn(state: &mut State, values: [u8; 5], which: BoxId) -> u8 {
    turn_in(state, values, 0, which)
}

fn turn_in(state: &mut State, values: [u8; 5], grid: u8, which: BoxId) -> u8 {
    throw(state, &values);
    let events = act(state, score_in(grid, which));
    match events.first() {
        Some(Event::Scored { points, .. }) => *points,
        other => panic!("expected a score, got {other:?}"),
    }
}

fn legal(state: &State, seat: usize) -> Vec<Action> {
    let mut out = Vec::new();
    Yams::legal_actions(state, seat, &mut out);
    out
}

fn scores_listed(state: &State, seat: usize) -> Vec<(u8, BoxId)> {
    legal(state, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Score { grid, r#box } => Some((grid, r#box)),
            Action::Reroll { .. } => None,
        })
        .collect()
}

fn rerolls_listed(state: &State, seat: usize) -> Vec<Dice> {
    legal(state, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Reroll { keep } => Some(keep),
            Action::Score { .. } => None,
        })
        .collect()
}

/// What the dice on the table would score in `which` of grid 0 of the seat choosing.
fn would_score(state: &State, which: BoxId) -> u8 {
    let view = Yams::view(state, None);
    let seat = view.current_seat.unwrap();
    view.players[seat].grids[0]
        .boxes
        .iter()
        .find(|b| b.r#box == which)
        .and_then(|b| b.would_score)
        .unwrap()
}

/// Throws `values` on a fresh solo game and returns what they would score in `which`.
fn value_of(options: &Options, values: [u8; 5], which: BoxId) -> u8 {
    let mut state = new_game(1, options);
    throw(&mut state, &values);
    let shown = would_score(&state, which);
    let points = turn_points_after_throw(&mut state, which);
    assert_eq!(shown, points, "the view and the score agree for {which:?}");
    points
}

fn turn_points_after_throw(state: &mut State, which: BoxId) -> u8 {
    match act(state, score(which)).first() {
        Some(Event::Scored { points, .. }) => *points,
        other => panic!("expected a score, got {other:?}"),
    }
}

/// Applies `attempt` to a copy of `state` and checks that it fails with `expected`, changing
/// neither the state nor the events.
fn refused(
    state: &State,
    expected: &ActionError,
    attempt: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<(), ActionError>,
) {
    let mut copy = state.clone();
    let mut events = Vec::new();
    assert_eq!(attempt(&mut copy, &mut events), Err(expected.clone()));
    assert_eq!(&copy, state, "a refused call changed the state");
    assert!(events.is_empty(), "a refused call produced events");
}

fn illegal(reason: &str) -> ActionError {
    ActionError::Illegal(reason.to_owned().into())
}

/// The 12 boxes of the original rules' grid, in sheet order.
const SEED_GRID: [BoxId; 12] = [
    BoxId::Un,
    BoxId::Deux,
    BoxId::Trois,
    BoxId::Quatre,
    BoxId::Cinq,
    BoxId::Six,
    BoxId::Brelan,
    BoxId::Suite,
    BoxId::Full,
    BoxId::Carre,
    BoxId::Yams,
    BoxId::Chance,
];

/// A complete sheet for a solo or multi-player script: the dice and the box of each turn.
/// Upper 3+6+9+12+15+18 = 63 (bonus 30); lower 10+20+30+40+50+26 = 176; total 269.
const SHEET_269: [([u8; 5], BoxId); 12] = [
    ([1, 1, 1, 2, 3], BoxId::Un),
    ([2, 2, 2, 1, 1], BoxId::Deux),
    ([3, 3, 3, 1, 1], BoxId::Trois),
    ([4, 4, 4, 1, 1], BoxId::Quatre),
    ([5, 5, 5, 1, 1], BoxId::Cinq),
    ([6, 6, 6, 1, 1], BoxId::Six),
    ([2, 2, 2, 3, 4], BoxId::Brelan),
    ([1, 2, 3, 4, 5], BoxId::Suite),
    ([2, 2, 5, 5, 5], BoxId::Full),
    ([6, 6, 6, 6, 1], BoxId::Carre),
    ([4, 4, 4, 4, 4], BoxId::Yams),
    ([6, 6, 5, 5, 4], BoxId::Chance),
];

// ---------------------------------------------------------------------------------------------
// Numbered rules

#[test]
fn rule_01_one_to_eight_players_five_dice_one_grid_each() {
    for seats in 1..=8 {
        let state = new_game(seats, &Options::default());
        let view = Yams::view(&state, None);
        assert_eq!(view.players.len(), seats);
        for player in &view.players {
            assert_eq!(player.grids.len(), 1);
            let boxes: Vec<BoxId> = player.grids[0].boxes.iter().map(|b| b.r#box).collect();
            assert_eq!(boxes, SEED_GRID);
            assert!(player.grids[0].boxes.iter().all(|b| b.points.is_none()));
        }
        // Seat 0 starts, by throwing the five dice.
        assert_eq!(
            Yams::turn(&state),
            Turn::Chance {
                chance: Chance::Dice { count: 5 }
            }
        );
        assert_eq!(view.current_seat, Some(0));
    }
    for seats in [0, 9] {
        assert_eq!(
            Yams::setup(seats, &Options::default()),
            Err(SetupError::SeatCount {
                game: "yams",
                seats,
                min: 1,
                max: 8
            })
        );
    }
}

#[test]
fn rule_02_the_first_throw_is_forced_then_up_to_two_rethrows() {
    let mut state = new_game(1, &Options::default());
    // Nothing to decide before the first throw: it is a chance step, not an action.
    assert!(legal(&state, 0).is_empty());
    throw(&mut state, &[6, 1, 3, 3, 2]);
    assert_eq!(state.dice(), dice(&[1, 2, 3, 3, 6]));
    assert_eq!(Yams::turn(&state), Turn::Seat { seat: 0 });

    // Second throw: keep the two 3s, throw three dice.
    act(&mut state, keep(&[3, 3]));
    assert_eq!(
        Yams::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 3 }
        }
    );
    assert!(legal(&state, 0).is_empty(), "no decision while dice roll");
    throw(&mut state, &[3, 5, 4]);
    assert_eq!(state.dice(), dice(&[3, 3, 3, 4, 5]));

    // Third throw: throw everything again (keeping nothing is a subset too).
    act(&mut state, keep(&[]));
    assert_eq!(
        Yams::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 5 }
        }
    );
    throw(&mut state, &[2, 2, 2, 2, 6]);
    assert_eq!(state.throws(), 3);

    // No fourth throw: only the 12 boxes are left.
    assert!(rerolls_listed(&state, 0).is_empty());
    assert_eq!(
        scores_listed(&state, 0),
        SEED_GRID.map(|b| (0, b)).to_vec(),
        "after three throws the player must score"
    );
    refused(
        &state,
        &illegal("no throw left after three throws: choose a box to score"),
        |s, e| Yams::apply(s, 0, &keep(&[2, 2, 2, 2]), e),
    );
    assert_eq!(turn_points_after_throw(&mut state, BoxId::Carre), 40);
}

#[test]
fn rule_02_the_player_may_stop_after_any_throw() {
    // Stop after the first throw.
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[5, 5, 5, 2, 2]);
    assert_eq!(turn_points_after_throw(&mut state, BoxId::Full), 30);
    // Stop after the second throw.
    throw(&mut state, &[1, 2, 3, 4, 6]);
    act(&mut state, keep(&[1, 2, 3, 4]));
    throw(&mut state, &[5]);
    assert_eq!(state.throws(), 2);
    assert_eq!(turn_points_after_throw(&mut state, BoxId::Suite), 20);
    assert_eq!(state.throws(), 0, "the next turn starts afresh");
}

#[test]
fn rule_02_any_subset_can_be_thrown_again_each_decision_listed_once() {
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[1, 2, 3, 4, 6]);
    // Five different faces: every subset of them may be kept but the whole hand.
    let rerolls = rerolls_listed(&state, 0);
    assert_eq!(rerolls.len(), 31);
    let mut expected: Vec<Dice> = (0u32..31)
        .map(|mask| {
            let kept: Vec<u8> = [1, 2, 3, 4, 6]
                .into_iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, f)| f)
                .collect();
            dice(&kept)
        })
        .collect();
    let mut sorted = rerolls.clone();
    sorted.sort_by_key(|d| d.as_slice().to_vec());
    expected.sort_by_key(|d| d.as_slice().to_vec());
    assert_eq!(sorted, expected);
    // Plus one score per empty box: 43 legal actions in all.
    assert_eq!(legal(&state, 0).len(), 31 + 12);

    // Equal faces: keeping "a 5" is one decision whichever die shows it.
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[5, 2, 5, 2, 5]);
    let rerolls = rerolls_listed(&state, 0);
    assert_eq!(
        rerolls.len(),
        3 * 4 - 1,
        "0-2 twos times 0-3 fives, minus keeping all"
    );
    assert!(rerolls.contains(&dice(&[5])));
    assert!(rerolls.contains(&dice(&[2, 5, 5, 5])));
    assert!(!rerolls.contains(&dice(&[2, 2, 5, 5, 5])));
}

#[test]
fn rule_02_kept_dice_must_be_on_the_table_and_keeping_all_is_stopping() {
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[2, 2, 5, 5, 5]);
    refused(
        &state,
        &illegal("cannot keep 2 2 2: the dice show 2 2 5 5 5"),
        |s, e| Yams::apply(s, 0, &keep(&[2, 2, 2]), e),
    );
    refused(
        &state,
        &illegal("cannot keep 6: the dice show 2 2 5 5 5"),
        |s, e| Yams::apply(s, 0, &keep(&[6]), e),
    );
    refused(
        &state,
        &illegal("cannot keep 7: the dice show 2 2 5 5 5"),
        |s, e| Yams::apply(s, 0, &keep(&[7]), e),
    );
    refused(
        &state,
        &illegal("keeping all five dice is stopping: choose a box to score"),
        |s, e| Yams::apply(s, 0, &keep(&[2, 2, 5, 5, 5]), e),
    );
}

#[test]
fn rule_03_after_stopping_exactly_one_empty_box_is_written() {
    let mut state = new_game(2, &Options::default());
    throw(&mut state, &[3, 3, 4, 4, 6]);
    // The only ways to stop are the twelve boxes; no "pass".
    assert_eq!(scores_listed(&state, 0), SEED_GRID.map(|b| (0, b)).to_vec());
    let events = act(&mut state, score(BoxId::Quatre));
    assert_eq!(
        events,
        vec![Event::Scored {
            seat: 0,
            grid: 0,
            r#box: BoxId::Quatre,
            dice: dice(&[3, 3, 4, 4, 6]),
            points: 8,
        }]
    );
    let grid = *state.grid(0, 0).unwrap();
    assert_eq!(grid.filled(), 1);
    assert_eq!(grid.get(BoxId::Quatre), Some(8));
    // The turn passed to seat 1, which starts with a fresh throw.
    assert_eq!(
        Yams::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 5 }
        }
    );
    assert_eq!(state.current_seat(), Some(1));
    throw(&mut state, &[1, 1, 1, 1, 1]);
    assert_eq!(scores_listed(&state, 1).len(), 12);
    // Seat 0's filled box is no longer offered to it next round.
    act(&mut state, score(BoxId::Yams));
    throw(&mut state, &[1, 1, 1, 1, 1]);
    assert!(!scores_listed(&state, 0).contains(&(0, BoxId::Quatre)));
    assert_eq!(scores_listed(&state, 0).len(), 11);
}

#[test]
fn rule_04_the_box_value_when_the_condition_holds_else_zero() {
    let mut state = new_game(1, &Options::default());
    assert_eq!(turn(&mut state, [2, 2, 5, 5, 5], BoxId::Full), 30);
    assert_eq!(turn(&mut state, [2, 2, 5, 5, 6], BoxId::Carre), 0);
    assert_eq!(turn(&mut state, [1, 2, 3, 4, 6], BoxId::Suite), 0);
    assert_eq!(turn(&mut state, [1, 2, 3, 4, 6], BoxId::Six), 6);
    assert_eq!(turn(&mut state, [1, 2, 3, 4, 6], BoxId::Cinq), 0);
    let grid = *state.grid(0, 0).unwrap();
    assert_eq!(
        grid.get(BoxId::Carre),
        Some(0),
        "a scratched box is filled with 0"
    );
    assert_eq!(grid.totals(state.options()).total, 36);
}

#[test]
fn rule_05_each_box_once_and_as_many_turns_as_boxes() {
    let mut state = new_game(1, &Options::default());
    for (i, (values, which)) in SHEET_269.into_iter().enumerate() {
        assert_eq!(Yams::view(&state, None).round, i as u16 + 1);
        assert_eq!(
            Yams::view(&state, None).players[0].boxes_left,
            12 - i as u16
        );
        turn(&mut state, values, which);
        if Yams::turn(&state) != Turn::Over {
            // The box just filled is never offered again.
            let mut probe = state.clone();
            throw(&mut probe, &values);
            assert!(!scores_listed(&probe, 0).contains(&(0, which)));
            assert_eq!(scores_listed(&probe, 0).len(), 11 - i);
        }
    }
    // Twelve turns, twelve boxes, and no thirteenth turn.
    assert_eq!(Yams::turn(&state), Turn::Over);
    assert_eq!(state.grid(0, 0).unwrap().filled(), 12);
}

#[test]
fn rule_05_filling_the_same_box_twice_is_refused_with_its_name() {
    let mut state = new_game(1, &Options::default());
    turn(&mut state, [2, 2, 5, 5, 5], BoxId::Full);
    throw(&mut state, &[2, 2, 5, 5, 5]);
    refused(&state, &illegal("box Full is already filled"), |s, e| {
        Yams::apply(s, 0, &score(BoxId::Full), e)
    });
}

#[test]
fn rule_06_chance_accepts_any_dice_for_their_sum() {
    for values in [
        [1, 1, 1, 1, 1],
        [1, 2, 3, 4, 6],
        [6, 6, 6, 6, 6],
        [2, 3, 3, 5, 6],
    ] {
        let sum: u8 = values.iter().sum();
        assert_eq!(value_of(&Options::default(), values, BoxId::Chance), sum);
    }
}

#[test]
fn rule_07_grand_total_is_upper_plus_bonus_plus_lower_and_the_highest_wins() {
    let mut state = new_game(2, &Options::default());
    let mut last_events = Vec::new();
    for (values, which) in SHEET_269 {
        turn(&mut state, values, which);
        // Seat 1 plays the same sheet but scratches its Yams.
        let values = if which == BoxId::Yams {
            [1, 2, 3, 4, 6]
        } else {
            values
        };
        throw(&mut state, &values);
        last_events = act(&mut state, score(which));
    }
    let totals = state.grid(0, 0).unwrap().totals(state.options());
    assert_eq!(
        totals,
        Totals {
            upper: 63,
            bonus: 30,
            lower: 176,
            total: 269
        }
    );
    assert_eq!(state.grand_total(1), 219);
    assert_eq!(
        last_events,
        vec![
            Event::Scored {
                seat: 1,
                grid: 0,
                r#box: BoxId::Chance,
                dice: dice(&[4, 5, 5, 6, 6]),
                points: 26,
            },
            Event::GridCompleted {
                seat: 1,
                grid: 0,
                totals: Totals {
                    upper: 63,
                    bonus: 30,
                    lower: 126,
                    total: 219
                },
            },
            Event::GameOver {
                reason: EndReason::GridsFilled,
                ranking: vec![
                    Placing {
                        seat: 0,
                        rank: 1,
                        score: 269
                    },
                    Placing {
                        seat: 1,
                        rank: 2,
                        score: 219
                    },
                ],
            },
        ]
    );
    let outcome = Yams::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "grids_filled");
    assert_eq!(
        outcome.ranking,
        vec![
            Placing {
                seat: 0,
                rank: 1,
                score: 269
            },
            Placing {
                seat: 1,
                rank: 2,
                score: 219
            },
        ]
    );
}

#[test]
fn rule_07_equal_totals_share_the_win() {
    let mut state = new_game(3, &Options::default());
    for (values, which) in SHEET_269 {
        turn(&mut state, values, which);
        turn(&mut state, [1, 2, 3, 4, 6], which);
        turn(&mut state, values, which);
    }
    let ranking = Yams::outcome(&state).unwrap().ranking;
    let ranks: Vec<(usize, usize, i64)> =
        ranking.iter().map(|p| (p.seat, p.rank, p.score)).collect();
    // Seat 1 writes 1 2 3 4 6 everywhere: 1 + 2 + 3 + 4 + 0 + 6 above, 16 in Chance.
    assert_eq!(ranks, vec![(0, 1, 269), (2, 1, 269), (1, 3, 32)]);
}

#[test]
fn rule_07_totals_are_computed_only_from_filled_boxes_and_the_game_ends_when_all_are_full() {
    let mut state = new_game(2, &Options::default());
    for (values, which) in SHEET_269 {
        assert!(Yams::outcome(&state).is_none());
        turn(&mut state, values, which);
        assert!(
            Yams::outcome(&state).is_none(),
            "seat 1 has not played the round yet"
        );
        turn(&mut state, values, which);
    }
    assert_eq!(Yams::turn(&state), Turn::Over);
    refused(&state, &ActionError::GameOver, |s, e| {
        Yams::apply_chance(s, &[1; 5], e)
    });
    refused(&state, &ActionError::GameOver, |s, e| {
        Yams::apply(s, 0, &score(BoxId::Full), e)
    });
    refused(&state, &ActionError::GameOver, |s, e| Yams::resign(s, 0, e));
}

#[test]
fn rule_08_boxes_are_filled_in_any_order() {
    let mut state = new_game(1, &Options::default());
    // Backwards through the sheet, from Chance up to Un.
    for (values, which) in SHEET_269.into_iter().rev() {
        turn(&mut state, values, which);
    }
    assert_eq!(state.grand_total(0), 269);
    // And every empty box is offered at every turn, whatever has been filled.
    let mut state = new_game(1, &Options::default());
    turn(&mut state, [4, 4, 4, 4, 4], BoxId::Yams);
    turn(&mut state, [1, 1, 2, 3, 3], BoxId::Un);
    throw(&mut state, &[1, 1, 1, 1, 1]);
    let expected: Vec<(u8, BoxId)> = SEED_GRID
        .into_iter()
        .filter(|b| ![BoxId::Yams, BoxId::Un].contains(b))
        .map(|b| (0, b))
        .collect();
    assert_eq!(scores_listed(&state, 0), expected);
}

#[test]
fn rule_09_simultaneous_grids_any_box_of_any_grid_and_a_bonus_per_grid() {
    let three = options(json!({"grids": 3}));
    let mut state = new_game(2, &three);
    let view = Yams::view(&state, None);
    assert_eq!(view.rounds, 36, "G × 12 turns");
    assert!(view.players.iter().all(|p| p.grids.len() == 3));
    throw(&mut state, &[2, 2, 5, 5, 5]);
    // Three equivalent Full boxes, one per grid: 36 places to write.
    let listed = scores_listed(&state, 0);
    assert_eq!(listed.len(), 36);
    for g in 0..3 {
        assert!(listed.contains(&(g, BoxId::Full)));
    }
    refused(
        &state,
        &illegal("there is no grid 3: the grids are numbered 0 to 2"),
        |s, e| Yams::apply(s, 0, &score_in(3, BoxId::Full), e),
    );
    act(&mut state, score_in(2, BoxId::Full));
    turn_in(&mut state, [1, 1, 1, 1, 1], 1, BoxId::Yams);

    // Grid 2's Full is taken, but grid 0 has its own.
    throw(&mut state, &[3, 3, 6, 6, 6]);
    refused(
        &state,
        &illegal("box Full of grid 2 is already filled"),
        |s, e| Yams::apply(s, 0, &score_in(2, BoxId::Full), e),
    );
    act(&mut state, score_in(0, BoxId::Full));
    turn_in(&mut state, [1, 1, 1, 1, 1], 1, BoxId::Un);

    // The rest of the game: seat 0 completes grid 0 as SHEET_269 (upper 63, bonus 30), grid 1
    // with four of each face in the upper boxes, and grid 2 with 1 2 3 4 6 everywhere; seat 1
    // throws 1 1 1 2 2 into its remaining boxes, grid by grid.
    let mut seat0: Vec<(u8, [u8; 5], BoxId)> = Vec::new();
    for (values, which) in SHEET_269 {
        if which != BoxId::Full {
            seat0.push((0, values, which));
            seat0.push((2, [1, 2, 3, 4, 6], which));
        }
        let upper = if which.is_upper() {
            let face = which.index() as u8 + 1;
            [face, face, face, face, 1]
        } else {
            [1, 2, 3, 4, 6]
        };
        seat0.push((1, upper, which));
    }
    let mut seat1: Vec<(u8, BoxId)> = Vec::new();
    for g in 0..3 {
        for which in SEED_GRID {
            if !(g == 1 && [BoxId::Yams, BoxId::Un].contains(&which)) {
                seat1.push((g, which));
            }
        }
    }
    assert_eq!(seat0.len(), 34);
    assert_eq!(seat1.len(), 34);
    let mut completed = Vec::new();
    for ((g0, values, which0), (g1, which1)) in seat0.into_iter().zip(seat1) {
        throw(&mut state, &values);
        for event in act(&mut state, score_in(g0, which0)) {
            if let Event::UpperCompleted {
                grid, upper, bonus, ..
            } = event
            {
                completed.push((grid, upper, bonus));
            }
        }
        turn_in(&mut state, [1, 1, 1, 2, 2], g1, which1);
    }
    assert_eq!(Yams::turn(&state), Turn::Over);
    // Grid 1's upper: 4 × (1 + … + 6) + 1 (Un is thrown as five aces) = 85, so its bonus is
    // (85 − 63) + 30 = 52.
    let per_grid: Vec<Totals> = state
        .grids_of(0)
        .iter()
        .map(|g| g.totals(state.options()))
        .collect();
    assert_eq!(per_grid[0].total, 269);
    assert_eq!((per_grid[1].upper, per_grid[1].bonus), (85, 52));
    assert_eq!(per_grid[2].bonus, 0);
    completed.sort_unstable();
    assert_eq!(completed, vec![(0, 63, 30), (1, 85, 52), (2, 16, 0)]);
    assert_eq!(
        state.grand_total(0),
        per_grid.iter().map(|t| u32::from(t.total)).sum::<u32>()
    );
}

// ---------------------------------------------------------------------------------------------
// Ambiguity resolutions

#[test]
fn ambiguity_y1_seed_bonus_from_63_is_the_difference_plus_30() {
    let seed = Options::default();
    assert_eq!(seed.bonus_rule, BonusRule::SeedDiffPlus30);
    assert_eq!(
        [0, 62, 63, 64, 70, 105].map(|u| seed.bonus(u)),
        [0, 0, 30, 31, 37, 72]
    );
    // Played: exactly 63 in the upper section gives 30 (continuous at 63).
    let mut state = new_game(1, &seed);
    let mut last = Vec::new();
    for (values, which) in SHEET_269.into_iter().take(5) {
        turn(&mut state, values, which);
    }
    throw(&mut state, &[6, 6, 6, 1, 1]);
    last.extend(act(&mut state, score(BoxId::Six)));
    assert_eq!(
        last[1],
        Event::UpperCompleted {
            seat: 0,
            grid: 0,
            upper: 63,
            bonus: 30
        }
    );
}

#[test]
fn ambiguity_y1_bonus_strict_needs_more_than_63() {
    let strict = options(json!({"bonus_strict": true}));
    assert_eq!([62, 63, 64, 70].map(|u| strict.bonus(u)), [0, 0, 31, 37]);
    let mut state = new_game(1, &strict);
    for (values, which) in SHEET_269 {
        turn(&mut state, values, which);
    }
    assert_eq!(
        state.grid(0, 0).unwrap().totals(&strict),
        Totals {
            upper: 63,
            bonus: 0,
            lower: 176,
            total: 239
        }
    );
    assert_eq!(Yams::view(&state, None).bonus_threshold, 64);
}

#[test]
fn ambiguity_y1_bonus_rule_options() {
    let flat = options(json!({"bonus_rule": "flat_35_at_63"}));
    assert_eq!(flat.bonus_rule, BonusRule::Flat35At63);
    assert_eq!([62, 63, 64, 105].map(|u| flat.bonus(u)), [0, 35, 35, 35]);
    let at60 = options(json!({"bonus_rule": "diff_plus_30_at_60"}));
    assert_eq!(at60.bonus_rule, BonusRule::DiffPlus30At60);
    assert_eq!([59, 60, 63, 105].map(|u| at60.bonus(u)), [0, 30, 33, 75]);
    assert_eq!(at60.bonus_threshold(), 60);
    // Played through a whole sheet (upper 63).
    for (opts, bonus) in [(flat, 35), (at60, 33)] {
        let mut state = new_game(1, &opts);
        for (values, which) in SHEET_269 {
            turn(&mut state, values, which);
        }
        assert_eq!(state.grand_total(0), 63 + bonus + 176);
    }
    // `bonus_strict` belongs to the original rules only.
    let error =
        parse_options::<Yams>(&json!({"bonus_rule": "flat_35_at_63", "bonus_strict": true}))
            .unwrap_err();
    assert_eq!(error.option.as_deref(), Some("bonus_strict"));
}

#[test]
fn ambiguity_y2_brelan_is_a_flat_10_by_default_with_the_common_alternatives_as_options() {
    let fixed = Options::default();
    let three = options(json!({"brelan_value": "sum_of_three"}));
    let all = options(json!({"brelan_value": "sum_of_dice"}));
    assert_eq!(three.brelan_value, BrelanValue::SumOfThree);
    assert_eq!(all.brelan_value, BrelanValue::SumOfDice);
    for (values, expected) in [
        ([5, 5, 5, 2, 6], [10, 15, 23]),
        ([4, 4, 4, 4, 4], [10, 12, 20]),
        ([1, 1, 1, 1, 6], [10, 3, 10]),
        ([2, 2, 6, 6, 6], [10, 18, 22]),
        ([2, 2, 5, 5, 6], [0, 0, 0]),
    ] {
        let got = [&fixed, &three, &all].map(|o| value_of(o, values, BoxId::Brelan));
        assert_eq!(got, expected, "{values:?}");
    }
}

#[test]
fn ambiguity_y3_a_yams_is_not_a_full_but_is_a_brelan_and_a_carre() {
    let seed = Options::default();
    assert_eq!(value_of(&seed, [3, 3, 3, 3, 3], BoxId::Full), 0);
    assert_eq!(value_of(&seed, [3, 3, 3, 3, 3], BoxId::Brelan), 10);
    assert_eq!(value_of(&seed, [3, 3, 3, 3, 3], BoxId::Carre), 40);
    assert_eq!(value_of(&seed, [3, 3, 3, 3, 3], BoxId::Yams), 50);
    let full = options(json!({"yams_counts_as_full": true}));
    assert_eq!(value_of(&full, [3, 3, 3, 3, 3], BoxId::Full), 30);
    assert_eq!(
        value_of(&full, [3, 3, 3, 3, 2], BoxId::Full),
        0,
        "a Carré is still no Full"
    );
    assert_eq!(value_of(&full, [3, 3, 3, 2, 2], BoxId::Full), 30);
}

#[test]
fn ambiguity_y4_one_suite_box_for_either_straight_by_default() {
    let seed = Options::default();
    assert_eq!(value_of(&seed, [1, 2, 3, 4, 5], BoxId::Suite), 20);
    assert_eq!(value_of(&seed, [6, 5, 4, 3, 2], BoxId::Suite), 20);
    assert_eq!(value_of(&seed, [1, 2, 3, 4, 6], BoxId::Suite), 0);
    assert_eq!(value_of(&seed, [1, 2, 3, 4, 4], BoxId::Suite), 0);
}

#[test]
fn ambiguity_y4_split_suites_have_their_own_boxes_and_values() {
    let split = options(json!({"split_suites": true}));
    assert_eq!(value_of(&split, [1, 2, 3, 4, 5], BoxId::PetiteSuite), 30);
    assert_eq!(value_of(&split, [2, 3, 4, 5, 6], BoxId::PetiteSuite), 0);
    assert_eq!(value_of(&split, [2, 3, 4, 5, 6], BoxId::GrandeSuite), 40);
    assert_eq!(value_of(&split, [1, 2, 3, 4, 5], BoxId::GrandeSuite), 0);
    let mut state = new_game(1, &split);
    assert_eq!(Yams::view(&state, None).rounds, 13);
    throw(&mut state, &[1, 2, 3, 4, 5]);
    let listed = scores_listed(&state, 0);
    assert_eq!(listed.len(), 13);
    assert!(!listed.contains(&(0, BoxId::Suite)));
    refused(
        &state,
        &illegal("box Suite is not on the grid in this game"),
        |s, e| Yams::apply(s, 0, &score(BoxId::Suite), e),
    );
    // And the original rules' grid has no split boxes.
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[1, 2, 3, 4, 5]);
    refused(
        &state,
        &illegal("box Petite suite is not on the grid in this game"),
        |s, e| Yams::apply(s, 0, &score(BoxId::PetiteSuite), e),
    );
}

#[test]
fn ambiguity_y5_no_extra_yams_bonus_and_no_joker() {
    let mut state = new_game(1, &Options::default());
    assert_eq!(turn(&mut state, [6, 6, 6, 6, 6], BoxId::Yams), 50);
    // A second Yams is just dice: no bonus, no joker into Full or Suite.
    throw(&mut state, &[6, 6, 6, 6, 6]);
    let events = act(&mut state, score(BoxId::Full));
    assert_eq!(
        events,
        vec![Event::Scored {
            seat: 0,
            grid: 0,
            r#box: BoxId::Full,
            dice: dice(&[6, 6, 6, 6, 6]),
            points: 0,
        }]
    );
    assert_eq!(turn(&mut state, [6, 6, 6, 6, 6], BoxId::Suite), 0);
    assert_eq!(turn(&mut state, [6, 6, 6, 6, 6], BoxId::Six), 30);
    assert_eq!(state.grand_total(0), 80);
}

#[test]
fn ambiguity_y6_scratch_by_writing_zero_in_any_empty_box() {
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[1, 2, 3, 4, 6]);
    // Nothing fits the lower boxes but Chance; every empty box is still offered.
    assert_eq!(scores_listed(&state, 0).len(), 12);
    for which in [
        BoxId::Brelan,
        BoxId::Suite,
        BoxId::Full,
        BoxId::Carre,
        BoxId::Yams,
        BoxId::Cinq,
    ] {
        assert_eq!(would_score(&state, which), 0, "{which:?}");
    }
    let events = act(&mut state, score(BoxId::Yams));
    assert!(matches!(
        events[0],
        Event::Scored {
            points: 0,
            r#box: BoxId::Yams,
            ..
        }
    ));
    assert_eq!(state.grid(0, 0).unwrap().get(BoxId::Yams), Some(0));
}

// ---------------------------------------------------------------------------------------------
// Optional boxes

#[test]
fn option_double_paire_adds_a_box_worth_the_four_paired_dice() {
    let two_pairs = options(json!({"double_paire": true}));
    for (values, expected) in [
        ([5, 5, 2, 2, 6], 14),
        ([5, 5, 5, 2, 2], 14),
        ([2, 2, 2, 5, 5], 14),
        ([6, 6, 5, 5, 1], 22),
        ([5, 5, 5, 5, 2], 0),
        ([5, 5, 5, 5, 5], 0),
        ([5, 5, 1, 2, 3], 0),
        ([1, 2, 3, 4, 5], 0),
    ] {
        assert_eq!(
            value_of(&two_pairs, values, BoxId::DoublePaire),
            expected,
            "{values:?}"
        );
    }
    let mut state = new_game(1, &two_pairs);
    assert_eq!(Yams::view(&state, None).rounds, 13);
    throw(&mut state, &[5, 5, 2, 2, 6]);
    assert_eq!(
        scores_listed(&state, 0)[6],
        (0, BoxId::DoublePaire),
        "before Brelan"
    );
    // Not on the original rules' grid.
    let mut state = new_game(1, &Options::default());
    throw(&mut state, &[5, 5, 2, 2, 6]);
    refused(
        &state,
        &illegal("box Double paire is not on the grid in this game"),
        |s, e| Yams::apply(s, 0, &score(BoxId::DoublePaire), e),
    );
}

#[test]
fn option_maxi_mini_replace_chance_maxi_strictly_above_mini() {
    let mm = options(json!({"maxi_mini": true}));
    let mut state = new_game(1, &mm);
    assert_eq!(Yams::view(&state, None).rounds, 13);
    throw(&mut state, &[2, 3, 4, 5, 6]);
    let listed = scores_listed(&state, 0);
    assert!(!listed.contains(&(0, BoxId::Chance)));
    assert_eq!(&listed[11..], &[(0, BoxId::Maxi), (0, BoxId::Mini)]);
    // Maxi first: 20.
    act(&mut state, score(BoxId::Maxi));
    // Mini must then be below 20: 22 and 20 are scratched, 19 is written.
    for (values, expected) in [
        ([4, 4, 4, 4, 6], 0),
        ([4, 4, 4, 4, 4], 0),
        ([3, 4, 4, 4, 4], 19),
    ] {
        let mut probe = state.clone();
        throw(&mut probe, &values);
        assert_eq!(would_score(&probe, BoxId::Mini), expected, "{values:?}");
        assert_eq!(turn_points_after_throw(&mut probe, BoxId::Mini), expected);
    }

    // Mini first: 15; Maxi must then be above 15.
    let mut state = new_game(1, &mm);
    assert_eq!(turn(&mut state, [1, 2, 3, 4, 5], BoxId::Mini), 15);
    for (values, expected) in [
        ([1, 2, 3, 4, 5], 0),
        ([1, 1, 1, 1, 6], 0),
        ([1, 2, 3, 4, 6], 16),
    ] {
        let mut probe = state.clone();
        assert_eq!(
            turn(&mut probe, values, BoxId::Maxi),
            expected,
            "{values:?}"
        );
    }
}

#[test]
fn option_grids_range_and_rounds() {
    for g in 1..=6 {
        let opts = options(json!({ "grids": g }));
        assert_eq!(Yams::view(&new_game(1, &opts), None).rounds, 12 * g);
    }
    for bad in [
        json!({"grids": 0}),
        json!({"grids": 7}),
        json!({"grids": true}),
    ] {
        let error = parse_options::<Yams>(&bad).unwrap_err();
        assert_eq!(error.option.as_deref(), Some("grids"));
    }
    // Built in Rust without the JSON layer, bad options are still refused at setup.
    let zero = Options {
        grids: 0,
        ..Options::default()
    };
    assert!(matches!(Yams::setup(1, &zero), Err(SetupError::Options(_))));
}

#[test]
fn options_json_names_and_defaults() {
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({
            "grids": 1,
            "bonus_rule": "seed_diff_plus_30",
            "bonus_strict": false,
            "brelan_value": "fixed_10",
            "yams_counts_as_full": false,
            "split_suites": false,
            "double_paire": false,
            "maxi_mini": false,
        })
    );
    assert!(GameId::Yams.are_default_options(&json!({"grids": 1})));
    assert!(!GameId::Yams.are_default_options(&json!({"double_paire": true})));
    let error = parse_options::<Yams>(&json!({"brelan_value": "sum"})).unwrap_err();
    assert_eq!(error.option.as_deref(), Some("brelan_value"));
}

#[test]
fn all_options_together() {
    let everything = options(json!({
        "grids": 2,
        "bonus_rule": "diff_plus_30_at_60",
        "brelan_value": "sum_of_dice",
        "yams_counts_as_full": true,
        "split_suites": true,
        "double_paire": true,
        "maxi_mini": true,
    }));
    let state = new_game(2, &everything);
    let view = Yams::view(&state, None);
    assert_eq!(view.rounds, 2 * 15);
    let boxes: Vec<BoxId> = view.players[0].grids[0]
        .boxes
        .iter()
        .map(|b| b.r#box)
        .collect();
    assert_eq!(
        boxes,
        vec![
            BoxId::Un,
            BoxId::Deux,
            BoxId::Trois,
            BoxId::Quatre,
            BoxId::Cinq,
            BoxId::Six,
            BoxId::DoublePaire,
            BoxId::Brelan,
            BoxId::PetiteSuite,
            BoxId::GrandeSuite,
            BoxId::Full,
            BoxId::Carre,
            BoxId::Yams,
            BoxId::Maxi,
            BoxId::Mini,
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Examples of the rules file

#[test]
fn example_seed_3_3_4_4_6_in_fours_scores_8() {
    assert_eq!(
        value_of(&Options::default(), [3, 3, 4, 4, 6], BoxId::Quatre),
        8
    );
}

#[test]
fn example_seed_combinations() {
    let seed = Options::default();
    assert_eq!(value_of(&seed, [5, 5, 5, 2, 6], BoxId::Brelan), 10);
    assert_eq!(value_of(&seed, [5, 5, 5, 2, 2], BoxId::Full), 30);
    assert_eq!(value_of(&seed, [5, 5, 5, 5, 3], BoxId::Carre), 40);
    assert_eq!(value_of(&seed, [5, 5, 5, 5, 5], BoxId::Yams), 50);
    assert_eq!(value_of(&seed, [1, 2, 3, 4, 5], BoxId::Suite), 20);
    assert_eq!(value_of(&seed, [2, 3, 4, 5, 6], BoxId::Suite), 20);
    let two_pairs = options(json!({"double_paire": true}));
    assert_eq!(
        value_of(&two_pairs, [5, 5, 2, 2, 6], BoxId::DoublePaire),
        14
    );
    assert_eq!(
        value_of(&two_pairs, [5, 5, 5, 2, 2], BoxId::DoublePaire),
        14
    );
}

#[test]
fn example_a_grid_has_12_boxes_and_a_game_12_turns_per_grid() {
    assert_eq!(BoxId::count(&Options::default()), 12);
    assert_eq!(Options::default().turns_per_player(), 12);
    assert_eq!(options(json!({"grids": 3})).turns_per_player(), 36);
}

// ---------------------------------------------------------------------------------------------
// Turn log, view and JSON

#[test]
fn events_tell_the_whole_turn() {
    let mut state = new_game(2, &Options::default());
    let first = throw(&mut state, &[6, 1, 3, 3, 2]);
    assert_eq!(
        first,
        vec![
            Event::TurnStarted { seat: 0, round: 1 },
            Event::DiceThrown {
                seat: 0,
                throw: 1,
                thrown: dice(&[1, 2, 3, 3, 6]),
                dice: dice(&[1, 2, 3, 3, 6]),
            },
        ]
    );
    assert_eq!(
        act(&mut state, keep(&[3, 3])),
        vec![Event::DiceKept {
            seat: 0,
            kept: dice(&[3, 3])
        }]
    );
    assert_eq!(
        throw(&mut state, &[3, 5, 1]),
        vec![Event::DiceThrown {
            seat: 0,
            throw: 2,
            thrown: dice(&[1, 3, 5]),
            dice: dice(&[1, 3, 3, 3, 5]),
        }]
    );
    let json: Vec<Value> = act(&mut state, score(BoxId::Trois))
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    assert_eq!(
        json,
        vec![json!({
            "type": "scored", "seat": 0, "grid": 0, "box": "trois",
            "dice": [1, 3, 3, 3, 5], "points": 9
        })]
    );
}

#[test]
fn actions_are_self_describing_json() {
    assert_eq!(
        serde_json::to_value(keep(&[5, 5])).unwrap(),
        json!({"type": "reroll", "keep": [5, 5]})
    );
    assert_eq!(
        serde_json::to_value(score_in(1, BoxId::DoublePaire)).unwrap(),
        json!({"type": "score", "grid": 1, "box": "double_paire"})
    );
    // Kept faces may be written in any order; the grid may be left out.
    let read: Action =
        serde_json::from_value(json!({"type": "reroll", "keep": [5, 2, 5]})).unwrap();
    assert_eq!(read, keep(&[2, 5, 5]));
    let read: Action = serde_json::from_value(json!({"type": "score", "box": "full"})).unwrap();
    assert_eq!(read, score(BoxId::Full));

    // Through the server's JSON dispatch: listed actions post back as they are.
    let mut any = AnyState::setup(GameId::Yams, 1, &Value::Null).unwrap();
    any.chance_json(&[2, 5, 5, 1, 3]).unwrap();
    let listed = any.legal_json(0);
    assert!(listed.contains(&json!({"type": "reroll", "keep": [5, 5]})));
    assert!(listed.contains(&json!({"type": "score", "grid": 0, "box": "chance"})));
    assert!(matches!(
        any.act_json(0, &json!({"type": "reroll", "keep": [1, 1, 1, 1, 1, 1]})),
        Err(ActionError::Malformed(_))
    ));
    assert!(matches!(
        any.act_json(0, &json!({"type": "score", "box": "petite_suite"})),
        Err(ActionError::Illegal(_))
    ));
    let events = any
        .act_json(0, &json!({"type": "reroll", "keep": [5, 5]}))
        .unwrap();
    assert_eq!(
        events,
        vec![json!({"type": "dice_kept", "seat": 0, "kept": [5, 5]})]
    );
}

#[test]
fn the_view_shows_totals_throws_and_what_each_box_would_score() {
    let mut state = new_game(2, &Options::default());
    turn(&mut state, [6, 6, 6, 2, 2], BoxId::Six);
    throw(&mut state, &[2, 2, 5, 5, 5]);
    act(&mut state, keep(&[5, 5, 5]));
    let view = Yams::view(&state, Some(0));
    assert!(view.throw_pending);
    assert_eq!(view.dice, dice(&[5, 5, 5]));
    assert_eq!(view.current_seat, Some(1));
    assert!(
        view.players[1].grids[0]
            .boxes
            .iter()
            .all(|b| b.would_score.is_none()),
        "nothing to score while dice roll"
    );
    throw(&mut state, &[5, 1]);
    let view = Yams::view(&state, Some(0));
    // Everything is public: a spectator sees the same table.
    let mut spectator = Yams::view(&state, None);
    spectator.viewer = Some(0);
    assert_eq!(view, spectator);
    assert_eq!((view.throws, view.throws_left, view.round), (2, 1, 1));
    assert_eq!(view.turn, Turn::Seat { seat: 1 });
    let mine = &view.players[1].grids[0];
    let would: Vec<(BoxId, Option<u8>)> = mine
        .boxes
        .iter()
        .map(|b| (b.r#box, b.would_score))
        .collect();
    assert_eq!(
        would,
        vec![
            (BoxId::Un, Some(1)),
            (BoxId::Deux, Some(0)),
            (BoxId::Trois, Some(0)),
            (BoxId::Quatre, Some(0)),
            (BoxId::Cinq, Some(20)),
            (BoxId::Six, Some(0)),
            (BoxId::Brelan, Some(10)),
            (BoxId::Suite, Some(0)),
            (BoxId::Full, Some(0)),
            (BoxId::Carre, Some(40)),
            (BoxId::Yams, Some(0)),
            (BoxId::Chance, Some(21)),
        ]
    );
    // Seat 0, not choosing, sees its sheet and totals.
    let other = &view.players[0];
    assert_eq!(other.grand_total, 18);
    assert_eq!(other.boxes_left, 11);
    assert_eq!(other.grids[0].boxes[5].points, Some(18));
    assert_eq!(other.grids[0].boxes[5].name, "Six");
    assert_eq!(other.grids[0].upper_needed_for_bonus, 45);
    assert!(other.grids[0].boxes.iter().all(|b| b.would_score.is_none()));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["players"][1]["grids"][0]["boxes"][9]["box"], "carre");
    assert_eq!(json["players"][1]["grids"][0]["boxes"][9]["name"], "Carré");
}

// ---------------------------------------------------------------------------------------------
// Errors leave everything unchanged

#[test]
fn errors_out_of_turn_bad_chance_and_no_such_seat() {
    let mut state = new_game(2, &Options::default());
    refused(&state, &ActionError::NotYourTurn, |s, e| {
        Yams::apply(s, 0, &score(BoxId::Chance), e)
    });
    refused(&state, &ActionError::NoSuchSeat, |s, e| {
        Yams::apply(s, 2, &score(BoxId::Chance), e)
    });
    for bad in [
        &[1, 2, 3, 4][..],
        &[1, 2, 3, 4, 5, 6],
        &[0, 1, 1, 1, 1],
        &[7, 1, 1, 1, 1],
    ] {
        let mut copy = state.clone();
        let mut events = Vec::new();
        assert!(matches!(
            Yams::apply_chance(&mut copy, bad, &mut events),
            Err(ActionError::BadChance(_))
        ));
        assert_eq!(copy, state);
        assert!(events.is_empty());
    }
    throw(&mut state, &[1, 1, 2, 2, 3]);
    refused(&state, &ActionError::NoChanceDue, |s, e| {
        Yams::apply_chance(s, &[1; 5], e)
    });
    refused(&state, &ActionError::NotYourTurn, |s, e| {
        Yams::apply(s, 1, &score(BoxId::Chance), e)
    });
    refused(
        &state,
        &illegal("there is no grid 1: this game has a single grid, number 0"),
        |s, e| Yams::apply(s, 0, &score_in(1, BoxId::Chance), e),
    );
    refused(
        &state,
        &illegal("there is no grid 255: this game has a single grid, number 0"),
        |s, e| Yams::apply(s, 0, &score_in(255, BoxId::Chance), e),
    );
    act(&mut state, keep(&[1, 1]));
    // The player on turn cannot act while its dice roll.
    refused(&state, &ActionError::NotYourTurn, |s, e| {
        Yams::apply(s, 0, &score(BoxId::Chance), e)
    });
    refused(&state, &ActionError::NoSuchSeat, |s, e| {
        Yams::resign(s, 5, e)
    });
}

// ---------------------------------------------------------------------------------------------
// Resignation

#[test]
fn resignation_with_two_players_the_other_wins_at_once() {
    let mut state = new_game(2, &Options::default());
    // Seat 0 leads by far, then resigns out of turn (during seat 1's throw).
    turn(&mut state, [6, 6, 6, 6, 6], BoxId::Yams);
    let mut events = Vec::new();
    Yams::resign(&mut state, 0, &mut events).unwrap();
    Yams::check_invariants(&state).unwrap();
    assert_eq!(
        events,
        vec![
            Event::Resigned { seat: 0 },
            Event::GameOver {
                reason: EndReason::Resignation,
                ranking: vec![
                    Placing {
                        seat: 1,
                        rank: 1,
                        score: 0
                    },
                    Placing {
                        seat: 0,
                        rank: 2,
                        score: 50
                    },
                ],
            },
        ]
    );
    assert_eq!(Yams::turn(&state), Turn::Over);
    assert_eq!(Yams::outcome(&state).unwrap().reason, "resignation");
    refused(&state, &ActionError::GameOver, |s, e| Yams::resign(s, 1, e));
}

#[test]
fn resignation_with_more_players_skips_the_seat_and_passes_its_turn() {
    let mut state = new_game(3, &Options::default());
    turn(&mut state, [1, 2, 3, 4, 6], BoxId::Chance);
    // Seat 1 resigns while its re-throw is pending: the turn passes cleanly to seat 2.
    throw(&mut state, &[6, 6, 6, 6, 6]);
    act(&mut state, keep(&[6, 6, 6, 6]));
    let mut events = Vec::new();
    Yams::resign(&mut state, 1, &mut events).unwrap();
    Yams::check_invariants(&state).unwrap();
    assert_eq!(events, vec![Event::Resigned { seat: 1 }]);
    assert_eq!(state.current_seat(), Some(2));
    assert_eq!(state.dice(), Dice::EMPTY);
    assert_eq!(
        Yams::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 5 }
        }
    );
    refused(
        &state,
        &illegal("this seat has already left the game"),
        |s, e| Yams::resign(s, 1, e),
    );
    // Seats 2 and 0 go on alone, seat 1 skipped, until their grids are full.
    for (values, which) in SHEET_269 {
        if which != BoxId::Chance {
            turn(&mut state, values, which);
            turn(&mut state, [1, 2, 3, 4, 6], which);
        }
    }
    turn(&mut state, [1, 1, 1, 1, 1], BoxId::Chance);
    assert_eq!(Yams::turn(&state), Turn::Over);
    let outcome = Yams::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "grids_filled");
    let ranks: Vec<(usize, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    // Seat 2: SHEET_269 with 5 instead of 26 in Chance; seat 0: 1 2 3 4 6 everywhere
    // (16 above, 16 in Chance). The resigned seat, with no box, is last.
    assert_eq!(ranks, vec![(2, 1, 248), (0, 2, 32), (1, 3, 0)]);
}

#[test]
fn resignation_later_leavers_rank_above_earlier_ones_and_the_last_one_standing_wins() {
    let mut state = new_game(4, &Options::default());
    turn(&mut state, [6, 6, 6, 6, 6], BoxId::Yams); // seat 0: 50
    turn(&mut state, [5, 5, 5, 5, 5], BoxId::Yams); // seat 1: 50
    turn(&mut state, [1, 2, 3, 4, 6], BoxId::Yams); // seat 2: 0
    let mut events = Vec::new();
    Yams::resign(&mut state, 0, &mut events).unwrap();
    Yams::resign(&mut state, 1, &mut events).unwrap();
    assert!(Yams::outcome(&state).is_none(), "two seats still play");
    Yams::resign(&mut state, 3, &mut events).unwrap();
    Yams::check_invariants(&state).unwrap();
    let outcome = Yams::outcome(&state).unwrap();
    let ranks: Vec<(usize, usize)> = outcome.ranking.iter().map(|p| (p.seat, p.rank)).collect();
    // Seat 2 wins with 0 points; the leavers follow, the latest first.
    assert_eq!(ranks, vec![(2, 1), (3, 2), (1, 3), (0, 4)]);
}

#[test]
fn resignation_of_the_last_seat_of_a_round_closes_the_round() {
    let mut state = new_game(3, &Options::default());
    turn(&mut state, [1, 1, 1, 1, 1], BoxId::Un);
    turn(&mut state, [1, 1, 1, 1, 1], BoxId::Un);
    throw(&mut state, &[2, 2, 2, 2, 2]);
    let mut events = Vec::new();
    Yams::resign(&mut state, 2, &mut events).unwrap();
    Yams::check_invariants(&state).unwrap();
    assert_eq!(state.current_seat(), Some(0));
    assert_eq!(Yams::view(&state, None).round, 2);
}

#[test]
fn solo_play_ends_with_a_ranking_of_one() {
    let mut state = new_game(1, &Options::default());
    for (values, which) in SHEET_269 {
        turn(&mut state, values, which);
    }
    let outcome = Yams::outcome(&state).unwrap();
    assert_eq!(
        outcome.ranking,
        vec![Placing {
            seat: 0,
            rank: 1,
            score: 269
        }]
    );
    assert_eq!(outcome.reason, "grids_filled");
    // A solo player may also give up: the game ends, still with a ranking of one.
    let mut state = new_game(1, &Options::default());
    turn(&mut state, [6, 6, 6, 6, 6], BoxId::Chance);
    let mut events = Vec::new();
    Yams::resign(&mut state, 0, &mut events).unwrap();
    let outcome = Yams::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "resignation");
    assert_eq!(
        outcome.ranking,
        vec![Placing {
            seat: 0,
            rank: 1,
            score: 30
        }]
    );
}

// ---------------------------------------------------------------------------------------------
// Invariants

#[test]
fn invariants_catch_inconsistent_states() {
    let mut state = new_game(2, &Options::default());
    turn(&mut state, [6, 6, 6, 6, 6], BoxId::Yams);
    throw(&mut state, &[1, 2, 3, 4, 5]);
    let good = serde_json::to_value(&state).unwrap();
    let tamper = |edit: &dyn Fn(&mut Value)| {
        let mut json = good.clone();
        edit(&mut json);
        let state: State = serde_json::from_value(json).unwrap();
        Yams::check_invariants(&state)
    };
    assert_eq!(tamper(&|_| {}), Ok(()));
    // A box filled out of turn order (seat 1 has not played yet).
    assert!(tamper(&|j| j["grids"][1][0] = json!(1)).is_err());
    // An impossible value.
    assert!(tamper(&|j| j["grids"][0][13] = json!(45)).is_err());
    // Four throws.
    assert!(tamper(&|j| j["throws"] = json!(4)).is_err());
    // A die that is no face.
    assert!(tamper(&|j| j["dice"] = json!([1, 2, 3, 4, 9])).is_err());
    // A missing grid.
    assert!(
        tamper(&|j| {
            j["grids"].as_array_mut().unwrap().pop();
        })
        .is_err()
    );
    // Bad options.
    assert!(tamper(&|j| j["options"]["grids"] = json!(0)).is_err());
}

#[test]
fn corrupt_stored_states_are_reported_never_panicking() {
    let mut state = new_game(2, &Options::default());
    turn(&mut state, [6, 6, 6, 6, 6], BoxId::Yams);
    throw(&mut state, &[1, 2, 3, 4, 5]);
    let good = serde_json::to_value(&state).unwrap();
    // Each corruption: JSON pointers into the stored state and the values written there.
    let corruptions: Vec<Vec<(&str, Value)>> = vec![
        vec![("/seats", json!(0)), ("/grids", json!([]))],
        vec![("/current", json!(u64::MAX))],
        vec![("/throws", json!(255))],
        vec![("/round", json!(u16::MAX))],
        vec![("/resignations/order", json!([0, 0, 0, 1, 7]))],
        vec![("/dice", json!([9, 9, 9, 9, 0]))],
        vec![("/dice", json!([9]))],
        vec![("/options/grids", json!(255))],
        vec![("/end", json!("grids_filled"))],
        vec![("/grids/0", json!(vec![255; 17]))],
    ];
    for corruption in corruptions {
        let mut json = good.clone();
        for (pointer, value) in corruption {
            *json.pointer_mut(pointer).unwrap() = value;
        }
        let state: State = serde_json::from_value(json).unwrap();
        assert!(Yams::check_invariants(&state).is_err(), "{state:?}");
        // Every entry point answers (whatever it answers) without panicking.
        let _ = Yams::turn(&state);
        let _ = Yams::outcome(&state);
        let _ = Yams::view(&state, Some(usize::MAX));
        for seat in [0, 1, 7, usize::MAX] {
            let _ = legal(&state, seat);
            for action in [
                keep(&[]),
                keep(&[9]),
                score(BoxId::Chance),
                score_in(255, BoxId::Mini),
            ] {
                let _ = Yams::apply(&mut state.clone(), seat, &action, &mut Vec::new());
            }
            let _ = Yams::resign(&mut state.clone(), seat, &mut Vec::new());
        }
        let _ = Yams::apply_chance(&mut state.clone(), &[1, 2, 3, 4, 5], &mut Vec::new());
        let _ = Yams::apply_chance(&mut state.clone(), &[1], &mut Vec::new());
        let _ = state.grand_total(usize::MAX);
        let _ = state.grid(usize::MAX, usize::MAX);
    }
}

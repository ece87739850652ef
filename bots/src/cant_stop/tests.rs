use rand::SeedableRng;
use tapis_games::cant_stop::{Columns, Options};
use tapis_games::playout::chance_values;
use tapis_games::{Game, Turn as Step};

use super::*;
use crate::search::RngChooser;
use crate::{BotKind, BotRng, Budget, Level, decide_as};

/// A two-player match where seat 0 starts (it throws 6-6 for the start, seat 1 throws 1-1).
fn started() -> State {
    let mut state = CantStop::setup(2, &Options::default()).expect("a match");
    for dice in [[6, 6], [1, 1]] {
        CantStop::apply_chance(&mut state, &dice, &mut Vec::new()).expect("start throw");
    }
    state
}

fn throw(state: &mut State, dice: [u8; 4]) {
    CantStop::apply_chance(state, &dice, &mut Vec::new()).expect("a throw");
}

fn act(state: &mut State, action: Action) {
    CantStop::apply(state, 0, &action, &mut Vec::new()).expect("a legal action");
}

/// What the strong level plays for seat 0.
fn strong_choice(state: &State) -> Action {
    let action = decide_as(
        &tapis_games::AnyState::CantStop(Box::new(state.clone())),
        0,
        BotKind::Level(Level::Strong),
        Budget::default_for(Level::Strong),
        1,
    )
    .expect("a decision");
    match action {
        tapis_games::AnyAction::CantStop(action) => action,
        other => panic!("not an action of this game: {other:?}"),
    }
}

#[test]
fn the_throws_add_up_and_the_seven_is_the_fastest_column() {
    let throws = Throws::get();
    assert_eq!(throws.throws.len(), 126);
    let total: f64 = throws.throws.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let rate = throws.rate;
    assert!(rate.iter().all(|r| *r <= rate[5]), "{rate:?}");
    for i in 0..COLUMNS {
        assert!((rate[i] - rate[COLUMNS - 1 - i]).abs() < 1e-12);
    }
    // The 2 (and the 12) needs a pair of 1s: 1 − (5/6)^4 of the throws hold two 1s or more...
    // counted exactly, a throw gives the 2 a step 172 times in 1,296.
    assert!((rate[0] - 172.0 / 1296.0).abs() < 1e-12, "{}", rate[0]);
}

#[test]
fn bust_probabilities_are_the_rules_own_count() {
    // Positions met in random matches: the chance of a bust, summed over the 126 distinct
    // throws with their weights, is what the rules count over the 1,296 ordered throws.
    let mut rng = BotRng::seed_from_u64(5);
    let mut values = Vec::new();
    let mut legal = Vec::new();
    let mut checked = 0;
    for _ in 0..30 {
        let mut state = CantStop::setup(2, &Options::default()).expect("a match");
        for _ in 0..400 {
            match CantStop::turn(&state) {
                Step::Over => break,
                Step::Chance { chance } => {
                    chance_values(&chance, &mut RngChooser(&mut rng), &mut values);
                    CantStop::apply_chance(&mut state, &values, &mut Vec::new()).expect("dice");
                }
                Step::Seat { seat } => {
                    if state.dice().is_none() {
                        let (board, climb) = (state.board(), state.climb());
                        let counted = 1.0 - f64::from(board.throws_with_progress(&climb)) / 1296.0;
                        let p = bust_probability(&board, &climb);
                        assert!((p - counted).abs() < 1e-12, "{p} against {counted}");
                        checked += 1;
                    }
                    legal.clear();
                    CantStop::legal_actions(&state, seat, &mut legal);
                    let pick =
                        legal[usize::from(values.first().copied().unwrap_or(0)) % legal.len()];
                    CantStop::apply(&mut state, seat, &pick, &mut Vec::new()).expect("legal");
                }
            }
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn grouping_the_throws_for_three_runners_changes_no_value() {
    // Runners on 4, 7 and 9: the value of rolling, throws grouped, is the plain mean over all
    // 126 throws.
    let mut state = started();
    throw(&mut state, [1, 3, 3, 4]); // 4 and 7
    act(
        &mut state,
        Action::Advance {
            columns: Columns::two(4, 7),
        },
    );
    act(&mut state, Action::Roll);
    throw(&mut state, [4, 5, 1, 1]); // 9 and 2
    act(
        &mut state,
        Action::Advance {
            columns: Columns::one(9),
        },
    );
    let climb = state.climb();
    assert_eq!(climb.free_runners, 0);
    let mut turn = Turn::new(&state, 0);
    let grouped = turn.roll(&climb, 0, false);
    let mut plain = 0.0;
    for (dice, p) in &Throws::get().throws {
        plain += p * turn.after_throw(&climb, *dice, 1, false);
    }
    assert!((grouped - plain).abs() < 1e-9, "{grouped} against {plain}");
    assert!(group_throws(0b101001000).len() < 126);
}

#[test]
fn it_stops_on_risky_columns_and_rolls_on_safe_ones() {
    // Runners on 2, 3 and 12, two steps in all: most throws bust (about 56 %), so it stops.
    let mut state = started();
    throw(&mut state, [1, 1, 6, 6]);
    act(
        &mut state,
        Action::Advance {
            columns: Columns::two(2, 12),
        },
    );
    act(&mut state, Action::Roll);
    throw(&mut state, [1, 2, 5, 5]);
    act(
        &mut state,
        Action::Advance {
            columns: Columns::one(3),
        },
    );
    let p = bust_probability(&state.board(), &state.climb());
    assert!(p > 0.5, "{p}");
    assert_eq!(strong_choice(&state), Action::Stop);

    // Runners on 6, 7 and 8, one step each: a bust is rare (about 8 %), so it rolls on.
    let mut state = started();
    throw(&mut state, [1, 5, 3, 4]);
    act(
        &mut state,
        Action::Advance {
            columns: Columns::two(6, 7),
        },
    );
    act(&mut state, Action::Roll);
    throw(&mut state, [2, 6, 1, 1]);
    act(
        &mut state,
        Action::Advance {
            columns: Columns::one(8),
        },
    );
    let p = bust_probability(&state.board(), &state.climb());
    assert!(p < 0.1, "{p}");
    assert_eq!(strong_choice(&state), Action::Roll);
}

#[test]
fn distance_counts_the_cheapest_columns_still_open() {
    let pieces = [0; COLUMNS];
    let start = distance(&pieces, 0, 0, 3);
    let rate = Throws::get().rate;
    let mut costs: Vec<f64> = (0..COLUMNS)
        .map(|i| f64::from(HEIGHTS[i]) / rate[i])
        .collect();
    costs.sort_by(f64::total_cmp);
    assert!((start - costs[..3].iter().sum::<f64>()).abs() < 1e-9);
    // A won column needs nothing more; a column won by another cannot be used.
    assert_eq!(distance(&pieces, 0, 3, 3), 0.0);
    assert!(distance(&pieces, 0b111_1111_1111, 0, 3) >= 1e4);
}

//! The rules of Can't Stop: one test per numbered rule (`rule_NN_...`), ambiguity resolution
//! (`ambiguity_cN_...`) and variant (`option_...`) of `docs/rules/cant-stop.md`, with positions
//! written through the stored JSON form and dice scripted with `apply_chance` (every helper
//! checks the invariants after each step); then the public, JSON-speaking surface the server
//! uses ([`AnyState`]): the shapes of options, actions, events and views, and a whole scripted
//! match from the throw for the first player to the third column won, replayed from its log.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::AsJson;

use std::collections::BTreeSet;

use serde_json::{Value, json};
use tapis_games::cant_stop::*;
use tapis_games::read_options::parse_options;
use tapis_games::{ActionError, AnyState, Chance, Game, GameId, Placing, Seat, SetupError, Turn};

/// One recorded step of a match.
#[derive(Debug, Clone)]
enum Step {
    Chance(Vec<u8>),
    Act(usize, Value),
}

/// A match driven through [`AnyState`], keeping its log.
struct Match {
    state: AnyState,
    log: Vec<Step>,
}

impl Match {
    fn new(seats: usize) -> Self {
        Match {
            state: AnyState::setup(GameId::CantStop, seats, &Value::Null).unwrap(),
            log: Vec::new(),
        }
    }

    fn throw(&mut self, dice: &[u8]) -> Vec<Value> {
        let expected = Chance::Dice {
            count: dice.len() as u8,
        };
        assert_eq!(self.state.turn(), Turn::Chance { chance: expected });
        self.log.push(Step::Chance(dice.to_vec()));
        self.state.chance_json(dice).unwrap()
    }

    fn legal(&self, seat: usize) -> Vec<Value> {
        self.state.legal_json(seat)
    }

    fn act(&mut self, seat: usize, action: Value) -> Vec<Value> {
        assert!(
            self.legal(seat).contains(&action),
            "{action} is not among {:?}",
            self.legal(seat)
        );
        self.log.push(Step::Act(seat, action.clone()));
        let events = self.state.act_json(seat, &action).unwrap();
        self.state.check_invariants().unwrap();
        events
    }
}

fn advance_json(columns: &[u8]) -> Value {
    json!({"type": "advance", "columns": columns})
}

#[test]
fn options_as_json() {
    assert_eq!(
        GameId::CantStop.default_options(),
        json!({
            "columns_to_win": 3,
            "skip_occupied": false,
            "no_stop_on_opponent": false,
            "pieces_per_player": 11
        })
    );
    assert_eq!(
        GameId::CantStop
            .normalize_options(&json!({"pieces_per_player": 9}))
            .unwrap(),
        json!({
            "columns_to_win": 3,
            "skip_occupied": false,
            "no_stop_on_opponent": false,
            "pieces_per_player": 9
        })
    );
    assert!(!GameId::CantStop.are_default_options(&json!({"columns_to_win": 4})));
    let error = GameId::CantStop
        .normalize_options(&json!({"columns_to_win": 5, "pieces_per_player": 4}))
        .unwrap_err();
    assert!(error.to_string().contains("pieces_per_player"), "{error}");
    assert!(AnyState::setup(GameId::CantStop, 5, &Value::Null).is_err());
}

#[test]
fn a_whole_match_through_json() {
    let mut game = Match::new(2);

    // Rule 1: each seat throws two dice; seat 1's 12 beats seat 0's 5.
    assert_eq!(
        game.throw(&[2, 3]),
        vec![json!({"type": "start_thrown", "seat": 0, "dice": [2, 3], "total": 5})]
    );
    assert_eq!(
        game.throw(&[6, 6]),
        vec![
            json!({"type": "start_thrown", "seat": 1, "dice": [6, 6], "total": 12}),
            json!({"type": "first_player", "seat": 1}),
            json!({"type": "turn_started", "seat": 1}),
        ]
    );

    // Seat 1 climbs column 2 with a double, then to its top.
    assert_eq!(
        game.throw(&[1, 1, 1, 1]),
        vec![json!({"type": "dice_thrown", "seat": 1, "dice": [1, 1, 1, 1]})]
    );
    assert!(game.legal(0).is_empty());
    assert_eq!(game.legal(1), vec![advance_json(&[2, 2])]);
    let view = game.state.view_json(Some(1));
    assert_eq!(view["stage"], "choose");
    assert_eq!(view["seat_to_play"], 1);
    assert_eq!(
        view["choices"],
        json!([{
            "action": {"type": "advance", "columns": [2, 2]},
            "pairings": [[2, 2]],
            "moves": [{"column": 2, "from": 0, "to": 2, "tops": false}]
        }])
    );
    assert_eq!(
        game.act(1, advance_json(&[2, 2])),
        vec![
            json!({"type": "runner_moved", "seat": 1, "column": 2, "from": 0, "to": 2, "steps": 2})
        ]
    );
    assert_eq!(
        game.legal(1),
        vec![json!({"type": "roll"}), json!({"type": "stop"})]
    );
    assert_eq!(
        game.act(1, json!({"type": "roll"})),
        vec![json!({"type": "rolled_again", "seat": 1})]
    );
    game.throw(&[1, 1, 1, 1]);
    assert_eq!(game.legal(1), vec![advance_json(&[2])]);
    game.act(1, advance_json(&[2]));
    game.act(1, json!({"type": "roll"}));
    game.throw(&[6, 6, 6, 6]);
    game.act(1, advance_json(&[12, 12]));
    game.act(1, json!({"type": "roll"}));
    game.throw(&[6, 6, 6, 6]);
    game.act(1, advance_json(&[12]));
    let view = game.state.view_json(None);
    assert_eq!(view["stop_would_win"], json!([2, 12]));
    assert_eq!(view["stop_would_win_game"], false);
    game.act(1, json!({"type": "roll"}));
    // {3, 3} twice and {2, 4}: 2 is topped, 4 takes the last runner.
    game.throw(&[1, 2, 1, 2]);
    assert_eq!(
        game.legal(1),
        vec![advance_json(&[3, 3]), advance_json(&[4])]
    );
    game.act(1, advance_json(&[3, 3]));
    assert_eq!(
        game.act(1, json!({"type": "stop"})),
        vec![
            json!({"type": "stopped", "seat": 1}),
            json!({"type": "piece_moved", "seat": 1, "column": 2, "from": 0, "to": 3}),
            json!({"type": "column_won", "seat": 1, "column": 2, "removed": []}),
            json!({"type": "piece_moved", "seat": 1, "column": 3, "from": 0, "to": 2}),
            json!({"type": "piece_moved", "seat": 1, "column": 12, "from": 0, "to": 3}),
            json!({"type": "column_won", "seat": 1, "column": 12, "removed": []}),
            json!({"type": "turn_started", "seat": 0}),
        ]
    );

    // Seat 0 enters 4 and 6, rolls again and busts.
    game.throw(&[1, 2, 3, 4]);
    assert_eq!(
        game.legal(0),
        vec![
            advance_json(&[3, 7]),
            advance_json(&[4, 6]),
            advance_json(&[5, 5])
        ]
    );
    game.act(0, advance_json(&[4, 6]));
    game.act(0, json!({"type": "roll"}));
    // Sums of 2 only, a won column: a bust.
    assert_eq!(
        game.throw(&[1, 1, 1, 1])[1..],
        [
            json!({"type": "bust", "seat": 0, "runners": [
                {"column": 4, "space": 1},
                {"column": 6, "space": 1}
            ]}),
            json!({"type": "turn_started", "seat": 1}),
        ]
    );
    let view = game.state.view_json(Some(0));
    assert_eq!(view["players"][0]["progress"], 0);

    // Seat 1 tops column 3 and wins.
    game.throw(&[1, 2, 1, 2]);
    assert_eq!(
        game.legal(1),
        vec![advance_json(&[3, 3]), advance_json(&[4])]
    );
    game.act(1, advance_json(&[3, 3]));
    game.act(1, json!({"type": "roll"}));
    game.throw(&[1, 2, 1, 2]);
    assert_eq!(game.legal(1), vec![advance_json(&[3]), advance_json(&[4])]);
    game.act(1, advance_json(&[3]));
    assert_eq!(game.state.view_json(None)["stop_would_win_game"], true);
    let events = game.act(1, json!({"type": "stop"}));
    assert_eq!(
        events.last(),
        Some(&json!({"type": "game_over", "winner": 1, "reason": "columns_won"}))
    );
    assert_eq!(game.state.turn(), Turn::Over);
    let outcome = game.state.outcome().unwrap();
    assert_eq!(
        serde_json::to_value(&outcome).unwrap(),
        json!({
            "ranking": [
                {"seat": 1, "rank": 1, "score": 3},
                {"seat": 0, "rank": 2, "score": 0}
            ],
            "reason": "columns_won"
        })
    );
    assert!(game.state.act_json(0, &json!({"type": "roll"})).is_err());

    // The log replays to the same state.
    let mut replay = AnyState::setup(GameId::CantStop, 2, &Value::Null).unwrap();
    for step in &game.log {
        match step {
            Step::Chance(values) => replay.chance_json(values).map(drop),
            Step::Act(seat, action) => replay.act_json(*seat, action).map(drop),
        }
        .unwrap();
    }
    assert_eq!(replay.to_json(), game.state.to_json());
    let stored = AnyState::from_json(GameId::CantStop, &game.state.to_json()).unwrap();
    assert_eq!(stored, game.state);
}

#[test]
fn malformed_and_illegal_json_actions() {
    let mut game = Match::new(2);
    game.throw(&[6, 6]);
    game.throw(&[1, 1]);
    game.throw(&[1, 2, 3, 4]);
    for bad in [
        json!({"type": "advance", "columns": []}),
        json!({"type": "advance", "columns": [2, 3, 4]}),
        json!({"type": "advance", "columns": "7"}),
        json!({"type": "advance", "columns": [300]}),
        json!({"type": "jump"}),
        json!(null),
    ] {
        let error = game.state.act_json(0, &bad).unwrap_err();
        assert!(error.to_string().starts_with("malformed"), "{bad}: {error}");
    }
    for illegal in [
        advance_json(&[13]),
        advance_json(&[6, 8]),
        json!({"type": "stop"}),
    ] {
        let error = game.state.act_json(0, &illegal).unwrap_err();
        assert!(
            error.to_string().starts_with("illegal"),
            "{illegal}: {error}"
        );
    }
    // Any order of the columns is read as the same choice.
    assert!(game.state.act_json(0, &advance_json(&[7, 3])).is_ok());
}

#[test]
fn typed_and_json_states_agree() {
    let state: State = CantStop::setup(3, &Options::default()).unwrap();
    let json = serde_json::to_value(&state).unwrap();
    let any = AnyState::from_json(GameId::CantStop, &json).unwrap();
    assert_eq!(any.turn(), CantStop::turn(&state));
    assert_eq!(
        any.view_json(Some(2)),
        serde_json::to_value(CantStop::view(&state, Some(2))).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// The rules by example

// ---------------------------------------------------------------------------------------------
// Helpers

/// A match of `seats` where seat 0 is about to throw the four dice (the start throw done).
fn game(seats: usize) -> State {
    game_with(seats, Options::default())
}

fn game_with(seats: usize, options: Options) -> State {
    let mut state = CantStop::setup(seats, &options).unwrap();
    edit(&mut state, |s| {
        s["phase"] = json!({"type": "throw"});
        s["current"] = json!(0);
    });
    state
}

/// Edits `state` through the JSON form the server stores: the fields of a state are private to
/// the rules, and a position is written as it is stored.
fn edit(state: &mut State, change: impl FnOnce(&mut Value)) {
    let mut json = serde_json::to_value(&*state).unwrap();
    change(&mut json);
    *state = serde_json::from_value(json).unwrap();
}

/// A field of the stored form of `state`.
fn field(state: &State, name: &str) -> Value {
    serde_json::to_value(state).unwrap()[name].clone()
}

/// The seat whose turn it is.
fn current(state: &State) -> Seat {
    field(state, "current").as_u64().unwrap() as Seat
}

/// Whether no runner stands on the board.
fn no_runners(state: &State) -> bool {
    (2..=12).all(|column| state.runner(column) == 0)
}

fn set_current(state: &mut State, seat: Seat) {
    edit(state, |s| s["current"] = json!(seat));
}

fn set_piece(state: &mut State, seat: Seat, column: u8, space: u8) {
    let index = index_of(column).unwrap();
    edit(state, |s| s["progress"][seat][index] = json!(space));
}

/// Wins `column` for `seat`: its piece on the top space, no other piece.
fn set_won(state: &mut State, seat: Seat, column: u8) {
    let index = index_of(column).unwrap();
    edit(state, |s| {
        for pieces in s["progress"].as_array_mut().unwrap() {
            pieces[index] = json!(0);
        }
        s["progress"][seat][index] = json!(HEIGHTS[index]);
        s["won_by"][index] = json!(seat);
    });
}

/// Puts the runner of `column` on `space` and leaves the current seat to roll or stop.
fn set_runner(state: &mut State, column: u8, space: u8) {
    let index = index_of(column).unwrap();
    edit(state, |s| {
        s["runners"][index] = json!(space);
        s["phase"] = json!({"type": "decide"});
    });
}

fn check(state: &State) {
    if let Err(e) = CantStop::check_invariants(state) {
        panic!("invariant broken: {e}\n{state:?}");
    }
}

fn throw(state: &mut State, dice: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    CantStop::apply_chance(state, dice, &mut events).unwrap();
    check(state);
    events
}

fn act(state: &mut State, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    CantStop::apply(state, current(state), &action, &mut events).unwrap();
    check(state);
    events
}

fn resign(state: &mut State, seat: Seat) -> Vec<Event> {
    let mut events = Vec::new();
    CantStop::resign(state, seat, &mut events).unwrap();
    check(state);
    events
}

/// Applies `attempt` to a copy and checks that it fails leaving state and events untouched.
fn refused(
    state: &State,
    attempt: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<(), ActionError>,
) -> ActionError {
    let mut copy = state.clone();
    let mut events = Vec::new();
    let error = attempt(&mut copy, &mut events).expect_err("should be refused");
    assert_eq!(&copy, state, "a refused call changed the state");
    assert!(events.is_empty(), "a refused call produced events");
    error
}

fn refused_action(state: &State, action: Action) -> ActionError {
    let seat = current(state);
    refused(state, |s, e| CantStop::apply(s, seat, &action, e))
}

fn legal(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    CantStop::legal_actions(state, current(state), &mut out);
    out
}

/// The legal advances, as lists of column labels, in the listed order.
fn advances(state: &State) -> Vec<Vec<u8>> {
    legal(state)
        .into_iter()
        .map(|action| match action {
            Action::Advance { columns } => columns.labels().collect(),
            other => panic!("not an advance: {other:?}"),
        })
        .collect()
}

fn advance(columns: &[u8]) -> Action {
    let columns = match *columns {
        [a] => Columns::one(a),
        [a, b] => Columns::two(a, b),
        _ => panic!("one or two columns"),
    };
    Action::Advance { columns }
}

fn moved(seat: Seat, column: u8, from: u8, to: u8, steps: u8) -> Event {
    Event::RunnerMoved {
        seat,
        column,
        from,
        to,
        steps,
    }
}

fn piece_moved(seat: Seat, column: u8, from: u8, to: u8) -> Event {
    Event::PieceMoved {
        seat,
        column,
        from,
        to,
    }
}

fn runners(list: &[(u8, u8)]) -> RunnerList {
    let mut spaces = [0; COLUMNS];
    for (column, space) in list {
        spaces[index_of(*column).unwrap()] = *space;
    }
    RunnerList::from_spaces(&spaces)
}

fn placings(state: &State) -> Vec<(Seat, usize, i64)> {
    CantStop::outcome(state)
        .unwrap()
        .ranking
        .iter()
        .map(|Placing { seat, rank, score }| (*seat, *rank, *score))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// 2.1 Set-up and order

#[test]
fn rule_01_column_heights() {
    let view = CantStop::view(&game(2), None);
    let heights: Vec<(u8, u8)> = view.columns.iter().map(|c| (c.column, c.height)).collect();
    assert_eq!(
        heights,
        vec![
            (2, 3),
            (3, 5),
            (4, 7),
            (5, 9),
            (6, 11),
            (7, 13),
            (8, 11),
            (9, 9),
            (10, 7),
            (11, 5),
            (12, 3)
        ]
    );
}

#[test]
fn rule_01_two_to_four_players() {
    for seats in [0, 1, 5] {
        assert!(matches!(
            CantStop::setup(seats, &Options::default()),
            Err(SetupError::SeatCount { min: 2, max: 4, .. })
        ));
    }
    for seats in 2..=4 {
        assert_eq!(
            CantStop::setup(seats, &Options::default()).unwrap().seats(),
            seats
        );
    }
}

#[test]
fn rule_01_each_player_throws_two_dice_and_the_highest_total_starts() {
    let mut state = CantStop::setup(3, &Options::default()).unwrap();
    assert_eq!(
        CantStop::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 2 }
        }
    );
    assert_eq!(CantStop::view(&state, None).seat_to_play, Some(0));
    assert_eq!(
        throw(&mut state, &[3, 4]),
        vec![Event::StartThrown {
            seat: 0,
            dice: [3, 4],
            total: 7
        }]
    );
    assert_eq!(CantStop::view(&state, None).seat_to_play, Some(1));
    assert_eq!(
        throw(&mut state, &[6, 5]),
        vec![Event::StartThrown {
            seat: 1,
            dice: [6, 5],
            total: 11
        }]
    );
    assert_eq!(
        throw(&mut state, &[2, 2]),
        vec![
            Event::StartThrown {
                seat: 2,
                dice: [2, 2],
                total: 4
            },
            Event::FirstPlayer { seat: 1 },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(
        CantStop::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 4 }
        }
    );
    // Play goes on in seat order from the first player: 1, 2, 0.
    for next in [2, 0, 1] {
        throw(&mut state, &[1, 1, 1, 1]);
        let events = act(&mut state, advance(&[2, 2]));
        assert_eq!(events.len(), 1);
        let events = act(&mut state, Action::Stop);
        assert_eq!(events.last(), Some(&Event::TurnStarted { seat: next }));
    }
}

#[test]
fn rule_01_ties_are_thrown_again_among_the_tied() {
    let mut state = CantStop::setup(4, &Options::default()).unwrap();
    throw(&mut state, &[4, 5]);
    throw(&mut state, &[5, 6]);
    throw(&mut state, &[6, 5]);
    assert_eq!(
        throw(&mut state, &[1, 4]),
        vec![
            Event::StartThrown {
                seat: 3,
                dice: [1, 4],
                total: 5
            },
            Event::StartTied {
                seats: vec![1, 2],
                total: 11
            },
        ]
    );
    let view = CantStop::view(&state, None);
    assert_eq!(view.seat_to_play, Some(1));
    assert_eq!(
        view.start,
        vec![
            StartView {
                seat: 1,
                total: None
            },
            StartView {
                seat: 2,
                total: None
            }
        ]
    );
    // The tie again: still among the same two.
    throw(&mut state, &[3, 3]);
    assert_eq!(
        throw(&mut state, &[4, 2]).last(),
        Some(&Event::StartTied {
            seats: vec![1, 2],
            total: 6
        })
    );
    throw(&mut state, &[1, 2]);
    assert_eq!(
        throw(&mut state, &[1, 3]),
        vec![
            Event::StartThrown {
                seat: 2,
                dice: [1, 3],
                total: 4
            },
            Event::FirstPlayer { seat: 2 },
            Event::TurnStarted { seat: 2 },
        ]
    );
    assert_eq!(
        CantStop::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 4 }
        }
    );
    assert_eq!(current(&state), 2);
}

#[test]
fn rule_01_a_start_throw_takes_two_dice() {
    let state = CantStop::setup(2, &Options::default()).unwrap();
    for bad in [&[3][..], &[3, 4, 5], &[0, 4], &[7, 1]] {
        let error = refused(&state, |s, e| CantStop::apply_chance(s, bad, e));
        assert!(matches!(error, ActionError::BadChance(_)), "{bad:?}");
    }
    assert_eq!(
        refused_action(&state, Action::Roll),
        ActionError::NotYourTurn
    );
}

#[test]
fn rule_02_progress_starts_empty_and_no_column_is_won() {
    let state = CantStop::setup(3, &Options::default()).unwrap();
    for seat in 0..3 {
        assert_eq!(state.total_progress(seat), 0);
        assert_eq!(state.columns_won(seat), 0);
        for column in 2..=12 {
            assert_eq!(state.piece(seat, column), 0);
            assert_eq!(state.won_by(column), None);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 2.2 A turn

#[test]
fn rule_03_a_player_has_three_runners() {
    let mut state = game(2);
    throw(&mut state, &[1, 2, 3, 4]);
    act(&mut state, advance(&[3, 7]));
    act(&mut state, Action::Roll);
    // {2, 6}: one runner for two new columns; {4, 4} twice.
    throw(&mut state, &[3, 3, 1, 1]);
    assert_eq!(advances(&state), vec![vec![2], vec![6], vec![4, 4]]);
    act(&mut state, advance(&[6]));
    assert_eq!(CantStop::view(&state, None).runners_left, 0);
    act(&mut state, Action::Roll);
    // {2, 8}, {5, 5}, {5, 5}: only columns without a runner, and none is left.
    assert_eq!(
        throw(&mut state, &[1, 1, 4, 4]),
        vec![
            Event::DiceThrown {
                seat: 0,
                dice: [1, 1, 4, 4]
            },
            Event::Bust {
                seat: 0,
                runners: runners(&[(3, 1), (6, 1), (7, 1)])
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
}

#[test]
fn rule_04_a_throw_of_four_dice_makes_three_pairings() {
    let mut state = game(2);
    assert_eq!(
        CantStop::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 4 }
        }
    );
    assert_eq!(
        throw(&mut state, &[1, 2, 3, 4]),
        vec![Event::DiceThrown {
            seat: 0,
            dice: [1, 2, 3, 4]
        }]
    );
    // {1+2, 3+4}, {1+3, 2+4}, {1+4, 2+3}.
    assert_eq!(advances(&state), vec![vec![3, 7], vec![4, 6], vec![5, 5]]);
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.dice, Some([1, 2, 3, 4]));
    let pairings: Vec<Vec<[u8; 2]>> = view.choices.iter().map(|c| c.pairings.clone()).collect();
    assert_eq!(pairings, vec![vec![[3, 7]], vec![[4, 6]], vec![[5, 5]]]);
}

#[test]
fn rule_05_a_new_runner_enters_on_space_one() {
    let mut state = game(2);
    throw(&mut state, &[1, 2, 3, 4]);
    assert_eq!(
        act(&mut state, advance(&[3, 7])),
        vec![moved(0, 3, 0, 1, 1), moved(0, 7, 0, 1, 1)]
    );
    assert_eq!(state.runner(3), 1);
    assert_eq!(state.runner(7), 1);
}

#[test]
fn rule_05_a_new_runner_enters_just_above_the_players_piece() {
    let mut state = game(2);
    set_piece(&mut state, 0, 7, 4);
    set_piece(&mut state, 1, 7, 9);
    throw(&mut state, &[1, 2, 3, 4]);
    assert_eq!(
        act(&mut state, advance(&[3, 7])),
        vec![moved(0, 3, 0, 1, 1), moved(0, 7, 4, 5, 1)]
    );
}

#[test]
fn rule_05_a_placed_runner_moves_up_one_space() {
    let mut state = game(2);
    set_runner(&mut state, 7, 5);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 6, 1, 1]);
    // {7, 2} three times: the runner in 7 moves, and column 2 takes a new runner.
    assert_eq!(advances(&state), vec![vec![2, 7]]);
    assert_eq!(
        act(&mut state, advance(&[2, 7])),
        vec![moved(0, 2, 0, 1, 1), moved(0, 7, 5, 6, 1)]
    );
}

#[test]
fn rule_05_a_column_won_by_anybody_is_not_usable() {
    let mut state = game(3);
    set_won(&mut state, 1, 7);
    set_won(&mut state, 0, 3);
    throw(&mut state, &[1, 2, 3, 4]);
    // {3, 7} gives nothing, {4, 6} both, {5, 5} the double.
    assert_eq!(advances(&state), vec![vec![4, 6], vec![5, 5]]);
    assert_eq!(
        refused_action(&state, advance(&[3, 7])),
        ActionError::illegal("that column is already won")
    );
}

#[test]
fn rule_06_both_usable_sums_are_applied() {
    let mut state = game(2);
    set_runner(&mut state, 6, 2);
    set_runner(&mut state, 8, 1);
    act(&mut state, Action::Roll);
    throw(&mut state, &[2, 4, 3, 5]);
    // {6, 8}, {5, 9}, {7, 7}: with one runner left, {5, 9} offers one of them.
    assert_eq!(
        advances(&state),
        vec![vec![6, 8], vec![5], vec![9], vec![7, 7]]
    );
    assert_eq!(
        act(&mut state, advance(&[6, 8])),
        vec![moved(0, 6, 2, 3, 1), moved(0, 8, 1, 2, 1)]
    );
}

#[test]
fn rule_06_only_the_usable_sum_is_applied() {
    let mut state = game(2);
    set_won(&mut state, 1, 12);
    throw(&mut state, &[6, 6, 3, 4]);
    // {12, 7}: 12 is won, 7 alone; {9, 10} both; {10, 9} the same choice.
    assert_eq!(advances(&state), vec![vec![7], vec![9, 10]]);
    assert_eq!(act(&mut state, advance(&[7])), vec![moved(0, 7, 0, 1, 1)]);
}

#[test]
fn rule_06_a_double_with_room_for_one_step_moves_once() {
    let mut state = game(2);
    set_runner(&mut state, 12, 2);
    act(&mut state, Action::Roll);
    throw(&mut state, &[6, 6, 6, 6]);
    assert_eq!(advances(&state), vec![vec![12]]);
    assert_eq!(
        refused_action(&state, advance(&[12, 12])),
        ActionError::illegal("that runner is already at the top of its column")
    );
    assert_eq!(act(&mut state, advance(&[12])), vec![moved(0, 12, 2, 3, 1)]);
}

#[test]
fn rule_06_a_new_runner_on_a_double_enters_and_climbs() {
    let mut state = game(2);
    set_piece(&mut state, 0, 5, 7);
    throw(&mut state, &[1, 4, 1, 4]);
    // {5, 5} from two pairings, {2, 8} from the third.
    assert_eq!(advances(&state), vec![vec![5, 5], vec![2, 8]]);
    assert_eq!(
        act(&mut state, advance(&[5, 5])),
        vec![moved(0, 5, 7, 9, 2)]
    );
    assert_eq!(CantStop::view(&state, None).runners_left, 2);
}

#[test]
fn rule_07_a_pairing_is_legal_when_one_of_its_sums_is_usable() {
    let mut state = game(2);
    set_runner(&mut state, 6, 1);
    set_runner(&mut state, 7, 1);
    set_runner(&mut state, 8, 1);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 1, 3, 4]);
    // {2, 7}: 7 only; {4, 5} and {5, 4}: nothing.
    assert_eq!(advances(&state), vec![vec![7]]);
    assert_eq!(
        refused_action(&state, advance(&[4, 5])),
        ActionError::illegal("no runner is left for another column")
    );
}

#[test]
fn rule_07_no_usable_sum_is_a_bust_that_loses_the_turn() {
    let mut state = game(2);
    set_piece(&mut state, 0, 7, 3);
    set_runner(&mut state, 6, 4);
    set_runner(&mut state, 7, 8);
    set_runner(&mut state, 8, 1);
    act(&mut state, Action::Roll);
    let before = field(&state, "progress");
    assert_eq!(
        throw(&mut state, &[1, 1, 1, 1]),
        vec![
            Event::DiceThrown {
                seat: 0,
                dice: [1, 1, 1, 1]
            },
            Event::Bust {
                seat: 0,
                runners: runners(&[(6, 4), (7, 8), (8, 1)])
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(field(&state, "progress"), before);
    assert!(no_runners(&state));
    assert_eq!(current(&state), 1);
    assert_eq!(field(&state, "phase"), json!({"type": "throw"}));
}

#[test]
fn rule_08_the_player_may_choose_a_pairing_using_fewer_runners() {
    let mut state = game(2);
    set_runner(&mut state, 6, 1);
    set_runner(&mut state, 7, 1);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 5, 2, 5]);
    // {6, 7} moves two runners, {3, 10} offers a new runner in either column.
    assert_eq!(advances(&state), vec![vec![6, 7], vec![3], vec![10]]);
    assert_eq!(act(&mut state, advance(&[3])), vec![moved(0, 3, 0, 1, 1)]);
}

#[test]
fn rule_09_after_a_choice_the_player_rolls_again_or_stops() {
    let mut state = game(2);
    throw(&mut state, &[1, 2, 3, 4]);
    act(&mut state, advance(&[4, 6]));
    assert_eq!(legal(&state), vec![Action::Roll, Action::Stop]);
    assert_eq!(
        act(&mut state, Action::Roll),
        vec![Event::RolledAgain { seat: 0 }]
    );
    assert_eq!(
        CantStop::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 4 }
        }
    );
    assert_eq!(state.runner(4), 1);
    assert_eq!(state.runner(6), 1);
    throw(&mut state, &[2, 2, 3, 3]);
    // {4, 6}, {5, 5}, {5, 5}.
    assert_eq!(advances(&state), vec![vec![4, 6], vec![5, 5]]);
    act(&mut state, advance(&[4, 6]));
    assert_eq!(state.runner(4), 2);
    assert_eq!(state.runner(6), 2);
}

#[test]
fn rule_10_stopping_replaces_the_runners_by_pieces() {
    let mut state = game(2);
    set_piece(&mut state, 0, 7, 2);
    set_piece(&mut state, 1, 7, 5);
    set_runner(&mut state, 7, 5);
    set_runner(&mut state, 3, 1);
    assert_eq!(
        act(&mut state, Action::Stop),
        vec![
            Event::Stopped { seat: 0 },
            piece_moved(0, 3, 0, 1),
            piece_moved(0, 7, 2, 5),
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(state.piece(0, 3), 1);
    assert_eq!(state.piece(0, 7), 5);
    assert_eq!(state.piece(1, 7), 5);
    assert!(no_runners(&state));
    assert_eq!(state.total_progress(0), 6);
}

#[test]
fn rule_10_stopping_on_the_top_wins_the_column_and_removes_other_pieces() {
    let mut state = game(3);
    set_piece(&mut state, 1, 2, 2);
    set_piece(&mut state, 2, 2, 1);
    set_piece(&mut state, 2, 7, 6);
    set_runner(&mut state, 2, 3);
    assert_eq!(
        act(&mut state, Action::Stop),
        vec![
            Event::Stopped { seat: 0 },
            piece_moved(0, 2, 0, 3),
            Event::ColumnWon {
                seat: 0,
                column: 2,
                removed: vec![1, 2]
            },
            Event::TurnStarted { seat: 1 },
        ]
    );
    assert_eq!(state.won_by(2), Some(0));
    assert_eq!(state.piece(1, 2), 0);
    assert_eq!(state.piece(2, 2), 0);
    assert_eq!(state.piece(2, 7), 6);
    // Closed to everybody: a throw of sums 2 only is a bust at once.
    let events = throw(&mut state, &[1, 1, 1, 1]);
    assert!(matches!(events[1], Event::Bust { seat: 1, .. }));
}

#[test]
fn rule_11_a_runner_on_the_top_is_lost_on_a_bust() {
    let mut state = game(2);
    set_piece(&mut state, 1, 12, 1);
    set_runner(&mut state, 12, 3);
    set_runner(&mut state, 7, 1);
    set_runner(&mut state, 8, 1);
    assert_eq!(state.won_by(12), None);
    act(&mut state, Action::Roll);
    let events = throw(&mut state, &[6, 6, 6, 6]);
    assert_eq!(
        events[1],
        Event::Bust {
            seat: 0,
            runners: runners(&[(7, 1), (8, 1), (12, 3)])
        }
    );
    assert_eq!(state.won_by(12), None);
    assert_eq!(state.piece(0, 12), 0);
    assert_eq!(state.piece(1, 12), 1);
}

// ---------------------------------------------------------------------------------------------
// 2.3 End

#[test]
fn rule_12_winning_three_columns_wins_the_game() {
    let mut state = game(3);
    set_won(&mut state, 0, 2);
    set_won(&mut state, 0, 12);
    set_won(&mut state, 1, 7);
    set_piece(&mut state, 2, 4, 6);
    set_piece(&mut state, 1, 3, 4);
    set_runner(&mut state, 3, 5);
    set_runner(&mut state, 8, 3);
    assert_eq!(
        act(&mut state, Action::Stop),
        vec![
            Event::Stopped { seat: 0 },
            piece_moved(0, 3, 0, 5),
            Event::ColumnWon {
                seat: 0,
                column: 3,
                removed: vec![1]
            },
            piece_moved(0, 8, 0, 3),
            Event::GameOver {
                winner: Some(0),
                reason: EndReason::ColumnsWon
            },
        ]
    );
    assert_eq!(CantStop::turn(&state), Turn::Over);
    let outcome = CantStop::outcome(&state).unwrap();
    assert_eq!(outcome.reason, "columns_won");
    // Seat 1: one column (13 spaces); seat 2: none (6 spaces of progress).
    assert_eq!(placings(&state), vec![(0, 1, 3), (1, 2, 1), (2, 3, 0)]);
    // Everything is refused after the end.
    assert_eq!(refused_action(&state, Action::Roll), ActionError::GameOver);
    assert_eq!(
        refused(&state, |s, e| CantStop::apply_chance(s, &[1, 2, 3, 4], e)),
        ActionError::GameOver
    );
    assert_eq!(
        refused(&state, |s, e| CantStop::resign(s, 1, e)),
        ActionError::GameOver
    );
}

#[test]
fn rule_12_two_columns_won_at_once_can_finish_the_game() {
    let mut state = game(2);
    set_won(&mut state, 0, 2);
    set_runner(&mut state, 11, 5);
    set_runner(&mut state, 12, 3);
    let events = act(&mut state, Action::Stop);
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            winner: Some(0),
            reason: EndReason::ColumnsWon
        })
    );
    assert_eq!(state.columns_won(0), 3);
}

#[test]
fn rule_12_two_columns_are_not_enough() {
    let mut state = game(2);
    set_won(&mut state, 0, 2);
    set_runner(&mut state, 12, 3);
    let events = act(&mut state, Action::Stop);
    assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
    assert_eq!(CantStop::outcome(&state), None);
}

#[test]
fn ranking_winner_first_then_columns_won_then_progress() {
    let mut state = game(4);
    set_won(&mut state, 2, 2);
    set_won(&mut state, 2, 12);
    set_won(&mut state, 0, 11);
    set_won(&mut state, 3, 4);
    set_won(&mut state, 1, 10);
    set_piece(&mut state, 0, 7, 3); // seat 0: one column, 5 + 3 = 8
    set_piece(&mut state, 3, 7, 2); // seat 3: one column, 7 + 2 = 9
    set_piece(&mut state, 1, 6, 1); // seat 1: one column, 7 + 1 = 8, as seat 0
    set_current(&mut state, 2);
    set_runner(&mut state, 3, 5);
    act(&mut state, Action::Stop);
    // The winner, then seat 3 (more progress), then seats 0 and 1 tied.
    assert_eq!(
        placings(&state),
        vec![(2, 1, 3), (3, 2, 1), (0, 3, 1), (1, 3, 1)]
    );
}

#[test]
fn all_columns_won_ends_the_game_ranked_by_columns_then_progress() {
    // Possible only when the columns to win exceed what the columns allow: 3 seats × 4 ≥ 11.
    let options = Options {
        columns_to_win: 5,
        ..Options::default()
    };
    let mut state = game_with(3, options);
    for column in [2, 3, 4, 5] {
        set_won(&mut state, 0, column); // 3 + 5 + 7 + 9 = 24
    }
    for column in [9, 10, 11, 12] {
        set_won(&mut state, 1, column); // 9 + 7 + 5 + 3 = 24
    }
    set_won(&mut state, 2, 6);
    set_won(&mut state, 2, 8);
    set_current(&mut state, 2);
    set_runner(&mut state, 7, 13);
    let events = act(&mut state, Action::Stop);
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            winner: None,
            reason: EndReason::AllColumnsWon
        })
    );
    assert_eq!(CantStop::outcome(&state).unwrap().reason, "all_columns_won");
    assert_eq!(placings(&state), vec![(0, 1, 4), (1, 1, 4), (2, 3, 3)]);

    // Seat 0's columns are taller: it ranks first alone and is named the winner.
    let mut state = game_with(3, options_with_five());
    for column in [3, 4, 5, 6] {
        set_won(&mut state, 0, column);
    }
    for column in [2, 9, 10, 11] {
        set_won(&mut state, 1, column);
    }
    set_won(&mut state, 2, 8);
    set_won(&mut state, 2, 12);
    set_current(&mut state, 2);
    set_runner(&mut state, 7, 13);
    let events = act(&mut state, Action::Stop);
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            winner: Some(0),
            reason: EndReason::AllColumnsWon
        })
    );
    assert_eq!(placings(&state), vec![(0, 1, 4), (1, 2, 4), (2, 3, 3)]);
}

fn options_with_five() -> Options {
    Options {
        columns_to_win: 5,
        ..Options::default()
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Ambiguities

#[test]
fn ambiguity_c1_the_pairing_is_free_but_both_its_sums_must_be_used() {
    let mut state = game(2);
    throw(&mut state, &[2, 4, 3, 5]);
    // {6, 8}, {5, 9}, {7, 7}: using a single sum of a pairing is never offered.
    assert_eq!(advances(&state), vec![vec![6, 8], vec![5, 9], vec![7, 7]]);
    assert_eq!(
        refused_action(&state, advance(&[6])),
        ActionError::illegal("both sums of a pairing must be used when they can be")
    );
    assert_eq!(
        refused_action(&state, advance(&[7])),
        ActionError::illegal("both sums of a pairing must be used when they can be")
    );
    act(&mut state, advance(&[5, 9]));
}

#[test]
fn ambiguity_c2_a_double_moves_the_same_runner_twice() {
    let mut state = game(2);
    throw(&mut state, &[3, 4, 3, 4]);
    // {7, 7} twice, {6, 8} once.
    assert_eq!(advances(&state), vec![vec![7, 7], vec![6, 8]]);
    assert_eq!(
        act(&mut state, advance(&[7, 7])),
        vec![moved(0, 7, 0, 2, 2)]
    );
    assert_eq!(state.runner(7), 2);
    assert_eq!(CantStop::view(&state, None).runners_left, 2);
}

#[test]
fn ambiguity_c3_one_runner_left_and_two_new_sums_use_one_of_them() {
    let mut state = game(2);
    set_runner(&mut state, 6, 3);
    set_runner(&mut state, 8, 1);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 1, 5, 5]);
    // {2, 10}: one of them, at the player's choice; {6, 6}: the runner in 6 twice.
    assert_eq!(advances(&state), vec![vec![2], vec![10], vec![6, 6]]);
    assert_eq!(
        refused_action(&state, advance(&[2, 10])),
        ActionError::illegal("no runner is left for another column")
    );
    assert_eq!(act(&mut state, advance(&[10])), vec![moved(0, 10, 0, 1, 1)]);
    assert_eq!(state.runner(2), 0);
}

#[test]
fn ambiguity_c4_one_runner_left_one_sum_placed_one_new_uses_both() {
    let mut state = game(2);
    set_runner(&mut state, 6, 3);
    set_runner(&mut state, 8, 1);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 5, 4, 5]);
    // {6, 9}: advance 6 and place the last runner in 9; {5, 10}: one of them.
    assert_eq!(advances(&state), vec![vec![6, 9], vec![5], vec![10]]);
    assert_eq!(
        act(&mut state, advance(&[6, 9])),
        vec![moved(0, 6, 3, 4, 1), moved(0, 9, 0, 1, 1)]
    );
    assert_eq!(CantStop::view(&state, None).runners_left, 0);
}

#[test]
fn ambiguity_c5_a_runner_on_the_top_cannot_move_further() {
    let mut state = game(2);
    set_runner(&mut state, 12, 3);
    act(&mut state, Action::Roll);
    throw(&mut state, &[6, 6, 1, 2]);
    // {12, 3}: 3 only; {7, 8} and {8, 7}: both.
    assert_eq!(advances(&state), vec![vec![3], vec![7, 8]]);
    let view = CantStop::view(&state, None);
    assert_eq!(view.choices[0].pairings, vec![[3, 12]]);

    // With every pairing on the topped column, the throw busts.
    let mut state = game(2);
    set_runner(&mut state, 12, 3);
    act(&mut state, Action::Roll);
    let events = throw(&mut state, &[6, 6, 6, 6]);
    assert!(matches!(events[1], Event::Bust { seat: 0, .. }));
}

#[test]
fn ambiguity_c6_a_column_is_won_only_on_stopping() {
    let mut state = game(2);
    set_piece(&mut state, 1, 2, 2);
    set_runner(&mut state, 2, 2);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 1, 3, 3]);
    act(&mut state, advance(&[2, 6]));
    assert_eq!(state.runner(2), 3);
    // On the top, but not won yet: the opponent's piece is still there.
    assert_eq!(state.won_by(2), None);
    assert_eq!(state.piece(1, 2), 2);
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.stop_would_win, vec![2]);
    assert!(!view.stop_would_win_game);
    let events = act(&mut state, Action::Stop);
    assert!(events.contains(&Event::ColumnWon {
        seat: 0,
        column: 2,
        removed: vec![1]
    }));
    assert_eq!(state.won_by(2), Some(0));
    assert_eq!(state.piece(1, 2), 0);
}

#[test]
fn ambiguity_c7_by_default_pieces_never_run_out() {
    let mut state = game(2);
    for column in [2, 3, 4, 5, 6, 8, 9, 10, 11] {
        set_piece(&mut state, 0, column, 1);
    }
    set_runner(&mut state, 7, 1);
    set_runner(&mut state, 12, 1);
    act(&mut state, Action::Stop);
    assert_eq!(state.pieces_on_board(0), 11);
}

#[test]
fn ambiguity_c7_option_pieces_per_player_blocks_new_columns() {
    let options = Options {
        pieces_per_player: 3,
        ..Options::default()
    };
    let mut state = game_with(2, options.clone());
    set_piece(&mut state, 0, 3, 2);
    set_piece(&mut state, 0, 11, 1);
    throw(&mut state, &[1, 2, 3, 4]);
    // {3, 7}: 3 has a piece, 7 takes the last one; {4, 6}: one piece for two new columns.
    assert_eq!(
        advances(&state),
        vec![vec![3, 7], vec![4], vec![6], vec![5, 5]]
    );
    act(&mut state, advance(&[3, 7]));
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 3, 2, 5]);
    // {4, 7}: 4 would need a fourth piece; {3, 8}: likewise 8; {6, 5}: both.
    assert_eq!(advances(&state), vec![vec![7], vec![3]]);
    assert_eq!(
        refused_action(&state, advance(&[5, 6])),
        ActionError::illegal("no piece is left for another column")
    );
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.players[0].pieces_on_board, 2);
    assert_eq!(view.players[0].pieces_left, 1);
    act(&mut state, advance(&[7]));
    act(&mut state, Action::Roll);
    // {11, 2}: column 11 has a piece, the last runner may go there, not to 2; {6, 7}: 7 only.
    throw(&mut state, &[5, 6, 1, 1]);
    assert_eq!(advances(&state), vec![vec![11], vec![7]]);
    act(&mut state, advance(&[11]));
    act(&mut state, Action::Stop);
    assert_eq!(state.pieces_on_board(0), 3);

    // The default supply lets the same throw use two new columns.
    let mut state = game(2);
    set_piece(&mut state, 0, 3, 2);
    set_piece(&mut state, 0, 11, 1);
    throw(&mut state, &[1, 2, 3, 4]);
    assert_eq!(advances(&state), vec![vec![3, 7], vec![4, 6], vec![5, 5]]);
}

#[test]
fn ambiguity_c7_pieces_removed_from_a_won_column_return_to_the_supply() {
    let options = Options {
        pieces_per_player: 3,
        ..Options::default()
    };
    let mut state = game_with(2, options);
    for column in [2, 7, 12] {
        set_piece(&mut state, 1, column, 1);
    }
    set_runner(&mut state, 2, 3);
    act(&mut state, Action::Stop);
    assert_eq!(state.pieces_on_board(1), 2);
    // {7, 10}: seat 1 may enter column 10 with the returned piece; {8, 9}: one of them.
    throw(&mut state, &[3, 4, 5, 5]);
    assert_eq!(advances(&state), vec![vec![7, 10], vec![8], vec![9]]);
}

#[test]
fn ambiguity_c8_pieces_of_several_players_may_share_a_space() {
    let mut state = game(2);
    set_piece(&mut state, 1, 7, 1);
    throw(&mut state, &[3, 4, 1, 1]);
    act(&mut state, advance(&[2, 7]));
    assert_eq!(state.runner(7), 1);
    act(&mut state, Action::Stop);
    assert_eq!(state.piece(0, 7), 1);
    assert_eq!(state.piece(1, 7), 1);
}

#[test]
fn ambiguity_c9_each_distinct_choice_is_listed_once() {
    let mut state = game(2);
    // 1-6-1-6: {7, 7} twice and {2, 12}.
    throw(&mut state, &[1, 6, 1, 6]);
    assert_eq!(advances(&state), vec![vec![7, 7], vec![2, 12]]);
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.choices[0].pairings, vec![[7, 7]]);

    // 3-3-3-3: one pairing three times.
    let mut state = game(2);
    throw(&mut state, &[3, 3, 3, 3]);
    assert_eq!(advances(&state), vec![vec![6, 6]]);

    // {2, 12}: nothing (both won); {7, 7} twice: one choice.
    let mut state = game(2);
    set_won(&mut state, 1, 2);
    set_won(&mut state, 1, 12);
    throw(&mut state, &[1, 1, 6, 6]);
    assert_eq!(advances(&state), vec![vec![7, 7]]);

    // {7, 8} twice and {3, 12} (both won); the runner in 7 has one step left to the top.
    let mut state = game(2);
    set_won(&mut state, 1, 3);
    set_won(&mut state, 1, 12);
    set_runner(&mut state, 7, 12);
    set_runner(&mut state, 6, 1);
    set_runner(&mut state, 8, 1);
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 6, 2, 6]);
    assert_eq!(advances(&state), vec![vec![7, 8]]);
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.choices[0].pairings, vec![[7, 8]]);
    assert_eq!(
        view.choices[0].moves,
        vec![
            MoveView {
                column: 7,
                from: 12,
                to: 13,
                tops: true
            },
            MoveView {
                column: 8,
                from: 1,
                to: 2,
                tops: false
            }
        ]
    );
}

/// Listing choices by their effect (the columns moved) is the same as C9's "a distinct pair of
/// sums, plus which sum in the one-runner-left case": two pairings of one throw that share a sum
/// always share both sums, so one effect never comes from two different pairs of sums.
#[test]
fn ambiguity_c9_two_pairings_sharing_a_sum_have_the_same_sums() {
    for dice in all_throws() {
        let pairs: Vec<[u8; 2]> = [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)]
            .iter()
            .map(|&(i, j, k, l)| {
                let (x, y) = (dice[i] + dice[j], dice[k] + dice[l]);
                [x.min(y), x.max(y)]
            })
            .collect();
        for a in &pairs {
            for b in &pairs {
                if a.iter().any(|s| b.contains(s)) {
                    assert_eq!(a, b, "{dice:?}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Variants (options)

#[test]
fn option_columns_to_win_four() {
    let options = Options {
        columns_to_win: 4,
        ..Options::default()
    };
    let mut state = game_with(2, options);
    set_won(&mut state, 0, 2);
    set_won(&mut state, 0, 12);
    set_runner(&mut state, 3, 5);
    // Three columns: the game goes on.
    assert_eq!(
        act(&mut state, Action::Stop).last(),
        Some(&Event::TurnStarted { seat: 1 })
    );
    assert_eq!(state.columns_won(0), 3);
    set_current(&mut state, 0);
    set_runner(&mut state, 11, 5);
    assert_eq!(
        act(&mut state, Action::Stop).last(),
        Some(&Event::GameOver {
            winner: Some(0),
            reason: EndReason::ColumnsWon
        })
    );
    assert_eq!(placings(&state), vec![(0, 1, 4), (1, 2, 0)]);
}

#[test]
fn option_columns_to_win_five() {
    let mut state = game_with(2, options_with_five());
    for column in [2, 3, 4, 12] {
        set_won(&mut state, 0, column);
    }
    set_runner(&mut state, 11, 5);
    assert_eq!(
        act(&mut state, Action::Stop).last(),
        Some(&Event::GameOver {
            winner: Some(0),
            reason: EndReason::ColumnsWon
        })
    );
}

#[test]
fn option_skip_occupied_jumps_over_opponents_pieces() {
    let options = Options {
        skip_occupied: true,
        ..Options::default()
    };
    let mut state = game_with(3, options);
    set_piece(&mut state, 1, 7, 1);
    set_piece(&mut state, 2, 7, 2);
    set_piece(&mut state, 1, 6, 4);
    set_piece(&mut state, 1, 2, 2);
    throw(&mut state, &[3, 4, 3, 4]);
    // Spaces 1 and 2 are skipped: the runner enters on 3; then 4 is free.
    assert_eq!(
        act(&mut state, advance(&[7, 7])),
        vec![moved(0, 7, 0, 4, 2)]
    );
    act(&mut state, Action::Roll);
    // Column 6: the runner enters on 1, then jumps over 4 from 3... one step at a time.
    throw(&mut state, &[3, 3, 1, 1]);
    assert_eq!(
        act(&mut state, advance(&[2, 6])),
        vec![moved(0, 2, 0, 1, 1), moved(0, 6, 0, 1, 1)]
    );
    act(&mut state, Action::Roll);
    throw(&mut state, &[1, 1, 1, 1]);
    // In column 2 the opponent stands on 2: the runner goes from 1 to the top.
    assert_eq!(act(&mut state, advance(&[2])), vec![moved(0, 2, 1, 3, 1)]);
    set_runner(&mut state, 6, 3);
    act(&mut state, Action::Roll);
    throw(&mut state, &[3, 3, 6, 6]);
    assert_eq!(act(&mut state, advance(&[6])), vec![moved(0, 6, 3, 5, 1)]);
    // The player's own pieces are not skipped.
    let mut state = game_with(
        2,
        Options {
            skip_occupied: true,
            ..Options::default()
        },
    );
    set_piece(&mut state, 0, 7, 1);
    throw(&mut state, &[3, 4, 1, 1]);
    assert_eq!(
        act(&mut state, advance(&[2, 7])),
        vec![moved(0, 2, 0, 1, 1), moved(0, 7, 1, 2, 1)]
    );
}

#[test]
fn option_skip_occupied_off_counts_every_space() {
    let mut state = game(3);
    set_piece(&mut state, 1, 7, 1);
    set_piece(&mut state, 2, 7, 2);
    throw(&mut state, &[3, 4, 3, 4]);
    assert_eq!(
        act(&mut state, advance(&[7, 7])),
        vec![moved(0, 7, 0, 2, 2)]
    );
}

#[test]
fn option_no_stop_on_opponent_forbids_stopping_on_an_opponents_piece() {
    let options = Options {
        no_stop_on_opponent: true,
        ..Options::default()
    };
    let mut state = game_with(2, options);
    set_piece(&mut state, 1, 7, 1);
    throw(&mut state, &[3, 4, 1, 1]);
    act(&mut state, advance(&[2, 7]));
    assert_eq!(legal(&state), vec![Action::Roll]);
    assert_eq!(
        refused_action(&state, Action::Stop),
        ActionError::illegal("a runner stands on an opponent's piece: roll again")
    );
    let view = CantStop::view(&state, Some(0));
    assert!(!view.can_stop);
    assert!(view.columns[5].runner_on_opponent);
    assert!(!view.columns[0].runner_on_opponent);
    act(&mut state, Action::Roll);
    throw(&mut state, &[3, 4, 6, 6]);
    act(&mut state, advance(&[7, 12]));
    assert_eq!(legal(&state), vec![Action::Roll, Action::Stop]);
    assert!(CantStop::view(&state, Some(0)).can_stop);
    act(&mut state, Action::Stop);

    // Without the variant, stopping there is allowed.
    let mut state = game(2);
    set_piece(&mut state, 1, 7, 1);
    throw(&mut state, &[3, 4, 1, 1]);
    act(&mut state, advance(&[2, 7]));
    assert_eq!(legal(&state), vec![Action::Roll, Action::Stop]);
}

#[test]
fn options_are_read_from_json_and_checked() {
    let options = parse_options::<CantStop>(&json!({
        "columns_to_win": 4,
        "skip_occupied": true,
        "no_stop_on_opponent": true,
        "pieces_per_player": 9
    }))
    .unwrap();
    assert_eq!(
        options,
        Options {
            columns_to_win: 4,
            skip_occupied: true,
            no_stop_on_opponent: true,
            pieces_per_player: 9
        }
    );
    assert_eq!(
        parse_options::<CantStop>(&json!({})).unwrap(),
        Options::default()
    );
    for bad in [
        json!({"columns_to_win": 6}),
        json!({"columns_to_win": 2}),
        json!({"pieces_per_player": 12}),
        json!({"pieces_per_player": 4, "columns_to_win": 5}),
        json!({"skip_occupied": 1}),
    ] {
        let error = parse_options::<CantStop>(&bad).unwrap_err();
        assert!(error.option.is_some(), "{bad}: {error}");
    }
    assert!(
        CantStop::setup(
            2,
            &Options {
                columns_to_win: 9,
                ..Options::default()
            }
        )
        .is_err()
    );
}

// ---------------------------------------------------------------------------------------------
// Errors

#[test]
fn errors_leave_everything_unchanged() {
    let mut state = game(3);
    // A throw is due: no seat may act.
    assert_eq!(
        refused_action(&state, Action::Roll),
        ActionError::NotYourTurn
    );
    assert_eq!(
        refused(&state, |s, e| CantStop::apply(s, 7, &Action::Roll, e)),
        ActionError::NoSuchSeat
    );
    throw(&mut state, &[1, 2, 3, 4]);
    assert_eq!(
        refused(&state, |s, e| CantStop::apply(s, 1, &advance(&[3, 7]), e)),
        ActionError::NotYourTurn
    );
    assert_eq!(
        refused(&state, |s, e| CantStop::apply_chance(s, &[1, 2, 3, 4], e)),
        ActionError::NoChanceDue
    );
    assert_eq!(
        refused_action(&state, advance(&[13])),
        ActionError::illegal("columns are numbered 2 to 12")
    );
    assert_eq!(
        refused_action(&state, advance(&[0, 255])),
        ActionError::illegal("columns are numbered 2 to 12")
    );
    assert_eq!(
        refused_action(&state, advance(&[6, 8])),
        ActionError::illegal("the dice cannot be paired to make these sums")
    );
    assert_eq!(
        refused_action(&state, advance(&[12])),
        ActionError::illegal("the dice cannot be paired to make these sums")
    );
    assert_eq!(
        refused_action(&state, Action::Stop),
        ActionError::illegal("choose how to use the dice first (an advance)")
    );
    act(&mut state, advance(&[4, 6]));
    assert_eq!(
        refused_action(&state, advance(&[4, 6])),
        ActionError::illegal("the dice are already used: roll again or stop")
    );
    act(&mut state, Action::Roll);
    for bad in [
        &[1, 2, 3][..],
        &[1, 2, 3, 7],
        &[0, 1, 1, 1],
        &[1, 1, 1, 1, 1],
    ] {
        assert!(matches!(
            refused(&state, |s, e| CantStop::apply_chance(s, bad, e)),
            ActionError::BadChance(_)
        ));
    }
}

#[test]
fn untrusted_json_actions_are_refused_not_panicking() {
    let mut state = game(2);
    throw(&mut state, &[1, 2, 3, 4]);
    for text in [
        r#"{"type":"advance","columns":[0]}"#,
        r#"{"type":"advance","columns":[255,255]}"#,
        r#"{"type":"advance","columns":[7,3]}"#,
        r#"{"type":"advance","columns":[2,2]}"#,
    ] {
        let action: Action = serde_json::from_str(text).unwrap();
        let mut copy = state.clone();
        let result = CantStop::apply(&mut copy, 0, &action, &mut Vec::new());
        if text.contains("[7,3]") {
            // Read in any order: the same choice as [3, 7].
            assert!(result.is_ok());
        } else {
            assert!(matches!(result, Err(ActionError::Illegal(_))), "{text}");
        }
    }
    for text in [
        r#"{"type":"advance","columns":[]}"#,
        r#"{"type":"advance","columns":[2,3,4]}"#,
        r#"{"type":"advance","columns":[-1]}"#,
        r#"{"type":"advance"}"#,
        r#"{"type":"pass"}"#,
    ] {
        assert!(serde_json::from_str::<Action>(text).is_err(), "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Resignation

#[test]
fn resignation_of_one_of_two_players_ends_the_game() {
    let mut state = game(2);
    throw(&mut state, &[1, 2, 3, 4]);
    set_piece(&mut state, 1, 7, 4);
    assert_eq!(
        resign(&mut state, 1),
        vec![
            Event::Resigned { seat: 1 },
            Event::GameOver {
                winner: Some(0),
                reason: EndReason::Resignation
            }
        ]
    );
    assert_eq!(CantStop::turn(&state), Turn::Over);
    assert_eq!(CantStop::outcome(&state).unwrap().reason, "resignation");
    assert_eq!(placings(&state), vec![(0, 1, 0), (1, 2, 0)]);
}

#[test]
fn resignation_on_its_turn_passes_the_turn_cleanly() {
    let mut state = game(3);
    set_piece(&mut state, 0, 7, 2);
    set_runner(&mut state, 7, 6);
    set_runner(&mut state, 4, 1);
    assert_eq!(
        resign(&mut state, 0),
        vec![Event::Resigned { seat: 0 }, Event::TurnStarted { seat: 1 }]
    );
    assert!(no_runners(&state));
    assert_eq!(state.piece(0, 7), 2);
    // Its turns are skipped: 1, 2, 1...
    throw(&mut state, &[1, 1, 1, 1]);
    act(&mut state, advance(&[2, 2]));
    assert_eq!(
        act(&mut state, Action::Stop).last(),
        Some(&Event::TurnStarted { seat: 2 })
    );
    throw(&mut state, &[1, 1, 1, 1]);
    act(&mut state, advance(&[2, 2]));
    assert_eq!(
        act(&mut state, Action::Stop).last(),
        Some(&Event::TurnStarted { seat: 1 })
    );
    assert_eq!(
        refused(&state, |s, e| CantStop::resign(s, 0, e)),
        ActionError::illegal("this seat has already left the game")
    );
    // Another leaves out of turn: the last one wins.
    assert_eq!(
        resign(&mut state, 2),
        vec![
            Event::Resigned { seat: 2 },
            Event::GameOver {
                winner: Some(1),
                reason: EndReason::Resignation
            }
        ]
    );
    // Seat 2 left after seat 0: it ranks above it, whatever the board says.
    assert_eq!(placings(&state), vec![(1, 1, 0), (2, 2, 0), (0, 3, 0)]);
}

#[test]
fn resignation_during_its_throw_passes_the_turn() {
    let mut state = game(3);
    set_current(&mut state, 2);
    assert_eq!(
        resign(&mut state, 2),
        vec![Event::Resigned { seat: 2 }, Event::TurnStarted { seat: 0 }]
    );
    assert_eq!(
        CantStop::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: 4 }
        }
    );
}

#[test]
fn resignation_out_of_turn_lets_the_turn_go_on() {
    let mut state = game(4);
    throw(&mut state, &[1, 2, 3, 4]);
    let before = state.clone();
    assert_eq!(resign(&mut state, 1), vec![Event::Resigned { seat: 1 }]);
    assert_eq!(field(&state, "phase"), field(&before, "phase"));
    act(&mut state, advance(&[4, 6]));
    assert_eq!(
        act(&mut state, Action::Stop).last(),
        Some(&Event::TurnStarted { seat: 2 })
    );
    assert_eq!(
        refused(&state, |s, e| CantStop::resign(s, 4, e)),
        ActionError::NoSuchSeat
    );
}

#[test]
fn resignation_during_the_start_throw() {
    // A seat that has not thrown leaves: the others decide.
    let mut state = CantStop::setup(3, &Options::default()).unwrap();
    throw(&mut state, &[6, 6]);
    assert_eq!(resign(&mut state, 1), vec![Event::Resigned { seat: 1 }]);
    assert_eq!(CantStop::view(&state, None).seat_to_play, Some(2));
    assert_eq!(
        throw(&mut state, &[1, 1]),
        vec![
            Event::StartThrown {
                seat: 2,
                dice: [1, 1],
                total: 2
            },
            Event::FirstPlayer { seat: 0 },
            Event::TurnStarted { seat: 0 },
        ]
    );

    // One of two tied seats leaves: the other starts at once.
    let mut state = CantStop::setup(3, &Options::default()).unwrap();
    throw(&mut state, &[5, 6]);
    throw(&mut state, &[6, 5]);
    throw(&mut state, &[1, 2]);
    assert_eq!(
        resign(&mut state, 0),
        vec![
            Event::Resigned { seat: 0 },
            Event::FirstPlayer { seat: 1 },
            Event::TurnStarted { seat: 1 },
        ]
    );

    // The last seat to throw leaves: the throws already made decide.
    let mut state = CantStop::setup(4, &Options::default()).unwrap();
    throw(&mut state, &[2, 3]);
    throw(&mut state, &[4, 3]);
    throw(&mut state, &[1, 3]);
    assert_eq!(
        resign(&mut state, 3),
        vec![
            Event::Resigned { seat: 3 },
            Event::FirstPlayer { seat: 1 },
            Event::TurnStarted { seat: 1 },
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// View

#[test]
fn view_shows_the_board_and_the_figures_to_decide() {
    let mut state = game(2);
    set_piece(&mut state, 1, 8, 3);
    set_won(&mut state, 1, 2);
    let view = CantStop::view(&state, None);
    assert_eq!(view.stage, Stage::Throw);
    assert_eq!(view.seat_to_play, Some(0));
    // Only 1-1-1-1 (sums of 2 only, a won column) busts.
    assert_eq!(view.throws_with_progress, Some(1295));
    assert_eq!(view.players[1].columns_won, 1);
    assert_eq!(view.players[1].progress, 6);
    assert_eq!(view.players[1].pieces_on_board, 2);
    assert_eq!(view.players[1].pieces_left, 9);
    assert_eq!(view.columns[6].pieces, vec![0, 3]);
    assert_eq!(view.columns[0].won_by, Some(1));

    throw(&mut state, &[1, 2, 3, 4]);
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.stage, Stage::Choose);
    assert_eq!(view.throws_with_progress, None);
    let actions: Vec<Action> = view.choices.iter().map(|c| c.action).collect();
    assert_eq!(actions, legal(&state));
    assert_eq!(
        view.choices[0].moves,
        vec![
            MoveView {
                column: 3,
                from: 0,
                to: 1,
                tops: false
            },
            MoveView {
                column: 7,
                from: 0,
                to: 1,
                tops: false
            }
        ]
    );
    act(&mut state, advance(&[5, 5]));
    let view = CantStop::view(&state, Some(0));
    assert_eq!(view.stage, Stage::Decide);
    assert!(view.can_stop);
    assert_eq!(view.runners_left, 2);
    assert_eq!(view.columns[3].runner, Some(2));
    assert_eq!(view.throws_with_progress, Some(1295));
}

// ---------------------------------------------------------------------------------------------
// Exhaustive checks over the 1296 throws

/// A position described independently of the code under test.
struct Position {
    runners: [(u8, u8); 3],
    own: Vec<(u8, u8)>,
    won: Vec<u8>,
    pieces: u8,
}

/// The heights again, typed from the rules file rather than taken from the module.
fn height(column: u8) -> u8 {
    [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3][usize::from(column - 2)]
}

/// The choices of `dice`, computed another way: for each pairing, among the sub-multisets of its
/// two sums that can be played together, the largest ones (rules 6 and 7).
fn expected_choices(position: &Position, dice: [u8; 4]) -> BTreeSet<Vec<u8>> {
    let runner = |c: u8| {
        position
            .runners
            .iter()
            .find(|(column, _)| *column == c)
            .map_or(0, |(_, space)| *space)
    };
    let own = |c: u8| {
        position
            .own
            .iter()
            .find(|(column, _)| *column == c)
            .map_or(0, |(_, space)| *space)
    };
    let placed: Vec<u8> = position
        .runners
        .iter()
        .filter(|(c, s)| *c > 0 && *s > 0)
        .map(|(c, _)| *c)
        .collect();
    let pieces_used = position.own.iter().filter(|(_, s)| *s > 0).count()
        + placed.iter().filter(|c| own(**c) == 0).count();
    let playable = |steps: &[u8]| {
        let mut columns: Vec<u8> = steps.to_vec();
        columns.dedup();
        let mut new_runners = 0;
        let mut new_pieces = 0;
        for c in &columns {
            let k = steps.iter().filter(|s| *s == c).count() as u8;
            if position.won.contains(c) {
                return false;
            }
            let start = if runner(*c) > 0 {
                runner(*c)
            } else {
                new_runners += 1;
                if own(*c) == 0 {
                    new_pieces += 1;
                }
                own(*c)
            };
            if start + k > height(*c) {
                return false;
            }
        }
        placed.len() + new_runners <= 3 && pieces_used + new_pieces <= usize::from(position.pieces)
    };
    let mut expected = BTreeSet::new();
    for (i, j, k, l) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
        let x = dice[i] + dice[j];
        let y = dice[k] + dice[l];
        let (x, y) = (x.min(y), x.max(y));
        let subsets: [&[u8]; 3] = [&[x, y], &[x], &[y]];
        let best = subsets
            .iter()
            .filter(|s| playable(s))
            .map(|s| s.len())
            .max();
        for s in subsets {
            if Some(s.len()) == best && playable(s) {
                expected.insert(s.to_vec());
            }
        }
    }
    expected
}

fn state_of(position: &Position, options: Options) -> State {
    let mut state = game_with(2, options);
    for (column, space) in &position.own {
        set_piece(&mut state, 0, *column, *space);
    }
    for column in &position.won {
        set_won(&mut state, 1, *column);
    }
    for (column, space) in position.runners {
        if column > 0 {
            let index = index_of(column).unwrap();
            edit(&mut state, |s| s["runners"][index] = json!(space));
        }
    }
    check(&state);
    state
}

fn all_throws() -> impl Iterator<Item = [u8; 4]> {
    (0..1296u16).map(|n| {
        let d = |k: u16| (n / 6u16.pow(k.into()) % 6) as u8 + 1;
        [d(3), d(2), d(1), d(0)]
    })
}

/// Compares the listed choices with [`expected_choices`] for all 1296 throws; returns how many
/// throws bust.
fn exhaustive(position: &Position) -> usize {
    let options = Options {
        pieces_per_player: position.pieces,
        ..Options::default()
    };
    let start = state_of(position, options);
    let mut busts = 0;
    for dice in all_throws() {
        let mut state = start.clone();
        let events = throw(&mut state, &dice);
        let listed: Vec<Vec<u8>> = if matches!(events.get(1), Some(Event::Bust { .. })) {
            busts += 1;
            Vec::new()
        } else {
            advances(&state)
        };
        let as_set: BTreeSet<Vec<u8>> = listed.iter().cloned().collect();
        assert_eq!(
            as_set.len(),
            listed.len(),
            "{dice:?}: a choice listed twice"
        );
        assert_eq!(as_set, expected_choices(position, dice), "{dice:?}");
        for choice in listed {
            let mut copy = state.clone();
            act(&mut copy, advance(&choice));
        }
    }
    busts
}

#[test]
fn exhaustive_choices_from_the_start() {
    let position = Position {
        runners: [(0, 0); 3],
        own: vec![],
        won: vec![],
        pieces: 11,
    };
    assert_eq!(exhaustive(&position), 0);
}

#[test]
fn exhaustive_choices_with_pieces_and_won_columns() {
    let position = Position {
        runners: [(0, 0); 3],
        own: vec![(3, 4), (6, 10), (8, 2)],
        won: vec![7, 11],
        pieces: 11,
    };
    exhaustive(&position);
}

#[test]
fn exhaustive_choices_with_three_runners_placed() {
    let position = Position {
        runners: [(4, 2), (7, 13), (10, 6)],
        own: vec![(4, 1), (9, 3)],
        won: vec![12],
        pieces: 11,
    };
    exhaustive(&position);
}

#[test]
fn exhaustive_choices_with_one_runner_left() {
    let position = Position {
        runners: [(6, 3), (8, 10), (0, 0)],
        own: vec![(6, 2), (5, 8), (3, 4)],
        won: vec![2],
        pieces: 11,
    };
    exhaustive(&position);
}

#[test]
fn exhaustive_choices_with_one_runner_left_and_no_piece() {
    let position = Position {
        runners: [(7, 1), (2, 1), (0, 0)],
        own: vec![(5, 3), (9, 8)],
        won: vec![],
        pieces: 4,
    };
    exhaustive(&position);
}

/// S3/S4: with three runners placed, the throws that allow progress are those where some pair of
/// dice sums to one of the three columns.
#[test]
fn exhaustive_bust_counts_match_the_known_values() {
    let sums_hit = |columns: [u8; 3]| {
        all_throws()
            .filter(|d| (0..4).any(|i| (i + 1..4).any(|j| columns.contains(&(d[i] + d[j])))))
            .count()
    };
    // Counted independently above; S4 gives 92 % for 6-7-8 and about 44 % for 2-3-12.
    for (columns, progress) in [
        ([6, 7, 8], 1192),
        ([2, 3, 12], 568),
        ([2, 11, 12], 568),
        ([4, 6, 8], 1181),
        ([2, 7, 12], 1012),
    ] {
        assert_eq!(sums_hit(columns), progress, "{columns:?}");
        let position = Position {
            runners: columns.map(|c| (c, 1)),
            own: vec![],
            won: vec![],
            pieces: 11,
        };
        assert_eq!(exhaustive(&position), 1296 - progress, "{columns:?}");
        let mut state = state_of(&position, Options::default());
        edit(&mut state, |s| s["phase"] = json!({"type": "decide"}));
        assert_eq!(
            CantStop::view(&state, Some(0)).throws_with_progress,
            Some(progress as u16)
        );
    }
    assert_eq!((1192 * 100 + 648) / 1296, 92);
    assert_eq!((568 * 100 + 648) / 1296, 44);
}

// ---------------------------------------------------------------------------------------------
// Invariants

#[test]
fn invariants_catch_broken_states() {
    let good = game(2);
    check(&good);
    type Breaker = Box<dyn Fn(&mut State)>;
    fn runner_at(i: usize, space: u8) -> impl FnOnce(&mut Value) {
        move |s| s["runners"][i] = json!(space)
    }
    let broken: Vec<(&str, Breaker)> = vec![
        (
            "four runners",
            Box::new(|s| {
                edit(s, runner_at(0, 1));
                edit(s, runner_at(1, 1));
                edit(s, runner_at(2, 1));
                edit(s, runner_at(3, 1));
            }),
        ),
        (
            "runner past the top",
            Box::new(|s| edit(s, runner_at(0, 4))),
        ),
        (
            "piece past the top",
            Box::new(|s| edit(s, |j| j["progress"][1][0] = json!(4))),
        ),
        (
            "topped, not won",
            Box::new(|s| edit(s, |j| j["progress"][1][0] = json!(3))),
        ),
        (
            "won with no top piece",
            Box::new(|s| edit(s, |j| j["won_by"][0] = json!(1))),
        ),
        (
            "won column with another piece",
            Box::new(|s| {
                set_won(s, 1, 2);
                edit(s, |j| j["progress"][0][0] = json!(1));
            }),
        ),
        (
            "runner in a won column",
            Box::new(|s| {
                set_won(s, 1, 2);
                edit(s, runner_at(0, 1));
            }),
        ),
        (
            "runner below the piece",
            Box::new(|s| {
                edit(s, |j| j["progress"][0][5] = json!(4));
                edit(s, runner_at(5, 4));
            }),
        ),
        (
            "too many pieces",
            Box::new(|s| {
                edit(s, |j| {
                    j["options"]["pieces_per_player"] = json!(3);
                    for i in 0..4 {
                        j["progress"][0][i] = json!(1);
                    }
                });
            }),
        ),
        (
            "winner not declared",
            Box::new(|s| {
                for column in [2, 3, 12] {
                    set_won(s, 0, column);
                }
            }),
        ),
        (
            "bad dice",
            Box::new(|s| {
                edit(s, |j| {
                    j["phase"] = json!({"type": "choose", "dice": [0, 1, 2, 3]})
                })
            }),
        ),
    ];
    for (what, breaks) in broken {
        let mut state = good.clone();
        breaks(&mut state);
        assert!(CantStop::check_invariants(&state).is_err(), "{what}");
    }
}

#[test]
fn a_corrupt_stored_state_does_not_panic() {
    let mut state = game(2);
    edit(&mut state, |s| {
        let progress = s["progress"].as_array_mut().unwrap();
        progress.resize(20, json!([13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13]));
        s["current"] = json!(usize::MAX);
    });
    let _ = CantStop::view(&state, None);
    let _ = CantStop::resign(&mut state.clone(), 19, &mut Vec::new());
    let _ = CantStop::apply_chance(&mut state.clone(), &[1, 1, 1, 1], &mut Vec::new());
    edit(&mut state, |s| {
        s["progress"].as_array_mut().unwrap().truncate(2);
        s["progress"][0] = json!([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
        s["runners"] = json!([255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255]);
        s["current"] = json!(9);
        s["phase"] = json!({"type": "choose", "dice": [255, 255, 255, 255]});
    });
    let mut out = Vec::new();
    CantStop::legal_actions(&state, 9, &mut out);
    let _ = CantStop::apply(&mut state.clone(), 0, &advance(&[7]), &mut Vec::new());
    let _ = CantStop::view(&state, None);
    let _ = CantStop::check_invariants(&state);
    edit(&mut state, |s| {
        s["phase"] = json!({"type": "start_throw", "contenders": 0xff, "totals": [9, 9, 9, 9]});
    });
    let _ = CantStop::apply_chance(&mut state.clone(), &[1, 1], &mut Vec::new());
    let _ = CantStop::resign(&mut state.clone(), 1, &mut Vec::new());
    let _ = CantStop::view(&state, None);
}

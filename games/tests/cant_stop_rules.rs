//! Can't Stop through the public, JSON-speaking surface the server uses ([`AnyState`]): the
//! shapes of options, actions, events and views, and a whole scripted match from the throw for
//! the first player to the third column won, replayed from its log.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};
use tapis_games::cant_stop::{CantStop, Options, State};
use tapis_games::{AnyState, Chance, Game, GameId, Turn};

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
        self.state.apply_chance(dice).unwrap()
    }

    fn legal(&self, seat: usize) -> Vec<Value> {
        self.state.legal_actions(seat)
    }

    fn act(&mut self, seat: usize, action: Value) -> Vec<Value> {
        assert!(
            self.legal(seat).contains(&action),
            "{action} is not among {:?}",
            self.legal(seat)
        );
        self.log.push(Step::Act(seat, action.clone()));
        let events = self.state.apply(seat, &action).unwrap();
        self.state.check_invariants().unwrap();
        events
    }
}

fn advance(columns: &[u8]) -> Value {
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
    assert_eq!(game.legal(1), vec![advance(&[2, 2])]);
    let view = game.state.view(Some(1));
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
        game.act(1, advance(&[2, 2])),
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
    assert_eq!(game.legal(1), vec![advance(&[2])]);
    game.act(1, advance(&[2]));
    game.act(1, json!({"type": "roll"}));
    game.throw(&[6, 6, 6, 6]);
    game.act(1, advance(&[12, 12]));
    game.act(1, json!({"type": "roll"}));
    game.throw(&[6, 6, 6, 6]);
    game.act(1, advance(&[12]));
    let view = game.state.view(None);
    assert_eq!(view["stop_would_win"], json!([2, 12]));
    assert_eq!(view["stop_would_win_game"], false);
    game.act(1, json!({"type": "roll"}));
    // {3, 3} twice and {2, 4}: 2 is topped, 4 takes the last runner.
    game.throw(&[1, 2, 1, 2]);
    assert_eq!(game.legal(1), vec![advance(&[3, 3]), advance(&[4])]);
    game.act(1, advance(&[3, 3]));
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
        vec![advance(&[3, 7]), advance(&[4, 6]), advance(&[5, 5])]
    );
    game.act(0, advance(&[4, 6]));
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
    let view = game.state.view(Some(0));
    assert_eq!(view["players"][0]["progress"], 0);

    // Seat 1 tops column 3 and wins.
    game.throw(&[1, 2, 1, 2]);
    assert_eq!(game.legal(1), vec![advance(&[3, 3]), advance(&[4])]);
    game.act(1, advance(&[3, 3]));
    game.act(1, json!({"type": "roll"}));
    game.throw(&[1, 2, 1, 2]);
    assert_eq!(game.legal(1), vec![advance(&[3]), advance(&[4])]);
    game.act(1, advance(&[3]));
    assert_eq!(game.state.view(None)["stop_would_win_game"], true);
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
    assert!(game.state.apply(0, &json!({"type": "roll"})).is_err());

    // The log replays to the same state.
    let mut replay = AnyState::setup(GameId::CantStop, 2, &Value::Null).unwrap();
    for step in &game.log {
        match step {
            Step::Chance(values) => replay.apply_chance(values).map(drop),
            Step::Act(seat, action) => replay.apply(*seat, action).map(drop),
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
        let error = game.state.apply(0, &bad).unwrap_err();
        assert!(error.to_string().starts_with("malformed"), "{bad}: {error}");
    }
    for illegal in [advance(&[13]), advance(&[6, 8]), json!({"type": "stop"})] {
        let error = game.state.apply(0, &illegal).unwrap_err();
        assert!(
            error.to_string().starts_with("illegal"),
            "{illegal}: {error}"
        );
    }
    // Any order of the columns is read as the same choice.
    assert!(game.state.apply(0, &advance(&[7, 3])).is_ok());
}

#[test]
fn typed_and_json_states_agree() {
    let state: State = CantStop::setup(3, &Options::default()).unwrap();
    let json = serde_json::to_value(&state).unwrap();
    let any = AnyState::from_json(GameId::CantStop, &json).unwrap();
    assert_eq!(any.turn(), CantStop::turn(&state));
    assert_eq!(
        any.view(Some(2)),
        serde_json::to_value(CantStop::view(&state, Some(2))).unwrap()
    );
}

//! The contract around the rules: refusals that change nothing, the JSON forms, the view and the
//! invariants.

use serde_json::json;

use super::*;

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
    let mut any = crate::AnyState::from_json(
        GameId::FourTwoOne,
        &serde_json::to_value(&Match::started(2, Options::default(), 0).state).unwrap(),
    )
    .unwrap();
    any.apply_chance(&[3, 6, 1]).unwrap();
    assert!(
        any.legal_actions(0)
            .contains(&json!({"type": "reroll", "faces": [6, 1]}))
    );
    let events = any
        .apply(0, &json!({"type": "reroll", "faces": [1, 6]}))
        .unwrap();
    assert_eq!(
        events,
        vec![json!({"type": "rethrow_chosen", "seat": 0, "faces": [6, 1]})]
    );
    assert!(matches!(
        any.apply(0, &json!({"type": "reroll", "faces": [1, 2, 3, 4]})),
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
    // Forcing a third throw on a follower with k = 2 breaks `throws ≤ k`.
    let mut table = m.table().clone();
    if let Step::Turn { throws, .. } = &mut table.step {
        *throws = 2;
    }
    assert!(table.check().is_err());
    // Moving a token out of thin air breaks the 21 tokens.
    let mut table = m.table().clone();
    table.players[1].tokens += 1;
    assert!(table.check().is_err());
    assert!(m.table().check().is_ok());
}

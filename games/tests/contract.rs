//! What the contract promises of every game alike, through [`AnyState`]: a match is set up
//! for exactly the seat counts its game declares, and refused with the same error otherwise.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use support::SplitMix;
use tapis_games::playout::{Chooser, chance_values};
use tapis_games::{AnyAction, AnyEvent, AnyState, AnyView, Chance, GameId, SetupError, Turn};

#[test]
fn every_game_sets_up_exactly_its_declared_seat_counts() {
    for game in GameId::ALL {
        let (min, max) = (game.min_seats(), game.max_seats());
        assert!(1 <= min && min <= max, "{game}: {min} to {max} seats");
        for seats in 0..=max + 2 {
            match AnyState::setup(game, seats, &Value::Null) {
                Ok(state) => {
                    assert!((min..=max).contains(&seats), "{game} set up for {seats}");
                    assert_ne!(
                        state.turn(),
                        Turn::Over,
                        "{game} for {seats} is over at once"
                    );
                    state.check_invariants().unwrap();
                }
                Err(error) => assert_eq!(
                    error,
                    SetupError::SeatCount {
                        game: game.as_str(),
                        seats,
                        min,
                        max
                    },
                    "{game} refused {seats} seats"
                ),
            }
        }
    }
}

/// A game declares chance exactly when its matches meet chance steps: random matches of a game
/// with chance meet one, and Linja's never do; and it throws dice exactly when each of its
/// chance steps is a throw of dice.
#[test]
fn every_game_declares_whether_it_has_chance() {
    for game in GameId::ALL {
        let mut met_chance = false;
        let mut met_dice = false;
        let mut met_draw = false;
        for seed in 0..20 {
            let mut state = AnyState::setup(game, game.min_seats().max(2), &Value::Null).unwrap();
            let mut rng = SplitMix(seed);
            let mut values = Vec::new();
            for _ in 0..400 {
                match state.turn() {
                    Turn::Over => break,
                    Turn::Chance { chance } => {
                        met_chance = true;
                        match chance {
                            Chance::Dice { .. } => met_dice = true,
                            Chance::Draw { .. } => met_draw = true,
                        }
                        chance_values(&chance, &mut rng, &mut values);
                        state.apply_chance(&values).unwrap();
                    }
                    Turn::Seat { seat } => {
                        let legal = state.legal_actions(seat);
                        let pick = rng.choose(legal.len());
                        state.apply(seat, &legal[pick]).unwrap();
                    }
                }
            }
        }
        assert_eq!(met_chance, game.has_chance(), "{game}");
        assert_eq!(met_dice, game.throws_dice(), "{game}");
        assert!(!(met_dice && met_draw), "{game} both throws and draws");
    }
}

/// The typed values of any game write the game's own JSON and read back from it unchanged,
/// so the API and the stored turn logs see exactly what the games serialise; an action of
/// another game is refused, not applied.
#[test]
fn typed_values_of_every_game_round_trip_through_their_json() {
    for game in GameId::ALL {
        let mut state = AnyState::setup(game, game.min_seats().max(2), &Value::Null).unwrap();
        let mut rng = SplitMix(7);
        let mut values = Vec::new();
        for _ in 0..200 {
            let view = state.view(None);
            let json = serde_json::to_value(&view).unwrap();
            assert_eq!(AnyView::from_json(game, json).unwrap(), view, "{game}");
            assert_eq!(view.game(), game);
            let events = match state.turn() {
                Turn::Over => break,
                Turn::Chance { chance } => {
                    chance_values(&chance, &mut rng, &mut values);
                    state.apply_chance(&values).unwrap()
                }
                Turn::Seat { seat } => {
                    let legal = state.legal_actions(seat);
                    for action in &legal {
                        let json = serde_json::to_value(action).unwrap();
                        assert_eq!(&AnyAction::from_json(game, json).unwrap(), action);
                    }
                    let pick = legal[rng.choose(legal.len())].clone();
                    state.apply(seat, &pick).unwrap()
                }
            };
            for event in events {
                let json = serde_json::to_value(&event).unwrap();
                assert_eq!(AnyEvent::from_json(game, json).unwrap(), event, "{game}");
            }
        }
    }
    let mut yams = AnyState::setup(GameId::Yams, 2, &Value::Null).unwrap();
    yams.apply_chance(&[1, 2, 3, 4, 5]).unwrap();
    let linja = AnyState::setup(GameId::Linja, 2, &Value::Null).unwrap();
    let Turn::Seat { seat } = linja.turn() else {
        panic!("Linja starts with a seat to play");
    };
    let other = linja.legal_actions(seat).remove(0);
    let before = yams.clone();
    assert!(matches!(
        yams.apply(0, &other),
        Err(tapis_games::ActionError::Malformed(_))
    ));
    assert_eq!(yams, before);
}

#[test]
fn every_game_says_which_seats_have_left() {
    for game in GameId::ALL {
        let seats = game.max_seats().min(4);
        let mut state = AnyState::setup(game, seats, &game.default_options()).unwrap();
        assert!((0..seats).all(|seat| !state.has_left(seat)), "{game:?}");
        state.resign(0).unwrap();
        assert!(state.has_left(0), "{game:?}");
        assert!((1..seats).all(|seat| !state.has_left(seat)), "{game:?}");
        // A seat that does not exist never sat, so never left.
        assert!(!state.has_left(seats), "{game:?}");
    }
}

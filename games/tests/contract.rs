//! What the contract promises of every game alike, through [`AnyState`]: a match is set up
//! for exactly the seat counts its game declares, and refused with the same error otherwise.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use support::SplitMix;
use tapis_games::playout::{Chooser, chance_values};
use tapis_games::{AnyState, GameId, SetupError, Turn};

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
/// with chance meet one, and Linja's never do.
#[test]
fn every_game_declares_whether_it_has_chance() {
    for game in GameId::ALL {
        let mut met_chance = false;
        for seed in 0..20 {
            let mut state = AnyState::setup(game, game.min_seats().max(2), &Value::Null).unwrap();
            let mut rng = SplitMix(seed);
            let mut values = Vec::new();
            for _ in 0..400 {
                match state.turn() {
                    Turn::Over => break,
                    Turn::Chance { chance } => {
                        met_chance = true;
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
    }
}

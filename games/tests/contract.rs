//! What the contract promises of every game alike, through [`AnyState`]: a match is set up
//! for exactly the seat counts its game declares, and refused with the same error otherwise.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value;
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

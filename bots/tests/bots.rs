//! Every game and every bot: legal, replayable decisions over random positions, and decisions
//! that do not depend on the dice still to come.

// The helpers that build positions are test code too.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use tapis_bots::search::RngChooser;
use tapis_bots::{BotKind, BotRng, Budget, Level, decide, decide_as};
use tapis_games::playout::chance_values;
use tapis_games::{AnyState, GameId, Seat, Turn};

/// Small budgets keep the tests fast; the code paths are those of the default budgets.
fn small(level: Level) -> Budget {
    Budget {
        iterations: match level {
            Level::Easy => 20,
            Level::Medium => 40,
            Level::Strong => 80,
        },
    }
}

/// Plays `steps` random steps (actions and chance) from a new match; returns the state and the
/// seat to act, or `None` if the game ended first.
fn random_position(
    game: GameId,
    seats: usize,
    steps: usize,
    seed: u64,
) -> Option<(AnyState, Seat)> {
    let mut state = AnyState::setup(game, seats, &game.default_options()).unwrap();
    let mut rng = BotRng::seed_from_u64(seed);
    let mut values = Vec::new();
    let mut taken = 0;
    loop {
        match state.turn() {
            Turn::Over => return None,
            Turn::Chance { chance } => {
                chance_values(&chance, &mut RngChooser(&mut rng), &mut values);
                state.apply_chance(&values).unwrap();
            }
            Turn::Seat { seat } => {
                if taken >= steps {
                    return Some((state, seat));
                }
                let legal = state.legal_actions(seat);
                let pick = rng.random_range(0..legal.len());
                state.apply(seat, &legal[pick]).unwrap();
                taken += 1;
            }
        }
    }
}

fn seats_for(game: GameId, pick: usize) -> usize {
    game.min_seats().max(2).min(game.max_seats()) + pick % 2 * usize::from(game.max_seats() > 2)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// For every game and level, over random positions: one of the legal actions, and the same
    /// one again for the same seed.
    #[test]
    fn every_level_plays_a_legal_action_replayably(
        steps in 0usize..120,
        seed in any::<u64>(),
        bot_seed in any::<u64>(),
        pick in 0usize..2,
    ) {
        for game in GameId::ALL {
            let seats = seats_for(game, pick);
            let Some((state, seat)) = random_position(game, seats, steps, seed) else {
                continue;
            };
            let legal = state.legal_actions(seat);
            for level in Level::ALL {
                let action = decide(&state, seat, level, small(level), bot_seed).unwrap();
                prop_assert!(legal.contains(&action), "{game} {level}: {action:?} is not legal");
                let again = decide(&state, seat, level, small(level), bot_seed).unwrap();
                prop_assert_eq!(&action, &again, "{} {}: not replayable", game, level);
            }
            for kind in [BotKind::Random, BotKind::Greedy] {
                let action = decide_as(&state, seat, kind, kind.default_budget(), bot_seed).unwrap();
                prop_assert!(legal.contains(&action));
            }
        }
    }
}

#[test]
fn the_game_specific_baselines_play_legal_actions() {
    for (game, kind) in [
        (GameId::CantStop, BotKind::Rule28),
        (GameId::FiveThousand, BotKind::Threshold(300)),
        (GameId::Yams, BotKind::Frequent),
    ] {
        for seed in 0..40 {
            let Some((state, seat)) = random_position(game, 2, (seed * 7 % 60) as usize, seed)
            else {
                continue;
            };
            let action = decide_as(&state, seat, kind, kind.default_budget(), seed).unwrap();
            assert!(
                state.legal_actions(seat).contains(&action),
                "{game} {kind:?}"
            );
        }
        // A baseline of another game is refused, not played.
        let state = AnyState::setup(GameId::Linja, 2, &GameId::Linja.default_options()).unwrap();
        assert!(decide_as(&state, 0, kind, kind.default_budget(), 1).is_err());
    }
}

#[test]
fn a_bot_refuses_to_act_out_of_turn() {
    let (state, seat) = random_position(GameId::Linja, 2, 3, 9).unwrap();
    assert!(decide(&state, 1 - seat, Level::Easy, small(Level::Easy), 1).is_err());
}

/// The bot cannot see the future. Structurally, no state holds a dice seed and `decide` takes
/// none; this shows it on play. A position is continued as two matches whose generators throw
/// different dice: the bot, deciding in each match from the stored position (its JSON, read
/// back as the server reads it), makes the same decision in both, although the dice that follow
/// it differ.
#[test]
fn decisions_do_not_depend_on_the_dice_to_come() {
    for game in [
        GameId::Yams,
        GameId::CantStop,
        GameId::FiveThousand,
        GameId::FourTwoOne,
        GameId::Linotte,
        GameId::YamMaster,
        GameId::MakeFive,
    ] {
        let mut futures_differ = 0;
        for seed in 0..6u64 {
            let Some((state, seat)) = random_position(game, 2, 10 + seed as usize * 5, seed) else {
                continue;
            };
            for level in Level::ALL {
                let mut decisions = Vec::new();
                let mut futures = Vec::new();
                for match_seed in [1_000 + seed, 2_000 + seed] {
                    // Each match stores the position and reads it back, as the server does.
                    let mut stored = AnyState::from_json(game, &state.to_json()).unwrap();
                    let action = decide(&stored, seat, level, small(level), 77).unwrap();
                    stored.apply(seat, &action).unwrap();
                    // Then the match throws its own dice (or the bot acts again, dice later).
                    let mut dice = BotRng::seed_from_u64(match_seed);
                    let mut values = Vec::new();
                    while let Turn::Chance { chance } = stored.turn() {
                        chance_values(&chance, &mut RngChooser(&mut dice), &mut values);
                        stored.apply_chance(&values).unwrap();
                    }
                    decisions.push(action);
                    futures.push(stored.to_json());
                }
                assert_eq!(decisions[0], decisions[1], "{game} {level}");
                futures_differ += usize::from(futures[0] != futures[1]);
            }
        }
        assert!(
            futures_differ > 0,
            "{game}: the two matches never threw different dice"
        );
    }
}

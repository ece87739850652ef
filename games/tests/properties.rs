//! Property tests over random full games of every game, with a spread of option sets.
//!
//! For every reachable state: the invariants hold; state, view, actions and events survive a
//! JSON round trip; every listed legal action is accepted; actions outside the list, actions of
//! other seats and impossible chance values are refused without changing the state. Every game
//! ends within a bound with a full ranking, and replaying the recorded steps gives the same
//! final state.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use support::SplitMix;
use tapis_games::playout::{Chooser, chance_values};
use tapis_games::read_options::option_variants;
use tapis_games::{ActionError, Chance, Game, Seat, Turn};

/// A recorded step, for replays.
#[derive(Debug, Clone)]
enum Step<A> {
    Act(Seat, A),
    Chance(Vec<u8>),
    Resign(Seat),
}

const MAX_STEPS: usize = 200_000;
const POOL: usize = 64;
const CHECKED_ACTIONS: usize = 12;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(
    what: &str,
    value: &T,
) -> Result<(), TestCaseError> {
    let json = serde_json::to_string(value)
        .map_err(|e| TestCaseError::fail(format!("{what} does not serialize: {e}")))?;
    let back: T = serde_json::from_str(&json)
        .map_err(|e| TestCaseError::fail(format!("{what} does not deserialize: {e}\n{json}")))?;
    prop_assert_eq!(
        &back,
        value,
        "{} changed in a JSON round trip: {}",
        what,
        json
    );
    Ok(())
}

fn refused_unchanged<G: Game>(
    state: &G::State,
    what: &str,
    attempt: impl FnOnce(&mut G::State, &mut Vec<G::Event>) -> Result<(), ActionError>,
) -> Result<(), TestCaseError> {
    let mut copy = state.clone();
    let mut events = Vec::new();
    let result = attempt(&mut copy, &mut events);
    prop_assert!(result.is_err(), "{} was accepted", what);
    prop_assert_eq!(&copy, state, "{} changed the state when refused", what);
    prop_assert!(events.is_empty(), "{} produced events when refused", what);
    Ok(())
}

fn check_state<G: Game>(state: &G::State, seats: usize) -> Result<(), TestCaseError> {
    G::check_invariants(state).map_err(TestCaseError::fail)?;
    round_trip("state", state)?;
    round_trip("spectator view", &G::view(state, None))?;
    for seat in 0..seats {
        round_trip("seat view", &G::view(state, Some(seat)))?;
    }
    Ok(())
}

fn random_game<G: Game>(
    seed: u64,
    options: &G::Options,
    seats: usize,
    resign_per_mille: usize,
) -> Result<(), TestCaseError> {
    let mut rng = SplitMix(seed);
    let initial = G::setup(seats, options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut state = initial.clone();
    let mut log: Vec<Step<G::Action>> = Vec::new();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut actions = Vec::new();
    let mut values = Vec::new();
    let mut finished = false;

    for _ in 0..MAX_STEPS {
        check_state::<G>(&state, seats)?;
        let turn = G::turn(&state);
        round_trip("turn", &turn)?;

        // Nobody may act out of turn, whatever the step.
        for seat in 0..seats {
            if turn == (Turn::Seat { seat }) {
                continue;
            }
            actions.clear();
            G::legal_actions(&state, seat, &mut actions);
            prop_assert!(actions.is_empty(), "seat {} has actions out of turn", seat);
            if let Some(action) = pool.first() {
                refused_unchanged::<G>(&state, "an action out of turn", |s, e| {
                    G::apply(s, seat, action, e)
                })?;
            }
        }
        refused_unchanged::<G>(&state, "a seat that does not exist", |s, e| {
            match pool.first() {
                Some(action) => G::apply(s, seats, action, e),
                None => G::resign(s, seats, e),
            }
        })?;

        match turn {
            Turn::Over => {
                finished = true;
                break;
            }
            Turn::Chance { chance } => {
                prop_assert!(G::outcome(&state).is_none(), "an outcome before the end");
                let bad: Vec<Vec<u8>> = match chance {
                    Chance::Dice { count } => vec![
                        vec![0; usize::from(count)],
                        vec![7; usize::from(count)],
                        vec![1; usize::from(count) + 1],
                    ],
                    Chance::Draw { counts } => {
                        let mut bad = vec![vec![], vec![0, 0]];
                        if let Some(empty) = counts.iter().position(|c| *c == 0) {
                            bad.push(vec![empty as u8]);
                        }
                        bad
                    }
                };
                for values in bad {
                    refused_unchanged::<G>(&state, "impossible chance values", |s, e| {
                        G::apply_chance(s, &values, e)
                    })?;
                }
                chance_values(&chance, &mut rng, &mut values);
                let mut events = Vec::new();
                G::apply_chance(&mut state, &values, &mut events)
                    .map_err(|e| TestCaseError::fail(format!("chance refused: {e}")))?;
                round_trip("events", &events)?;
                log.push(Step::Chance(values.clone()));
            }
            Turn::Seat { seat } => {
                prop_assert!(G::outcome(&state).is_none(), "an outcome before the end");
                refused_unchanged::<G>(&state, "chance values on a seat's turn", |s, e| {
                    G::apply_chance(s, &[1], e)
                })?;
                actions.clear();
                G::legal_actions(&state, seat, &mut actions);
                prop_assert!(
                    !actions.is_empty(),
                    "seat {} must act but has no action",
                    seat
                );
                for (i, a) in actions.iter().enumerate() {
                    round_trip("action", a)?;
                    prop_assert!(!actions[..i].contains(a), "action listed twice: {:?}", a);
                }
                // Every listed action is accepted (a sample when there are many).
                let step = actions.len().div_ceil(CHECKED_ACTIONS);
                for action in actions.iter().step_by(step) {
                    let mut copy = state.clone();
                    let mut events = Vec::new();
                    G::apply(&mut copy, seat, action, &mut events).map_err(|e| {
                        TestCaseError::fail(format!("listed action {action:?} refused: {e}"))
                    })?;
                    round_trip("events", &events)?;
                }
                // Actions seen elsewhere but not listed now are refused.
                for action in pool.iter().filter(|a| !actions.contains(a)).take(8) {
                    refused_unchanged::<G>(&state, "an unlisted action", |s, e| {
                        G::apply(s, seat, action, e)
                    })?;
                }
                for a in &actions {
                    if pool.len() < POOL && !pool.contains(a) {
                        pool.push(a.clone());
                    }
                }

                if resign_per_mille > 0 && rng.choose(1000) < resign_per_mille {
                    let leaver = rng.choose(seats);
                    let mut events = Vec::new();
                    let before = state.clone();
                    match G::resign(&mut state, leaver, &mut events) {
                        Ok(()) => log.push(Step::Resign(leaver)),
                        Err(_) => {
                            prop_assert_eq!(&state, &before, "refused resignation changed state")
                        }
                    }
                    continue;
                }
                let action = actions[rng.choose(actions.len())].clone();
                let mut events = Vec::new();
                G::apply(&mut state, seat, &action, &mut events)
                    .map_err(|e| TestCaseError::fail(format!("action refused: {e}")))?;
                log.push(Step::Act(seat, action));
            }
        }
    }
    prop_assert!(finished, "the game did not end within {} steps", MAX_STEPS);

    // A finished game has a full ranking and refuses everything.
    let outcome = G::outcome(&state).ok_or_else(|| TestCaseError::fail("no outcome at the end"))?;
    round_trip("outcome", &outcome)?;
    let mut seen: Vec<Seat> = outcome.ranking.iter().map(|p| p.seat).collect();
    seen.sort_unstable();
    prop_assert_eq!(
        seen,
        (0..seats).collect::<Vec<_>>(),
        "ranking must hold every seat once"
    );
    for pair in outcome.ranking.windows(2) {
        prop_assert!(pair[0].rank <= pair[1].rank, "ranking not sorted");
    }
    prop_assert_eq!(outcome.ranking[0].rank, 1, "nobody ranked first");
    for (i, placing) in outcome.ranking.iter().enumerate() {
        let tied_above = i > 0 && outcome.ranking[i - 1].rank == placing.rank;
        prop_assert!(
            tied_above || placing.rank == i + 1,
            "ranks must skip after ties"
        );
    }
    if let Some(action) = pool.first() {
        refused_unchanged::<G>(&state, "an action after the end", |s, e| {
            G::apply(s, 0, action, e)
        })?;
    }
    refused_unchanged::<G>(&state, "a resignation after the end", |s, e| {
        G::resign(s, 0, e)
    })?;

    // Replaying the same steps from the same start gives the same state.
    let mut replay = initial;
    let mut events = Vec::new();
    for step in &log {
        let result = match step {
            Step::Act(seat, action) => G::apply(&mut replay, *seat, action, &mut events),
            Step::Chance(values) => G::apply_chance(&mut replay, values, &mut events),
            Step::Resign(seat) => G::resign(&mut replay, *seat, &mut events),
        };
        result.map_err(|e| TestCaseError::fail(format!("replay refused {step:?}: {e}")))?;
    }
    prop_assert_eq!(&replay, &state, "the replay differs");
    Ok(())
}

/// Runs `cases` random games for each option variant and seat count of `G`.
fn check_game<G: Game>(cases: u32) {
    let variants = option_variants::<G>();
    let seat_counts: Vec<usize> = [G::MIN_SEATS, 2, 3, G::MAX_SEATS]
        .into_iter()
        .filter(|n| (G::MIN_SEATS..=G::MAX_SEATS).contains(n))
        .collect();
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(
        seed in any::<u64>(),
        variant in 0..variants.len(),
        seats in proptest::sample::select(seat_counts.clone()),
        resign in prop_oneof![Just(0usize), Just(2usize), Just(20usize)],
    )| {
        random_game::<G>(seed, &variants[variant], seats, resign)?;
    });
}

macro_rules! game_properties {
    ($($name:ident => $game:ty, $cases:expr;)*) => {
        $(
            #[test]
            fn $name() {
                check_game::<$game>($cases);
            }
        )*
    };
}

game_properties! {
    yams_random_games => tapis_games::yams::Yams, 48;
    five_thousand_random_games => tapis_games::five_thousand::FiveThousand, 64;
    four_two_one_random_games => tapis_games::four_two_one::FourTwoOne, 64;
    cant_stop_random_games => tapis_games::cant_stop::CantStop, 64;
    linotte_random_games => tapis_games::linotte::Linotte, 64;
    yam_master_random_games => tapis_games::linotte::YamMaster, 64;
    linja_random_games => tapis_games::linja::Linja, 64;
    make_five_random_games => tapis_games::make_five::MakeFive, 32;
}

/// Every game's options: the specs and the defaults agree, and bad options are refused by name.
#[test]
fn option_specs_match_the_defaults() {
    for game in tapis_games::GameId::ALL {
        let defaults = game.default_options();
        let specs = game.option_specs();
        let object = defaults.as_object().expect("options are an object");
        let mut names: Vec<&str> = specs.iter().map(|s| s.name).collect();
        let mut fields: Vec<&str> = object.keys().map(String::as_str).collect();
        names.sort_unstable();
        fields.sort_unstable();
        assert_eq!(names, fields, "{game}: specs and Options fields differ");
        for spec in &specs {
            assert_eq!(
                object[spec.name], spec.default,
                "{game}: default of {}",
                spec.name
            );
            spec.check(&spec.default).expect("default is allowed");
        }
        let bad = serde_json::json!({"no_such_option": true});
        let error = game
            .normalize_options(&bad)
            .expect_err("unknown option refused");
        assert!(
            error.to_string().contains("no_such_option"),
            "{game}: {error}"
        );
        assert!(game.are_default_options(&serde_json::Value::Null));
        assert!(game.are_default_options(&serde_json::json!({})));
    }
}

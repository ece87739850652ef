//! Exhaustive checks of 5000's throws through the public contract, against an independent
//! brute-force reading of the rules file, plus the JSON face the server uses.
//!
//! For every throw of 1 to 5 dice (every ordered throw for the zero-throw counts, every multiset
//! for the keeps) the game must say exactly what the brute force says: whether it is a zero
//! throw (or five 1s), and the exact list of distinct legal keeps with their points. The brute
//! force knows nothing of the implementation: it enumerates the subsets of the thrown dice and
//! values each by trying every split into the groups of the rules file's table (§1.2).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

use serde_json::json;
use tapis_games::five_thousand::{Action, Event, FiveThousand, Options, State};
use tapis_games::{ActionError, AnyState, Chance, Game, GameId, Turn};

/// The scoring groups of the points table (§1.2, rule 3 and option `extra_multiples`), as
/// (sorted dice, points). Five 1s are left out: they win the game rather than score.
fn groups(options: &Options) -> Vec<(Vec<u8>, u32)> {
    let mut groups = vec![(vec![1], 100), (vec![5], 50)];
    for face in 1..=6u8 {
        let brelan = if face == 1 {
            1000
        } else {
            100 * u32::from(face)
        };
        groups.push((vec![face; 3], brelan));
        if options.extra_multiples {
            groups.push((vec![face; 4], 2 * brelan));
            if face != 1 {
                groups.push((vec![face; 5], 4 * brelan));
            }
        }
    }
    groups.push((vec![1, 2, 3, 4, 5], options.straight_value));
    groups.push((vec![2, 3, 4, 5, 6], options.straight_value));
    groups.push((vec![5; 5], 5000));
    groups
}

/// Removes the dice of `group` from the sorted `dice`, if they are all there.
fn without(dice: &[u8], group: &[u8]) -> Option<Vec<u8>> {
    let mut rest = dice.to_vec();
    for die in group {
        let at = rest.iter().position(|d| d == die)?;
        rest.remove(at);
    }
    Some(rest)
}

/// The best value of a split of all of `dice` into groups, if there is one.
fn best_split(dice: &[u8], groups: &[(Vec<u8>, u32)]) -> Option<u32> {
    let Some(first) = dice.first() else {
        return Some(0);
    };
    groups
        .iter()
        .filter(|(group, _)| group.contains(first))
        .filter_map(|(group, points)| {
            let rest = without(dice, group)?;
            Some(points + best_split(&rest, groups)?)
        })
        .max()
}

/// What the rules file says of a throw.
#[derive(Debug, PartialEq)]
enum Expected {
    FiveOnes,
    ZeroThrow,
    /// The distinct legal keeps (sorted dice) and their points.
    Keeps(BTreeMap<Vec<u8>, u32>),
}

fn expected(throw: &[u8], options: &Options) -> Expected {
    let mut sorted = throw.to_vec();
    sorted.sort_unstable();
    if sorted == [1; 5] {
        return Expected::FiveOnes;
    }
    let groups = groups(options);
    // A zero throw holds no group at all (rule 6).
    if groups
        .iter()
        .all(|(group, _)| without(&sorted, group).is_none())
    {
        return Expected::ZeroThrow;
    }
    let mut subsets = BTreeSet::new();
    for mask in 1u32..(1 << sorted.len()) {
        let subset: Vec<u8> = (0..sorted.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| sorted[i])
            .collect();
        subsets.insert(subset);
    }
    Expected::Keeps(
        subsets
            .into_iter()
            .filter_map(|kept| best_split(&kept, &groups).map(|points| (kept, points)))
            .collect(),
    )
}

/// A match of two where seat 0 is about to throw `dice` dice, reached by scripted play: a first
/// throw from which an unopened player keeps `5 - dice` dice worth less than 750, so that the
/// rest must be thrown again.
fn about_to_throw(dice: u8, options: &Options) -> State {
    let mut state = FiveThousand::setup(2, options).unwrap();
    let script: Option<([u8; 5], &[u8])> = match dice {
        5 => None,
        4 => Some(([1, 2, 3, 4, 6], &[1])),
        3 => Some(([1, 1, 2, 3, 4], &[1, 1])),
        2 => Some(([1, 1, 5, 2, 3], &[1, 1, 5])),
        1 => Some(([1, 1, 5, 5, 2], &[1, 1, 5, 5])),
        _ => unreachable!(),
    };
    if let Some((throw, kept)) = script {
        let mut events = Vec::new();
        FiveThousand::apply_chance(&mut state, &throw, &mut events).unwrap();
        let action: Action = serde_json::from_value(json!({"type": "keep", "dice": kept})).unwrap();
        FiveThousand::apply(&mut state, 0, &action, &mut events).unwrap();
    }
    assert_eq!(
        FiveThousand::turn(&state),
        Turn::Chance {
            chance: Chance::Dice { count: dice }
        }
    );
    state
}

/// What the game says of a throw, through `apply_chance`, `legal_actions` and `view`.
fn observed(start: &State, throw: &[u8]) -> Expected {
    let mut state = start.clone();
    let mut events = Vec::new();
    FiveThousand::apply_chance(&mut state, throw, &mut events).unwrap();
    FiveThousand::check_invariants(&state).unwrap();
    if events.contains(&Event::FiveOnes { seat: 0 }) {
        assert_eq!(FiveThousand::turn(&state), Turn::Over);
        return Expected::FiveOnes;
    }
    if let Some(Event::ZeroThrow { ballot, .. }) = events.get(1) {
        assert_eq!(
            *ballot,
            throw.len() == 5,
            "a ballot is a zero throw of five dice"
        );
        assert_eq!(events.last(), Some(&Event::TurnStarted { seat: 1 }));
        return Expected::ZeroThrow;
    }
    assert_eq!(FiveThousand::turn(&state), Turn::Seat { seat: 0 });
    let mut actions = Vec::new();
    FiveThousand::legal_actions(&state, 0, &mut actions);
    let view = FiveThousand::view(&state, Some(0));
    assert_eq!(view.keep_choices.len(), actions.len());
    let mut keeps = BTreeMap::new();
    for action in &actions {
        let Action::Keep { dice } = action else {
            panic!("{action:?} offered before any keep");
        };
        let choice = view
            .keep_choices
            .iter()
            .find(|c| c.dice == *dice)
            .expect("every keep is in the view");
        // Keeping it really scores what the view says.
        let mut after = state.clone();
        let mut events = Vec::new();
        FiveThousand::apply(&mut after, 0, action, &mut events).unwrap();
        FiveThousand::check_invariants(&after).unwrap();
        let Some(Event::Kept { points, .. }) = events.first() else {
            panic!("no kept event: {events:?}");
        };
        assert_eq!(*points, choice.points);
        let previous = keeps.insert(dice.iter().collect::<Vec<u8>>(), choice.points);
        assert!(previous.is_none(), "{dice:?} listed twice");
    }
    Expected::Keeps(keeps)
}

/// Every sorted throw (multiset) of `n` dice.
fn multisets(n: usize) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for shorter in multisets(n - 1) {
        let from = shorter.last().copied().unwrap_or(1);
        for face in from..=6 {
            let mut throw = shorter.clone();
            throw.push(face);
            out.push(throw);
        }
    }
    out
}

/// Every ordered throw of `n` dice.
fn sequences(n: usize) -> Vec<Vec<u8>> {
    (0..6usize.pow(n as u32))
        .map(|mut code| {
            (0..n)
                .map(|_| {
                    let face = (code % 6) as u8 + 1;
                    code /= 6;
                    face
                })
                .collect()
        })
        .collect()
}

fn option_sets() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            extra_multiples: true,
            ..Options::default()
        },
        Options {
            straight_value: 750,
            ..Options::default()
        },
    ]
}

#[test]
fn every_throw_of_one_to_five_dice_offers_exactly_the_keeps_of_the_brute_force() {
    for options in option_sets() {
        let mut checked = 0;
        for n in 1..=5u8 {
            let start = about_to_throw(n, &options);
            for throw in multisets(usize::from(n)) {
                assert_eq!(
                    observed(&start, &throw),
                    expected(&throw, &options),
                    "throw {throw:?} with {options:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 6 + 21 + 56 + 126 + 252);
    }
}

#[test]
fn every_ordered_throw_is_a_zero_throw_exactly_when_the_brute_force_says_so() {
    // S6 (farkle.games/farkle-odds) counts the non-scoring throws of 1 to 5 dice: 4 of 6,
    // 16 of 36, 60 of 216, 204 of 1296 and 600 of 7776.
    let zero_counts = [4, 16, 60, 204, 600];
    let options = Options::default();
    for (n, want) in (1..=5u8).zip(zero_counts) {
        let start = about_to_throw(n, &options);
        let mut zero = 0;
        for throw in sequences(usize::from(n)) {
            let mut state = start.clone();
            let mut events = Vec::new();
            FiveThousand::apply_chance(&mut state, &throw, &mut events).unwrap();
            let is_zero = matches!(events.get(1), Some(Event::ZeroThrow { .. }));
            assert_eq!(
                is_zero,
                expected(&throw, &options) == Expected::ZeroThrow,
                "{throw:?}"
            );
            zero += usize::from(is_zero);
        }
        assert_eq!(zero, want, "zero throws of {n} dice");
    }
}

#[test]
fn eleven_keeps_out_of_one_one_one_five_five_by_the_brute_force_too() {
    let Expected::Keeps(keeps) = expected(&[1, 1, 1, 5, 5], &Options::default()) else {
        panic!("not a scoring throw");
    };
    assert_eq!(keeps.len(), 11);
    assert_eq!(keeps[&vec![1, 1, 1]], 1000);
    assert_eq!(keeps[&vec![1, 1, 1, 5, 5]], 1100);
}

#[test]
fn the_server_plays_5000_through_json() {
    let options = GameId::FiveThousand
        .normalize_options(&json!({"straight_value": 750}))
        .unwrap();
    assert_eq!(options["target"], 5000);
    assert!(!GameId::FiveThousand.are_default_options(&options));
    let mut game = AnyState::setup(GameId::FiveThousand, 2, &options).unwrap();
    assert_eq!(
        serde_json::to_value(game.turn()).unwrap(),
        json!({"type": "chance", "chance": {"type": "dice", "count": 5}})
    );
    let events = game.apply_chance(&[1, 5, 1, 5, 1]).unwrap();
    assert_eq!(
        events,
        vec![json!({"type": "dice_thrown", "seat": 0, "dice": [1, 5, 1, 5, 1], "throw": 1})]
    );
    let legal = game.legal_actions(0);
    assert_eq!(legal.len(), 11);
    assert!(legal.contains(&json!({"type": "keep", "dice": [1, 1, 1, 5]})));
    // Faces may be posted in any order; the event names them sorted.
    let events = game
        .apply(0, &json!({"type": "keep", "dice": [5, 1, 1, 1]}))
        .unwrap();
    assert_eq!(
        events,
        vec![
            json!({"type": "kept", "seat": 0, "dice": [1, 1, 1, 5], "points": 1050, "turn_total": 1050})
        ]
    );
    assert_eq!(
        game.legal_actions(0),
        vec![json!({"type": "bank"}), json!({"type": "rethrow"})]
    );
    assert!(matches!(
        game.apply(0, &json!({"type": "keep", "dice": [9]})),
        Err(ActionError::Malformed(_))
    ));
    let view = game.view(Some(1));
    assert_eq!(view["turn_total"], 1050);
    assert_eq!(
        view["bank"],
        json!({"type": "banked", "counted": 1050, "score": 1050, "reaches_target": false})
    );
    let events = game.apply(0, &json!({"type": "bank"})).unwrap();
    assert_eq!(
        events,
        vec![
            json!({"type": "banked", "seat": 0, "points": 1050, "counted": 1050, "score": 1050, "opened": true}),
            json!({"type": "turn_started", "seat": 1}),
        ]
    );
    let events = game.resign(1).unwrap();
    assert_eq!(
        events[1],
        json!({"type": "game_over", "winner": 0, "reason": "resignation"})
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, "resignation");
    let stored = game.to_json();
    let back = AnyState::from_json(GameId::FiveThousand, &stored).unwrap();
    assert_eq!(back, game);
}

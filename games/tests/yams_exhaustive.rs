//! Exhaustive checks of Yams scoring and rerolls: every ordered throw of five dice (7776) and
//! every multiset of five dice (252), against every box under every option that changes a
//! score, with the expected values computed here by a direct, independent reading of the rules
//! file (counting faces by filtering, comparing sorted dice to the straights), and cross-checked
//! against published counts of throw patterns.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use serde_json::json;
use tapis_games::read_options::{option_variants, parse_options};
use tapis_games::yams::{Action, BonusRule, BoxId, BrelanValue, Dice, Event, Options, State, Yams};
use tapis_games::{Chance, Game, Turn};

/// Every ordered throw of five dice, in lexicographic order.
fn ordered_throws() -> Vec<[u8; 5]> {
    let mut throws = Vec::with_capacity(7776);
    for n in 0..7776u32 {
        let mut throw = [0u8; 5];
        let mut rest = n;
        for die in throw.iter_mut().rev() {
            *die = (rest % 6) as u8 + 1;
            rest /= 6;
        }
        throws.push(throw);
    }
    throws
}

/// Every multiset of five dice, as a non-decreasing throw.
fn multisets() -> Vec<[u8; 5]> {
    ordered_throws()
        .into_iter()
        .filter(|t| t.windows(2).all(|w| w[0] <= w[1]))
        .collect()
}

fn count(throw: &[u8; 5], face: u8) -> u8 {
    throw.iter().filter(|d| **d == face).count() as u8
}

/// The rules file, read directly: `Some(points)` when the dice meet the box's condition.
fn expected(which: BoxId, throw: &[u8; 5], options: &Options) -> Option<u8> {
    let sum: u8 = throw.iter().sum();
    let mut sorted = *throw;
    sorted.sort_unstable();
    let faces = 1..=6u8;
    let all_equal = throw.iter().all(|d| *d == throw[0]);
    match which {
        BoxId::Un | BoxId::Deux | BoxId::Trois | BoxId::Quatre | BoxId::Cinq | BoxId::Six => {
            let face = BoxId::UPPER.iter().position(|b| *b == which).unwrap() as u8 + 1;
            Some(count(throw, face) * face)
        }
        BoxId::DoublePaire => {
            // Two different faces each shown by at least two dice: the four paired dice.
            let mut found = None;
            for a in 1..=6 {
                for b in a + 1..=6 {
                    if count(throw, a) >= 2 && count(throw, b) >= 2 {
                        found = Some(2 * a + 2 * b);
                    }
                }
            }
            found
        }
        BoxId::Brelan => {
            faces
                .clone()
                .find(|f| count(throw, *f) >= 3)
                .map(|f| match options.brelan_value {
                    BrelanValue::Fixed10 => 10,
                    BrelanValue::SumOfThree => 3 * f,
                    BrelanValue::SumOfDice => sum,
                })
        }
        BoxId::Suite => (sorted == [1, 2, 3, 4, 5] || sorted == [2, 3, 4, 5, 6]).then_some(20),
        BoxId::PetiteSuite => (sorted == [1, 2, 3, 4, 5]).then_some(30),
        BoxId::GrandeSuite => (sorted == [2, 3, 4, 5, 6]).then_some(40),
        BoxId::Full => {
            let three_two = faces.clone().any(|a| {
                faces
                    .clone()
                    .any(|b| a != b && count(throw, a) == 3 && count(throw, b) == 2)
            });
            (three_two || (options.yams_counts_as_full && all_equal)).then_some(30)
        }
        BoxId::Carre => faces.clone().any(|f| count(throw, f) >= 4).then_some(40),
        BoxId::Yams => all_equal.then_some(50),
        BoxId::Chance | BoxId::Maxi | BoxId::Mini => Some(sum),
    }
}

/// The option sets under which some box's score differs.
fn scoring_options() -> Vec<Options> {
    let mut all = Vec::new();
    for brelan in ["fixed_10", "sum_of_three", "sum_of_dice"] {
        for full in [false, true] {
            all.push(
                parse_options::<Yams>(&json!({
                    "brelan_value": brelan,
                    "yams_counts_as_full": full,
                }))
                .unwrap(),
            );
        }
    }
    all
}

#[test]
fn every_ordered_throw_in_every_box_under_every_scoring_option() {
    for options in scoring_options() {
        for throw in ordered_throws() {
            let dice = Dice::new(&throw).unwrap();
            for which in BoxId::ALL {
                let want = expected(which, &throw, &options);
                assert_eq!(
                    which.value(&dice, &options),
                    want,
                    "{which:?} with {throw:?} under {options:?}"
                );
                assert_eq!(which.points(&dice, &options), want.unwrap_or(0));
            }
        }
    }
}

#[test]
fn pattern_counts_over_the_7776_throws_match_the_combinatorics() {
    let seed = Options::default();
    let full = parse_options::<Yams>(&json!({"yams_counts_as_full": true})).unwrap();
    let hits = |which: BoxId, options: &Options| {
        ordered_throws()
            .iter()
            .filter(|t| which.value(&Dice::new(&t[..]).unwrap(), options).is_some())
            .count()
    };
    // Five of a kind: 6. Four or more: 6 × 5 × 5 + 6. Three or more: 6 × C(5,3) × 25 + 156.
    assert_eq!(hits(BoxId::Yams, &seed), 6);
    assert_eq!(hits(BoxId::Carre, &seed), 156);
    assert_eq!(hits(BoxId::Brelan, &seed), 1656);
    // Full house: 6 × 5 faces × C(5,3) places = 300; plus the 6 Yams with the option.
    assert_eq!(hits(BoxId::Full, &seed), 300);
    assert_eq!(hits(BoxId::Full, &full), 306);
    // Each straight: 5! orders.
    assert_eq!(hits(BoxId::PetiteSuite, &seed), 120);
    assert_eq!(hits(BoxId::GrandeSuite, &seed), 120);
    assert_eq!(hits(BoxId::Suite, &seed), 240);
    // Two pairs and a single: 1800 throws (S7: 1800/7776), plus the 300 full houses.
    assert_eq!(hits(BoxId::DoublePaire, &seed), 1800 + 300);
    // Mean points: 5/6 × face in each upper box, 17.5 in Chance.
    let total = |which: BoxId| -> u32 {
        ordered_throws()
            .iter()
            .map(|t| u32::from(which.points(&Dice::new(&t[..]).unwrap(), &seed)))
            .sum()
    };
    for (face, which) in (1..=6).zip(BoxId::UPPER) {
        assert_eq!(total(which), 6480 * face);
    }
    assert_eq!(total(BoxId::Chance), 7776 * 35 / 2);
}

#[test]
fn throw_order_never_matters() {
    let start = Yams::setup(1, &Options::default()).unwrap();
    for throw in ordered_throws() {
        let mut sorted = throw;
        sorted.sort_unstable();
        let mut a = start.clone();
        let mut b = start.clone();
        let mut events = Vec::new();
        Yams::apply_chance(&mut a, &throw, &mut events).unwrap();
        Yams::apply_chance(&mut b, &sorted, &mut events).unwrap();
        assert_eq!(a, b);
    }
}

fn score_event_points(events: &[Event]) -> u8 {
    match events.first() {
        Some(Event::Scored { points, .. }) => *points,
        other => panic!("expected a score, got {other:?}"),
    }
}

/// Throws `throw` on the turn of a solo game and checks, for every box in play, what the view
/// announces and what scoring it writes, against `want`.
fn check_every_box(state: &State, throw: &[u8; 5], want: impl Fn(BoxId) -> u8) {
    let mut state = state.clone();
    let mut events = Vec::new();
    Yams::apply_chance(&mut state, throw, &mut events).unwrap();
    let view = Yams::view(&state, None);
    let options = state.options().clone();
    let empty: Vec<BoxId> = BoxId::ALL
        .into_iter()
        .filter(|b| b.in_play(&options) && state.grid(0, 0).unwrap().get(*b).is_none())
        .collect();
    let shown: Vec<(BoxId, u8)> = view.players[0].grids[0]
        .boxes
        .iter()
        .filter_map(|b| b.would_score.map(|w| (b.r#box, w)))
        .collect();
    let expected: Vec<(BoxId, u8)> = empty.iter().map(|b| (*b, want(*b))).collect();
    assert_eq!(shown, expected, "{throw:?} under {options:?}");
    for which in empty {
        let mut copy = state.clone();
        let mut events = Vec::new();
        let action = Action::Score {
            grid: 0,
            r#box: which,
        };
        Yams::apply(&mut copy, 0, &action, &mut events).unwrap();
        assert_eq!(
            score_event_points(&events),
            want(which),
            "{which:?} {throw:?}"
        );
        assert_eq!(copy.grid(0, 0).unwrap().get(which), Some(want(which)));
    }
}

#[test]
fn every_multiset_through_the_game_under_every_option_variant() {
    for options in option_variants::<Yams>() {
        let fresh = Yams::setup(1, &options).unwrap();
        for throw in multisets() {
            check_every_box(&fresh, &throw, |which| {
                expected(which, &throw, &options).unwrap_or(0)
            });
        }
    }
}

/// A fresh solo Maxi/Mini game where `first` was written with a throw summing to `sum`.
fn after_first(first: BoxId, sum: u8) -> State {
    let options = parse_options::<Yams>(&json!({"maxi_mini": true})).unwrap();
    let mut state = Yams::setup(1, &options).unwrap();
    let throw = multisets()
        .into_iter()
        .find(|t| t.iter().sum::<u8>() == sum)
        .unwrap();
    let mut events = Vec::new();
    Yams::apply_chance(&mut state, &throw, &mut events).unwrap();
    let action = Action::Score {
        grid: 0,
        r#box: first,
    };
    Yams::apply(&mut state, 0, &action, &mut events).unwrap();
    assert_eq!(state.grid(0, 0).unwrap().get(first), Some(sum));
    state
}

#[test]
fn maxi_and_mini_against_every_first_value_and_every_throw() {
    for first in 5..=30u8 {
        let maxi_first = after_first(BoxId::Maxi, first);
        let mini_first = after_first(BoxId::Mini, first);
        for throw in multisets() {
            let sum: u8 = throw.iter().sum();
            let strictly = |ok: bool| if ok { sum } else { 0 };
            check_every_box(&maxi_first, &throw, |which| match which {
                BoxId::Mini => strictly(sum < first),
                _ => expected(which, &throw, maxi_first.options()).unwrap_or(0),
            });
            check_every_box(&mini_first, &throw, |which| match which {
                BoxId::Maxi => strictly(sum > first),
                _ => expected(which, &throw, mini_first.options()).unwrap_or(0),
            });
        }
    }
}

#[test]
fn bonus_for_every_upper_total_under_every_rule() {
    let rules = [
        (BonusRule::SeedDiffPlus30, false),
        (BonusRule::SeedDiffPlus30, true),
        (BonusRule::Flat35At63, false),
        (BonusRule::DiffPlus30At60, false),
    ];
    for (rule, strict) in rules {
        let options = Options {
            bonus_rule: rule,
            bonus_strict: strict,
            ..Options::default()
        };
        // The largest upper total: five of each face in its box.
        for upper in 0..=105u16 {
            let want = match (rule, strict) {
                (BonusRule::SeedDiffPlus30, false) if upper >= 63 => upper - 63 + 30,
                (BonusRule::SeedDiffPlus30, true) if upper > 63 => upper - 63 + 30,
                (BonusRule::Flat35At63, _) if upper >= 63 => 35,
                (BonusRule::DiffPlus30At60, _) if upper >= 60 => upper - 60 + 30,
                _ => 0,
            };
            assert_eq!(
                options.bonus(upper),
                want,
                "{rule:?} strict {strict} at {upper}"
            );
            let threshold = options.bonus_threshold();
            assert_eq!(
                want > 0,
                upper >= threshold,
                "{rule:?} threshold {threshold}"
            );
        }
    }
}

#[test]
fn every_multiset_lists_each_reroll_once_and_each_is_accepted() {
    let options = Options::default();
    for throw in multisets() {
        let mut state = Yams::setup(1, &options).unwrap();
        let mut events = Vec::new();
        Yams::apply_chance(&mut state, &throw, &mut events).unwrap();
        // Independently: every subset of the five die positions but all of them, read as the
        // multiset of faces it keeps.
        let distinct: BTreeSet<Vec<u8>> = (0u32..31)
            .map(|mask| {
                (0..5)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| throw[i])
                    .collect()
            })
            .collect();
        let mut actions = Vec::new();
        Yams::legal_actions(&state, 0, &mut actions);
        let listed: Vec<Vec<u8>> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Reroll { keep } => Some(keep.as_slice().to_vec()),
                Action::Score { .. } => None,
            })
            .collect();
        let unique: BTreeSet<Vec<u8>> = listed.iter().cloned().collect();
        assert_eq!(
            unique.len(),
            listed.len(),
            "a reroll listed twice for {throw:?}"
        );
        assert_eq!(unique, distinct, "{throw:?}");
        let product: usize = (1..=6).map(|f| usize::from(count(&throw, f)) + 1).product();
        assert_eq!(listed.len(), product - 1);
        for action in &actions {
            let mut copy = state.clone();
            let mut events = Vec::new();
            Yams::apply(&mut copy, 0, action, &mut events).unwrap();
            if let Action::Reroll { keep } = action {
                assert_eq!(
                    Yams::turn(&copy),
                    Turn::Chance {
                        chance: Chance::Dice {
                            count: (5 - keep.len()) as u8
                        }
                    }
                );
            }
        }
    }
}

use rand::SeedableRng;
use tapis_games::yams::{BonusRule, Dice};
use tapis_games::{Game, Turn};

use super::solver::{Sheet, Solution, Spot};
use super::*;
use crate::{BotRng, Budget};

/// The published optimum of solitaire US Yahtzee (Verhoeff 1999, Glenn 2006), to four
/// decimals: the check that the solver is right.
#[test]
fn the_us_yahtzee_optimum_is_the_published_one() {
    let solution = Solution::solve(Sheet::us_yahtzee());
    let score = solution.expected_score();
    assert!((score - 254.5896).abs() < 0.00005, "{score}");
}

/// Tapis's default grid (the original French rules): its exact optimum, as this solver finds
/// it; docs/bots.md quotes it.
#[test]
fn the_default_grid_optimum() {
    let solved = solved(&Options::default()).unwrap();
    let score = solved.expected_score();
    assert!((score - 206.4343).abs() < 0.00005, "{score}");
}

fn spot_with_only(solved: &Solved, which: BoxId) -> Spot {
    let b = solved.boxes.iter().position(|x| *x == which).unwrap();
    Spot {
        filled: ((1u32 << solved.boxes.len()) - 1) & !(1 << b),
        upper: 0,
        yahtzee_50: false,
    }
}

/// Positions worked out by hand: with only the Yams box left, its value is 50 times the
/// chance of five alike in three throws keeping the most frequent face (2,783,176 in
/// 60,466,176); with only Chance left, five times the best mean of one die thrown up to three
/// times (keep a 5 or 6 after the first throw, a 4 or more after the second: 14/3).
#[test]
fn single_box_positions_have_their_known_values() {
    let solved = solved(&Options::default()).unwrap();
    let yams = solved.solution.value(spot_with_only(&solved, BoxId::Yams));
    assert!(
        (yams - 50.0 * 2_783_176.0 / 60_466_176.0).abs() < 1e-9,
        "{yams}"
    );
    let chance = solved
        .solution
        .value(spot_with_only(&solved, BoxId::Chance));
    assert!((chance - 5.0 * 14.0 / 3.0).abs() < 1e-9, "{chance}");
}

/// The bonus (U − 63) + 30 depends on the whole upper total: a grid at the threshold values
/// each further upper point twice, so filling Six with five sixes is worth 60 there.
#[test]
fn upper_points_above_the_threshold_count_twice() {
    let solved = solved(&Options::default()).unwrap();
    let six = solved.boxes.iter().position(|x| *x == BoxId::Six).unwrap();
    let at = |upper| Spot {
        filled: ((1u32 << solved.boxes.len()) - 1) & !(1 << six),
        upper,
        yahtzee_50: false,
    };
    let throw = Hands::get().index(&Dice::new(&[6; 5]).unwrap()).unwrap();
    assert_eq!(solved.solution.score_value(at(63), six, throw), 60.0);
    // From 50, 30 points make 80: 30 points, and a bonus of 80 − 63 + 30 = 47.
    assert_eq!(solved.solution.score_value(at(50), six, throw), 77.0);
    let flat = solved_sheet(Options {
        bonus_rule: BonusRule::Flat35At63,
        ..Options::default()
    });
    assert_eq!(flat.score_value(at(63), six, throw), 30.0);
}

fn solved_sheet(options: Options) -> Solution {
    Solution::solve(Sheet::for_options(&options).unwrap().0)
}

/// A started game of Yams for `seats`, the first throw made with `dice`.
fn first_throw(options: Options, seats: usize, dice: [u8; 5]) -> tapis_games::yams::State {
    let mut state = Yams::setup(seats, &options).unwrap();
    assert!(matches!(Yams::turn(&state), Turn::Chance { .. }));
    Yams::apply_chance(&mut state, &dice, &mut Vec::new()).unwrap();
    state
}

fn choose(level: Level, state: &tapis_games::yams::State, seed: u64) -> Action {
    let mut legal = Vec::new();
    Yams::legal_actions(state, 0, &mut legal);
    let at = Position {
        state,
        seat: 0,
        legal: &legal,
        budget: Budget::default_for(level),
    };
    let index = level_bot(level).choose(&at, &mut BotRng::seed_from_u64(seed));
    legal[index]
}

#[test]
fn the_strong_bot_writes_a_first_throw_yams_and_keeps_four_alike() {
    let state = first_throw(Options::default(), 2, [4, 4, 4, 4, 4]);
    assert_eq!(
        choose(Level::Strong, &state, 1),
        Action::Score {
            grid: 0,
            r#box: BoxId::Yams
        }
    );
    let state = first_throw(Options::default(), 2, [1, 5, 5, 5, 5]);
    assert_eq!(
        choose(Level::Strong, &state, 1),
        Action::Reroll {
            keep: Dice::new(&[5, 5, 5, 5]).unwrap()
        }
    );
}

/// Grids the solver does not take (Maxi and Mini) and several grids at once are played too.
#[test]
fn every_level_plays_every_sheet() {
    for options in [
        Options::default(),
        Options {
            grids: 3,
            ..Options::default()
        },
        Options {
            maxi_mini: true,
            ..Options::default()
        },
    ] {
        let state = first_throw(options, 1, [2, 3, 3, 5, 6]);
        let mut legal = Vec::new();
        Yams::legal_actions(&state, 0, &mut legal);
        for level in Level::ALL {
            assert!(legal.contains(&choose(level, &state, 3)));
        }
    }
}

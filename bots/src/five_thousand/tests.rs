use std::sync::Arc;

use super::*;
use crate::dice::{arrangements, for_each_counts};
use tapis_games::five_thousand::{Faces, is_five_ones};

fn default_rules() -> Rules {
    Rules::for_options(&Options::default()).expect("the default rules are solved")
}

fn default_solution() -> Arc<Solution> {
    solved(&Options::default()).expect("the default rules are solved")
}

/// The score steps a player can have: 0, or the opening threshold and more.
fn scores(rules: Rules) -> impl Iterator<Item = u16> + Clone {
    std::iter::once(0).chain(rules.opening..rules.target)
}

#[test]
fn every_throw_count_adds_up_to_certainty() {
    let throws = Throws::new(&default_rules().table);
    for n in 1..=DICE {
        let total: f64 = throws.by_count[usize::from(n)]
            .iter()
            .map(|t| t.probability)
            .sum();
        assert!((total - 1.0).abs() < 1e-12, "{n} dice: {total}");
    }
    // One die: a 1 or a 5 scores, four faces in six lose the turn.
    let zero: f64 = throws.by_count[1]
        .iter()
        .filter(|t| t.keeps.is_empty() && !t.five_ones)
        .map(|t| t.probability)
        .sum();
    assert!((zero - 4.0 / 6.0).abs() < 1e-12);
    // Five dice: five 1s once in 7,776 throws.
    let five_ones: f64 = throws.by_count[5]
        .iter()
        .filter(|t| t.five_ones)
        .map(|t| t.probability)
        .sum();
    assert!((five_ones - 1.0 / 7776.0).abs() < 1e-15);
}

#[test]
fn a_last_throw_of_one_die_is_worth_its_mean_by_hand() {
    // An opened player with 1000 points in the turn, one die, the third throw to come, valuing
    // the points banked: a 1 banks 1100, a 5 1050, anything else loses the turn.
    let rules = default_rules();
    let mut solver = TurnSolver::new(Arc::new(Throws::new(&rules.table)), rules);
    solver.start_for_points(20);
    let v = solver.throw(2, 1, 20);
    assert!((v.value - (1100.0 + 1050.0) / 6.0).abs() < 1e-9, "{v:?}");
    assert!((v.lost - 4.0 / 6.0).abs() < 1e-12, "{v:?}");
    // With a throw left after it, a 1 or a 5 may be followed by banking or another throw:
    // banking 1100 beats throwing one die again for a sixth of a chance at more.
    let v = solver.decide(2, 1, 22);
    assert_eq!(v.value, 1100.0);
}

#[test]
fn the_first_players_chance_at_the_start_is_pinned() {
    // Both playing their best, the first player of a two-player match of the default rules
    // wins 52.02 % of the time (Busche found 53.5 % for Farkle, to 10,000 with six dice).
    let v = default_solution().start_value();
    assert!((v - 0.520_165_468).abs() < 1e-9, "{v}");
}

#[test]
fn the_solution_is_a_probability_and_worse_as_the_opponent_scores() {
    let solution = default_solution();
    let rules = solution.rules;
    for a in scores(rules) {
        let mut previous = f64::INFINITY;
        for b in scores(rules) {
            let v = solution.value(a, b);
            assert!((0.0..=1.0).contains(&v), "V({a}, {b}) = {v}");
            // This is what makes keeping fewer points for the same dice never better.
            assert!(v <= previous + 1e-12, "V({a}, {b}) = {v} > {previous}");
            previous = v;
        }
    }
    // A player one good turn from the target wins far more often than not.
    assert!(solution.value(95, 0) > 0.8);
    assert!(solution.value(0, 95) < 0.3);
}

/// The least turn total (in steps) from which the player banks rather than throws again,
/// with `throws_used` throws made and `dice` in hand, `a` steps banked against `b`.
fn bank_from(solution: &Solution, a: u16, b: u16, throws_used: u8, dice: u8) -> u16 {
    let mut solver = TurnSolver::new(Arc::clone(&solution.throws), solution.rules);
    solution.prepare(&mut solver, a, b, 1.0 - solution.value(b, a));
    (1..solver.cap)
        .find(|t| solver.bank_value(*t).value >= solver.throw(throws_used, dice, *t).value)
        .unwrap_or(solver.cap)
}

#[test]
fn it_banks_earlier_when_ahead_than_when_behind() {
    let solution = default_solution();
    // 3000 against 1000, 2000 each, 1000 against 3000: the least turn total that it banks
    // rises from one to the next (with five dice after one throw: 1050, 1800, 3200).
    let spots = (1..=5).map(|d| (1, d)).chain((3..=5).map(|d| (2, d)));
    for (throws_used, dice) in spots {
        let ahead = bank_from(&solution, 60, 20, throws_used, dice);
        let level = bank_from(&solution, 40, 40, throws_used, dice);
        let behind = bank_from(&solution, 20, 60, throws_used, dice);
        assert!(
            ahead < level && level < behind,
            "{throws_used} throws made, {dice} dice: banks from {ahead} steps ahead, {level} level, {behind} behind"
        );
    }
}

#[test]
fn other_targets_and_tables_are_solved_too() {
    let options = Options {
        opening_threshold: 500,
        straight_value: 750,
        ..Options::default()
    };
    let v = solved(&options).expect("solved").start_value();
    assert!((0.5..0.56).contains(&v), "{v}");
    let finish_round = Options {
        finish_round: true,
        ..Options::default()
    };
    assert!(solved(&finish_round).is_none());
}

/// How a turn of the `max-points` player with `score` steps ends: the probability of banking
/// each gain `g` in `0..cap` (at `cap`: reaching the target, or five 1s), and of losing it.
fn max_points_turn(throws: &Arc<Throws>, rules: Rules, score: u16) -> (Vec<f64>, f64) {
    let mut solver = TurnSolver::new(Arc::clone(throws), rules);
    solver.start_for_points(score);
    let cap = solver.cap;
    let mut banked = vec![0.0; usize::from(cap) + 1];
    let mut lost = 0.0;
    spread_throw(&mut solver, 0, DICE, 0, 1.0, &mut banked, &mut lost);
    (banked, lost)
}

/// Follows `mass` of probability through a throw, playing as the solver's values say (the
/// same choices as the bot: the first best keep; banking on a tie).
fn spread_throw(
    solver: &mut TurnSolver,
    throws_used: u8,
    dice: u8,
    total: u16,
    mass: f64,
    banked: &mut [f64],
    lost: &mut f64,
) {
    let throws = Arc::clone(&solver.throws);
    for throw in &throws.by_count[usize::from(dice)] {
        let m = mass * throw.probability;
        if throw.five_ones {
            banked[usize::from(solver.cap)] += m;
            continue;
        }
        let Some(keep) = throw.keeps.iter().copied().reduce(|best, k| {
            let v = solver
                .decide(throws_used + 1, k.left, total + k.steps)
                .value;
            let b = solver
                .decide(throws_used + 1, best.left, total + best.steps)
                .value;
            if v > b { k } else { best }
        }) else {
            *lost += m;
            continue;
        };
        let (k, left, t) = (throws_used + 1, keep.left, total + keep.steps);
        if t >= solver.cap {
            banked[usize::from(solver.cap)] += m;
            continue;
        }
        let bank = solver.may_bank(t).then(|| solver.bank_value(t).value);
        let again = (k < THROW_LIMIT).then(|| solver.throw(k, left, t).value);
        match (bank, again) {
            (Some(b), Some(a)) if a > b => spread_throw(solver, k, left, t, m, banked, lost),
            (Some(_), _) => banked[usize::from(t)] += m,
            (None, Some(_)) => spread_throw(solver, k, left, t, m, banked, lost),
            (None, None) => *lost += m,
        }
    }
}

/// How a turn of the `random` player with `score` steps ends (as [`max_points_turn`]): every
/// keep the rules list equally likely, and banking or throwing again equally likely where
/// both are allowed (where one is, the rules take it), even with the target's worth in hand.
fn random_turn(rules: Rules, score: u16) -> (Vec<f64>, f64) {
    let cap = rules.target - score;
    let opened = score > 0;
    let mut banked = vec![0.0; usize::from(cap) + 1];
    let mut lost = 0.0;
    // The mass about to throw, by (dice in hand, turn total), one stage per throw.
    let mut stage: Vec<((u8, u16), f64)> = vec![((DICE, 0), 1.0)];
    for throws_used in 1..=THROW_LIMIT {
        let mut next: Vec<((u8, u16), f64)> = Vec::new();
        for ((dice, total), mass) in stage {
            let outcomes = 6f64.powi(i32::from(dice));
            for_each_counts(dice, |counts| {
                let Some(faces) = Faces::from_counts(counts) else {
                    return;
                };
                let m = mass * arrangements(&counts) / outcomes;
                if is_five_ones(faces) {
                    banked[usize::from(cap)] += m;
                    return;
                }
                let mut keeps = Vec::new();
                rules.table.for_each_keep(faces, |kept, points| {
                    keeps.push((kept.len(), (points / STEP) as u16));
                });
                if keeps.is_empty() {
                    lost += m;
                    return;
                }
                let each = m / keeps.len() as f64;
                for (kept, steps) in keeps {
                    // At the target's worth a banking wins; random may throw again anyway.
                    let t = (total + steps).min(cap);
                    let left = match dice - kept {
                        0 => DICE,
                        left => left,
                    };
                    let bank = opened || t >= rules.opening;
                    let again = throws_used < THROW_LIMIT;
                    let share = if bank && again { each / 2.0 } else { each };
                    if bank {
                        banked[usize::from(t)] += share;
                    }
                    if again {
                        match next.iter_mut().find(|(s, _)| *s == (left, t)) {
                            Some((_, q)) => *q += share,
                            None => next.push(((left, t), share)),
                        }
                    }
                    if !bank && !again {
                        lost += each;
                    }
                }
            });
        }
        stage = next;
    }
    (banked, lost)
}

/// The best any player can do against the player whose turns `turn` describes: its chance of
/// winning moving first and moving second, by value iteration over (own score, opponent's
/// score).
fn best_response(rules: Rules, turn: impl Fn(u16) -> (Vec<f64>, f64)) -> (f64, f64) {
    let throws = Arc::new(Throws::new(&rules.table));
    let size = usize::from(rules.target);
    let turns: Vec<Option<(Vec<f64>, f64)>> = (0..rules.target)
        .map(|s| (s == 0 || s >= rules.opening).then(|| turn(s)))
        .collect();
    // x[a][b]: I throw next, with a against b; y[a][b]: the opponent throws next.
    let mut x = vec![f64::NAN; size * size];
    let mut y = vec![f64::NAN; size * size];
    let at = |a: u16, b: u16| usize::from(a) * size + usize::from(b);
    let mut solver = TurnSolver::new(Arc::clone(&throws), rules);
    let scores: Vec<u16> = std::iter::once(0)
        .chain(rules.opening..rules.target)
        .collect();
    for sum in (0..=2 * (rules.target - 1)).rev() {
        for &a in &scores {
            let Some(b) = sum.checked_sub(a) else { break };
            if b >= rules.target || (b > 0 && b < rules.opening) {
                continue;
            }
            let Some((opp_banked, opp_lost)) = &turns[usize::from(b)] else {
                continue;
            };
            // y = c + q x: the opponent's turn, with the value of its lost turn x(a, b).
            let cap_b = usize::from(rules.target - b);
            let mut c = 0.0;
            for (h, p) in opp_banked.iter().enumerate().take(cap_b).skip(1) {
                // Gains it never banks lead to scores nobody can have.
                if *p > 0.0 {
                    c += p * x[at(a, b + h as u16)];
                }
            }
            let q = *opp_lost;
            let mut value = 0.5;
            for _ in 0..100 {
                let lost = c + q * value;
                solver.start(a);
                for g in 0..solver.cap {
                    let after = a + g;
                    let v = if g == 0 || (after > 0 && after < rules.opening) {
                        0.0
                    } else {
                        y[at(after, b)]
                    };
                    solver.bank.push(v);
                }
                solver.bank.push(1.0);
                solver.lost = lost;
                let f = solver.turn();
                // x = f0 + p (y − y0), y = c + q x.
                let next = (f.value - f.lost * lost + f.lost * c) / (1.0 - f.lost * q);
                let moved = (next - value).abs();
                value = next;
                if moved < 1e-13 {
                    break;
                }
            }
            x[at(a, b)] = value;
            y[at(a, b)] = c + q * value;
        }
    }
    (x[at(0, 0)], y[at(0, 0)])
}

#[test]
fn no_player_beats_max_points_by_much() {
    // The best reply to `max-points`, worked out exactly: the most any strategy (the strong
    // level's included) can win against it, seat-averaged, is 50.65 % (52.67 % moving first,
    // 48.64 % second). The goal of 52 % is out of every strategy's reach under these
    // rules; the strong level measures 50.0 % over 10,000 games (docs/bots.md).
    let rules = default_rules();
    let throws = Arc::new(Throws::new(&rules.table));
    let (first, second) = best_response(rules, |s| max_points_turn(&throws, rules, s));
    let mean = (first + second) / 2.0;
    assert!((first - 0.5267).abs() < 1e-4, "{first}");
    assert!((second - 0.4864).abs() < 1e-4, "{second}");
    assert!(mean < 0.52, "{mean}");
}

#[test]
fn the_random_players_turns_add_up() {
    let rules = default_rules();
    for score in [0, 20, 90] {
        let (banked, lost) = random_turn(rules, score);
        let total: f64 = banked.iter().sum::<f64>() + lost;
        assert!((total - 1.0).abs() < 1e-9, "{score}: {total}");
    }
}

#[test]
fn no_player_beats_random_nineteen_times_in_twenty() {
    // The best reply to `random`, worked out exactly: 93.27 % seat-averaged (93.68 % moving
    // first, 92.86 % second), so the 95 % asked of the strong level against random is out of
    // every strategy's reach in 5000: luck weighs that much. The strong level measures 92.9 %
    // over 2,000 games (docs/bots.md).
    let rules = default_rules();
    let (first, second) = best_response(rules, |s| random_turn(rules, s));
    assert!((first - 0.9368).abs() < 1e-4, "{first}");
    assert!((second - 0.9286).abs() < 1e-4, "{second}");
    assert!((first + second) / 2.0 < 0.95);
}

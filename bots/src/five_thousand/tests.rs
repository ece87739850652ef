use std::sync::Arc;

use super::*;

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
    solver.start(20);
    let cap = solver.cap;
    solver
        .bank
        .extend((0..=cap).map(|g| f64::from(u32::from(g) * STEP)));
    solver.lost = 0.0;
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

use rand::SeedableRng;
use tapis_games::four_two_one::{Faces, Options, Phase, State};
use tapis_games::{Game, Turn};

use super::results::NENETTE;
use super::*;
use crate::{BotKind, BotRng, Budget, Level, decide_as};

const EPS: f64 = 1e-9;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < EPS * (1.0 + a.abs().max(b.abs()))
}

/// A round about to start, `tokens` held by the seats, `leader` first to throw.
fn round_start(options: Options, phase: Phase, tokens: &[u8], leader: Seat) -> State {
    State::at_round_start(options, phase, tokens, leader).expect("a valid position")
}

fn throw(state: &mut State, dice: &[u8]) {
    FourTwoOne::apply_chance(state, dice, &mut Vec::new()).expect("a throw");
}

fn act(state: &mut State, seat: Seat, action: Action) {
    FourTwoOne::apply(state, seat, &action, &mut Vec::new()).expect("a legal action");
}

fn reroll(faces: &[u8]) -> Action {
    Action::Reroll {
        faces: Faces::new(faces).expect("at most three faces"),
    }
}

fn seat_to_act(state: &State) -> Seat {
    match FourTwoOne::turn(state) {
        Turn::Seat { seat } => seat,
        other => panic!("no seat to act: {other:?}"),
    }
}

fn legal(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    FourTwoOne::legal_actions(state, seat_to_act(state), &mut out);
    out
}

/// The solver's value of each legal action of the seat to act.
fn values(state: &State) -> Vec<(Action, f64)> {
    let seat = seat_to_act(state);
    let legal = legal(state);
    let view = FourTwoOne::view(state, Some(seat));
    let values = action_values(&view, seat, &legal).expect("a decision the solver reads");
    legal.into_iter().zip(values).collect()
}

fn value_of(values: &[(Action, f64)], action: Action) -> f64 {
    values
        .iter()
        .find(|(a, _)| *a == action)
        .map(|(_, v)| *v)
        .expect("a legal action")
}

/// What the strong level plays in `state`.
fn strong_choice(state: &State) -> Action {
    let action = decide_as(
        &tapis_games::AnyState::FourTwoOne(Box::new(state.clone())),
        seat_to_act(state),
        BotKind::Level(Level::Strong),
        Budget::default_for(Level::Strong),
        1,
    )
    .expect("a decision");
    match action {
        tapis_games::AnyAction::FourTwoOne(action) => action,
        other => panic!("not an action of this game: {other:?}"),
    }
}

// --- The tables ---------------------------------------------------------------------------

#[test]
fn every_throw_and_rethrow_adds_up_to_certainty() {
    let t = tables();
    let total: f64 = t.throw.iter().map(|(_, p)| p).sum();
    assert!(close(total, 1.0));
    // 4-2-1 in one throw: 6 orders of 216.
    let four_two_one: f64 = t
        .throw
        .iter()
        .filter(|(d, _)| *d == 0)
        .map(|(_, p)| p)
        .sum();
    assert!(close(four_two_one, 6.0 / 216.0));
    for (d, rerolls) in t.rerolls.iter().enumerate() {
        let [a, b, c] = t.dice[d];
        // Distinct sub-multisets: 7 for three faces, 5 for a pair, 3 for three of a kind.
        let expected = match (a == b, b == c) {
            (true, true) => 3,
            (false, false) => 7,
            _ => 5,
        };
        assert_eq!(rerolls.len(), expected, "{:?}", t.dice[d]);
        for r in rerolls {
            let total: f64 = r.outcomes.iter().map(|(_, p)| p).sum();
            assert!(close(total, 1.0), "{:?} {:?}", t.dice[d], r.faces);
        }
    }
}

#[test]
fn the_rethrows_are_exactly_the_rules_legal_actions() {
    // Every legal re-throw of the rules is found in the tables, and nothing else.
    let t = tables();
    for d in 0..RESULTS {
        let mut state = round_start(Options::default(), Phase::Charge, &[0, 0], 0);
        throw(&mut state, &t.dice[d]);
        let rerolls: Vec<Faces> = legal(&state)
            .into_iter()
            .filter_map(|a| match a {
                Action::Reroll { faces } => Some(faces),
                _ => None,
            })
            .collect();
        assert_eq!(rerolls.len(), t.rerolls[d].len());
        for faces in rerolls {
            assert!(t.reroll(d, faces).is_some(), "{:?} {faces:?}", t.dice[d]);
        }
    }
}

#[test]
fn the_model_of_the_others_adds_up_and_gets_stronger_with_more_throws() {
    let t = tables();
    for le_bon in 0..2 {
        let mut last = 0.0;
        for k in 1..=MAX_THROWS {
            let dist = &t.others[le_bon][k];
            assert!(close(dist.iter().sum(), 1.0));
            let strength: f64 = dist.iter().zip(&t.strength).map(|(p, s)| p * s).sum();
            assert!(
                strength > last,
                "le bon {le_bon}, k {k}: {strength} <= {last}"
            );
            last = strength;
        }
    }
    // One throw: the model is the throw itself.
    let mut one = [0.0; RESULTS];
    for (d, p) in &t.throw {
        one[*d] += p;
    }
    for (a, b) in one.iter().zip(&t.others[0][1]) {
        assert!(close(*a, *b));
    }
    // "Le bon" lets the model keep a good result: never weaker.
    for k in 2..=MAX_THROWS {
        let strength = |dist: &[f64; RESULTS]| -> f64 {
            dist.iter().zip(&t.strength).map(|(p, s)| p * s).sum()
        };
        assert!(strength(&t.others[1][k]) >= strength(&t.others[0][k]) - EPS);
    }
}

// --- Hand-checked values ------------------------------------------------------------------

/// Two players, charge; seat 0 leads, throws `first`, re-throws `rethrow` for `second` and
/// stops after two throws; seat 1 has thrown `follower` once and must throw once more.
fn follower_with_one_throw_left(first: [u8; 3], rethrow: &[u8], second: &[u8]) -> State {
    let mut state = round_start(Options::default(), Phase::Charge, &[0, 0], 0);
    throw(&mut state, &first);
    act(&mut state, 0, reroll(rethrow));
    throw(&mut state, second);
    act(&mut state, 0, Action::Stop);
    state
}

#[test]
fn against_a_421_only_a_421_of_ones_own_saves_the_round() {
    // Seat 0 ends on 4-2-1 in two throws; seat 1 throws 6-6-6, then must throw once more.
    let mut state = follower_with_one_throw_left([4, 2, 6], &[6], &[1]);
    throw(&mut state, &[6, 6, 6]);
    assert_eq!(seat_to_act(&state), 1);
    let v = values(&state);
    // Losing costs 10 tokens (worth −10), but only 2 with the nénette (3 orders of 216): the
    // nénette rule; a 4-2-1 (6 orders) ties, a fair tie-break worth 0.
    let all = value_of(&v, reroll(&[6, 6, 6]));
    assert!(close(all, (-10.0 * 207.0 - 2.0 * 3.0) / 216.0), "{all}");
    // From 6-6-6 a one- or two-die re-throw cannot make 4-2-1.
    assert!(close(value_of(&v, reroll(&[6])), -10.0));
    assert!(close(value_of(&v, reroll(&[6, 6])), -10.0));
    assert_eq!(strong_choice(&state), reroll(&[6, 6, 6]));

    // From 6-4-2: throwing the 6 again gives an ace one time in six.
    let mut state = follower_with_one_throw_left([4, 2, 6], &[6], &[1]);
    throw(&mut state, &[6, 4, 2]);
    let v = values(&state);
    assert!(close(value_of(&v, reroll(&[6])), -10.0 * 5.0 / 6.0));
    // Keeping the 2: 4-2-1 or 2-2-1 each two orders of 36.
    assert!(close(
        value_of(&v, reroll(&[6, 4])),
        (-10.0 * 32.0 - 2.0 * 2.0) / 36.0
    ));
    assert_eq!(strong_choice(&state), reroll(&[6]));
}

#[test]
fn against_a_nenette_the_follower_just_avoids_the_nenette() {
    // Seat 0 ends on 2-2-1; whatever seat 1 ends with but 2-2-1, seat 0 takes 2 tokens.
    let mut state = follower_with_one_throw_left([2, 2, 6], &[6], &[1]);
    throw(&mut state, &[2, 2, 1]);
    let v = values(&state);
    // Throwing the ace again: 2-2-1 again one time in six (a tie, worth 0), else +2.
    assert!(close(value_of(&v, reroll(&[1])), 2.0 * 5.0 / 6.0));
    // Throwing all three: 2-2-1 in 3 orders of 216.
    assert!(close(value_of(&v, reroll(&[2, 2, 1])), 2.0 * 213.0 / 216.0));
    assert_eq!(strong_choice(&state), reroll(&[2, 2, 1]));
}

#[test]
fn a_leader_with_421_on_the_first_throw_stops() {
    let mut state = round_start(Options::default(), Phase::Charge, &[0, 0], 0);
    throw(&mut state, &[1, 2, 4]);
    let v = values(&state);
    // The follower then has one throw: a 4-2-1 ties (worth 0), a nénette takes 2, anything
    // else takes 10.
    let stop = value_of(&v, Action::Stop);
    assert!(close(stop, (10.0 * 207.0 + 2.0 * 3.0) / 216.0), "{stop}");
    assert!(v.iter().all(|(a, x)| *a == Action::Stop || *x < stop));
    assert_eq!(strong_choice(&state), Action::Stop);
}

#[test]
fn a_decharge_giver_with_few_tokens_wins_the_game() {
    // Décharge, two players: seat 0 holds 2 tokens, seat 1 holds 19. Seat 0 ends on 6-1-1
    // (6 tokens); seat 1 is last, on 6-6-3 with one throw left. Unless seat 1 beats 6-1-1,
    // seat 0 gives its last 2 tokens and wins (worth −21 to seat 1).
    let mut state = round_start(Options::default(), Phase::Decharge, &[2, 19], 0);
    throw(&mut state, &[6, 5, 2]);
    act(&mut state, 0, reroll(&[5, 2]));
    throw(&mut state, &[1, 1]);
    act(&mut state, 0, Action::Stop);
    throw(&mut state, &[6, 6, 3]);
    assert_eq!(seat_to_act(&state), 1);
    let v = values(&state);
    // Keeping the sixes: nothing beats 6-1-1.
    assert!(close(value_of(&v, reroll(&[3])), -WIN));
    // A tie on 6-1-1 is a fair draw: seat 1 gives 6 (13 left against 8: worth −5) or loses.
    let tie = 0.5 * -5.0 + 0.5 * -WIN;
    // Keeping a six: 6-1-1 by two aces, 1 in 36.
    assert!(close(
        value_of(&v, reroll(&[6, 3])),
        (tie + 35.0 * -WIN) / 36.0
    ));
    // Throwing all: 4-2-1 (6/216) gives 10 (9 against 12: +3), 1-1-1 (1/216) gives 7 (12
    // against 9: −3), 6-1-1 (3/216) ties, anything else loses.
    let all = (6.0 * 3.0 + 1.0 * -3.0 + 3.0 * tie + 206.0 * -WIN) / 216.0;
    assert!(close(value_of(&v, reroll(&[6, 6, 3])), all));
    assert_eq!(strong_choice(&state), reroll(&[6, 6, 3]));
}

// --- Brute force --------------------------------------------------------------------------

/// The worth of a finished round computed from the list of results (seat 0 is the seat to
/// act, `tokens[i]` each seat's tokens), straight from the rules: the worst result loses (a
/// fair draw among the tied), the amount is the best result's value or 2 for a nénette; in the
/// décharge the best gives to the worst (a joint draw when all tie) and a giver left with no
/// token has won. The pot is assumed large enough not to empty.
fn brute_round_worth(results: &[usize], tokens: &[u8], decharge: bool) -> f64 {
    let t = tables();
    let best = *results.iter().min().expect("results");
    let worst = *results.iter().max().expect("results");
    let amount = if worst == NENETTE { 2 } else { t.tokens[best] };
    let losers: Vec<usize> = (0..results.len())
        .filter(|i| results[*i] == worst)
        .collect();
    let worth = |tokens: &[u8]| -> f64 {
        let others: f64 = tokens[1..].iter().map(|x| f64::from(*x)).sum();
        others / (tokens.len() - 1) as f64 - f64::from(tokens[0])
    };
    let mut total = 0.0;
    for &loser in &losers {
        let share = 1.0 / losers.len() as f64;
        if !decharge {
            let mut after = tokens.to_vec();
            after[loser] += amount;
            total += share * worth(&after);
            continue;
        }
        let givers: Vec<usize> = (0..results.len())
            .filter(|i| results[*i] == best && *i != loser)
            .collect();
        for &giver in &givers {
            let share = share / givers.len() as f64;
            let given = amount.min(tokens[giver]);
            if given == tokens[giver] {
                total += share * if giver == 0 { WIN } else { -WIN };
                continue;
            }
            let mut after = tokens.to_vec();
            after[giver] -= given;
            after[loser] += given;
            total += share * worth(&after);
        }
    }
    total
}

/// The worth of result `r` by enumerating every combination of the results of the players
/// still to throw, each drawn from the model with `k` throws.
fn brute_result_value(round: &Round, tokens: &[u8], r: usize, k: usize) -> f64 {
    let model = &tables().others[usize::from(round.options.le_bon)][k];
    let m = round.remaining;
    let mut total = 0.0;
    let mut xs = vec![0usize; m];
    let count = RESULTS.pow(m as u32);
    for code in 0..count {
        let mut rest = code;
        let mut p = 1.0;
        for x in xs.iter_mut() {
            *x = rest % RESULTS;
            rest /= RESULTS;
            p *= model[*x];
        }
        if p == 0.0 {
            continue;
        }
        let mut results = vec![r];
        results.extend(&round.table);
        results.extend(&xs);
        total += p * brute_round_worth(&results, tokens, round.decharge);
    }
    total
}

#[test]
fn the_value_of_each_result_matches_brute_force_enumeration() {
    // Players besides the seat: some on the table, some still to throw, all holding the same
    // tokens (the solver takes each other player as equally likely where it matters).
    let cases: [(bool, u8, u8, Vec<usize>, usize); 6] = [
        (false, 1, 1, vec![], 1),
        (false, 2, 3, vec![], 2),
        (false, 0, 2, vec![30], 1),
        (false, 3, 0, vec![55, 10, 55], 2),
        (true, 5, 8, vec![], 2),
        (true, 9, 3, vec![16], 1),
    ];
    let mut work = Work::default();
    for (decharge, mine, theirs, table, remaining) in cases {
        let n = 1 + table.len() + remaining;
        let others = vec![theirs; n - 1];
        let held: u8 = mine + others.iter().sum::<u8>();
        let round = Round {
            decharge,
            mine,
            others: others.clone(),
            pot: if decharge { 0 } else { 21 - held },
            table: table.clone(),
            remaining,
            options: Options::default(),
        };
        // Large enough a pot that the charge does not end in these cases.
        assert!(decharge || round.pot > 12);
        let mut tokens = vec![mine];
        tokens.extend(&others);
        for k in 1..=MAX_THROWS {
            let solved = round.result_values(k, &mut work);
            for (r, value) in solved.iter().enumerate() {
                let brute = brute_result_value(&round, &tokens, r, k);
                assert!(
                    close(*value, brute),
                    "décharge {decharge}, table {table:?}, {remaining} to throw, k {k}, \
                     result {:?}: {value} against {brute}",
                    tables().dice[r]
                );
            }
        }
    }
}

/// The best expected ending from `dice` after `used` throws, by enumerating every subset of
/// the dice (by position, duplicates included) and every ordered throw: no table shared with
/// the solver.
fn brute_turn(
    dice: [u8; 3],
    used: usize,
    limit: usize,
    may_stop: bool,
    end: &dyn Fn(usize, [u8; 3]) -> f64,
) -> f64 {
    if used == limit {
        return end(used, dice);
    }
    let mut best = if may_stop {
        end(used, dice)
    } else {
        f64::NEG_INFINITY
    };
    for mask in 1..8u32 {
        best = best.max(brute_rethrow(dice, mask, used, limit, may_stop, end));
    }
    best
}

fn brute_rethrow(
    dice: [u8; 3],
    mask: u32,
    used: usize,
    limit: usize,
    may_stop: bool,
    end: &dyn Fn(usize, [u8; 3]) -> f64,
) -> f64 {
    let thrown = mask.count_ones();
    let total = 6u32.pow(thrown);
    let mut sum = 0.0;
    for code in 0..total {
        let mut next = dice;
        let mut rest = code;
        for (slot, die) in next.iter_mut().enumerate() {
            if mask & (1 << slot) != 0 {
                *die = (rest % 6) as u8 + 1;
                rest /= 6;
            }
        }
        sum += brute_turn(next, used + 1, limit, may_stop, end);
    }
    sum / f64::from(total)
}

/// The mask of the positions of `dice` showing `faces`.
fn mask_of(dice: [u8; 3], faces: Faces) -> u32 {
    let mut taken = 0u32;
    for face in faces.as_slice() {
        let slot = (0..3)
            .find(|s| taken & (1 << s) == 0 && dice[*s] == *face)
            .expect("the faces are on the dice");
        taken |= 1 << slot;
    }
    taken
}

#[test]
fn the_turn_solver_matches_brute_force_with_one_and_two_throws_left() {
    let t = tables();
    // An arbitrary ending that depends on the throws used, as the leader's does.
    let end_value =
        |used: usize, d: usize| -> f64 { ((d * 37 + used * 11) % 23) as f64 - 0.1 * d as f64 };
    let end = |used: usize, dice: [u8; 3]| -> f64 {
        end_value(used, index_of(dice).expect("valid dice"))
    };
    for may_stop in [false, true] {
        let solved = t.solve_turn(3, may_stop, end_value);
        // One throw left: every result and every re-throw.
        for d in 0..RESULTS {
            for r in &t.rerolls[d] {
                let brute =
                    brute_rethrow(t.dice[d], mask_of(t.dice[d], r.faces), 2, 3, may_stop, &end);
                let value = expect(&r.outcomes, &solved[3]);
                assert!(close(value, brute), "{:?} {:?}", t.dice[d], r.faces);
            }
            let brute = brute_turn(t.dice[d], 2, 3, may_stop, &end);
            assert!(close(solved[2][d], brute), "{:?}", t.dice[d]);
        }
        // Two throws left, on a few results (the brute force is slow).
        for dice in [[4, 2, 1], [6, 6, 1], [5, 3, 2], [2, 2, 1]] {
            let d = index_of(dice).expect("valid dice");
            let brute = brute_turn(dice, 1, 3, may_stop, &end);
            assert!(
                close(solved[1][d], brute),
                "{dice:?}: {} vs {brute}",
                solved[1][d]
            );
        }
    }
}

#[test]
fn the_bots_choice_matches_brute_force_in_real_positions() {
    // Three players, charge: seat 1 leads and has stopped after two throws on 6-5-1; seat 2
    // must throw twice; seat 0 is still to throw. Every legal action's value matches the brute
    // force over ordered throws, with result values enumerated over seat 0's results.
    let mut state = round_start(Options::default(), Phase::Charge, &[2, 2, 2], 1);
    throw(&mut state, &[6, 5, 3]);
    act(&mut state, 1, reroll(&[3]));
    throw(&mut state, &[1]);
    act(&mut state, 1, Action::Stop);
    throw(&mut state, &[5, 5, 2]);
    assert_eq!(seat_to_act(&state), 2);
    let view = FourTwoOne::view(&state, Some(2));
    let round = Round::from_view(&view, 2).expect("a round");
    assert_eq!(round.table, vec![index_of([6, 5, 1]).expect("dice")]);
    assert_eq!(round.remaining, 1);
    let tokens = [2u8, 2, 2];
    let end = |_: usize, dice: [u8; 3]| -> f64 {
        brute_result_value(&round, &tokens, index_of(dice).expect("dice"), 2)
    };
    let dice = [5, 5, 2];
    let v = values(&state);
    let mut best = (f64::NEG_INFINITY, None);
    for (action, value) in &v {
        let Action::Reroll { faces } = action else {
            panic!("a follower re-throws: {action:?}");
        };
        let brute = brute_rethrow(dice, mask_of(dice, *faces), 1, 2, false, &end);
        assert!(close(*value, brute), "{faces:?}: {value} vs {brute}");
        if brute > best.0 {
            best = (brute, Some(*action));
        }
    }
    assert_eq!(Some(strong_choice(&state)), best.1);
}

#[test]
fn whole_matches_of_strong_bots_never_fall_back_and_end() {
    // Play matches of 2 to 5 seats where every seat is the strong bot: each decision must be
    // one the solver reads (no fallback), and the rules must accept it.
    use rand::RngExt;
    for seats in 2..=5usize {
        let mut rng = BotRng::seed_from_u64(seats as u64);
        let mut state = FourTwoOne::setup(seats, &Options::default()).expect("a match");
        let mut bot = strong_bot();
        for _ in 0..3000 {
            match FourTwoOne::turn(&state) {
                Turn::Over => break,
                Turn::Chance { chance } => {
                    let tapis_games::Chance::Dice { count } = chance else {
                        panic!("dice only");
                    };
                    let dice: Vec<u8> = (0..count).map(|_| rng.random_range(1..=6u8)).collect();
                    throw(&mut state, &dice);
                }
                Turn::Seat { seat } => {
                    let legal = legal(&state);
                    let view = FourTwoOne::view(&state, Some(seat));
                    assert!(action_values(&view, seat, &legal).is_some());
                    let at = Position {
                        state: &state,
                        seat,
                        legal: &legal,
                        budget: Budget::default_for(Level::Strong),
                    };
                    let index = bot.choose(&at, &mut rng);
                    let action = legal[index];
                    act(&mut state, seat, action);
                }
            }
        }
        assert!(FourTwoOne::outcome(&state).is_some(), "{seats} seats");
    }
}

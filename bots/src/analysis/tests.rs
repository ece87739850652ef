use serde_json::json;
use tapis_games::five_thousand::{Action as FtAction, Faces as FtFaces, FiveThousand};
use tapis_games::yams::{Action as YAction, BoxId, Dice, Yams};
use tapis_games::{AnyAction, GameId, Seat, Variant};

use super::play::bot_match;
use super::*;
use crate::level::Level;
use crate::roster::BotKind;

const STRONG: BotKind = BotKind::Level(Level::Strong);
const MEDIUM: BotKind = BotKind::Level(Level::Medium);

fn analysed(game: GameId, kinds: &[BotKind], seed: u64) -> Analysis {
    let record = bot_match(game, &game.default_options(), kinds, seed, seed ^ 0x5eed).unwrap();
    analyse(&record).unwrap()
}

/// The cost of every judged decision of `seat`, and the luck of every chance event for it.
fn totals(analysis: &Analysis, seat: Seat) -> (f64, f64) {
    let cost: f64 = analysis
        .steps
        .iter()
        .filter(|s| s.seat == Some(seat))
        .filter_map(|s| match &s.kind {
            StepKind::Decision(d) => d.judgement.as_ref().map(|j| j.cost),
            _ => None,
        })
        .sum();
    (cost, analysis.players[seat].luck_received)
}

fn costs_of(analysis: &Analysis, seat: Seat) -> Vec<f64> {
    analysis
        .steps
        .iter()
        .filter(|s| s.seat == Some(seat))
        .filter_map(|s| match &s.kind {
            StepKind::Decision(d) if d.unforced => d.judgement.as_ref().map(|j| j.cost),
            _ => None,
        })
        .collect()
}

#[test]
fn zare_equation_holds_for_every_yams_player() {
    for seed in 0..6 {
        let analysis = analysed(GameId::Yams, &[STRONG, BotKind::Random, MEDIUM], seed);
        assert_eq!(analysis.unit, Unit::ExpectedScore);
        for p in &analysis.players {
            let (cost, luck) = totals(&analysis, p.seat);
            let initial = p.initial_value.unwrap();
            let last = p.final_value.unwrap();
            assert!(
                (last - initial - (luck - cost)).abs() < 1e-9,
                "seed {seed} seat {}: {last} − {initial} ≠ {luck} − {cost}",
                p.seat
            );
            // The value of the empty grid is the solved expectation.
            assert!(
                (initial
                    - crate::yams::solved(&Default::default())
                        .unwrap()
                        .expected_score())
                .abs()
                    < 1e-12
            );
        }
        // Every decision is judged, and each step's curve is complete.
        for step in &analysis.steps {
            assert!(step.values.iter().all(Option::is_some));
            if let StepKind::Decision(d) = &step.kind
                && d.unforced
            {
                assert!(d.judgement.is_some());
            }
        }
    }
}

#[test]
fn zare_equation_holds_for_both_players_of_5000() {
    for seed in 0..6 {
        let analysis = analysed(GameId::FiveThousand, &[STRONG, BotKind::Random], seed);
        assert_eq!(analysis.unit, Unit::WinProbability);
        for p in &analysis.players {
            let other = 1 - p.seat;
            let (cost, luck) = totals(&analysis, p.seat);
            let (other_cost, _) = totals(&analysis, other);
            let initial = p.initial_value.unwrap();
            let last = p.final_value.unwrap();
            assert!(last == 0.0 || last == 1.0);
            // Zero-sum: the opponent's errors are this seat's gains.
            let moved = luck - cost + other_cost;
            assert!(
                (last - initial - moved).abs() < 1e-9,
                "seed {seed} seat {}: {last} − {initial} ≠ {moved}",
                p.seat
            );
            // Two-player luck: one's own minus the other's.
            let mine = p.luck;
            let theirs = analysis.players[other].luck;
            assert!((p.luck_received - (mine - theirs)).abs() < 1e-9);
            assert!((p.luck_adjusted.unwrap() - (last - mine + theirs)).abs() < 1e-9);
        }
    }
}

#[test]
fn the_strong_bot_costs_exactly_nothing_at_yams_and_5000() {
    for seed in 0..4 {
        for game in [GameId::Yams, GameId::FiveThousand] {
            let analysis = analysed(game, &[STRONG, BotKind::Random], seed);
            let strong = costs_of(&analysis, 0);
            assert!(strong.len() > 10, "{game} seed {seed}");
            assert!(
                strong.iter().all(|c| *c == 0.0),
                "{game} seed {seed}: {strong:?}"
            );
            assert_eq!(analysis.players[0].cost_total, 0.0);
            // The random player errs, and its mistakes are marked.
            let random = &analysis.players[1];
            assert!(random.cost_total > 0.0, "{game} seed {seed}");
            let marks = random.marks;
            assert!(marks.inaccuracies + marks.mistakes + marks.blunders > 0);
        }
    }
}

#[test]
fn the_strong_bot_costs_nothing_at_421_either_and_random_play_does() {
    let (mut strong, mut random) = (Vec::new(), Vec::new());
    for seed in 0..4 {
        let analysis = analysed(GameId::FourTwoOne, &[STRONG, BotKind::Random], seed);
        assert_eq!(analysis.unit, Unit::RoundTokens);
        strong.extend(costs_of(&analysis, 0));
        random.extend(costs_of(&analysis, 1));
    }
    assert!(strong.len() > 10 && random.len() > 10);
    assert!(strong.iter().all(|c| *c == 0.0), "{strong:?}");
    assert!(random.iter().sum::<f64>() > 1.0);
}

/// Within each 421 turn the figures add up: the turn's last value minus its value before the
/// first throw is the luck of its throws minus the cost of its decisions.
#[test]
fn a_421_turn_adds_up() {
    let analysis = analysed(GameId::FourTwoOne, &[MEDIUM, BotKind::Random, STRONG], 3);
    let mut checked = 0;
    let mut turn: Option<(Seat, f64, f64, f64)> = None; // seat, value before, luck − cost, last
    let mut close = |turn: &mut Option<(Seat, f64, f64, f64)>| {
        if let Some((_, before, moved, last)) = turn.take() {
            assert!(
                (last - before - moved).abs() < 1e-9,
                "{last} − {before} ≠ {moved}"
            );
            checked += 1;
        }
    };
    for step in &analysis.steps {
        let Some(seat) = step.seat else {
            close(&mut turn);
            continue;
        };
        let value = step.values[seat];
        match &step.kind {
            StepKind::Chance(c) => {
                let (Some(luck), Some(after)) = (c.luck, value) else {
                    close(&mut turn);
                    continue;
                };
                let before = after - luck;
                match &mut turn {
                    Some((s, _, moved, last)) if *s == seat && (before - *last).abs() < 1e-9 => {
                        *moved += luck;
                        *last = after;
                    }
                    _ => {
                        close(&mut turn);
                        turn = Some((seat, before, luck, after));
                    }
                }
            }
            StepKind::Decision(d) => {
                if let (Some(j), Some((s, _, moved, last))) = (&d.judgement, &mut turn)
                    && *s == seat
                {
                    assert!((j.value_best - *last).abs() < 1e-9);
                    *moved -= j.cost;
                    *last = j.value_made;
                }
            }
            StepKind::Leave => close(&mut turn),
        }
    }
    close(&mut turn);
    assert!(checked > 10);
}

/// A 5000 position worked by hand: seat 0, opened with 1000, has 150 in hand, three dice left
/// and one throw; seat 1 has not opened. Banking is worth `1 − V(0, 23)` (in steps of 50),
/// throwing the mean over the 216 throws of the best keep, each banked at once (the throws
/// are used up), a zero throw being worth `1 − V(0, 20)`.
#[test]
fn a_hand_worked_5000_bank_or_throw() {
    let keep = |dice: &[u8]| {
        FiveThousand::any_action(FtAction::Keep {
            dice: FtFaces::from_dice(dice).unwrap(),
        })
    };
    let at = |seat, action| RecordStep::Action { seat, action };
    let throw = |values: &[u8]| RecordStep::Chance {
        values: values.to_vec(),
    };
    let bank = FiveThousand::any_action(FtAction::Bank);
    let rethrow = FiveThousand::any_action(FtAction::Rethrow);
    let options = GameId::FiveThousand.default_options();
    let record = |last: AnyAction| MatchRecord {
        game: GameId::FiveThousand,
        seats: 2,
        options: options.clone(),
        steps: vec![
            throw(&[1, 1, 1, 2, 3]),
            at(0, keep(&[1, 1, 1])),
            at(0, bank.clone()),
            throw(&[2, 2, 3, 3, 4]),
            throw(&[1, 2, 3, 4, 6]),
            at(0, keep(&[1])),
            at(0, rethrow.clone()),
            throw(&[5, 2, 3, 6]),
            at(0, keep(&[5])),
            at(0, last),
        ],
    };
    let solution = crate::five_thousand::solved(&Default::default()).unwrap();
    let banked = |g: u16| 1.0 - solution.value(0, 20 + g);
    let table = tapis_games::five_thousand::Options::default().table();
    let mut by_throw = 0.0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            for c in 1..=6u8 {
                let faces = FtFaces::from_dice(&[a, b, c]).unwrap();
                let mut best = banked(0); // a zero throw: the turn is lost
                let mut any = false;
                table.for_each_keep(faces, |_, points| {
                    let v = banked(3 + (points / 50) as u16);
                    best = if any { best.max(v) } else { v };
                    any = true;
                });
                by_throw += best / 216.0;
            }
        }
    }
    let by_bank = banked(3);
    for (last, made) in [(bank.clone(), by_bank), (rethrow.clone(), by_throw)] {
        let analysis = analyse(&record(last)).unwrap();
        let StepKind::Decision(d) = &analysis.steps[9].kind else {
            panic!("not a decision");
        };
        let j = d.judgement.as_ref().unwrap();
        assert!(
            (j.value_made - made).abs() < 1e-12,
            "{} vs {made}",
            j.value_made
        );
        let best = by_bank.max(by_throw);
        assert!((j.value_best - best).abs() < 1e-12);
        assert!((j.cost - (best - made)).abs() < 1e-12);
    }
    // Worked out, throwing is right here: 150 in hand is little against a player not opened.
    assert!(by_throw > by_bank, "{by_throw} vs {by_bank}");
}

/// A solo Yams grid full but for its Yams box, at the last turn.
fn last_turn_record(first: &[u8], then: &[RecordStep]) -> MatchRecord {
    let score = |b| Yams::any_action(YAction::Score { grid: 0, r#box: b });
    let mut steps = Vec::new();
    for b in BoxId::ALL {
        if b == BoxId::Yams || !b.in_play(&Default::default()) {
            continue;
        }
        steps.push(RecordStep::Chance {
            values: vec![1, 2, 3, 4, 6],
        });
        steps.push(RecordStep::Action {
            seat: 0,
            action: score(b),
        });
    }
    steps.push(RecordStep::Chance {
        values: first.to_vec(),
    });
    steps.extend_from_slice(then);
    MatchRecord {
        game: GameId::Yams,
        seats: 1,
        options: GameId::Yams.default_options(),
        steps,
    }
}

fn reroll(keep: &[u8]) -> AnyAction {
    Yams::any_action(YAction::Reroll {
        keep: Dice::new(keep).unwrap(),
    })
}

/// Only the Yams box (50 for five of a kind) is left; the dice show 6 6 6 2 3 with two throws
/// to come. Keeping the three 6s makes the Yams with probability 1/36 + 10/36 · 1/6 +
/// 25/36 · 1/36 = 121/1296; keeping 6 6 6 2 throws one die: a 6 (1/6) leaves four 6s and one
/// last die (1/6), anything else three 6s and two dice (1/36): 11/216 = 66/1296.
#[test]
fn a_hand_worked_yams_keep() {
    let record = last_turn_record(
        &[6, 6, 6, 2, 3],
        &[
            RecordStep::Action {
                seat: 0,
                action: reroll(&[6, 6, 6, 2]),
            },
            RecordStep::Chance { values: vec![4] },
        ],
    );
    let analysis = analyse(&record).unwrap();
    let step = analysis
        .steps
        .iter()
        .rev()
        .find(|s| matches!(s.kind, StepKind::Decision(_)))
        .unwrap();
    let StepKind::Decision(d) = &step.kind else {
        unreachable!()
    };
    let j = d.judgement.as_ref().unwrap();
    assert_eq!(j.best, reroll(&[6, 6, 6]));
    assert!(
        (j.cost - 50.0 * 55.0 / 1296.0).abs() < 1e-9,
        "cost {}",
        j.cost
    );
    assert!((j.value_best - j.value_made - 50.0 * 55.0 / 1296.0).abs() < 1e-9);
    assert_eq!(j.mark, Some(Mark::Inaccuracy));
}

/// Five equal dice are lucky when only the Yams box is left, five different ones unlucky.
#[test]
fn five_equal_faces_when_needed_are_lucky() {
    let luck_of = |dice: &[u8]| {
        let analysis = analyse(&last_turn_record(dice, &[])).unwrap();
        let Some(StepKind::Chance(c)) = analysis.steps.last().map(|s| &s.kind) else {
            panic!("not a throw")
        };
        c.luck.unwrap()
    };
    let yams = luck_of(&[4, 4, 4, 4, 4]);
    let nothing = luck_of(&[1, 2, 3, 5, 6]);
    assert!(yams > 40.0, "{yams}");
    assert!(nothing < 0.0, "{nothing}");
    // The luck of the Yams is 50 minus the turn's value: the chance of a Yams in three
    // throws, about 4.6 %, times 50.
    assert!((yams - (50.0 - 50.0 * 0.046_029_3)).abs() < 0.01, "{yams}");
}

/// The luck of a seat's throws averages 0: over many seeded throws, within three standard
/// errors of it.
#[test]
fn luck_averages_nothing() {
    for game in [GameId::Yams, GameId::FiveThousand, GameId::FourTwoOne] {
        let mut lucks = Vec::new();
        for seed in 100..112 {
            let analysis = analysed(game, &[MEDIUM, BotKind::Random], seed);
            lucks.extend(analysis.steps.iter().filter_map(|s| match &s.kind {
                StepKind::Chance(c) => c.luck,
                _ => None,
            }));
        }
        let n = lucks.len() as f64;
        let mean = lucks.iter().sum::<f64>() / n;
        let var = lucks.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        assert!(n > 200.0, "{game}: {n} throws");
        assert!(mean.abs() < 3.0 * se, "{game}: mean luck {mean} ± {se}");
    }
}

#[test]
fn marks_follow_the_thresholds_and_the_errors() {
    let t = Thresholds {
        inaccuracy: 1.0,
        mistake: 2.0,
        blunder: 4.0,
    };
    assert_eq!(t.mark(0.5, 0.0), None);
    assert_eq!(t.mark(1.0, 0.0), Some(Mark::Inaccuracy));
    assert_eq!(t.mark(3.0, 0.0), Some(Mark::Mistake));
    assert_eq!(t.mark(5.0, 0.0), Some(Mark::Blunder));
    // Not above twice its standard error: no mark, however large.
    assert_eq!(t.mark(5.0, 2.5), None);
    assert_eq!(t.mark(5.0, 2.4), Some(Mark::Blunder));
    assert_eq!(Mark::Blunder.symbol(), "??");
}

#[test]
fn the_analysis_serialises_with_its_unit_and_engine() {
    let analysis = analysed(GameId::Yams, &[STRONG], 1);
    let value = serde_json::to_value(&analysis).unwrap();
    assert_eq!(value["unit"], json!("expected_score"));
    assert_eq!(value["engine"]["name"], json!("yams-exact"));
    assert_eq!(value["engine"]["version"], json!(ENGINE_VERSION));
    assert_eq!(value["steps"][0]["type"], json!("chance"));
    assert!(value["steps"][1]["judgement"]["cost"].is_number());
    assert!(value["players"][0]["luck_adjusted"].is_number());
}

#[test]
fn a_table_no_engine_covers_is_refused() {
    let record = MatchRecord {
        game: GameId::FourTwoOne,
        seats: 9,
        options: GameId::FourTwoOne.default_options(),
        steps: Vec::new(),
    };
    assert!(matches!(
        analyse(&record),
        Err(AnalysisError::Unsupported { .. })
    ));
}

/// The pace is called after each step of the record, and changes nothing of the figures.
#[test]
fn the_pace_is_called_after_each_step_and_changes_no_figure() {
    for game in [GameId::Yams, GameId::FourTwoOne, GameId::Linja] {
        let record = bot_match(
            game,
            &game.default_options(),
            &[STRONG, MEDIUM],
            11,
            11 ^ 0x5eed,
        )
        .unwrap();
        let mut paces = 0;
        let paced = analyse_paced(&record, &mut || paces += 1).unwrap();
        assert_eq!(paces, record.steps.len(), "{game:?}");
        assert_eq!(
            serde_json::to_value(&paced).unwrap(),
            serde_json::to_value(analyse(&record).unwrap()).unwrap(),
            "{game:?}"
        );
    }
}

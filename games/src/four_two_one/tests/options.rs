//! The named options of `rules/421.md`, each shown changing the game.

use serde_json::json;

use super::*;
use crate::options::{option_variants, parse_options};

use Event as E;

#[test]
fn option_specs_name_every_option_with_the_seed_defaults() {
    let defaults = Options::default();
    assert_eq!(
        serde_json::to_value(&defaults).unwrap(),
        json!({
            "first_player_rule": "highest",
            "le_bon": false,
            "espagnole": false,
            "nenette_amount": "fixed_two",
            "charge_single_throw": false,
            "tie_break_amount_one": false,
            "zero_at_charge_end": "win_immediately",
        })
    );
    let parsed = parse_options::<G>(&json!({
        "first_player_rule": "lowest",
        "nenette_amount": "best_plus_two",
        "zero_at_charge_end": "sits_out_of_decharge",
        "le_bon": true,
    }))
    .unwrap();
    assert_eq!(
        parsed,
        Options {
            first_player_rule: FirstPlayerRule::Lowest,
            nenette_amount: NenetteAmount::BestPlusTwo,
            zero_at_charge_end: ZeroAtChargeEnd::SitsOutOfDecharge,
            le_bon: true,
            ..Options::default()
        }
    );
    let error = parse_options::<G>(&json!({"nenette_amount": "three"})).unwrap_err();
    assert_eq!(error.option.as_deref(), Some("nenette_amount"));
    // The defaults, then one variant per other value: 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1.
    assert_eq!(option_variants::<G>().len(), 9);
}

#[test]
fn option_first_player_rule_lowest_gives_the_lead_to_the_lowest_die() {
    let throws = [3, 1, 2];
    let first = |rule| {
        let mut m = Match::new(
            3,
            Options {
                first_player_rule: rule,
                ..Options::default()
            },
        );
        let events: Vec<Event> = throws.iter().flat_map(|die| m.dice(&[*die])).collect();
        events.iter().find_map(|e| match e {
            E::FirstPlayer { seat } => Some(*seat),
            _ => None,
        })
    };
    assert_eq!(first(FirstPlayerRule::Highest), Some(1));
    assert_eq!(first(FirstPlayerRule::Lowest), Some(2));
    // The ace stays the highest face: against a six, the six is the lowest.
    let mut m = Match::new(
        2,
        Options {
            first_player_rule: FirstPlayerRule::Lowest,
            ..Options::default()
        },
    );
    m.dice(&[1]);
    assert_eq!(m.dice(&[6])[1], E::FirstPlayer { seat: 1 });
    // Ties at the bottom are thrown again.
    let mut m = Match::new(
        3,
        Options {
            first_player_rule: FirstPlayerRule::Lowest,
            ..Options::default()
        },
    );
    m.dice(&[2]);
    m.dice(&[5]);
    assert_eq!(
        m.dice(&[2])[1],
        E::StartTie {
            seats: seats(&[0, 2]),
        }
    );
}

#[test]
fn option_le_bon_adds_a_choice_to_stop_early_for_following_players() {
    let follower_choices = |le_bon| {
        let mut m = Match::started(
            2,
            Options {
                le_bon,
                ..Options::default()
            },
            0,
        );
        m.dice(&[5, 3, 2]);
        m.reroll(0, &[2]);
        m.dice(&[1]);
        m.act(0, Action::Stop);
        m.dice(&[6, 6, 5]);
        m.legal(1)
    };
    let with = follower_choices(true);
    let without = follower_choices(false);
    assert_eq!(with[0], Action::LeBon);
    assert_eq!(with[1..], without[..]);
}

#[test]
fn option_espagnole_the_player_taking_all_21_tokens_loses() {
    for espagnole in [false, true] {
        let options = Options {
            espagnole,
            ..Options::default()
        };
        let mut m = Match::at(Phase::Charge, &[0, 20], 0, options);
        let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 1]]);
        let end = &events[events.len() - 2..];
        if espagnole {
            assert_eq!(
                end,
                [
                    E::Espagnole { seat: 1 },
                    E::GameOver {
                        winners: seats(&[0]),
                        reason: EndReason::Espagnole,
                    },
                ]
            );
        } else {
            assert_eq!(
                end[1],
                E::GameOver {
                    winners: seats(&[0]),
                    reason: EndReason::NoTokensAfterCharge,
                }
            );
        }
        let outcome = G::outcome(&m.state).unwrap();
        let reason = if espagnole {
            "espagnole"
        } else {
            "no_tokens_after_charge"
        };
        assert_eq!(outcome.reason, reason);
        let ranking: Vec<(Seat, usize, i64)> = outcome
            .ranking
            .iter()
            .map(|p| (p.seat, p.rank, p.score))
            .collect();
        assert_eq!(ranking, vec![(0, 1, 0), (1, 2, 21)]);
    }
    // With three players, the others share the win.
    let options = Options {
        espagnole: true,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 0, 19], 2, options);
    let events = m.one_throw_round(&[[3, 2, 2], [6, 6, 6], [5, 5, 5]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Espagnole { seat: 2 },
            E::GameOver {
                winners: seats(&[0, 1]),
                reason: EndReason::Espagnole,
            },
        ]
    );
}

#[test]
fn option_espagnole_does_not_apply_below_21_tokens() {
    let options = Options {
        espagnole: true,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[1, 19], 0, options);
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 1]]);
    assert!(events.contains(&E::DechargeStarted {
        sitting_out: Seats::EMPTY,
    }));
    assert_eq!(m.tokens(), vec![1, 20]);
}

#[test]
fn option_nenette_amount_variants_in_play() {
    let cases = [
        (NenetteAmount::FixedTwo, [4, 2, 1], 2),
        (NenetteAmount::AtLeastTwo, [4, 2, 1], 10),
        (NenetteAmount::AtLeastTwo, [6, 5, 3], 2),
        (NenetteAmount::BestPlusTwo, [4, 2, 1], 12),
        (NenetteAmount::BestPlusTwo, [6, 5, 3], 3),
    ];
    for (nenette_amount, best, due) in cases {
        let options = Options {
            nenette_amount,
            ..Options::default()
        };
        let mut m = Match::at(Phase::Charge, &[0, 0], 0, options.clone());
        let events = m.one_throw_round(&[best, [2, 2, 1]]);
        assert!(
            events.contains(&E::Charged {
                seat: 1,
                due,
                count: due,
                basis: AmountBasis::Nenette,
                pot: 21 - due,
            }),
            "{nenette_amount:?} with {best:?}: {events:?}"
        );
        // The décharge follows the same rule.
        let mut m = Match::at(Phase::Decharge, &[15, 6], 0, options);
        let events = m.one_throw_round(&[best, [2, 2, 1]]);
        assert!(events.contains(&E::Paid {
            from: 0,
            to: 1,
            due,
            count: due,
            basis: AmountBasis::Nenette,
        }));
    }
}

#[test]
fn option_nenette_amount_exhaustive_over_every_best_result() {
    for best in Combination::all() {
        for (nenette_amount, expected) in [
            (NenetteAmount::FixedTwo, 2),
            (NenetteAmount::AtLeastTwo, best.tokens.max(2)),
            (NenetteAmount::BestPlusTwo, best.tokens + 2),
        ] {
            let m = Match::at(
                Phase::Charge,
                &[0, 0],
                0,
                Options {
                    nenette_amount,
                    ..Options::default()
                },
            );
            assert_eq!(
                m.table().amount(best.dice, [2, 2, 1]),
                (expected, AmountBasis::Nenette)
            );
            // Without a nénette, the option changes nothing.
            if best.dice != [2, 2, 1] {
                assert_eq!(
                    m.table().amount(best.dice, [3, 2, 2]),
                    (best.tokens, AmountBasis::BestResult)
                );
            }
        }
    }
}

#[test]
fn option_charge_single_throw_turns_have_one_throw_during_the_charge_only() {
    let options = Options {
        charge_single_throw: true,
        ..Options::default()
    };
    let mut m = Match::started(2, options.clone(), 0);
    assert_eq!(
        m.dice(&[6, 5, 3]),
        vec![
            E::DiceThrown {
                seat: 0,
                throw: 1,
                kept: Faces::EMPTY,
                thrown: faces(&[6, 5, 3]),
                dice: [6, 5, 3],
            },
            E::TurnEnded {
                seat: 0,
                throws: 1,
                result: result([6, 5, 3]),
            },
            E::ThrowsFixed { seat: 0, throws: 1 },
            E::TurnStarted { seat: 1 },
        ]
    );
    // The whole charge is chance steps: no decision at all, whatever the dice.
    let mut m = Match::started(3, options.clone(), 0);
    let mut face = 0u8;
    for _ in 0..10_000 {
        if m.table().phase != Phase::Charge || m.turn() == Turn::Over {
            break;
        }
        let Turn::Chance {
            chance: Chance::Dice { count },
        } = m.turn()
        else {
            panic!("a decision during a single-throw charge: {:?}", m.turn());
        };
        let values: Vec<u8> = (0..count)
            .map(|_| {
                face = face % 6 + 1;
                face
            })
            .collect();
        m.dice(&values);
    }
    assert!(m.table().phase == Phase::Decharge || m.turn() == Turn::Over);
    // The décharge has the normal throws again.
    let mut m = Match::at(Phase::Decharge, &[10, 11], 0, options);
    m.dice(&[6, 5, 3]);
    assert_eq!(m.turn(), Turn::Seat { seat: 0 });
    assert_eq!(m.view().current.unwrap().max_throws, 3);
}

#[test]
fn option_tie_break_amount_one_moves_a_single_token_after_a_tie_break() {
    for tie_break_amount_one in [false, true] {
        let options = Options {
            tie_break_amount_one,
            ..Options::default()
        };
        let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, options.clone());
        m.one_throw_round(&[[4, 2, 1], [6, 3, 2], [6, 3, 2]]);
        m.dice(&[5, 5, 5]);
        let events = m.dice(&[5, 5, 4]);
        let (due, basis) = if tie_break_amount_one {
            (1, AmountBasis::TieBreak)
        } else {
            (10, AmountBasis::BestResult)
        };
        assert_eq!(
            events[1],
            E::Charged {
                seat: 1,
                due,
                count: due,
                basis,
                pot: 21 - due,
            }
        );
        // Also for a tie for the best result in the décharge, and over a nénette.
        let mut m = Match::at(Phase::Decharge, &[7, 7, 7], 0, options);
        m.one_throw_round(&[[4, 2, 1], [4, 2, 1], [2, 2, 1]]);
        m.dice(&[5, 5, 5]);
        let events = m.dice(&[5, 5, 4]);
        let (due, basis) = if tie_break_amount_one {
            (1, AmountBasis::TieBreak)
        } else {
            (2, AmountBasis::Nenette)
        };
        assert_eq!(
            events[1],
            E::Paid {
                from: 1,
                to: 2,
                due,
                count: due,
                basis,
            }
        );
    }
    // A round without a tie is not affected.
    let options = Options {
        tie_break_amount_one: true,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 0], 0, options);
    let events = m.one_throw_round(&[[4, 2, 1], [6, 3, 2]]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 10,
        count: 10,
        basis: AmountBasis::BestResult,
        pot: 11,
    }));
}

#[test]
fn option_zero_at_charge_end_sits_out_of_decharge() {
    let options = Options {
        zero_at_charge_end: ZeroAtChargeEnd::SitsOutOfDecharge,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 1, 19], 0, options.clone());
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(
        events[events.len() - 3..],
        [
            E::DechargeStarted {
                sitting_out: seats(&[0]),
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Decharge,
                leader: 2,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
    let view = m.view();
    assert!(view.players[0].sitting_out && !view.players[0].to_play);
    // Seat 0 never throws: the round is seats 2 then 1.
    m.one_throw([3, 2, 2]);
    assert_eq!(m.view().current.unwrap().seat, 1);
    let events = m.one_throw([6, 6, 5]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 1,
                to: 2,
                due: 1,
                count: 1,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Discharged,
            },
        ]
    );
    // The winner of the décharge first; the seat that sat out holds no token and comes next.
    let outcome = G::outcome(&m.state).unwrap();
    let ranking: Vec<(Seat, usize, i64)> = outcome
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect();
    assert_eq!(ranking, vec![(1, 1, 0), (0, 2, 0), (2, 3, 21)]);

    // With a single player left holding tokens there is no décharge to play: those with none
    // win, as by default.
    let mut m = Match::at(Phase::Charge, &[0, 0, 20], 0, options);
    let events = m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert_eq!(
        events.last(),
        Some(&E::GameOver {
            winners: seats(&[0, 1]),
            reason: EndReason::NoTokensAfterCharge,
        })
    );
}

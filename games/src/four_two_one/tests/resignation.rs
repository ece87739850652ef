//! Resignations and time-outs (rules README §5), and what happens to the leaver's tokens.

use super::*;

use Event as E;

fn ranking(m: &Match) -> Vec<(Seat, usize, i64)> {
    G::outcome(&m.state)
        .unwrap()
        .ranking
        .iter()
        .map(|p| (p.seat, p.rank, p.score))
        .collect()
}

#[test]
fn resign_with_two_players_the_other_wins_at_once() {
    let mut m = Match::at(Phase::Charge, &[5, 3], 0, Options::default());
    m.dice(&[6, 5, 3]);
    // Seat 1 leaves while seat 0 is deciding: a seat may leave at any moment.
    assert_eq!(
        m.resign(1),
        vec![
            E::Resigned {
                seat: 1,
                tokens_returned: 3,
            },
            E::GameOver {
                winners: seats(&[0]),
                reason: EndReason::Resignation,
            },
        ]
    );
    assert_eq!(m.turn(), Turn::Over);
    assert_eq!(m.table().pot, 16);
    assert_eq!(G::outcome(&m.state).unwrap().reason, "resignation");
    assert_eq!(ranking(&m), vec![(0, 1, 5), (1, 2, 0)]);
}

#[test]
fn resign_on_its_turn_passes_the_turn_and_returns_the_tokens_to_the_pot() {
    let mut m = Match::at(Phase::Charge, &[2, 3, 4], 0, Options::default());
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[2]);
    m.act(0, Action::Stop);
    m.dice(&[4, 4, 1]);
    assert_eq!(
        m.resign(1),
        vec![
            E::Resigned {
                seat: 1,
                tokens_returned: 3,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
    assert_eq!(m.tokens(), vec![2, 0, 4]);
    assert_eq!(m.table().pot, 15);
    assert_eq!(m.turn(), throw_of(3));
    assert!(m.legal(1).is_empty());
    m.dice(&[3, 3, 2]);
    m.reroll(2, &[2]);
    let events = m.dice(&[1]);
    assert!(events.contains(&E::Charged {
        seat: 2,
        due: 1,
        count: 1,
        basis: AmountBasis::BestResult,
        pot: 14,
    }));
    // Its turns are skipped from now on: the next round is seat 2, then seat 0.
    let view = m.view();
    assert!(!view.players[1].playing && !view.players[1].to_play);
    m.one_throw([6, 6, 5]);
    assert_eq!(m.view().current.unwrap().seat, 0);
}

#[test]
fn resign_while_its_throw_is_pending_passes_the_turn_cleanly() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.dice(&[6, 5, 3]);
    m.reroll(0, &[3]);
    m.dice(&[2]);
    m.act(0, Action::Stop);
    m.dice(&[4, 4, 1]);
    m.reroll(1, &[4, 1]);
    assert_eq!(m.turn(), throw_of(2));
    m.resign(1);
    // Seat 2 starts its own turn with a fresh throw of three dice.
    assert_eq!(m.turn(), throw_of(3));
    assert_eq!(m.view().current.unwrap().seat, 2);
    assert_eq!(
        m.dice(&[5, 5, 5]),
        vec![E::DiceThrown {
            seat: 2,
            throw: 1,
            kept: Faces::EMPTY,
            thrown: faces(&[5, 5, 5]),
            dice: [5, 5, 5],
        }]
    );
}

#[test]
fn resign_of_the_leader_before_it_fixed_k_hands_the_lead_to_the_next_seat() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.dice(&[6, 5, 3]);
    assert_eq!(
        m.resign(0),
        vec![
            E::Resigned {
                seat: 0,
                tokens_returned: 0,
            },
            E::TurnStarted { seat: 1 },
        ]
    );
    let view = m.view();
    assert_eq!((view.leader, view.throws_fixed), (Some(1), None));
    m.dice(&[6, 5, 3]);
    assert_eq!(m.legal(1)[0], Action::Stop);
    m.act(1, Action::Stop);
    assert_eq!(m.table().throws_fixed, Some(1));
}

#[test]
fn resign_after_playing_removes_its_result_from_the_round() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[2, 2, 1], [6, 5, 3]]);
    // Seat 0's nénette would lose; seat 0 leaves before seat 2 throws.
    assert_eq!(
        m.resign(0),
        vec![E::Resigned {
            seat: 0,
            tokens_returned: 0,
        }]
    );
    let events = m.dice(&[6, 6, 5]);
    assert!(events.contains(&E::Charged {
        seat: 1,
        due: 1,
        count: 1,
        basis: AmountBasis::BestResult,
        pot: 20,
    }));
}

#[test]
fn resign_during_a_tie_break_settles_the_round_among_the_others() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[4, 2, 1], [3, 2, 2], [3, 2, 2]]);
    m.dice(&[6, 6, 6]);
    // Seat 1, still to throw in the tie-break for the worst, leaves: seat 2 is the loser.
    assert_eq!(
        m.resign(1),
        vec![
            E::Resigned {
                seat: 1,
                tokens_returned: 0,
            },
            E::Charged {
                seat: 2,
                due: 10,
                count: 10,
                basis: AmountBasis::BestResult,
                pot: 11,
            },
            E::RoundStarted {
                round: 2,
                phase: Phase::Charge,
                leader: 2,
            },
            E::TurnStarted { seat: 2 },
        ]
    );
}

#[test]
fn resign_of_a_seat_outside_the_tie_break_lets_it_go_on() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0, 0], 0, Options::default());
    m.one_throw_round(&[[4, 2, 1], [3, 2, 2], [6, 5, 3], [3, 2, 2]]);
    m.dice(&[6, 6, 6]);
    // Seat 0 held the best result: the amount becomes that of the best result still in play.
    assert_eq!(
        m.resign(0),
        vec![E::Resigned {
            seat: 0,
            tokens_returned: 0,
        }]
    );
    assert_eq!(m.view().tie_break.unwrap().seats, seats(&[1, 3]));
    let events = m.dice(&[5, 5, 5]);
    assert_eq!(
        events[1],
        E::Charged {
            seat: 1,
            due: 1,
            count: 1,
            basis: AmountBasis::BestResult,
            pot: 20,
        }
    );
}

#[test]
fn resign_during_the_first_player_throw() {
    let mut m = Match::new(3, Options::default());
    m.dice(&[1]);
    // Seat 0 (an ace, ahead) leaves: seats 1 and 2 decide.
    m.resign(0);
    assert_eq!(m.dice(&[3]), vec![E::StartDieThrown { seat: 1, die: 3 }]);
    assert_eq!(m.dice(&[4])[1], E::FirstPlayer { seat: 2 });
    // The last seat to throw leaves: the others have thrown, the decision is made at once.
    let mut m = Match::new(3, Options::default());
    m.dice(&[5]);
    m.dice(&[4]);
    assert_eq!(
        m.resign(2),
        vec![
            E::Resigned {
                seat: 2,
                tokens_returned: 0,
            },
            E::FirstPlayer { seat: 0 },
            E::RoundStarted {
                round: 1,
                phase: Phase::Charge,
                leader: 0,
            },
            E::TurnStarted { seat: 0 },
        ]
    );
}

#[test]
fn resign_until_one_seat_is_left_who_wins_later_leavers_ranking_higher() {
    let mut m = Match::at(Phase::Charge, &[1, 2, 3], 0, Options::default());
    m.resign(2);
    assert_eq!(
        m.resign(0),
        vec![
            E::Resigned {
                seat: 0,
                tokens_returned: 1,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Resignation,
            },
        ]
    );
    assert_eq!(ranking(&m), vec![(1, 1, 2), (0, 2, 0), (2, 3, 0)]);
}

#[test]
fn resign_in_the_decharge_sets_the_tokens_aside_and_the_game_goes_on() {
    let mut m = Match::at(Phase::Decharge, &[5, 8, 8], 0, Options::default());
    m.resign(0);
    assert_eq!(m.table().pot, 5);
    assert_eq!(m.view().leader, Some(1));
    let events = m.one_throw_round(&[[4, 2, 1], [6, 5, 3]]);
    assert_eq!(
        events[events.len() - 2..],
        [
            E::Paid {
                from: 1,
                to: 2,
                due: 10,
                count: 8,
                basis: AmountBasis::BestResult,
            },
            E::GameOver {
                winners: seats(&[1]),
                reason: EndReason::Discharged,
            },
        ]
    );
    // The leaver ranks last although it holds no token.
    assert_eq!(ranking(&m), vec![(1, 1, 0), (2, 2, 16), (0, 3, 0)]);
}

#[test]
fn resign_leaving_nobody_to_play_the_decharge_against() {
    let options = Options {
        zero_at_charge_end: ZeroAtChargeEnd::SitsOutOfDecharge,
        ..Options::default()
    };
    let mut m = Match::at(Phase::Charge, &[0, 1, 19], 0, options);
    m.one_throw_round(&[[6, 5, 3], [6, 5, 2], [6, 5, 1]]);
    assert!(m.table().players[0].sitting_out);
    // Seat 2 leaves: seat 1 would play the décharge alone, so the seat sitting out wins.
    assert_eq!(
        m.resign(2)[1],
        E::GameOver {
            winners: seats(&[0]),
            reason: EndReason::Resignation,
        }
    );
    assert_eq!(ranking(&m), vec![(0, 1, 0), (1, 2, 1), (2, 3, 0)]);
}

#[test]
fn resign_refusals_change_nothing() {
    let mut m = Match::at(Phase::Charge, &[0, 0, 0], 0, Options::default());
    m.resign(1);
    assert_eq!(
        m.refused(|s, e| G::resign(s, 1, e)),
        ActionError::illegal("this seat has already left the game")
    );
    assert_eq!(
        m.refused(|s, e| G::resign(s, 3, e)),
        ActionError::NoSuchSeat
    );
    m.resign(2);
    assert_eq!(m.turn(), Turn::Over);
    assert_eq!(m.refused(|s, e| G::resign(s, 0, e)), ActionError::GameOver);
}

//! The hand-computed cases of `docs/ratings.md`, and properties over random matches.
//!
//! Expected values are exact millionths of a point, worked out independently with 60-digit
//! decimal arithmetic (the formula, `E` rounded to 10⁻¹², each change rounded to the millionth).

use proptest::prelude::*;

use super::*;

fn seat(points: i64, games: u32, rank: usize) -> Standing {
    Standing {
        rating: Rating::from_points(points),
        games,
        rank,
    }
}

/// The changes of `seats`, in millionths of a point.
fn deltas(seats: &[Standing]) -> Vec<i64> {
    rate(seats)
        .into_iter()
        .map(|c| c.delta().micros())
        .collect()
}

#[test]
fn everyone_starts_at_1500() {
    assert_eq!(INITIAL_RATING.micros(), 1_500_000_000);
    assert_eq!(INITIAL_RATING.to_string(), "1500");
}

#[test]
fn two_new_players_at_1500_the_winner_takes_20() {
    // E = 1 / (1 + 10^0) = ½; K = 40; +40 × (1 − ½) = +20 and 40 × (0 − ½) = −20.
    let changes = rate(&[seat(1500, 0, 1), seat(1500, 0, 2)]);
    assert_eq!(changes[0].after, Rating::from_points(1520));
    assert_eq!(changes[1].after, Rating::from_points(1480));
    // The seat order does not matter, only the ranks.
    assert_eq!(
        deltas(&[seat(1500, 0, 2), seat(1500, 0, 1)]),
        [-20_000_000, 20_000_000]
    );
}

#[test]
fn a_draw_between_equals_changes_nothing() {
    assert_eq!(deltas(&[seat(1500, 0, 1), seat(1500, 0, 1)]), [0, 0]);
}

#[test]
fn a_draw_between_unequal_ratings_moves_points_to_the_lower() {
    // E(1600 vs 1400) = 1 / (1 + 10^(−200/400)) = 0.759746926647958...
    // 40 × (½ − 0.759746926648) = −10.389877066 → −10.389877.
    assert_eq!(
        deltas(&[seat(1600, 0, 1), seat(1400, 0, 1)]),
        [-10_389_877, 10_389_877]
    );
}

#[test]
fn an_upset_pays_more_than_the_expected_result() {
    // E(1400 vs 1600) = 0.240253073352042; 40 × (1 − 0.240253073352) = +30.389877066.
    assert_eq!(
        deltas(&[seat(1400, 0, 1), seat(1600, 0, 2)]),
        [30_389_877, -30_389_877]
    );
    // The favourite winning: 40 × (1 − 0.759746926648) = +9.610122934.
    assert_eq!(
        deltas(&[seat(1600, 0, 1), seat(1400, 0, 2)]),
        [9_610_123, -9_610_123]
    );
}

#[test]
fn four_players_with_a_tie_for_second() {
    // Ranks 2, 1, 2, 4 for ratings 1600, 1550, 1450, 1400; K/(N−1) = 40/3.
    // 1600: S = 0, ½, 1 against E = 0.571463, 0.703385, 0.759747 → Σ(S−E) = −0.534595
    //       → −7.127934. 1550: Σ = 1.228013 → +16.373508. 1450: Σ = 0.271987 → +3.626492.
    //       1400: Σ = −0.965405 → −12.872066.
    let changes = deltas(&[
        seat(1600, 0, 2),
        seat(1550, 0, 1),
        seat(1450, 0, 2),
        seat(1400, 0, 4),
    ]);
    assert_eq!(changes, [-7_127_934, 16_373_508, 3_626_492, -12_872_066]);
    assert_eq!(changes.iter().sum::<i64>(), 0);
}

#[test]
fn four_equal_players_with_a_tie() {
    // Winner: 40/3 × 3 × ½ = +20; the tied pair: 40/3 × (−½ + 0 + ½) = 0; last: −20.
    assert_eq!(
        deltas(&[
            seat(1500, 0, 1),
            seat(1500, 0, 2),
            seat(1500, 0, 2),
            seat(1500, 0, 4)
        ]),
        [20_000_000, 0, 0, -20_000_000]
    );
}

#[test]
fn three_players_at_1500() {
    // The winner: 40/2 × (½ + ½) = +20; second: 20 × (−½ + ½) = 0; last: −20.
    assert_eq!(
        deltas(&[seat(1500, 0, 1), seat(1500, 0, 2), seat(1500, 0, 3)]),
        [20_000_000, 0, -20_000_000]
    );
}

#[test]
fn rounding_never_creates_or_destroys_points() {
    // Ratings 1501, 1500, 1470 finishing in that order; K/(N−1) = 20. Exact changes
    // +19.08132630416, −0.83254760626, −18.2487786979: rounded to the nearest millionth they
    // would sum to −1 (…326, −…548, −…779), so the change rounded down the furthest (the second,
    // by 0.394 of a millionth) gets the millionth back.
    let changes = deltas(&[seat(1501, 0, 1), seat(1500, 0, 2), seat(1470, 0, 3)]);
    assert_eq!(changes, [19_081_326, -832_547, -18_248_779]);
    assert_eq!(changes.iter().sum::<i64>(), 0);
}

#[test]
fn seven_players() {
    let seats: Vec<Standing> = (0..7)
        .map(|i| seat(1500 + 7 * i, 0, 1 + i as usize / 2))
        .collect();
    let changes = deltas(&seats);
    assert_eq!(
        changes,
        [
            18_073_011,
            17_604_860,
            3_802_619,
            3_333_333,
            -10_469_286,
            -10_938_193,
            -21_406_344
        ]
    );
    assert_eq!(changes.iter().sum::<i64>(), 0);
}

#[test]
fn k_is_40_for_the_first_30_rated_matches_then_20() {
    assert_eq!(k_factor(0), 40);
    assert_eq!(k_factor(29), 40);
    assert_eq!(k_factor(30), 20);
    assert_eq!(k_factor(500), 20);
    // The player with 29 matches behind them plays their 30th with K = 40; the one with 30
    // plays their 31st with K = 20. Changes no longer sum to zero.
    assert_eq!(
        deltas(&[seat(1500, 29, 1), seat(1500, 30, 2)]),
        [20_000_000, -10_000_000]
    );
    assert_eq!(
        deltas(&[seat(1500, 30, 1), seat(1500, 29, 2)]),
        [10_000_000, -20_000_000]
    );
    assert_eq!(
        deltas(&[seat(1500, 30, 1), seat(1500, 31, 2)]),
        [10_000_000, -10_000_000]
    );
}

#[test]
fn a_rating_is_provisional_for_the_first_10_rated_matches() {
    assert!(is_provisional(0));
    assert!(is_provisional(9));
    assert!(!is_provisional(10));
    assert_eq!(display(Rating::from_points(1520), 9), "1520?");
    assert_eq!(display(Rating::from_points(1520), 10), "1520");
}

#[test]
fn ratings_round_only_for_display() {
    assert_eq!(Rating::from_micros(1_519_500_000).to_string(), "1520");
    assert_eq!(Rating::from_micros(1_519_499_999).to_string(), "1519");
    assert_eq!(Rating::from_micros(1_519_987_654).points(), 1519.987654);
    assert_eq!(
        Rating::from_points_f64(1519.987654),
        Some(Rating::from_micros(1_519_987_654))
    );
    assert_eq!(RatingDelta::from_micros(20_000_000).to_string(), "+20");
    assert_eq!(RatingDelta::from_micros(-10_389_877).to_string(), "-10");
    assert_eq!(RatingDelta::from_micros(400_000).to_string(), "±0");
}

#[test]
fn a_second_win_against_a_lower_rating_pays_less() {
    // 1520 beats 1500: E = 1 / (1 + 10^(−20/400)) = 0.528750564; 40 × 0.471249436 = 18.849977.
    assert_eq!(
        deltas(&[seat(1520, 1, 1), seat(1500, 0, 2)]),
        [18_849_977, -18_849_977]
    );
}

#[test]
fn fewer_than_two_seats_change_nothing() {
    assert_eq!(deltas(&[seat(1500, 0, 1)]), [0]);
    assert!(rate(&[]).is_empty());
}

#[test]
fn extreme_differences_stay_finite() {
    // 10^((100000 − 0)/400) overflows f64: E is 0 and the favourite's win is worth nothing.
    let changes = deltas(&[seat(100_000, 0, 1), seat(0, 0, 2)]);
    assert_eq!(changes, [0, 0]);
    assert_eq!(
        deltas(&[seat(0, 0, 1), seat(100_000, 0, 2)]),
        [40_000_000, -40_000_000]
    );
}

fn standings() -> impl Strategy<Value = Vec<Standing>> {
    (2usize..=8).prop_flat_map(|n| {
        proptest::collection::vec((0i64..=3_500_000_000, 0u32..60, 1usize..=8), n).prop_map(
            |seats| {
                seats
                    .into_iter()
                    .map(|(micros, games, rank)| Standing {
                        rating: Rating::from_micros(micros),
                        games,
                        rank,
                    })
                    .collect()
            },
        )
    })
}

/// The change of each seat straight from the formula, in floating point.
fn formula(seats: &[Standing]) -> Vec<f64> {
    let n = seats.len() as f64;
    seats
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let sum: f64 = seats
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, them)| {
                    let s = match me.rank.cmp(&them.rank) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    let e = 1.0
                        / (1.0 + 10f64.powf((them.rating.points() - me.rating.points()) / 400.0));
                    s - e
                })
                .sum();
            k_factor(me.games) as f64 / (n - 1.0) * sum
        })
        .collect()
}

proptest! {
    #[test]
    fn changes_sum_to_zero_when_every_k_is_equal(mut seats in standings(), established in any::<bool>()) {
        for seat in &mut seats {
            seat.games = if established { 30 + seat.games } else { seat.games % 30 };
        }
        let sum: i64 = deltas(&seats).iter().sum();
        prop_assert_eq!(sum, 0);
    }

    #[test]
    fn changes_follow_the_formula_within_a_millionth(seats in standings()) {
        let exact = deltas(&seats);
        for (got, want) in exact.iter().zip(formula(&seats)) {
            // Rounding to the millionth, plus at most one millionth to balance the sum.
            prop_assert!((*got as f64 / 1e6 - want).abs() <= 1.5e-6, "{got} vs {want}");
        }
    }

    #[test]
    fn a_lone_winner_gains_and_a_lone_loser_loses(seats in standings()) {
        let best = seats.iter().map(|s| s.rank).min().unwrap_or(1);
        let worst = seats.iter().map(|s| s.rank).max().unwrap_or(1);
        let changes = deltas(&seats);
        if seats.iter().filter(|s| s.rank == best).count() == 1 && best != worst {
            let i = seats.iter().position(|s| s.rank == best).unwrap_or(0);
            prop_assert!(changes[i] >= 0);
        }
        if seats.iter().filter(|s| s.rank == worst).count() == 1 && best != worst {
            let i = seats.iter().position(|s| s.rank == worst).unwrap_or(0);
            prop_assert!(changes[i] <= 0);
        }
        for (change, seat) in changes.iter().zip(&seats) {
            prop_assert!(change.abs() <= k_factor(seat.games) * 1_000_000);
        }
    }
}

//! Multi-player Elo, as pure arithmetic: (ratings, rated matches played, final ranks) →
//! new ratings. No IO; `docs/ratings.md` states the rules and works examples through.
//!
//! Every seat plays a virtual game against every other seat, scored from the final ranking
//! (1 for the better rank, ½ for equal ranks, 0 for the worse). A player's change is
//! `K / (N − 1) × Σ (S − E)` over its N − 1 opponents, with `E = 1 / (1 + 10^((Rj − Ri)/400))`.
//!
//! Exactness: ratings are whole numbers of millionths of a point ([`Rating`]). The only
//! irrational quantity, the expectation `E`, is computed in `f64` and rounded to the nearest
//! 10⁻¹², with `E(j, i)` defined as exactly `1 − E(i, j)`; everything after that is integer
//! arithmetic. Each change is the exact rational `K × Σ (S − E) / (N − 1)` rounded to the nearest
//! millionth (halves away from zero); when every K of the match is equal the exact changes sum
//! to zero, and the rounded ones are made to as well (largest remainder), so points are never
//! created or lost by rounding.

use std::fmt;

/// Millionths of a point in one point.
const MICROS_PER_POINT: i64 = 1_000_000;

/// The scale of a rounded expectation: `E` is stored as a whole number of 10⁻¹².
const EXPECTATION_SCALE: i64 = 1_000_000_000_000;

/// Every account's rating in every game before its first rated match.
pub const INITIAL_RATING: Rating = Rating::from_points(1500);

/// A rating is provisional while its holder has played fewer rated matches than this.
pub const PROVISIONAL_MATCHES: u32 = 10;

/// The K factor is [`K_NEW`] for this many rated matches, then [`K_ESTABLISHED`].
pub const K_NEW_MATCHES: u32 = 30;

/// The K factor of a player's first [`K_NEW_MATCHES`] rated matches in a game.
pub const K_NEW: i64 = 40;

/// The K factor afterwards.
pub const K_ESTABLISHED: i64 = 20;

/// An Elo rating, exact to the millionth of a point.
///
/// Stored as that whole number (`BIGINT` in the database); shown rounded to a whole point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(i64);

impl Rating {
    /// A rating from a whole number of millionths of a point.
    pub const fn from_micros(micros: i64) -> Rating {
        Rating(micros)
    }

    /// A rating of whole points.
    pub const fn from_points(points: i64) -> Rating {
        Rating(points * MICROS_PER_POINT)
    }

    /// The exact value, in millionths of a point.
    pub const fn micros(self) -> i64 {
        self.0
    }

    /// The value in points, as the API writes it (exact: every millionth below 2⁵³ has a
    /// shortest decimal form of at most six decimals, which is what JSON carries).
    pub fn points(self) -> f64 {
        // Lossless for |rating| < 2^53 millionths (about 9 billion points).
        self.0 as f64 / MICROS_PER_POINT as f64
    }

    /// The rating a JSON number in points stands for (the inverse of [`Rating::points`]).
    pub fn from_points_f64(points: f64) -> Option<Rating> {
        let micros = (points * MICROS_PER_POINT as f64).round();
        // The range of i64, with room to spare: ratings stay within a few thousand points.
        (micros.is_finite() && micros.abs() < 9.0e15).then_some(Rating(micros as i64))
    }

    /// The whole number of points shown to people: rounded to the nearest point, halves away
    /// from zero (1519.5 shows as 1520).
    pub fn rounded(self) -> i64 {
        round_div(i128::from(self.0), i128::from(MICROS_PER_POINT)) as i64
    }

    /// This rating plus `change`.
    pub fn plus(self, change: RatingDelta) -> Rating {
        Rating(self.0 + change.0)
    }
}

impl fmt::Display for Rating {
    /// The rounded rating, as shown to people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rounded())
    }
}

/// A change of rating, exact to the millionth of a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct RatingDelta(i64);

impl RatingDelta {
    /// A change from a whole number of millionths of a point.
    pub const fn from_micros(micros: i64) -> RatingDelta {
        RatingDelta(micros)
    }

    /// The exact value, in millionths of a point.
    pub const fn micros(self) -> i64 {
        self.0
    }

    /// The change between two ratings.
    pub fn between(before: Rating, after: Rating) -> RatingDelta {
        RatingDelta(after.0 - before.0)
    }

    /// The whole number of points shown to people (halves away from zero).
    pub fn rounded(self) -> i64 {
        round_div(i128::from(self.0), i128::from(MICROS_PER_POINT)) as i64
    }
}

impl fmt::Display for RatingDelta {
    /// The rounded change with its sign: `+20`, `-3`, `±0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rounded() {
            0 => f.write_str("±0"),
            n if n > 0 => write!(f, "+{n}"),
            n => write!(f, "{n}"),
        }
    }
}

/// Whether a rating backed by `games` rated matches is still provisional (shown with a `?`).
pub fn is_provisional(games: u32) -> bool {
    games < PROVISIONAL_MATCHES
}

/// A rating as shown to people: rounded, with `?` while provisional (`1520?`).
pub fn display(rating: Rating, games: u32) -> String {
    if is_provisional(games) {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// The K factor of a player who has played `games` rated matches of the game before this one.
pub fn k_factor(games: u32) -> i64 {
    if games < K_NEW_MATCHES {
        K_NEW
    } else {
        K_ESTABLISHED
    }
}

/// One seat of a finished rated match, as the rating rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The rating before the match.
    pub rating: Rating,
    /// Rated matches of this game played before this one.
    pub games: u32,
    /// The final rank, 1 = best; equal ranks are a tie.
    pub rank: usize,
}

/// What a match did to one seat's rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

impl RatingChange {
    /// `after − before`.
    pub fn delta(self) -> RatingDelta {
        RatingDelta::between(self.before, self.after)
    }
}

/// The expected score of a player rated `own` against one rated `opponent`, in units of
/// 10⁻¹²: `round(10¹² / (1 + 10^((opponent − own)/400)))`.
///
/// Only ever called with `own`'s seat before `opponent`'s, so that the reverse expectation is
/// exactly `10¹² − expectation(own, opponent)` whatever the rounding of `powf`.
pub fn expectation(own: Rating, opponent: Rating) -> i64 {
    // Exact in f64: the difference of two ratings is far below 2^53 millionths.
    let exponent = (opponent.0 - own.0) as f64 / (400.0 * MICROS_PER_POINT as f64);
    let expected = 1.0 / (1.0 + 10f64.powf(exponent));
    // In [0, 1] even when 10^x overflows to infinity, so the product fits an i64.
    (expected * EXPECTATION_SCALE as f64).round() as i64
}

/// The score of a virtual game between ranks, in units of 10⁻¹².
fn score(own_rank: usize, opponent_rank: usize) -> i64 {
    match own_rank.cmp(&opponent_rank) {
        std::cmp::Ordering::Less => EXPECTATION_SCALE,
        std::cmp::Ordering::Equal => EXPECTATION_SCALE / 2,
        std::cmp::Ordering::Greater => 0,
    }
}

/// `n / d` rounded to the nearest integer, halves away from zero (`d > 0`). Symmetric:
/// `round_div(−n, d) == −round_div(n, d)`.
fn round_div(n: i128, d: i128) -> i128 {
    if n >= 0 {
        (n + d / 2) / d
    } else {
        -((-n + d / 2) / d)
    }
}

/// The new rating of every seat of a finished rated match, in seat order.
///
/// With fewer than two seats nothing changes. The rules are in the module documentation.
pub fn rate(seats: &[Standing]) -> Vec<RatingChange> {
    let n = seats.len();
    if n < 2 {
        return seats
            .iter()
            .map(|s| RatingChange {
                before: s.rating,
                after: s.rating,
            })
            .collect();
    }
    // Σ (S − E) of each seat, in units of 10⁻¹² (at most 7 × 10¹² in size).
    let mut surplus = vec![0i128; n];
    for i in 0..n {
        for j in (i + 1)..n {
            let e = expectation(seats[i].rating, seats[j].rating);
            let s = score(seats[i].rank, seats[j].rank);
            // S(j, i) − E(j, i) = (1 − S(i, j)) − (1 − E(i, j)) = −(S(i, j) − E(i, j)).
            surplus[i] += i128::from(s - e);
            surplus[j] -= i128::from(s - e);
        }
    }
    // The exact change of seat i is numerator[i] / denominator millionths of a point.
    let denominator = (n as i128 - 1) * i128::from(EXPECTATION_SCALE / MICROS_PER_POINT);
    let numerator: Vec<i128> = seats
        .iter()
        .zip(&surplus)
        .map(|(seat, surplus)| i128::from(k_factor(seat.games)) * surplus)
        .collect();
    let mut change: Vec<i128> = numerator
        .iter()
        .map(|n| round_div(*n, denominator))
        .collect();

    let k = k_factor(seats[0].games);
    if seats.iter().all(|s| k_factor(s.games) == k) {
        // The exact changes sum to zero; make the rounded ones do so too, moving by one
        // millionth the changes that rounding moved furthest in the direction of the excess.
        let excess: i128 = change.iter().sum();
        let rounding_up = |i: usize| change[i] * denominator - numerator[i];
        let mut order: Vec<usize> = (0..n).collect();
        if excess > 0 {
            order.sort_by(|a, b| rounding_up(*b).cmp(&rounding_up(*a)).then(a.cmp(b)));
        } else {
            order.sort_by(|a, b| rounding_up(*a).cmp(&rounding_up(*b)).then(a.cmp(b)));
        }
        let step = -excess.signum();
        let count = usize::try_from(excess.unsigned_abs()).unwrap_or(n);
        for i in order.into_iter().take(count) {
            change[i] += step;
        }
    }

    seats
        .iter()
        .zip(change)
        .map(|(seat, change)| RatingChange {
            before: seat.rating,
            // |change| ≤ K, so it fits an i64.
            after: seat.rating.plus(RatingDelta(change as i64)),
        })
        .collect()
}

#[cfg(test)]
mod tests;

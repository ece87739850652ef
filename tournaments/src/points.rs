//! Points, kept exact: a whole point is [`Points::ONE`] units, a number every table scale
//! divides, so that halves, thirds and shared places never round.

use std::fmt;
use std::ops::{Add, AddAssign};

use serde::{Deserialize, Serialize};

use crate::error::TournamentError;

/// The largest table the scale supports: `2 × (n − 1)` must divide [`Points::ONE`]'s units.
pub const MAX_TABLE_SEATS: usize = 10;

/// A tournament score, in units of 1/5040 of a point (5040 is the least common multiple of the
/// denominators a table of up to ten seats can produce, see [`table_points`]).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(u64);

impl Points {
    /// No point.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw, and a bye.
    pub const HALF: Points = Points(2520);
    /// A whole point: a win at a two-player table.
    pub const ONE: Points = Points(5040);

    /// Points from a number of units (1/5040 of a point each), as stored by [`Points::units`].
    pub const fn from_units(units: u64) -> Points {
        Points(units)
    }

    /// The number of units (1/5040 of a point each): the exact value to store.
    pub const fn units(self) -> u64 {
        self.0
    }

    /// The value in points, for display (rounded by the caller).
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / Self::ONE.0 as f64
    }

    /// A whole number of half points (`halves(3)` is 1½).
    pub const fn halves(count: u64) -> Points {
        Points(count * Self::HALF.0)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    /// Whole points and a fraction rounded to two decimals, without trailing zeros: `1.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = (self.0 * 100 + Self::ONE.0 / 2) / Self::ONE.0;
        let (whole, frac) = (hundredths / 100, hundredths % 100);
        match frac {
            0 => write!(f, "{whole}"),
            f10 if f10 % 10 == 0 => write!(f, "{whole}.{}", f10 / 10),
            _ => write!(f, "{whole}.{frac:02}"),
        }
    }
}

/// The points of every seat of a finished table, from the seats' finishing places.
///
/// `places[i]` is seat `i`'s place, 1 for the winner; equal places are a tie (competition
/// ranking `1, 1, 3` and dense ranking `1, 1, 2` both work: only the order and the ties count).
/// With `n` seats, the seat in position `p` (0 for the first) earns `(n − 1 − p) / (n − 1)`:
/// 1 for the winner, 0 for the last, evenly spaced between. Tied seats share the average of the
/// positions they cover. At two seats this is the usual 1 / ½ / 0.
pub fn table_points(places: &[u32]) -> Result<Vec<Points>, TournamentError> {
    let n = places.len();
    if !(2..=MAX_TABLE_SEATS).contains(&n) {
        return Err(TournamentError::TableSize { seats: n });
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&seat| places[seat]);
    let mut points = vec![Points::ZERO; n];
    let span = (n - 1) as u64;
    let mut start = 0;
    while start < n {
        let place = places[order[start]];
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&s| places[s] == place)
                .count();
        // Positions start..end earn (n − 1 − p) / (n − 1) each; the group shares their mean.
        let sum: u64 = (start..end).map(|p| span - p as u64).sum();
        let shared = Points::ONE.0 * sum / (span * (end - start) as u64);
        for &seat in &order[start..end] {
            points[seat] = Points(shared);
        }
        start = end;
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_seats_score_one_half_zero() {
        assert_eq!(table_points(&[1, 2]).unwrap(), [Points::ONE, Points::ZERO]);
        assert_eq!(table_points(&[2, 1]).unwrap(), [Points::ZERO, Points::ONE]);
        assert_eq!(table_points(&[1, 1]).unwrap(), [Points::HALF, Points::HALF]);
    }

    #[test]
    fn four_seats_with_a_tie_share_the_places() {
        // Places 1, 2, 2, 4: positions 0..3 earn 1, 2/3, 1/3, 0; the tie shares (2/3 + 1/3) / 2.
        let points = table_points(&[2, 1, 4, 2]).unwrap();
        assert_eq!(
            points,
            [Points::HALF, Points::ONE, Points::ZERO, Points::HALF]
        );
        let dense = table_points(&[2, 1, 3, 2]).unwrap();
        assert_eq!(points, dense);
        let three = table_points(&[1, 2, 3]).unwrap();
        assert_eq!(three, [Points::ONE, Points::HALF, Points::ZERO]);
    }

    #[test]
    fn every_seat_tied_is_half_a_point_and_thirds_are_exact() {
        for n in 2..=MAX_TABLE_SEATS {
            assert!(
                table_points(&vec![1; n])
                    .unwrap()
                    .iter()
                    .all(|p| *p == Points::HALF)
            );
            let places: Vec<u32> = (1..=n as u32).collect();
            let total: Points = table_points(&places).unwrap().into_iter().sum();
            assert_eq!(total, Points::from_units(Points::HALF.units() * n as u64));
        }
        assert_eq!(
            table_points(&[1, 2, 3, 4]).unwrap()[1],
            Points::from_units(3360)
        );
        assert!(table_points(&[1]).is_err());
    }

    #[test]
    fn points_print_as_decimals() {
        assert_eq!(Points::halves(3).to_string(), "1.5");
        assert_eq!(Points::from_units(3360).to_string(), "0.67");
        assert_eq!(Points::ONE.to_string(), "1");
    }
}

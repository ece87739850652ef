//! Building final rankings, and keeping track of seats that left the game.

use serde::{Deserialize, Serialize};

use crate::contract::{Placing, Seat};

/// The seats that resigned or ran out of time, in the order they left.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resignations {
    order: Vec<Seat>,
}

impl Resignations {
    /// Whether `seat` has left the game.
    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.order.contains(&seat)
    }

    /// Records that `seat` leaves; returns `false` if it had already left.
    pub fn resign(&mut self, seat: Seat) -> bool {
        if self.has_resigned(seat) {
            return false;
        }
        self.order.push(seat);
        true
    }

    /// The seats that left, first leaver first.
    pub fn seats(&self) -> &[Seat] {
        &self.order
    }

    /// How many of `seats` seats are still playing.
    pub fn remaining(&self, seats: usize) -> usize {
        seats.saturating_sub(self.order.len())
    }

    /// The only seat still playing, if exactly one is left of `seats`.
    pub fn last_one_standing(&self, seats: usize) -> Option<Seat> {
        if self.remaining(seats) != 1 {
            return None;
        }
        (0..seats).find(|s| !self.has_resigned(*s))
    }

    /// A key that puts seats still playing above those that left, and a later leaver above an
    /// earlier one. Compare it before the game's own key.
    pub fn standing(&self, seat: Seat) -> usize {
        match self.order.iter().position(|s| *s == seat) {
            Some(index) => index,
            None => usize::MAX,
        }
    }
}

/// Ranks `seats` seats by `key` (greater is better); equal keys share a rank and the next
/// rank is skipped (1, 2, 2, 4). Returns the placings best first, ties in seat order.
pub fn rank_by_key<K: Ord>(
    seats: usize,
    key: impl Fn(Seat) -> K,
    score: impl Fn(Seat) -> i64,
) -> Vec<Placing> {
    let keys: Vec<K> = (0..seats).map(&key).collect();
    let mut order: Vec<Seat> = (0..seats).collect();
    order.sort_by(|a, b| keys[*b].cmp(&keys[*a]).then(a.cmp(b)));
    let mut placings = Vec::with_capacity(seats);
    for (position, seat) in order.iter().enumerate() {
        let rank = match placings.last() {
            Some(Placing {
                seat: previous,
                rank,
                ..
            }) if keys[*previous] == keys[*seat] => *rank,
            _ => position + 1,
        };
        placings.push(Placing {
            seat: *seat,
            rank,
            score: score(*seat),
        });
    }
    placings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_a_rank_and_skip_the_next() {
        let scores = [10, 30, 10, 5];
        let ranking = rank_by_key(4, |s| scores[s], |s| scores[s]);
        let ranks: Vec<(Seat, usize)> = ranking.iter().map(|p| (p.seat, p.rank)).collect();
        assert_eq!(ranks, vec![(1, 1), (0, 2), (2, 2), (3, 4)]);
    }

    #[test]
    fn resigned_seats_rank_below_the_others_later_leavers_higher() {
        let mut resignations = Resignations::default();
        assert!(resignations.resign(2));
        assert!(resignations.resign(0));
        assert!(!resignations.resign(0));
        let scores = [100, 1, 50];
        let ranking = rank_by_key(3, |s| (resignations.standing(s), scores[s]), |s| scores[s]);
        let seats: Vec<Seat> = ranking.iter().map(|p| p.seat).collect();
        assert_eq!(seats, vec![1, 0, 2]);
        assert_eq!(resignations.last_one_standing(3), Some(1));
    }
}

//! Building final rankings, and keeping track of seats that left the game: what every game
//! does alike when a seat resigns, when the turn passes over the seats that left, and when the
//! seats are ranked.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::contract::{ActionError, Placing, Seat};

/// The reason most games give for refusing a second resignation of a seat.
pub(crate) const ALREADY_LEFT: &str = "this seat has already left the game";

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

    /// Records that `seat` leaves a match of `seats` seats, or refuses: there is no such seat,
    /// the match is `over`, or the seat has already left (`already` says so in the game's
    /// words). Nothing changes when it refuses.
    pub(crate) fn leave(
        &mut self,
        seat: Seat,
        seats: usize,
        over: bool,
        already: &'static str,
    ) -> Result<(), ActionError> {
        if seat >= seats {
            return Err(ActionError::NoSuchSeat);
        }
        if over {
            return Err(ActionError::GameOver);
        }
        if !self.resign(seat) {
            return Err(ActionError::illegal(already));
        }
        Ok(())
    }

    /// The first seat after `seat` in playing order (round the table of `seats` seats) that is
    /// still playing: `seat` itself when it is the only one; `None` when nobody is, or there
    /// are no seats.
    pub(crate) fn next_playing(&self, seats: usize, seat: Seat) -> Option<Seat> {
        let from = seat.checked_rem(seats)?;
        (1..=seats)
            .map(|step| (from + step) % seats)
            .find(|s| !self.has_resigned(*s))
    }

    /// The final ranking of `seats` seats (see [`rank_by_key`]): seats still playing above those
    /// that left, a later leaver above an earlier one, then by the game's `key`.
    pub(crate) fn rank<K: Ord>(
        &self,
        seats: usize,
        key: impl Fn(Seat) -> K,
        score: impl Fn(Seat) -> i64,
    ) -> Vec<Placing> {
        rank_by_key(seats, |seat| (self.standing(seat), key(seat)), score)
    }
}

/// The winner of a two-seat game by the seats' keys (greater is better): seat 0 or seat 1, or
/// `None` when the keys are equal (a draw).
pub(crate) fn better_of_two<K: Ord>([first, second]: [K; 2]) -> Option<Seat> {
    match first.cmp(&second) {
        Ordering::Greater => Some(0),
        Ordering::Less => Some(1),
        Ordering::Equal => None,
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

//! Who takes the first seat: balanced over the rounds.

use std::cmp::Ordering;

use crate::record::{Contender, PlayerId};

/// Whether `a` takes the first seat against `b`, `a` being the higher-ranked of the two.
///
/// The player who has had the first seat fewer times takes it. With equal counts, the one who
/// has had the other seat more often takes it (a late entrant has played fewer). Then the seat
/// history decides, newest round first: at the latest round where the two sat differently, the
/// one who had the first seat then has the other seat now (alternation). With identical
/// histories the higher-ranked player takes the first seat.
pub(crate) fn higher_takes_first_seat<Id: PlayerId>(a: &Contender<Id>, b: &Contender<Id>) -> bool {
    match a.first_seat_count().cmp(&b.first_seat_count()) {
        Ordering::Less => return true,
        Ordering::Greater => return false,
        Ordering::Equal => {}
    }
    let seconds = |p: &Contender<Id>| p.first_seats.len() - p.first_seat_count();
    match seconds(a).cmp(&seconds(b)) {
        Ordering::Greater => return true,
        Ordering::Less => return false,
        Ordering::Equal => {}
    }
    let latest_difference = a
        .first_seats
        .iter()
        .rev()
        .zip(b.first_seats.iter().rev())
        .find(|(x, y)| x != y);
    match latest_difference {
        Some((a_was_first, _)) => !a_was_first,
        None => true,
    }
}

/// Orders the seats of a larger table: fewest first seats first, then (for equal counts) the
/// one who did not have the first seat most recently, then rank. `rank` gives each player's
/// position in the standings.
pub(crate) fn order_table(table: &mut [usize], player: impl Fn(usize) -> (usize, bool)) {
    table.sort_by_key(|&p| {
        let (first_seats, was_first_last) = player(p);
        (first_seats, was_first_last, p)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_seats(id: u32, seats: &[bool]) -> Contender<u32> {
        Contender {
            first_seats: seats.to_vec(),
            ..Contender::new(id, 1500)
        }
    }

    #[test]
    fn fewer_first_seats_then_alternation_then_rank() {
        let a = with_seats(1, &[true, true]);
        let b = with_seats(2, &[false, true]);
        assert!(!higher_takes_first_seat(&a, &b));
        assert!(higher_takes_first_seat(&b, &a));
        let c = with_seats(3, &[true, false]);
        let d = with_seats(4, &[false, true]);
        // Equal counts: d had the first seat last round, so c takes it now.
        assert!(higher_takes_first_seat(&c, &d));
        assert!(!higher_takes_first_seat(&d, &c));
        let e = with_seats(5, &[]);
        let f = with_seats(6, &[]);
        assert!(higher_takes_first_seat(&e, &f));
    }
}

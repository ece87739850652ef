//! What time it is, for the decisions that depend on it: deadlines, vacations and the
//! allowance's calendar year. Production reads the system's time; a test holds an adjustable
//! clock and moves it forward ([`ClockHand::advance`]) rather than wait for days to pass. Times
//! have the precision PostgreSQL stores (microseconds), so that values kept in memory after a
//! write equal the stored ones.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use time::{Duration, OffsetDateTime};

/// The source of the current time that the services decide by (held in
/// [`Settings`](crate::services::Settings)).
#[derive(Debug, Clone, Default)]
pub struct Clock {
    /// How far ahead of the system's time this clock runs, in microseconds (`None`: the
    /// system's time, and nothing can move it).
    ahead_us: Option<Arc<AtomicI64>>,
}

/// The hand that moves an adjustable [`Clock`] (and every copy of it) forward.
#[derive(Debug, Clone)]
pub struct ClockHand {
    ahead_us: Arc<AtomicI64>,
}

impl Clock {
    /// The system's time.
    pub fn system() -> Clock {
        Clock { ahead_us: None }
    }

    /// A clock that runs with the system's time until its hand moves it forward.
    pub fn adjustable() -> (Clock, ClockHand) {
        let ahead_us = Arc::new(AtomicI64::new(0));
        (
            Clock {
                ahead_us: Some(Arc::clone(&ahead_us)),
            },
            ClockHand { ahead_us },
        )
    }

    /// The current time, to the microsecond.
    pub fn now(&self) -> OffsetDateTime {
        let ahead = self
            .ahead_us
            .as_ref()
            .map_or(0, |a| a.load(Ordering::Relaxed));
        let now = OffsetDateTime::now_utc() + Duration::microseconds(ahead);
        // Subtracting the nanoseconds below the microsecond cannot fail, unlike setting them.
        now - Duration::nanoseconds(i64::from(now.nanosecond() % 1_000))
    }
}

impl ClockHand {
    /// Moves the clock forward by `by` (to the microsecond).
    pub fn advance(&self, by: Duration) {
        let us = i64::try_from(by.whole_microseconds()).unwrap_or(i64::MAX);
        self.ahead_us.fetch_add(us, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_have_the_precision_of_the_database() {
        assert_eq!(Clock::system().now().nanosecond() % 1_000, 0);
    }

    #[test]
    fn the_hand_moves_every_copy_of_an_adjustable_clock() {
        let (clock, hand) = Clock::adjustable();
        let copy = clock.clone();
        let before = clock.now();
        hand.advance(Duration::days(3));
        let after = copy.now();
        assert!(after - before >= Duration::days(3));
        assert!(after - before < Duration::days(3) + Duration::minutes(1));
        assert!(Clock::system().now() < after - Duration::days(2));
    }
}

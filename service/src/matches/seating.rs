//! Who may take a seat in an open match, decline it or cancel it: the rules that joining
//! ([`super::life::join`]) applies and that every view of the match reports to its viewer
//! ([`Allowed`]), so that a page never offers what the service would refuse.

use super::views::{Allowed, MatchStatus};
use crate::ServiceError;

/// An open match's seats and invitations, and where the viewer stands in it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Seating {
    pub(super) status: MatchStatus,
    pub(super) seat_count: usize,
    /// Seats taken.
    pub(super) taken: usize,
    /// Invitations not answered yet: seats kept for those players.
    pub(super) pending: usize,
    /// Whether the viewer has a seat.
    pub(super) seated: bool,
    /// Whether the viewer is among the invited.
    pub(super) invited: bool,
    /// Whether the viewer created the match.
    pub(super) creator: bool,
}

impl Seating {
    /// Why the viewer may not take a seat now, if they may not. A seat kept for an invited
    /// player is not free for others.
    pub(super) fn join_refusal(&self) -> Option<ServiceError> {
        if self.status != MatchStatus::Open {
            Some(ServiceError::MatchNotOpen)
        } else if self.seated {
            Some(ServiceError::AlreadyJoined)
        } else if self.taken >= self.seat_count {
            Some(ServiceError::MatchFull)
        } else if !self.invited && self.taken + self.pending >= self.seat_count {
            Some(ServiceError::NotInvited)
        } else {
            None
        }
    }

    /// What a signed-in viewer may do with the match now.
    pub(super) fn allowed(&self) -> Allowed {
        let open = self.status == MatchStatus::Open;
        Allowed {
            join: self.join_refusal().is_none(),
            decline: open && self.invited && !self.seated,
            cancel: open && self.creator,
            abort: false,
            rematch: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two seats, the creator seated, nobody invited, seen by another player.
    fn open() -> Seating {
        Seating {
            status: MatchStatus::Open,
            seat_count: 2,
            taken: 1,
            pending: 0,
            seated: false,
            invited: false,
            creator: false,
        }
    }

    #[test]
    fn a_free_seat_may_be_taken_by_anyone_not_seated() {
        assert!(open().join_refusal().is_none());
        assert_eq!(
            open().allowed(),
            Allowed {
                join: true,
                decline: false,
                cancel: false,
                abort: false,
                rematch: false
            }
        );
        let seated = Seating {
            seated: true,
            creator: true,
            ..open()
        };
        assert!(matches!(
            seated.join_refusal(),
            Some(ServiceError::AlreadyJoined)
        ));
        assert!(seated.allowed().cancel && !seated.allowed().join);
    }

    #[test]
    fn a_seat_kept_for_an_invited_player_is_theirs_alone() {
        let kept = Seating {
            pending: 1,
            ..open()
        };
        assert!(matches!(
            kept.join_refusal(),
            Some(ServiceError::NotInvited)
        ));
        let invitee = Seating {
            invited: true,
            ..kept
        };
        assert!(invitee.join_refusal().is_none());
        assert!(invitee.allowed().decline && invitee.allowed().join);
    }

    #[test]
    fn nothing_is_allowed_once_the_match_is_full_or_under_way() {
        let full = Seating { taken: 2, ..open() };
        assert!(matches!(full.join_refusal(), Some(ServiceError::MatchFull)));
        for status in [
            MatchStatus::Active,
            MatchStatus::Finished,
            MatchStatus::Aborted,
        ] {
            let closed = Seating {
                status,
                invited: true,
                creator: true,
                ..open()
            };
            assert!(matches!(
                closed.join_refusal(),
                Some(ServiceError::MatchNotOpen)
            ));
            assert_eq!(closed.allowed(), Allowed::default());
        }
    }
}

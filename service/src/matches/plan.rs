//! A request for a new match, parsed rather than checked field by field where it is written:
//! [`MatchPlan::parse`] turns a [`NewMatch`] into the match to write (the game, its seats, its
//! options in full, whether it is rated, its clock, the names it invites) or the first rule it
//! breaks, and [`MatchPlan::invitees`] sorts the accounts those names were found to be into
//! the bots, who sit at once, and the people invited. Both are pure: the creation
//! (`super::create::create`) reads the accounts and writes the plan in its transaction.

use serde_json::Value;
use tapis_games::{GameId, SetupError};
use uuid::Uuid;

use super::views::{DaysPerMove, NewMatch};
use crate::error::{ServiceError, ServiceResult};
use crate::identity::accounts::Account;

/// The clock of a match created without saying: days per move.
const DEFAULT_DAYS_PER_MOVE: i16 = 3;

/// The clocks a match may have: days per move.
const DAYS_PER_MOVE: std::ops::RangeInclusive<i16> = 1..=14;

/// A new match, as it will be written.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct MatchPlan {
    pub(super) game: GameId,
    /// How many seats, within the game's bounds.
    pub(super) seats: usize,
    /// Every option of the game (the defaults of those not given), as the game accepted them.
    pub(super) options: Value,
    pub(super) rated: bool,
    /// Days per move, as stored (`None`: no clock).
    pub(super) days_per_move: Option<i16>,
    /// The names invited, as given and in that order: fewer than the seats.
    pub(super) invite: Vec<String>,
}

/// Who the names invited are, once found: the bots, who accept at once and take the seats
/// after the creator's in this order, and the people, who are invited.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Invitees {
    pub(super) bots: Vec<Uuid>,
    pub(super) people: Vec<Uuid>,
}

/// The game's errors of setup as the request's: the seats, or the option at fault.
fn setup_error(error: SetupError) -> ServiceError {
    match error {
        SetupError::SeatCount { .. } => {
            ServiceError::invalid("seats", "seat_count", error.to_string())
        }
        SetupError::Options(e) => {
            let field = match &e.option {
                Some(option) => format!("options.{option}"),
                None => "options".to_owned(),
            };
            ServiceError::invalid(field, "option", e.message)
        }
    }
}

impl MatchPlan {
    /// The match `request` asks for, or the first rule it breaks, in this order: the game, the
    /// seats, the options, the clock, whether it may be rated, the number invited.
    pub(super) fn parse(request: NewMatch) -> ServiceResult<MatchPlan> {
        let game = game_named(&request.game)?;
        let seats = seats_of(game, request.seats)?;
        let options = game
            .normalize_options(request.options.as_ref().unwrap_or(&Value::Null))
            .map_err(setup_error)?;
        let days_per_move = clock_of(request.days_per_move)?;
        let default_options = options == game.default_options();
        let rated = rated_of(request.rated, default_options, seats, days_per_move)?;
        if request.invite.len() >= seats {
            return Err(ServiceError::invalid(
                "invite",
                "invite_too_many",
                "more players invited than free seats",
            ));
        }
        Ok(MatchPlan {
            game,
            seats,
            options,
            rated,
            days_per_move,
            invite: request.invite,
        })
    }

    /// Sorts the accounts the names of [`MatchPlan::invite`] were found to be (`found`, in the
    /// same order; `None` for a name nobody has) for a match created by `creator`, or refuses
    /// the first name that may not be invited: nobody's, the creator's, a person named twice,
    /// or a bot named twice for a rated match (a rating is one player's against the others).
    pub(super) fn invitees(
        &self,
        creator: Uuid,
        found: &[Option<Account>],
    ) -> ServiceResult<Invitees> {
        if found.len() != self.invite.len() {
            return Err(ServiceError::internal(
                "the accounts found are not those of the names invited",
                found.len(),
            ));
        }
        let mut invitees = Invitees::default();
        for (name, account) in self.invite.iter().zip(found) {
            let Some(account) = account else {
                return Err(ServiceError::invalid(
                    "invite",
                    "invite_unknown",
                    format!("no player is named “{name}”"),
                ));
            };
            if account.user_id == creator {
                return Err(ServiceError::invalid(
                    "invite",
                    "invite_self",
                    "you cannot invite yourself",
                ));
            }
            if account.is_bot {
                if self.rated && invitees.bots.contains(&account.user_id) {
                    return Err(ServiceError::invalid(
                        "invite",
                        "invite_rated_twice",
                        format!("“{name}” can sit only once at a rated match"),
                    ));
                }
                invitees.bots.push(account.user_id);
            } else if invitees.people.contains(&account.user_id) {
                return Err(ServiceError::invalid(
                    "invite",
                    "invite_twice",
                    format!("“{name}” is invited twice"),
                ));
            } else {
                invitees.people.push(account.user_id);
            }
        }
        Ok(invitees)
    }

    /// Whether the creator and the bots of `invitees` fill every seat: the match then starts
    /// at once.
    pub(super) fn full_with(&self, invitees: &Invitees) -> bool {
        1 + invitees.bots.len() == self.seats
    }
}

/// The game of that id.
fn game_named(id: &str) -> ServiceResult<GameId> {
    id.parse().map_err(|_| {
        let known: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
        ServiceError::invalid(
            "game",
            "game_unknown",
            format!("unknown game “{id}” (known: {})", known.join(", ")),
        )
    })
}

/// The number of seats asked, if `game` is played by that many.
fn seats_of(game: GameId, asked: i64) -> ServiceResult<usize> {
    let (min, max) = (game.min_seats(), game.max_seats());
    usize::try_from(asked)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ServiceError::invalid(
                "seats",
                "seat_count",
                format!("{} is played by {min} to {max} players", game.name()),
            )
        })
}

/// The days per move asked, as stored: 3 when not said, none for no clock, else 1 to 14.
fn clock_of(asked: DaysPerMove) -> ServiceResult<Option<i16>> {
    match asked {
        DaysPerMove::Default => Ok(Some(DEFAULT_DAYS_PER_MOVE)),
        DaysPerMove::NoClock => Ok(None),
        DaysPerMove::Days(days) => i16::try_from(days)
            .ok()
            .filter(|d| DAYS_PER_MOVE.contains(d))
            .map(Some)
            .ok_or_else(|| {
                ServiceError::invalid(
                    "days_per_move",
                    "days_range",
                    "must be from 1 to 14, or null for no clock",
                )
            }),
    }
}

/// Whether the match is rated: as asked, if it may be (the default options, two or more
/// players, a clock); when not asked, whenever it may be.
fn rated_of(
    asked: Option<bool>,
    default_options: bool,
    seats: usize,
    days_per_move: Option<i16>,
) -> ServiceResult<bool> {
    match asked {
        Some(true) if !default_options => Err(ServiceError::invalid(
            "rated",
            "rated_default_options",
            "rated matches use the default options",
        )),
        Some(true) if seats < 2 => Err(ServiceError::invalid(
            "rated",
            "rated_two_players",
            "rated matches need two or more players",
        )),
        Some(true) if days_per_move.is_none() => Err(ServiceError::invalid(
            "rated",
            "rated_clock",
            "rated matches need a clock",
        )),
        Some(rated) => Ok(rated),
        None => Ok(default_options && seats >= 2 && days_per_move.is_some()),
    }
}

#[cfg(test)]
mod tests;

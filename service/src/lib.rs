//! Tapis's use cases over PostgreSQL. Presentation layers (`tapis-api`, `tapis-web`) call
//! these functions and map [`ServiceError`] to their own responses; they never touch SQL or
//! game rules themselves.
//!
//! The map, by domain:
//! - `services`: the handle every use case takes (pool, settings, keys, the event hub);
//! - `error`: the one error type, with its stable codes;
//! - `identity`: accounts, passwords, sessions and their tokens, API tokens, the sign-in
//!   throttle, and the authenticated caller;
//! - `players`: players as others see them (profiles and public records);
//! - `games`: the catalogue of games;
//! - `matches`: creating, joining and playing matches, their turn logs and exports;
//! - `fairness`: the committed dice seeds; `verify`: offline verification of an export;
//! - `moderation`: reports, the moderators' actions (mute, suspend, warn...) and their notices;
//! - `ratings`: Elo ratings, their history and the leaderboards;
//! - `analysis`: the analysis of finished matches, queued and made in the background;
//! - `replay`: a finished match step by step, with its analysis (the replay page);
//! - `bots`: the computer players' accounts and the worker that plays their turns;
//! - `tournaments`: Swiss tournaments, their entrants, and the worker that plays their rounds;
//!   `leagues`: the leagues and their seasons; `worker`: the loop every background worker shares;
//! - `events`: what each player hears of, live and after the fact;
//! - `time`: the wall clock, the correspondence clock's loop, and vacations;
//! - `delivery`: what leaves Tapis (the outbox, signed webhooks, e-mail notifications);
//! - `secrets`: random bytes, and MACs keyed by the deployment's secret;
//! - `quotas`: what one client may take of what all share (streams...);
//! - `worker`: what the background workers share (their ticks, their work claimed piece by
//!   piece);
//! - `db` and `schema`: the pool, the migrations and the tables.

// The house rule (clippy.toml sets the limit): no function of the code (tests aside) longer
// than 80 lines.
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

/// Gives a field-less enum its names, as the API and the database write them: `ALL` (every
/// value, in the order listed), `as_str` (a value's name) and `named` (the value of a name, if
/// it is one). The enum's serde names must agree (a test of this crate checks it).
macro_rules! named_values {
    ($ty:ident { $($variant:ident => $name:literal,)+ }) => {
        impl $ty {
            /// Every value, in the order they are shown.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// Its name, as the API and the database write it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// The value named `name`, if there is one.
            pub fn named(name: &str) -> Option<$ty> {
                $ty::ALL.into_iter().find(|v| v.as_str() == name)
            }
        }
    };
}

pub mod activity;
mod adjudication;
pub mod analysis;
pub mod bots;
pub mod chat;
pub mod db;
pub mod delivery;
pub mod error;
pub mod events;
pub mod fairness;
pub mod games;
pub mod identity;
pub mod leagues;
pub mod matches;
pub mod moderation;
pub mod players;
pub mod quotas;
pub mod ratings;
pub mod replay;
pub mod schema;
mod secrets;
pub mod services;
pub mod time;
pub mod tournaments;
pub mod verify;
mod worker;

pub use crate::time::wall_clock::{Clock, ClockHand};
pub use db::DbPool;
pub use error::{ServiceError, ServiceResult};
pub use identity::caller::Identity;
pub use identity::passwords::PasswordHashing;
pub use identity::throttle::SignInLimits;
pub use services::{DEFAULT_VACATION_DAYS, Services, Settings};

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use crate::chat::Preset;
    use crate::events::EventKind;
    use crate::identity::scopes::Scope;
    use crate::moderation::{ActionKind, ReportReason};
    use crate::tournaments::TournamentStatus;

    /// Every value's name (`named_values!`) is its JSON name, and reads back as it.
    fn names_agree<T: Serialize + Copy + PartialEq + std::fmt::Debug>(
        all: &[T],
        as_str: fn(T) -> &'static str,
        named: fn(&str) -> Option<T>,
    ) {
        for &value in all {
            let json = serde_json::to_value(value).unwrap();
            assert_eq!(json.as_str(), Some(as_str(value)), "{value:?}");
            assert_eq!(named(as_str(value)), Some(value));
        }
        assert_eq!(named("no such name"), None);
    }

    #[test]
    fn named_values_agree_with_their_json_names() {
        names_agree(&Scope::ALL, Scope::as_str, Scope::named);
        names_agree(&Preset::ALL, Preset::as_str, Preset::named);
        names_agree(&EventKind::ALL, EventKind::as_str, EventKind::named);
        names_agree(&ActionKind::ALL, ActionKind::as_str, ActionKind::named);
        names_agree(
            &TournamentStatus::ALL,
            TournamentStatus::as_str,
            TournamentStatus::named,
        );
        names_agree(
            &crate::leagues::SeasonStatus::ALL,
            crate::leagues::SeasonStatus::as_str,
            crate::leagues::SeasonStatus::named,
        );
        names_agree(
            &ReportReason::ALL,
            ReportReason::as_str,
            ReportReason::named,
        );
    }
}

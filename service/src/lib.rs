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
//! - `bots`: the computer players' accounts and the worker that plays their turns;
//! - `events`: what each player hears of, live and after the fact;
//! - `time`: the wall clock, the correspondence clock's loop, and vacations;
//! - `delivery`: what leaves Tapis (the outbox, signed webhooks, e-mail notifications);
//! - `secrets`: random bytes, and MACs keyed by the deployment's secret;
//! - `quotas`: what one client may take of what all share (streams...);
//! - `db` and `schema`: the pool, the migrations and the tables.

pub mod activity;
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
pub mod matches;
pub mod moderation;
pub mod players;
pub mod quotas;
pub mod ratings;
pub mod schema;
mod secrets;
pub mod services;
pub mod time;
pub mod verify;

pub use crate::time::wall_clock::{Clock, ClockHand};
pub use db::DbPool;
pub use error::{ServiceError, ServiceResult};
pub use identity::caller::Identity;
pub use identity::passwords::PasswordHashing;
pub use identity::throttle::SignInLimits;
pub use services::{DEFAULT_VACATION_DAYS, Services, Settings};

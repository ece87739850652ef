//! Swiss tournaments and leagues: the pure core (no IO, no async, no database, no randomness).
//!
//! The service stores what goes in ([`Entrant`], [`RoundRecord`]) and what comes out
//! ([`Pairing`], [`Standing`], league divisions and schedules); every type is serde data.
//! Players are named by any [`PlayerId`] (the service's user ids). The rules are written out
//! in `docs/tournaments.md`.
//!
//! Modules, in dependency order:
//! - [`points`]: exact points and the scale of a table by finishing places;
//! - [`record`]: entrants, recorded rounds, and each player's summary for the pairing;
//! - `tables`: sizes and seating of tables of more than two seats;
//! - [`swiss`]: the next round's pairing (a blossom matching for two seats);
//! - [`mod@standings`]: points, tie-breaks, and what separated each line;
//! - [`league`]: divisions, promotion and relegation, round-robin schedules;
//! - [`deadline`]: a round's time limit.

pub mod deadline;
pub mod error;
pub mod league;
pub mod points;
pub mod record;
pub mod standings;
pub mod swiss;
mod tables;

pub use deadline::RoundClock;
pub use error::TournamentError;
pub use points::{MAX_TABLE_SEATS, Points, table_points};
pub use record::{Contender, Entrant, PlayerId, RoundRecord, TableResult, contenders};
pub use standings::{Decided, Standing, TieBreak, standings};
pub use swiss::{Pairing, TableSizes, pair_round};

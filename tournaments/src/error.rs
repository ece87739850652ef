//! The one error type of the crate: input a caller should have refused before (the service
//! stores only what it validated, so these mean a bug or a hand-edited record).

use thiserror::Error;

/// Why a pairing, a standings table or a schedule could not be computed from its input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TournamentError {
    /// The same player appears twice in the list of players (index of the second one).
    #[error("player {index} appears twice")]
    DuplicatePlayer {
        /// Position of the repeated player in the input list.
        index: usize,
    },
    /// A table outside the supported sizes (2 to [`crate::MAX_TABLE_SEATS`] seats).
    #[error("a table of {seats} seats is not supported")]
    TableSize {
        /// The number of seats asked for.
        seats: usize,
    },
    /// Table limits whose minimum is above their maximum or outside the supported sizes.
    #[error("table sizes {min} to {max} are not supported")]
    TableLimits {
        /// The smallest table asked for.
        min: usize,
        /// The largest table asked for.
        max: usize,
    },
    /// A recorded table names a player who is not entered, or names one twice, or its lists
    /// of places and scores do not match its seats.
    #[error("round {round}, table {table}: {reason}")]
    InvalidTable {
        /// Index of the round (0 for the first).
        round: usize,
        /// Index of the table in its round.
        table: usize,
        /// What is wrong, in plain words.
        reason: &'static str,
    },
    /// A recorded bye names a player who is not entered.
    #[error("round {round}: a bye names a player who is not entered")]
    UnknownBye {
        /// Index of the round (0 for the first).
        round: usize,
    },
    /// A recorded player sits at two tables (or at a table and a bye) in one round.
    #[error("round {round}: a player is seated twice")]
    SeatedTwice {
        /// Index of the round (0 for the first).
        round: usize,
    },
}

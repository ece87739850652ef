//! Matches: creating and joining them, playing them move by move, the turn log and exports.
//!
//! Every write is one transaction that locks the match row first (`SELECT ... FOR UPDATE`), so
//! moves on one match are serialized by PostgreSQL whatever the number of server processes.
//! A move checks the version the client saw, applies the action through `tapis-games`, resolves
//! the chance steps that follow from the match's dice stream, appends one turn-log row and
//! updates the snapshot, the version and the deadline. Every change of a match's version
//! notifies the other server processes (`NOTIFY tapis_matches`): a move after its commit, off
//! the request and batched with the other moves of this process (`notices`), every other
//! change through the `matches_notify` trigger, delivered when its transaction commits.
//!
//! Moves are the hot path: a move is one transaction of two statements (lock the match row,
//! which holds a copy of its seats; record the step), in two round trips to the database
//! (`BEGIN` is sent with the lock, `COMMIT` with the record: `store::move_transaction`), and
//! its reply is built from what that transaction read and wrote; reading a match is one
//! statement.
//!
//! The parts, each depending only on those listed before it:
//! - `views`: the types sent to clients and the requests;
//! - `record`: a turn log replayed through the rules (shared with [`crate::verify`]);
//! - `seating`: who may join, decline or cancel an open match;
//! - `row`: the match row as stored, its seats, and the statements that find and lock it;
//! - `step`: working out a step (chance, clock, result, ranks and ratings);
//! - `notices`: the notifications of moves, sent after their commits;
//! - `store`: the SQL of a move and its transaction;
//! - `history`: a match's turn log as read;
//! - `read`: one match as a viewer sees it;
//! - `list`: lists of matches, page by page;
//! - `export`: a match's export, and its turn log replayed;
//! - `plan`: a request for a new match parsed into the match to write (pure);
//! - `write`: a new match's rows written open, and a match in play ended with no result;
//! - `life`: joining, cancelling, declining, starting, aborting, resigning, running out of
//!   time;
//! - `create`: a new match written as planned (and started when its seats are all taken);
//! - `rematch`: the same match again, once it is over;
//! - `waiting`: the matches waiting for a player's move;
//! - `play`: a move;
//! - `withdraw`: a suspended player taken out of their matches;
//! - `tournament`: a tournament's tables: their terms, their matches, their adjudication.

mod create;
mod export;
mod history;
mod life;
mod list;
pub(crate) mod notices;
mod plan;
mod play;
mod read;
pub mod record;
mod rematch;
mod row;
mod seating;
mod step;
mod store;
pub(crate) mod tournament;
mod views;
mod waiting;
mod withdraw;
mod write;

pub use create::create;
pub use export::{export, finished_record, replay, view_after};
pub(crate) use history::moves_since;
pub use history::turn_log;
pub use life::{abort, cancel, decline, expire_overdue, join, resign, tell_deadlines};
pub use list::list;
pub(crate) use list::list_on;
pub(crate) use notices::read_told;
pub use play::{Submitted, submit_action, submit_action_with_turns};
pub(crate) use read::KeptMatch;
pub use read::{get, get_with_turns, version};
pub use rematch::rematch;
pub use views::{
    Allowed, ChanceRecord, DaysPerMove, EXPORT_FORMAT, Fairness, MatchExport, MatchFilter,
    MatchMove, MatchResult, MatchStatus, MatchSummary, MatchView, MatchWithTurns, NewMatch, Page,
    RankingEntry, SeatView, TurnEntry, TurnKind,
};
pub use waiting::{Waiting, waiting_for};
pub use withdraw::Withdrawn;
pub(crate) use withdraw::withdraw;

//! Swiss tournaments: created by anyone signed in, joined and left until they start, played
//! round after round by a background worker, ranked by the pure crate `tapis-tournaments`
//! (`docs/tournaments.md`).
//!
//! Everything a tournament is lives in the database (the tournament, its entrants, each
//! round's tables and byes, each table's match): the standings and the next pairing are
//! computed again from those rows whenever they are needed, so a restart mid-round loses
//! nothing. Every write is one transaction that locks the tournament's row first; the worker
//! claims the tournaments due for a round with `FOR UPDATE SKIP LOCKED`, so that two processes
//! never start a round twice.
//!
//! The parts, each depending only on those listed before it:
//! - `views`: the types sent to clients and the requests;
//! - `cache`: the standings kept by the process, by revision;
//! - `plan`: a request for a new tournament parsed into the tournament to write (pure);
//! - `store`: the tournament row, its entrants and its recorded rounds as the crate reads them;
//! - `entry`: creating, joining, leaving, withdrawing, re-confirming, seating computer
//!   players, cancelling;
//! - `mine`: a player's matches in play in tournaments (the home page's "your next match");
//! - `read`: the list, one tournament, its standings and its rounds;
//! - `news`: what the worker tells the entrants and the pages following a tournament;
//! - `rounds`: the worker that closes rounds (adjudicating at the deadline) and starts the
//!   next ones.

mod cache;
mod entry;
mod mine;
mod news;
pub(crate) mod plan;
pub(crate) mod read;
mod rounds;
pub(crate) mod store;
mod views;

pub use cache::StandingsCache;
pub use entry::{cancel, create, join, leave, reconfirm, seat_bot, withdraw};
pub use mine::{TournamentMatch, my_matches};
pub(crate) use news::stamps;
pub use read::{get, list, rounds, sheet, standings};
pub use rounds::{advance_due, run};
pub(crate) use store::CHANNEL as CHANGES_CHANNEL;
pub use views::{
    Allowed, EntrantView, NewTournament, RoundView, StandingLine, Standings, StandingsWindow,
    TableView, TournamentFilter, TournamentSheet, TournamentStatus, TournamentSummary,
    TournamentView,
};

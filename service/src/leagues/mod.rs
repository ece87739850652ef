//! Leagues: one per game, always there, played in seasons. A season places its players in
//! divisions of 6 to 10 (a ladder, level 1 on top: the first season by rating, later ones
//! with the top 2 of each division up, the bottom 3 down and newcomers in the lowest),
//! starts every match of each division's full round robin at once, and ends when they are all
//! over or at its deadline (matches still in play adjudicated as a tournament round's); the
//! next season is scheduled a week later with every member re-entered unless they opted out
//! (`docs/tournaments.md`, "Leagues").
//!
//! Everything a league is lives in the database (its members, each season's divisions and
//! players, each fixture's match and result), so a restart loses nothing. The worker claims
//! the seasons due with `FOR UPDATE SKIP LOCKED` and starts or ends each in one transaction.
//!
//! The parts, each depending only on those listed before it:
//! - `views`: the types sent to clients;
//! - `plan`: the divisions and schedules of a season about to start, the moves a season's end
//!   earns (pure);
//! - `store`: the league, its seasons, divisions, players and fixtures as stored, and a
//!   division's standings;
//! - `membership`: opting in and out;
//! - `read`: the list, one league, one division, the past seasons, a player's fixtures;
//! - `news`: what the worker tells the players (`season_started`, `promoted`, `relegated`);
//! - `seasons`: the worker that starts and ends seasons.

mod membership;
mod news;
mod plan;
mod read;
mod seasons;
mod store;
mod views;

pub use membership::{opt_in, opt_out};
pub use read::{division, get, list, membership, my_fixtures, my_turns, opted_in_games, seasons};
pub use seasons::{BETWEEN_SEASONS, advance_due, run};
pub use views::{
    DivisionPlayer, DivisionSummary, DivisionView, FixtureView, LeagueMatch, LeagueSummary,
    LeagueView, Membership, MyFixtures, SeasonBrief, SeasonStatus, SeasonView,
};

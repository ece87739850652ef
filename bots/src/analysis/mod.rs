//! The analysis of a finished match: what each decision cost, how lucky each throw was, and a
//! summary per player (`docs/analysis.md`).
//!
//! Pure like the rest of the crate: the input is the match's record ([`MatchRecord`]: the game,
//! its options, the number of seats and every step in order, the chance values included), the
//! output a plain value ([`Analysis`]) that serialises to the JSON the API returns.
//!
//! **The value of a position** for a seat is in the game's unit ([`Unit`]): the chance of
//! winning the match (5000, and every game with an estimated engine), the expected final score
//! of the seat's own grid (Yams), or the expected token balance after the round (421). The
//! exact engines assume the best play from the position on; the estimated ones the play of
//! their rollouts' policy, or their search.
//!
//! - A decision's **cost** is the value of the best legal action minus the value of the one
//!   made, for the seat that made it (0 for the best, never negative).
//! - A chance event's **luck**, for each seat, is its value after the outcome minus the mean of
//!   that value over every outcome with its probability (GNU Backgammon's definition). The
//!   luck of the step is that of the seat the throw belongs to.
//!
//! With an exact value function the two add up: for every seat, its final value minus its
//! initial one is the luck it received minus the cost of its own decisions, plus (two-player
//! games, zero-sum) the cost of the opponent's (Zare's equation). The tests check it to 1e-9.
//!
//! The exact engines: [`yams`] (the solved grid), [`five_thousand`] (the solved two-player
//! match), [`four_two_one`] (each turn solved for the values of the round). The estimated
//! ones, whose costs and lucks carry standard errors: [`rollouts`] for Can't Stop, La Linotte,
//! Yam Master, Make Five, and the 5000 and Yams matches the exact engines do not cover (their
//! settings in [`estimated`]); [`linja`] (the bots' search). The driver is shared ([`run`]): a
//! decision is judged from the values of its actions ([`ActionValues`], paired samples for an
//! estimate), a chance event from the values of every outcome, unless an engine judges them
//! itself.

mod driver;
mod engine;
pub mod estimated;
pub mod five_thousand;
pub mod four_two_one;
pub mod linja;
pub mod play;
pub mod rollouts;
mod types;
pub mod yams;

pub use driver::run;
pub use engine::{ActionValues, Best, Luck, ValueEngine, for_each_outcome, paired_error};
pub use types::*;

use tapis_games::GameId;

/// The version of the engines: a stored analysis made by an older version may be redone.
/// Version 2 added the estimated engines (every game analysed).
pub const ENGINE_VERSION: u32 = 2;

/// Analyses a finished (or unfinished) match.
pub fn analyse(record: &MatchRecord) -> Result<Analysis, AnalysisError> {
    analyse_paced(record, &mut || ())
}

/// Analyses a match as [`analyse`] does, calling `pace` after each step of the record: the
/// caller may hold the engine there (the server slows an analysis down while it serves
/// requests, `docs/analysis.md`). The figures do not depend on it.
pub fn analyse_paced(record: &MatchRecord, pace: Pace<'_>) -> Result<Analysis, AnalysisError> {
    match record.game {
        GameId::Yams => yams::analyse(record, pace),
        GameId::FiveThousand => five_thousand::analyse(record, pace),
        GameId::FourTwoOne => four_two_one::analyse(record, pace),
        GameId::CantStop => estimated::cant_stop(record, pace),
        GameId::Linotte => estimated::linotte(record, pace),
        GameId::YamMaster => estimated::yam_master(record, pace),
        GameId::Linja => linja::analyse(record, pace),
        GameId::MakeFive => estimated::make_five(record, pace),
    }
}

/// What an analysis calls after each step of the record ([`analyse_paced`]).
pub type Pace<'a> = &'a mut dyn FnMut();

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_estimated;

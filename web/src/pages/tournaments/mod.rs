//! Swiss tournaments: the list (upcoming, running, finished; by game), the form that creates
//! one (a game and its options, as the lobby's form), and a tournament's page (its terms, the
//! adjudication rule, its entrants, standings and rounds, and what the viewer may do there).
//!
//! The page's standings and rounds are fetched afresh whenever the tournament changes, for any
//! viewer (`data-stream-tournament` in the template: the page's stream follows the
//! tournament, `docs/events.md`).

mod form;
mod listing;
mod sheet;
mod terms;

pub use form::{create, new_form};
pub use listing::list;
pub use sheet::{act, page};

//! Time, as the correspondence game keeps it:
//! - `wall_clock`: what time it is for the decisions that depend on it (a test moves it);
//! - `vacation`: a player away stops the clocks of their moves, within a yearly allowance;
//! - `clock`: the loop that ends run-out vacations and overdue turns, and warns of deadlines.

pub mod clock;
pub mod vacation;
pub mod wall_clock;

//! Leagues: seasons of divisions grouped by level, each playing a full round robin, with
//! promotion and relegation between seasons.

mod divisions;
mod schedule;

pub use divisions::{
    DIVISION_MAX, DIVISION_MIN, Movement, NextSeason, PROMOTED, Placement, RELEGATED,
    division_sizes, divisions_by_rating, next_season,
};
pub use schedule::{ScheduledRound, double_round_robin, suggested_table_rounds, table_schedule};

//! The handlers, one module per resource. Each extracts, calls one service function and maps
//! the result.

pub mod accounts;
pub mod analysis;
pub mod blocks;
pub mod bots;
pub mod chat;
pub mod games;
pub mod leagues;
pub mod matches;
pub mod moderation;
pub mod notifications;
pub mod players;
pub mod ratings;
pub mod sessions;
pub mod streams;
pub mod tournaments;
pub mod webhooks;

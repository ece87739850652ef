//! The page handlers, one module per area. Each handler extracts the request, calls one
//! service function (sometimes two reads) and renders a template.

pub mod account;
pub mod analysis;
pub mod auth;
pub mod chat;
pub mod computer;
pub mod game_form;
pub mod home;
pub mod language;
pub mod leaderboards;
pub mod leagues;
pub mod live;
pub mod lobby;
pub mod mail;
pub mod moderation;
pub mod play;
pub mod players;
pub mod rules;
pub mod tournaments;

//! The HTTP integration tests: one binary, one fresh database and one real app per test.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounts;
mod bots;
mod budgets;
mod clock;
mod concurrency;
mod errors;
mod games;
mod mail;
mod matches;
mod migrations;
mod moves;
mod openapi;
mod openapi_games;
mod outbox;
mod play;
mod ratings;
mod request_log;
mod security;
mod streams;
mod tokens;
mod vacation;
mod verify;
mod web_auth;
mod web_l10n;
mod web_language;
mod web_live;
mod web_lobby;
mod web_match;
mod web_match_boards;
mod web_match_grids;
mod web_pages;
mod web_profile;
mod web_rules;
mod webhooks;

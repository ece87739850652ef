//! The integration-test harness: every test gets its own database, cloned from a migrated
//! template, and the real app started on a free port, talked to over HTTP.
//!
//! The server to create databases on comes from `TAPIS_TEST_DATABASE_URL` (a maintenance
//! database URL, set by `scripts/test.sh`). Without it the tests fail: they never skip.
//!
//! Its modules, each using only those listed before it:
//!
//! - `db`: the per-test database ([`TestDb`]), cloned from the migrated template.
//! - `mail`: the SMTP sink of the tests ([`SmtpSink`]), the [`Mail`]s it received, and the
//!   settings that make an app send to it.
//! - `app`: the app under test ([`TestApp`]) and the settings tests start it with.
//! - `api`: the REST API as tests call it ([`Reply`], signing players up, starting matches).
//! - `streams`: Server-Sent Events as tests hear them ([`EventStream`], [`Received`]).
//! - `play`: playing matches to their end with a seeded [`Rng`].
//! - `browser`: the web pages as a browser sees them ([`Browser`], [`WebPage`]).
//! - [`receiver`]: a real HTTP receiver of webhook calls.
//!
//! The tests use the names re-exported here (`tapis_tests::TestApp`...), and
//! `tapis_tests::receiver::...`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod api;
mod app;
mod browser;
mod db;
mod mail;
mod play;
pub mod receiver;
mod streams;

pub use api::Reply;
pub use app::{
    Another, NO_BOTS, TEST_BOTS, TEST_CLOCK_INTERVAL, TEST_JWT_SECRET, TEST_QUOTAS, TEST_WEBHOOKS,
    TestApp, start_without_database,
};
pub use browser::{Browser, WebPage};
pub use db::TestDb;
pub use mail::{Mail, SmtpSink, TEST_PUBLIC_URL, free_port, is_notification, test_mail_settings};
pub use play::Rng;
pub use streams::{EventStream, Received, open_event_stream};

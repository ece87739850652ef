//! Signed webhooks: a player's app is told of the player's events (`your_turn`...) by an HTTP
//! `POST` to a URL it registered, signed with a secret only the app and Tapis know.
//!
//! The path of a delivery (docs/webhooks.md): an event row of `user_events` is written with its
//! cause; the trigger `user_events_webhooks` writes, in the same transaction, one `outbox` row
//! per active webhook of that person subscribed to its kind; the webhook sender (the courier,
//! run by `crate::delivery::outbox::run` in every process) calls the URL with no transaction open, logs the
//! attempt in `webhook_deliveries`, and the outbox retries with backoff. After a day of
//! failures the outbox gives up and the webhook is disabled with the reason.
//!
//! Server-side request forgery: in production only `https` URLs to public addresses are called.
//! The address is checked when a webhook is created and again at every connection (the client
//! resolves names through `network::PublicOnly`, which refuses a name resolving to a
//! non-public address), so a name that later resolves inside the network (DNS rebinding)
//! reaches nothing.
//!
//! The parts, each using only those listed before it:
//! - `network`: which URLs and addresses may be called, the resolver that holds every
//!   connection to them, and the TLS provider of the process's HTTP clients;
//! - `signing`: a webhook's secret, and the signature of each delivery;
//! - `registration`: a player's webhooks, registered, listed and deleted, and their attempts;
//! - `courier`: the outbox's courier for webhooks, which calls them and logs each attempt.

pub mod courier;
pub mod network;
pub mod registration;
pub mod signing;

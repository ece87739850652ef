//! What leaves Tapis, and how it gets there:
//! - `outbox`: the transactional outbox, where every mail and webhook call is a row written with
//!   its cause, and the senders that deliver the rows at least once;
//! - `webhooks`: a player's signed webhooks, and the courier that calls them;
//! - `notifications`: a player's e-mail address and choices, the mails' signed links, and what
//!   each mail says (the mail courier itself is `tapis-mail`).

pub mod notifications;
pub mod outbox;
pub mod webhooks;

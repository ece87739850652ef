//! E-mail notifications: a player's address (used only once verified), which events to mail
//! and the digest limit, the signed links of the mails (verification, one-click unsubscribe),
//! and what a mail of the outbox says.
//!
//! The mails themselves are rows of the outbox (`crate::delivery::outbox`): the trigger
//! `user_events_mail` writes one for each event a player subscribed to, in the event's
//! transaction; `settings::set_email` writes the verification mail in its own. Sending them is
//! the mail courier's business (`tapis-mail`); see `docs/notifications.md`.
//!
//! The parts, each using only those listed before it:
//! - `settings`: the player's address and what they have mailed;
//! - `links`: the signed links of the mails, made and followed;
//! - `letters`: what the mail of an outbox row says, worked out when it is sent.

pub mod letters;
pub mod links;
pub mod settings;

//! Who players are and how they prove it. Each part uses only those listed before it:
//! - `locks`: locking an account's row while its things are counted;
//! - `scopes`: what a personal API token may do, chosen when it is made;
//! - `caller`: the authenticated caller ([`caller::Identity`]) that every use case is given;
//! - `passwords`: what a new password must be, and its argon2id hash;
//! - `throttle`: the sign-in throttle, kept in PostgreSQL;
//! - `devices`: the device tokens by which the throttle knows a player's own browser;
//! - `session_tokens`: session tokens, signed JWTs naming a session's row;
//! - `sessions`: the rows behind session tokens, listed and ended by their owner;
//! - `api_tokens`: personal API tokens for a player's programs;
//! - `confirmed`: what the statement confirming a caller reads, and the caller as the process
//!   keeps it;
//! - `credentials`: a bearer token of either kind as a request presents it, the subqueries
//!   by which a statement of a hot path confirms it, and who calls a hot path
//!   ([`credentials::Caller`]: a caller known already, or credentials to confirm);
//! - `auth`: a bearer token of either kind turned into the caller;
//! - `accounts`: signing up and in, users by name, password changes, the account overview.

pub mod accounts;
pub mod api_tokens;
pub mod auth;
pub mod caller;
pub(crate) mod confirmed;
pub mod credentials;
pub(crate) mod devices;
pub(crate) mod locks;
pub mod passwords;
pub mod scopes;
pub(crate) mod session_tokens;
pub mod sessions;
pub mod throttle;

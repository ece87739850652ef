//! The scopes of personal API tokens: what a token may do, chosen when it is made. A session
//! (a player signed in) may do everything; a token only what its scopes allow, and a request
//! that needs another scope is refused (`ServiceError::MissingScope`). Which route needs which
//! scope is said by the API (`docs/api.md`, "Token scopes").
//!
//! Its failures are its own ([`ScopeError`]): the service's error converts them, so that this
//! module, which that error names, does not name it in turn.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One power a personal API token may be given.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Create, join, cancel and decline matches, play moves, resign: what bots and apps do.
    Play,
    /// Read the account's own data: the user, the vacation, the notification settings, the
    /// stream of the caller's events.
    Read,
    /// Change the account: password, e-mail address, notification settings, vacation; list
    /// and end sessions.
    Account,
    /// Register, list and delete webhooks, and read their deliveries.
    Webhooks,
    /// Create, list and revoke personal API tokens.
    Tokens,
}

named_values!(Scope {
    Play => "play",
    Read => "read",
    Account => "account",
    Webhooks => "webhooks",
    Tokens => "tokens",
});

impl Scope {
    /// The scopes a token gets when its request does not say (`play` and `read`: what a bot
    /// needs).
    pub const DEFAULT: [Scope; 2] = [Scope::Play, Scope::Read];
}

impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why scopes were refused. The service's error turns each into its own
/// (`ServiceError::from`): the first two into a validation error of the field `scopes`, the last
/// into an internal error, logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopeError {
    /// A request named a scope there is not (its name, cut to 64 characters).
    Unknown(String),
    /// A request named no scope at all.
    Empty,
    /// A name the database stores is not a scope: the database was changed by hand.
    Stored(String),
}

impl std::fmt::Display for ScopeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScopeError::Unknown(name) => write!(
                f,
                "“{name}” is not a scope: the scopes are {}",
                Scope::ALL.map(Scope::as_str).join(", ")
            ),
            ScopeError::Empty => f.write_str("choose at least one scope"),
            ScopeError::Stored(name) => write!(f, "{name}"),
        }
    }
}

/// The scopes a request asks for a new token, checked: each one known, at least one, each
/// once, in the order of [`Scope::ALL`]. `None` (not said) is [`Scope::DEFAULT`].
pub fn requested<S: AsRef<str>>(names: Option<&[S]>) -> Result<Vec<Scope>, ScopeError> {
    let Some(names) = names else {
        return Ok(Scope::DEFAULT.to_vec());
    };
    let mut scopes = Vec::with_capacity(names.len());
    for name in names {
        let name = name.as_ref();
        let scope = Scope::named(name)
            .ok_or_else(|| ScopeError::Unknown(name.chars().take(64).collect()))?;
        scopes.push(scope);
    }
    if scopes.is_empty() {
        return Err(ScopeError::Empty);
    }
    scopes.sort_unstable();
    scopes.dedup();
    Ok(scopes)
}

/// The scopes as the database stores them (a row's `scopes`): a name there is not a scope only
/// if the database was changed by hand, which is an internal error.
pub(crate) fn stored(names: &[String]) -> Result<Vec<Scope>, ScopeError> {
    names
        .iter()
        .map(|name| Scope::named(name).ok_or_else(|| ScopeError::Stored(name.clone())))
        .collect()
}

/// The scopes as the database stores them.
pub(crate) fn to_stored(scopes: &[Scope]) -> Vec<String> {
    scopes.iter().map(|s| s.as_str().to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requested_scopes_are_checked_and_put_in_order() {
        assert_eq!(
            requested::<&str>(None).unwrap(),
            vec![Scope::Play, Scope::Read]
        );
        assert_eq!(
            requested(Some(&["tokens", "play", "tokens"][..])).unwrap(),
            vec![Scope::Play, Scope::Tokens]
        );
        let unknown = requested(Some(&["play", "admin"][..])).unwrap_err();
        assert_eq!(unknown, ScopeError::Unknown("admin".to_owned()));
        assert!(unknown.to_string().contains("“admin”"), "{unknown}");
        assert_eq!(requested::<&str>(Some(&[])), Err(ScopeError::Empty));
    }

    #[test]
    fn every_scope_is_named_as_it_is_stored() {
        for scope in Scope::ALL {
            assert_eq!(Scope::named(scope.as_str()), Some(scope));
            assert_eq!(
                serde_json::to_value(scope).unwrap(),
                serde_json::json!(scope.as_str())
            );
        }
        assert_eq!(
            stored(&to_stored(&Scope::ALL)).unwrap(),
            Scope::ALL.to_vec()
        );
    }
}

//! The authenticated caller every use case is given ([`Identity`]), and the language a
//! player's row stores, which comes with it.

use tapis_l10n::Language;
use uuid::Uuid;

use super::scopes::Scope;
use crate::error::{ServiceError, ServiceResult};

/// An authenticated caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub user_id: Uuid,
    pub username: String,
    /// The session the caller came with; `None` for a personal API token.
    pub session_id: Option<Uuid>,
    /// The language the player chose for the interface, if they chose one.
    pub language: Option<Language>,
    /// The personal API token the caller came with, and what it may do; `None` for a session
    /// (or a computer player), which may do everything.
    pub token: Option<TokenGrant>,
}

/// A personal API token a caller came with: its id and its scopes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenGrant {
    pub id: Uuid,
    pub scopes: Vec<Scope>,
}

impl Identity {
    /// Whether the caller may do what `scope` allows: always with a session, only with the
    /// scope with a token.
    pub fn may(&self, scope: Scope) -> bool {
        self.token
            .as_ref()
            .is_none_or(|token| token.scopes.contains(&scope))
    }

    /// `MissingScope` unless the caller [may](Identity::may) do what `scope` allows.
    pub fn require(&self, scope: Scope) -> ServiceResult<()> {
        if self.may(scope) {
            Ok(())
        } else {
            Err(ServiceError::MissingScope(scope))
        }
    }
}

/// A player's stored language: the column's check allows only the codes of [`Language`].
pub(crate) fn stored_language(code: Option<String>) -> Option<Language> {
    code.and_then(|c| c.parse().ok())
}

//! The authenticated caller every use case is given ([`Identity`]), and the language a
//! player's row stores, which comes with it.

use tapis_l10n::Language;
use uuid::Uuid;

/// An authenticated caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub user_id: Uuid,
    pub username: String,
    /// The session the caller came with; `None` for a personal API token.
    pub session_id: Option<Uuid>,
    /// The language the player chose for the interface, if they chose one.
    pub language: Option<Language>,
}

/// A player's stored language: the column's check allows only the codes of [`Language`].
pub(crate) fn stored_language(code: Option<String>) -> Option<Language> {
    code.and_then(|c| c.parse().ok())
}

/// Who calls a use case of a hot path (a move, a match view): a caller known already (confirmed
/// by a statement of its own, or a computer player), or credentials that the use case confirms
/// in the statement that reads or locks the match (`Credentials::confirm`).
#[derive(Debug, Clone, Copy)]
pub enum Caller<'a> {
    Known(&'a Identity),
    Presenting(&'a super::credentials::Credentials),
}

impl<'a> From<&'a Identity> for Caller<'a> {
    fn from(who: &'a Identity) -> Caller<'a> {
        Caller::Known(who)
    }
}

impl<'a> From<&'a super::credentials::Credentials> for Caller<'a> {
    fn from(credentials: &'a super::credentials::Credentials) -> Caller<'a> {
        Caller::Presenting(credentials)
    }
}

//! What the account page shows of each part: the tokens, the scopes to choose from, the
//! sessions, the e-mail panel and the vacation panel, in the reader's words.

use tapis_l10n::Language;
use tapis_service::delivery::notifications::settings::{
    self as notifications, NotificationSettings,
};
use tapis_service::identity::api_tokens::ApiToken;
use tapis_service::identity::scopes::Scope;
use tapis_service::identity::sessions::SessionInfo;
use tapis_service::time::vacation::VacationStatus;
use uuid::Uuid;

use crate::present::When;
use crate::present::device::browser_and_system;

/// A token in the list.
#[derive(Debug, Clone)]
pub struct TokenRow {
    pub id: Uuid,
    pub name: String,
    /// What it may do, in words (`play, read`).
    pub scopes: String,
    /// The name of the token that made it, if a token did (it is revoked with that one).
    pub made_with: Option<String>,
    pub created: When,
    pub last_used: Option<When>,
}

impl TokenRow {
    pub(super) fn of(token: &ApiToken, all: &[ApiToken], lang: Language) -> TokenRow {
        TokenRow {
            id: token.id,
            name: token.name.clone(),
            scopes: token
                .scopes
                .iter()
                .map(|scope| lang.t(&scope_key(*scope)))
                .collect::<Vec<_>>()
                .join(", "),
            made_with: token
                .parent_id
                .and_then(|parent| all.iter().find(|t| t.id == parent))
                .map(|parent| parent.name.clone()),
            created: When::of(token.created_at, lang),
            last_used: token.last_used_at.map(|at| When::of(at, lang)),
        }
    }
}

/// The key of a scope's name (`account-scope-play`); its description adds `-help`.
fn scope_key(scope: Scope) -> String {
    format!("account-scope-{}", scope.as_str())
}

/// A scope of the new token's form, as a checkbox.
#[derive(Debug, Clone)]
pub struct ScopeChoice {
    pub name: &'static str,
    pub label: String,
    pub checked: bool,
}

impl ScopeChoice {
    /// Every scope, checked as typed (`typed`, when the form was refused) or else as
    /// [`Scope::DEFAULT`].
    pub(super) fn all(typed: Option<&[String]>, lang: Language) -> Vec<ScopeChoice> {
        Scope::ALL
            .into_iter()
            .map(|scope| ScopeChoice {
                name: scope.as_str(),
                label: lang.t(&format!("{}-help", scope_key(scope))),
                checked: typed.map_or_else(
                    || Scope::DEFAULT.contains(&scope),
                    |typed| typed.iter().any(|t| t == scope.as_str()),
                ),
            })
            .collect()
    }
}

/// A session in the list.
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub id: Uuid,
    /// Its browser and system (`Firefox 128 on Linux`), or the program's own name; empty when
    /// it did not say.
    pub device: String,
    /// Its `User-Agent` in full (the title of the above).
    pub user_agent: String,
    pub created: When,
    pub last_used: When,
    pub current: bool,
}

impl SessionRow {
    pub(super) fn of(session: &SessionInfo, lang: Language) -> SessionRow {
        SessionRow {
            id: session.id,
            device: browser_and_system(&session.user_agent, lang).unwrap_or_default(),
            user_agent: session.user_agent.clone(),
            created: When::of(session.created_at, lang),
            last_used: When::of(session.last_used_at, lang),
            current: session.current,
        }
    }
}

/// An event that may be mailed, as a checkbox.
#[derive(Debug, Clone)]
pub struct EventChoice {
    pub kind: &'static str,
    pub label: String,
    pub checked: bool,
}

/// The e-mail panel: the address, whether it is verified, the events mailed and the digest.
#[derive(Debug, Clone)]
pub struct EmailPanel {
    /// The address as given (or as typed, when refused).
    pub email: String,
    pub has_address: bool,
    pub verified: bool,
    pub events: Vec<EventChoice>,
    pub digest_hours: String,
}

impl EmailPanel {
    pub(super) fn of(
        settings: &NotificationSettings,
        typed: Option<TypedEmail>,
        lang: Language,
    ) -> EmailPanel {
        let typed = typed.unwrap_or_default();
        EmailPanel {
            email: typed
                .email
                .or_else(|| settings.email.clone())
                .unwrap_or_default(),
            has_address: settings.email.is_some(),
            verified: settings.email_verified,
            events: notifications::EVENTS
                .iter()
                .map(|kind| EventChoice {
                    kind,
                    label: lang.t(&format!("mail-event-{}", kind.replace('_', "-"))),
                    checked: typed.events.as_ref().map_or_else(
                        || settings.events.iter().any(|e| e == kind),
                        |chosen| chosen.iter().any(|e| e == kind),
                    ),
                })
                .collect(),
            digest_hours: typed
                .digest_hours
                .unwrap_or_else(|| settings.digest_hours.to_string()),
        }
    }
}

/// What a refused e-mail form had typed, shown again.
#[derive(Debug, Clone, Default)]
pub(super) struct TypedEmail {
    pub(super) email: Option<String>,
    pub(super) events: Option<Vec<String>>,
    pub(super) digest_hours: Option<String>,
}

/// The vacation panel: the vacation in force, if any, and the allowance.
#[derive(Debug, Clone)]
pub struct VacationPanel {
    pub until: Option<When>,
    pub days_left: i64,
    pub days_per_year: i64,
    /// The date last typed in the form (kept when it is refused).
    pub typed: String,
}

impl VacationPanel {
    pub(super) fn of(status: &VacationStatus, typed: String, lang: Language) -> VacationPanel {
        VacationPanel {
            until: status.on_vacation_until.map(|at| When::of(at, lang)),
            days_left: status.days_left,
            days_per_year: status.days_per_year,
            typed,
        }
    }
}

//! Who is looking at a page: the request context every handler takes ([`Ctx`]).
//!
//! The session cookie (`cookies.rs`) holds a session token issued by the service
//! (`accounts::sign_in` and `sign_up`), checked on each request by `auth::authenticate`
//! against its row in the database (so signing out ends it everywhere at once, and no session
//! state lives in a server process). The context also says in which language to write the
//! pages, and where a sign-in comes from ([`Origin`]).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header::{AcceptLanguage, Header};
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use tapis_l10n::Language;
use tapis_service::identity::accounts::ClientInfo;
use tapis_service::identity::auth;
use tapis_service::{Identity, ServiceError, Services};

use crate::cookies::{DEVICE_COOKIE, LANGUAGE_COOKIE, SESSION_COOKIE, is_secure};
use crate::csrf::CsrfToken;
use crate::error::WebError;

/// The language of the pages for this request: the signed-in player's choice, else the
/// language switch's cookie, else the first of ours that `Accept-Language` ranks (any `fr*`
/// is French), else English.
pub fn language(req: &HttpRequest, viewer: Option<&Identity>) -> Language {
    if let Some(chosen) = viewer.and_then(|v| v.language) {
        return chosen;
    }
    if let Some(cookie) = req.cookie(LANGUAGE_COOKIE)
        && let Ok(lang) = cookie.value().parse::<Language>()
    {
        return lang;
    }
    // A header that does not parse says nothing about the reader: the default applies.
    let ranked = AcceptLanguage::parse(req)
        .map(|h| h.ranked())
        .unwrap_or_default();
    let tags: Vec<String> = ranked
        .iter()
        .filter_map(|p| p.item().map(|tag| tag.as_str().to_owned()))
        .collect();
    Language::preferred(tags.iter().map(String::as_str)).unwrap_or_default()
}

/// Where a sign-in comes from, for the throttle and the list of sessions: what the server
/// resolved of the client (`accounts::ClientInfo`), and this browser's device cookie.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub client: ClientInfo,
    pub device: Option<String>,
}

impl Origin {
    pub fn of(req: &HttpRequest) -> Origin {
        Origin {
            // Without the server's middleware (a bare app) nothing is known of the client.
            client: req
                .extensions()
                .get::<ClientInfo>()
                .cloned()
                .unwrap_or_default(),
            device: req.cookie(DEVICE_COOKIE).map(|c| c.value().to_owned()),
        }
    }
}

/// What every page handler needs to know about the request.
#[derive(Debug, Clone)]
pub struct Ctx {
    /// The signed-in player, if any.
    pub viewer: Option<Identity>,
    /// The CSRF token to put in forms and htmx headers.
    pub csrf: String,
    /// The request came from htmx (it wants a fragment, not a page).
    pub htmx: bool,
    /// The path and query of the request (where to come back after signing in).
    pub path: String,
    /// Cookies should be `Secure`.
    pub secure: bool,
    /// The language of the pages.
    pub lang: Language,
}

impl Ctx {
    /// The signed-in player, or an error that sends the browser to the sign-in page.
    pub fn require(&self) -> Result<&Identity, WebError> {
        self.viewer
            .as_ref()
            .ok_or_else(|| WebError::SignInRequired {
                next: self.path.clone(),
            })
    }

    /// The signed-in player's name, if any.
    pub fn username(&self) -> Option<&str> {
        self.viewer.as_ref().map(|v| v.username.as_str())
    }
}

/// Whether the request came from htmx (it wants a fragment, not a page).
pub fn is_htmx(req: &HttpRequest) -> bool {
    req.headers()
        .get("HX-Request")
        .is_some_and(|v| v.as_bytes() == b"true")
}

/// The services, from the app data.
pub fn services(req: &HttpRequest) -> Result<Services, WebError> {
    req.app_data::<web::Data<Services>>()
        .map(|data| data.get_ref().clone())
        .ok_or_else(|| ServiceError::internal("services missing", "app data").into())
}

impl FromRequest for Ctx {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned());
        let csrf = req
            .extensions()
            .get::<CsrfToken>()
            .map(|t| t.0.clone())
            .unwrap_or_default();
        let htmx = is_htmx(req);
        let path = req
            .uri()
            .path_and_query()
            .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned());
        let secure = is_secure(req);
        let services = services(req);
        let req = req.clone();
        Box::pin(async move {
            let viewer = match token.filter(|t| !t.is_empty()) {
                None => None,
                Some(token) => match auth::authenticate(&services?, &token).await {
                    Ok(identity) => Some(identity),
                    // An expired, forged or ended session is simply no session...
                    Err(ServiceError::Unauthenticated(_)) => None,
                    // ...but an outage is not a reason to show the page as signed out.
                    Err(other) => return Err(other.into()),
                },
            };
            let lang = language(&req, viewer.as_ref());
            Ok(Ctx {
                viewer,
                csrf,
                htmx,
                path,
                secure,
                lang,
            })
        })
    }
}

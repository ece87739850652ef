//! Who is looking at a page: the request context every handler takes ([`Ctx`]).
//!
//! The session cookie (`cookies.rs`) holds a session token issued by the service
//! (`accounts::sign_in` and `sign_up`), checked on each request against its row in the
//! database, so that signing out ends it everywhere at once and no session state lives in a
//! server process: by `auth::confirm`, or on the match page by the statement that reads the
//! match ([`Visit`]). The cookie holds a session token only: a personal API token put there is
//! no session (`Credentials::read_session`), so that a token never opens the account's pages. The context also says in which language to write the
//! pages, and where a sign-in comes from ([`Origin`]).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header::{AcceptLanguage, Header};
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use tapis_l10n::Language;
use tapis_service::identity::accounts::ClientInfo;
use tapis_service::identity::auth;
use tapis_service::identity::credentials::{Caller, Credentials};
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

/// A request to a page of a hot path (the match page and its live fragment): everything of
/// [`Ctx`] but the viewer, whose session cookie is read (its signature and expiry checked) but
/// not yet confirmed by the database. The page's service call confirms it in the statement that
/// reads the match (`Credentials::confirm`), and [`Visit::ctx`] then makes the page's context:
/// the page costs no statement to find who looks at it.
#[derive(Debug, Clone)]
pub struct Visit {
    credentials: Option<Credentials>,
    base: Ctx,
    req: HttpRequest,
}

impl Visit {
    /// The viewer as the service takes it.
    pub fn caller(&self) -> Option<Caller<'_>> {
        self.credentials.as_ref().map(Into::into)
    }

    /// The page's context, once the service confirmed the viewer (`None`: nobody is signed in,
    /// or the session has ended).
    pub fn ctx(&self, viewer: Option<Identity>) -> Ctx {
        Ctx {
            lang: language(&self.req, viewer.as_ref()),
            viewer,
            ..self.base.clone()
        }
    }

    fn read(req: &HttpRequest) -> Result<Visit, WebError> {
        let token = req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned());
        let credentials = match token.filter(|t| !t.is_empty()) {
            None => None,
            Some(token) => match Credentials::read_session(&services(req)?, &token) {
                Ok(credentials) => Some(credentials),
                // An expired or forged session, or an API token, is simply no session.
                Err(ServiceError::Unauthenticated(_)) => None,
                Err(other) => return Err(other.into()),
            },
        };
        let base = Ctx {
            viewer: None,
            csrf: req
                .extensions()
                .get::<CsrfToken>()
                .map(|t| t.0.clone())
                .unwrap_or_default(),
            htmx: is_htmx(req),
            path: req
                .uri()
                .path_and_query()
                .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned()),
            secure: is_secure(req),
            lang: language(req, None),
        };
        Ok(Visit {
            credentials,
            base,
            req: req.clone(),
        })
    }
}

impl FromRequest for Visit {
    type Error = WebError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Visit::read(req))
    }
}

impl FromRequest for Ctx {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let visit = Visit::read(req);
        let services = services(req);
        Box::pin(async move {
            let visit = visit?;
            let viewer = match &visit.credentials {
                None => None,
                Some(credentials) => match auth::confirm(&services?, credentials).await {
                    Ok(identity) => Some(identity),
                    // An ended session is simply no session...
                    Err(ServiceError::Unauthenticated(_)) => None,
                    // ...but an outage is not a reason to show the page as signed out.
                    Err(other) => return Err(other.into()),
                },
            };
            Ok(visit.ctx(viewer))
        })
    }
}

//! The site's cookies: how they are set, and those of a session, a device and the language
//! switch (the CSRF token's is `csrf.rs`'s).
//!
//! Every cookie is `HttpOnly` and `SameSite=Lax`, and `Secure` in production
//! ([`CookiePolicy`]), or in development whenever the request came over HTTPS. A browser that
//! signed in also keeps a device cookie, which spares its owner the sign-in delays that an
//! attacker elsewhere causes (`docs/security.md`).

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::{HttpRequest, HttpResponse, web};
use tapis_l10n::Language;
use time::OffsetDateTime;

/// The cookie that carries the session token.
pub const SESSION_COOKIE: &str = "tapis_session";
/// The cookie that tells a browser which signed in before (see `accounts::sign_in`).
pub const DEVICE_COOKIE: &str = "tapis_device";
/// How long a browser keeps its device cookie.
const DEVICE_COOKIE_DAYS: i64 = 365;
/// The cookie of the language switch (for visitors who are not signed in, and browsers whose
/// player has not chosen on their account).
pub const LANGUAGE_COOKIE: &str = "tapis_lang";
/// How long a browser remembers the language it was switched to.
const LANGUAGE_COOKIE_DAYS: i64 = 365;

/// How cookies are set; the server registers it as app data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CookiePolicy {
    /// Always `Secure` (production): a site served over HTTPS must never send its session
    /// over plain HTTP, whatever a request or a proxy says.
    pub always_secure: bool,
}

/// Whether cookies set in answer to `req` should be `Secure`.
pub fn is_secure(req: &HttpRequest) -> bool {
    let always = req
        .app_data::<web::Data<CookiePolicy>>()
        .is_some_and(|policy| policy.always_secure);
    always || req.connection_info().scheme() == "https"
}

/// A cookie of the whole site that scripts cannot read, sent along same-site navigations.
pub fn site_cookie(name: &'static str, value: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(name, value.to_owned())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .finish()
}

/// The device cookie for a browser that just signed in.
pub fn device_cookie(token: &str, secure: bool) -> Cookie<'static> {
    let mut cookie = site_cookie(DEVICE_COOKIE, token, secure);
    cookie.set_max_age(CookieDuration::days(DEVICE_COOKIE_DAYS));
    cookie
}

/// The cookie that remembers the language a browser was switched to.
pub fn language_cookie(lang: Language, secure: bool) -> Cookie<'static> {
    let mut cookie = site_cookie(LANGUAGE_COOKIE, lang.code(), secure);
    cookie.set_max_age(CookieDuration::days(LANGUAGE_COOKIE_DAYS));
    cookie
}

/// The session cookie for a token valid until `expires_at`.
pub fn session_cookie(token: &str, expires_at: OffsetDateTime, secure: bool) -> Cookie<'static> {
    let max_age = (expires_at - OffsetDateTime::now_utc())
        .whole_seconds()
        .max(0);
    let mut cookie = site_cookie(SESSION_COOKIE, token, secure);
    cookie.set_max_age(CookieDuration::seconds(max_age));
    cookie
}

/// A cookie that removes the session cookie.
pub fn clear_session_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = site_cookie(SESSION_COOKIE, "", secure);
    cookie.make_removal();
    cookie
}

/// The cookie that carries the outcome of an account form to the page its post redirects to
/// (a word: `email-sent`, `vacation-started`...), read once.
pub const FLASH_COOKIE: &str = "tapis_flash";
/// The cookie that carries a new API token (`ID.SECRET`) to the account page, which shows it
/// once and removes it: never in an address (logs, history, the `Referer`).
pub const NEW_TOKEN_COOKIE: &str = "tapis_new_token";
/// How long a flash waits for the page it is meant for.
const FLASH_SECONDS: i64 = 120;

/// A short-lived cookie for the account page only: `SameSite=Strict`, never sent elsewhere.
pub fn account_flash_cookie(name: &'static str, value: &str, secure: bool) -> Cookie<'static> {
    let mut cookie = site_cookie(name, value, secure);
    cookie.set_path("/account");
    cookie.set_same_site(SameSite::Strict);
    cookie.set_max_age(CookieDuration::seconds(FLASH_SECONDS));
    cookie
}

/// The cookie that removes an account flash once it has been shown.
pub fn clear_account_flash(name: &'static str, secure: bool) -> Cookie<'static> {
    let mut cookie = account_flash_cookie(name, "", secure);
    cookie.make_removal();
    cookie
}

/// Sets a cookie on a response. A cookie that cannot be written in a header (none that this
/// site builds) is logged rather than failing a request that has already done its work.
pub fn set_cookie(response: &mut HttpResponse, cookie: &Cookie<'_>) {
    if let Err(e) = response.add_cookie(cookie) {
        tracing::error!(error = %e, cookie = cookie.name(), "cannot set a cookie");
    }
}

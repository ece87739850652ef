//! What every page shares: the layout (title, navigation, assets, the CSRF token) and the
//! helpers that turn a template into a response.

use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use askama::Template;
use tapis_l10n::Language;
use url::Url;

use crate::assets::{ASSETS, Assets};
use crate::error::WebError;
use crate::session::Ctx;

/// Headers on every web response. Scripts and styles come only from this site; no framing.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; \
         object-src 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "same-origin"),
    ("x-frame-options", "DENY"),
];

/// htmx's settings: no `eval`, no inline styles (so that the CSP above holds), and swap the
/// fragments sent with 409 and 422 (a stale or illegal move answers with the fresh state).
pub const HTMX_CONFIG: &str = r#"{"allowEval":false,"allowScriptTags":false,"includeIndicatorStyles":false,"historyCacheSize":0,"responseHandling":[{"code":"204","swap":false},{"code":"[23]..","swap":true},{"code":"409","swap":true},{"code":"422","swap":true},{"code":"[45]..","swap":true,"error":true}]}"#;

/// The part of the navigation a page belongs to: `home`, `lobby`, `rules`, `leaderboards`,
/// `account` or `""`.
pub type Section = &'static str;

/// The frame of every page.
#[derive(Debug, Clone)]
pub struct Layout {
    pub title: String,
    /// The signed-in player's name.
    pub user: Option<String>,
    pub csrf: String,
    pub section: Section,
    pub assets: &'static Assets,
    pub htmx_config: &'static str,
    /// The path and query of the page (where the language switch comes back to).
    pub path: String,
}

impl Layout {
    pub fn new(ctx: &Ctx, title: impl Into<String>, section: Section) -> Layout {
        Layout {
            user: ctx.username().map(str::to_owned),
            csrf: ctx.csrf.clone(),
            section,
            path: ctx.path.clone(),
            ..Layout::anonymous(title)
        }
    }

    /// A layout for error pages, which know nothing of the request.
    pub fn anonymous(title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            user: None,
            csrf: String::new(),
            section: "",
            assets: &ASSETS,
            htmx_config: HTMX_CONFIG,
            path: "/".to_owned(),
        }
    }

    /// The languages the switch offers.
    pub fn languages(&self) -> &'static [Language] {
        &Language::ALL
    }

    /// `aria-current="page"` for the navigation link of this page's section.
    pub fn current(&self, section: &str) -> &'static str {
        if self.section == section {
            "page"
        } else {
            "false"
        }
    }

    /// Every game's name by its id, as JSON: the live updates name the game of a match in a
    /// notification.
    pub fn game_names(&self) -> String {
        let names: serde_json::Map<String, serde_json::Value> = tapis_games::GameId::ALL
            .into_iter()
            .map(|g| (g.as_str().to_owned(), g.name().into()))
            .collect();
        serde_json::Value::Object(names).to_string()
    }

    /// The `hx-headers` value that sends the CSRF token with every htmx request.
    pub fn hx_headers(&self) -> String {
        serde_json::json!({ crate::csrf::CSRF_HEADER: self.csrf }).to_string()
    }
}

/// An HTML response.
/// What a handler answers: a page, a redirect, or an error shown as a page.
pub type Reply = Result<HttpResponse, WebError>;

pub fn html(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

/// Renders a template as a 200 page.
pub fn render(template: &impl Template) -> Reply {
    render_status(StatusCode::OK, template)
}

/// Renders a template with a status.
pub fn render_status(status: StatusCode, template: &impl Template) -> Reply {
    Ok(html(status, template.render()?))
}

/// A redirect after a successful form post (303: the browser follows it with a GET).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location.to_owned()))
        .finish()
}

/// Percent-encodes a query value.
pub fn url_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~' | b'/') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A local path to come back to after signing in (never another site).
///
/// `next` is resolved as a browser would resolve it against this site's address (the WHATWG
/// URL rules of the `url` crate: tabs and newlines dropped, `\\` read as `/`, `//host` naming
/// another host...); only a result on this site's origin is kept, as its path, query and
/// fragment (serialised, so percent-encoded and safe in a `Location` header). Anything else
/// gives `/`.
///
/// The resolved path must also stay a single-slash path: dot segments are removed while
/// resolving, so `/.//evil.example`, `/..//evil.example` or `/%2e//evil.example` come out as the
/// path `//evil.example`, which a browser reads back as another host. Such a path (starting with
/// `//` or `/\`) gives `/` too.
pub fn safe_next(next: Option<&str>) -> String {
    /// Stands for this site: any origin will do, as only "the same origin" matters.
    const SITE: &str = "https://tapis.invalid/";
    let (Some(next), Ok(site)) = (next, Url::parse(SITE)) else {
        return "/".to_owned();
    };
    match site.join(next) {
        Ok(url) if url.origin() == site.origin() && is_single_slash_path(url.path()) => {
            let mut local = url.path().to_owned();
            if let Some(query) = url.query() {
                local.push('?');
                local.push_str(query);
            }
            if let Some(fragment) = url.fragment() {
                local.push('#');
                local.push_str(fragment);
            }
            local
        }
        _ => "/".to_owned(),
    }
}

/// A path a browser resolves on the site it came from: one leading `/`, then no second `/`
/// nor `\` (either would make it a network-path reference naming another host).
fn is_single_slash_path(path: &str) -> bool {
    let mut chars = path.chars();
    chars.next() == Some('/') && !matches!(chars.next(), Some('/' | '\\'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_stays_on_this_site() {
        assert_eq!(safe_next(Some("/lobby")), "/lobby");
        assert_eq!(
            safe_next(Some("/matches/1?since=3#table")),
            "/matches/1?since=3#table"
        );
        assert_eq!(safe_next(None), "/");
    }

    #[test]
    fn every_known_way_off_the_site_gives_the_home_page() {
        for bypass in [
            "//evil.example",
            "///evil.example",
            "https://evil.example",
            "/\t/evil.example",
            "/\t//evil.example",
            "\t//evil.example",
            "/\n/evil.example",
            "/\r\n/evil.example",
            "\\\\evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "/ /evil.example".replace(' ', "\t").as_str(),
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            "data:text/html,hi",
            "http:evil.example",
            "https:/evil.example",
            "//evil.example@tapis.invalid",
        ] {
            let local = safe_next(Some(bypass));
            assert!(
                local.starts_with('/') && !local.starts_with("//"),
                "{bypass:?} gave {local:?}"
            );
            assert!(
                !local.contains("evil.example") || local.starts_with("/evil"),
                "{bypass:?} gave {local:?}"
            );
        }
        assert_eq!(safe_next(Some("//evil.example")), "/");
        assert_eq!(safe_next(Some("/\t/evil.example")), "/");
        assert_eq!(safe_next(Some("javascript:alert(1)")), "/");
    }

    /// Dot segments are removed while resolving: each of these resolves to the path
    /// `//evil.example` (or `/\evil.example`), which a browser would read as another host.
    #[test]
    fn dot_segments_never_make_a_network_path() {
        for bypass in [
            "/.//evil.example",
            "/..//evil.example",
            "/x/..//evil.example",
            "/x/y/../..//evil.example",
            "/%2e//evil.example",
            "/%2E//evil.example",
            "/%2e%2e//evil.example",
            "/x/%2e%2e//evil.example",
            "/.%2e//evil.example",
            "/./\\evil.example",
            "/.\\/evil.example",
            "/../\\evil.example",
            "\\.\\/evil.example",
            "/./\t/evil.example",
            "/.\t//evil.example",
            "/./\n/evil.example",
            "/./\r\n/evil.example",
            "/.\t/\t/evil.example",
            "./..//evil.example",
            ".//evil.example",
            "..//evil.example",
            "x/..//evil.example",
            "/.//evil.example/",
            "/.//evil.example?x=1#y",
            "/.///evil.example",
            "/././/evil.example",
            "/../../..//evil.example",
        ] {
            assert_eq!(safe_next(Some(bypass)), "/", "{bypass:?}");
        }
        // Dot segments that leave a single-slash path stay as resolved.
        assert_eq!(safe_next(Some("/./lobby")), "/lobby");
        assert_eq!(safe_next(Some("/x/../lobby")), "/lobby");
        assert_eq!(safe_next(Some("/%2e/lobby")), "/lobby");
        assert_eq!(safe_next(Some("/lobby/.//x")), "/lobby//x");
    }

    #[test]
    fn control_characters_never_reach_a_header() {
        let local = safe_next(Some("/lobby\r\nSet-Cookie: x=1"));
        assert!(!local.contains(['\r', '\n']), "{local:?}");
        assert!(local.starts_with("/lobby"));
        // Percent-encoded forms stay encoded: they name a path here, never another host.
        assert_eq!(safe_next(Some("/%09/evil.example")), "/%09/evil.example");
        assert_eq!(
            safe_next(Some("/%2F%2Fevil.example")),
            "/%2F%2Fevil.example"
        );
    }

    #[test]
    fn url_encoding_keeps_paths_readable() {
        assert_eq!(url_encode("/matches/1?x=a b"), "/matches/1%3Fx%3Da%20b");
    }
}

//! The static files of the web pages, compiled into the binary and served under `/static/`.
//!
//! Each file is served under a name that changes with its content (htmx carries its version,
//! the stylesheet a short hash of itself), so browsers may cache them for a year, and pages
//! load them with a Subresource Integrity hash.

use std::sync::LazyLock;

use actix_web::http::header::{self, CacheControl, CacheDirective};
use actix_web::{HttpResponse, get, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256, Sha384};

/// The vendored htmx release (from the npm package `htmx.org`, `dist/htmx.min.js`).
pub const HTMX_VERSION: &str = "2.0.11";

/// The Subresource Integrity hash of the vendored htmx, as published for this release; a test
/// checks it against the file.
pub const HTMX_INTEGRITY: &str =
    "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg";

const HTMX_JS: &[u8] = include_bytes!("../static/htmx-2.0.11.min.js");
const HTMX_LICENSE: &[u8] = include_bytes!("../static/htmx-2.0.11.LICENSE");
const STYLESHEET: &[u8] = include_bytes!("../static/tapis.css");
const SCRIPT: &[u8] = include_bytes!("../static/tapis.js");
const FAVICON: &[u8] = include_bytes!("../static/favicon.svg");

/// One static file.
#[derive(Debug)]
pub struct Asset {
    /// The path it is served at, under `/static/`.
    pub path: String,
    /// Its `integrity` attribute value.
    pub integrity: String,
    content_type: &'static str,
    bytes: &'static [u8],
}

impl Asset {
    fn new(name: String, content_type: &'static str, bytes: &'static [u8]) -> Asset {
        Asset {
            path: format!("/static/{name}"),
            integrity: sri(bytes),
            content_type,
            bytes,
        }
    }

    /// Named after a short hash of its content, so that a changed file gets a new URL.
    fn hashed(
        stem: &str,
        extension: &str,
        content_type: &'static str,
        bytes: &'static [u8],
    ) -> Asset {
        let mut digest = hex::encode(Sha256::digest(bytes));
        digest.truncate(10);
        Asset::new(format!("{stem}-{digest}.{extension}"), content_type, bytes)
    }
}

/// The Subresource Integrity value (`sha384-...`) of some bytes.
pub fn sri(bytes: &[u8]) -> String {
    format!("sha384-{}", STANDARD.encode(Sha384::digest(bytes)))
}

/// Every static file of the pages.
#[derive(Debug)]
pub struct Assets {
    pub htmx: Asset,
    pub htmx_license: Asset,
    pub stylesheet: Asset,
    pub script: Asset,
    pub favicon: Asset,
}

impl Assets {
    fn all(&self) -> [&Asset; 5] {
        [
            &self.htmx,
            &self.htmx_license,
            &self.stylesheet,
            &self.script,
            &self.favicon,
        ]
    }
}

/// The static files, hashed once.
pub static ASSETS: LazyLock<Assets> = LazyLock::new(|| Assets {
    htmx: Asset {
        path: format!("/static/htmx-{HTMX_VERSION}.min.js"),
        integrity: HTMX_INTEGRITY.to_owned(),
        content_type: "text/javascript; charset=utf-8",
        bytes: HTMX_JS,
    },
    htmx_license: Asset::new(
        format!("htmx-{HTMX_VERSION}.LICENSE"),
        "text/plain; charset=utf-8",
        HTMX_LICENSE,
    ),
    stylesheet: Asset::hashed("tapis", "css", "text/css; charset=utf-8", STYLESHEET),
    script: Asset::hashed("tapis", "js", "text/javascript; charset=utf-8", SCRIPT),
    favicon: Asset::hashed("favicon", "svg", "image/svg+xml", FAVICON),
});

/// The bytes of the vendored htmx (for the integrity test).
pub fn htmx_bytes() -> &'static [u8] {
    HTMX_JS
}

/// `GET /static/{name}`: one of the files above, cached for a year (its name changes with it).
#[get("/static/{name}")]
pub async fn serve(name: web::Path<String>) -> HttpResponse {
    let path = format!("/static/{}", name.into_inner());
    match ASSETS.all().into_iter().find(|asset| asset.path == path) {
        Some(asset) => HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, asset.content_type))
            .insert_header(CacheControl(vec![
                CacheDirective::Public,
                CacheDirective::MaxAge(31_536_000),
                CacheDirective::Extension("immutable".into(), None),
            ]))
            .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .body(asset.bytes),
        None => HttpResponse::NotFound()
            .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
            .body("no such file"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_htmx_integrity_hash_matches_the_vendored_file() {
        assert_eq!(sri(htmx_bytes()), HTMX_INTEGRITY);
        assert_eq!(ASSETS.htmx.integrity, HTMX_INTEGRITY);
        assert!(ASSETS.htmx.path.ends_with("htmx-2.0.11.min.js"));
    }

    #[test]
    fn hashed_names_change_with_the_content() {
        let a = Asset::hashed("x", "css", "text/css", b"a");
        let b = Asset::hashed("x", "css", "text/css", b"b");
        assert_ne!(a.path, b.path);
        assert!(a.path.starts_with("/static/x-") && a.path.ends_with(".css"));
    }
}

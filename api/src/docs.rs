//! The browsable API documentation at `/api/docs`: Swagger UI, vendored (see
//! `api/static/swagger-ui-5.35.0/`), so it needs no network at build or run time.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpResponse, get};

const SWAGGER_JS: &[u8] = include_bytes!("../static/swagger-ui-5.35.0/swagger-ui-bundle.js");
const SWAGGER_CSS: &[u8] = include_bytes!("../static/swagger-ui-5.35.0/swagger-ui.css");

const PAGE: &str = r#"<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tapis API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui-5.35.0.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-5.35.0.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
"#;

const INIT: &str = r##"window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: true
});
"##;

/// The documentation page's policy: its own scripts and styles only (Swagger UI sets some
/// styles inline), the document from this site, never framed.
const DOCS_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
     object-src 'none'; form-action 'self'";

/// The documentation page.
#[get("/api/docs")]
pub async fn page() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header(("Content-Security-Policy", DOCS_CSP))
        .insert_header(("X-Frame-Options", "DENY"))
        .insert_header(("Referrer-Policy", "same-origin"))
        .body(PAGE)
}

#[get("/api/docs/init.js")]
pub async fn init() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/javascript; charset=utf-8"))
        .body(INIT)
}

/// A file of the vendored Swagger UI: its address names its version, so browsers may keep it
/// a year.
fn vendored(content_type: &'static str, bytes: &'static [u8]) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header((CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(bytes)
}

#[get("/api/docs/swagger-ui-5.35.0.js")]
pub async fn script() -> HttpResponse {
    vendored("text/javascript; charset=utf-8", SWAGGER_JS)
}

#[get("/api/docs/swagger-ui-5.35.0.css")]
pub async fn style() -> HttpResponse {
    vendored("text/css; charset=utf-8", SWAGGER_CSS)
}

//! The web pages as a browser sees them: a [`Browser`] that keeps cookies and the CSRF token
//! of the last page, sends forms and htmx requests, and opens the pages' event streams; each
//! answer a [`WebPage`].

use reqwest::StatusCode;

use crate::app::TestApp;
use crate::streams::EventStream;

/// A page fetched by a [`Browser`]: status, headers and the HTML (or other text).
#[derive(Debug)]
pub struct WebPage {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl WebPage {
    /// A header's value, or `""`.
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// Asserts that the page contains `needle`.
    #[track_caller]
    pub fn assert_contains(&self, needle: &str) {
        assert!(
            self.text.contains(needle),
            "expected {needle:?} in the page ({}):\n{}",
            self.status,
            self.text
        );
    }

    /// The value of the first `name="csrf"` field of the page.
    pub fn csrf(&self) -> Option<String> {
        let at = self.text.find("name=\"csrf\" value=\"")?;
        let rest = &self.text[at + "name=\"csrf\" value=\"".len()..];
        rest.split('"').next().map(str::to_owned)
    }
}

/// A browser-like client of the web pages: keeps cookies, does not follow redirects, and
/// remembers the CSRF token of the last page it loaded.
#[derive(Debug)]
pub struct Browser {
    pub base: String,
    pub client: reqwest::Client,
    csrf: std::sync::Mutex<Option<String>>,
}

impl Browser {
    pub fn new(app: &TestApp) -> Browser {
        Browser::with_headers(app, reqwest::header::HeaderMap::new())
    }

    /// A browser whose every request says which languages its reader prefers.
    pub fn speaking(app: &TestApp, accept_language: &str) -> Browser {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            reqwest::header::HeaderValue::from_str(accept_language).unwrap(),
        );
        Browser::with_headers(app, headers)
    }

    fn with_headers(app: &TestApp, headers: reqwest::header::HeaderMap) -> Browser {
        Browser {
            base: app.base.clone(),
            client: reqwest::Client::builder()
                .cookie_store(true)
                .pool_idle_timeout(crate::app::CLIENT_IDLE)
                .redirect(reqwest::redirect::Policy::none())
                .default_headers(headers)
                .build()
                .unwrap(),
            csrf: std::sync::Mutex::new(None),
        }
    }

    async fn read(&self, response: reqwest::Response) -> WebPage {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let page = WebPage {
            status,
            headers,
            text,
        };
        if let Some(token) = page.csrf() {
            *self.csrf.lock().unwrap() = Some(token);
        }
        page
    }

    /// The CSRF token of the last page that had one (loads the home page if none yet).
    pub async fn csrf(&self) -> String {
        if self.csrf.lock().unwrap().is_none() {
            self.get("/signin").await;
        }
        self.csrf
            .lock()
            .unwrap()
            .clone()
            .expect("a page with a CSRF token")
    }

    pub async fn get(&self, path: &str) -> WebPage {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// An htmx GET (with `HX-Request`).
    pub async fn hx_get(&self, path: &str) -> WebPage {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .header("HX-Request", "true")
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// Posts a form with the CSRF token in its `csrf` field.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> WebPage {
        let token = self.csrf().await;
        let mut body: Vec<(&str, &str)> = vec![("csrf", token.as_str())];
        body.extend_from_slice(fields);
        self.post_raw(path, &body).await
    }

    /// Posts a form exactly as given (no CSRF token added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> WebPage {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .form(fields)
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// An htmx POST: the token in the `X-CSRF-Token` header, as the pages send it.
    pub async fn hx_post(&self, path: &str, fields: &[(&str, &str)]) -> WebPage {
        let token = self.csrf().await;
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .header("HX-Request", "true")
            .header("X-CSRF-Token", token)
            .form(fields)
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// Opens a Server-Sent Events stream of the pages with this browser's cookies, and a
    /// `Last-Event-ID` if given: the stream, or the answer that refused it.
    pub async fn open_stream(
        &self,
        path: &str,
        last_event_id: Option<&str>,
    ) -> Result<EventStream, WebPage> {
        let mut request = self.client.get(format!("{}{path}", self.base));
        if let Some(id) = last_event_id {
            request = request.header("Last-Event-ID", id);
        }
        let response = request.send().await.unwrap();
        if response.status() != StatusCode::OK {
            return Err(self.read(response).await);
        }
        assert_eq!(response.headers()["cache-control"], "no-store");
        Ok(EventStream::of(response))
    }

    /// Signs a new player up through the sign-up form; the browser is then signed in.
    pub async fn sign_up(&self, username: &str) {
        self.get("/signup").await;
        let page = self
            .post(
                "/signup",
                &[
                    ("username", username),
                    ("password", "correct horse"),
                    ("password_again", "correct horse"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
}

//! The REST API as the load generator calls it: a thin JSON client whose every failure is an
//! error to count (never a panic), and the little of a match view a bot reads.

use reqwest::{Client, StatusCode};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The password of every benchmark player.
const PASSWORD: &str = "bench-password-1";

/// A reply: its status and body, parsed only as far as the caller needs.
pub struct Reply {
    pub status: StatusCode,
    bytes: Vec<u8>,
}

impl Reply {
    /// The body as `T` (a view reads only the fields it names).
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, String> {
        serde_json::from_slice(&self.bytes).map_err(|e| format!("unexpected reply: {e}"))
    }

    /// The problem `code` of an error reply, or `""`.
    pub fn code(&self) -> String {
        self.json::<Value>()
            .ok()
            .and_then(|v| v["code"].as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// The status, problem code and detail, for an error message.
    pub fn describe(&self) -> String {
        let body = self.json::<Value>().unwrap_or(Value::Null);
        let code = body["code"].as_str().unwrap_or("");
        let detail = body["detail"].as_str().unwrap_or("");
        format!("{} {code} {detail}", self.status.as_u16())
    }
}

/// What a bot reads of a match view (the rest of the reply, the game state included, is
/// skipped without being built).
#[derive(Debug, Default, Deserialize)]
pub struct View {
    pub id: String,
    pub status: String,
    pub version: i64,
    pub to_act: Vec<usize>,
    pub your_seat: Option<usize>,
    pub legal_actions: Vec<Value>,
    pub seats: Vec<SeatName>,
}

/// Who sits in a seat of a match view.
#[derive(Debug, Default, Deserialize)]
pub struct SeatName {
    pub username: String,
}

/// A thin JSON client over one shared, pooled `reqwest::Client`.
#[derive(Clone)]
pub struct Api {
    pub client: Client,
    pub base: String,
}

impl Api {
    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Reply, String> {
        let response = request
            .send()
            .await
            .map_err(|e| format!("transport: {e}"))?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| format!("transport: {e}"))?;
        Ok(Reply {
            status,
            bytes: bytes.to_vec(),
        })
    }

    pub async fn get(&self, path: &str, token: &str) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        self.send(self.client.get(url).bearer_auth(token)).await
    }

    /// Through the API, signed out.
    pub async fn get_anonymous(&self, path: &str) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        self.send(self.client.get(url)).await
    }

    /// A page of the site, as the browser of the player whose session `token` names.
    pub async fn get_page(&self, path: &str, token: &str) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        let cookie = format!("tapis_session={token}");
        self.send(self.client.get(url).header(reqwest::header::COOKIE, cookie))
            .await
    }

    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        let request = self.client.post(url).json(body);
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        self.send(request).await
    }

    /// Signs a player up; returns their session token.
    pub async fn sign_up(&self, username: &str) -> Result<String, String> {
        let reply = self
            .post(
                "/api/v1/accounts",
                None,
                &json!({"username": username, "password": PASSWORD}),
            )
            .await?;
        if reply.status != StatusCode::CREATED {
            return Err(format!("sign-up of {username}: {}", reply.describe()));
        }
        reply.json::<Value>()?["token"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("sign-up of {username}: no token in the reply"))
    }
}

//! The REST API as tests call it: requests of a [`TestApp`] with or without a bearer token,
//! their [`Reply`], and the steps most tests start with (signing players up, starting a match).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::app::TestApp;

/// A response: status, headers and JSON body (`Null` when there is none).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    /// The problem `code`, for error responses.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }

    /// Reads a whole response; a body that is not JSON is kept as a string.
    pub async fn read(response: reqwest::Response) -> Reply {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Reply {
            status,
            headers,
            body,
        }
    }
}

impl TestApp {
    async fn send(&self, request: reqwest::RequestBuilder, token: Option<&str>) -> Reply {
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        Reply::read(request.send().await.unwrap()).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(self.client.get(format!("{}{path}", self.base)), token)
            .await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(
            self.client.post(format!("{}{path}", self.base)).json(&body),
            token,
        )
        .await
    }

    /// `PUT path` with a JSON body.
    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(
            self.client.put(format!("{}{path}", self.base)).json(&body),
            token,
        )
        .await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(self.client.delete(format!("{}{path}", self.base)), token)
            .await
    }

    /// Signs a new player up; returns their session token.
    pub async fn player(&self, username: &str) -> String {
        let reply = self
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": username, "password": "correct horse"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Signs an existing player in again; returns a new session token.
    pub async fn sign_in(&self, username: &str) -> String {
        let reply = self
            .post(
                "/api/v1/sessions",
                None,
                json!({"username": username, "password": "correct horse"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// Creates a match of `game` for `tokens.len()` players and has the others join it.
    /// Returns the match view after the last join. The first throw may end a match (five 1s
    /// at 5000, once in 7,776 matches): such a match is left finished and another one started,
    /// since the tests need one in play.
    pub async fn started_match(&self, game: &str, tokens: &[&str], extra: Value) -> Value {
        for _ in 0..3 {
            let view = self.create_and_join(game, tokens, &extra).await;
            if view["status"] != "finished" {
                return view;
            }
        }
        panic!("{game}: three matches in a row were over at their first throw");
    }

    async fn create_and_join(&self, game: &str, tokens: &[&str], extra: &Value) -> Value {
        let mut body = json!({"game": game, "seats": tokens.len()});
        if let (Some(target), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            for (k, v) in extra {
                target.insert(k.clone(), v.clone());
            }
        }
        let created = self.post("/api/v1/matches", Some(tokens[0]), body).await;
        assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
        let id = created.body["id"].as_str().unwrap().to_owned();
        let mut view = created.body;
        for token in &tokens[1..] {
            let joined = self
                .post(
                    &format!("/api/v1/matches/{id}/join"),
                    Some(token),
                    json!({}),
                )
                .await;
            assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
            view = joined.body;
        }
        view
    }
}

//! A real HTTP receiver of webhook calls for the tests: an actix-web server on 127.0.0.1 that
//! records every call and answers as it is told (at once, with a status, or slowly). Stops
//! with the test's runtime.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::Value;

/// What a receiver's body says: it must never be shown back by Tapis.
pub const RECEIVER_SECRET_TEXT: &str = "receiver-private-text-hunter2";

/// One call the receiver got.
#[derive(Debug, Clone)]
pub struct Call {
    pub path: String,
    pub method: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Call {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} header in {:?}", self.headers))
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

/// How the receiver answers.
#[derive(Debug, Clone, Copy)]
pub enum Answer {
    Ok,
    Status(u16),
    /// Answers 200 after this long.
    Slow(Duration),
}

#[derive(Debug, Clone)]
pub struct Receiver {
    calls: Arc<Mutex<Vec<Call>>>,
    answer: Arc<Mutex<Answer>>,
    /// How many calls have been answered.
    answered: Arc<AtomicUsize>,
    pub port: u16,
}

async fn record(req: HttpRequest, body: web::Bytes, receiver: web::Data<Receiver>) -> HttpResponse {
    receiver.calls.lock().unwrap().push(Call {
        path: req.path().to_owned(),
        method: req.method().to_string(),
        headers: req
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_owned()))
            .collect(),
        body: body.to_vec(),
    });
    let answer = *receiver.answer.lock().unwrap();
    let response = match answer {
        Answer::Ok => HttpResponse::Ok().body(RECEIVER_SECRET_TEXT),
        Answer::Status(status) => {
            HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap())
                .body(RECEIVER_SECRET_TEXT)
        }
        Answer::Slow(wait) => {
            tokio::time::sleep(wait).await;
            HttpResponse::Ok().body(RECEIVER_SECRET_TEXT)
        }
    };
    receiver.answered.fetch_add(1, Ordering::SeqCst);
    response
}

impl Receiver {
    pub async fn start() -> Receiver {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let receiver = Receiver {
            calls: Arc::default(),
            answer: Arc::new(Mutex::new(Answer::Ok)),
            answered: Arc::default(),
            port: listener.local_addr().unwrap().port(),
        };
        let data = web::Data::new(receiver.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .default_service(web::to(record))
        })
        .workers(1)
        .disable_signals()
        .listen(listener)
        .unwrap()
        .run();
        tokio::spawn(server);
        receiver
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn answer(&self, answer: Answer) {
        *self.answer.lock().unwrap() = answer;
    }

    /// How many calls have been answered so far.
    pub fn answered(&self) -> usize {
        AtomicUsize::load(&self.answered, Ordering::SeqCst)
    }

    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    pub fn calls_to(&self, path: &str) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| c.path == path)
            .collect()
    }

    /// Waits (at most 10 s) until `path` got `n` calls; returns them.
    pub async fn wait_for(&self, path: &str, n: usize) -> Vec<Call> {
        for _ in 0..500 {
            let calls = self.calls_to(path);
            if calls.len() >= n {
                return calls;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!(
            "{path} did not get {n} calls within 10 s: {:?}",
            self.calls()
        );
    }

    /// Waits (at most 10 s) until `n` calls came, to any path.
    pub async fn wait_for_any(&self, n: usize) {
        for _ in 0..500 {
            if self.calls().len() >= n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("fewer than {n} calls within 10 s: {:?}", self.calls());
    }
}

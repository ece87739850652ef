//! Server-Sent Events as tests hear them: an [`EventStream`] opened on any server (a test app,
//! another one on its database, or a server process), read one [`Received`] event at a time.

use std::pin::Pin;
use std::time::Duration;

use eventsource_stream::{Event, EventStreamError, Eventsource};
use futures_util::{Stream, StreamExt};
use reqwest::StatusCode;
use serde_json::Value;

use crate::api::Reply;
use crate::app::TestApp;

/// The events of one response, as `eventsource-stream` parses them.
type Events = Pin<Box<dyn Stream<Item = Result<Event, EventStreamError<reqwest::Error>>> + Send>>;

/// A Server-Sent Events stream opened on an app, read one event at a time.
pub struct EventStream {
    events: Events,
}

impl std::fmt::Debug for EventStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventStream").finish_non_exhaustive()
    }
}

/// One event received: its `id:`, its `event:` name and its `data:` as JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Received {
    pub id: String,
    pub event: String,
    pub data: Value,
}

impl Received {
    fn of(event: Event) -> Received {
        Received {
            data: serde_json::from_str(&event.data)
                .unwrap_or_else(|e| panic!("data is not JSON ({e}): {}", event.data)),
            id: event.id,
            event: event.event,
        }
    }
}

impl EventStream {
    /// The stream of an accepted response, which must say it is an event stream.
    pub fn of(response: reqwest::Response) -> EventStream {
        assert_eq!(
            response.headers()["content-type"],
            "text/event-stream",
            "a stream's media type"
        );
        EventStream {
            events: Box::pin(response.bytes_stream().eventsource()),
        }
    }

    /// The next event, if one comes within `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<Received> {
        match tokio::time::timeout(wait, self.events.next()).await {
            Ok(Some(Ok(event))) => Some(Received::of(event)),
            Ok(Some(Err(e))) => panic!("the stream failed: {e}"),
            Ok(None) | Err(_) => None,
        }
    }

    /// The next event, which must come within 5 s and be named `event`.
    pub async fn expect(&mut self, event: &str) -> Received {
        let received = self
            .next_within(Duration::from_secs(5))
            .await
            .unwrap_or_else(|| panic!("no `{event}` within 5 s"));
        assert_eq!(received.event, event, "{received:?}");
        received
    }

    /// The next event named `event`, which must come within 5 s, passing over any named in
    /// `before`.
    pub async fn expect_after(&mut self, event: &str, before: &[&str]) -> Received {
        loop {
            let received = self
                .next_within(Duration::from_secs(5))
                .await
                .unwrap_or_else(|| panic!("no `{event}` within 5 s"));
            if received.event == event {
                return received;
            }
            assert!(before.contains(&received.event.as_str()), "{received:?}");
        }
    }

    /// Every event until the stream ends (its server closed it, or the connection broke),
    /// which must happen within `wait`.
    pub async fn until_end(&mut self, wait: Duration) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + wait;
        let mut received = Vec::new();
        loop {
            match tokio::time::timeout_at(deadline, self.events.next()).await {
                Ok(Some(Ok(event))) => received.push(Received::of(event)),
                Ok(Some(Err(_)) | None) => return received,
                Err(_) => panic!("the stream did not end within {wait:?}"),
            }
        }
    }

    /// Checks that nothing comes within `wait`.
    pub async fn expect_nothing(&mut self, wait: Duration) {
        if let Some(received) = self.next_within(wait).await {
            panic!("nothing was expected, but got {received:?}");
        }
    }
}

/// Opens the event stream at `url` (of any server, in this process or not), with a bearer
/// token and a `Last-Event-ID` if given: the stream, or the reply that refused it.
pub async fn open_event_stream(
    client: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    last_event_id: Option<&str>,
) -> Result<EventStream, Reply> {
    let mut request = client.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(id) = last_event_id {
        request = request.header("Last-Event-ID", id);
    }
    let response = request.send().await.unwrap();
    if response.status() != StatusCode::OK {
        return Err(Reply::read(response).await);
    }
    Ok(EventStream::of(response))
}

impl TestApp {
    /// Opens the stream at `path` on `base` (this app's or another's), with a bearer token
    /// and a `Last-Event-ID` if given: the stream, or the reply that refused it.
    pub async fn open_stream_on(
        &self,
        base: &str,
        path: &str,
        token: Option<&str>,
        last_event_id: Option<&str>,
    ) -> Result<EventStream, Reply> {
        open_event_stream(&self.client, &format!("{base}{path}"), token, last_event_id).await
    }

    /// Opens a stream on this app; panics if it is refused.
    pub async fn open_stream(
        &self,
        path: &str,
        token: Option<&str>,
        last_event_id: Option<&str>,
    ) -> EventStream {
        match self
            .open_stream_on(&self.base, path, token, last_event_id)
            .await
        {
            Ok(stream) => stream,
            Err(reply) => panic!("{path} refused: {} {:?}", reply.status, reply.body),
        }
    }
}

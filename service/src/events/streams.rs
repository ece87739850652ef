//! A client's streams: a person's events (`GET /api/v1/stream`) and a match's moves and chat
//! (`GET /api/v1/matches/{id}/stream`), each resumed from its `Last-Event-ID` (the chat from
//! the moment the stream opens: a client reads what came before from the chat itself).
//!
//! A stream subscribes to the hub first, then reads from the database what it must catch up
//! on, then follows the hub, skipping what it has already sent (by number or version): so it
//! misses nothing that commits while it starts. One that falls behind its channel reads the
//! database again from where it was.

use std::collections::VecDeque;
use std::future::ready;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use futures_util::{Stream, StreamExt};
use tokio::sync::broadcast::error::RecvError;
use uuid::Uuid;

use super::gate::{Opener, StreamPass};
use super::hub::{Numbered, Subscription};
use super::log::{self, BATCH, events_after, horizon, latest_seq};
use super::{TournamentChange, UserEvent};
use crate::chat::{self, Audience, ChatMessage};
use crate::identity::caller::Identity;
use crate::matches::{self, MatchMove};
use crate::{ServiceError, ServiceResult, Services};

/// A person's events, as they happen.
pub type UserStream = Pin<Box<dyn Stream<Item = StreamItem<UserEvent>> + Send>>;
/// A match's moves, as they are played, and its chat messages the viewer may read.
pub type MatchStream = Pin<Box<dyn Stream<Item = StreamItem<MatchEvent>> + Send>>;
/// A page's one stream: the viewer's events and the moves of the matches it shows.
pub type PageStream = Pin<Box<dyn Stream<Item = StreamItem<PageEvent>> + Send>>;

/// One part of a stream made of several (a match's moves, its chat).
type Part<T> = Pin<Box<dyn Stream<Item = StreamItem<T>> + Send>>;

/// An event of a match's stream.
#[derive(Debug, Clone)]
pub enum MatchEvent {
    Move(Arc<MatchMove>),
    /// A message of the match's chat that the viewer may read.
    Chat(Arc<ChatMessage>),
}

/// An event of a page's stream.
#[derive(Debug, Clone)]
pub enum PageEvent {
    /// One of the viewer's own events.
    User(Arc<UserEvent>),
    /// A move of one of the matches the page follows.
    Move(Arc<MatchMove>),
    /// A chat message of one of the matches the page follows, that the viewer may read.
    Chat(Arc<ChatMessage>),
    /// One of the tournaments the page follows changed.
    Tournament(Arc<TournamentChange>),
}

/// How many matches one page stream may follow (the tabs of one browser share it).
pub const PAGE_STREAM_MATCHES: usize = 64;
/// How many tournaments one page stream may follow.
pub const PAGE_STREAM_TOURNAMENTS: usize = 16;

/// What a stream yields: an event, or the end of the stream because the database could not be
/// read (the client reconnects with its `Last-Event-ID` and loses nothing).
#[derive(Debug, Clone)]
pub enum StreamItem<T> {
    Event(Arc<T>),
    Interrupted,
}

impl<T> StreamItem<T> {
    /// The same item, its event wrapped by `wrap` (a part of a stream made of several).
    fn map<U>(self, wrap: impl FnOnce(Arc<T>) -> U) -> StreamItem<U> {
        match self {
            StreamItem::Event(event) => StreamItem::Event(Arc::new(wrap(event))),
            StreamItem::Interrupted => StreamItem::Interrupted,
        }
    }
}

/// How the streams keep quiet connections open, whoever serves them (the API, the pages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamSettings {
    /// How often a comment line is sent while nothing happens (proxies close idle
    /// connections; the contract says 25 s).
    pub keep_alive: Duration,
    /// How long a client should wait before reconnecting (the `retry:` field).
    pub retry: Duration,
}

impl Default for StreamSettings {
    fn default() -> StreamSettings {
        StreamSettings {
            keep_alive: Duration::from_secs(25),
            retry: Duration::from_secs(3),
        }
    }
}

/// A stream's events up to its first [`StreamItem::Interrupted`], where it ends: the client
/// reconnects with its `Last-Event-ID` and misses nothing.
pub fn until_interrupted<T, S>(stream: S) -> impl Stream<Item = Arc<T>>
where
    S: Stream<Item = StreamItem<T>>,
{
    stream
        .take_while(|item| ready(matches!(item, StreamItem::Event(_))))
        .filter_map(|item| {
            ready(match item {
                StreamItem::Event(event) => Some(event),
                StreamItem::Interrupted => None,
            })
        })
}

/// Why a `Last-Event-ID` is refused when it is not a number from 0 up (or not even text).
pub const NOT_AN_EVENT_ID: &str = "Last-Event-ID must be the id of an event: a whole number from 0";

/// Parses a `Last-Event-ID`: a number from 0 up.
fn parse_last_event_id(header: Option<&str>) -> ServiceResult<Option<i64>> {
    let Some(text) = header else {
        return Ok(None);
    };
    match text.trim().parse::<i64>() {
        Ok(n) if n >= 0 => Ok(Some(n)),
        _ => Err(ServiceError::BadLastEventId(NOT_AN_EVENT_ID)),
    }
}

/// Holds `pass` for as long as `stream` is open (until the response ends or its client goes).
fn holding<T: 'static>(
    stream: Pin<Box<dyn Stream<Item = T> + Send>>,
    pass: StreamPass,
) -> Pin<Box<dyn Stream<Item = T> + Send>> {
    Box::pin(stream.map(move |item| {
        let _open = &pass;
        item
    }))
}

/// The events of `who` from after `last_event_id` (or from now), then as they happen; opened
/// from `address`, within the caps of the streams ([`super::StreamGate`]).
pub async fn user_stream(
    services: &Services,
    who: &Identity,
    last_event_id: Option<&str>,
    address: Option<&str>,
) -> ServiceResult<UserStream> {
    let pass = services.streams().admit(Opener {
        address,
        account: Some(who.user_id),
    })?;
    Ok(holding(
        follow_user(services, who, last_event_id).await?,
        pass,
    ))
}

async fn follow_user(
    services: &Services,
    who: &Identity,
    last_event_id: Option<&str>,
) -> ServiceResult<UserStream> {
    let resume = parse_last_event_id(last_event_id)?;
    let subscription = services.events().watch_user(who.user_id);
    let latest = latest_seq(services).await?;
    let cursor = match resume {
        None => latest,
        Some(n) if n > latest => {
            return Err(ServiceError::BadLastEventId(
                "no event has this id yet: resume from an id this stream sent",
            ));
        }
        Some(n) => {
            let mut conn = services.conn_keeping().await?;
            let below = horizon(&mut conn).await?;
            if n + 1 < below {
                return Err(ServiceError::EventsExpired { oldest: below });
            }
            n
        }
    };
    let follow = Follow {
        read: user_reader(services, who.user_id),
        subscription,
        cursor,
        backlog: VecDeque::new(),
        behind: resume.is_some(),
    };
    Ok(Box::pin(follow.into_stream()))
}

/// The moves of match `id` played after version `last_event_id` (or from now), then as they
/// are played, and the messages of its chat that `viewer` (or a visitor) may read, posted from
/// now on. Anyone may follow a match (its turn log is public), within the caps of the streams
/// ([`super::StreamGate`]).
pub async fn match_stream(
    services: &Services,
    id: Uuid,
    last_event_id: Option<&str>,
    opener: Opener<'_>,
    viewer: Option<&Identity>,
) -> ServiceResult<MatchStream> {
    let pass = services.streams().admit(opener)?;
    let moves = follow_match(services, id, last_event_id).await?;
    let audience = {
        let mut conn = services.conn_keeping().await?;
        chat::audiences(&mut conn, viewer.map(|who| who.user_id), &[id])
            .await?
            .remove(&id)
            .ok_or(ServiceError::NotFound("match"))?
    };
    let messages = follow_chat(services, id, audience).await?;
    let parts: Vec<MatchStream> = vec![
        Box::pin(moves.map(|item| item.map(MatchEvent::Move))),
        Box::pin(messages.map(|item| item.map(MatchEvent::Chat))),
    ];
    Ok(holding(
        Box::pin(futures_util::stream::select_all(parts)),
        pass,
    ))
}

/// The messages of match `id`'s chat posted from now on that `audience` hears.
async fn follow_chat(
    services: &Services,
    id: Uuid,
    audience: Audience,
) -> ServiceResult<Part<ChatMessage>> {
    let cursor = {
        let mut conn = services.conn_keeping().await?;
        chat::last_number(&mut conn, id).await?
    };
    let subscription = services.events().watch_chat(id, cursor);
    let follow = Follow {
        read: chat_reader(services, id),
        subscription,
        cursor,
        backlog: VecDeque::new(),
        // A message may have been handed out between reading the head and subscribing.
        behind: true,
    };
    Ok(Box::pin(follow.into_stream().filter(move |item| {
        ready(match item {
            StreamItem::Event(message) => audience.hears(message),
            StreamItem::Interrupted => true,
        })
    })))
}

async fn follow_match(
    services: &Services,
    id: Uuid,
    last_event_id: Option<&str>,
) -> ServiceResult<Part<MatchMove>> {
    let resume = parse_last_event_id(last_event_id)?;
    let current = matches::version(services, id).await?;
    let cursor = match resume {
        None => current,
        Some(v) if v > current => {
            return Err(ServiceError::BadLastEventId(
                "the match has not reached this version: resume from a version this stream sent",
            ));
        }
        Some(v) => v,
    };
    let subscription = services.events().watch_match(id, cursor);
    let follow = Follow {
        read: match_reader(services, id),
        subscription,
        cursor,
        backlog: VecDeque::new(),
        // Always: a move may have been handed out between reading the version and subscribing.
        behind: true,
    };
    Ok(Box::pin(follow.into_stream()))
}

/// The changes of tournament `id` from now on (the page reads it once the stream is open).
async fn follow_tournament(services: &Services, id: Uuid) -> ServiceResult<Part<TournamentChange>> {
    let cursor = {
        let mut conn = services.conn_keeping().await?;
        crate::tournaments::stamps(&mut conn, &[id])
            .await?
            .first()
            .map(|(_, stamp)| *stamp)
            .ok_or(ServiceError::NotFound("tournament"))?
    };
    let subscription = services.events().watch_tournament(id, cursor);
    let follow = Follow {
        read: tournament_reader(services, id),
        subscription,
        cursor,
        backlog: VecDeque::new(),
        // A change may have been handed out between reading the stamp and subscribing.
        behind: true,
    };
    Ok(Box::pin(follow.into_stream()))
}

/// One stream for the pages of a browser: the events of `who` (when signed in) from after
/// `last_event_id` (or from now), the moves of each match of `matches` played after the
/// version given with it, then as they are played, and the changes of each tournament of
/// `tournaments` from now on. Any of them that cannot be read ends the whole stream
/// ([`StreamItem::Interrupted`]): the browser reconnects and misses nothing.
///
/// Each part is the stream of its own function ([`user_stream`], [`match_stream`]), so the
/// page stream resumes, follows the hub and catches up from the database the same way. It is
/// one stream for the caps ([`super::StreamGate`]), opened from `address`.
pub async fn page_stream(
    services: &Services,
    who: Option<&Identity>,
    last_event_id: Option<&str>,
    matches: &[(Uuid, i64)],
    tournaments: &[Uuid],
    address: Option<&str>,
) -> ServiceResult<PageStream> {
    let pass = services.streams().admit(Opener {
        address,
        account: who.map(|who| who.user_id),
    })?;
    let mut audiences = {
        let ids: Vec<Uuid> = matches.iter().map(|(id, _)| *id).collect();
        let mut conn = services.conn_keeping().await?;
        chat::audiences(&mut conn, who.map(|who| who.user_id), &ids).await?
    };
    let mut parts: Vec<PageStream> = Vec::with_capacity(2 * matches.len() + tournaments.len() + 1);
    if let Some(who) = who {
        let events = follow_user(services, who, last_event_id).await?;
        parts.push(Box::pin(events.map(|item| item.map(PageEvent::User))));
    }
    for (id, since) in matches {
        let since = since.to_string();
        let moves = follow_match(services, *id, Some(&since)).await?;
        parts.push(Box::pin(moves.map(|item| item.map(PageEvent::Move))));
        let audience = audiences
            .remove(id)
            .ok_or(ServiceError::NotFound("match"))?;
        let messages = follow_chat(services, *id, audience).await?;
        parts.push(Box::pin(messages.map(|item| item.map(PageEvent::Chat))));
    }
    for id in tournaments {
        let changes = follow_tournament(services, *id).await?;
        parts.push(Box::pin(
            changes.map(|item| item.map(PageEvent::Tournament)),
        ));
    }
    Ok(holding(
        Box::pin(futures_util::stream::select_all(parts)),
        pass,
    ))
}

/// Reads from the database a stream's events numbered after a number (at most a batch).
type Reader<T> = Box<dyn Fn(i64) -> BoxFuture<'static, ServiceResult<Vec<T>>> + Send + Sync>;

/// A [`Reader`] of what `read` reads with the services and the number to read after.
fn reader<T, F>(services: &Services, read: F) -> Reader<T>
where
    F: Fn(Services, i64) -> BoxFuture<'static, ServiceResult<Vec<T>>> + Send + Sync + 'static,
{
    let services = services.clone();
    Box::new(move |after| read(services.clone(), after))
}

fn user_reader(services: &Services, user_id: Uuid) -> Reader<UserEvent> {
    reader(services, move |services, after| {
        Box::pin(async move {
            let mut conn = services.conn_keeping().await?;
            events_after(&mut conn, after, Some(user_id)).await
        })
    })
}

fn match_reader(services: &Services, id: Uuid) -> Reader<MatchMove> {
    reader(services, move |services, after| {
        Box::pin(async move { log::moves_after(&services, id, after).await })
    })
}

fn tournament_reader(services: &Services, id: Uuid) -> Reader<TournamentChange> {
    reader(services, move |services, after| {
        Box::pin(async move { log::tournament_after(&services, id, after).await })
    })
}

fn chat_reader(services: &Services, id: Uuid) -> Reader<ChatMessage> {
    reader(services, move |services, after| {
        Box::pin(async move { log::chat_after(&services, id, after).await })
    })
}

/// A stream's state: what it has sent (`cursor`), what it read and has yet to send, and
/// whether the database may hold more than it read.
struct Follow<T> {
    read: Reader<T>,
    subscription: Subscription<T>,
    cursor: i64,
    backlog: VecDeque<Arc<T>>,
    behind: bool,
}

impl<T> Follow<T>
where
    T: Numbered + Clone + Send + Sync + 'static,
{
    fn into_stream(self) -> impl Stream<Item = StreamItem<T>> + Send {
        futures_util::stream::unfold(Some(self), async |state| {
            let mut follow = state?;
            match follow.next().await {
                Some(event) => Some((StreamItem::Event(event), Some(follow))),
                // The last item: the stream ends after it.
                None => Some((StreamItem::Interrupted, None)),
            }
        })
    }

    /// The next event to send, or `None` when the database cannot be read.
    async fn next(&mut self) -> Option<Arc<T>> {
        loop {
            if let Some(event) = self.backlog.pop_front() {
                if event.number() > self.cursor {
                    self.cursor = event.number();
                    return Some(event);
                }
                continue;
            }
            if self.behind {
                match (self.read)(self.cursor).await {
                    Ok(events) => {
                        // A full batch may not be all: read again once it is sent.
                        self.behind = events.len() as i64 >= BATCH;
                        self.backlog.extend(events.into_iter().map(Arc::new));
                        continue;
                    }
                    Err(_) => return None,
                }
            }
            match self.subscription.recv().await {
                Ok(event) if event.number() > self.cursor => {
                    self.cursor = event.number();
                    return Some(event);
                }
                Ok(_) => {}
                // Fallen behind the channel: the database has what was skipped.
                Err(RecvError::Lagged(_)) => self.behind = true,
                // The hub outlives every stream; should it go, so does the stream.
                Err(RecvError::Closed) => return None,
            }
        }
    }
}

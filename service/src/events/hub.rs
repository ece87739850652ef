//! The hub of one server process: it numbers the events that committed (the sequencer), reads
//! what is new once (events, moves, chat messages, tournaments' changes), and hands it to the
//! streams connected to this process.

use std::collections::{HashMap, HashSet};
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use diesel::prelude::*;
use diesel_async::pooled_connection::deadpool::Object;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use futures_util::{FutureExt, StreamExt};
use tokio::sync::{Notify, broadcast, watch};
use uuid::Uuid;

use super::heard::{self, Marks};
use super::{HORIZON, TournamentChange, UserEvent, log};
use crate::chat::ChatMessage;
use crate::matches::MatchMove;
use crate::schema::{chat_heads, matches as matches_table};
use crate::{ServiceResult, Services};

/// Room for events in a stream's channel before it falls behind (and reads the database).
const USER_CAPACITY: usize = 64;
const MATCH_CAPACITY: usize = 256;
const CHAT_CAPACITY: usize = 64;
const TOURNAMENT_CAPACITY: usize = 16;
/// How often the hub looks without being told: numbering, delivering, and the watched
/// matches' versions (a notification can be lost when the database restarts).
const TICK: Duration = Duration::from_secs(1);
const CHECK_MATCHES_EVERY: u32 = 5;
/// How often a process deletes the events past the horizon.
const PRUNE_EVERY: u32 = 600;

/// The channels of the streams connected to this process.
#[derive(Default)]
pub struct EventHub {
    users: Mutex<HashMap<Uuid, broadcast::Sender<Arc<UserEvent>>>>,
    /// Each watched match's moves, by version.
    matches: Watched<MatchMove>,
    /// Each watched match's chat: its messages in number order, for every viewer (each stream
    /// filters what its viewer hears).
    chats: Watched<ChatMessage>,
    /// Each watched tournament's changes, by stamp (its pages fetch it afresh).
    tournaments: Watched<TournamentChange>,
    /// Tells the hub to look now (a stream started, a test).
    wake: Notify,
    /// Told when a match changed, in this process or another: the bot worker looks for a
    /// turn to play then.
    match_changed: Notify,
    /// The same, for the tournament worker (its own, since a `Notify` wakes one waiter): it
    /// looks for a round whose last match just ended.
    match_changed_for_tournaments: Notify,
    /// Who waits for the listener to hear their mark ([`EventHub::caught_up`]).
    marks: Marks,
}

/// What a stream follows has numbers: an event's `seq`, a move's version, a message's number.
pub(super) trait Numbered {
    fn number(&self) -> i64;
}

impl Numbered for UserEvent {
    fn number(&self) -> i64 {
        self.seq
    }
}

impl Numbered for MatchMove {
    fn number(&self) -> i64 {
        self.version
    }
}

impl Numbered for ChatMessage {
    fn number(&self) -> i64 {
        self.number
    }
}

impl Numbered for TournamentChange {
    fn number(&self) -> i64 {
        self.stamp
    }
}

/// The channels of what the streams follow per match (its moves, or its chat) or per
/// tournament.
type Watched<T> = Mutex<HashMap<Uuid, Channel<T>>>;

struct Channel<T> {
    sender: broadcast::Sender<Arc<T>>,
    /// The number of the last item handed out (or the one the first stream started from).
    delivered: i64,
}

/// Subscribes to the channel of match `id` in `watched`, made with room for `capacity` items
/// and `from` as the last one handed out if there is none yet.
fn subscribe<T: Clone>(
    watched: &Watched<T>,
    id: Uuid,
    from: i64,
    capacity: usize,
) -> broadcast::Receiver<Arc<T>> {
    lock(watched)
        .entry(id)
        .or_insert_with(|| Channel {
            sender: broadcast::channel(capacity).0,
            delivered: from,
        })
        .sender
        .subscribe()
}

/// Forgets the channel of match `id` once no stream listens to it.
fn forget_channel<T>(watched: &Watched<T>, id: Uuid) {
    let mut watched = lock(watched);
    if watched
        .get(&id)
        .is_some_and(|c| c.sender.receiver_count() == 0)
    {
        watched.remove(&id);
    }
}

/// The watched matches, each with the number of the last item handed out.
fn watched_now<T>(watched: &Watched<T>) -> Vec<(Uuid, i64)> {
    lock(watched)
        .iter()
        .map(|(id, c)| (*id, c.delivered))
        .collect()
}

/// Hands out to match `id`'s channel the items numbered past what it handed out.
fn hand_out<T: Numbered>(watched: &Watched<T>, id: Uuid, items: Vec<T>) {
    let mut watched = lock(watched);
    let Some(channel) = watched.get_mut(&id) else {
        return;
    };
    for item in items {
        if item.number() > channel.delivered {
            channel.delivered = item.number();
            // No receiver left: the streams are closing, and forget the channel.
            let _ = channel.sender.send(Arc::new(item));
        }
    }
}

impl std::fmt::Debug for EventHub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventHub").finish_non_exhaustive()
    }
}

/// Locks a map of channels. A panic while it was held cannot leave a channel map half
/// changed (each change is one insert or remove), so a poisoned lock is used as it is.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl EventHub {
    /// Asks the hub to look for new events now rather than at its next tick.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Returns once a match has changed (in any process) since the last call returned: changes
    /// in between are told once.
    pub async fn a_match_changed(&self) {
        self.match_changed.notified().await;
    }

    /// Like [`EventHub::a_match_changed`], for the tournament worker.
    pub async fn a_match_changed_for_tournaments(&self) {
        self.match_changed_for_tournaments.notified().await;
    }

    /// Returns once this process's listener has heard of every change committed before the
    /// call (and forgotten what it kept of them, `db::kept`): see [`Marks`]. Fails after
    /// `within` if the mark was not heard (the listener is not connected).
    pub async fn caught_up(services: &Services, within: Duration) -> ServiceResult<()> {
        services.events().marks.wait(services, within).await
    }

    /// How many people and matches have streams connected here.
    pub fn watched(&self) -> (usize, usize) {
        (lock(&self.users).len(), lock(&self.matches).len())
    }

    pub(super) fn watch_user(self: &Arc<Self>, user_id: Uuid) -> Subscription<UserEvent> {
        let receiver = lock(&self.users)
            .entry(user_id)
            .or_insert_with(|| broadcast::channel(USER_CAPACITY).0)
            .subscribe();
        Subscription {
            hub: Arc::clone(self),
            key: Key::User(user_id),
            receiver: Some(receiver),
        }
    }

    /// Follows the moves of match `id`; `from` is the version the stream starts after.
    pub(super) fn watch_match(self: &Arc<Self>, id: Uuid, from: i64) -> Subscription<MatchMove> {
        Subscription {
            hub: Arc::clone(self),
            key: Key::Match(id),
            receiver: Some(subscribe(&self.matches, id, from, MATCH_CAPACITY)),
        }
    }

    /// Follows the chat of match `id`; `from` is the message number the stream starts after.
    pub(super) fn watch_chat(self: &Arc<Self>, id: Uuid, from: i64) -> Subscription<ChatMessage> {
        Subscription {
            hub: Arc::clone(self),
            key: Key::Chat(id),
            receiver: Some(subscribe(&self.chats, id, from, CHAT_CAPACITY)),
        }
    }

    /// Follows the changes of tournament `id`; `from` is the stamp the stream starts after.
    pub(super) fn watch_tournament(
        self: &Arc<Self>,
        id: Uuid,
        from: i64,
    ) -> Subscription<TournamentChange> {
        Subscription {
            hub: Arc::clone(self),
            key: Key::Tournament(id),
            receiver: Some(subscribe(&self.tournaments, id, from, TOURNAMENT_CAPACITY)),
        }
    }

    fn forget(&self, key: Key) {
        match key {
            Key::User(id) => {
                let mut users = lock(&self.users);
                if users.get(&id).is_some_and(|s| s.receiver_count() == 0) {
                    users.remove(&id);
                }
            }
            Key::Match(id) => forget_channel(&self.matches, id),
            Key::Chat(id) => forget_channel(&self.chats, id),
            Key::Tournament(id) => forget_channel(&self.tournaments, id),
        }
    }

    fn hand_out_user_events(&self, events: Vec<UserEvent>) {
        let users = lock(&self.users);
        for event in events {
            if let Some(sender) = users.get(&event.user_id) {
                // No receiver left: the stream is closing, and forgets its channel.
                let _ = sender.send(Arc::new(event));
            }
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Key {
    User(Uuid),
    Match(Uuid),
    Chat(Uuid),
    Tournament(Uuid),
}

/// A stream's place in the hub: its receiver, and its channel forgotten when the last stream
/// of that person or match ends.
pub(super) struct Subscription<T> {
    hub: Arc<EventHub>,
    key: Key,
    receiver: Option<broadcast::Receiver<Arc<T>>>,
}

impl<T: Clone> Subscription<T> {
    pub(super) async fn recv(&mut self) -> Result<Arc<T>, broadcast::error::RecvError> {
        match &mut self.receiver {
            Some(receiver) => receiver.recv().await,
            None => Err(broadcast::error::RecvError::Closed),
        }
    }
}

impl<T> Drop for Subscription<T> {
    fn drop(&mut self) {
        self.receiver = None;
        self.hub.forget(self.key);
    }
}

/// Runs the hub of this process until `shutdown` turns true: one listening connection, and
/// a look at the database whenever it is told of a change, and every second.
pub async fn run(services: Services, mut shutdown: watch::Receiver<bool>) {
    let hub = Arc::clone(services.events());
    // Streams read what happened before they connected from the database themselves: the hub
    // hands out only what is numbered after it started.
    let mut cursor: Option<i64> = None;
    let mut ticks: u32 = 0;
    loop {
        if *shutdown.borrow() {
            return;
        }
        let mut listener = match listen(&services).await {
            Ok(listener) => {
                // Told of every change from now on: reads may be kept (`db::kept`).
                services.reads().listening(true);
                listener
            }
            Err(_) => {
                // Logged where it failed; the database may be restarting.
                tokio::select! {
                    _ = tokio::time::sleep(TICK) => continue,
                    _ = shutdown.changed() => return,
                }
            }
        };
        let mut notifications = pin!(listener.notifications_stream());
        let mut ticker = tokio::time::interval(TICK);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Catch up with what was missed while (re)connecting.
        let mut work = Work::everything();
        loop {
            if cursor.is_none() {
                cursor = log::latest_seq(&services).await.ok();
            }
            if let Some(seen) = cursor.as_mut() {
                work.run(&services, &hub, seen).await;
            }
            tokio::select! {
                notification = notifications.next() => match notification {
                    Some(Ok(n)) => work.told(&services, &n.channel, &n.payload),
                    Some(Err(e)) => {
                        services.reads().listening(false);
                        tracing::warn!(error = %e, "the event listener's connection failed");
                        break;
                    }
                    None => {
                        services.reads().listening(false);
                        tracing::warn!("the event listener's connection closed");
                        break;
                    }
                },
                _ = ticker.tick() => {
                    ticks = ticks.wrapping_add(1);
                    work.ticked(&services, ticks).await;
                }
                _ = hub.wake.notified() => {
                    work.sequence = true;
                    work.deliver = true;
                }
                _ = shutdown.changed() => {
                    services.reads().listening(false);
                    return;
                }
            }
            // Take every notification already there before looking, so that a burst of
            // moves costs one look.
            while let Some(Some(Ok(n))) = notifications.next().now_or_never() {
                work.told(&services, &n.channel, &n.payload);
            }
        }
    }
}

/// What the hub has to look at.
struct Work {
    sequence: bool,
    deliver: bool,
    /// Look at every watched match and chat (a notification may have been lost).
    all_matches: bool,
    matches: HashSet<Uuid>,
    /// The matches whose chat has a new message.
    chats: HashSet<Uuid>,
    /// The tournaments that changed.
    tournaments: HashSet<Uuid>,
}

impl Work {
    /// Everything to look at, as after (re)connecting: what was missed meanwhile.
    fn everything() -> Self {
        Work {
            sequence: true,
            deliver: true,
            all_matches: true,
            matches: HashSet::new(),
            chats: HashSet::new(),
            tournaments: HashSet::new(),
        }
    }

    /// The `ticks`-th second has passed: look again at what a lost notification may have
    /// hidden, and now and then at every match, and prune old events.
    async fn ticked(&mut self, services: &Services, ticks: u32) {
        self.sequence = true;
        self.deliver = true;
        self.all_matches |= ticks.is_multiple_of(CHECK_MATCHES_EVERY);
        if ticks.is_multiple_of(PRUNE_EVERY)
            && let Err(e) = log::prune(services, HORIZON).await
        {
            tracing::warn!(error = %e, "could not prune old events");
        }
    }

    fn told(&mut self, services: &Services, channel: &str, payload: &str) {
        let hub = services.events();
        match channel {
            // A match changed: its moves, perhaps events to number, perhaps a bot's turn.
            "tapis_matches" => {
                hub.match_changed.notify_one();
                hub.match_changed_for_tournaments.notify_one();
                self.sequence = true;
                if let Some(id) = heard::match_told(services, payload) {
                    self.matches.insert(id);
                }
            }
            // A message was posted to a match's chat.
            "tapis_chat" => {
                if let Ok(id) = payload.parse() {
                    self.chats.insert(id);
                }
            }
            // A tournament changed (its worker may have told events, to number).
            "tapis_tournaments" => {
                self.sequence = true;
                if let Ok(id) = payload.parse() {
                    self.tournaments.insert(id);
                }
            }
            // A change to what the process keeps, or a mark (`heard`).
            _ if heard::forgets(services, &hub.marks, channel, payload) => {}
            // The sequencer numbered events.
            _ => self.deliver = true,
        }
    }

    async fn run(&mut self, services: &Services, hub: &EventHub, cursor: &mut i64) {
        // Errors are logged where they happen; the next tick tries again.
        if std::mem::take(&mut self.sequence) && log::sequence(services).await.is_ok_and(|n| n > 0)
        {
            self.deliver = true;
        }
        if std::mem::take(&mut self.deliver) {
            let _ = deliver(services, hub, cursor).await;
        }
        let all = std::mem::take(&mut self.all_matches);
        catch_up(
            services,
            &hub.matches,
            &mut self.matches,
            all,
            Counter::Version,
            log::moves_after,
        )
        .await;
        catch_up(
            services,
            &hub.chats,
            &mut self.chats,
            all,
            Counter::ChatHead,
            log::chat_after,
        )
        .await;
        catch_up(
            services,
            &hub.tournaments,
            &mut self.tournaments,
            all,
            Counter::TournamentStamp,
            log::tournament_after,
        )
        .await;
    }
}

/// The watched matches to read, each with the number handed out last: every one whose
/// `counter` moved when `all` (one statement; an error is logged where it happened and the
/// next look tries again), else those a notification told of (`told`, emptied).
async fn to_read<T>(
    services: &Services,
    watched: &Watched<T>,
    told: &mut HashSet<Uuid>,
    all: bool,
    counter: Counter,
) -> Vec<(Uuid, i64)> {
    let watched = watched_now(watched);
    let moved = if all {
        moved_past(services, &watched, counter)
            .await
            .unwrap_or_default()
    } else {
        watched
            .into_iter()
            .filter(|(id, _)| told.contains(id))
            .collect()
    };
    told.clear();
    moved
}

/// Reads with `read` what came after the number handed out last in each watched match to read
/// ([`to_read`]), and hands it out. A read that fails is logged where it happened and tried
/// again at the next look.
async fn catch_up<T: Numbered>(
    services: &Services,
    watched: &Watched<T>,
    told: &mut HashSet<Uuid>,
    all: bool,
    counter: Counter,
    read: impl AsyncFn(&Services, Uuid, i64) -> ServiceResult<Vec<T>>,
) {
    for (id, delivered) in to_read(services, watched, told, all, counter).await {
        if let Ok(items) = read(services, id, delivered).await {
            hand_out(watched, id, items);
        }
    }
}

/// A connection of its own (taken out of the pool), listening to every channel.
async fn listen(services: &Services) -> ServiceResult<AsyncPgConnection> {
    let mut conn = Object::take(services.conn_keeping().await?.into_pooled());
    let own = [
        "tapis_matches",
        "tapis_events",
        "tapis_chat",
        crate::tournaments::CHANGES_CHANNEL,
    ];
    for channel in heard::CHANNELS.iter().chain(&own) {
        diesel::sql_query(format!("LISTEN {channel}"))
            .execute(&mut conn)
            .await?;
    }
    Ok(conn)
}

/// Hands out every event numbered after `cursor`, and moves it on.
async fn deliver(services: &Services, hub: &EventHub, cursor: &mut i64) -> ServiceResult<()> {
    let mut conn = services.conn_keeping().await?;
    loop {
        let events = log::events_after(&mut conn, *cursor, None).await?;
        let Some(last) = events.last().map(|e| e.seq) else {
            return Ok(());
        };
        let full = events.len() as i64 == log::BATCH;
        *cursor = last;
        hub.hand_out_user_events(events);
        if !full {
            return Ok(());
        }
    }
}

/// What a watched match is numbered by in the hub: its version (its moves), or the number of
/// its chat's last message; a watched tournament, by its stamp.
#[derive(Debug, Clone, Copy)]
enum Counter {
    Version,
    ChatHead,
    TournamentStamp,
}

/// The watched matches (`(id, last handed out)`) whose `counter` moved past what was handed
/// out: one statement.
async fn moved_past(
    services: &Services,
    watched: &[(Uuid, i64)],
    counter: Counter,
) -> ServiceResult<Vec<(Uuid, i64)>> {
    if watched.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = watched.iter().map(|(id, _)| *id).collect();
    let mut conn = services.conn_keeping().await?;
    let current: Vec<(Uuid, i64)> = match counter {
        Counter::Version => {
            matches_table::table
                .filter(matches_table::id.eq_any(&ids))
                .select((matches_table::id, matches_table::version))
                .load(&mut conn)
                .await?
        }
        Counter::ChatHead => {
            chat_heads::table
                .filter(chat_heads::match_id.eq_any(&ids))
                .select((chat_heads::match_id, chat_heads::last_number))
                .load(&mut conn)
                .await?
        }
        Counter::TournamentStamp => crate::tournaments::stamps(&mut conn, &ids).await?,
    };
    let current: HashMap<Uuid, i64> = current.into_iter().collect();
    Ok(watched
        .iter()
        .filter(|(id, delivered)| current.get(id).is_some_and(|n| n > delivered))
        .copied()
        .collect())
}

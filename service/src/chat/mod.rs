//! Chat at the table: each match has a **players'** channel (its seated players) and a
//! **spectators'** channel (everyone else signed in), which the players do not see while the
//! match runs. Messages are kept with the match and read in the replay afterwards.
//!
//! - **Posting** (`post`) is one transaction: a statement reads the match and the author (and
//!   locks the author's row, so that their rate limit counts every message), then one
//!   statement numbers the message (the match's row of `chat_heads`, locked until commit, so
//!   that numbers commit in order), stores it and notifies `tapis_chat` for every server
//!   process.
//! - **Reading** (`read`): what the viewer may see, blocked authors left out either way.
//! - **Live**: the event hub follows `tapis_chat` and hands each message to the streams of the
//!   match ([`crate::events`]), which filter it with the viewer's [`Audience`].
//!
//! `docs/chat.md` tells the rules (limits, links, blocks) and why.

mod audience;
mod text;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamptz};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use tapis_l10n::Language;
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

pub use audience::{Audience, audiences};
pub use text::{MAX_CHARS, Preset, Said, checked};

use crate::identity::caller::Identity;
use crate::quotas::ChatLimits;
use crate::schema::{chat_heads, chat_messages, chat_off, users};
use crate::{ServiceError, ServiceResult, Services};

type SqlUuid = diesel::sql_types::Uuid;

/// The most recent messages a reader gets at once.
pub const READ_AT_MOST: i64 = 200;

/// A chat channel of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// The seated players.
    Players,
    /// Everyone else: the players see it once the match is over.
    Spectators,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Players => "players",
            Channel::Spectators => "spectators",
        }
    }

    fn parse(stored: &str) -> ServiceResult<Channel> {
        match stored {
            "players" => Ok(Channel::Players),
            "spectators" => Ok(Channel::Spectators),
            other => Err(ServiceError::internal(
                "a stored chat channel is unknown",
                other,
            )),
        }
    }
}

/// A message of a match's chat.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ChatMessage {
    pub match_id: Uuid,
    /// Its place in the match's chat: 1, 2, 3... in the order messages were posted (both
    /// channels share the numbers).
    pub number: i64,
    pub channel: Channel,
    pub author: String,
    #[serde(skip)]
    pub author_id: Uuid,
    /// The text; for a preset, its words in the author's language.
    pub text: String,
    /// The preset sent, if it is one: a client may show it in its reader's language.
    pub preset: Option<Preset>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
}

/// A match's chat as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ChatView {
    /// The channel the viewer writes to (`players` when seated, else `spectators`); `null`
    /// for a visitor, who may only read.
    pub channel: Option<Channel>,
    /// The viewer turned this match's chat off: they get no messages and cannot post.
    pub off: bool,
    /// The last messages the viewer may read (at most 200), oldest first.
    pub messages: Vec<ChatMessage>,
}

/// The match and the author, as posting needs them (`post`).
#[derive(QueryableByName)]
struct Author {
    #[diesel(sql_type = Bool)]
    seated: bool,
    #[diesel(sql_type = Bool)]
    is_bot: bool,
    #[diesel(sql_type = Timestamptz)]
    since: OffsetDateTime,
    #[diesel(sql_type = Bool)]
    off: bool,
    /// The end of a moderator's mute.
    #[diesel(sql_type = Nullable<Timestamptz>)]
    muted_until: Option<OffsetDateTime>,
    #[diesel(sql_type = BigInt)]
    in_burst: i64,
    #[diesel(sql_type = BigInt)]
    in_minute: i64,
}

#[derive(QueryableByName)]
struct Posted {
    #[diesel(sql_type = BigInt)]
    number: i64,
}

/// Posts what `who` said to match `id`'s chat: to the players' channel when they are seated,
/// else to the spectators'. Refused, with nothing stored, when the text is not acceptable
/// ([`checked`]), when a moderator muted them (`chat_muted`), when they turned this chat off
/// (`chat_off`), or beyond their rate limit (`rate_limited`, with the seconds to wait).
pub async fn post(
    services: &Services,
    who: &Identity,
    id: Uuid,
    said: Said,
) -> ServiceResult<ChatMessage> {
    let now = services.now();
    let limits = services.settings().quotas.chat;
    let mut conn = services.conn().await?;
    let who = who.clone();
    conn.transaction::<_, ServiceError, _>(async |conn| {
        let author = author(conn, id, who.user_id, now, limits).await?;
        if author.is_bot {
            return Err(ServiceError::invalid(
                "author",
                "chat_computers",
                "computer players do not chat",
            ));
        }
        if let Some(until) = author.muted_until.filter(|until| *until > now) {
            return Err(ServiceError::ChatMuted { until });
        }
        if author.off {
            return Err(ServiceError::ChatOff);
        }
        if author.in_burst >= limits.burst {
            return Err(ServiceError::RateLimited {
                retry_after_secs: limits.burst_seconds,
            });
        }
        if author.in_minute >= limits.per_minute {
            return Err(ServiceError::RateLimited {
                retry_after_secs: 60,
            });
        }
        let (text, preset) = match said {
            Said::Text(text) => (checked(&text, now - author.since >= Duration::DAY)?, None),
            Said::Preset(preset) => {
                let lang = who.language.unwrap_or(Language::En);
                (lang.t(&preset.message_key()), Some(preset))
            }
        };
        let channel = if author.seated {
            Channel::Players
        } else {
            Channel::Spectators
        };
        let posted: Posted = diesel::sql_query(
            "WITH head AS (INSERT INTO chat_heads (match_id, last_number) VALUES ($1, 1) \
             ON CONFLICT (match_id) DO UPDATE SET last_number = chat_heads.last_number + 1 \
             RETURNING last_number), \
             stored AS (INSERT INTO chat_messages \
             (match_id, number, channel, author_id, body, preset, created_at) \
             SELECT $1, last_number, $2, $3, $4, $5, $6 FROM head RETURNING number) \
             SELECT number FROM stored, pg_notify('tapis_chat', $1::text)",
        )
        .bind::<SqlUuid, _>(id)
        .bind::<Text, _>(channel.as_str())
        .bind::<SqlUuid, _>(who.user_id)
        .bind::<Text, _>(&text)
        .bind::<Nullable<Text>, _>(preset.map(Preset::as_str))
        .bind::<Timestamptz, _>(now)
        .get_result(conn)
        .await?;
        Ok(ChatMessage {
            match_id: id,
            number: posted.number,
            channel,
            author: who.username.clone(),
            author_id: who.user_id,
            text,
            preset,
            at: now,
        })
    })
    .await
}

/// Reads the match and the author for a post, and locks the author's row until it commits.
async fn author(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    user_id: Uuid,
    now: OffsetDateTime,
    limits: ChatLimits,
) -> ServiceResult<Author> {
    let found: Option<Author> = diesel::sql_query(
        "SELECT u.id = ANY (m.seat_user_ids) AS seated, u.is_bot, \
         u.created_at AS since, u.chat_muted_until AS muted_until, \
         EXISTS (SELECT 1 FROM chat_off o WHERE o.match_id = m.id AND o.user_id = u.id) AS off, \
         (SELECT count(*) FROM chat_messages c WHERE c.author_id = u.id AND c.created_at > $3) \
         AS in_burst, \
         (SELECT count(*) FROM chat_messages c WHERE c.author_id = u.id AND c.created_at > $4) \
         AS in_minute \
         FROM matches m JOIN users u ON u.id = $2 WHERE m.id = $1 FOR NO KEY UPDATE OF u",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(user_id)
    .bind::<Timestamptz, _>(now - Duration::seconds(limits.burst_seconds_i64()))
    .bind::<Timestamptz, _>(now - Duration::MINUTE)
    .get_result(conn)
    .await
    .optional()?;
    found.ok_or(ServiceError::NotFound("match"))
}

/// Match `id`'s chat as `viewer` (or a visitor) sees it: the last [`READ_AT_MOST`] messages
/// of the channels they may read, without the authors they blocked or who blocked them.
pub async fn read(
    services: &Services,
    id: Uuid,
    viewer: Option<&Identity>,
) -> ServiceResult<ChatView> {
    let mut conn = services.conn().await?;
    let viewer_id = viewer.map(|who| who.user_id);
    let audience = audiences(&mut conn, viewer_id, &[id])
        .await?
        .remove(&id)
        .ok_or(ServiceError::NotFound("match"))?;
    let messages = if audience.off {
        Vec::new()
    } else {
        let mut newest = messages_where(&mut conn, id, 0, READ_AT_MOST, true).await?;
        newest.retain(|m| audience.hears(m));
        newest.reverse();
        newest
    };
    Ok(ChatView {
        channel: viewer.map(|_| audience.writes_to()),
        off: audience.off,
        messages,
    })
}

/// Turns match `id`'s chat off (or on again) for `who`.
pub async fn set_off(
    services: &Services,
    who: &Identity,
    id: Uuid,
    off: bool,
) -> ServiceResult<ChatView> {
    {
        let mut conn = services.conn().await?;
        if off {
            diesel::sql_query(
                "INSERT INTO chat_off (match_id, user_id) SELECT id, $2 FROM matches \
                 WHERE id = $1 ON CONFLICT DO NOTHING",
            )
            .bind::<SqlUuid, _>(id)
            .bind::<SqlUuid, _>(who.user_id)
            .execute(&mut conn)
            .await?;
        } else {
            diesel::delete(
                chat_off::table
                    .filter(chat_off::match_id.eq(id))
                    .filter(chat_off::user_id.eq(who.user_id)),
            )
            .execute(&mut conn)
            .await?;
        }
    }
    read(services, id, Some(who)).await
}

/// The number of the last message of match `id`'s chat (0 when it has none).
pub(crate) async fn last_number(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<i64> {
    Ok(chat_heads::table
        .find(id)
        .select(chat_heads::last_number)
        .first::<i64>(conn)
        .await
        .optional()?
        .unwrap_or(0))
}

/// The messages of match `id` numbered after `after`, oldest first, at most `limit`: what a
/// stream catches up on.
pub(crate) async fn messages_after(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    after: i64,
    limit: i64,
) -> ServiceResult<Vec<ChatMessage>> {
    messages_where(conn, id, after, limit, false).await
}

type MessageRow = (
    i64,
    String,
    Uuid,
    String,
    String,
    Option<String>,
    OffsetDateTime,
);

/// Messages of match `id` after number `after`: the first `limit` of them, or the last
/// `limit` (`newest`, newest first).
async fn messages_where(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    after: i64,
    limit: i64,
    newest: bool,
) -> ServiceResult<Vec<ChatMessage>> {
    let query = chat_messages::table
        .inner_join(users::table)
        .filter(chat_messages::match_id.eq(id))
        .filter(chat_messages::number.gt(after))
        .select((
            chat_messages::number,
            chat_messages::channel,
            chat_messages::author_id,
            users::username,
            chat_messages::body,
            chat_messages::preset,
            chat_messages::created_at,
        ))
        .limit(limit);
    let rows: Vec<MessageRow> = if newest {
        query.order(chat_messages::number.desc()).load(conn).await?
    } else {
        query.order(chat_messages::number.asc()).load(conn).await?
    };
    rows.into_iter()
        .map(|(number, channel, author_id, author, text, preset, at)| {
            Ok(ChatMessage {
                match_id: id,
                number,
                channel: Channel::parse(&channel)?,
                author,
                author_id,
                text,
                preset: preset.as_deref().and_then(Preset::named),
                at,
            })
        })
        .collect()
}

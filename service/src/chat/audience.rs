//! Who hears which messages of a match's chat: the channels a viewer may read, the chat they
//! turned off, and the authors hidden by a block either way.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::{Channel, ChatMessage};
use crate::ServiceResult;
use crate::matches::MatchStatus;
use crate::schema::{blocks, chat_off, matches};

/// What one viewer hears of one match's chat.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Audience {
    /// The viewer sits at the match.
    seated: bool,
    players: bool,
    spectators: bool,
    /// The viewer turned this chat off.
    pub off: bool,
    /// Authors the viewer blocked or who blocked them.
    hidden: HashSet<Uuid>,
}

impl Audience {
    /// A seated player reads the players' channel, and the spectators' once the match is
    /// over; anyone else reads the spectators' channel.
    fn of(seated: bool, over: bool, off: bool, hidden: HashSet<Uuid>) -> Audience {
        Audience {
            seated,
            players: seated,
            spectators: !seated || over,
            off,
            hidden,
        }
    }

    /// Whether the viewer gets `message`.
    pub fn hears(&self, message: &ChatMessage) -> bool {
        let channel = match message.channel {
            Channel::Players => self.players,
            Channel::Spectators => self.spectators,
        };
        channel && !self.off && !self.hidden.contains(&message.author_id)
    }

    /// The channel the viewer writes to.
    pub fn writes_to(&self) -> Channel {
        if self.seated {
            Channel::Players
        } else {
            Channel::Spectators
        }
    }
}

/// What `viewer` (or a visitor) hears of the chat of each match of `ids` that exists: three
/// statements whatever the number of matches (the matches, the viewer's blocks, the chats
/// they turned off).
pub async fn audiences(
    conn: &mut AsyncPgConnection,
    viewer: Option<Uuid>,
    ids: &[Uuid],
) -> ServiceResult<HashMap<Uuid, Audience>> {
    let found: Vec<(Uuid, String, Vec<Uuid>)> = matches::table
        .filter(matches::id.eq_any(ids))
        .select((matches::id, matches::status, matches::seat_user_ids))
        .load(conn)
        .await?;
    let (hidden, off): (HashSet<Uuid>, HashSet<Uuid>) = match viewer {
        None => Default::default(),
        Some(user_id) => {
            let pairs: Vec<(Uuid, Uuid)> = blocks::table
                .filter(
                    blocks::blocker_id
                        .eq(user_id)
                        .or(blocks::blocked_id.eq(user_id)),
                )
                .select((blocks::blocker_id, blocks::blocked_id))
                .load(conn)
                .await?;
            let hidden = pairs
                .into_iter()
                .map(|(blocker, blocked)| if blocker == user_id { blocked } else { blocker })
                .collect();
            let off = chat_off::table
                .filter(chat_off::user_id.eq(user_id))
                .filter(chat_off::match_id.eq_any(ids))
                .select(chat_off::match_id)
                .load::<Uuid>(conn)
                .await?
                .into_iter()
                .collect();
            (hidden, off)
        }
    };
    Ok(found
        .into_iter()
        .map(|(id, status, seats)| {
            let seated = viewer.is_some_and(|user_id| seats.contains(&user_id));
            let over = matches!(
                MatchStatus::named(&status),
                Some(MatchStatus::Finished | MatchStatus::Aborted)
            );
            (
                id,
                Audience::of(seated, over, off.contains(&id), hidden.clone()),
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use time::OffsetDateTime;

    use super::*;

    fn message(channel: Channel, author_id: Uuid) -> ChatMessage {
        ChatMessage {
            match_id: Uuid::nil(),
            number: 1,
            channel,
            author: "someone".into(),
            author_id,
            text: "hello".into(),
            preset: None,
            at: OffsetDateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn players_and_spectators_are_kept_apart_until_the_match_is_over() {
        let author = Uuid::from_u128(7);
        let (players, spectators) = (
            message(Channel::Players, author),
            message(Channel::Spectators, author),
        );
        let playing = Audience::of(true, false, false, HashSet::new());
        assert!(playing.hears(&players) && !playing.hears(&spectators));
        assert_eq!(playing.writes_to(), Channel::Players);
        let watching = Audience::of(false, false, false, HashSet::new());
        assert!(!watching.hears(&players) && watching.hears(&spectators));
        assert_eq!(watching.writes_to(), Channel::Spectators);
        let after = Audience::of(true, true, false, HashSet::new());
        assert!(after.hears(&players) && after.hears(&spectators));
        let watching_after = Audience::of(false, true, false, HashSet::new());
        assert!(
            !watching_after.hears(&players),
            "the players' chat stays theirs"
        );
    }

    #[test]
    fn a_blocked_author_and_a_chat_turned_off_are_never_heard() {
        let (friend, blocked) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let audience = Audience::of(true, false, false, HashSet::from([blocked]));
        assert!(audience.hears(&message(Channel::Players, friend)));
        assert!(!audience.hears(&message(Channel::Players, blocked)));
        let off = Audience::of(true, false, true, HashSet::new());
        assert!(!off.hears(&message(Channel::Players, friend)));
    }
}

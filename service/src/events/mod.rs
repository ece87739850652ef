//! Live events: what a person or an app hears of, as it happens, from any server process.
//!
//! - **Recording** (`tell`): an event is a row of `user_events`, written in the transaction
//!   that causes it. The events of play (a match started or finished, the turn passing to
//!   someone) come from a trigger on `matches`, so that every path that changes a match in play
//!   (moves, bots, resignations, the clock) tells them; invitations, declines and
//!   cancellations are told by the service functions that know who acted; a deadline within
//!   24 hours by the clock.
//! - **Sequencing** (`log`, run by `hub`): after commit, each event gets its place in the
//!   streams (`seq`, the SSE `id`) from one transaction at a time, so that `seq` grows in the
//!   order events become visible and a stream that has seen `seq = n` has seen every event
//!   before it.
//!   (A `bigserial` alone would not do: ids are taken in the order transactions start, not the
//!   order they commit.)
//! - **Fan-out** (`hub`): each process holds one listening connection (`LISTEN tapis_matches`,
//!   `LISTEN tapis_events`), reads what is new once, and hands it to the streams connected to
//!   it. A match's moves come from its turn log, by version.
//! - **Streams** (`streams`): a client's stream starts from its `Last-Event-ID` (read from the
//!   database) and then follows the hub; one that falls behind reads again from the database.
//!
//! `docs/events.md` tells the whole story, with the limits.

mod gate;
mod heard;
mod hub;
mod log;
mod streams;
mod tell;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use serde_json::{Map, Value};
use uuid::Uuid;

pub use gate::{Opener, StreamGate, StreamPass};
pub use hub::{EventHub, run};
pub use log::prune;
pub use streams::{
    MatchEvent, MatchStream, NOT_AN_EVENT_ID, PAGE_STREAM_MATCHES, PAGE_STREAM_TOURNAMENTS,
    PageEvent, PageStream, StreamItem, StreamSettings, UserStream, match_stream, page_stream,
    until_interrupted, user_stream,
};
pub(crate) use tell::{Told, tell};

/// How long events are kept for streams that resume: a `Last-Event-ID` older than this is
/// refused (`events_expired`), and the client starts again from the present.
pub const HORIZON: time::Duration = time::Duration::days(7);

/// What a person hears of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The turn passed to you (or the match started with you to act).
    YourTurn,
    /// A match you sit at started.
    MatchStarted,
    /// A match you sat at ended (`result` says how).
    MatchFinished,
    /// Somebody invited you to a match (`by`).
    Invitation,
    /// A player you invited declined (`by`): the match is called off.
    InvitationDeclined,
    /// A match you were invited to or sat at was called off (`by`: who did).
    MatchCancelled,
    /// Less than 24 hours are left to make your move (`deadline`).
    DeadlineSoon,
    /// A player you follow started a match (`player`), for those who asked to hear it.
    FollowedStarted,
    /// The analysis of a match you played is made (`GET /api/v1/matches/{id}/analysis`).
    AnalysisReady,
    /// A round of a tournament you entered started (`tournament_id`, `round`): your match
    /// (`match_id`, `table`), or your bye (`bye`).
    RoundStarted,
    /// A tournament you entered finished (`tournament_id`): your final `place` and `points`.
    TournamentFinished,
    /// A season of a league you are in started (`league`, `season`): your division (`level`
    /// of `levels`, `division_id`), its `players`, your `matches`, all started at once.
    SeasonStarted,
    /// A league's season ended and you go up a division (`from_level`, `to_level`, `place`).
    Promoted,
    /// A league's season ended and you go down a division (`from_level`, `to_level`, `place`).
    Relegated,
}

named_values!(EventKind {
    YourTurn => "your_turn",
    MatchStarted => "match_started",
    MatchFinished => "match_finished",
    Invitation => "invitation",
    InvitationDeclined => "invitation_declined",
    MatchCancelled => "match_cancelled",
    DeadlineSoon => "deadline_soon",
    FollowedStarted => "followed_started",
    AnalysisReady => "analysis_ready",
    RoundStarted => "round_started",
    TournamentFinished => "tournament_finished",
    SeasonStarted => "season_started",
    Promoted => "promoted",
    Relegated => "relegated",
});

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown event “{0}”")]
pub struct UnknownEvent(pub String);

impl FromStr for EventKind {
    type Err = UnknownEvent;

    fn from_str(s: &str) -> Result<EventKind, UnknownEvent> {
        EventKind::named(s).ok_or_else(|| UnknownEvent(s.to_owned()))
    }
}

/// One event of a person's stream.
#[derive(Debug, Clone, PartialEq)]
pub struct UserEvent {
    /// Its place in the streams: the SSE `id`.
    pub seq: i64,
    pub user_id: Uuid,
    pub kind: EventKind,
    /// The match it is about and the match's version when it happened; none for an event of
    /// a competition without a match of the person's (a bye, a tournament's end), whose
    /// `data` names the competition (`tournament_id`).
    pub match_at: Option<(Uuid, i64)>,
    /// What else it says (`game`, `deadline`, `result`, `by`, `tournament_id`...).
    pub data: Map<String, Value>,
}

/// A tournament that a page follows changed (a round started, a match of it ended, it
/// finished): where it stands now, as a number that grows with each change (its stamp). Anyone
/// may follow a tournament; the page fetches it afresh.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TournamentChange {
    pub tournament_id: Uuid,
    pub stamp: i64,
}

impl UserEvent {
    /// The match it is about, if any.
    pub fn match_id(&self) -> Option<Uuid> {
        self.match_at.map(|(id, _)| id)
    }

    /// The JSON object a client receives: `match_id` and `version` (for an event about a
    /// match) and what else it says.
    pub fn payload(&self) -> Value {
        let mut object = Map::with_capacity(self.data.len() + 2);
        if let Some((match_id, version)) = self.match_at {
            object.insert("match_id".into(), Value::String(match_id.to_string()));
            object.insert("version".into(), Value::from(version));
        }
        for (key, value) in &self.data {
            object.entry(key.clone()).or_insert_with(|| value.clone());
        }
        Value::Object(object)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_name() {
        for kind in EventKind::ALL {
            assert_eq!(kind.as_str().parse::<EventKind>(), Ok(kind));
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                json!(kind.as_str()),
                "the wire name is the database name"
            );
        }
        assert_eq!(
            "your_move".parse::<EventKind>(),
            Err(UnknownEvent("your_move".into()))
        );
    }

    #[test]
    fn a_payload_leads_with_the_match_and_its_version_which_data_cannot_override() {
        let event = UserEvent {
            seq: 7,
            user_id: Uuid::nil(),
            kind: EventKind::YourTurn,
            match_at: Some((Uuid::nil(), 12)),
            data: json!({"game": "yams", "version": 99})
                .as_object()
                .cloned()
                .unwrap(),
        };
        assert_eq!(
            event.payload(),
            json!({"match_id": Uuid::nil().to_string(), "version": 12, "game": "yams"})
        );
    }

    #[test]
    fn a_payload_without_a_match_is_its_data() {
        let event = UserEvent {
            seq: 8,
            user_id: Uuid::nil(),
            kind: EventKind::TournamentFinished,
            match_at: None,
            data: json!({"tournament_id": "t", "place": 1})
                .as_object()
                .cloned()
                .unwrap(),
        };
        assert_eq!(event.payload(), json!({"tournament_id": "t", "place": 1}));
    }
}

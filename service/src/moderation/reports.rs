//! Players' reports of other players or of their chat messages.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Timestamptz};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

use super::checks::{require_moderator, short_text};
use crate::chat::{self, ChatMessage};
use crate::error::{ServiceError, ServiceResult};
use crate::identity::accounts::named_user;
use crate::identity::caller::Identity;
use crate::schema::{reports, users};
use crate::services::Services;

/// The most reports one player may make in 24 hours.
pub const REPORTS_PER_DAY: i64 = 5;
/// The longest text a report may carry.
pub const MAX_DETAILS_CHARS: usize = 500;
/// How many messages before and after a reported one the moderators see.
const CONTEXT: i64 = 5;

/// Why a player is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// Insults, threats, harassment.
    Abuse,
    /// Advertising, repeated messages.
    Spam,
    /// Outside help, several accounts.
    Cheating,
    /// Letting the clock run in lost positions, never moving.
    Stalling,
    Other,
}

named_values!(ReportReason {
    Abuse => "abuse",
    Spam => "spam",
    Cheating => "cheating",
    Stalling => "stalling",
    Other => "other",
});

impl ReportReason {
    /// The reason a form chose (`report_reason` when it chose none or no such reason).
    pub fn chosen(name: &str) -> ServiceResult<ReportReason> {
        ReportReason::named(name)
            .ok_or_else(|| ServiceError::invalid("reason", "report_reason", "choose a reason"))
    }

    fn stored(name: &str) -> ServiceResult<ReportReason> {
        ReportReason::named(name)
            .ok_or_else(|| ServiceError::internal("a stored report reason is unknown", name))
    }
}

/// A report, as a player makes it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// The player reported.
    pub player: String,
    pub reason: ReportReason,
    /// What happened, in a few words (at most 500 characters; may be empty).
    #[serde(default)]
    pub details: String,
    /// The chat message reported, if it is one: its match...
    #[serde(default)]
    pub match_id: Option<Uuid>,
    /// ... and its number there (`number` of the chat message). Written by the reported
    /// player, and readable by the reporter.
    #[serde(default)]
    pub message: Option<i64>,
}

/// A report received.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Reported {
    pub id: i64,
}

/// A chat message reported, with the messages around it (every channel: the moderators see
/// the whole conversation).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReportedMessage {
    pub match_id: Uuid,
    pub number: i64,
    /// The messages from five before it to five after it, oldest first.
    pub context: Vec<ChatMessage>,
}

/// An open report, as the moderators read it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OpenReport {
    pub id: i64,
    pub reporter: String,
    pub player: String,
    pub reason: ReportReason,
    pub details: String,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    pub message: Option<ReportedMessage>,
}

#[derive(QueryableByName)]
struct Quota {
    #[diesel(sql_type = BigInt)]
    made: i64,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    oldest: Option<OffsetDateTime>,
}

/// `who` reports a player, or one of their chat messages. Refused when the text is not
/// acceptable, the player is `who` (`report_self`), the message is not the player's or not
/// readable by `who` (404), past [`REPORTS_PER_DAY`] in 24 hours (`rate_limited`, with the
/// seconds until one more may be made), or when `who` already reported it and it is still
/// open (`already_reported`).
pub async fn report(
    services: &Services,
    who: &Identity,
    request: ReportRequest,
) -> ServiceResult<Reported> {
    let details = short_text("details", &request.details, MAX_DETAILS_CHARS, false)?;
    let message = match (request.match_id, request.message) {
        (Some(match_id), Some(number)) => Some((match_id, number)),
        (None, None) => None,
        _ => {
            return Err(ServiceError::invalid(
                "message",
                "report_message_incomplete",
                "a message is named by both its match_id and its number",
            ));
        }
    };
    let now = services.now();
    let mut conn = services.conn().await?;
    let who = who.clone();
    conn.transaction::<_, ServiceError, _>(async |conn| {
        let player = named_user(conn, &request.player).await?;
        if player.id == who.user_id {
            return Err(ServiceError::invalid(
                "player",
                "report_self",
                "you cannot report yourself",
            ));
        }
        within_quota(conn, who.user_id, now).await?;
        if let Some((match_id, number)) = message {
            readable_message_of(conn, &who, player.id, match_id, number).await?;
        }
        let id: Option<i64> = diesel::insert_into(reports::table)
            .values((
                reports::reporter_id.eq(who.user_id),
                reports::player_id.eq(player.id),
                reports::match_id.eq(message.map(|(id, _)| id)),
                reports::message_number.eq(message.map(|(_, n)| n)),
                reports::reason.eq(request.reason.as_str()),
                reports::details.eq(&details),
                reports::created_at.eq(now),
            ))
            .on_conflict_do_nothing()
            .returning(reports::id)
            .get_result(conn)
            .await
            .optional()?;
        let id = id.ok_or(ServiceError::AlreadyReported)?;
        tracing::info!(report.id = id, user.id = %who.user_id, player.id = %player.id, "report made");
        Ok(Reported { id })
    })
    .await
}

/// Refused past [`REPORTS_PER_DAY`] reports in the 24 hours before `now`; locks the
/// reporter's row until commit, so that concurrent reports are counted one after the other.
async fn within_quota(
    conn: &mut AsyncPgConnection,
    reporter: Uuid,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let quota: Quota = diesel::sql_query(
        "SELECT count(r.id) AS made, min(r.created_at) AS oldest \
         FROM (SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE) u \
         LEFT JOIN reports r ON r.reporter_id = u.id AND r.created_at > $2",
    )
    .bind::<diesel::sql_types::Uuid, _>(reporter)
    .bind::<Timestamptz, _>(now - Duration::DAY)
    .get_result(conn)
    .await?;
    if quota.made < REPORTS_PER_DAY {
        return Ok(());
    }
    let free_at = quota.oldest.unwrap_or(now) + Duration::DAY;
    let wait = (free_at - now).whole_seconds().max(1);
    Err(ServiceError::RateLimited {
        retry_after_secs: u64::try_from(wait).unwrap_or(1),
    })
}

/// Refused (404) unless message `number` of match `match_id` exists, was written by `player`
/// and is one `who` may read.
async fn readable_message_of(
    conn: &mut AsyncPgConnection,
    who: &Identity,
    player: Uuid,
    match_id: Uuid,
    number: i64,
) -> ServiceResult<()> {
    let found = chat::messages_after(conn, match_id, number - 1, 1).await?;
    let audience = chat::audiences(conn, Some(who.user_id), &[match_id])
        .await?
        .remove(&match_id);
    // The slice's `first`, not Diesel's query method of the same name.
    match (<[ChatMessage]>::first(&found), audience) {
        (Some(message), Some(audience))
            if message.number == number
                && message.author_id == player
                && audience.hears(message) =>
        {
            Ok(())
        }
        _ => Err(ServiceError::NotFound("message")),
    }
}

type ReportRow = (
    i64,
    String,
    String,
    String,
    String,
    OffsetDateTime,
    Option<Uuid>,
    Option<i64>,
);

/// The open reports, oldest first, for a moderator (`not_a_moderator` otherwise), each
/// reported message with the messages around it.
pub async fn open_reports(services: &Services, who: &Identity) -> ServiceResult<Vec<OpenReport>> {
    let mut conn = services.conn().await?;
    require_moderator(&mut conn, who.user_id).await?;
    let (reporters, players) = diesel::alias!(users as reporters, users as players);
    let rows: Vec<ReportRow> = reports::table
        .inner_join(reporters.on(reporters.field(users::id).eq(reports::reporter_id)))
        .inner_join(players.on(players.field(users::id).eq(reports::player_id)))
        .filter(reports::closed_by.is_null())
        .order((reports::created_at.asc(), reports::id.asc()))
        .limit(200)
        .select((
            reports::id,
            reporters.field(users::username),
            players.field(users::username),
            reports::reason,
            reports::details,
            reports::created_at,
            reports::match_id,
            reports::message_number,
        ))
        .load(&mut conn)
        .await?;
    let mut open = Vec::with_capacity(rows.len());
    for (id, reporter, player, reason, details, at, match_id, number) in rows {
        let message = match (match_id, number) {
            (Some(match_id), Some(number)) => Some(ReportedMessage {
                match_id,
                number,
                context: chat::messages_after(
                    &mut conn,
                    match_id,
                    (number - CONTEXT - 1).max(0),
                    2 * CONTEXT + 1,
                )
                .await?,
            }),
            _ => None,
        };
        open.push(OpenReport {
            id,
            reporter,
            player,
            reason: ReportReason::stored(&reason)?,
            details,
            at,
            message,
        });
    }
    Ok(open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_from_its_name() {
        for reason in ReportReason::ALL {
            assert_eq!(ReportReason::named(reason.as_str()), Some(reason));
            let json = serde_json::to_value(reason).unwrap();
            assert_eq!(json, reason.as_str());
        }
        assert_eq!(ReportReason::named("rude"), None);
    }
}

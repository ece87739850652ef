//! A player's address and notification settings: giving an address (which writes its
//! verification mail to the outbox), choosing the events mailed and the digest limit.

use diesel::prelude::*;
use diesel::sql_types::{Jsonb, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::quotas::Quotas;
use crate::schema::mail_settings;
use crate::services::Services;

/// The events a player may have mailed, in the order pages list them.
pub const EVENTS: [&str; 9] = [
    "your_turn",
    "invitation",
    "deadline_soon",
    "match_finished",
    "round_started",
    "tournament_finished",
    "season_started",
    "promoted",
    "relegated",
];

/// The digest limit when the player has not chosen one: at most one "your turn" mail per
/// match per 12 hours.
pub const DEFAULT_DIGEST_HOURS: i16 = 12;
/// The digest limit's bounds, in hours (a week at most).
pub const DIGEST_HOURS: std::ops::RangeInclusive<i64> = 1..=168;

/// The outbox kind of a verification mail.
pub const VERIFY_KIND: &str = "verify_email";

/// A player's address and notification settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct NotificationSettings {
    /// The address given last; `null` when none was given.
    #[schema(examples("ada@example.com"))]
    pub email: Option<String>,
    /// Whether that address was verified (mails go only to a verified address).
    pub email_verified: bool,
    /// The events mailed: `your_turn`, `invitation`, `deadline_soon`, `match_finished`,
    /// `round_started`, `tournament_finished`, `season_started`, `promoted`, `relegated`.
    #[schema(examples(json!(["your_turn", "invitation", "deadline_soon", "match_finished", "round_started", "tournament_finished", "season_started", "promoted", "relegated"])))]
    pub events: Vec<String>,
    /// At most one "your turn" mail per match per this many hours (1 to 168).
    #[schema(minimum = 1, maximum = 168)]
    pub digest_hours: i16,
}

/// A player's row of `mail_settings`.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mail_settings)]
pub(super) struct Row {
    pub(super) email: Option<String>,
    /// When the address was given: the request a verification link names.
    pub(super) set_at: Option<OffsetDateTime>,
    pub(super) verified_at: Option<OffsetDateTime>,
    pub(super) events: Vec<String>,
    digest_hours: i16,
}

impl Row {
    pub(super) fn settings(self) -> NotificationSettings {
        NotificationSettings {
            email_verified: self.email.is_some() && self.verified_at.is_some(),
            email: self.email,
            events: self.events,
            digest_hours: self.digest_hours,
        }
    }
}

fn defaults() -> NotificationSettings {
    NotificationSettings {
        email: None,
        email_verified: false,
        events: EVENTS.iter().map(|e| (*e).to_owned()).collect(),
        digest_hours: DEFAULT_DIGEST_HOURS,
    }
}

/// The row of `user_id`, if they ever gave an address or chose their mails.
pub(super) async fn read(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<Option<Row>> {
    Ok(mail_settings::table
        .find(user_id)
        .select(Row::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// The caller's address and notification settings.
pub async fn get(services: &Services, who: &Identity) -> ServiceResult<NotificationSettings> {
    let mut conn = services.conn().await?;
    current(&mut conn, who.user_id).await
}

/// The settings of `user_id` as they are now: the defaults until they choose.
async fn current(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<NotificationSettings> {
    Ok(read(conn, user_id)
        .await?
        .map_or_else(defaults, Row::settings))
}

/// An address as the player typed it, checked (one address, no display name, a domain with a
/// dot) and trimmed; the domain is lower-cased.
pub fn parse_email(raw: &str) -> ServiceResult<String> {
    let raw = raw.trim();
    let options = email_address::Options::default()
        .with_required_tld()
        .without_domain_literal()
        .without_display_text();
    let parsed = email_address::EmailAddress::parse_with_options(raw, options).map_err(|e| {
        ServiceError::invalid(
            "email",
            "email_invalid",
            format!("is not an e-mail address ({e})"),
        )
    })?;
    if raw.len() > 254 {
        return Err(ServiceError::invalid(
            "email",
            "email_invalid",
            "is longer than 254 characters",
        ));
    }
    Ok(format!(
        "{}@{}",
        parsed.local_part(),
        parsed.domain().to_lowercase()
    ))
}

/// Gives the caller's address: it is mailed a verification link, and used once that link is
/// followed. Giving the address already verified changes nothing (and mails nothing); any
/// other address replaces the one before, unverified. The verification mail is a row of the
/// outbox written in the same transaction. Returns the settings and whether a mail was sent.
pub async fn set_email(
    services: &Services,
    who: &Identity,
    raw: &str,
) -> ServiceResult<(NotificationSettings, bool)> {
    let email = parse_email(raw)?;
    let now = services.now();
    let user_id = who.user_id;
    let mut conn = services.conn().await?;
    conn.transaction::<_, ServiceError, _>(async |conn| {
        {
            // Lock the row (or the player's, if there is none yet) so that two requests of
            // one player are one after the other.
            crate::identity::locks::lock_account(conn, user_id).await?;
            let before = read(conn, user_id).await?;
            if let Some(row) = &before
                && row.email.as_deref() == Some(email.as_str())
                && row.verified_at.is_some()
            {
                return Ok((row.clone().settings(), false));
            }
            within_mail_quota(conn, services.settings().quotas, user_id, &email, now).await?;
            diesel::insert_into(mail_settings::table)
                .values((
                    mail_settings::user_id.eq(user_id),
                    mail_settings::email.eq(&email),
                    mail_settings::set_at.eq(now),
                ))
                .on_conflict(mail_settings::user_id)
                .do_update()
                .set((
                    mail_settings::email.eq(&email),
                    mail_settings::set_at.eq(now),
                    mail_settings::verified_at.eq(None::<OffsetDateTime>),
                ))
                .execute(conn)
                .await?;
            let payload = serde_json::json!({"email": email, "set_at": micros(now)});
            diesel::sql_query(
                "INSERT INTO outbox (channel, user_id, kind, payload, due_at, created_at) \
                 VALUES ('mail', $1, $2, $3, $4, $4)",
            )
            .bind::<SqlUuid, _>(user_id)
            .bind::<Text, _>(VERIFY_KIND)
            .bind::<Jsonb, _>(payload)
            .bind::<Timestamptz, _>(now)
            .execute(conn)
            .await?;
            Ok((current(conn, user_id).await?, true))
        }
    })
    .await
}

/// The verification mails of the last day, counted for an account and for an address, with
/// the oldest of each.
#[derive(QueryableByName)]
struct RecentMails {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    by_account: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    by_address: i64,
    #[diesel(sql_type = diesel::sql_types::Nullable<Timestamptz>)]
    first_by_account: Option<OffsetDateTime>,
    #[diesel(sql_type = diesel::sql_types::Nullable<Timestamptz>)]
    first_by_address: Option<OffsetDateTime>,
}

/// Refuses one more verification mail (429, with the wait) when `user_id` asked for as many
/// in the last day as [`Quotas::verify_mails_per_account`] allows, or `email` received as many
/// as [`Quotas::verify_mails_per_address`] allows.
async fn within_mail_quota(
    conn: &mut AsyncPgConnection,
    quotas: Quotas,
    user_id: Uuid,
    email: &str,
    now: OffsetDateTime,
) -> ServiceResult<()> {
    let day = time::Duration::days(1);
    let recent: RecentMails = diesel::sql_query(
        "SELECT count(*) FILTER (WHERE user_id = $1) AS by_account, \
                count(*) FILTER (WHERE payload ->> 'email' = $2) AS by_address, \
                min(created_at) FILTER (WHERE user_id = $1) AS first_by_account, \
                min(created_at) FILTER (WHERE payload ->> 'email' = $2) AS first_by_address \
         FROM outbox \
         WHERE kind = $3 AND created_at > $4 AND (user_id = $1 OR payload ->> 'email' = $2)",
    )
    .bind::<SqlUuid, _>(user_id)
    .bind::<Text, _>(email)
    .bind::<Text, _>(VERIFY_KIND)
    .bind::<Timestamptz, _>(now - day)
    .get_result(conn)
    .await?;
    let full = [
        (recent.by_account >= quotas.verify_mails_per_account).then_some(recent.first_by_account),
        (recent.by_address >= quotas.verify_mails_per_address).then_some(recent.first_by_address),
    ];
    // The wait: until the oldest mail of each full count is a day old.
    let wait = full
        .into_iter()
        .flatten()
        .map(|first| first.map_or(day, |first| first + day - now))
        .max();
    match wait {
        None => Ok(()),
        Some(wait) => Err(ServiceError::RateLimited {
            retry_after_secs: u64::try_from(wait.whole_seconds()).unwrap_or(1).max(1),
        }),
    }
}

/// Chooses the events mailed and the digest limit. Unknown events and a digest limit out of
/// bounds are refused (422), and nothing changes.
pub async fn update(
    services: &Services,
    who: &Identity,
    events: &[String],
    digest_hours: i64,
) -> ServiceResult<NotificationSettings> {
    let mut chosen: Vec<String> = Vec::new();
    for event in events {
        if !EVENTS.contains(&event.as_str()) {
            return Err(ServiceError::invalid(
                "events",
                "event_unknown",
                format!("unknown event “{event}” (known: {})", EVENTS.join(", ")),
            ));
        }
        if !chosen.contains(event) {
            chosen.push(event.clone());
        }
    }
    chosen.sort_by_key(|e| EVENTS.iter().position(|k| k == e));
    if !DIGEST_HOURS.contains(&digest_hours) {
        return Err(digest_out_of_range());
    }
    let digest = i16::try_from(digest_hours)
        .map_err(|e| ServiceError::internal("a checked digest limit does not fit", e))?;
    let mut conn = services.conn().await?;
    diesel::insert_into(mail_settings::table)
        .values((
            mail_settings::user_id.eq(who.user_id),
            mail_settings::events.eq(&chosen),
            mail_settings::digest_hours.eq(digest),
        ))
        .on_conflict(mail_settings::user_id)
        .do_update()
        .set((
            mail_settings::events.eq(&chosen),
            mail_settings::digest_hours.eq(digest),
        ))
        .execute(&mut conn)
        .await?;
    current(&mut conn, who.user_id).await
}

fn digest_out_of_range() -> ServiceError {
    ServiceError::invalid(
        "digest_hours",
        "digest_range",
        "must be from 1 to 168 hours",
    )
}

/// The digest limit as a form gives it (a whole number of hours).
pub fn parse_digest_hours(raw: &str) -> ServiceResult<i64> {
    raw.trim().parse().map_err(|_| digest_out_of_range())
}

/// A time in microseconds, as the verification mail's payload and link name its request.
pub(super) fn micros(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000).unwrap_or(i64::MAX)
}

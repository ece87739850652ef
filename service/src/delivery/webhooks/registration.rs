//! A player's webhooks: registering one (the events it is called for, its URL, its secret),
//! listing and deleting them, and the attempts to call each.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::network::check_url;
use super::signing::new_secret;
use crate::error::{ServiceError, ServiceResult, delete_owned};
use crate::identity::caller::Identity;
use crate::schema::{webhook_deliveries, webhooks};
use crate::services::Services;

/// The events a webhook may subscribe to: the kinds of `user_events`.
pub const EVENT_KINDS: [&str; 14] = [
    "your_turn",
    "match_started",
    "match_finished",
    "invitation",
    "invitation_declined",
    "match_cancelled",
    "deadline_soon",
    "followed_started",
    "analysis_ready",
    "round_started",
    "tournament_finished",
    "season_started",
    "promoted",
    "relegated",
];

/// How many webhooks one account may have (disabled ones count until deleted).
pub const MAX_WEBHOOKS: i64 = 10;

/// How many attempts are kept per webhook (older ones are deleted as new ones come).
pub const KEPT_ATTEMPTS: i64 = 100;

/// A webhook as its owner sees it (the secret is shown only when it is created).
#[derive(Debug, Clone, Serialize, ToSchema, Queryable)]
pub struct Webhook {
    pub id: Uuid,
    pub url: String,
    /// The events it is called for.
    pub events: Vec<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// When Tapis stopped calling it (it failed for a day, or its address became
    /// unacceptable); delete it and create another to start again.
    #[serde(with = "time::serde::rfc3339::option")]
    pub disabled_at: Option<OffsetDateTime>,
    /// Why it was disabled.
    pub disabled_reason: Option<String>,
}

/// A webhook just created, with its secret: the only time the secret is shown.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NewWebhook {
    pub id: Uuid,
    pub url: String,
    pub events: Vec<String>,
    /// The key of the deliveries' `Tapis-Signature` (64 hexadecimal digits). Keep it: it is
    /// never shown again.
    pub secret: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

/// One attempt to call a webhook.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable)]
pub struct Attempt {
    /// The delivery (`Tapis-Delivery`): the same on each attempt of one delivery.
    pub delivery_id: Uuid,
    pub event: String,
    /// The receiver's HTTP status, if it answered.
    pub status: Option<i32>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    /// What went wrong, in Tapis's words (a receiver's response body is never kept).
    pub error: Option<String>,
}

/// Registers a webhook of the caller's for `events` at `url`.
pub async fn create(
    services: &Services,
    who: &Identity,
    url: &str,
    events: &[String],
) -> ServiceResult<NewWebhook> {
    let events = parse_events(events)?;
    let url = check_url(url, services.settings().webhooks_allow_local).await?;
    let secret = new_secret()?;
    let user_id = who.user_id;
    let mut conn = services.conn().await?;
    let (id, created_at) = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            // The account's row is the lock: two creations at once count one after the other.
            crate::identity::locks::lock_account(conn, user_id).await?;
            let count: i64 = webhooks::table
                .filter(webhooks::user_id.eq(user_id))
                .count()
                .get_result(conn)
                .await?;
            if count >= MAX_WEBHOOKS {
                return Err(ServiceError::TooManyWebhooks {
                    limit: MAX_WEBHOOKS,
                });
            }
            Ok(diesel::insert_into(webhooks::table)
                .values((
                    webhooks::user_id.eq(user_id),
                    webhooks::url.eq(url.as_str()),
                    webhooks::events.eq(&events),
                    webhooks::secret.eq(&secret),
                ))
                .returning((webhooks::id, webhooks::created_at))
                .get_result::<(Uuid, OffsetDateTime)>(conn)
                .await?)
        })
        .await?;
    tracing::info!(user.id = %user_id, webhook.id = %id, "webhook created");
    Ok(NewWebhook {
        id,
        url: url.into(),
        events,
        secret,
        created_at,
    })
}

/// The caller's webhooks, oldest first.
pub async fn list(services: &Services, who: &Identity) -> ServiceResult<Vec<Webhook>> {
    let mut conn = services.conn().await?;
    Ok(webhooks::table
        .filter(webhooks::user_id.eq(who.user_id))
        .order((webhooks::created_at, webhooks::id))
        .select((
            webhooks::id,
            webhooks::url,
            webhooks::events,
            webhooks::created_at,
            webhooks::disabled_at,
            webhooks::disabled_reason,
        ))
        .load(&mut conn)
        .await?)
}

/// Deletes one of the caller's webhooks, with its deliveries not yet made and its attempts.
pub async fn delete(services: &Services, who: &Identity, id: Uuid) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    delete_owned!(&mut conn, webhooks, id, who.user_id, "webhook")
}

/// The last [`KEPT_ATTEMPTS`] attempts to call one of the caller's webhooks, newest first.
pub async fn attempts(
    services: &Services,
    who: &Identity,
    id: Uuid,
) -> ServiceResult<Vec<Attempt>> {
    let mut conn = services.conn().await?;
    let mine: Option<Uuid> = webhooks::table
        .filter(webhooks::id.eq(id))
        .filter(webhooks::user_id.eq(who.user_id))
        .select(webhooks::id)
        .first(&mut conn)
        .await
        .optional()?;
    if mine.is_none() {
        return Err(ServiceError::NotFound("webhook"));
    }
    Ok(webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(id))
        .order(webhook_deliveries::id.desc())
        .limit(KEPT_ATTEMPTS)
        .select((
            webhook_deliveries::delivery_id,
            webhook_deliveries::event,
            webhook_deliveries::status,
            webhook_deliveries::at,
            webhook_deliveries::error,
        ))
        .load(&mut conn)
        .await?)
}

/// The events asked for, known, without repeats, in the order of [`EVENT_KINDS`].
fn parse_events(events: &[String]) -> ServiceResult<Vec<String>> {
    if events.is_empty() {
        return Err(ServiceError::invalid(
            "events",
            "events_empty",
            format!("choose at least one event of {}", EVENT_KINDS.join(", ")),
        ));
    }
    if let Some(unknown) = events.iter().find(|e| !EVENT_KINDS.contains(&e.as_str())) {
        let shown: String = unknown.chars().take(40).collect();
        return Err(ServiceError::invalid(
            "events",
            "unknown_event",
            format!(
                "unknown event `{shown}`: the events are {}",
                EVENT_KINDS.join(", ")
            ),
        ));
    }
    Ok(EVENT_KINDS
        .iter()
        .filter(|kind| events.iter().any(|e| e == *kind))
        .map(|kind| (*kind).to_owned())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_known_deduplicated_and_in_order() {
        let asked = ["deadline_soon", "your_turn", "your_turn"].map(String::from);
        assert_eq!(
            parse_events(&asked).ok(),
            Some(vec!["your_turn".to_owned(), "deadline_soon".to_owned()])
        );
        assert!(parse_events(&[]).is_err());
        assert!(parse_events(&["move".to_owned()]).is_err());
    }

    #[test]
    fn a_webhook_may_subscribe_to_every_kind_of_event() {
        let kinds: Vec<&str> = crate::events::EventKind::ALL
            .iter()
            .map(|k| k.as_str())
            .collect();
        assert_eq!(kinds, EVENT_KINDS);
    }
}

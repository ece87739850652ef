//! The outbox's courier for webhooks: reads the webhook a row is for, calls its URL with the
//! signed delivery, logs the attempt in `webhook_deliveries` (keeping the last
//! [`KEPT_ATTEMPTS`]), and disables the webhook when the outbox gives its row up.

use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, RunQueryDsl};
use time::OffsetDateTime;
use uuid::Uuid;

use super::network::{
    AddressRefusal, PublicOnly, check_url_form, install_tls_provider, literal_ip, public_ip,
};
use super::registration::KEPT_ATTEMPTS;
use super::signing::signature;
use crate::delivery::outbox::{Channel, Courier, Delivery, Parcel};
use crate::error::{ServiceError, ServiceResult};
use crate::schema::webhook_deliveries;
use crate::services::Services;

/// How long a delivery may take to connect, and in all.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The webhook channel's courier: calls the URL, signed, and logs the attempt.
#[derive(Debug, Clone)]
pub struct WebhookCourier {
    client: reqwest::Client,
    allow_local: bool,
    give_up_after: Duration,
}

/// The webhook a row is for.
#[derive(Debug, QueryableByName)]
struct Target {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    disabled_reason: Option<String>,
}

/// What an attempt gave: the outcome for the outbox, and the receiver's status if it answered.
struct Outcome {
    delivery: Delivery,
    status: Option<u16>,
}

impl Outcome {
    /// Not delivered this time, without an answer: tried again later.
    fn failed(why: String) -> Outcome {
        Outcome {
            delivery: Delivery::Failed(why),
            status: None,
        }
    }

    /// Never deliverable as it stands: given up at once.
    fn refused(why: String) -> Outcome {
        Outcome {
            delivery: Delivery::Refused(why),
            status: None,
        }
    }

    /// What the receiver's answer (its status; the body is never read, kept nor shown), or the
    /// failure to get one, means for the delivery.
    fn of(sent: Result<reqwest::Response, reqwest::Error>) -> Outcome {
        match sent {
            Ok(response) => {
                let status = response.status();
                let delivery = if status.is_success() {
                    Delivery::Sent
                } else if status.is_redirection() {
                    Delivery::Failed(format!(
                        "the receiver answered {status} (redirects are not followed)"
                    ))
                } else {
                    Delivery::Failed(format!("the receiver answered {status}"))
                };
                Outcome {
                    delivery,
                    status: Some(status.as_u16()),
                }
            }
            Err(e) => {
                if let Some(refusal) = refusal_in(&e) {
                    return Outcome::refused(refusal.to_string());
                }
                if e.is_timeout() {
                    Outcome::failed(format!("no answer within {} s", REQUEST_TIMEOUT.as_secs()))
                } else if e.is_connect() {
                    Outcome::failed(format!("could not connect: {}", root_cause(&e)))
                } else {
                    Outcome::failed(format!("the request failed: {}", root_cause(&e)))
                }
            }
        }
    }
}

/// The body of a delivery: the row's payload with its `delivery_id`, or why it cannot be
/// written.
fn body_of(parcel: &Parcel) -> Result<Vec<u8>, String> {
    let mut body = parcel.payload.clone();
    let Some(fields) = body.as_object_mut() else {
        return Err("the delivery's payload is not a JSON object".to_owned());
    };
    fields.insert(
        "delivery_id".to_owned(),
        serde_json::Value::String(parcel.delivery_id.to_string()),
    );
    serde_json::to_vec(&body).map_err(|e| format!("the delivery could not be written: {e}"))
}

impl WebhookCourier {
    /// A courier for a deployment that allows local calls (development) or not (production,
    /// where names resolve through [`PublicOnly`]); a row that fails for `give_up_after` is
    /// given up by the outbox, and its webhook disabled.
    pub fn new(allow_local: bool, give_up_after: Duration) -> ServiceResult<WebhookCourier> {
        install_tls_provider();
        let mut builder = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .user_agent(concat!("Tapis-Webhooks/", env!("CARGO_PKG_VERSION")));
        if !allow_local {
            builder = builder.https_only(true).dns_resolver(PublicOnly);
        }
        let client = builder
            .build()
            .map_err(|e| ServiceError::internal("the webhook client could not be built", e))?;
        Ok(WebhookCourier {
            client,
            allow_local,
            give_up_after,
        })
    }

    async fn target(services: &Services, outbox_id: i64) -> ServiceResult<Option<Target>> {
        // A background writer of its own tables: nothing this process keeps (`db::kept`).
        let mut conn = services.conn_keeping().await?;
        Ok(diesel::sql_query(
            "SELECT w.id, w.url, w.secret, w.disabled_reason \
             FROM outbox o JOIN webhooks w ON w.id = o.webhook_id WHERE o.id = $1",
        )
        .bind::<BigInt, _>(outbox_id)
        .get_result(&mut conn)
        .await
        .optional()?)
    }

    /// Calls `target` with `parcel`, signed.
    async fn call(&self, target: &Target, parcel: &Parcel) -> Outcome {
        let url = match self.url_of(target) {
            Ok(url) => url,
            Err(why) => return Outcome::refused(why),
        };
        let body = match body_of(parcel) {
            Ok(body) => body,
            Err(why) => return Outcome::refused(why),
        };
        // The receiver checks the time against its own clock: the real one.
        let timestamp = OffsetDateTime::now_utc().unix_timestamp();
        let signed = match signature(&target.secret, timestamp, &body) {
            Ok(signed) => signed,
            Err(e) => return Outcome::failed(e.to_string()),
        };
        let sent = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("Tapis-Event", &parcel.kind)
            .header("Tapis-Delivery", parcel.delivery_id.to_string())
            .header("Tapis-Signature", format!("t={timestamp},v1={signed}"))
            .body(body)
            .send()
            .await;
        Outcome::of(sent)
    }

    /// The URL of `target`, or why it may no longer be called: the rules may have changed
    /// since the webhook was created (a development database served in production), so they
    /// are checked again.
    fn url_of(&self, target: &Target) -> Result<url::Url, String> {
        let url = check_url_form(&target.url, self.allow_local)
            .map_err(|e| format!("its URL is no longer accepted: {e}"))?;
        if !self.allow_local
            && let Some(ip) = literal_ip(&url)
        {
            public_ip(url.host_str().unwrap_or_default(), ip).map_err(|e| e.to_string())?;
        }
        Ok(url)
    }

    /// Logs an attempt, and deletes the webhook's attempts older than the last
    /// [`KEPT_ATTEMPTS`], in one transaction.
    async fn log(
        services: &Services,
        webhook_id: Uuid,
        parcel: &Parcel,
        outcome: &Outcome,
    ) -> ServiceResult<()> {
        let error = match &outcome.delivery {
            Delivery::Sent => None,
            Delivery::Failed(why) | Delivery::Refused(why) => Some(why.clone()),
        };
        let status = outcome.status.map(i32::from);
        let now = services.now();
        // A background writer of its own tables: nothing this process keeps (`db::kept`).
        let mut conn = services.conn_keeping().await?;
        conn.transaction::<_, ServiceError, _>(async |conn| {
            diesel::insert_into(webhook_deliveries::table)
                .values((
                    webhook_deliveries::webhook_id.eq(webhook_id),
                    webhook_deliveries::delivery_id.eq(parcel.delivery_id),
                    webhook_deliveries::event.eq(&parcel.kind),
                    webhook_deliveries::status.eq(status),
                    webhook_deliveries::at.eq(now),
                    webhook_deliveries::error.eq(error),
                ))
                .execute(conn)
                .await?;
            diesel::sql_query(
                "DELETE FROM webhook_deliveries WHERE webhook_id = $1 AND id <= \
                 (SELECT id FROM webhook_deliveries WHERE webhook_id = $1 \
                  ORDER BY id DESC OFFSET $2 LIMIT 1)",
            )
            .bind::<SqlUuid, _>(webhook_id)
            .bind::<BigInt, _>(KEPT_ATTEMPTS)
            .execute(conn)
            .await?;
            Ok(())
        })
        .await
    }
}

/// Our resolver's refusal, if that is why a request failed.
fn refusal_in(error: &reqwest::Error) -> Option<&AddressRefusal> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if let Some(refusal) = e.downcast_ref::<AddressRefusal>()
            && matches!(refusal, AddressRefusal::NonPublic { .. })
        {
            return Some(refusal);
        }
        cause = e.source();
    }
    None
}

/// The innermost cause of an error (`Connection refused`...), which says the most.
fn root_cause(error: &reqwest::Error) -> String {
    let mut last: &(dyn std::error::Error + 'static) = error;
    while let Some(next) = last.source() {
        last = next;
    }
    last.to_string()
}

/// "a day", "2 days", "3 hours", "90 seconds".
fn span_in_words(span: Duration) -> String {
    let secs = span.as_secs();
    match secs {
        86_400 => "a day".to_owned(),
        s if s % 86_400 == 0 => format!("{} days", s / 86_400),
        3_600 => "an hour".to_owned(),
        s if s % 3_600 == 0 => format!("{} hours", s / 3_600),
        s => format!("{s} seconds"),
    }
}

impl Courier for WebhookCourier {
    fn channel(&self) -> Channel {
        Channel::Webhook
    }

    async fn deliver(&self, services: &Services, parcel: &Parcel) -> Delivery {
        let target = match WebhookCourier::target(services, parcel.id).await {
            Ok(Some(target)) => target,
            Ok(None) => return Delivery::Refused("the webhook was deleted".to_owned()),
            Err(e) => return Delivery::Failed(format!("the webhook could not be read: {e}")),
        };
        if let Some(reason) = &target.disabled_reason {
            return Delivery::Refused(format!("the webhook is disabled: {reason}"));
        }
        let outcome = self.call(&target, parcel).await;
        if let Err(e) = WebhookCourier::log(services, target.id, parcel, &outcome).await {
            tracing::warn!(webhook.id = %target.id, error = %e, "a webhook attempt could not be logged");
        }
        outcome.delivery
    }

    /// Disables the webhook: it has failed for a day, or can never be called.
    async fn gave_up(&self, services: &Services, parcel: &Parcel, error: &str) {
        let failed_long = services.now() - parcel.created_at
            >= time::Duration::try_from(self.give_up_after).unwrap_or(time::Duration::MAX);
        let reason = if failed_long {
            format!(
                "deliveries failed for {}; last error: {error}",
                span_in_words(self.give_up_after)
            )
        } else {
            error.to_owned()
        };
        let disabled = async {
            // A background writer of its own tables: nothing this process keeps (`db::kept`).
            let mut conn = services.conn_keeping().await?;
            ServiceResult::Ok(
                diesel::sql_query(
                    "UPDATE webhooks w SET disabled_at = $2, disabled_reason = $3 \
                     FROM outbox o WHERE o.id = $1 AND w.id = o.webhook_id \
                       AND w.disabled_at IS NULL \
                     RETURNING w.id",
                )
                .bind::<BigInt, _>(parcel.id)
                .bind::<Timestamptz, _>(services.now())
                .bind::<Text, _>(&reason)
                .execute(&mut conn)
                .await?,
            )
        };
        match disabled.await {
            Ok(1) => {
                tracing::warn!(user.id = %parcel.user_id, %reason, "a webhook was disabled")
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(outbox.id = parcel.id, error = %e, "a webhook could not be disabled")
            }
        }
    }
}

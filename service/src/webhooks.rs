//! Signed webhooks: a player's app is told of the player's events (`your_turn`...) by an HTTP
//! `POST` to a URL it registered, signed with a secret only the app and Tapis know.
//!
//! The path of a delivery (docs/webhooks.md): an event row of `user_events` is written with its
//! cause; the trigger `user_events_webhooks` writes, in the same transaction, one `outbox` row
//! per active webhook of that person subscribed to its kind; the webhook sender ([`Courier`]
//! below, run by `outbox::run` in every process) calls the URL with no transaction open, logs
//! the attempt in `webhook_deliveries`, and the outbox retries with backoff. After a day of
//! failures the outbox gives up and the webhook is disabled with the reason.
//!
//! Server-side request forgery: in production only `https` URLs to public addresses are called.
//! The address is checked when a webhook is created and again at every connection (the client
//! resolves names through [`PublicOnly`], which refuses a name resolving to a non-public
//! address), so a name that later resolves inside the network (DNS rebinding) reaches nothing.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, RunQueryDsl};
use hmac::{Hmac, KeyInit, Mac};
use serde::Serialize;
use sha2::Sha256;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::found;
use crate::identity::caller::Identity;
use crate::outbox::{Channel, Delivery, Parcel};
use crate::schema::{users, webhook_deliveries, webhooks};
use crate::{ServiceError, ServiceResult, Services};

/// The events a webhook may subscribe to: the kinds of `user_events`.
pub const EVENT_KINDS: [&str; 7] = [
    "your_turn",
    "match_started",
    "match_finished",
    "invitation",
    "invitation_declined",
    "match_cancelled",
    "deadline_soon",
];

/// How many webhooks one account may have (disabled ones count until deleted).
pub const MAX_WEBHOOKS: i64 = 10;

/// How many attempts are kept per webhook (older ones are deleted as new ones come).
pub const KEPT_ATTEMPTS: i64 = 100;

/// The longest URL accepted.
pub const MAX_URL_CHARS: usize = 2000;

/// How long a delivery may take to connect, and in all.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a name may take to resolve.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

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
            users::table
                .find(user_id)
                .select(users::id)
                .for_update()
                .first::<Uuid>(conn)
                .await?;
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
    let deleted = diesel::delete(
        webhooks::table
            .filter(webhooks::id.eq(id))
            .filter(webhooks::user_id.eq(who.user_id)),
    )
    .execute(&mut conn)
    .await?;
    found(deleted, "webhook")
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

/// 32 random bytes, in hexadecimal.
fn new_secret() -> ServiceResult<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| ServiceError::internal("no OS randomness", e))?;
    Ok(hex::encode(bytes))
}

fn refused(why: impl Into<String>) -> ServiceError {
    ServiceError::WebhookUrlRefused(why.into())
}

/// Whether `host` names this machine (`localhost`, `127.0.0.1`, `[::1]`...).
fn is_loopback_host(host: &url::Host<&str>) -> bool {
    match host {
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        url::Host::Ipv4(ip) => ip.is_loopback(),
        url::Host::Ipv6(ip) => ip.is_loopback(),
    }
}

/// The rules that need no network: a parsable absolute URL, no credentials, and the scheme
/// the environment allows (`https`; `http` to this machine only where local calls are allowed).
fn check_url_form(raw: &str, allow_local: bool) -> ServiceResult<url::Url> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(ServiceError::invalid(
            "url",
            "url_missing",
            "give the URL to call",
        ));
    }
    if raw.chars().count() > MAX_URL_CHARS {
        return Err(ServiceError::invalid(
            "url",
            "url_length",
            format!("use at most {MAX_URL_CHARS} characters"),
        ));
    }
    let url = url::Url::parse(raw).map_err(|e| {
        ServiceError::invalid("url", "url_format", format!("not an absolute URL: {e}"))
    })?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refused(
            "a webhook URL must not hold a user name or password: check the deliveries' signature instead",
        ));
    }
    let Some(host) = url.host() else {
        return Err(refused("the URL has no host"));
    };
    match url.scheme() {
        "https" => {}
        "http" if allow_local && is_loopback_host(&host) => {}
        "http" if allow_local => {
            return Err(refused(
                "only https URLs are accepted (http only to 127.0.0.1 or localhost, in development)",
            ));
        }
        "http" => return Err(refused("only https URLs are accepted")),
        other => {
            return Err(refused(format!(
                "only https URLs are accepted, not `{}:`",
                other.chars().take(20).collect::<String>()
            )));
        }
    }
    Ok(url)
}

/// Checks a URL a player gives: its form, then, unless local calls are allowed
/// (development), that its host is or resolves only to public addresses.
pub async fn check_url(raw: &str, allow_local: bool) -> ServiceResult<url::Url> {
    let url = check_url_form(raw, allow_local)?;
    if !allow_local {
        let host = url
            .host_str()
            .ok_or_else(|| refused("the URL has no host"))?;
        match url.host() {
            Some(url::Host::Ipv4(ip)) => public_ip(host, IpAddr::V4(ip))
                .map(|_| ())
                .map_err(|e| refused(e.to_string()))?,
            Some(url::Host::Ipv6(ip)) => public_ip(host, IpAddr::V6(ip))
                .map(|_| ())
                .map_err(|e| refused(e.to_string()))?,
            _ => {
                resolve_public(host)
                    .await
                    .map_err(|e| refused(e.to_string()))?;
            }
        }
    }
    Ok(url)
}

/// Why an address may not be called.
#[derive(Debug, thiserror::Error)]
pub enum AddressRefusal {
    #[error("{}", non_public(host, ip))]
    NonPublic { host: String, ip: IpAddr },
    #[error("{host} could not be resolved: {why}")]
    Unresolved { host: String, why: String },
}

fn non_public(host: &str, ip: &IpAddr) -> String {
    if host.trim_start_matches('[').trim_end_matches(']') == ip.to_string() {
        format!("{ip} is not a public address")
    } else {
        format!("{host} is {ip}, which is not a public address")
    }
}

fn public_ip(host: &str, ip: IpAddr) -> Result<IpAddr, AddressRefusal> {
    if is_public(ip) {
        Ok(ip)
    } else {
        Err(AddressRefusal::NonPublic {
            host: host.to_owned(),
            ip,
        })
    }
}

/// The addresses of `host`, if every one is public.
pub async fn resolve_public(host: &str) -> Result<Vec<SocketAddr>, AddressRefusal> {
    let unresolved = |why: String| AddressRefusal::Unresolved {
        host: host.chars().take(100).collect(),
        why,
    };
    let found = tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((host, 0)))
        .await
        .map_err(|_| unresolved("no answer in time".to_owned()))?
        .map_err(|e| unresolved(e.to_string()))?;
    let addresses: Vec<SocketAddr> = found.collect();
    if addresses.is_empty() {
        return Err(unresolved("no address".to_owned()));
    }
    // One non-public address is enough to refuse: a client may pick any of them.
    for address in &addresses {
        public_ip(host, address.ip())?;
    }
    Ok(addresses)
}

/// Whether `ip` is an address of the public internet: not unspecified, loopback, private,
/// link-local, shared (CGNAT), multicast, broadcast, reserved, documentation or benchmarking,
/// and no IPv6 form that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) or
/// is unique-local or site-local.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_public_v4(ip),
        IpAddr::V6(ip) => is_public_v6(ip),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0                                    // "this network", unspecified
        || a == 10                              // private
        || a == 127                             // loopback
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 169 && b == 254)               // link-local (cloud metadata)
        || (a == 172 && (16..32).contains(&b))  // private
        || (a == 192 && b == 0 && c == 0)       // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2)       // documentation
        || (a == 192 && b == 88 && c == 99)     // 6to4 relay anycast
        || (a == 192 && b == 168)               // private
        || (a == 198 && (18..20).contains(&b))  // benchmarking
        || (a == 198 && b == 51 && c == 100)    // documentation
        || (a == 203 && b == 0 && c == 113)     // documentation
        || a >= 224) // multicast, reserved, broadcast
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || s[0] & 0xff00 == 0xff00                       // multicast
        || s[0] & 0xffc0 == 0xfe80                       // link-local
        || s[0] & 0xffc0 == 0xfec0                       // site-local (deprecated)
        || s[0] & 0xfe00 == 0xfc00                       // unique local
        || (s[0..5] == [0; 5] && (s[5] == 0xffff || s[5] == 0)) // IPv4-mapped, -compatible
        || (s[0] == 0x0064 && s[1] == 0xff9b)            // NAT64
        || (s[0] == 0x0100 && s[1..4] == [0; 3])         // discard-only
        || (s[0] == 0x2001 && s[1] == 0)                 // Teredo
        || (s[0] == 0x2001 && s[1] == 0x0db8)            // documentation
        || s[0] == 0x2002                                // 6to4
        || (s[0] == 0x2001 && s[1] < 0x0200)) // other IETF protocol assignments
}

/// A resolver for the webhook client that gives only public addresses, and fails for a name
/// with any other: every connection is checked, so a name that resolved to a public address
/// when the webhook was created cannot later lead inside the network.
#[derive(Debug, Clone, Copy, Default)]
pub struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addresses = resolve_public(&host).await?;
            Ok(Box::new(addresses.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// The `v1` signature of a delivery: hex HMAC-SHA256 of `"<t>.<body>"` under the secret.
pub fn signature(secret: &str, timestamp: i64, body: &[u8]) -> ServiceResult<String> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes())
        .map_err(|e| ServiceError::internal("HMAC key refused", e))?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Ok(hex::encode(mac.finalize().into_bytes()))
}

/// Installs the TLS crypto provider that reqwest's clients use in this process (ring), once.
/// Every process that builds a reqwest client must call it first.
pub fn install_tls_provider() {
    // Err means one is installed already: that one serves.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

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
        let mut conn = services.conn().await?;
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
        let failed = |why: String| Outcome {
            delivery: Delivery::Failed(why),
            status: None,
        };
        let refused = |why: String| Outcome {
            delivery: Delivery::Refused(why),
            status: None,
        };
        // The rules may have changed since the webhook was created (a development database
        // served in production): they are checked again.
        let url = match check_url_form(&target.url, self.allow_local) {
            Ok(url) => url,
            Err(e) => return refused(format!("its URL is no longer accepted: {e}")),
        };
        if !self.allow_local {
            let literal = match url.host() {
                Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
                Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
                _ => None,
            };
            if let Some(ip) = literal
                && let Err(e) = public_ip(url.host_str().unwrap_or_default(), ip)
            {
                return refused(e.to_string());
            }
        }
        let mut body = parcel.payload.clone();
        let Some(fields) = body.as_object_mut() else {
            return refused("the delivery's payload is not a JSON object".to_owned());
        };
        fields.insert(
            "delivery_id".to_owned(),
            serde_json::Value::String(parcel.delivery_id.to_string()),
        );
        let body = match serde_json::to_vec(&body) {
            Ok(body) => body,
            Err(e) => return refused(format!("the delivery could not be written: {e}")),
        };
        // The receiver checks the time against its own clock: the real one.
        let timestamp = OffsetDateTime::now_utc().unix_timestamp();
        let signed = match signature(&target.secret, timestamp, &body) {
            Ok(signed) => signed,
            Err(e) => return failed(e.to_string()),
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
        match sent {
            // The body is not read: it is never kept nor shown.
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
                    return refused(refusal.to_string());
                }
                if e.is_timeout() {
                    failed(format!("no answer within {} s", REQUEST_TIMEOUT.as_secs()))
                } else if e.is_connect() {
                    failed(format!("could not connect: {}", root_cause(&e)))
                } else {
                    failed(format!("the request failed: {}", root_cause(&e)))
                }
            }
        }
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
        let mut conn = services.conn().await?;
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

impl crate::outbox::Courier for WebhookCourier {
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
            let mut conn = services.conn().await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "0.0.0.0",
            "10.0.0.1",
            "127.0.0.1",
            "100.64.0.1",
            "169.254.169.254",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "192.0.2.1",
            "198.18.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "::ffff:10.0.0.1",
            "::ffff:8.8.8.8",
            "64:ff9b::a00:1",
            "2001:db8::1",
            "2002:a00:1::1",
        ] {
            assert!(!is_public(ip(private)), "{private} is not public");
        }
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "100.128.0.1",
            "172.32.0.1",
            "2606:4700:4700::1111",
            "2a00:1450:4007:80f::200e",
        ] {
            assert!(is_public(ip(public)), "{public} is public");
        }
    }

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
    fn the_signature_is_hmac_sha256_of_the_time_a_dot_and_the_body() {
        // Computed independently, with Python's hmac module.
        assert_eq!(
            signature("key", 1_700_000_000, br#"{"a":1}"#)
                .ok()
                .as_deref(),
            Some("a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03")
        );
    }

    #[test]
    fn schemes_follow_the_environment() {
        assert!(check_url_form("http://127.0.0.1:9/x", true).is_ok());
        assert!(check_url_form("http://localhost:9/x", true).is_ok());
        assert!(check_url_form("http://example.com/x", true).is_err());
        assert!(check_url_form("http://127.0.0.1:9/x", false).is_err());
        assert!(check_url_form("https://example.com/x", false).is_ok());
        assert!(check_url_form("ftp://example.com/x", false).is_err());
        assert!(check_url_form("https://user:pw@example.com/x", false).is_err());
        assert!(check_url_form("not a url", false).is_err());
    }
}

//! E-mail notifications: a player's address (used only once verified), which events to mail
//! and the digest limit, the signed links of the mails (verification, one-click unsubscribe),
//! and what a mail of the outbox says ([`letter`]).
//!
//! The mails themselves are rows of the outbox (`crate::outbox`): the trigger
//! `user_events_mail` writes one for each event a player subscribed to, in the event's
//! transaction; [`set_email`] writes the verification mail in its own. Sending them is the
//! mail courier's business (`tapis-mail`); see `docs/notifications.md`.
//!
//! Links carry tokens signed with a key derived from the deployment's secret (HS256 JWTs with
//! a `purpose` claim, so that no token passes for another kind, nor for a session token):
//! - verification: names the player, the address and the request (`set_at`), valid 48 hours;
//!   a newer request supersedes it;
//! - unsubscribe: names the player and an event kind (or `all`); it does not expire, and using
//!   it twice changes nothing more.

use diesel::prelude::*;
use diesel::sql_types::{Jsonb, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use hmac::{Hmac, KeyInit, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use tapis_l10n::Language;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::LinkProblem;
use crate::identity::caller::{Identity, stored_language};
use crate::outbox::Parcel;
use crate::schema::{mail_settings, match_seats, matches, users};
use crate::{ServiceError, ServiceResult, Services};

/// The events a player may have mailed, in the order pages list them.
pub const EVENTS: [&str; 4] = ["your_turn", "invitation", "deadline_soon", "match_finished"];

/// The digest limit when the player has not chosen one: at most one "your turn" mail per
/// match per 12 hours.
pub const DEFAULT_DIGEST_HOURS: i16 = 12;
/// The digest limit's bounds, in hours (a week at most).
pub const DIGEST_HOURS: std::ops::RangeInclusive<i64> = 1..=168;

/// How long a verification link works.
pub const VERIFY_LINK_HOURS: i64 = 48;

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
    /// The events mailed: `your_turn`, `invitation`, `deadline_soon`, `match_finished`.
    #[schema(examples(json!(["your_turn", "invitation", "deadline_soon", "match_finished"])))]
    pub events: Vec<String>,
    /// At most one "your turn" mail per match per this many hours (1 to 168).
    #[schema(minimum = 1, maximum = 168)]
    pub digest_hours: i16,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mail_settings)]
struct Row {
    email: Option<String>,
    set_at: Option<OffsetDateTime>,
    verified_at: Option<OffsetDateTime>,
    events: Vec<String>,
    digest_hours: i16,
}

impl Row {
    fn settings(self) -> NotificationSettings {
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

async fn read(conn: &mut AsyncPgConnection, user_id: Uuid) -> ServiceResult<Option<Row>> {
    Ok(mail_settings::table
        .find(user_id)
        .select(Row::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// The caller's address and notification settings.
pub async fn settings(services: &Services, who: &Identity) -> ServiceResult<NotificationSettings> {
    let mut conn = services.conn().await?;
    Ok(read(&mut conn, who.user_id)
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
            diesel::sql_query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE")
                .bind::<SqlUuid, _>(user_id)
                .execute(conn)
                .await?;
            let before = read(conn, user_id).await?;
            if let Some(row) = &before
                && row.email.as_deref() == Some(email.as_str())
                && row.verified_at.is_some()
            {
                return Ok((row.clone().settings(), false));
            }
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
            let settings = read(conn, user_id)
                .await?
                .map_or_else(defaults, Row::settings);
            Ok((settings, true))
        }
    })
    .await
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
    Ok(read(&mut conn, who.user_id)
        .await?
        .map_or_else(defaults, Row::settings))
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

fn micros(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000).unwrap_or(i64::MAX)
}

#[derive(Debug, Serialize, Deserialize)]
struct LinkClaims {
    sub: Uuid,
    purpose: String,
    /// Verification: the address, and the request (`set_at`, in microseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    req: Option<i64>,
    /// Unsubscribe: an event kind, or `all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    iat: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exp: Option<i64>,
}

const VERIFY_PURPOSE: &str = "verify_email";
const UNSUBSCRIBE_PURPOSE: &str = "unsubscribe";

/// The key of the links: derived from the deployment's secret, so that a link is no session
/// token and a session token no link.
fn link_key(services: &Services) -> ServiceResult<Vec<u8>> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&services.settings().jwt_secret)
        .map_err(|e| ServiceError::internal("bad link key", e))?;
    mac.update(b"tapis mail links\0");
    Ok(mac.finalize().into_bytes().to_vec())
}

fn sign(services: &Services, claims: &LinkClaims) -> ServiceResult<String> {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(&link_key(services)?),
    )
    .map_err(|e| ServiceError::internal("cannot sign a link", e))
}

fn open(services: &Services, token: &str, purpose: &str) -> ServiceResult<LinkClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    // Expiry is checked below by the deployment's clock.
    validation.validate_exp = false;
    validation.set_required_spec_claims(&["sub"]);
    let claims = jsonwebtoken::decode::<LinkClaims>(
        token.trim(),
        &DecodingKey::from_secret(&link_key(services)?),
        &validation,
    )
    .map_err(|_| ServiceError::BadLink(LinkProblem::Invalid))?
    .claims;
    if claims.purpose != purpose {
        return Err(ServiceError::BadLink(LinkProblem::Invalid));
    }
    Ok(claims)
}

/// The token of the verification link of `email`, given at `set_at` (microseconds).
pub fn verify_token(
    services: &Services,
    user_id: Uuid,
    email: &str,
    set_at: i64,
) -> ServiceResult<String> {
    let now = services.now().unix_timestamp();
    sign(
        services,
        &LinkClaims {
            sub: user_id,
            purpose: VERIFY_PURPOSE.to_owned(),
            email: Some(email.to_owned()),
            req: Some(set_at),
            kind: None,
            iat: now,
            exp: Some(now + VERIFY_LINK_HOURS * 3600),
        },
    )
}

/// The token of the unsubscribe link of `kind` (an event kind, or `all`).
pub fn unsubscribe_token(services: &Services, user_id: Uuid, kind: &str) -> ServiceResult<String> {
    sign(
        services,
        &LinkClaims {
            sub: user_id,
            purpose: UNSUBSCRIBE_PURPOSE.to_owned(),
            email: None,
            req: None,
            kind: Some(kind.to_owned()),
            iat: services.now().unix_timestamp(),
            exp: None,
        },
    )
}

/// Follows a verification link: the address it names becomes verified. Following it again
/// changes nothing. Refused (`bad_link`) when forged, expired or superseded.
pub async fn verify(services: &Services, token: &str) -> ServiceResult<String> {
    let claims = open(services, token, VERIFY_PURPOSE)?;
    let (Some(email), Some(req), Some(exp)) = (claims.email, claims.req, claims.exp) else {
        return Err(ServiceError::BadLink(LinkProblem::Invalid));
    };
    let now = services.now();
    if now.unix_timestamp() >= exp {
        return Err(ServiceError::BadLink(LinkProblem::Expired));
    }
    let mut conn = services.conn().await?;
    let row = read(&mut conn, claims.sub)
        .await?
        .ok_or(ServiceError::BadLink(LinkProblem::Superseded))?;
    if row.email.as_deref() != Some(email.as_str()) || row.set_at.map(micros) != Some(req) {
        return Err(ServiceError::BadLink(LinkProblem::Superseded));
    }
    diesel::update(mail_settings::table.find(claims.sub))
        .filter(mail_settings::verified_at.is_null())
        .filter(mail_settings::email.eq(&email))
        .set(mail_settings::verified_at.eq(now))
        .execute(&mut conn)
        .await?;
    Ok(email)
}

/// What an unsubscribe link stops: one event kind, or every mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsubscribed {
    Kind(String),
    All,
}

/// Reads an unsubscribe link without using it (for the page that asks to confirm).
pub fn read_unsubscribe(services: &Services, token: &str) -> ServiceResult<Unsubscribed> {
    let claims = open(services, token, UNSUBSCRIBE_PURPOSE)?;
    match claims.kind.as_deref() {
        Some("all") => Ok(Unsubscribed::All),
        Some(kind) if EVENTS.contains(&kind) => Ok(Unsubscribed::Kind(kind.to_owned())),
        _ => Err(ServiceError::BadLink(LinkProblem::Invalid)),
    }
}

/// Uses an unsubscribe link: the kind it names is no longer mailed (or nothing is, for
/// `all`). Using it again changes nothing more. Needs no session: the signature is the proof.
pub async fn unsubscribe(services: &Services, token: &str) -> ServiceResult<Unsubscribed> {
    let what = read_unsubscribe(services, token)?;
    let user_id = open(services, token, UNSUBSCRIBE_PURPOSE)?.sub;
    let mut conn = services.conn().await?;
    let changed = match &what {
        Unsubscribed::All => {
            diesel::update(mail_settings::table.find(user_id))
                .set(mail_settings::events.eq(Vec::<String>::new()))
                .execute(&mut conn)
                .await?
        }
        Unsubscribed::Kind(kind) => {
            diesel::sql_query(
                "UPDATE mail_settings SET events = array_remove(events, $2) WHERE user_id = $1",
            )
            .bind::<SqlUuid, _>(user_id)
            .bind::<Text, _>(kind)
            .execute(&mut conn)
            .await?
        }
    };
    tracing::info!(user.id = %user_id, rows = changed, "unsubscribed by a mail's link");
    Ok(what)
}

/// What a mail says, worked out when it is sent (the address and the language are the
/// account's at that time).
#[derive(Debug, Clone, PartialEq)]
pub struct Letter {
    pub to: String,
    pub username: String,
    pub language: Language,
    /// The same on every attempt (`Tapis-Delivery`, and in the Message-ID).
    pub delivery_id: Uuid,
    pub body: LetterBody,
}

/// What a mail is about.
#[derive(Debug, Clone, PartialEq)]
pub enum LetterBody {
    /// The verification link's token.
    Verify { token: String },
    /// An event of a match.
    Event(MatchLetter),
}

/// An event of a match, told by mail.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLetter {
    /// `your_turn`, `invitation`, `deadline_soon` or `match_finished`.
    pub kind: String,
    pub match_id: Uuid,
    /// The game's id (`yams`...).
    pub game: String,
    /// The other players seated (or invited).
    pub opponents: Vec<String>,
    /// Who invited the player (invitations).
    pub by: Option<String>,
    pub deadline: Option<OffsetDateTime>,
    /// The player's final rank (from 1) and the number of seats (finished matches).
    pub rank: Option<(i16, i16)>,
    /// The unsubscribe link of this kind (also `List-Unsubscribe`), and of every mail.
    pub unsubscribe_token: String,
    pub unsubscribe_all_token: String,
}

/// Why a row of the outbox is not mailed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotMailed {
    /// Never will be: no verified address any more, a superseded verification, a player who
    /// stopped that kind meanwhile, a match that is gone.
    Refused(String),
}

/// What a mail tells of its match.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
struct MatchFacts {
    game: String,
    seat_user_ids: Vec<Uuid>,
    seat_usernames: Vec<String>,
    seat_count: i16,
    deadline: Option<OffsetDateTime>,
}

/// What the mail of outbox row `parcel` says, from the account as it is now.
pub async fn letter(
    services: &Services,
    parcel: &Parcel,
) -> ServiceResult<Result<Letter, NotMailed>> {
    let mut conn = services.conn().await?;
    let user: Option<(String, Option<String>, bool)> = users::table
        .find(parcel.user_id)
        .select((users::username, users::language, users::is_bot))
        .first(&mut conn)
        .await
        .optional()?;
    let Some((username, language, is_bot)) = user else {
        return Ok(Err(NotMailed::Refused("the account is gone".into())));
    };
    if is_bot {
        return Ok(Err(NotMailed::Refused("bots get no mail".into())));
    }
    let language = stored_language(language).unwrap_or_default();
    let Some(row) = read(&mut conn, parcel.user_id).await? else {
        return Ok(Err(NotMailed::Refused("no address".into())));
    };
    let Some(email) = row.email.clone() else {
        return Ok(Err(NotMailed::Refused("no address".into())));
    };
    if parcel.kind == VERIFY_KIND {
        let asked = parcel.payload["email"].as_str();
        let req = parcel.payload["set_at"].as_i64();
        if asked != Some(email.as_str()) || req.is_none() || row.set_at.map(micros) != req {
            return Ok(Err(NotMailed::Refused(
                "another address was given since".into(),
            )));
        }
        if row.verified_at.is_some() {
            return Ok(Err(NotMailed::Refused("already verified".into())));
        }
        let token = verify_token(services, parcel.user_id, &email, req.unwrap_or_default())?;
        return Ok(Ok(Letter {
            to: email,
            username,
            language,
            delivery_id: parcel.delivery_id,
            body: LetterBody::Verify { token },
        }));
    }
    if row.verified_at.is_none() {
        return Ok(Err(NotMailed::Refused(
            "the address is not verified".into(),
        )));
    }
    if !row.events.contains(&parcel.kind) {
        return Ok(Err(NotMailed::Refused(format!(
            "{} mails were stopped",
            parcel.kind
        ))));
    }
    let Some(match_id) = parcel.payload["match_id"]
        .as_str()
        .and_then(|s| s.parse::<Uuid>().ok())
    else {
        return Ok(Err(NotMailed::Refused("no match".into())));
    };
    let found: Option<MatchFacts> = matches::table
        .find(match_id)
        .select(MatchFacts::as_select())
        .first(&mut conn)
        .await
        .optional()?;
    let Some(MatchFacts {
        game,
        seat_user_ids: seat_ids,
        seat_usernames: seat_names,
        seat_count,
        deadline,
    }) = found
    else {
        return Ok(Err(NotMailed::Refused("the match is gone".into())));
    };
    let mut opponents: Vec<String> = Vec::new();
    for (id, name) in seat_ids.iter().zip(&seat_names) {
        if *id != parcel.user_id && !opponents.contains(name) {
            opponents.push(name.clone());
        }
    }
    let rank = if parcel.kind == "match_finished" {
        let rank: Option<Option<i16>> = match_seats::table
            .filter(match_seats::match_id.eq(match_id))
            .filter(match_seats::user_id.eq(parcel.user_id))
            .select(match_seats::rank)
            .order(match_seats::rank.asc().nulls_last())
            .first(&mut conn)
            .await
            .optional()?;
        rank.flatten().map(|r| (r, seat_count))
    } else {
        None
    };
    // The deadline the event told, else the match's.
    let told_deadline = parcel.payload["deadline"].as_str().and_then(|s| {
        OffsetDateTime::parse(s, &time::format_description::well_known::Rfc3339).ok()
    });
    Ok(Ok(Letter {
        to: email,
        username,
        language,
        delivery_id: parcel.delivery_id,
        body: LetterBody::Event(MatchLetter {
            kind: parcel.kind.clone(),
            match_id,
            game,
            opponents,
            by: parcel.payload["by"].as_str().map(str::to_owned),
            deadline: told_deadline.or(deadline),
            rank,
            unsubscribe_token: unsubscribe_token(services, parcel.user_id, &parcel.kind)?,
            unsubscribe_all_token: unsubscribe_token(services, parcel.user_id, "all")?,
        }),
    }))
}

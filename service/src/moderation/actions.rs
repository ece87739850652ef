//! What moderators do, and the log of it.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;

use super::checks::{require_moderator, short_text};
use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::matches::{Withdrawn, withdraw};
use crate::schema::{moderation_actions, reports, sessions, users};
use crate::services::Services;

/// The longest mute or suspension, in days (ten years: for good).
pub const MAX_DAYS: i64 = 3650;
/// The longest reason of an action.
const MAX_REASON_CHARS: usize = 500;

/// What a moderator does to a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// They cannot chat for `days` days.
    Mute,
    /// They cannot sign in, play or use a token for `days` days; their sessions end and they
    /// resign every match in play.
    Suspend,
    /// Told to mind their conduct; nothing else changes.
    Warn,
    /// A report (`report`) needs no action; the player is not told.
    Dismiss,
    /// A mute or a suspension is lifted.
    Reinstate,
}

named_values!(ActionKind {
    Mute => "mute",
    Suspend => "suspend",
    Warn => "warn",
    Dismiss => "dismiss",
    Reinstate => "reinstate",
});

impl ActionKind {
    /// The action a form chose (`moderation_action` when it chose none or no such action).
    pub fn chosen(name: &str) -> ServiceResult<ActionKind> {
        ActionKind::named(name)
            .ok_or_else(|| ServiceError::invalid("action", "moderation_action", "choose an action"))
    }

    pub(super) fn stored(name: &str) -> ServiceResult<ActionKind> {
        ActionKind::named(name)
            .ok_or_else(|| ServiceError::internal("a stored moderation action is unknown", name))
    }

    /// Whether the action lasts a number of days.
    fn lasts(self) -> bool {
        matches!(self, ActionKind::Mute | ActionKind::Suspend)
    }
}

/// An action, as a moderator asks for it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The player acted on.
    pub player: String,
    pub action: ActionKind,
    /// Why, in a few words (1 to 500 characters): kept in the log, and shown to the player.
    pub reason: String,
    /// How long a mute or a suspension lasts, in days (1 to 3650); nothing for the others.
    #[serde(default)]
    pub days: Option<i64>,
    /// The report the action answers (needed to dismiss one).
    #[serde(default)]
    pub report: Option<i64>,
}

/// An action taken, as the log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ActionRecord {
    pub id: i64,
    pub moderator: String,
    pub player: String,
    pub action: ActionKind,
    pub reason: String,
    /// The end of a mute or a suspension.
    #[serde(with = "time::serde::rfc3339::option")]
    pub until: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    /// The reports it closed.
    pub reports_closed: usize,
    /// For a suspension: the matches in play the player resigned, and the open ones called
    /// off.
    pub matches_resigned: usize,
    pub matches_called_off: usize,
}

/// An action checked before anything is read: the days of those that last, the reason.
struct Checked {
    action: ActionKind,
    reason: String,
    days: Option<i64>,
}

fn checked(request: &ActionRequest) -> ServiceResult<Checked> {
    let reason = short_text("reason", &request.reason, MAX_REASON_CHARS, true)?;
    let days = match (request.action.lasts(), request.days) {
        (true, Some(days)) if (1..=MAX_DAYS).contains(&days) => Some(days),
        (true, _) => {
            return Err(ServiceError::invalid(
                "days",
                "moderation_days",
                "a mute or a suspension lasts 1 to 3650 days",
            ));
        }
        (false, None) => None,
        (false, Some(_)) => {
            return Err(ServiceError::invalid(
                "days",
                "moderation_days_unused",
                "only a mute or a suspension lasts a number of days",
            ));
        }
    };
    if request.action == ActionKind::Dismiss && request.report.is_none() {
        return Err(ServiceError::invalid(
            "report",
            "moderation_dismiss_report",
            "say which report is dismissed",
        ));
    }
    Ok(Checked {
        action: request.action,
        reason,
        days,
    })
}

/// A moderator (`who`; `not_a_moderator` otherwise) acts on a player, in one transaction:
/// the player's row is locked, the action applied (see [`ActionKind`]), logged with who and
/// why, and it closes the report it answers (a dismissal) or every open report of the player
/// (the others). A computer player and oneself are not acted on.
pub async fn act(
    services: &Services,
    who: &Identity,
    request: ActionRequest,
) -> ServiceResult<ActionRecord> {
    let now = services.now();
    let mut conn = services.conn().await?;
    let who = who.clone();
    let record = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            require_moderator(conn, who.user_id).await?;
            let checked = checked(&request)?;
            let player = locked_player(conn, &request.player).await?;
            if player.user_id == who.user_id {
                return Err(ServiceError::invalid(
                    "player",
                    "moderation_self",
                    "a moderator does not act on their own account",
                ));
            }
            if let Some(report) = request.report {
                open_report_of(conn, report, &player).await?;
            }
            let until = checked.days.map(|days| now + Duration::days(days));
            let withdrawn = apply(conn, &player, checked.action, until, now).await?;
            let id: i64 = diesel::insert_into(moderation_actions::table)
                .values((
                    moderation_actions::moderator_id.eq(who.user_id),
                    moderation_actions::player_id.eq(player.user_id),
                    moderation_actions::action.eq(checked.action.as_str()),
                    moderation_actions::reason.eq(&checked.reason),
                    moderation_actions::until.eq(until),
                    moderation_actions::created_at.eq(now),
                    // A dismissal is not told to the player reported.
                    moderation_actions::seen_at
                        .eq((checked.action == ActionKind::Dismiss).then_some(now)),
                ))
                .returning(moderation_actions::id)
                .get_result(conn)
                .await?;
            let closing = reports::table
                .filter(reports::closed_by.is_null())
                .filter(reports::player_id.eq(player.user_id));
            let reports_closed = match (checked.action, request.report) {
                (ActionKind::Dismiss, Some(report)) => {
                    diesel::update(closing.filter(reports::id.eq(report)))
                        .set(reports::closed_by.eq(id))
                        .execute(conn)
                        .await?
                }
                _ => {
                    diesel::update(closing)
                        .set(reports::closed_by.eq(id))
                        .execute(conn)
                        .await?
                }
            };
            Ok(ActionRecord {
                id,
                moderator: who.username.clone(),
                player: player.username.clone(),
                action: checked.action,
                reason: checked.reason,
                until,
                at: now,
                reports_closed,
                matches_resigned: withdrawn.resigned,
                matches_called_off: withdrawn.called_off,
            })
        })
        .await?;
    tracing::info!(
        moderation.id = record.id,
        moderator = %record.moderator,
        player = %record.player,
        action = record.action.as_str(),
        "moderation action"
    );
    Ok(record)
}

/// The player named `username`, their row locked until commit; a computer player is refused.
async fn locked_player(conn: &mut AsyncPgConnection, username: &str) -> ServiceResult<Identity> {
    let found: Option<(uuid::Uuid, String, bool)> = users::table
        .filter(crate::identity::accounts::named(username))
        .select((users::id, users::username, users::is_bot))
        .for_no_key_update()
        .first(conn)
        .await
        .optional()?;
    let (user_id, username, is_bot) = found.ok_or(ServiceError::NotFound("user"))?;
    if is_bot {
        return Err(ServiceError::invalid(
            "player",
            "moderation_computer",
            "computer players are not moderated",
        ));
    }
    Ok(Identity {
        user_id,
        username,
        session_id: None,
        language: None,
        token: None,
    })
}

/// Refused unless report `id` is open and about `player` (404 otherwise).
async fn open_report_of(
    conn: &mut AsyncPgConnection,
    id: i64,
    player: &Identity,
) -> ServiceResult<()> {
    let open: Option<i64> = reports::table
        .find(id)
        .filter(reports::player_id.eq(player.user_id))
        .filter(reports::closed_by.is_null())
        .select(reports::id)
        .first(conn)
        .await
        .optional()?;
    open.map(|_| ()).ok_or(ServiceError::NotFound("report"))
}

/// Applies `action` to `player` (whose row is locked).
async fn apply(
    conn: &mut AsyncPgConnection,
    player: &Identity,
    action: ActionKind,
    until: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> ServiceResult<Withdrawn> {
    let row = users::table.find(player.user_id);
    match action {
        ActionKind::Mute => {
            diesel::update(row)
                .set(users::chat_muted_until.eq(until))
                .execute(conn)
                .await?;
        }
        ActionKind::Suspend => {
            diesel::update(row)
                .set(users::suspended_until.eq(until))
                .execute(conn)
                .await?;
            diesel::delete(sessions::table.filter(sessions::user_id.eq(player.user_id)))
                .execute(conn)
                .await?;
            return withdraw(conn, player, now).await;
        }
        ActionKind::Reinstate => {
            diesel::update(row)
                .set((
                    users::chat_muted_until.eq(None::<OffsetDateTime>),
                    users::suspended_until.eq(None::<OffsetDateTime>),
                ))
                .execute(conn)
                .await?;
        }
        ActionKind::Warn | ActionKind::Dismiss => {}
    }
    Ok(Withdrawn::default())
}

type LogRow = (
    i64,
    String,
    String,
    String,
    String,
    Option<OffsetDateTime>,
    OffsetDateTime,
);

/// The last 200 actions, newest first, of every moderator (or on the player named `player`),
/// for a moderator (`not_a_moderator` otherwise).
pub async fn log(
    services: &Services,
    who: &Identity,
    player: Option<&str>,
) -> ServiceResult<Vec<ActionRecord>> {
    let mut conn = services.conn().await?;
    require_moderator(&mut conn, who.user_id).await?;
    let (moderators, players) = diesel::alias!(users as moderators, users as players);
    let mut query = moderation_actions::table
        .inner_join(
            moderators.on(moderators
                .field(users::id)
                .eq(moderation_actions::moderator_id)),
        )
        .inner_join(players.on(players.field(users::id).eq(moderation_actions::player_id)))
        .order(moderation_actions::id.desc())
        .limit(200)
        .select((
            moderation_actions::id,
            moderators.field(users::username),
            players.field(users::username),
            moderation_actions::action,
            moderation_actions::reason,
            moderation_actions::until,
            moderation_actions::created_at,
        ))
        .into_boxed();
    if let Some(name) = player {
        let player = crate::identity::accounts::named_user(&mut conn, name).await?;
        query = query.filter(moderation_actions::player_id.eq(player.id));
    }
    let rows: Vec<LogRow> = query.load(&mut conn).await?;
    let mut records = Vec::with_capacity(rows.len());
    for (id, moderator, player, action, reason, until, at) in rows {
        records.push(ActionRecord {
            id,
            moderator,
            player,
            action: ActionKind::stored(&action)?,
            reason,
            until,
            at,
            reports_closed: 0,
            matches_resigned: 0,
            matches_called_off: 0,
        });
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(action: ActionKind, days: Option<i64>, report: Option<i64>) -> ActionRequest {
        ActionRequest {
            player: "bob".to_owned(),
            action,
            reason: "insults in chat".to_owned(),
            days,
            report,
        }
    }

    fn refused(request: ActionRequest) -> &'static str {
        match checked(&request) {
            Err(ServiceError::Validation { reason, .. }) => reason,
            Err(other) => panic!("{other:?}"),
            Ok(_) => panic!("accepted"),
        }
    }

    #[test]
    fn mutes_and_suspensions_last_days_the_others_none() {
        assert_eq!(
            checked(&request(ActionKind::Mute, Some(3), None))
                .unwrap()
                .days,
            Some(3)
        );
        assert_eq!(
            checked(&request(ActionKind::Suspend, Some(MAX_DAYS), None))
                .unwrap()
                .days,
            Some(MAX_DAYS)
        );
        assert_eq!(
            refused(request(ActionKind::Mute, None, None)),
            "moderation_days"
        );
        assert_eq!(
            refused(request(ActionKind::Suspend, Some(0), None)),
            "moderation_days"
        );
        assert_eq!(
            refused(request(ActionKind::Suspend, Some(MAX_DAYS + 1), None)),
            "moderation_days"
        );
        assert_eq!(
            refused(request(ActionKind::Warn, Some(2), None)),
            "moderation_days_unused"
        );
        assert!(checked(&request(ActionKind::Warn, None, None)).is_ok());
    }

    #[test]
    fn a_dismissal_names_its_report_and_every_action_says_why() {
        assert_eq!(
            refused(request(ActionKind::Dismiss, None, None)),
            "moderation_dismiss_report"
        );
        assert!(checked(&request(ActionKind::Dismiss, None, Some(4))).is_ok());
        let mut silent = request(ActionKind::Warn, None, None);
        silent.reason = "  ".to_owned();
        assert_eq!(refused(silent), "moderation_text_empty");
    }

    #[test]
    fn every_action_reads_back_from_its_name() {
        for action in ActionKind::ALL {
            assert_eq!(ActionKind::named(action.as_str()), Some(action));
        }
    }
}

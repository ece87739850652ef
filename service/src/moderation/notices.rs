//! What a player is told of the moderators' actions on their account.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::actions::ActionKind;
use crate::error::ServiceResult;
use crate::identity::caller::Identity;
use crate::schema::{moderation_actions, reports, users};
use crate::services::Services;

/// A moderator's action on the reader's account that they have not acknowledged yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Notice {
    pub id: i64,
    pub action: ActionKind,
    /// Why, in the moderator's words.
    pub reason: String,
    /// The end of a mute (or of a suspension, now lifted or over).
    #[serde(with = "time::serde::rfc3339::option")]
    pub until: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
}

/// The actions on `who`'s account they have not acknowledged, oldest first.
pub async fn notices(services: &Services, who: &Identity) -> ServiceResult<Vec<Notice>> {
    let mut conn = services.conn().await?;
    let rows: Vec<(i64, String, String, Option<OffsetDateTime>, OffsetDateTime)> =
        moderation_actions::table
            .filter(moderation_actions::player_id.eq(who.user_id))
            .filter(moderation_actions::seen_at.is_null())
            .order(moderation_actions::id.asc())
            .select((
                moderation_actions::id,
                moderation_actions::action,
                moderation_actions::reason,
                moderation_actions::until,
                moderation_actions::created_at,
            ))
            .load(&mut conn)
            .await?;
    rows.into_iter()
        .map(|(id, action, reason, until, at)| {
            Ok(Notice {
                id,
                action: ActionKind::stored(&action)?,
                reason,
                until,
                at,
            })
        })
        .collect()
}

/// `who` has read their notices up to `last` (the id of the last one shown): they are not
/// shown again; one that came since stays.
pub async fn acknowledge(services: &Services, who: &Identity, last: i64) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    diesel::update(
        moderation_actions::table
            .filter(moderation_actions::player_id.eq(who.user_id))
            .filter(moderation_actions::seen_at.is_null())
            .filter(moderation_actions::id.le(last)),
    )
    .set(moderation_actions::seen_at.eq(services.now()))
    .execute(&mut conn)
    .await?;
    Ok(())
}

/// What the home page shows a player of moderation: their notices, and for a moderator the
/// number of open reports.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Standing {
    pub notices: Vec<Notice>,
    /// `Some(open reports)` for a moderator.
    pub moderating: Option<i64>,
}

/// `who`'s [`Standing`].
pub async fn standing(services: &Services, who: &Identity) -> ServiceResult<Standing> {
    let notices = notices(services, who).await?;
    let mut conn = services.conn().await?;
    let open = reports::table
        .filter(reports::closed_by.is_null())
        .count()
        .single_value();
    let found: Option<(bool, Option<i64>)> = users::table
        .find(who.user_id)
        .select((users::moderator, open))
        .first(&mut conn)
        .await
        .optional()?;
    Ok(Standing {
        notices,
        moderating: match found {
            Some((true, open)) => Some(open.unwrap_or(0)),
            _ => None,
        },
    })
}

//! Reports and moderation (`docs/moderation.md`).
//!
//! - **Reports** (`reports`): any player reports another player, or one of their chat
//!   messages that they could read, for a reason (abuse, spam, cheating, stalling, other)
//!   with a short text; a few a day per reporter, one open report per reporter and target.
//! - **Moderators** (`actions`): accounts marked on the command line (`tapis admin
//!   grant-moderator NAME`, [`grant`]), never through the API. They read the open reports
//!   with the messages around a reported one, and act on a player: *mute* their chat for a
//!   number of days, *suspend* them for a number of days (they cannot sign in, play or use a
//!   token: their sessions end, and they resign every match in play, see
//!   `crate::matches::withdraw`), *warn* them, *dismiss* a report, or *reinstate* them (lift
//!   a mute or a suspension). Every action is kept with who took it and why, and closes the
//!   reports it answers.
//! - **Notices** (`notices`): a player reads the actions that concern them (a dismissal
//!   excepted) until they acknowledge them; a suspended player is told at sign-in and by every
//!   refused request (403 `account_suspended`, with its end).
//!
//! Where the states are checked: a suspension in the statement that confirms every caller
//! (`identity::credentials`: each write path and each read of an account), and at sign-in;
//! a mute in the statement that reads a chat's author (`chat::post`).

mod actions;
mod checks;
mod notices;
mod reports;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

pub use actions::{ActionKind, ActionRecord, ActionRequest, MAX_DAYS, act, log};
pub use notices::{Notice, Standing, acknowledge, notices, standing};
pub use reports::{
    MAX_DETAILS_CHARS, OpenReport, REPORTS_PER_DAY, ReportReason, ReportRequest, Reported,
    ReportedMessage, open_reports, report,
};

use self::checks::require_moderator;
use crate::DbPool;
use crate::error::ServiceResult;
use crate::identity::accounts::named_user;
use crate::schema::users;
use crate::services::Services;

/// Whether `user_id` is a moderator (the pages show them the way to the moderation page).
pub async fn is_moderator(services: &Services, user_id: Uuid) -> ServiceResult<bool> {
    let mut conn = services.conn().await?;
    Ok(require_moderator(&mut conn, user_id).await.is_ok())
}

/// Makes the player named `username` a moderator, or no longer one (`moderator` false): the
/// command line's `tapis admin grant-moderator` and `revoke-moderator`, never the API.
pub async fn grant(pool: &DbPool, username: &str, moderator: bool) -> ServiceResult<()> {
    let mut conn = pool.get().await?;
    let user = named_user(&mut conn, username).await?;
    diesel::update(users::table.find(user.id))
        .set(users::moderator.eq(moderator))
        .execute(&mut conn)
        .await?;
    tracing::info!(user.id = %user.id, moderator, "moderator role changed");
    Ok(())
}

//! Locking an account's row: what counts an account's things before adding one takes it.
//! A leaf: the accounts, the notification settings, the webhooks and the matches use it
//! without using each other.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::error::ServiceResult;
use crate::schema::users;

/// Locks the row of account `user_id` for the transaction: what counts an account's things
/// before adding one (matches, webhooks, mails) takes it, so that two requests at once count
/// one after the other.
pub(crate) async fn lock_account(conn: &mut AsyncPgConnection, user_id: Uuid) -> ServiceResult<()> {
    users::table
        .find(user_id)
        .select(users::id)
        .for_update()
        .first::<Uuid>(conn)
        .await?;
    Ok(())
}

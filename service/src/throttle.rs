//! Sign-in rate limiting, per account and per address, kept in PostgreSQL so that every
//! server process sees the same counts.

use diesel::sql_types::{BigInt, Integer, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::{ServiceError, ServiceResult};

/// How many failed sign-ins are allowed in a window before further attempts are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInLimits {
    pub per_account: i32,
    pub per_address: i32,
    pub window_secs: i64,
}

impl Default for SignInLimits {
    fn default() -> Self {
        SignInLimits {
            per_account: 5,
            per_address: 30,
            window_secs: 15 * 60,
        }
    }
}

#[derive(diesel::QueryableByName)]
struct Blocked {
    #[diesel(sql_type = BigInt)]
    retry_after: i64,
}

/// Refuses the attempt if any key has used up its failures in the current window.
pub(crate) async fn check(
    conn: &mut AsyncPgConnection,
    keys: &[(String, i32)],
    limits: SignInLimits,
) -> ServiceResult<()> {
    for (key, limit) in keys {
        let blocked: Vec<Blocked> = diesel::sql_query(
            "SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM \
                 (window_start + make_interval(secs => $2) - now()))))::bigint AS retry_after \
             FROM sign_in_throttle \
             WHERE key = $1 AND failures >= $3 \
               AND window_start + make_interval(secs => $2) > now()",
        )
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(limits.window_secs)
        .bind::<Integer, _>(*limit)
        .load(conn)
        .await?;
        if let Some(blocked) = blocked.into_iter().next() {
            return Err(ServiceError::RateLimited {
                retry_after_secs: u64::try_from(blocked.retry_after).unwrap_or(1),
            });
        }
    }
    Ok(())
}

/// Counts one failure against each key, starting a new window when the old one has passed.
pub(crate) async fn record_failure(
    conn: &mut AsyncPgConnection,
    keys: &[(String, i32)],
    limits: SignInLimits,
) -> ServiceResult<()> {
    for (key, _) in keys {
        diesel::sql_query(
            "INSERT INTO sign_in_throttle (key, window_start, failures) VALUES ($1, now(), 1) \
             ON CONFLICT (key) DO UPDATE SET \
               failures = CASE WHEN sign_in_throttle.window_start + make_interval(secs => $2) <= now() \
                          THEN 1 ELSE sign_in_throttle.failures + 1 END, \
               window_start = CASE WHEN sign_in_throttle.window_start + make_interval(secs => $2) <= now() \
                          THEN now() ELSE sign_in_throttle.window_start END",
        )
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(limits.window_secs)
        .execute(conn)
        .await?;
    }
    Ok(())
}

/// Forgets the failures of `key` (after a successful sign-in).
pub(crate) async fn clear(conn: &mut AsyncPgConnection, key: &str) -> ServiceResult<()> {
    diesel::sql_query("DELETE FROM sign_in_throttle WHERE key = $1")
        .bind::<Text, _>(key)
        .execute(conn)
        .await?;
    Ok(())
}

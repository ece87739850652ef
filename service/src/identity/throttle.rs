//! Sign-in throttling: an exponential delay per key, kept in PostgreSQL so that every server
//! process sees the same counts.
//!
//! Each attempt is reserved *before* its password is checked, by one statement that counts it
//! under every key of the attempt and refuses it when any key is still waiting out a delay.
//! So a burst of concurrent guesses can never check more passwords than the keys allow. A key
//! may make `free_attempts` attempts; from then on, every further attempt has to wait twice as
//! long as the one before (`first_delay_secs`: 1 s, 2 s, 4 s... up to `max_delay_secs`). A success forgets the
//! keys of the attempt that belong to the owner (the known device, or the account and address
//! pair) and gives back the attempt it reserved under the wider keys; a key that has been
//! quiet for `forget_after_secs` starts again from zero.
//!
//! The keys of an attempt (`docs/security.md` explains the choice):
//! - from a browser that signed in to this account before (its device cookie): that device
//!   alone, so that an attacker elsewhere can never slow the owner down;
//! - otherwise the account and address pair, the account, and the address.

use diesel::sql_types::{Array, BigInt, Integer, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::error::{ServiceError, ServiceResult};

/// How many attempts each kind of key may make before delays start, and how delays grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInLimits {
    /// Attempts from one known device, or on one account from one address.
    pub per_pair: i32,
    /// Attempts on one account from devices it does not know, from every address.
    pub per_account: i32,
    /// Attempts from one address, on every account.
    pub per_address: i32,
    /// The first delay, once a key has made its free attempts; each further attempt doubles it.
    pub first_delay_secs: i64,
    /// The longest delay between two attempts under one key.
    pub max_delay_secs: i64,
    /// A key that made no attempt for this long starts again from zero.
    pub forget_after_secs: i64,
}

impl Default for SignInLimits {
    fn default() -> Self {
        SignInLimits {
            per_pair: 5,
            per_account: 20,
            per_address: 100,
            first_delay_secs: 1,
            max_delay_secs: 15 * 60,
            forget_after_secs: 24 * 60 * 60,
        }
    }
}

/// A throttle key with the attempts it may make before delays start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    pub(crate) name: String,
    pub(crate) free_attempts: i32,
    /// A success forgets this key altogether (else it only gives its attempt back).
    pub(crate) owned: bool,
}

/// The keys of one sign-in attempt. `account` must already be a valid username (so keys stay
/// short); `address` is the client's IP address; `device` the id of a device cookie that this
/// account issued.
pub(crate) fn keys_of(
    limits: &SignInLimits,
    account: &str,
    address: Option<&str>,
    device: Option<&str>,
) -> Vec<Key> {
    let account = account.to_lowercase();
    if let Some(device) = device {
        return vec![Key {
            name: format!("device:{device}"),
            free_attempts: limits.per_pair,
            owned: true,
        }];
    }
    let mut keys = vec![Key {
        name: format!("account:{account}"),
        free_attempts: limits.per_account,
        owned: false,
    }];
    if let Some(address) = address {
        keys.push(Key {
            name: format!("pair:{account}@{address}"),
            free_attempts: limits.per_pair,
            owned: true,
        });
        keys.push(Key {
            name: format!("address:{address}"),
            free_attempts: limits.per_address,
            owned: false,
        });
    }
    keys
}

/// The key of a sign-up from `address`: it may make `free` sign-ups before delays start.
pub(crate) fn sign_up_key(address: &str, free: i32) -> Key {
    Key {
        name: format!("sign-up:{address}"),
        free_attempts: free,
        owned: false,
    }
}

#[derive(diesel::QueryableByName)]
struct Reservation {
    #[diesel(sql_type = BigInt)]
    reserved: i64,
    #[diesel(sql_type = BigInt)]
    retry_after: i64,
}

/// Reserves one attempt under every key, or refuses it (429 with the wait) when a key is
/// waiting out a delay. A key still within its free attempts never holds one back, whatever
/// time a concurrent attempt wrote (each transaction has its own `now()`): concurrent attempts
/// within the free ones all pass. One statement: concurrent attempts are serialised on each key's row,
/// whose condition is checked again on the row as the previous attempt left it.
pub(crate) async fn reserve(
    conn: &mut AsyncPgConnection,
    keys: &[Key],
    limits: SignInLimits,
) -> ServiceResult<()> {
    let names: Vec<&str> = keys.iter().map(|k| k.name.as_str()).collect();
    let free: Vec<i32> = keys.iter().map(|k| k.free_attempts).collect();
    let found: Reservation = diesel::sql_query(
        "WITH keys AS (SELECT * FROM unnest($1::text[], $2::int[]) AS k(key, free)), \
         blocked AS ( \
             SELECT t.blocked_until FROM sign_in_throttle t JOIN keys USING (key) \
             WHERE t.blocked_until > now() AND t.failures >= t.free_attempts \
               AND t.last_failure_at > now() - make_interval(secs => $3)), \
         reserved AS ( \
             INSERT INTO sign_in_throttle AS t \
                 (key, failures, free_attempts, last_failure_at, blocked_until) \
             SELECT key, 1, free, now(), \
                    now() + CASE WHEN 1 >= free THEN make_interval(secs => $5) \
                                 ELSE make_interval() END \
             FROM keys WHERE NOT EXISTS (SELECT 1 FROM blocked) \
             ON CONFLICT (key) DO UPDATE SET \
                 failures = CASE WHEN t.last_failure_at <= now() - make_interval(secs => $3) \
                                 THEN 1 ELSE t.failures + 1 END, \
                 free_attempts = EXCLUDED.free_attempts, \
                 last_failure_at = now(), \
                 blocked_until = now() + CASE \
                     WHEN t.last_failure_at <= now() - make_interval(secs => $3) \
                       OR t.failures + 1 < EXCLUDED.free_attempts THEN make_interval() \
                     ELSE make_interval(secs => LEAST($4::float8, $5 * \
                         power(2, LEAST(t.failures + 1 - EXCLUDED.free_attempts, 30)))) END \
             WHERE t.blocked_until <= now() OR t.failures < t.free_attempts \
                OR t.last_failure_at <= now() - make_interval(secs => $3) \
             RETURNING t.key) \
         SELECT (SELECT count(*) FROM reserved) AS reserved, \
                COALESCE((SELECT CEIL(EXTRACT(EPOCH FROM max(blocked_until) - now())) \
                          FROM blocked), 1)::bigint AS retry_after",
    )
    .bind::<Array<Text>, _>(names)
    .bind::<Array<Integer>, _>(free)
    .bind::<BigInt, _>(limits.forget_after_secs)
    .bind::<BigInt, _>(limits.max_delay_secs)
    .bind::<BigInt, _>(limits.first_delay_secs)
    .get_result(conn)
    .await?;
    if usize::try_from(found.reserved).ok() == Some(keys.len()) {
        return Ok(());
    }
    // Either a key was waiting, or a concurrent attempt took a key's last free slot between
    // this statement's snapshot and its write: in both cases, wait.
    Err(ServiceError::RateLimited {
        retry_after_secs: found.retry_after.max(1).unsigned_abs(),
    })
}

/// After a successful sign-in: forgets the owner's keys, and gives back the attempt reserved
/// under the others.
pub(crate) async fn succeeded(conn: &mut AsyncPgConnection, keys: &[Key]) -> ServiceResult<()> {
    let owned: Vec<&str> = keys
        .iter()
        .filter(|k| k.owned)
        .map(|k| k.name.as_str())
        .collect();
    let shared: Vec<&str> = keys
        .iter()
        .filter(|k| !k.owned)
        .map(|k| k.name.as_str())
        .collect();
    diesel::sql_query(
        "WITH forgotten AS (DELETE FROM sign_in_throttle WHERE key = ANY($1)) \
         UPDATE sign_in_throttle SET failures = GREATEST(failures - 1, 0), \
             blocked_until = CASE WHEN failures - 1 < free_attempts THEN now() \
                                  ELSE blocked_until END \
         WHERE key = ANY($2)",
    )
    .bind::<Array<Text>, _>(owned)
    .bind::<Array<Text>, _>(shared)
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_device_is_its_own_key() {
        let keys = keys_of(
            &SignInLimits::default(),
            "Ana",
            Some("10.0.0.1"),
            Some("d1"),
        );
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0].name, "device:d1");
        assert!(keys[0].owned);
    }

    #[test]
    fn an_unknown_device_counts_against_the_pair_the_account_and_the_address() {
        let limits = SignInLimits::default();
        let keys = keys_of(&limits, "Ana", Some("10.0.0.1"), None);
        let names: Vec<&str> = keys.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(
            names,
            ["account:ana", "pair:ana@10.0.0.1", "address:10.0.0.1"]
        );
        assert_eq!(keys[1].free_attempts, limits.per_pair);
        assert!(!keys[0].owned && keys[1].owned && !keys[2].owned);
    }
}

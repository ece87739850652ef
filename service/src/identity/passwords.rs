//! Passwords: what a new one must be, and argon2id hashing, always off the async threads.

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::error::{ServiceError, ServiceResult};
use crate::secrets::random_bytes;

/// The longest password accepted (at sign-up, and so the longest worth checking at sign-in).
pub const MAX_PASSWORD_CHARS: usize = 128;

/// A password acceptable for a new account: 8 to 128 characters.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

impl Password {
    pub fn parse(field: &'static str, raw: &str) -> ServiceResult<Password> {
        if !(8..=128).contains(&raw.chars().count()) {
            return Err(ServiceError::invalid(
                field,
                "password_length",
                "must be 8 to 128 characters",
            ));
        }
        Ok(Password(raw.to_owned()))
    }
}

/// Cost of the argon2id password hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordHashing {
    /// Memory in KiB (production: at least 19 MiB).
    pub memory_kib: u32,
    /// Number of passes (production: at least 2).
    pub iterations: u32,
}

impl PasswordHashing {
    /// The production setting: 19 MiB, 2 passes, 1 lane (OWASP's argon2id baseline).
    pub const PRODUCTION: PasswordHashing = PasswordHashing {
        memory_kib: 19 * 1024,
        iterations: 2,
    };
    /// A cheap setting for tests only.
    pub const TESTING: PasswordHashing = PasswordHashing {
        memory_kib: 64,
        iterations: 1,
    };
}

/// Hashes and verifies passwords with one fixed cost, in two lanes of bounded width: new
/// hashes (sign-up, a new password) and checks (sign-in, the current password). Each lane runs
/// at most half the machine's cores at once (at least one), and the rest of its work waits
/// its turn in that lane: a burst of sign-ups can neither take every core nor make a sign-in
/// wait behind it, and the other way round (`docs/limits.md`).
pub(crate) struct Hasher {
    params: Params,
    /// Room for new hashes being worked out.
    hashing: Semaphore,
    /// Room for checks being worked out.
    checking: Semaphore,
    /// A real hash of a random password: verifying against it when a username does not exist
    /// costs the same as a real check, so timing does not reveal which usernames exist.
    dummy_hash: String,
}

impl Hasher {
    pub(crate) async fn new(cost: PasswordHashing) -> ServiceResult<Hasher> {
        let params = Params::new(cost.memory_kib, cost.iterations, 1, None)
            .map_err(|e| ServiceError::internal("bad argon2 parameters", e))?;
        let secret: [u8; 24] = random_bytes()?;
        let dummy_hash = hash_blocking(params.clone(), hex::encode(secret)).await?;
        let width = lane_width(std::thread::available_parallelism().map_or(1, usize::from));
        Ok(Hasher {
            params,
            hashing: Semaphore::new(width),
            checking: Semaphore::new(width),
            dummy_hash,
        })
    }

    /// The PHC string of `password`.
    pub(crate) async fn hash(&self, password: &Password) -> ServiceResult<String> {
        let _room = self
            .hashing
            .acquire()
            .await
            .map_err(|e| ServiceError::internal("the hashing lane is closed", e))?;
        hash_blocking(self.params.clone(), password.0.clone()).await
    }

    /// Whether `password` matches `hash`; with `None`, does the same work and answers `false`.
    pub(crate) async fn verify(&self, password: &str, hash: Option<&str>) -> ServiceResult<bool> {
        let (hash, real) = match hash {
            Some(hash) => (hash.to_owned(), true),
            None => (self.dummy_hash.clone(), false),
        };
        let password = password.to_owned();
        let _room = self
            .checking
            .acquire()
            .await
            .map_err(|e| ServiceError::internal("the checking lane is closed", e))?;
        let matches = tokio::task::spawn_blocking(move || {
            Argon2::default()
                .verify_password(password.as_bytes(), hash.as_str())
                .is_ok()
        })
        .await
        .map_err(|e| ServiceError::internal("password check task failed", e))?;
        Ok(matches && real)
    }
}

/// How many passwords one lane works on at once, on a machine of `cores` cores: half of them,
/// at least one.
fn lane_width(cores: usize) -> usize {
    (cores / 2).max(1)
}

async fn hash_blocking(params: Params, password: String) -> ServiceResult<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
    })
    .await
    .map_err(|e| ServiceError::internal("password hash task failed", e))?
    .map_err(|e| ServiceError::internal("password hashing failed", e))
}

#[cfg(test)]
mod tests {
    use futures_util::FutureExt;

    use super::*;

    #[test]
    fn a_lane_is_half_the_cores_and_never_empty() {
        assert_eq!(lane_width(1), 1);
        assert_eq!(lane_width(2), 1);
        assert_eq!(lane_width(16), 8);
    }

    /// A sign-up burst holding every place of the hashing lane does not hold back a sign-in:
    /// its check runs in the other lane, while a new hash waits for room.
    #[tokio::test]
    async fn checks_never_wait_behind_new_hashes() {
        let hasher = Hasher::new(PasswordHashing::TESTING).await.unwrap();
        let Ok(password) = Password::parse("password", "correct horse") else {
            panic!("a valid password");
        };
        let stored = hasher.hash(&password).await.unwrap();
        let width = u32::try_from(hasher.hashing.available_permits()).unwrap();
        let burst = hasher.hashing.acquire_many(width).await.unwrap();
        let mut waiting = Box::pin(hasher.hash(&password));
        // The new hash cannot start while the lane is full...
        assert!(waiting.as_mut().now_or_never().is_none());
        // ...and the check goes through meanwhile.
        assert!(hasher.verify("correct horse", Some(&stored)).await.unwrap());
        assert!(waiting.as_mut().now_or_never().is_none());
        drop(burst);
        assert!(waiting.await.is_ok());
    }
}

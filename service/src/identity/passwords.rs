//! Passwords: what a new one must be, and argon2id hashing, always off the async threads.

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

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

/// Hashes and verifies passwords with one fixed cost.
pub(crate) struct Hasher {
    params: Params,
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
        Ok(Hasher { params, dummy_hash })
    }

    /// The PHC string of `password`.
    pub(crate) async fn hash(&self, password: &Password) -> ServiceResult<String> {
        hash_blocking(self.params.clone(), password.0.clone()).await
    }

    /// Whether `password` matches `hash`; with `None`, does the same work and answers `false`.
    pub(crate) async fn verify(&self, password: &str, hash: Option<&str>) -> ServiceResult<bool> {
        let (hash, real) = match hash {
            Some(hash) => (hash.to_owned(), true),
            None => (self.dummy_hash.clone(), false),
        };
        let password = password.to_owned();
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

//! argon2id password hashing, always off the async threads.

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::{PasswordHashing, ServiceError, ServiceResult};

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
        let mut secret = [0u8; 24];
        getrandom::fill(&mut secret).map_err(|e| ServiceError::internal("no OS randomness", e))?;
        let dummy_hash = hash_blocking(params.clone(), hex::encode(secret)).await?;
        Ok(Hasher { params, dummy_hash })
    }

    /// The PHC string of `password`.
    pub(crate) async fn hash(&self, password: &str) -> ServiceResult<String> {
        hash_blocking(self.params.clone(), password.to_owned()).await
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

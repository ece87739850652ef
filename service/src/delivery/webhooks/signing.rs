//! The secret of a webhook and the signature of its deliveries (`Tapis-Signature`), which the
//! receiver checks with the same secret (docs/webhooks.md).

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::error::{ServiceError, ServiceResult};
use crate::secrets::random_bytes;

/// 32 random bytes, in hexadecimal.
pub(super) fn new_secret() -> ServiceResult<String> {
    Ok(hex::encode(random_bytes::<32>()?))
}

/// The `v1` signature of a delivery: hex HMAC-SHA256 of `"<t>.<body>"` under the secret.
pub fn signature(secret: &str, timestamp: i64, body: &[u8]) -> ServiceResult<String> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes())
        .map_err(|e| ServiceError::internal("HMAC key refused", e))?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Ok(hex::encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_hmac_sha256_of_the_time_a_dot_and_the_body() {
        // Computed independently, with Python's hmac module.
        assert_eq!(
            signature("key", 1_700_000_000, br#"{"a":1}"#)
                .ok()
                .as_deref(),
            Some("a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03")
        );
    }
}

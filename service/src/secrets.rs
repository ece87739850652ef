//! Secrets made here: random bytes from the operating system, and MACs keyed by the
//! deployment's secret for one purpose each (device tokens, mail links), so that no purpose's
//! tag passes for another's, nor for a session token's signature.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::error::{ServiceError, ServiceResult};

/// `N` random bytes from the operating system.
pub(crate) fn random_bytes<const N: usize>() -> ServiceResult<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| ServiceError::internal("no OS randomness", e))?;
    Ok(bytes)
}

/// An HMAC-SHA256 keyed by the deployment's `secret`, that has read `purpose` (a label ending
/// in `\0`) first.
pub(crate) fn keyed_mac(secret: &[u8], purpose: &[u8]) -> ServiceResult<Hmac<Sha256>> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret)
        .map_err(|e| ServiceError::internal("the deployment's secret is refused as a key", e))?;
    mac.update(purpose);
    Ok(mac)
}

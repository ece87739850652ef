//! Known devices: a browser that signed in gets a device token (a random id and its HMAC under
//! the deployment's secret, bound to the account), which the sign-in throttle uses to tell the
//! owner from an attacker (`super::throttle`).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::error::ServiceResult;
use crate::secrets::{keyed_mac, random_bytes};
use crate::services::Services;

/// The longest device token looked at (longer ones are ignored without work).
const MAX_DEVICE_TOKEN_LEN: usize = 100;

fn device_mac(services: &Services, account: &str, id: &str) -> ServiceResult<Hmac<Sha256>> {
    let mut mac = keyed_mac(&services.settings().jwt_secret, b"tapis device\0")?;
    mac.update(account.to_lowercase().as_bytes());
    mac.update(b"\0");
    mac.update(id.as_bytes());
    Ok(mac)
}

/// A new device token for a browser that just signed in to `account`.
pub(crate) fn issue(services: &Services, account: &str) -> ServiceResult<String> {
    let id = URL_SAFE_NO_PAD.encode(random_bytes::<16>()?);
    let tag = device_mac(services, account, &id)?.finalize().into_bytes();
    Ok(format!("{id}.{}", URL_SAFE_NO_PAD.encode(tag)))
}

/// The device id of `token` if this server issued it for `account`; anything else is no
/// device at all.
pub(crate) fn known(services: &Services, account: &str, token: &str) -> Option<String> {
    if token.len() > MAX_DEVICE_TOKEN_LEN {
        return None;
    }
    let (id, tag) = token.split_once('.')?;
    let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
    let mac = device_mac(services, account, id).ok()?;
    mac.verify_slice(&tag).ok()?;
    Some(id.to_owned())
}

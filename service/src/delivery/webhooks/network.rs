//! What a webhook may reach: the URL rules (a parsable absolute `https` URL without
//! credentials; `http` to this machine in development only), public addresses only (a defence
//! against server-side request forgery), checked when a webhook is registered and, through the
//! client's resolver ([`PublicOnly`]), at every connection; and the TLS provider of the
//! process's HTTP clients.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use crate::error::{ServiceError, ServiceResult};

/// The longest URL accepted.
pub const MAX_URL_CHARS: usize = 2000;

/// How long a name may take to resolve.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

fn refused(why: impl Into<String>) -> ServiceError {
    ServiceError::WebhookUrlRefused(why.into())
}

/// Whether `host` names this machine (`localhost`, `127.0.0.1`, `[::1]`...).
fn is_loopback_host(host: &url::Host<&str>) -> bool {
    match host {
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        url::Host::Ipv4(ip) => ip.is_loopback(),
        url::Host::Ipv6(ip) => ip.is_loopback(),
    }
}

/// The rules that need no network: a parsable absolute URL, no credentials, and the scheme
/// the environment allows (`https`; `http` to this machine only where local calls are allowed).
pub(super) fn check_url_form(raw: &str, allow_local: bool) -> ServiceResult<url::Url> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(ServiceError::invalid(
            "url",
            "url_missing",
            "give the URL to call",
        ));
    }
    if raw.chars().count() > MAX_URL_CHARS {
        return Err(ServiceError::invalid(
            "url",
            "url_length",
            format!("use at most {MAX_URL_CHARS} characters"),
        ));
    }
    let url = url::Url::parse(raw).map_err(|e| {
        ServiceError::invalid("url", "url_format", format!("not an absolute URL: {e}"))
    })?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refused(
            "a webhook URL must not hold a user name or password: check the deliveries' signature instead",
        ));
    }
    let Some(host) = url.host() else {
        return Err(refused("the URL has no host"));
    };
    match url.scheme() {
        "https" => {}
        "http" if allow_local && is_loopback_host(&host) => {}
        "http" if allow_local => {
            return Err(refused(
                "only https URLs are accepted (http only to 127.0.0.1 or localhost, in development)",
            ));
        }
        "http" => return Err(refused("only https URLs are accepted")),
        other => {
            return Err(refused(format!(
                "only https URLs are accepted, not `{}:`",
                other.chars().take(20).collect::<String>()
            )));
        }
    }
    Ok(url)
}

/// Checks a URL a player gives: its form, then, unless local calls are allowed
/// (development), that its host is or resolves only to public addresses.
pub async fn check_url(raw: &str, allow_local: bool) -> ServiceResult<url::Url> {
    let url = check_url_form(raw, allow_local)?;
    if !allow_local {
        let host = url
            .host_str()
            .ok_or_else(|| refused("the URL has no host"))?;
        match literal_ip(&url) {
            Some(ip) => {
                public_ip(host, ip).map_err(|e| refused(e.to_string()))?;
            }
            None => {
                resolve_public(host)
                    .await
                    .map_err(|e| refused(e.to_string()))?;
            }
        }
    }
    Ok(url)
}

/// The address a URL names literally (`https://203.0.113.9/`, `https://[2001:db8::1]/`),
/// rather than by a name to resolve.
pub(super) fn literal_ip(url: &url::Url) -> Option<IpAddr> {
    match url.host() {
        Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
        _ => None,
    }
}

/// Why an address may not be called.
#[derive(Debug, thiserror::Error)]
pub enum AddressRefusal {
    #[error("{}", non_public(host, ip))]
    NonPublic { host: String, ip: IpAddr },
    #[error("{host} could not be resolved: {why}")]
    Unresolved { host: String, why: String },
}

fn non_public(host: &str, ip: &IpAddr) -> String {
    if host.trim_start_matches('[').trim_end_matches(']') == ip.to_string() {
        format!("{ip} is not a public address")
    } else {
        format!("{host} is {ip}, which is not a public address")
    }
}

pub(super) fn public_ip(host: &str, ip: IpAddr) -> Result<IpAddr, AddressRefusal> {
    if is_public(ip) {
        Ok(ip)
    } else {
        Err(AddressRefusal::NonPublic {
            host: host.to_owned(),
            ip,
        })
    }
}

/// The addresses of `host`, if every one is public.
pub async fn resolve_public(host: &str) -> Result<Vec<SocketAddr>, AddressRefusal> {
    let unresolved = |why: String| AddressRefusal::Unresolved {
        host: host.chars().take(100).collect(),
        why,
    };
    let found = tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((host, 0)))
        .await
        .map_err(|_| unresolved("no answer in time".to_owned()))?
        .map_err(|e| unresolved(e.to_string()))?;
    let addresses: Vec<SocketAddr> = found.collect();
    if addresses.is_empty() {
        return Err(unresolved("no address".to_owned()));
    }
    // One non-public address is enough to refuse: a client may pick any of them.
    for address in &addresses {
        public_ip(host, address.ip())?;
    }
    Ok(addresses)
}

/// Whether `ip` is an address of the public internet: not unspecified, loopback, private,
/// link-local, shared (CGNAT), multicast, broadcast, reserved, documentation or benchmarking;
/// for IPv6, only global unicast (`2000::/3`), no IETF protocol assignment nor documentation
/// prefix, and no form that embeds an IPv4 address ([`EMBEDS_IPV4`]).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_public_v4(ip),
        IpAddr::V6(ip) => is_public_v6(ip),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0                                    // "this network", unspecified
        || a == 10                              // private
        || a == 127                             // loopback
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 169 && b == 254)               // link-local (cloud metadata)
        || (a == 172 && (16..32).contains(&b))  // private
        || (a == 192 && b == 0 && c == 0)       // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2)       // documentation
        || (a == 192 && b == 88 && c == 99)     // 6to4 relay anycast
        || (a == 192 && b == 168)               // private
        || (a == 198 && (18..20).contains(&b))  // benchmarking
        || (a == 198 && b == 51 && c == 100)    // documentation
        || (a == 203 && b == 0 && c == 113)     // documentation
        || a >= 224) // multicast, reserved, broadcast
}

/// An IPv6 prefix: its address bits and its length.
type Prefix = (u128, u32);

/// Whether `ip` lies in `prefix`.
fn in_prefix(ip: Ipv6Addr, (bits, len): Prefix) -> bool {
    let mask = u128::MAX.checked_shl(128 - len).unwrap_or(0);
    u128::from(ip) & mask == bits & mask
}

/// The IPv6 forms that carry an IPv4 address. A connection to one may end at that IPv4
/// address (through this host's own stack, a NAT64 gateway, a 6to4 or Teredo relay), where the
/// IPv6 rules no longer apply: every one is refused, whatever IPv4 address it carries (a public
/// one can be given as it is).
pub(super) const EMBEDS_IPV4: [(&str, Prefix); 7] = [
    // ::ffff:a.b.c.d
    ("IPv4-mapped", (0xffff_0000_0000, 96)),
    // ::ffff:0:a.b.c.d
    ("IPv4-translated", (0xffff_0000_0000_0000, 96)),
    // ::a.b.c.d (deprecated; holds :: and ::1 too)
    ("IPv4-compatible", (0, 96)),
    // 64:ff9b::a.b.c.d
    ("NAT64 well-known prefix", (0x0064_ff9b << 96, 96)),
    // 64:ff9b:1::/48, the IPv4 address where the local translator puts it
    ("NAT64 local-use prefix", (0x0064_ff9b_0001 << 80, 48)),
    // 2002:aabb:ccdd::/48 for a.b.c.d
    ("6to4", (0x2002 << 112, 16)),
    // 2001:0:server::~client
    ("Teredo", (0x2001_0000 << 96, 32)),
];

/// The global unicast space: every public IPv6 address lies in it.
const GLOBAL_UNICAST: Prefix = (0x2000 << 112, 3);

/// Prefixes of the global unicast space that are not public addresses.
const NOT_PUBLIC_V6: [Prefix; 3] = [
    // IETF protocol assignments (Teredo, benchmarking, ORCHID...)
    (0x2001 << 112, 23),
    // documentation
    (0x2001_0db8 << 96, 32),
    // documentation (RFC 9637)
    (0x3fff << 112, 20),
];

fn is_public_v6(ip: Ipv6Addr) -> bool {
    // Outside 2000::/3 lie the unspecified and loopback addresses, the IPv4-embedding forms
    // under ::/8 and 64:ff9b::/32, discard-only, unique-local, link-local, site-local and
    // multicast addresses: none is public.
    in_prefix(ip, GLOBAL_UNICAST)
        && !EMBEDS_IPV4.iter().any(|(_, prefix)| in_prefix(ip, *prefix))
        && !NOT_PUBLIC_V6.iter().any(|prefix| in_prefix(ip, *prefix))
}

/// A resolver for the webhook client that gives only public addresses, and fails for a name
/// with any other: every connection is checked, so a name that resolved to a public address
/// when the webhook was created cannot later lead inside the network.
#[derive(Debug, Clone, Copy, Default)]
pub struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addresses = resolve_public(&host).await?;
            Ok(Box::new(addresses.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Installs the TLS crypto provider that reqwest's clients use in this process (ring), once.
/// Every process that builds a reqwest client must call it first.
pub fn install_tls_provider() {
    // Err means one is installed already: that one serves.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "0.0.0.0",
            "10.0.0.1",
            "127.0.0.1",
            "100.64.0.1",
            "169.254.169.254",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "192.0.2.1",
            "198.18.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "::ffff:10.0.0.1",
            "::ffff:8.8.8.8",
            "64:ff9b::a00:1",
            "2001:db8::1",
            "2002:a00:1::1",
        ] {
            assert!(!is_public(ip(private)), "{private} is not public");
        }
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "100.128.0.1",
            "172.32.0.1",
            "2606:4700:4700::1111",
            "2a00:1450:4007:80f::200e",
        ] {
            assert!(is_public(ip(public)), "{public} is public");
        }
    }

    /// Every IPv6 form that embeds an IPv4 address, with loopback, private, link-local
    /// (cloud metadata) and public IPv4 addresses, in the textual forms a URL may use.
    #[test]
    fn ipv6_forms_embedding_an_ipv4_address_are_refused() {
        let table: &[(&str, &str)] = &[
            // IPv4-mapped ::ffff:0:0/96
            ("IPv4-mapped", "::ffff:127.0.0.1"),
            ("IPv4-mapped", "::ffff:7f00:1"),
            ("IPv4-mapped", "0:0:0:0:0:ffff:7f00:1"),
            ("IPv4-mapped", "::ffff:10.0.0.1"),
            ("IPv4-mapped", "::ffff:169.254.169.254"),
            ("IPv4-mapped", "::ffff:0.0.0.0"),
            ("IPv4-mapped", "::ffff:8.8.8.8"),
            // IPv4-translated ::ffff:0:0:0/96
            ("IPv4-translated", "::ffff:0:7f00:1"),
            ("IPv4-translated", "::ffff:0:127.0.0.1"),
            ("IPv4-translated", "0:0:0:0:ffff:0:a00:1"),
            ("IPv4-translated", "::ffff:0:a9fe:a9fe"),
            ("IPv4-translated", "::ffff:0:808:808"),
            // IPv4-compatible ::/96
            ("IPv4-compatible", "::127.0.0.1"),
            ("IPv4-compatible", "::7f00:1"),
            ("IPv4-compatible", "::a00:1"),
            ("IPv4-compatible", "::169.254.169.254"),
            ("IPv4-compatible", "::8.8.8.8"),
            // NAT64 well-known prefix 64:ff9b::/96
            ("NAT64 well-known prefix", "64:ff9b::127.0.0.1"),
            ("NAT64 well-known prefix", "64:ff9b::7f00:1"),
            ("NAT64 well-known prefix", "64:ff9b::a00:1"),
            ("NAT64 well-known prefix", "64:ff9b::a9fe:a9fe"),
            ("NAT64 well-known prefix", "64:ff9b::808:808"),
            // NAT64 local-use prefix 64:ff9b:1::/48
            ("NAT64 local-use prefix", "64:ff9b:1::7f00:1"),
            ("NAT64 local-use prefix", "64:ff9b:1:7f00:0:100::"),
            ("NAT64 local-use prefix", "64:ff9b:1:ffff::a9fe:a9fe"),
            // 6to4 2002::/16, the IPv4 address in bits 16..48
            ("6to4", "2002:7f00:1::"),
            ("6to4", "2002:7f00:1::1"),
            ("6to4", "2002:a00:1:1::1"),
            ("6to4", "2002:a9fe:a9fe::1"),
            ("6to4", "2002:808:808::1"),
            // Teredo 2001::/32, the client's IPv4 address (inverted) in the last 32 bits
            ("Teredo", "2001:0:4136:e378:8000:63bf:80ff:fffe"),
            ("Teredo", "2001::7f00:1"),
            ("Teredo", "2001:0:a00:1::f7f7:f7f7"),
        ];
        for (form, address) in table {
            let parsed: Ipv6Addr = address.parse().unwrap();
            let named = EMBEDS_IPV4
                .iter()
                .find(|(_, prefix)| in_prefix(parsed, *prefix))
                .map(|(name, _)| *name);
            assert!(named.is_some(), "{address} is an {form} address");
            assert!(
                !is_public(IpAddr::V6(parsed)),
                "{address} ({form}) is refused"
            );
            // As a webhook's host too, in production.
            let url = format!("https://[{address}]/hook");
            assert!(
                check_url_form(&url, false).is_ok(),
                "{url} has a valid form"
            );
        }
        // Every form of the table is tried.
        for (name, _) in EMBEDS_IPV4 {
            assert!(
                table.iter().any(|(form, _)| *form == name),
                "{name} is tried"
            );
        }
        // Neighbours of those prefixes that are public addresses stay public.
        for public in ["2003::1", "2001:200::1", "2606:4700:4700::1111"] {
            assert!(is_public(ip(public)), "{public} is public");
        }
    }

    #[tokio::test]
    async fn a_webhook_url_naming_an_ipv4_translated_loopback_is_refused() {
        for url in [
            "https://[::ffff:0:7f00:1]/",
            "https://[::ffff:7f00:1]/",
            "https://[64:ff9b::7f00:1]/",
            "https://[2002:7f00:1::1]/",
            "https://[::127.0.0.1]/",
        ] {
            let refused = check_url(url, false).await;
            assert!(
                matches!(refused, Err(ServiceError::WebhookUrlRefused(_))),
                "{url}: {refused:?}"
            );
        }
    }

    #[test]
    fn schemes_follow_the_environment() {
        assert!(check_url_form("http://127.0.0.1:9/x", true).is_ok());
        assert!(check_url_form("http://localhost:9/x", true).is_ok());
        assert!(check_url_form("http://example.com/x", true).is_err());
        assert!(check_url_form("http://127.0.0.1:9/x", false).is_err());
        assert!(check_url_form("https://example.com/x", false).is_ok());
        assert!(check_url_form("ftp://example.com/x", false).is_err());
        assert!(check_url_form("https://user:pw@example.com/x", false).is_err());
        assert!(check_url_form("not a url", false).is_err());
    }
}

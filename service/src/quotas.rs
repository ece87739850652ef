//! Every quota of a deployment, in one place: what one client may take of what all share.
//! Each has a default, a configuration variable read by the server (`docs/limits.md` lists
//! them with the answer given beyond them), and is enforced by the use case it guards.

use std::time::Duration;

/// The quotas of a deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quotas {
    pub streams: StreamLimits,
    /// Matches against the computer one account may have open or in play at once
    /// (`TAPIS_BOT_MATCHES_PER_ACCOUNT`): the computer players' time is shared by everyone.
    pub bot_matches_per_account: i64,
}

impl Default for Quotas {
    fn default() -> Quotas {
        Quotas {
            streams: StreamLimits::default(),
            bot_matches_per_account: 10,
        }
    }
}

/// How many event streams may be open at once, in one server process (a stream holds a
/// connection, hence a file descriptor, for as long as it is open).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamLimits {
    /// From one client address (`TAPIS_STREAMS_PER_ADDRESS`).
    pub per_address: usize,
    /// By one signed-in account, from anywhere (`TAPIS_STREAMS_PER_ACCOUNT`).
    pub per_account: usize,
    /// In all (`TAPIS_STREAMS_MAX`): the server lowers it below its file-descriptor limit.
    pub total: usize,
    /// What a refused client is told to wait before trying again (`Retry-After`).
    pub retry_after: Duration,
}

impl Default for StreamLimits {
    fn default() -> StreamLimits {
        StreamLimits {
            per_address: 32,
            per_account: 16,
            total: 4096,
            retry_after: Duration::from_secs(30),
        }
    }
}

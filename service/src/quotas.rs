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
    /// Open matches (waiting for players) one account may have created at once
    /// (`TAPIS_OPEN_MATCHES_PER_ACCOUNT`): the lobby is everyone's.
    pub open_matches_per_account: i64,
    /// Accounts one client address may create before each further one waits, the wait doubling
    /// as the sign-in delays do (`TAPIS_SIGN_UPS_PER_ADDRESS`; a quiet day starts again).
    pub sign_ups_per_address: i32,
    /// Verification mails one account may have sent in a day (`TAPIS_VERIFY_MAILS_PER_ACCOUNT`).
    pub verify_mails_per_account: i64,
    /// Verification mails one e-mail address may receive in a day, whoever asks
    /// (`TAPIS_VERIFY_MAILS_PER_ADDRESS`): nobody can use Tapis to mail a stranger again and again.
    pub verify_mails_per_address: i64,
    pub chat: ChatLimits,
}

impl Quotas {
    /// The defaults, as a constant.
    pub const DEFAULT: Quotas = Quotas {
        streams: StreamLimits::DEFAULT,
        bot_matches_per_account: 10,
        open_matches_per_account: 20,
        sign_ups_per_address: 5,
        verify_mails_per_account: 5,
        verify_mails_per_address: 3,
        chat: ChatLimits::DEFAULT,
    };
}

impl Default for Quotas {
    fn default() -> Quotas {
        Quotas::DEFAULT
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

impl StreamLimits {
    /// The defaults, as a constant.
    pub const DEFAULT: StreamLimits = StreamLimits {
        per_address: 32,
        per_account: 16,
        total: 4096,
        retry_after: Duration::from_secs(30),
    };
}

impl Default for StreamLimits {
    fn default() -> StreamLimits {
        StreamLimits::DEFAULT
    }
}

/// How much one player may write in the chats, over all matches: a burst, then a pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChatLimits {
    /// Messages within [`ChatLimits::burst_seconds`] (`TAPIS_CHAT_BURST`).
    pub burst: i64,
    pub burst_seconds: u64,
    /// Messages within a minute (`TAPIS_CHAT_PER_MINUTE`).
    pub per_minute: i64,
}

impl ChatLimits {
    /// The defaults, as a constant: 5 messages in 10 seconds, 20 a minute.
    pub const DEFAULT: ChatLimits = ChatLimits {
        burst: 5,
        burst_seconds: 10,
        per_minute: 20,
    };

    /// The burst's window in seconds, as a signed number (for time arithmetic).
    pub fn burst_seconds_i64(self) -> i64 {
        i64::try_from(self.burst_seconds).unwrap_or(i64::MAX)
    }
}

impl Default for ChatLimits {
    fn default() -> ChatLimits {
        ChatLimits::DEFAULT
    }
}

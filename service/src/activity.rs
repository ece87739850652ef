//! How busy this process is with requests: a count of the requests it has begun to serve,
//! kept by the HTTP server (a middleware notes each one) and read by the background work that
//! should give way to them (the analyses, `analysis::low_priority`).

use std::sync::atomic::{AtomicU64, Ordering};

/// The requests this process has begun to serve, counted since it started.
#[derive(Debug, Default)]
pub struct Activity {
    requests: AtomicU64,
}

impl Activity {
    /// Notes a request begun.
    pub fn request_started(&self) {
        self.requests.fetch_add(1, Ordering::Relaxed);
    }

    /// The requests begun so far: two readings that differ mean requests came between them.
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }
}

//! The door of the event streams: each stream holds a pass while it is open, and no client
//! address, account or process holds more passes than its [`StreamLimits`] allow.
//!
//! Counted in the process, not in the database: a stream's cost is this process's file
//! descriptor and memory, and a pass must end when its connection does, whatever happens to
//! the database.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult, StreamCap};
use crate::quotas::StreamLimits;

/// Who opens a stream: the client's address (as the server resolved it) and the signed-in
/// account, each when known.
#[derive(Debug, Clone, Copy, Default)]
pub struct Opener<'a> {
    pub address: Option<&'a str>,
    pub account: Option<Uuid>,
}

/// The open streams of this process, counted by address, by account and in all.
#[derive(Debug)]
pub struct StreamGate {
    limits: StreamLimits,
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<String, usize>,
    by_account: HashMap<Uuid, usize>,
}

/// An open stream's place: given back when dropped (when the stream ends or its client goes).
#[derive(Debug)]
pub struct StreamPass {
    gate: Arc<StreamGate>,
    address: Option<String>,
    account: Option<Uuid>,
}

impl StreamGate {
    pub fn new(limits: StreamLimits) -> StreamGate {
        StreamGate {
            limits,
            open: Mutex::default(),
        }
    }

    pub fn limits(&self) -> StreamLimits {
        self.limits
    }

    /// How many streams are open in all.
    pub fn open(&self) -> usize {
        self.lock().total
    }

    fn lock(&self) -> MutexGuard<'_, Open> {
        // The counts stay consistent whatever panicked while holding them (each change is
        // one step), so a poisoned lock is still good.
        self.open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A pass for one more stream of `opener`, or `TooManyStreams` naming the cap reached.
    pub fn admit(self: &Arc<Self>, opener: Opener<'_>) -> ServiceResult<StreamPass> {
        let refuse = |cap| ServiceError::TooManyStreams {
            cap,
            retry_after_secs: self.limits.retry_after.as_secs().max(1),
        };
        let mut open = self.lock();
        if let Some(address) = opener.address
            && open.by_address.get(address).copied().unwrap_or(0) >= self.limits.per_address
        {
            return Err(refuse(StreamCap::Address(self.limits.per_address)));
        }
        if let Some(account) = opener.account
            && open.by_account.get(&account).copied().unwrap_or(0) >= self.limits.per_account
        {
            return Err(refuse(StreamCap::Account(self.limits.per_account)));
        }
        if open.total >= self.limits.total {
            return Err(refuse(StreamCap::Server(self.limits.total)));
        }
        open.total += 1;
        if let Some(address) = opener.address {
            *open.by_address.entry(address.to_owned()).or_default() += 1;
        }
        if let Some(account) = opener.account {
            *open.by_account.entry(account).or_default() += 1;
        }
        Ok(StreamPass {
            gate: Arc::clone(self),
            address: opener.address.map(str::to_owned),
            account: opener.account,
        })
    }
}

/// One fewer under `key`, forgetting keys that reach zero (the maps hold open streams only).
fn release<K: Eq + Hash>(counts: &mut HashMap<K, usize>, key: K) {
    if let Entry::Occupied(mut entry) = counts.entry(key) {
        if *entry.get() <= 1 {
            entry.remove();
        } else {
            *entry.get_mut() -= 1;
        }
    }
}

impl Drop for StreamPass {
    fn drop(&mut self) {
        let mut open = self.gate.lock();
        open.total = open.total.saturating_sub(1);
        if let Some(address) = self.address.take() {
            release(&mut open.by_address, address);
        }
        if let Some(account) = self.account {
            release(&mut open.by_account, account);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn gate(per_address: usize, per_account: usize, total: usize) -> Arc<StreamGate> {
        Arc::new(StreamGate::new(StreamLimits {
            per_address,
            per_account,
            total,
            retry_after: Duration::from_secs(30),
        }))
    }

    fn from(address: &str) -> Opener<'_> {
        Opener {
            address: Some(address),
            account: None,
        }
    }

    #[test]
    fn an_address_gets_its_share_and_no_more() {
        let gate = gate(2, 10, 100);
        let first = gate.admit(from("10.0.0.1"));
        let second = gate.admit(from("10.0.0.1"));
        assert!(first.is_ok() && second.is_ok());
        match gate.admit(from("10.0.0.1")) {
            Err(ServiceError::TooManyStreams {
                cap: StreamCap::Address(2),
                retry_after_secs: 30,
            }) => {}
            other => panic!("{other:?}"),
        }
        // Another address is not held back, and a closed stream frees its place.
        assert!(gate.admit(from("10.0.0.2")).is_ok());
        drop(first);
        assert!(gate.admit(from("10.0.0.1")).is_ok());
    }

    #[test]
    fn an_account_is_counted_from_every_address() {
        let gate = gate(10, 2, 100);
        let alice = Uuid::from_u128(1);
        let at = |address| Opener {
            address: Some(address),
            account: Some(alice),
        };
        let _one = gate.admit(at("10.0.0.1"));
        let _two = gate.admit(at("10.0.0.2"));
        assert!(matches!(
            gate.admit(at("10.0.0.3")),
            Err(ServiceError::TooManyStreams {
                cap: StreamCap::Account(2),
                ..
            })
        ));
        // Anonymous from that third address is fine.
        assert!(gate.admit(from("10.0.0.3")).is_ok());
    }

    #[test]
    fn the_process_keeps_a_total_and_forgets_what_closed() {
        let gate = gate(10, 10, 3);
        let passes: Vec<_> = ["a", "b", "c"]
            .into_iter()
            .map(|a| gate.admit(from(a)))
            .collect();
        assert_eq!(gate.open(), 3);
        assert!(matches!(
            gate.admit(from("d")),
            Err(ServiceError::TooManyStreams {
                cap: StreamCap::Server(3),
                ..
            })
        ));
        drop(passes);
        assert_eq!(gate.open(), 0);
        assert!(gate.lock().by_address.is_empty());
    }
}

//! The standings kept by a process, each under the revision of its tournament it was computed
//! at. A tournament's revision rises in every transaction that changes what its standings are
//! made of, in any process (`store::touch`), so a kept entry is served only while it is exact.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use uuid::Uuid;

use super::views::Standings;

/// Tournaments whose standings are kept at most; past it, what is kept is dropped and kept
/// again as asked (the tournaments being followed come back at once).
const CAPACITY: usize = 256;

/// Standings by tournament, with the revision they are exact at.
#[derive(Debug, Default)]
pub struct StandingsCache {
    kept: Mutex<HashMap<Uuid, (i64, Arc<Standings>)>>,
}

impl StandingsCache {
    /// The standings of tournament `id` if they were kept at `revision`.
    pub(crate) fn get(&self, id: Uuid, revision: i64) -> Option<Arc<Standings>> {
        // A panic elsewhere while the map was held leaves it whole (inserts and clears only).
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.get(&id)
            .filter(|(at, _)| *at == revision)
            .map(|(_, standings)| Arc::clone(standings))
    }

    /// Keeps `standings`, exact at `revision` of tournament `id` (unless newer ones are kept).
    pub(crate) fn put(&self, id: Uuid, revision: i64, standings: Arc<Standings>) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.get(&id).is_some_and(|(at, _)| *at > revision) {
            return;
        }
        if kept.len() >= CAPACITY && !kept.contains_key(&id) {
            kept.clear();
        }
        kept.insert(id, (revision, standings));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings(total: usize) -> Arc<Standings> {
        Arc::new(Standings {
            tie_breaks: ["buchholz".into(), "sonneborn_berger".into()],
            total,
            offset: 0,
            lines: Vec::new(),
        })
    }

    #[test]
    fn kept_standings_are_served_at_their_revision_only() {
        let cache = StandingsCache::default();
        let id = Uuid::new_v4();
        assert!(cache.get(id, 0).is_none());
        cache.put(id, 3, standings(1));
        assert_eq!(cache.get(id, 3).map(|s| s.total), Some(1));
        assert!(cache.get(id, 4).is_none());
        assert!(cache.get(id, 2).is_none());
        // An older computation finishing late does not replace a newer one.
        cache.put(id, 4, standings(2));
        cache.put(id, 3, standings(1));
        assert_eq!(cache.get(id, 4).map(|s| s.total), Some(2));
    }

    #[test]
    fn past_its_capacity_the_cache_starts_again() {
        let cache = StandingsCache::default();
        let first = Uuid::new_v4();
        cache.put(first, 0, standings(0));
        for _ in 1..CAPACITY {
            cache.put(Uuid::new_v4(), 0, standings(0));
        }
        assert!(cache.get(first, 0).is_some());
        let newest = Uuid::new_v4();
        cache.put(newest, 0, standings(0));
        assert!(cache.get(first, 0).is_none());
        assert!(cache.get(newest, 0).is_some());
    }
}

//! The solutions that bots work out once per process (a solved Yams grid, a solved 5000
//! match) and share: computed at their first use, one per option set.

/// The tables worked out once per process, one per key (an option set), shared by every bot.
pub type Tables<K, V> = std::sync::Mutex<Vec<(K, std::sync::Arc<std::sync::OnceLock<V>>)>>;

/// The table of `key` in `tables`, worked out by `work` at its first use and kept for the
/// process. Callers asking for the same key at once wait for one computation.
pub fn solved_once<K: PartialEq + Clone, V: Clone>(
    tables: &Tables<K, V>,
    key: &K,
    work: impl FnOnce() -> V,
) -> V {
    let slot = {
        // A panic while the list was held cannot leave it half-written: take it as it is.
        let mut list = tables
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match list.iter().find(|(k, _)| k == key) {
            Some((_, slot)) => std::sync::Arc::clone(slot),
            None => {
                let slot = std::sync::Arc::default();
                list.push((key.clone(), std::sync::Arc::clone(&slot)));
                slot
            }
        }
    };
    slot.get_or_init(work).clone()
}

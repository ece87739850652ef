//! Checking a match record offline: every chance event recomputed from the revealed seed and
//! every action replayed through the rules. Used by `tapis verify` and by the server's own
//! replay check.

use tapis_games::GameId;

use crate::fairness;
pub use crate::matches::record::Disagreement;
use crate::matches::record::{replay, result_reason, whole};
use crate::matches::{MatchExport, MatchStatus};

/// What a successful verification covered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    pub game: GameId,
    pub turns: usize,
    pub chance_events: usize,
    pub finished: bool,
}

/// Verifies an exported match: the seed against its commitment, every chance event against
/// the seed, every action against the rules, and the result against the replay.
pub fn verify_export(export: &MatchExport) -> Result<VerifyReport, Disagreement> {
    let game = export.game;
    let seed_hex = export.fairness.seed.as_ref().ok_or_else(|| {
        whole("the seed is not revealed yet: only finished matches can be verified")
    })?;
    let seed = hex::decode(seed_hex).map_err(|_| whole("the seed is not hexadecimal"))?;
    if seed.len() != fairness::SEED_LEN {
        return Err(whole(format!(
            "the seed must be {} bytes",
            fairness::SEED_LEN
        )));
    }
    if fairness::seed_commitment(&seed) != export.fairness.seed_sha256 {
        return Err(whole("the seed does not match its published SHA-256"));
    }
    let state = replay(
        game,
        export.seats.len(),
        &export.options,
        Some(&seed),
        &export.turns,
    )?;
    let outcome = state.outcome();
    match (&outcome, &export.result) {
        (None, None) if export.status != MatchStatus::Finished => {}
        (Some(outcome), Some(result)) => {
            let replayed: Vec<(usize, usize, i64)> = outcome
                .ranking
                .iter()
                .map(|p| (p.seat, p.rank, p.score))
                .collect();
            let recorded: Vec<(usize, usize, i64)> = result
                .ranking
                .iter()
                .map(|r| (r.seat, r.rank, r.score))
                .collect();
            // The step that ended the game is the last of the log.
            let reason = match export.turns.last() {
                Some(last) => result_reason(last.kind, outcome),
                None => &outcome.reason,
            };
            if replayed != recorded || reason != result.reason {
                return Err(whole(format!(
                    "the recorded result {recorded:?} ({}) differs from the replay {replayed:?} ({reason})",
                    result.reason
                )));
            }
        }
        (Some(_), None) => return Err(whole("the replay ends the game but no result is recorded")),
        (None, _) => return Err(whole("a result is recorded but the replay has not ended")),
    }
    Ok(VerifyReport {
        game,
        turns: export.turns.len(),
        chance_events: export.turns.iter().map(|t| t.chance.len()).sum(),
        finished: outcome.is_some(),
    })
}

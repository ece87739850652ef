//! A turn log replayed through the rules, from the setup: the one place that knows how a
//! recorded step is applied (its decision, then its chance events), used by the server's own
//! replay check, the replay of a finished match step by step, and `tapis verify`
//! ([`crate::verify`]). It also says how the result names the end of a match
//! ([`result_reason`]), which the recording of a step and the verification share.

use serde_json::Value;
use tapis_games::{AnyEvent, AnyState, GameId, Outcome, Turn};

use super::views::{ChanceRecord, TurnEntry, TurnKind};
use crate::fairness;

/// Where a record and its replay disagree.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", seq.map(|s| format!("turn {s}: ")).unwrap_or_default())]
pub struct Disagreement {
    /// The turn-log entry at fault, if the problem is in one.
    pub seq: Option<i64>,
    pub message: String,
}

fn at(seq: i64, message: impl Into<String>) -> Disagreement {
    Disagreement {
        seq: Some(seq),
        message: message.into(),
    }
}

pub(crate) fn whole(message: impl Into<String>) -> Disagreement {
    Disagreement {
        seq: None,
        message: message.into(),
    }
}

/// Replays a turn log from the setup. With a seed, every recorded chance value is also checked
/// against the dice stream.
pub fn replay(
    game: GameId,
    seats: usize,
    options: &Value,
    seed: Option<&[u8]>,
    turns: &[TurnEntry],
) -> Result<AnyState, Disagreement> {
    let mut state = AnyState::setup(game, seats, options)
        .map_err(|e| whole(format!("the match cannot be set up: {e}")))?;
    let mut next_k: u64 = 0;
    for (index, turn) in turns.iter().enumerate() {
        let seq = turn.seq;
        check_place(index, turn)?;
        let mut events = apply_decision(&mut state, turn)?;
        for record in &turn.chance {
            events.extend(apply_chance_event(&mut state, seq, record, next_k, seed)?);
            next_k += 1;
        }
        if matches!(state.turn(), Turn::Chance { .. }) {
            return Err(at(seq, "chance events the rules require are missing"));
        }
        check_events(seq, &events, &turn.events)?;
    }
    Ok(state)
}

/// Checks that `turn` is numbered as the entry `index` of its log, and that the log begins with
/// its one start entry.
fn check_place(index: usize, turn: &TurnEntry) -> Result<(), Disagreement> {
    let seq = turn.seq;
    // A negative number never equals an index: no sentinel needed.
    if usize::try_from(seq).ok() != Some(index) {
        return Err(at(seq, format!("expected turn number {index}")));
    }
    if (turn.kind == TurnKind::Start) != (index == 0) {
        return Err(at(seq, "the log must begin with exactly one start entry"));
    }
    Ok(())
}

/// Applies the decision `turn` records (none for the start) to `state`: the events it produced.
fn apply_decision(state: &mut AnyState, turn: &TurnEntry) -> Result<Vec<AnyEvent>, Disagreement> {
    let seq = turn.seq;
    match turn.kind {
        TurnKind::Start => Ok(Vec::new()),
        TurnKind::Action => {
            let seat = turn
                .seat
                .ok_or_else(|| at(seq, "an action without a seat"))?;
            let action = turn
                .action
                .as_ref()
                .ok_or_else(|| at(seq, "an action entry without its action"))?;
            state
                .apply(seat, action)
                .map_err(|e| at(seq, format!("the rules refuse the recorded action: {e}")))
        }
        TurnKind::Resign | TurnKind::Timeout => {
            let seat = turn
                .seat
                .ok_or_else(|| at(seq, "a resignation without a seat"))?;
            state
                .resign(seat)
                .map_err(|e| at(seq, format!("the rules refuse the resignation: {e}")))
        }
    }
}

/// Applies the chance event `record` of turn `seq` to `state`, the event numbered `next_k`
/// expected, its values checked against the dice stream of `seed` if given: the events it
/// produced.
fn apply_chance_event(
    state: &mut AnyState,
    seq: i64,
    record: &ChanceRecord,
    next_k: u64,
    seed: Option<&[u8]>,
) -> Result<Vec<AnyEvent>, Disagreement> {
    if record.k != next_k {
        return Err(at(
            seq,
            format!("chance event numbered {}, expected {next_k}", record.k),
        ));
    }
    let Turn::Chance { chance } = state.turn() else {
        return Err(at(
            seq,
            "a chance event is recorded where the rules expect none",
        ));
    };
    if let Some(seed) = seed {
        let expected = fairness::chance_values(seed, record.k, &chance);
        if expected != record.values {
            return Err(at(
                seq,
                format!(
                    "chance event {} is recorded as {:?} but the seed gives {:?}",
                    record.k, record.values, expected
                ),
            ));
        }
    }
    state.apply_chance(&record.values).map_err(|e| {
        at(
            seq,
            format!("the rules refuse chance event {}: {e}", record.k),
        )
    })
}

/// Checks that the events a step produced in the replay are those its record holds.
fn check_events(
    seq: i64,
    replayed: &[AnyEvent],
    recorded: &[AnyEvent],
) -> Result<(), Disagreement> {
    if replayed == recorded {
        return Ok(());
    }
    let position = replayed
        .iter()
        .zip(recorded)
        .position(|(a, b)| a != b)
        .unwrap_or(replayed.len().min(recorded.len()));
    Err(at(
        seq,
        format!(
            "the recorded events differ from the replay at event {position}: recorded {}, replayed {}",
            written(recorded.get(position)),
            written(replayed.get(position)),
        ),
    ))
}

/// An event as JSON, for a message ("nothing" when there is none).
fn written(event: Option<&AnyEvent>) -> String {
    match event.map(serde_json::to_string) {
        Some(Ok(json)) => json,
        Some(Err(e)) => format!("an event that cannot be written ({e})"),
        None => "nothing".to_owned(),
    }
}

/// The result's reason when a player ran out of time on the step that ended the match.
pub const TIMEOUT_REASON: &str = "timeout";

/// How the result of a match names its end, once the step of `kind` (the last of its log)
/// ended the game with `outcome`: the game's own reason, except that a match ended by a player
/// running out of time says so ([`TIMEOUT_REASON`]), where the rules only know a resignation.
pub fn result_reason(kind: TurnKind, outcome: &Outcome) -> &str {
    match kind {
        TurnKind::Timeout => TIMEOUT_REASON,
        TurnKind::Start | TurnKind::Action | TurnKind::Resign => &outcome.reason,
    }
}

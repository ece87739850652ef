//! A match's export read as the analysis engines read it.

use tapis_bots::analysis::{MatchRecord, RecordStep};

use crate::matches::{MatchExport, TurnKind};

/// The record of an exported match: each turn's decision (an action, or a seat leaving; the
/// start has none), then the values of each of its chance events.
pub(super) fn of(export: &MatchExport) -> Result<MatchRecord, String> {
    let mut steps = Vec::new();
    for turn in &export.turns {
        match (turn.kind, turn.seat, &turn.action) {
            (TurnKind::Start, _, _) => {}
            (TurnKind::Action, Some(seat), Some(action)) => steps.push(RecordStep::Action {
                seat,
                action: action.clone(),
            }),
            (TurnKind::Resign | TurnKind::Timeout, Some(seat), _) => {
                steps.push(RecordStep::Leave { seat });
            }
            _ => return Err(format!("turn {} is not a decision of a seat", turn.seq)),
        }
        for chance in &turn.chance {
            steps.push(RecordStep::Chance {
                values: chance.values.clone(),
            });
        }
    }
    Ok(MatchRecord {
        game: export.game,
        seats: export.seats.len(),
        options: export.options.clone(),
        steps,
    })
}

//! Subcommands that run without a server.

use std::path::Path;

use tapis_service::matches::MatchExport;

/// What `tapis verify FILE` prints, and its exit code: 0 verified, 1 mismatch, 2 unreadable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyOutcome {
    pub exit_code: u8,
    pub message: String,
}

/// Verifies an exported match offline.
pub fn verify_file(path: &Path) -> VerifyOutcome {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            return VerifyOutcome {
                exit_code: 2,
                message: format!("cannot read {}: {e}", path.display()),
            };
        }
    };
    let export: MatchExport = match serde_json::from_str(&text) {
        Ok(export) => export,
        Err(e) => {
            return VerifyOutcome {
                exit_code: 2,
                message: format!("{} is not a Tapis export: {e}", path.display()),
            };
        }
    };
    match tapis_service::verify::verify_export(&export) {
        Ok(report) => VerifyOutcome {
            exit_code: 0,
            message: format!(
                "OK: {} match {}: {} turns and {} chance events replayed; every throw matches \
                 the revealed seed and the result matches the replay.",
                report.game, export.id, report.turns, report.chance_events
            ),
        },
        Err(disagreement) => VerifyOutcome {
            exit_code: 1,
            message: format!("MISMATCH: {disagreement}"),
        },
    }
}

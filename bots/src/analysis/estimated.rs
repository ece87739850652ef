//! The estimated engines: every game and option set without an exact engine is valued by
//! rollouts ([`super::rollouts`]), in chances of winning the match, each figure with its
//! standard error. Each game has its policy, its number of rollouts and its horizon, chosen to
//! analyse a whole match within the speed goal (`docs/analysis.md`).

use tapis_games::Variant;
use tapis_games::cant_stop::CantStop;
use tapis_games::five_thousand::FiveThousand;
use tapis_games::linotte::{Linotte, YamMaster};
use tapis_games::make_five::MakeFive;
use tapis_games::yams::Yams;

use super::rollouts::{Rollouts, Settings};
use super::types::{Analysis, AnalysisError, Engine, MatchRecord, Thresholds, Unit};
use crate::level::Budget;
use crate::roster::{BotKind, DEFAULT_THRESHOLD, Roster};

/// The budget of the baselines, which do not search.
const NO_BUDGET: Budget = Budget { iterations: 0 };

/// An estimated engine: its name, its marks and how it rolls out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spec {
    pub name: &'static str,
    pub thresholds: Thresholds,
    pub settings: Settings,
}

/// The marks of the games valued in chances of winning, as for 5000 (GNU Backgammon's 0.04,
/// 0.08 and 0.16 of equity): two, four and eight points of winning chance.
pub const WIN_THRESHOLDS: Thresholds = Thresholds {
    inaccuracy: 0.02,
    mistake: 0.04,
    blunder: 0.08,
};

/// Can't Stop: Keller's rule of 28 plays, to the end of the match.
pub const CANT_STOP: Spec = Spec {
    name: "cant-stop-rollouts",
    thresholds: WIN_THRESHOLDS,
    settings: Settings {
        samples: 500,
        horizon: 2_000,
        policy: BotKind::Rule28,
        epsilon: 0.0,
        budget: NO_BUDGET,
    },
};

/// La Linotte: the greedy baseline plays (one move in ten at random), judged by the
/// evaluation after 15 steps: about two turns of each player.
pub const LINOTTE: Spec = Spec {
    name: "linotte-rollouts",
    thresholds: WIN_THRESHOLDS,
    settings: Settings {
        samples: 120,
        horizon: 15,
        policy: BotKind::Greedy,
        epsilon: 0.1,
        budget: NO_BUDGET,
    },
};

/// Yam Master: as La Linotte.
pub const YAM_MASTER: Spec = Spec {
    name: "yam-master-rollouts",
    ..LINOTTE
};

/// Make Five: the greedy baseline plays (the Aligneur makes the move that scores most now),
/// judged by the evaluation after 16 steps (about a third of a deal).
pub const MAKE_FIVE: Spec = Spec {
    name: "make-five-rollouts",
    thresholds: WIN_THRESHOLDS,
    settings: Settings {
        samples: 24,
        horizon: 16,
        policy: BotKind::Greedy,
        epsilon: 0.0,
        budget: NO_BUDGET,
    },
};

/// 5000 beyond the exact engine (more than two players, or options it does not solve): the
/// threshold baseline plays, and after 60 steps (two to three turns of each player) the
/// evaluation judges. Rollouts to the end took 2.2 s at the 99th percentile of three-player
/// matches, over the 1 s goal, and their noise inflated every cost (`docs/analysis.md`).
pub const FIVE_THOUSAND: Spec = Spec {
    name: "5000-rollouts",
    thresholds: WIN_THRESHOLDS,
    settings: Settings {
        samples: 100,
        horizon: 60,
        policy: BotKind::Threshold(DEFAULT_THRESHOLD),
        epsilon: 0.0,
        budget: NO_BUDGET,
    },
};

/// Yams beyond the exact engine (several grids, Maxi and Mini): the frequent baseline plays,
/// to the end of the match.
pub const YAMS: Spec = Spec {
    name: "yams-rollouts",
    thresholds: WIN_THRESHOLDS,
    settings: Settings {
        samples: 64,
        horizon: 20_000,
        policy: BotKind::Frequent,
        epsilon: 0.0,
        budget: NO_BUDGET,
    },
};

/// Analyses `record` with the estimated engine `spec`, game `G`.
pub fn analyse<G: Roster + Variant>(
    record: &MatchRecord,
    spec: &Spec,
    pace: super::Pace<'_>,
) -> Result<Analysis, AnalysisError> {
    let mut engine =
        Rollouts::<G>::new(record, spec.settings).ok_or(AnalysisError::Unsupported {
            game: record.game,
            seats: record.seats,
        })?;
    let info = Engine {
        name: spec.name,
        version: super::ENGINE_VERSION,
        exact: false,
    };
    super::run::<G, _>(
        record,
        &mut engine,
        info,
        Unit::WinProbability,
        spec.thresholds,
        pace,
    )
}

/// Can't Stop.
pub fn cant_stop(record: &MatchRecord, pace: super::Pace<'_>) -> Result<Analysis, AnalysisError> {
    analyse::<CantStop>(record, &CANT_STOP, pace)
}

/// La Linotte.
pub fn linotte(record: &MatchRecord, pace: super::Pace<'_>) -> Result<Analysis, AnalysisError> {
    analyse::<Linotte>(record, &LINOTTE, pace)
}

/// Yam Master.
pub fn yam_master(record: &MatchRecord, pace: super::Pace<'_>) -> Result<Analysis, AnalysisError> {
    analyse::<YamMaster>(record, &YAM_MASTER, pace)
}

/// Make Five.
pub fn make_five(record: &MatchRecord, pace: super::Pace<'_>) -> Result<Analysis, AnalysisError> {
    analyse::<MakeFive>(record, &MAKE_FIVE, pace)
}

/// 5000 beyond the exact engine.
pub fn five_thousand(
    record: &MatchRecord,
    pace: super::Pace<'_>,
) -> Result<Analysis, AnalysisError> {
    analyse::<FiveThousand>(record, &FIVE_THOUSAND, pace)
}

/// Yams beyond the exact engine.
pub fn yams(record: &MatchRecord, pace: super::Pace<'_>) -> Result<Analysis, AnalysisError> {
    analyse::<Yams>(record, &YAMS, pace)
}

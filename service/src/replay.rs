//! A finished match step by step, for its replay page: its record replayed through the rules
//! up to a step, with its analysis beside it. It sits above both [`crate::matches`] (the
//! record) and [`crate::analysis`] (which reads records itself), so that neither uses the
//! other's reads.

use tapis_games::AnyView;
use uuid::Uuid;

use crate::analysis::{self, read::PageAnalysis};
use crate::matches::{self, MatchExport};
use crate::{ServiceError, ServiceResult, Services};

/// A finished match as it stood after one step of its turn log, rebuilt by replaying the log
/// through the rules.
#[derive(Debug, Clone)]
pub struct ReplayedStep {
    /// The whole record of the match (its seed revealed, as it is finished).
    pub record: MatchExport,
    /// The step shown: an index into `record.turns`.
    pub step: usize,
    /// The last step of the log (`record.turns` is never empty: a match starts with a step).
    pub last: usize,
    /// The game's view of the table after that step, as a spectator sees it.
    pub view: AnyView,
    /// The match's analysis, grouped by the steps of the log (`docs/analysis.md`).
    pub analysis: PageAnalysis,
}

/// A finished match as it stood after step `step` of its turn log (the last step when `step`
/// is not given or is past the end). `None` while the match is not finished
/// ([`matches::finished_record`]).
pub async fn replay_step(
    services: &Services,
    id: Uuid,
    step: Option<usize>,
) -> ServiceResult<Option<ReplayedStep>> {
    let mut conn = services.conn().await?;
    let Some((game, record)) = matches::finished_record(&mut conn, id).await? else {
        return Ok(None);
    };
    let (status, stored) = analysis::stored(&mut conn, id).await?;
    let analysis = analysis::read::for_page(game, status, stored, &record.turns)?;
    let last = record
        .turns
        .len()
        .checked_sub(1)
        .ok_or_else(|| ServiceError::internal("a finished match has no turn log", id))?;
    // Past the end means the end: a link to the last step stays good.
    let step = step.map_or(last, |step| step.min(last));
    let view = matches::view_after(game, &record, step)?;
    Ok(Some(ReplayedStep {
        record,
        step,
        last,
        view,
        analysis,
    }))
}

//! Working out a step of a match once its decision has been applied: the chance steps that
//! follow from the match's dice stream, the clock, and, when the game is over, the result, the
//! final ranks and the rating changes.

use diesel::QueryResult;
use diesel::pg::Pg;
use diesel::query_builder::AstPass;
use diesel::sql_types::{Array, BigInt, SmallInt};
use diesel_async::AsyncPgConnection;
use serde_json::Value;
use tapis_games::{AnyAction, AnyEvent, AnyState, Outcome, Turn};
use time::OffsetDateTime;
use uuid::Uuid;

use super::record::result_reason;
use super::row::{Loaded, MatchRow, Seated, stored_seat, to_act};
use super::views::{ChanceRecord, MatchResult, MatchStatus, RankingEntry, TurnKind};
use crate::db::fragment::sql_then_bind;
use crate::db::json_text::JsonText;
use crate::ratings::{self, FinalSeat, Rated, RatingsRead};
use crate::{ServiceError, ServiceResult, fairness};

/// The most chance steps the rules may ask for in a row before we call it a bug.
pub(super) const MAX_CHANCE_STEPS: usize = 10_000;

/// Resolves every chance step now due from the match's dice stream.
pub(super) fn resolve_chance(
    state: &mut AnyState,
    seed: &[u8],
    chance_count: &mut i64,
    records: &mut Vec<ChanceRecord>,
    events: &mut Vec<AnyEvent>,
) -> ServiceResult<()> {
    for _ in 0..MAX_CHANCE_STEPS {
        let Turn::Chance { chance } = state.turn() else {
            return Ok(());
        };
        // A negative counter is corrupt data: reading it as 0 would throw the first dice again.
        let k = u64::try_from(*chance_count).map_err(|_| {
            ServiceError::internal("the stored chance counter is negative", *chance_count)
        })?;
        let values = fairness::chance_values(seed, k, &chance);
        let produced = state
            .apply_chance(&values)
            .map_err(|e| ServiceError::internal("the rules refused their own chance step", e))?;
        events.extend(produced);
        records.push(ChanceRecord { k, values });
        *chance_count += 1;
    }
    Err(ServiceError::internal(
        "chance steps did not come to an end",
        MAX_CHANCE_STEPS,
    ))
}

/// The decision recorded in a turn-log row.
pub(super) struct Step {
    pub(super) kind: TurnKind,
    pub(super) seat: Option<usize>,
    pub(super) action: Option<AnyAction>,
    /// Whether the caller has the change notified after the commit
    /// ([`MoveNotices`](super::notices::MoveNotices)) rather than through the trigger, in the
    /// transaction.
    pub(super) notify_after_commit: bool,
}

/// A step worked out under the lock of its match and not yet written: the match as it will
/// stand, the turn-log row that records the step, and, when it ends the match, the final ranks
/// and the rating changes, which the same statement writes ([`Ending`]). Writing the step is
/// the transaction's last statement.
pub(super) struct PendingStep {
    /// The match once the step is written, its state at hand.
    pub(super) after: Loaded,
    pub(super) seat: Option<i16>,
    pub(super) kind: TurnKind,
    pub(super) action: Option<Value>,
    pub(super) chance: Value,
    pub(super) events: Value,
    pub(super) notify_after_commit: bool,
    /// What the step writes beside the match row and the turn when it ends the match.
    pub(super) ending: Option<Ending>,
}

/// What a step that ends its match writes beside the match row and the turn-log row, in the
/// same statement: the seats' final ranks and scores, and the players' ratings if the match
/// counts (`ratings::Ended`, which writes nothing when it does not).
pub(super) struct Ending {
    match_id: Uuid,
    seats: Vec<i16>,
    ranks: Vec<i16>,
    scores: Vec<i64>,
    reason: String,
    ratings: ratings::Ended,
}

impl Ending {
    /// Pushes the common table expressions that write the ranks (`ranked`), the ratings
    /// (`rated`) and their history (`history`) into the statement that records the step, after
    /// its `updated` expression: nothing is written unless the match row was.
    pub(super) fn push_ctes<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        sql_then_bind::<Array<SmallInt>, _>(out, ", ranks AS (SELECT * FROM unnest(", &self.seats)?;
        sql_then_bind::<Array<SmallInt>, _>(out, "::smallint[], ", &self.ranks)?;
        sql_then_bind::<Array<BigInt>, _>(out, "::smallint[], ", &self.scores)?;
        out.push_sql(
            "::bigint[]) AS r(seat, rank, score)), \
             ranked AS (UPDATE match_seats s SET rank = r.rank, score = r.score \
             FROM updated, ranks r \
             WHERE s.match_id = updated.id AND s.seat = r.seat RETURNING 1)",
        );
        self.ratings.push_ctes(out)
    }

    /// The condition that the statement wrote the ending whole, as `tapis_written` checks it
    /// (migration `2027-01-06-000001_ending_checked`): a rank for every seat, and a rating and
    /// a line of history for every player. If not, PostgreSQL fails the statement (a
    /// serialisation failure), and with it everything it wrote: the match row, the turn, the
    /// ranks and the ratings. Under the lock that is a bug; for a move that read the ratings
    /// without one, another ending changed a rating meanwhile.
    pub(super) fn push_check(out: &mut AstPass<'_, '_, Pg>) {
        out.push_sql(
            " WHERE tapis_written((SELECT count(*) FROM ranked) = (SELECT count(*) FROM ranks) \
             AND (SELECT count(*) FROM rated) = (SELECT count(*) FROM rating_changes) \
             AND (SELECT count(*) FROM history) = (SELECT count(*) FROM rating_changes))",
        );
    }

    /// An ending of match `id` whose seats end as `(seat, rank, score)`, with `ratings`.
    #[cfg(test)]
    pub(super) fn of(id: Uuid, ranks: &[(i16, i16, i64)], ratings: ratings::Ended) -> Ending {
        Ending {
            match_id: id,
            seats: ranks.iter().map(|r| r.0).collect(),
            ranks: ranks.iter().map(|r| r.1).collect(),
            scores: ranks.iter().map(|r| r.2).collect(),
            reason: String::from("finished"),
            ratings,
        }
    }

    /// Checks what the statement wrote beside the match row (counts of rows of `match_seats`,
    /// `ratings` and `rating_history`): every ranked seat, and every rating with its line of
    /// history, or the match fails with an internal error rather than end half-written.
    pub(super) fn check_written(&self, ranked: i64, rated: i64, history: i64) -> ServiceResult<()> {
        if usize::try_from(ranked).ok() != Some(self.seats.len()) {
            return Err(ServiceError::internal(
                "a ranked seat of the match has no row",
                self.match_id,
            ));
        }
        self.ratings.check_written(rated, history)?;
        tracing::info!(match.id = %self.match_id, reason = %self.reason, "match finished");
        Ok(())
    }
}

/// Works out a step once its decision has been applied to `state`: resolves the chance steps
/// that follow, and if the game is over, records the result (the final ranks and the rating
/// changes). The caller holds the lock on the match row and writes the step
/// ([`PendingStep::write`]) last. `now` is the time of the step.
///
/// The clock of the player to act next starts with the match's whole time per move; if they
/// are on vacation it starts paused ([`crate::time::vacation`]), to run when they return.
pub(super) async fn work_out_step(
    conn: &mut AsyncPgConnection,
    before: Loaded,
    state: AnyState,
    step: Step,
    events: Vec<AnyEvent>,
    now: OffsetDateTime,
) -> ServiceResult<PendingStep> {
    let worked = Worked::new(before, state, events, now)?;
    if worked.outcome.is_none() {
        return worked.finish(step, None, now);
    }
    let id = worked.row.id;
    WorkedStep { worked, step, now }
        .result(conn, RatingsRead::Locked)
        .await?
        // Locked, a missing rating row is created: never `None`.
        .ok_or_else(|| ServiceError::internal("an ending without its ratings", id))
}

/// Works out a step as [`work_out_step`] does, without the database: what is left to do is
/// its result, if it ends the match ([`WorkedStep::ends_match`]).
pub(super) fn work_out_going_step(
    before: Loaded,
    state: AnyState,
    step: Step,
    events: Vec<AnyEvent>,
    now: OffsetDateTime,
) -> ServiceResult<WorkedStep> {
    let worked = Worked::new(before, state, events, now)?;
    Ok(WorkedStep { worked, step, now })
}

/// A step worked out but for its result and its rating changes, if it ends its match.
pub(super) struct WorkedStep {
    worked: Worked,
    step: Step,
    now: OffsetDateTime,
}

impl WorkedStep {
    /// Whether the step ends its match: its result and rating changes are still to be worked
    /// out ([`WorkedStep::result`]).
    pub(super) fn ends_match(&self) -> bool {
        self.worked.outcome.is_some()
    }

    /// The step as it will be written, if it does not end its match.
    pub(super) fn going(self) -> ServiceResult<PendingStep> {
        if self.ends_match() {
            return Err(ServiceError::internal(
                "a step that ends its match written without its result",
                self.worked.row.id,
            ));
        }
        self.worked.finish(self.step, None, self.now)
    }

    /// The step with its result and rating changes, the players' ratings read as `read` says;
    /// `None` if, read as they stand, a player's first rating row of the game was created at
    /// the same moment by another ending (the step is then to be played under the lock).
    pub(super) async fn result(
        self,
        conn: &mut AsyncPgConnection,
        read: RatingsRead,
    ) -> ServiceResult<Option<PendingStep>> {
        let WorkedStep {
            mut worked,
            step,
            now,
        } = self;
        let id = worked.row.id;
        let outcome = worked
            .outcome
            .as_ref()
            .ok_or_else(|| ServiceError::internal("an ending without an outcome", id))?;
        let Some((result, ratings)) = result_of(
            conn,
            &worked.row,
            &worked.seats,
            step.kind,
            outcome,
            now,
            read,
        )
        .await?
        else {
            return Ok(None);
        };
        let ending = ranking(worked.row.id, &result, ratings, &mut worked.seats)?;
        worked.finish(step, Some((result, ending)), now).map(Some)
    }
}

/// A step with its chance steps resolved and its clock set: what is left to do is its result,
/// if the game is over.
struct Worked {
    row: MatchRow,
    seats: Vec<Seated>,
    state: AnyState,
    events: Vec<AnyEvent>,
    chance_count: i64,
    records: Vec<ChanceRecord>,
    outcome: Option<Outcome>,
    to_act_seat: Option<i16>,
    clock: TurnClock,
}

impl Worked {
    fn new(
        before: Loaded,
        mut state: AnyState,
        mut events: Vec<AnyEvent>,
        now: OffsetDateTime,
    ) -> ServiceResult<Worked> {
        let Loaded { row, seats, .. } = before;
        let (chance_count, records) = chance_after(&mut state, &row, &mut events)?;
        let outcome = state.outcome();
        let next = to_act(&state);
        let to_act_seat = next.map(stored_seat).transpose()?;
        let next_on_vacation =
            next.map(|seat| row.vacation_pauses && row.vacation_of(seat).is_some());
        let clock = clock_after(outcome.is_some(), next_on_vacation, row.days_per_move, now)?;
        Ok(Worked {
            row,
            seats,
            state,
            events,
            chance_count,
            records,
            outcome,
            to_act_seat,
            clock,
        })
    }

    /// The step as it will be written, with the match's `result` if the game is over.
    fn finish(
        self,
        step: Step,
        ended: Option<(MatchResult, Ending)>,
        now: OffsetDateTime,
    ) -> ServiceResult<PendingStep> {
        let (result, ending) = ended.unzip();
        let encoded = EncodedStep::new(
            result.as_ref(),
            &self.records,
            step.action.as_ref(),
            &self.events,
        )?;
        let row = self.row;
        let dates = dates_after(step.kind, result.is_some(), Dates::of(&row), now);
        let row = MatchRow {
            state: Some(JsonText::from(self.state.to_json_text().map_err(|e| {
                ServiceError::internal("a state does not serialise", e)
            })?)),
            status: status_after(self.outcome.is_some()).as_str().to_owned(),
            version: row.version + 1,
            chance_count: self.chance_count,
            to_act_seat: self.to_act_seat,
            deadline: self.clock.deadline,
            paused_time_left_us: self.clock.paused_time_left_us,
            result: encoded.result,
            started_at: dates.started_at,
            finished_at: dates.finished_at,
            updated_at: now,
            turn_count: row.turn_count + 1,
            moved_seats: moved_after(row.moved_seats, step.seat)?,
            ..row
        };
        Ok(PendingStep {
            after: Loaded {
                row,
                seats: self.seats,
                result,
                state: Some(self.state),
            },
            seat: step.seat.map(stored_seat).transpose()?,
            kind: step.kind,
            action: encoded.action,
            chance: encoded.chance,
            events: encoded.events,
            notify_after_commit: step.notify_after_commit,
            ending,
        })
    }
}

/// Resolves the chance steps due after a decision ([`resolve_chance`]) from the dice stream of
/// the match of `row`: its chance counter once they are, and their records.
fn chance_after(
    state: &mut AnyState,
    row: &MatchRow,
    events: &mut Vec<AnyEvent>,
) -> ServiceResult<(i64, Vec<ChanceRecord>)> {
    let mut chance_count = row.chance_count;
    let mut records = Vec::new();
    resolve_chance(state, &row.seed, &mut chance_count, &mut records, events)?;
    Ok((chance_count, records))
}

/// The clock of a match after a step: the deadline of the player to act, or the time they have
/// left while it is paused.
#[derive(Debug, PartialEq, Eq)]
struct TurnClock {
    deadline: Option<OffsetDateTime>,
    paused_time_left_us: Option<i64>,
}

/// The clock after a step taken at `now`: none when the game is over (`game_over`), when no
/// player is to act (`next_on_vacation` is `None`) or when the match has no time per move;
/// else the player to act has the whole time per move, paused while they are on vacation.
fn clock_after(
    game_over: bool,
    next_on_vacation: Option<bool>,
    days_per_move: Option<i16>,
    now: OffsetDateTime,
) -> ServiceResult<TurnClock> {
    let (deadline, paused_time_left_us) = match (game_over, next_on_vacation, days_per_move) {
        (false, Some(on_vacation), Some(days)) => {
            let time_per_move = time::Duration::days(i64::from(days));
            if on_vacation {
                let us = i64::try_from(time_per_move.whole_microseconds())
                    .map_err(|_| ServiceError::internal("the time per move does not fit", days))?;
                (None, Some(us))
            } else {
                (Some(now + time_per_move), None)
            }
        }
        _ => (None, None),
    };
    Ok(TurnClock {
        deadline,
        paused_time_left_us,
    })
}

/// The status of a match after a step: finished when the game is over, else active.
/// The seats that have taken a turn once `seat` (if a seat acts) has taken one.
fn moved_after(moved: i32, seat: Option<usize>) -> ServiceResult<i32> {
    match seat {
        None => Ok(moved),
        Some(seat) if seat < 31 => Ok(moved | (1 << seat)),
        Some(seat) => Err(ServiceError::internal(
            "a seat beyond the moved seats' bits",
            seat,
        )),
    }
}

fn status_after(game_over: bool) -> MatchStatus {
    if game_over {
        MatchStatus::Finished
    } else {
        MatchStatus::Active
    }
}

/// When a match started and finished.
#[derive(Debug, PartialEq, Eq)]
struct Dates {
    started_at: Option<OffsetDateTime>,
    finished_at: Option<OffsetDateTime>,
}

impl Dates {
    /// When the match of `row` started and finished.
    fn of(row: &MatchRow) -> Dates {
        Dates {
            started_at: row.started_at,
            finished_at: row.finished_at,
        }
    }
}

/// When a match started and finished (`before` a step) once a step of `kind` is taken at
/// `now` (`ends`: the step ends the match): a start step starts it, a step that ends it
/// finishes it.
fn dates_after(kind: TurnKind, ends: bool, before: Dates, now: OffsetDateTime) -> Dates {
    Dates {
        started_at: if kind == TurnKind::Start {
            Some(now)
        } else {
            before.started_at
        },
        finished_at: if ends { Some(now) } else { before.finished_at },
    }
}

/// The JSON of a step as its turn-log row and match row store it.
struct EncodedStep {
    result: Option<Value>,
    chance: Value,
    action: Option<Value>,
    events: Value,
}

impl EncodedStep {
    fn new(
        result: Option<&MatchResult>,
        chance: &[ChanceRecord],
        action: Option<&AnyAction>,
        events: &[AnyEvent],
    ) -> ServiceResult<EncodedStep> {
        let encoding = |e: serde_json::Error| ServiceError::internal("cannot encode a turn", e);
        Ok(EncodedStep {
            result: result
                .map(serde_json::to_value)
                .transpose()
                .map_err(encoding)?,
            chance: serde_json::to_value(chance).map_err(encoding)?,
            action: action
                .map(serde_json::to_value)
                .transpose()
                .map_err(encoding)?,
            events: serde_json::to_value(events).map_err(encoding)?,
        })
    }
}

/// The final ranks and scores of the seats, for the statement that ends the match to write
/// ([`Ending`]), with the match's rating changes; the seats as the view shows them take them.
fn ranking(
    match_id: Uuid,
    result: &MatchResult,
    ratings: ratings::Ended,
    seats: &mut [Seated],
) -> ServiceResult<Ending> {
    let mut ending = Ending {
        match_id,
        seats: Vec::with_capacity(result.ranking.len()),
        ranks: Vec::with_capacity(result.ranking.len()),
        scores: Vec::with_capacity(result.ranking.len()),
        reason: result.reason.clone(),
        ratings,
    };
    for entry in &result.ranking {
        ending.seats.push(stored_seat(entry.seat)?);
        ending.ranks.push(stored_seat(entry.rank)?);
        ending.scores.push(entry.score);
        if let Some(seat) = seats.iter_mut().find(|s| s.view.seat == entry.seat) {
            seat.view.rank = Some(entry.rank);
            seat.view.score = Some(entry.score);
        }
    }
    Ok(ending)
}

/// The result of a match that just ended by a step of `kind`, with the rating changes it makes
/// if it is rated (worked out here from the players' ratings read as `read` says, under their
/// locks in the transaction that ends the match or as they stand; written with the step).
/// `None` when, read as they stand, a player's rating row was created meanwhile ([`Rated`]).
pub(super) async fn result_of(
    conn: &mut AsyncPgConnection,
    row: &MatchRow,
    seats: &[Seated],
    kind: TurnKind,
    outcome: &Outcome,
    now: OffsetDateTime,
    read: RatingsRead,
) -> ServiceResult<Option<(MatchResult, ratings::Ended)>> {
    let mut ranking = Vec::with_capacity(outcome.ranking.len());
    let mut final_seats = Vec::with_capacity(outcome.ranking.len());
    for placing in &outcome.ranking {
        let seated = seats
            .iter()
            .find(|s| s.view.seat == placing.seat)
            .ok_or_else(|| ServiceError::internal("a ranked seat is empty", placing.seat))?;
        ranking.push(RankingEntry {
            seat: placing.seat,
            username: seated.view.username.clone(),
            rank: placing.rank,
            score: placing.score,
            rating_before: None,
            rating_after: None,
        });
        final_seats.push(FinalSeat {
            seat: placing.seat,
            user_id: seated.user_id,
            rank: placing.rank,
        });
    }
    let rated = ratings::rate_match(
        conn,
        row.id,
        row.game_id()?,
        row.rated,
        &final_seats,
        now,
        read,
    )
    .await?;
    let ratings = match rated {
        Rated::Ended(ended) => ended,
        Rated::DoesNotCount => ratings::Ended::nothing(row.id, now),
        Rated::NoRowYet => return Ok(None),
    };
    for (entry, change) in ranking.iter_mut().zip(ratings.changes()) {
        entry.rating_before = Some(change.before);
        entry.rating_after = Some(change.after);
    }
    let result = MatchResult {
        ranking,
        reason: result_reason(kind, outcome).to_owned(),
    };
    Ok(Some((result, ratings)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2024-03-01 12:00 UTC);

    fn turn_clock(deadline: Option<OffsetDateTime>, paused_time_left_us: Option<i64>) -> TurnClock {
        TurnClock {
            deadline,
            paused_time_left_us,
        }
    }

    #[test]
    fn the_player_to_act_has_the_whole_time_per_move() {
        let clock_of = clock_after(false, Some(false), Some(3), NOW).unwrap();
        assert_eq!(
            clock_of,
            turn_clock(Some(NOW + time::Duration::days(3)), None)
        );
    }

    #[test]
    fn the_clock_of_a_player_on_vacation_starts_paused() {
        let clock_of = clock_after(false, Some(true), Some(2), NOW).unwrap();
        assert_eq!(clock_of, turn_clock(None, Some(2 * 86_400 * 1_000_000)));
    }

    #[test]
    fn no_clock_once_over_without_a_player_to_act_or_without_time_per_move() {
        for (over, next, days) in [
            (true, Some(false), Some(3)),
            (true, Some(true), Some(3)),
            (false, None, Some(3)),
            (false, Some(false), None),
            (false, Some(true), None),
        ] {
            let clock_of = clock_after(over, next, days, NOW).unwrap();
            assert_eq!(clock_of, turn_clock(None, None), "{over} {next:?} {days:?}");
        }
    }

    #[test]
    fn a_match_is_finished_once_the_game_is_over() {
        assert_eq!(status_after(true), MatchStatus::Finished);
        assert_eq!(status_after(false), MatchStatus::Active);
    }

    #[test]
    fn the_start_starts_a_match_and_its_last_step_finishes_it() {
        let earlier = datetime!(2024-02-01 08:00 UTC);
        let none = || Dates {
            started_at: None,
            finished_at: None,
        };
        let started = || Dates {
            started_at: Some(earlier),
            finished_at: None,
        };
        let dates = |started_at, finished_at| Dates {
            started_at,
            finished_at,
        };
        assert_eq!(
            dates_after(TurnKind::Start, false, none(), NOW),
            dates(Some(NOW), None)
        );
        assert_eq!(
            dates_after(TurnKind::Action, false, started(), NOW),
            dates(Some(earlier), None)
        );
        for kind in [TurnKind::Action, TurnKind::Resign, TurnKind::Timeout] {
            assert_eq!(
                dates_after(kind, true, started(), NOW),
                dates(Some(earlier), Some(NOW))
            );
        }
        // A game over at its start (no move to play) starts and finishes at once.
        assert_eq!(
            dates_after(TurnKind::Start, true, none(), NOW),
            dates(Some(NOW), Some(NOW))
        );
    }
}

//! Vacation: a player away for a while stops the clocks of their moves.
//!
//! The allowance: each player may take [`Settings::vacation_days_per_year`](crate::services::Settings)
//! days of vacation per calendar year (UTC), counted in whole days, never below zero.
//! - A vacation from `start` (the request) until `until` takes from the allowance the days it
//!   begins: `ceil((until - start) / 24 h)` ([`days_begun`]): until tomorrow at the same hour
//!   is 1 day, one second more is 2. It counts against the year it starts in.
//! - Returning early at `t` gives back the whole days not yet begun:
//!   `charged - ceil((t - start) / 24 h)` ([`days_refunded`]); a vacation that runs to its
//!   end gives nothing back.
//! - One vacation at a time: starting another while one is in force is refused
//!   (`already_on_vacation`, 409); return first, then start the new one.
//! - Too late: starting a vacation while a match of the player's has run past their deadline
//!   is refused (`deadline_passed`, 409): the clock's next pass records their time-out.
//!
//! The clocks: while a player is on vacation, every active match where they are to act has
//! its clock paused (`matches.deadline` null, `matches.paused_time_left_us` the time that
//! was left); a turn that passes to them starts paused with the whole time per move
//! (`matches::step`); when they return, or when their vacation runs out (the clock loop,
//! [`end_expired`]), each paused clock runs again with the time it had left. So nobody can
//! win on time against a player on vacation. Bots never take vacations.
//!
//! Concurrency: starting and ending a vacation are one transaction each, which locks the
//! player's row, then every open or active match they sit at (in id order), then writes the
//! player (a trigger copies the vacation onto those matches' rows) and their clocks. A move
//! locks its match and reads the vacations of its players from the row (`MatchRow::seated`):
//! a move that got its lock first has committed by the time the vacation's statements read
//! the match, and one that waits reads the row as the vacation's transaction left it. Joining a match locks the joiner's row for share
//! (`hold_vacation`), as the vacation's transaction cannot see a match they are joining.
//! The clock loop claims run-out vacations with `FOR UPDATE SKIP LOCKED`, so several server
//! processes never end one twice.

use diesel::prelude::*;
use diesel::sql_types::{Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, Duration, OffsetDateTime, UtcOffset};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::schema::{match_seats, matches, users};
use crate::services::Services;
use crate::worker::{self, Pieces};

/// A player's vacation and allowance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct VacationStatus {
    /// Until when the player is on vacation; `null` when they are not.
    #[serde(with = "time::serde::rfc3339::option")]
    pub on_vacation_until: Option<OffsetDateTime>,
    /// Whole days of vacation left this calendar year (UTC).
    pub days_left: i64,
    /// The allowance: whole days of vacation per calendar year.
    pub days_per_year: i64,
}

/// The whole days that the time from `from` to `to` begins: `ceil((to - from) / 24 h)`, and 0
/// when `to` is not after `from`.
pub fn days_begun(from: OffsetDateTime, to: OffsetDateTime) -> i64 {
    let span = to - from;
    if span <= Duration::ZERO {
        return 0;
    }
    let whole = span.whole_days();
    if span > Duration::days(whole) {
        whole + 1
    } else {
        whole
    }
}

/// The days given back to a player who took `charged` days for a vacation begun at
/// `started` and returns at `back`: the whole days not begun yet.
pub fn days_refunded(charged: i64, started: OffsetDateTime, back: OffsetDateTime) -> i64 {
    (charged - days_begun(started, back)).max(0)
}

/// The end of a vacation as a client writes it: a date and time (RFC 3339, with its offset),
/// or a date (`YYYY-MM-DD`), meaning the end of that day, UTC (back on the next day).
pub fn parse_until(raw: &str) -> ServiceResult<OffsetDateTime> {
    let raw = raw.trim();
    let refused = || {
        ServiceError::invalid(
            "until",
            "until_format",
            "must be a date (YYYY-MM-DD) or a date and time (RFC 3339)",
        )
    };
    let at = match OffsetDateTime::parse(raw, &Rfc3339) {
        Ok(at) => at,
        Err(_) => {
            let date = parse_date(raw).ok_or_else(refused)?;
            date.next_day()
                .ok_or_else(refused)?
                .midnight()
                .assume_offset(UtcOffset::UTC)
        }
    };
    let at = at.checked_to_offset(UtcOffset::UTC).ok_or_else(refused)?;
    // The precision PostgreSQL stores.
    Ok(at - Duration::nanoseconds(i64::from(at.nanosecond() % 1_000)))
}

/// `YYYY-MM-DD`.
fn parse_date(raw: &str) -> Option<Date> {
    Date::parse(raw, format_description!("[year]-[month]-[day]")).ok()
}

/// The vacation columns of a player's row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
struct Allowance {
    vacation_started_at: Option<OffsetDateTime>,
    vacation_until: Option<OffsetDateTime>,
    vacation_days_charged: Option<i16>,
    vacation_year: i32,
    vacation_days_used: i16,
}

/// A vacation in force.
struct InForce {
    started: OffsetDateTime,
    until: OffsetDateTime,
    charged: i64,
}

impl Allowance {
    /// The days taken from the allowance of `year`.
    fn used_in(&self, year: i32) -> i64 {
        if self.vacation_year == year {
            i64::from(self.vacation_days_used)
        } else {
            0
        }
    }

    fn days_left(&self, now: OffsetDateTime, per_year: u16) -> i64 {
        (i64::from(per_year) - self.used_in(now.year())).max(0)
    }

    fn in_force(&self) -> Option<InForce> {
        Some(InForce {
            started: self.vacation_started_at?,
            until: self.vacation_until?,
            charged: i64::from(self.vacation_days_charged?),
        })
    }

    fn status(&self, now: OffsetDateTime, per_year: u16) -> VacationStatus {
        VacationStatus {
            on_vacation_until: self.vacation_until,
            days_left: self.days_left(now, per_year),
            days_per_year: i64::from(per_year),
        }
    }
}

async fn allowance(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    lock: bool,
) -> ServiceResult<Allowance> {
    let query = users::table.find(user_id).select(Allowance::as_select());
    let found = if lock {
        query.for_update().first(conn).await
    } else {
        query.first(conn).await
    };
    found.optional()?.ok_or(ServiceError::Unauthenticated(
        "this account no longer exists",
    ))
}

/// The caller's vacation and the days left this year.
pub async fn status(services: &Services, who: &Identity) -> ServiceResult<VacationStatus> {
    let mut conn = services.conn().await?;
    let allowance = allowance(&mut conn, who.user_id, false).await?;
    Ok(allowance.status(services.now(), services.settings().vacation_days_per_year))
}

/// Starts a vacation of the caller until `until` ([`parse_until`]), taking its days from the
/// allowance and pausing, in the same transaction, the clock of every match where they are to
/// act.
pub async fn start(
    services: &Services,
    who: &Identity,
    until: &str,
) -> ServiceResult<VacationStatus> {
    let until = parse_until(until)?;
    let per_year = services.settings().vacation_days_per_year;
    let user_id = who.user_id;
    let mut conn = services.conn().await?;
    let status = conn
        .transaction::<_, ServiceError, _>(async |conn| {
            let account = allowance(conn, user_id, true).await?;
            let now = services.now();
            if account.vacation_until.is_some() {
                return Err(ServiceError::AlreadyOnVacation);
            }
            if until <= now {
                return Err(ServiceError::invalid(
                    "until",
                    "until_past",
                    "must be in the future",
                ));
            }
            let left = account.days_left(now, per_year);
            let days = days_begun(now, until);
            if days > left {
                return Err(ServiceError::invalid(
                    "until",
                    "vacation_allowance",
                    format!("this vacation would take {days} days and {left} are left this year"),
                ));
            }
            let used = stored_days(account.used_in(now.year()) + days)?;
            // A vacation pauses clocks that still run: one of the caller's that has run out
            // (the clock's next pass records the time-out) refuses it, else the late player
            // could move at any time during the vacation.
            let locked = lock_matches_of(conn, user_id).await?;
            if locked.iter().any(|clock| clock.overdue_for(user_id, now)) {
                return Err(ServiceError::DeadlinePassed);
            }
            diesel::update(users::table.find(user_id))
                .set((
                    users::vacation_started_at.eq(now),
                    users::vacation_until.eq(until),
                    users::vacation_days_charged.eq(stored_days(days)?),
                    users::vacation_year.eq(now.year()),
                    users::vacation_days_used.eq(used),
                ))
                .execute(conn)
                .await?;
            let paused = diesel::sql_query(
                "UPDATE matches SET \
                   paused_time_left_us = GREATEST(0, \
                     CAST(EXTRACT(EPOCH FROM deadline - $1) * 1000000 AS bigint)), \
                   deadline = NULL, version = version + 1, updated_at = $1 \
                 WHERE status = 'active' AND deadline IS NOT NULL AND vacation_pauses \
                   AND seat_user_ids[to_act_seat + 1] = $2",
            )
            .bind::<Timestamptz, _>(now)
            .bind::<SqlUuid, _>(user_id)
            .execute(conn)
            .await?;
            tracing::info!(user.id = %user_id, days, paused, "vacation started");
            Ok(VacationStatus {
                on_vacation_until: Some(until),
                days_left: left - days,
                days_per_year: i64::from(per_year),
            })
        })
        .await?;
    Ok(status)
}

/// The caller returns from vacation before its end: the whole days not begun go back to the
/// allowance, and, in the same transaction, every paused clock of theirs runs again with the
/// time it had left.
pub async fn end(services: &Services, who: &Identity) -> ServiceResult<VacationStatus> {
    let per_year = services.settings().vacation_days_per_year;
    let user_id = who.user_id;
    let mut conn = services.conn().await?;
    conn.transaction::<_, ServiceError, _>(async |conn| {
        let mut account = allowance(conn, user_id, true).await?;
        let now = services.now();
        let vacation = account.in_force().ok_or(ServiceError::NotOnVacation)?;
        // A vacation that has run out (the clock loop has not ended it yet) ended at its end.
        let back = now.min(vacation.until);
        account.vacation_days_used = finish(conn, user_id, &account, &vacation, back, now).await?;
        account.vacation_until = None;
        Ok(account.status(now, per_year))
    })
    .await
}

/// Ends the vacations that have run out (at most `at_most`) and runs their players' paused
/// clocks again from the vacation's end. Claims one player at a time with
/// `FOR UPDATE SKIP LOCKED`, so that several server processes can run it together without
/// ending a vacation twice. Returns how many vacations were ended.
pub async fn end_expired(services: &Services, at_most: usize) -> ServiceResult<usize> {
    worker::one_at_a_time(services, at_most, &RunOut).await
}

/// The vacations that have run out, ended one at a time.
struct RunOut;

impl Pieces for RunOut {
    async fn any_due(
        &self,
        conn: &mut AsyncPgConnection,
        now: OffsetDateTime,
    ) -> ServiceResult<bool> {
        // Most ticks find nothing: a plain read then, without a transaction (the partial index
        // on `vacation_until` answers it).
        let due: bool = diesel::select(diesel::dsl::exists(
            users::table.filter(users::vacation_until.le(now)),
        ))
        .get_result(conn)
        .await?;
        Ok(due)
    }

    async fn one(&self, conn: &mut AsyncPgConnection, now: OffsetDateTime) -> ServiceResult<bool> {
        let claimed: Option<(Uuid, Allowance)> = users::table
            .filter(users::vacation_until.le(now))
            .order(users::vacation_until)
            .select((users::id, Allowance::as_select()))
            .for_update()
            .skip_locked()
            .first(conn)
            .await
            .optional()?;
        let Some((user_id, account)) = claimed else {
            return Ok(false);
        };
        let Some(vacation) = account.in_force() else {
            return Err(ServiceError::internal(
                "a vacation without its start or its days",
                user_id,
            ));
        };
        finish(conn, user_id, &account, &vacation, vacation.until, now).await?;
        tracing::info!(user.id = %user_id, "vacation over");
        Ok(true)
    }
}

/// Ends the vacation in force of `user_id` (their row locked by the caller) as of `back`:
/// gives back the days not begun, clears it, and runs the paused clocks again from `back`.
/// Returns the days now taken from the allowance of the vacation's year.
async fn finish(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    account: &Allowance,
    vacation: &InForce,
    back: OffsetDateTime,
    now: OffsetDateTime,
) -> ServiceResult<i16> {
    let refund = days_refunded(vacation.charged, vacation.started, back);
    let used = stored_days((i64::from(account.vacation_days_used) - refund).max(0))?;
    lock_matches_of(conn, user_id).await?;
    diesel::update(users::table.find(user_id))
        .set((
            users::vacation_started_at.eq(None::<OffsetDateTime>),
            users::vacation_until.eq(None::<OffsetDateTime>),
            users::vacation_days_charged.eq(None::<i16>),
            users::vacation_days_used.eq(used),
        ))
        .execute(conn)
        .await?;
    let resumed = diesel::sql_query(
        "UPDATE matches SET \
           deadline = $1 + paused_time_left_us * interval '1 microsecond', \
           paused_time_left_us = NULL, version = version + 1, updated_at = $2 \
         WHERE status = 'active' AND paused_time_left_us IS NOT NULL \
           AND seat_user_ids[to_act_seat + 1] = $3",
    )
    .bind::<Timestamptz, _>(back)
    .bind::<Timestamptz, _>(now)
    .bind::<SqlUuid, _>(user_id)
    .execute(conn)
    .await?;
    tracing::info!(user.id = %user_id, refund, resumed, "vacation ended");
    Ok(used)
}

/// The clock of a match, as [`lock_matches_of`] reads it under the lock.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
struct MatchClock {
    status: String,
    to_act_seat: Option<i16>,
    deadline: Option<OffsetDateTime>,
    seat_user_ids: Vec<Uuid>,
}

impl MatchClock {
    /// Whether `user_id` is to act in this active match and their deadline has passed at
    /// `now`.
    fn overdue_for(&self, user_id: Uuid, now: OffsetDateTime) -> bool {
        let to_act = self
            .to_act_seat
            .and_then(|seat| usize::try_from(seat).ok())
            .and_then(|seat| self.seat_user_ids.get(seat));
        self.status == "active"
            && to_act == Some(&user_id)
            && self.deadline.is_some_and(|deadline| deadline <= now)
    }
}

/// Locks every open or active match that `user_id` sits at, in id order (as every vacation
/// transaction does, so that two of them never wait for each other in a circle): a move or a
/// start under way on one of them commits first, and the statements that follow see it.
/// Returns their clocks as they stand under the lock.
async fn lock_matches_of(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<Vec<MatchClock>> {
    // Found through the seats' index on the player (`match_seats_user_idx`), not by reading
    // every open or active match; the copy on the row is checked again under the lock.
    let seated_at = match_seats::table
        .filter(match_seats::user_id.eq(user_id))
        .select(match_seats::match_id);
    Ok(matches::table
        .filter(matches::id.eq_any(seated_at))
        .filter(matches::status.eq_any(["open", "active"]))
        .filter(matches::seat_user_ids.contains(vec![user_id]))
        .order(matches::id)
        .select(MatchClock::as_select())
        .for_update()
        .load(conn)
        .await?)
}

/// Holds `user_id`'s vacation still until the end of the caller's transaction (a lock for
/// share on their row): a player joining a match, whose start reads their vacation, which a
/// vacation starting at the same moment could not see.
pub(crate) async fn hold_vacation(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<()> {
    users::table
        .find(user_id)
        .select(users::id)
        .for_share()
        .first::<Uuid>(conn)
        .await
        .optional()?;
    Ok(())
}

/// A number of days as the database stores it (a `smallint`); the allowance is at most a year
/// of days, so one that does not fit is a bug.
fn stored_days(days: i64) -> ServiceResult<i16> {
    i16::try_from(days).map_err(|_| ServiceError::internal("a number of days does not fit", days))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const START: OffsetDateTime = datetime!(2026-07-01 15:00 UTC);

    #[test]
    fn a_vacation_takes_the_days_it_begins() {
        assert_eq!(days_begun(START, START), 0);
        assert_eq!(days_begun(START, START - Duration::hours(1)), 0);
        assert_eq!(days_begun(START, START + Duration::seconds(1)), 1);
        assert_eq!(days_begun(START, START + Duration::hours(23)), 1);
        assert_eq!(days_begun(START, START + Duration::days(1)), 1);
        assert_eq!(
            days_begun(START, START + Duration::days(1) + Duration::microseconds(1)),
            2
        );
        assert_eq!(days_begun(START, START + Duration::days(14)), 14);
        assert_eq!(days_begun(START, datetime!(2026-07-04 00:00 UTC)), 3);
    }

    #[test]
    fn returning_early_gives_back_the_days_not_begun() {
        // 5 days taken; back after 1 day and 2 hours: 2 days begun, 3 given back.
        let back = START + Duration::days(1) + Duration::hours(2);
        assert_eq!(days_refunded(5, START, back), 3);
        // Back at once: every day given back.
        assert_eq!(days_refunded(5, START, START), 5);
        // Back on the exact hour a day ends: that day is used, the next not begun.
        assert_eq!(days_refunded(5, START, START + Duration::days(2)), 3);
        // At the end, or later: nothing given back, never less than nothing.
        assert_eq!(days_refunded(5, START, START + Duration::days(5)), 0);
        assert_eq!(days_refunded(5, START, START + Duration::days(9)), 0);
    }

    #[test]
    fn until_is_a_date_and_time_or_the_end_of_a_date() {
        assert_eq!(
            parse_until("2026-07-10T12:30:00Z").ok(),
            Some(datetime!(2026-07-10 12:30 UTC))
        );
        assert_eq!(
            parse_until("2026-07-10T12:30:00+02:00").ok(),
            Some(datetime!(2026-07-10 10:30 UTC))
        );
        assert_eq!(
            parse_until(" 2026-07-10 ").ok(),
            Some(datetime!(2026-07-11 00:00 UTC))
        );
        assert_eq!(
            parse_until("2026-12-31").ok(),
            Some(datetime!(2027-01-01 00:00 UTC))
        );
        assert_eq!(
            parse_until("2026-07-10T12:30:00.1234567Z").ok(),
            Some(datetime!(2026-07-10 12:30:00.123456 UTC))
        );
        for bad in [
            "",
            "tomorrow",
            "2026-13-01",
            "2026-02-30",
            "10/07/2026",
            "2026-7-1",
            "2026-07-10T12:30",
            "9999-12-31",
            "2026-07-10-01",
        ] {
            match parse_until(bad) {
                Err(ServiceError::Validation { field, reason, .. }) => {
                    assert_eq!((field.as_ref(), reason), ("until", "until_format"), "{bad}")
                }
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn the_allowance_is_counted_per_calendar_year() {
        let account = Allowance {
            vacation_started_at: None,
            vacation_until: None,
            vacation_days_charged: None,
            vacation_year: 2026,
            vacation_days_used: 10,
        };
        assert_eq!(account.days_left(START, 14), 4);
        assert_eq!(account.days_left(datetime!(2027-01-01 00:00 UTC), 14), 14);
        // A smaller allowance than the days already taken leaves none, never fewer.
        assert_eq!(account.days_left(START, 7), 0);
    }
}

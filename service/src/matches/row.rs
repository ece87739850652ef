//! A match as stored: its row, its seats decoded from the copy the row keeps, and the
//! statements that find and lock it.

use diesel::pg::Pg;
use diesel::pg::sql_types::Record;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment};
use diesel::sql_types::{Array, Bool, Nullable, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Deserialize;
use serde_json::Value;
use tapis_games::{AnyState, GameId, Turn};
use time::OffsetDateTime;
use uuid::Uuid;

use super::views::{Fairness, MatchResult, MatchStatus, SeatView};
use crate::db::OrNotFound;
use crate::db::json_text::JsonText;
use crate::db::kept::Ticket;
use crate::error::{ServiceError, ServiceResult};
use crate::identity::caller::Identity;
use crate::identity::confirmed::ConfirmedRow;
use crate::identity::credentials::Caller;
use crate::schema::{invitations, league_fixtures, matches, round_tables, users};
use crate::services::Services;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub(super) struct MatchRow {
    pub(super) id: Uuid,
    pub(super) game: String,
    pub(super) options: Value,
    pub(super) rated: bool,
    pub(super) status: String,
    pub(super) seat_count: i16,
    pub(super) creator_id: Uuid,
    pub(super) days_per_move: Option<i16>,
    pub(super) version: i64,
    /// The game's state, as the JSON text stored (read into the game's type once).
    pub(super) state: Option<JsonText>,
    pub(super) seed: Vec<u8>,
    pub(super) seed_sha256: String,
    pub(super) chance_count: i64,
    pub(super) to_act_seat: Option<i16>,
    pub(super) deadline: Option<OffsetDateTime>,
    pub(super) result: Option<Value>,
    pub(super) created_at: OffsetDateTime,
    pub(super) started_at: Option<OffsetDateTime>,
    pub(super) finished_at: Option<OffsetDateTime>,
    pub(super) updated_at: OffsetDateTime,
    /// The user of each seat, in seat order (a copy of `match_seats` kept by a trigger).
    pub(super) seat_user_ids: Vec<Uuid>,
    /// Their usernames, in the same order.
    pub(super) seat_usernames: Vec<String>,
    /// How many rows the match has in the turn log: the seq of the next one.
    pub(super) turn_count: i64,
    /// While the player to act is on vacation, the time they have left (microseconds); the
    /// `deadline` is then null.
    pub(super) paused_time_left_us: Option<i64>,
    /// The seats that have taken a turn (moved, resigned or run out of time): bit `n` for seat
    /// `n`. Until every seat has, a player may abort the match.
    pub(super) moved_seats: i32,
    /// The rematch a player asked for once the match was over.
    pub(super) rematch_id: Option<Uuid>,
    /// Whether a vacation pauses this match's clock (all matches but the tables of a
    /// tournament whose organiser chose otherwise).
    pub(super) vacation_pauses: bool,
    /// Until when the player of each seat is on vacation (null: not on vacation), and whether
    /// each is a computer player, in seat order: the copies of `users.vacation_until` and
    /// `users.is_bot` (the one source of both) that the row keeps ([`SeatCopy`]).
    #[diesel(select_expression = SeatCopy)]
    #[diesel(select_expression_type = SeatCopy)]
    pub(super) seated: (Vec<Option<OffsetDateTime>>, Vec<bool>),
    /// The row's `xmin` as text: the transaction that wrote this version of the row. Any
    /// write to the row changes it, so a move worked out without a lock is written only if
    /// the row is still exactly as it was read ([`super::store::RecordStep`]).
    #[diesel(select_expression = RowStamp)]
    #[diesel(select_expression_type = RowStamp)]
    pub(super) stamp: String,
}

/// The vacations and computer flags of a match's players, in seat order, as one record: the
/// columns `seat_vacations` and `seat_bots`, copies of `users.vacation_until` and
/// `users.is_bot` that the database keeps in step (the triggers `match_seats_copy` and
/// `users_seat_copy`; the copy of vacations is kept while the match is open or active, the
/// only time a vacation is shown or pauses a clock). They were read from `users` by a
/// sub-select of every statement reading a match, which cost PostgreSQL more than the rest of
/// the statement (`docs/performance.md`). Named here rather than in `schema.rs` because
/// Diesel's `table!` takes 32 columns without its `64-column-tables` feature, which slows
/// every build; written as its own expression (not Diesel's `sql` literal, which Diesel never
/// keeps prepared) so that the statements reading a match are prepared once per connection
/// and cached by their type.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct SeatCopy;

impl diesel::query_builder::QueryId for SeatCopy {
    type QueryId = Self;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Expression for SeatCopy {
    type SqlType = Record<(Array<Nullable<Timestamptz>>, Array<Bool>)>;
}

impl AppearsOnTable<matches::table> for SeatCopy {}

impl SelectableExpression<matches::table> for SeatCopy {}

impl<GB> diesel::expression::ValidGrouping<GB> for SeatCopy {
    type IsAggregate = diesel::expression::is_aggregate::Never;
}

impl QueryFragment<Pg> for SeatCopy {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("ROW(matches.seat_vacations, matches.seat_bots)");
        Ok(())
    }
}

/// `matches.xmin` as text ([`MatchRow::stamp`]): PostgreSQL's system column, which Diesel's
/// `table!` does not name. Its own expression, like [`SeatCopy`], so that the statements
/// reading a match stay prepared.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct RowStamp;

impl diesel::query_builder::QueryId for RowStamp {
    type QueryId = Self;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Expression for RowStamp {
    type SqlType = diesel::sql_types::Text;
}

impl AppearsOnTable<matches::table> for RowStamp {}

impl SelectableExpression<matches::table> for RowStamp {}

impl<GB> diesel::expression::ValidGrouping<GB> for RowStamp {
    type IsAggregate = diesel::expression::is_aggregate::Never;
}

impl QueryFragment<Pg> for RowStamp {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("matches.xmin::text");
        Ok(())
    }
}

impl MatchRow {
    pub(super) fn status(&self) -> ServiceResult<MatchStatus> {
        MatchStatus::parse(&self.status)
    }

    pub(super) fn game_id(&self) -> ServiceResult<GameId> {
        self.game
            .parse()
            .map_err(|e| ServiceError::internal("stored game id is unknown", e))
    }

    pub(super) fn load_state(&self) -> ServiceResult<AnyState> {
        let json = self
            .state
            .as_ref()
            .ok_or_else(|| ServiceError::internal("active match without state", self.id))?;
        AnyState::from_json_text(self.game_id()?, json.as_bytes())
            .map_err(|e| ServiceError::internal("stored state is unreadable", e))
    }

    /// Whether the match may still be aborted: it is in play and some seat has not taken a
    /// turn yet.
    pub(super) fn abortable(&self) -> ServiceResult<bool> {
        let seats = u32::try_from(self.seat_count)
            .ok()
            .filter(|n| *n < 31)
            .ok_or_else(|| {
                ServiceError::internal("a stored seat count is out of range", self.seat_count)
            })?;
        let every_seat = (1i32 << seats) - 1;
        Ok(self.status()? == MatchStatus::Active && self.moved_seats & every_seat != every_seat)
    }

    /// Until when the player of `seat` is on vacation, if they are.
    pub(super) fn vacation_of(&self, seat: usize) -> Option<OffsetDateTime> {
        self.seated.0.get(seat).copied().flatten()
    }

    /// Whether the player of each seat is a computer player, in seat order.
    pub(super) fn seat_bots(&self) -> &[bool] {
        &self.seated.1
    }

    pub(super) fn fairness(&self) -> ServiceResult<Fairness> {
        let revealed = matches!(self.status()?, MatchStatus::Finished | MatchStatus::Aborted);
        Ok(Fairness {
            seed_sha256: self.seed_sha256.clone(),
            seed: revealed.then(|| hex::encode(&self.seed)),
        })
    }
}

/// The seats that may act now, from the row's seat to act (none, or that one).
pub(super) fn seats_to_act(to_act_seat: Option<i16>) -> ServiceResult<Vec<usize>> {
    Ok(to_act_seat
        .map(seat_index)
        .transpose()?
        .into_iter()
        .collect())
}

/// A seat number (or a seat count) read from the database, where it is a `smallint`: a
/// negative one is corrupt data, not seat 0.
pub(super) fn seat_index(seat: i16) -> ServiceResult<usize> {
    usize::try_from(seat)
        .map_err(|_| ServiceError::internal("a stored seat number is negative", seat))
}

/// A seat number (or a rank, or a seat count) as the database stores it, a `smallint`. The
/// games have at most a handful of seats, so one that does not fit is a bug, not a value to
/// clamp.
pub(super) fn stored_seat(seat: usize) -> ServiceResult<i16> {
    i16::try_from(seat)
        .map_err(|_| ServiceError::internal("a seat number does not fit a smallint", seat))
}

pub(super) fn to_act(state: &AnyState) -> Option<usize> {
    match state.turn() {
        Turn::Seat { seat } => Some(seat),
        Turn::Chance { .. } | Turn::Over => None,
    }
}

/// One seat of a match, with its player's id.
#[derive(Debug, Clone)]
pub(super) struct Seated {
    pub(super) view: SeatView,
    pub(super) user_id: Uuid,
}

/// The seats of a match from the copy its row keeps, with the final ranks and scores of
/// `result` once it is finished.
pub(super) fn seats_of(row: &MatchRow, result: Option<&MatchResult>) -> ServiceResult<Vec<Seated>> {
    let seated = row.seat_user_ids.len();
    if row.seat_usernames.len() != seated || row.seat_bots().len() != seated {
        return Err(ServiceError::internal(
            "the seat copy of a match is inconsistent",
            row.id,
        ));
    }
    // Whose vacation is worth showing: the players of a match still to be played.
    let playing = matches!(row.status()?, MatchStatus::Open | MatchStatus::Active);
    Ok(row
        .seat_user_ids
        .iter()
        .zip(&row.seat_usernames)
        .zip(row.seat_bots())
        .enumerate()
        .map(|(seat, ((user_id, username), bot))| {
            let ranked = result.and_then(|r| r.ranking.iter().find(|e| e.seat == seat));
            Seated {
                view: SeatView {
                    seat,
                    username: username.clone(),
                    bot: *bot,
                    score: ranked.map(|e| e.score),
                    rank: ranked.map(|e| e.rank),
                    on_vacation_until: row.vacation_of(seat).filter(|_| playing),
                },
                user_id: *user_id,
            }
        })
        .collect())
}

/// The players invited to the matches `ids` who have not answered: (match, player, name).
pub(super) async fn load_invited(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> ServiceResult<Vec<(Uuid, Uuid, String)>> {
    Ok(invitations::table
        .inner_join(users::table)
        .filter(invitations::match_id.eq_any(ids))
        .order((
            invitations::match_id,
            invitations::created_at,
            users::username,
        ))
        .select((invitations::match_id, users::id, users::username))
        .load(conn)
        .await?)
}

pub(super) async fn find_row(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<MatchRow> {
    matches::table
        .find(id)
        .select(MatchRow::as_select())
        .first(conn)
        .await
        .or_not_found("match")
}

pub(super) async fn lock_row(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<MatchRow> {
    matches::table
        .find(id)
        .select(MatchRow::as_select())
        .for_update()
        .first(conn)
        .await
        .or_not_found("match")
}

/// The row of match `id` (locked for the transaction if `lock`), and the caller: known
/// already, kept by the process (`db::kept`), or confirmed by the same statement
/// (`Credentials::confirm`) and kept if `keep` allows, so that finding who calls costs no
/// statement of its own. Credentials that do not hold (anymore) are refused
/// (`Unauthenticated`).
pub(super) async fn row_as(
    mut conn: &AsyncPgConnection,
    services: &Services,
    id: Uuid,
    caller: Option<Caller<'_>>,
    lock: bool,
    keep: Option<Ticket>,
) -> ServiceResult<(MatchRow, Option<Identity>)> {
    let now = OffsetDateTime::now_utc();
    let query = matches::table.find(id);
    // A caller the process keeps (`db::kept`) is confirmed without the subqueries.
    let kept = match caller {
        Some(Caller::Presenting(credentials)) => credentials.kept(services, now).transpose()?,
        Some(Caller::Known(_)) | None => None,
    };
    let presenting = match caller {
        Some(Caller::Presenting(credentials)) if kept.is_none() => Some(credentials),
        Some(_) | None => None,
    };
    let found = match (presenting, lock) {
        (None, false) => query
            .select(MatchRow::as_select())
            .first::<MatchRow>(&mut conn)
            .await
            .optional()?
            .map(|row| (row, None)),
        (None, true) => query
            .select(MatchRow::as_select())
            .for_update()
            .first::<MatchRow>(&mut conn)
            .await
            .optional()?
            .map(|row| (row, None)),
        (Some(credentials), false) => query
            .select((MatchRow::as_select(), credentials.confirm(now)))
            .first::<(MatchRow, ConfirmedRow)>(&mut conn)
            .await
            .optional()?
            .map(|(row, found)| (row, Some(found))),
        (Some(credentials), true) => query
            .select((MatchRow::as_select(), credentials.confirm(now)))
            .for_update()
            .first::<(MatchRow, ConfirmedRow)>(&mut conn)
            .await
            .optional()?
            .map(|(row, found)| (row, Some(found))),
    };
    let (row, confirmed) = found.ok_or(ServiceError::NotFound("match"))?;
    if kept.is_some() {
        return Ok((row, kept));
    }
    let who = match (caller, confirmed) {
        (Some(Caller::Known(who)), _) => Some(who.clone()),
        (Some(Caller::Presenting(credentials)), Some(found)) => {
            if let Some(ticket) = keep {
                credentials.keep(services, ticket, &found, now);
            }
            Some(credentials.confirmed(services, found, now)?)
        }
        (Some(Caller::Presenting(_)), None) | (None, _) => None,
    };
    Ok((row, who))
}

/// A match (its row holds its seats).
pub(super) async fn load_match(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Loaded> {
    Loaded::new(find_row(conn, id).await?)
}

/// A match, its row locked for this transaction.
pub(super) async fn lock_match(conn: &mut AsyncPgConnection, id: Uuid) -> ServiceResult<Loaded> {
    Loaded::new(lock_row(conn, id).await?)
}

/// Locks match `id`'s row ([`lock_match`]) for one of its players, in a use case for matches
/// in `status`: `NotAPlayer` unless `user_id` sits at it, then `refusal` unless the match is
/// in `status`. With the player's seat.
pub(super) async fn lock_for_player(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    user_id: Uuid,
    status: MatchStatus,
    refusal: ServiceError,
) -> ServiceResult<(Loaded, usize)> {
    let locked = lock_match(conn, id).await?;
    let seat = locked.seat_of(user_id).ok_or(ServiceError::NotAPlayer)?;
    if locked.row.status()? != status {
        return Err(refusal);
    }
    Ok((locked, seat))
}

/// What a view is made of: the row, its seats and result decoded and, when it is already at
/// hand (after a move), the decoded state of the row.
pub(super) struct Loaded {
    pub(super) row: MatchRow,
    pub(super) seats: Vec<Seated>,
    pub(super) result: Option<MatchResult>,
    pub(super) state: Option<AnyState>,
}

impl Loaded {
    pub(super) fn new(row: MatchRow) -> ServiceResult<Loaded> {
        let result = match &row.result {
            Some(json) => Some(
                MatchResult::deserialize(json)
                    .map_err(|e| ServiceError::internal("stored result is unreadable", e))?,
            ),
            None => None,
        };
        let seats = seats_of(&row, result.as_ref())?;
        Ok(Loaded {
            row,
            seats,
            result,
            state: None,
        })
    }

    pub(super) fn seat_of(&self, user_id: Uuid) -> Option<usize> {
        self.seats
            .iter()
            .find(|s| s.user_id == user_id)
            .map(|s| s.view.seat)
    }

    /// The seat `user_id` acts from: the seat to act if they sit there (a bot may sit in
    /// several seats of a casual match), else their first seat.
    pub(super) fn acting_seat_of(&self, user_id: Uuid) -> Option<usize> {
        let to_act = self.row.to_act_seat.and_then(|s| usize::try_from(s).ok());
        self.seats
            .iter()
            .find(|s| s.user_id == user_id && Some(s.view.seat) == to_act)
            .or_else(|| self.seats.iter().find(|s| s.user_id == user_id))
            .map(|s| s.view.seat)
    }

    /// The state, decoded from the row unless a move left it at hand.
    pub(super) fn take_state(&mut self) -> ServiceResult<AnyState> {
        match self.state.take() {
            Some(state) => Ok(state),
            None => self.row.load_state(),
        }
    }
}

/// Whether match `id` is a table of a tournament or a league's fixture (such matches cannot
/// be aborted: a player resigns instead, and the round or the season records it).
pub(crate) async fn is_tournament_table(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> ServiceResult<bool> {
    let in_round = diesel::dsl::exists(round_tables::table.filter(round_tables::match_id.eq(id)));
    let in_league =
        diesel::dsl::exists(league_fixtures::table.filter(league_fixtures::match_id.eq(id)));
    Ok(diesel::select(in_round.or(in_league))
        .get_result(conn)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::credentials::Credentials;
    use diesel::query_builder::QueryId;

    /// Diesel prepares a statement once per connection only if every part of it is safe to
    /// cache: each way of reading a match is, and those without a caller to confirm are even
    /// cached by their type (no SQL text built per request).
    fn static_id<T: QueryId>(_: &T) -> bool {
        T::HAS_STATIC_QUERY_ID
    }

    #[test]
    fn the_statements_reading_a_match_stay_prepared() {
        let id = Uuid::nil();
        let now = OffsetDateTime::UNIX_EPOCH;
        let read = matches::table.find(id).select(MatchRow::as_select());
        let lock = read.for_update();
        assert!(QueryFragment::<Pg>::is_safe_to_cache_prepared(&read, &Pg).unwrap_or(false));
        assert!(QueryFragment::<Pg>::is_safe_to_cache_prepared(&lock, &Pg).unwrap_or(false));
        assert!(static_id(&read) && static_id(&lock));
        for credentials in [
            Credentials::Session {
                user_id: id,
                session_id: id,
            },
            Credentials::ApiToken {
                hash: vec![0; 32],
                needs: None,
            },
        ] {
            let confirmed = matches::table
                .find(id)
                .select((MatchRow::as_select(), credentials.confirm(now)))
                .for_update();
            assert!(
                QueryFragment::<Pg>::is_safe_to_cache_prepared(&confirmed, &Pg).unwrap_or(false)
            );
        }
    }
}

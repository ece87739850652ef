//! What tournaments ask of matches: the terms of their tables checked as any match's
//! ([`MatchPlan::parse`]), a table's match written with its players seated and started at
//! once, and a match still in play at a round's deadline ended for adjudication.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use tapis_games::GameId;
use time::OffsetDateTime;
use uuid::Uuid;

use super::create::{Creator, Lineage, write_new};
use super::life::start;
use super::plan::{Invitees, MatchPlan};
use super::row::lock_row;
use super::views::{DaysPerMove, MatchStatus, NewMatch};
use crate::error::{ServiceError, ServiceResult};
use crate::fairness;
use crate::schema::matches;

/// The terms every table of a tournament is played on, checked as a match's.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TableTerms {
    pub(crate) game: GameId,
    /// Every option of the game, as the game accepted them.
    pub(crate) options: Value,
    pub(crate) rated: bool,
    pub(crate) days_per_move: i16,
    /// Whether a player's vacation pauses the table's clock (the organiser's choice).
    pub(crate) vacation_pauses: bool,
}

impl TableTerms {
    /// The terms of a table of `seats` seats of `game` with these options, or the first rule
    /// of a match they break (the game, the seats, the options, the clock, the rating).
    pub(crate) fn parse(
        game: &str,
        seats: usize,
        options: Option<Value>,
        rated: bool,
        days_per_move: i64,
    ) -> ServiceResult<TableTerms> {
        let plan = MatchPlan::parse(NewMatch {
            game: game.to_owned(),
            seats: i64::try_from(seats).unwrap_or(i64::MAX),
            options,
            rated: Some(rated),
            days_per_move: DaysPerMove::Days(days_per_move),
            invite: Vec::new(),
        })?;
        let days_per_move = plan
            .days_per_move
            .ok_or_else(|| ServiceError::internal("a tournament table without a clock", game))?;
        Ok(TableTerms {
            game: plan.game,
            options: plan.options,
            rated: plan.rated,
            days_per_move,
            vacation_pauses: true,
        })
    }
}

/// Writes the match of a tournament's table and starts it, in the caller's transaction:
/// `seats` in the pairing's order, the first of them taking the first seat (the others' order
/// is drawn as in any match). The caller holds the players' vacations still.
pub(crate) async fn create_table(
    conn: &mut AsyncPgConnection,
    terms: &TableTerms,
    seats: &[Uuid],
    now: OffsetDateTime,
) -> ServiceResult<Uuid> {
    let Some((&first, others)) = seats.split_first() else {
        return Err(ServiceError::internal(
            "a table without players",
            "create_table",
        ));
    };
    let plan = MatchPlan::parse(NewMatch {
        game: terms.game.as_str().to_owned(),
        seats: i64::try_from(seats.len()).unwrap_or(i64::MAX),
        options: Some(terms.options.clone()),
        rated: Some(terms.rated),
        days_per_move: DaysPerMove::Days(i64::from(terms.days_per_move)),
        invite: Vec::new(),
    })
    .map_err(|e| ServiceError::internal("a tournament table's terms no longer hold", e))?;
    let seed = fairness::new_seed().map_err(|e| ServiceError::internal("no OS randomness", e))?;
    let id = Uuid::new_v4();
    let seated = Invitees {
        bots: others.to_vec(),
        people: Vec::new(),
    };
    let creator = Creator {
        user_id: first,
        username: "",
    };
    let lineage = Lineage {
        rematch_of: None,
        first: Some(first),
    };
    write_new(conn, id, &plan, &seated, creator, &seed, lineage).await?;
    if !terms.vacation_pauses {
        // Before the start, whose clock would otherwise pause for a first player away.
        diesel::update(matches::table.find(id))
            .set(matches::vacation_pauses.eq(false))
            .execute(conn)
            .await?;
    }
    start(conn, id, now).await?;
    Ok(id)
}

/// A match ended at a round's deadline: how its game stood, seat by seat.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Interrupted {
    /// The player of each seat.
    pub(crate) seat_user_ids: Vec<Uuid>,
    /// Each seat's estimated chance of winning and score ([`tapis_bots::evaluate::standing_of`]).
    pub(crate) chances: Vec<f64>,
    pub(crate) scores: Vec<f64>,
    /// Whether each seat had left the game (resigned or timed out).
    pub(crate) left: Vec<bool>,
}

/// Ends match `id` if it is still in play (status `aborted`, no rating change, its seed
/// revealed) and says how its game stood; `None` if it was over already. Locks its row.
pub(crate) async fn interrupt(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    now: OffsetDateTime,
) -> ServiceResult<Option<Interrupted>> {
    let row = lock_row(conn, id).await?;
    if row.status()? != MatchStatus::Active {
        return Ok(None);
    }
    let state = row.load_state()?;
    let standing = tapis_bots::evaluate::standing_of(&state);
    let left = (0..row.seat_user_ids.len())
        .map(|seat| state.has_left(seat))
        .collect();
    // The version changes: the `matches_notify` trigger tells the other server processes, and
    // the `matches_bot_to_act` trigger clears the computers' mark.
    diesel::update(matches::table.find(id))
        .set((
            matches::status.eq(MatchStatus::Aborted.as_str()),
            matches::version.eq(row.version + 1),
            matches::to_act_seat.eq(None::<i16>),
            matches::deadline.eq(None::<OffsetDateTime>),
            matches::paused_time_left_us.eq(None::<i64>),
            matches::finished_at.eq(now),
            matches::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    tracing::info!(match.id = %id, "match ended for adjudication");
    Ok(Some(Interrupted {
        seat_user_ids: row.seat_user_ids,
        chances: standing.chances,
        scores: standing.scores,
        left,
    }))
}

/// Whether match `id` is a table of a tournament (such matches cannot be aborted: a player
/// resigns instead, and the round records it).
pub(crate) async fn is_tournament_table(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> ServiceResult<bool> {
    use crate::schema::round_tables;
    Ok(diesel::select(diesel::dsl::exists(
        round_tables::table.filter(round_tables::match_id.eq(id)),
    ))
    .get_result(conn)
    .await?)
}

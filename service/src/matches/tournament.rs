//! What tournaments and leagues ask of matches: the terms of their tables checked as any
//! match's ([`MatchPlan::parse`]), a table's match written with its players seated and started
//! at once, and a table closed: its final ranks, or, for a match still in play at a round's or
//! a season's deadline, the match ended and adjudicated ([`crate::adjudication`]).

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use tapis_games::GameId;
use time::OffsetDateTime;
use uuid::Uuid;

use super::life::start;
use super::plan::{Invitees, MatchPlan};
use super::row::lock_row;
use super::views::{DaysPerMove, MatchStatus, NewMatch};
use super::write::{Creator, Lineage, end_in_play, write_new};
use crate::adjudication;
use crate::error::{ServiceError, ServiceResult};
use crate::fairness;
use crate::schema::{match_seats, matches};

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
    end_in_play(conn, id, row.version + 1, now).await?;
    tracing::info!(match.id = %id, "match ended for adjudication");
    Ok(Some(Interrupted {
        seat_user_ids: row.seat_user_ids,
        chances: standing.chances,
        scores: standing.scores,
        left,
    }))
}

/// How a table ended: each seat's place and game score, in the table's own seat order (the
/// pairing's or the schedule's), and whether they were given by adjudication.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TableOutcome {
    pub(crate) places: Vec<i16>,
    pub(crate) game_scores: Vec<i64>,
    pub(crate) adjudicated: bool,
}

/// Closes the table of match `match_id` whose players are `seats` (in the table's order): the
/// match's final ranks if it is over; if it is still in play (a deadline passed), the match is
/// ended now and its seats adjudicated ([`adjudication::places`]). Locks the match's row; the
/// caller locks several in the order of their ids.
pub(crate) async fn close_table(
    conn: &mut AsyncPgConnection,
    match_id: Uuid,
    seats: &[Uuid],
    now: OffsetDateTime,
) -> ServiceResult<TableOutcome> {
    let (places, game_scores, adjudicated) = match interrupt(conn, match_id, now).await? {
        Some(stood) => {
            let (places, scores) = adjudication::places(&stood.chances, &stood.left, &stood.scores);
            let by_user = by_seat_user(&stood.seat_user_ids, &places, &scores);
            let (places, scores) = in_table_order(seats, &by_user)?;
            (places, scores, true)
        }
        None => {
            let (places, scores) = finished_places(conn, match_id, seats).await?;
            (places, scores, false)
        }
    };
    Ok(TableOutcome {
        places,
        game_scores,
        adjudicated,
    })
}

/// Each user's place and score, from the seats' (a match's seat order).
fn by_seat_user(users: &[Uuid], places: &[u32], scores: &[i64]) -> HashMap<Uuid, (i16, i64)> {
    users
        .iter()
        .zip(places.iter().zip(scores))
        .map(|(user, (place, score))| (*user, (i16::try_from(*place).unwrap_or(i16::MAX), *score)))
        .collect()
}

/// The places and scores of `by_user` in the table's seat order.
fn in_table_order(
    seats: &[Uuid],
    by_user: &HashMap<Uuid, (i16, i64)>,
) -> ServiceResult<(Vec<i16>, Vec<i64>)> {
    seats
        .iter()
        .map(|user| {
            by_user
                .get(user)
                .copied()
                .ok_or_else(|| ServiceError::internal("a table's player is not at its match", user))
        })
        .collect::<ServiceResult<Vec<_>>>()
        .map(|both| both.into_iter().unzip())
}

/// The places and scores of a match that is over, in the table's seat order: its final ranks
/// (a tournament's or a league's match is never called off: it cannot be aborted, and one in
/// play at the deadline is adjudicated, so a seat without a rank is a bug).
async fn finished_places(
    conn: &mut AsyncPgConnection,
    match_id: Uuid,
    seats: &[Uuid],
) -> ServiceResult<(Vec<i16>, Vec<i64>)> {
    let ranked: Vec<(Uuid, Option<i16>, Option<i64>)> = match_seats::table
        .filter(match_seats::match_id.eq(match_id))
        .select((match_seats::user_id, match_seats::rank, match_seats::score))
        .load(conn)
        .await?;
    let by_user: HashMap<Uuid, (i16, i64)> = ranked
        .into_iter()
        .map(|(user, rank, score)| match (rank, score) {
            (Some(rank), Some(score)) => Ok((user, (rank, score))),
            _ => Err(ServiceError::internal(
                "a tournament's match ended without ranks",
                match_id,
            )),
        })
        .collect::<ServiceResult<_>>()?;
    in_table_order(seats, &by_user)
}

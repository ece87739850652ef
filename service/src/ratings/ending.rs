//! A match's ending and its players' ratings: whether it counts, the players' rating rows
//! read (locked, or as they stand) and the changes worked out ([`rate_match`]), and what the
//! statement that ends the match writes of them ([`Ended`]).

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Int4, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use tapis_games::GameId;
use time::OffsetDateTime;
use uuid::Uuid;

use super::elo::{self, Rating, RatingChange, Standing};
use super::games_count;
use crate::db::fragment::sql_then_bind;
use crate::error::{ServiceError, ServiceResult};
use crate::schema::ratings;

/// One seat of a finished match, as [`rate_match`] needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FinalSeat {
    pub seat: usize,
    pub user_id: Uuid,
    /// 1 = best; equal ranks are a tie.
    pub rank: usize,
}

/// Whether a finished match counts for ratings: it was created rated (which requires the
/// default options), and has two or more seats all held by distinct accounts.
fn counts(rated: bool, seats: &[FinalSeat]) -> bool {
    let mut users: Vec<Uuid> = seats.iter().map(|s| s.user_id).collect();
    users.sort_unstable();
    users.dedup();
    rated && seats.len() >= 2 && users.len() == seats.len()
}

/// How the ending of a match reads its players' ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RatingsRead {
    /// Locked until the caller's transaction ends (created first if missing): the ratings
    /// written are worked out from them, whatever else ends at the same moment.
    Locked,
    /// Read as they stand, without a lock (a missing row created first), by a move that ends
    /// its match without a transaction: the statement that writes the ending writes each
    /// rating only if it is still the one read ([`Ended::push_ctes`]), and fails whole if one
    /// changed meanwhile.
    AsTheyStand,
}

/// What a finished match does to its players' ratings ([`rate_match`]).
#[derive(Debug)]
pub(crate) enum Rated {
    /// The changes, for the statement that ends the match to write.
    Ended(Ended),
    /// The match does not count: the statement writes no rating.
    DoesNotCount,
    /// Read as they stand, a player's rating row was created at the same moment by another
    /// ending, and not seen: the ending is to be played under the lock, which reads it.
    NoRowYet,
}

/// Works out what a finished match does to its players' ratings: their rating rows are read
/// (`read`: locked in the caller's transaction, the one that ends the match, or as they stand)
/// and the changes are worked out ([`Ended`]), for the statement that ends the match to write.
pub(crate) async fn rate_match(
    conn: &mut AsyncPgConnection,
    match_id: Uuid,
    game: GameId,
    rated: bool,
    seats: &[FinalSeat],
    at: OffsetDateTime,
    read: RatingsRead,
) -> ServiceResult<Rated> {
    if !counts(rated, seats) {
        return Ok(Rated::DoesNotCount);
    }
    let rows = match read {
        RatingsRead::Locked => lock_rating_rows(conn, game, seats).await?,
        RatingsRead::AsTheyStand => read_rating_rows(conn, game, seats).await?,
    };
    let Some(standings) = standings_of(seats, &rows)? else {
        if read == RatingsRead::Locked {
            return Err(ServiceError::internal("a rating row vanished", match_id));
        }
        return Ok(Rated::NoRowYet);
    };
    let changes = elo::rate(&standings);
    Ended::new(match_id, game, at, seats, &standings, changes).map(Rated::Ended)
}

/// The rating rows of the players of `seats` (user, rating, rated matches), locked until the
/// caller's transaction ends; a missing row is created first.
async fn lock_rating_rows(
    conn: &mut AsyncPgConnection,
    game: GameId,
    seats: &[FinalSeat],
) -> ServiceResult<Vec<(Uuid, i64, i32)>> {
    let mut user_ids: Vec<Uuid> = seats.iter().map(|s| s.user_id).collect();
    user_ids.sort_unstable();

    // One statement, in user-id order: a missing row is inserted, an existing one is locked
    // (an update that changes nothing) and read as it now is. An insert racing another waits
    // for it to end, and a concurrent ending of another match of these players holds its rows
    // until it commits: this one then reads its result.
    let rows = diesel::insert_into(ratings::table)
        .values(
            user_ids
                .iter()
                .map(|user_id| {
                    (
                        ratings::user_id.eq(*user_id),
                        ratings::game.eq(game.as_str()),
                        ratings::rating.eq(elo::INITIAL_RATING.micros()),
                        ratings::games.eq(0),
                    )
                })
                .collect::<Vec<_>>(),
        )
        .on_conflict((ratings::user_id, ratings::game))
        .do_update()
        .set(ratings::games.eq(ratings::games))
        .returning((ratings::user_id, ratings::rating, ratings::games))
        .get_results(conn)
        .await?;
    Ok(rows)
}

/// The rating rows of the players of `seats` (user, rating, rated matches) as they stand,
/// without a lock ([`RowsAsTheyStand`]).
async fn read_rating_rows(
    conn: &mut AsyncPgConnection,
    game: GameId,
    seats: &[FinalSeat],
) -> ServiceResult<Vec<(Uuid, i64, i32)>> {
    let user_ids: Vec<Uuid> = seats.iter().map(|s| s.user_id).collect();
    let statement = RowsAsTheyStand {
        game: game.as_str(),
        user_ids: &user_ids,
        initial: elo::INITIAL_RATING.micros(),
    };
    Ok(statement.get_results(conn).await?)
}

/// The statement that reads the rating rows of a match's players as they stand, first creating
/// the missing ones as a player's first rated match of the game finds them (the initial
/// rating, no match yet: what the locked path creates too, and what every list shows for a
/// player without a row). A row created at the same moment by another ending is not seen
/// (it committed after this statement's snapshot), and the match ends under the lock. Its
/// text is the same whatever the number of players, so that it stays prepared.
struct RowsAsTheyStand<'a> {
    game: &'a str,
    user_ids: &'a [Uuid],
    initial: i64,
}

impl QueryId for RowsAsTheyStand<'_> {
    type QueryId = RowsAsTheyStand<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for RowsAsTheyStand<'_> {
    type SqlType = (SqlUuid, BigInt, Int4);
}

impl QueryFragment<Pg> for RowsAsTheyStand<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        sql_then_bind::<Text, _>(
            &mut out,
            "WITH created AS (INSERT INTO ratings (user_id, game, rating, games) SELECT u.id, ",
            self.game,
        )?;
        sql_then_bind::<BigInt, _>(&mut out, ", ", &self.initial)?;
        sql_then_bind::<Array<SqlUuid>, _>(&mut out, ", 0 FROM unnest(", self.user_ids)?;
        sql_then_bind::<Text, _>(
            &mut out,
            "::uuid[]) AS u(id) ON CONFLICT (user_id, game) DO NOTHING \
             RETURNING user_id, rating, games) \
             SELECT user_id, rating, games FROM created UNION ALL \
             SELECT user_id, rating, games FROM ratings WHERE game = ",
            self.game,
        )?;
        sql_then_bind::<Array<SqlUuid>, _>(&mut out, " AND user_id = ANY(", self.user_ids)?;
        out.push_sql("::uuid[])");
        Ok(())
    }
}

/// Each seat's standing before the match (its rating and rated matches, and its rank in the
/// match), in the order of `seats`, from its player's rating row; `None` if a player has none.
fn standings_of(
    seats: &[FinalSeat],
    rows: &[(Uuid, i64, i32)],
) -> ServiceResult<Option<Vec<Standing>>> {
    let mut standings = Vec::with_capacity(seats.len());
    for seat in seats {
        let Some((_, rating, games)) = rows.iter().find(|(user_id, _, _)| *user_id == seat.user_id)
        else {
            return Ok(None);
        };
        standings.push(Standing {
            rating: Rating::from_micros(*rating),
            games: games_count(*games)?,
            rank: seat.rank,
        });
    }
    Ok(Some(standings))
}

/// A rated match that just ended, as its players' ratings record it: each player's rating and
/// count of rated matches after it, and a line of their history. Written by the statement that
/// ends the match ([`Ended::push_ctes`]), which the caller checks ([`Ended::check_written`]).
#[derive(Debug, Clone)]
pub(crate) struct Ended {
    match_id: Uuid,
    game: &'static str,
    at: OffsetDateTime,
    user_ids: Vec<Uuid>,
    /// Each player's count of rated matches of the game, this one included.
    numbers: Vec<i32>,
    befores: Vec<i64>,
    afters: Vec<i64>,
    /// Each seat's change, in the order of the seats given.
    changes: Vec<RatingChange>,
}

impl Ended {
    /// What the match does to the rating of each of `seats` (with its `standings` before and
    /// its `changes`, in the same order).
    pub(crate) fn new(
        match_id: Uuid,
        game: GameId,
        at: OffsetDateTime,
        seats: &[FinalSeat],
        standings: &[Standing],
        changes: Vec<RatingChange>,
    ) -> ServiceResult<Ended> {
        let mut ended = Ended::nothing(match_id, at);
        ended.game = game.as_str();
        for ((seat, standing), change) in seats.iter().zip(standings).zip(&changes) {
            let games_after = standing
                .games
                .checked_add(1)
                .and_then(|games| i32::try_from(games).ok())
                .ok_or_else(|| {
                    ServiceError::internal("a count of rated matches overflows", standing.games)
                })?;
            ended.user_ids.push(seat.user_id);
            ended.numbers.push(games_after);
            ended.befores.push(change.before.micros());
            ended.afters.push(change.after.micros());
        }
        ended.changes = changes;
        Ok(ended)
    }

    /// A match that does not count: the statement that ends it writes no rating (it is the
    /// same statement, so that it stays prepared).
    pub(crate) fn nothing(match_id: Uuid, at: OffsetDateTime) -> Ended {
        Ended {
            match_id,
            game: "",
            at,
            user_ids: Vec::new(),
            numbers: Vec::new(),
            befores: Vec::new(),
            afters: Vec::new(),
            changes: Vec::new(),
        }
    }

    /// Each seat's change, in the order of the seats given; empty when the match does not
    /// count.
    pub(crate) fn changes(&self) -> &[RatingChange] {
        &self.changes
    }

    /// Pushes the common table expressions that write the ratings (`rated`) and their lines of
    /// history (`history`), each returning a row per row written, into a statement whose
    /// `updated` expression returns the `id` of the match row it wrote: nothing is written
    /// unless the match row was.
    pub(crate) fn push_ctes<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let (game, at) = (self.game, &self.at);
        sql_then_bind::<Array<SqlUuid>, _>(
            out,
            ", rating_changes AS (SELECT * FROM unnest(",
            &self.user_ids,
        )?;
        sql_then_bind::<Array<Int4>, _>(out, "::uuid[], ", &self.numbers)?;
        sql_then_bind::<Array<BigInt>, _>(out, "::integer[], ", &self.befores)?;
        sql_then_bind::<Array<BigInt>, _>(out, "::bigint[], ", &self.afters)?;
        // The rows are locked in user-id order before they are written, as every ending locks
        // them (`lock_rating_rows`): two endings that share players, each in a statement of
        // its own without a lock taken before, wait for each other instead of deadlocking.
        sql_then_bind::<Text, _>(
            out,
            "::bigint[]) AS u(user_id, number, rating_before, rating_after)), \
             in_order AS (SELECT r.user_id FROM ratings r, rating_changes c, updated \
             WHERE r.user_id = c.user_id AND r.game = ",
            game,
        )?;
        sql_then_bind::<Timestamptz, _>(
            out,
            " ORDER BY r.user_id FOR UPDATE OF r), \
             rated AS (UPDATE ratings r SET rating = c.rating_after, games = c.number, \
             updated_at = ",
            at,
        )?;
        sql_then_bind::<Text, _>(
            out,
            " FROM rating_changes c, in_order o \
             WHERE r.user_id = c.user_id AND o.user_id = c.user_id AND r.game = ",
            game,
        )?;
        // Only the rating the change was worked out from: under the lock it is, and a move
        // that read it without one ([`RatingsRead::AsTheyStand`]) writes nothing of the
        // ending if another ending changed it meanwhile (the statement's check fails).
        sql_then_bind::<Text, _>(
            out,
            " AND r.rating = c.rating_before AND r.games = c.number - 1 RETURNING 1), \
             history AS (INSERT INTO rating_history (user_id, game, number, match_id, \
             rating_before, rating_after, at) SELECT c.user_id, ",
            game,
        )?;
        sql_then_bind::<Timestamptz, _>(
            out,
            ", c.number, updated.id, c.rating_before, c.rating_after, ",
            at,
        )?;
        out.push_sql(" FROM rating_changes c, updated RETURNING 1)");
        Ok(())
    }

    /// Checks what the statement wrote (a count of rows of `ratings` and of `rating_history`):
    /// a rating and a line of history for every player, or the match fails with an internal
    /// error (and its transaction is rolled back) rather than end half-written.
    pub(crate) fn check_written(&self, ratings: i64, history: i64) -> ServiceResult<()> {
        let expected = i64::try_from(self.user_ids.len())
            .map_err(|_| ServiceError::internal("too many seats", self.user_ids.len()))?;
        if ratings != expected || history != expected {
            return Err(ServiceError::internal(
                "a rating of the match was not written",
                self.match_id,
            ));
        }
        for (user_id, change) in self.user_ids.iter().zip(&self.changes) {
            tracing::debug!(
                match.id = %self.match_id,
                user.id = %user_id,
                game = self.game,
                before = change.before.micros(),
                after = change.after.micros(),
                "rating changed"
            );
        }
        Ok(())
    }
}

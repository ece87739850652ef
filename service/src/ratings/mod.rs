//! Elo ratings per account and game (`docs/ratings.md`): applying a finished rated match to its
//! players' ratings inside the transaction that ends it, and reading ratings, their history
//! and the leaderboards.
//!
//! Concurrency: a player may finish two matches at the same moment, in two transactions that
//! each lock only their own match row. Both must count, so applying a match locks the players'
//! rating rows before reading them, by one statement in user-id order: `INSERT ... ON CONFLICT
//! DO UPDATE ... RETURNING` creates a missing row, and locks an existing one by an update that
//! changes nothing, returning it as it is once locked. Two endings that share players wait for
//! each other instead of deadlocking or losing an update.

pub mod elo;

use std::borrow::Cow;

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::AstPass;
use diesel::sql_types::{Array, BigInt, Bool, Int4, Int8, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tapis_games::GameId;
use time::OffsetDateTime;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

pub use elo::{Rating, RatingChange, RatingDelta, Standing};

use crate::db::fragment::sql_then_bind;
use crate::error::{ServiceError, ServiceResult};
use crate::identity::accounts::named_user;
use crate::schema::{rating_history, ratings};
use crate::services::Services;

impl Serialize for Rating {
    /// A JSON number of points, exact to the millionth (`1519.987654`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.points())
    }
}

impl<'de> Deserialize<'de> for Rating {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rating, D::Error> {
        let points = f64::deserialize(deserializer)?;
        Rating::from_points_f64(points)
            .ok_or_else(|| serde::de::Error::custom("a rating must be a finite number of points"))
    }
}

impl PartialSchema for Rating {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .description(Some(
                "An Elo rating in points, exact to the millionth (at most six decimals). \
                 Show it rounded to the nearest whole point, halves away from zero, with a `?` \
                 while the rating is provisional.",
            ))
            .examples([serde_json::json!(1519.987654)])
            .into()
    }
}

impl ToSchema for Rating {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Rating")
    }
}

/// A player's rating in one game.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct GameRating {
    /// The game id.
    pub game: String,
    pub rating: Rating,
    /// Rated matches of this game played.
    pub games: u32,
    /// Fewer than 10 rated matches: the rating is still finding its level.
    pub provisional: bool,
    /// The rating as shown to people: rounded, with `?` while provisional (`1520?`).
    pub display: String,
}

impl GameRating {
    pub(crate) fn new(game: GameId, rating: Rating, games: u32) -> GameRating {
        GameRating {
            game: game.as_str().to_owned(),
            rating,
            games,
            provisional: elo::is_provisional(games),
            display: elo::display(rating, games),
        }
    }
}

/// What one rated match did to a player's rating.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct HistoryEntry {
    pub match_id: Uuid,
    /// When the match ended.
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    pub rating_before: Rating,
    pub rating_after: Rating,
}

impl HistoryEntry {
    /// An entry from its row of `rating_history`: the match, when, the ratings before and after
    /// (in millionths of a point).
    fn from_row((match_id, at, before, after): (Uuid, OffsetDateTime, i64, i64)) -> HistoryEntry {
        HistoryEntry {
            match_id,
            at,
            rating_before: Rating::from_micros(before),
            rating_after: Rating::from_micros(after),
        }
    }
}

/// A place on a game's leaderboard.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct LeaderboardEntry {
    /// 1 = best; equal ratings share a rank (1, 2, 2, 4).
    pub rank: i64,
    pub username: String,
    /// Whether this is a computer player (`GET /api/v1/bots`).
    pub bot: bool,
    pub rating: Rating,
    /// Rated matches of this game played.
    pub games: u32,
}

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

/// A stored count of rated matches: a negative one is corrupt data, not 0.
fn games_count(games: i32) -> ServiceResult<u32> {
    u32::try_from(games)
        .map_err(|_| ServiceError::internal("a stored count of rated matches is negative", games))
}

/// How the ending of a match reads its players' ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RatingsRead {
    /// Locked until the caller's transaction ends (created first if missing): the ratings
    /// written are worked out from them, whatever else ends at the same moment.
    Locked,
    /// Read as they stand, without a lock, by a move that ends its match without a
    /// transaction: the statement that writes the ending writes each rating only if it is
    /// still the one read ([`Ended::push_ctes`]), and fails whole if one changed meanwhile.
    AsTheyStand,
}

/// What a finished match does to its players' ratings ([`rate_match`]).
#[derive(Debug)]
pub(crate) enum Rated {
    /// The changes, for the statement that ends the match to write.
    Ended(Ended),
    /// The match does not count: the statement writes no rating.
    DoesNotCount,
    /// Read as they stand, a player had no rating row of the game yet: the ending is to be
    /// played under the lock, which creates it.
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
/// without a lock: a player who has none yet is left out.
async fn read_rating_rows(
    conn: &mut AsyncPgConnection,
    game: GameId,
    seats: &[FinalSeat],
) -> ServiceResult<Vec<(Uuid, i64, i32)>> {
    let user_ids: Vec<Uuid> = seats.iter().map(|s| s.user_id).collect();
    let rows = ratings::table
        .filter(ratings::game.eq(game.as_str()))
        .filter(ratings::user_id.eq_any(user_ids))
        .select((ratings::user_id, ratings::rating, ratings::games))
        .load(conn)
        .await?;
    Ok(rows)
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

pub(crate) fn parse_game(game: &str) -> ServiceResult<GameId> {
    game.parse().map_err(|_| ServiceError::NotFound("game"))
}

/// Every game's rating of a user, in catalogue order; games never played rated show the
/// initial 1500 with no matches.
pub(crate) async fn load_for_user(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<Vec<GameRating>> {
    let rows: Vec<(String, i64, i32)> = ratings::table
        .filter(ratings::user_id.eq(user_id))
        .select((ratings::game, ratings::rating, ratings::games))
        .load(conn)
        .await?;
    GameId::ALL
        .into_iter()
        .map(
            |game| match rows.iter().find(|(id, _, _)| id == game.as_str()) {
                Some((_, rating, games)) => Ok(GameRating::new(
                    game,
                    Rating::from_micros(*rating),
                    games_count(*games)?,
                )),
                None => Ok(GameRating::new(game, elo::INITIAL_RATING, 0)),
            },
        )
        .collect()
}

/// A player's rating in every game.
pub async fn of_user(services: &Services, username: &str) -> ServiceResult<Vec<GameRating>> {
    let mut conn = services.conn().await?;
    let user = named_user(&mut conn, username).await?;
    load_for_user(&mut conn, user.id).await
}

/// The history of a player's rating in one game, oldest first: each entry's `rating_before`
/// is the previous entry's `rating_after`.
pub async fn history(
    services: &Services,
    username: &str,
    game: &str,
) -> ServiceResult<Vec<HistoryEntry>> {
    let game = parse_game(game)?;
    let mut conn = services.conn().await?;
    let user = named_user(&mut conn, username).await?;
    let rows: Vec<(Uuid, OffsetDateTime, i64, i64)> = rating_history::table
        .filter(rating_history::user_id.eq(user.id))
        .filter(rating_history::game.eq(game.as_str()))
        .order(rating_history::number)
        .select((
            rating_history::match_id,
            rating_history::at,
            rating_history::rating_before,
            rating_history::rating_after,
        ))
        .load(&mut conn)
        .await?;
    Ok(rows.into_iter().map(HistoryEntry::from_row).collect())
}

/// A player's rating history in every game they played rated, in catalogue order, each
/// oldest first (as [`history`] gives one game's), read in one statement.
pub(crate) async fn histories_of(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
) -> ServiceResult<Vec<(GameId, Vec<HistoryEntry>)>> {
    let rows: Vec<(String, Uuid, OffsetDateTime, i64, i64)> = rating_history::table
        .filter(rating_history::user_id.eq(user_id))
        .order((rating_history::game, rating_history::number))
        .select((
            rating_history::game,
            rating_history::match_id,
            rating_history::at,
            rating_history::rating_before,
            rating_history::rating_after,
        ))
        .load(conn)
        .await?;
    let mut histories: Vec<(GameId, Vec<HistoryEntry>)> = Vec::new();
    for (game, match_id, at, before, after) in rows {
        let game: GameId = game
            .parse()
            .map_err(|e| ServiceError::internal("a rating history names an unknown game", e))?;
        let entry = HistoryEntry::from_row((match_id, at, before, after));
        match histories.iter_mut().find(|(g, _)| *g == game) {
            Some((_, entries)) => entries.push(entry),
            None => histories.push((game, vec![entry])),
        }
    }
    histories.sort_by_key(|(game, _)| GameId::ALL.iter().position(|g| g == game));
    Ok(histories)
}

/// What each of `match_ids` did to a player's rating, for lists of matches (a profile's
/// finished matches): one pair per rated match of the list, in no particular order.
pub async fn changes_in_matches(
    services: &Services,
    user_id: Uuid,
    match_ids: &[Uuid],
) -> ServiceResult<Vec<(Uuid, RatingChange)>> {
    let mut conn = services.conn().await?;
    changes_in_matches_on(&mut conn, user_id, match_ids).await
}

/// [`changes_in_matches`], on a connection the caller holds.
pub(crate) async fn changes_in_matches_on(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    match_ids: &[Uuid],
) -> ServiceResult<Vec<(Uuid, RatingChange)>> {
    if match_ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(Uuid, i64, i64)> = rating_history::table
        .filter(rating_history::user_id.eq(user_id))
        .filter(rating_history::match_id.eq_any(match_ids))
        .select((
            rating_history::match_id,
            rating_history::rating_before,
            rating_history::rating_after,
        ))
        .load(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(match_id, before, after)| {
            (
                match_id,
                RatingChange {
                    before: Rating::from_micros(before),
                    after: Rating::from_micros(after),
                },
            )
        })
        .collect())
}

/// The default and largest page of a leaderboard.
pub const LEADERBOARD_PAGE: (i64, i64) = (50, 200);

#[derive(Debug, QueryableByName)]
struct LeaderboardRow {
    #[diesel(sql_type = BigInt)]
    rank: i64,
    #[diesel(sql_type = Text)]
    username: String,
    #[diesel(sql_type = Bool)]
    is_bot: bool,
    #[diesel(sql_type = Int8)]
    rating: i64,
    #[diesel(sql_type = Int4)]
    games: i32,
}

/// A game's leaderboard: players whose rating is no longer provisional, best first, `limit`
/// places (default 50, at most 200) from place `offset + 1`.
pub async fn leaderboard(
    services: &Services,
    game: &str,
    limit: Option<i64>,
    offset: Option<i64>,
) -> ServiceResult<Vec<LeaderboardEntry>> {
    let game = parse_game(game)?;
    let (default_limit, max_limit) = LEADERBOARD_PAGE;
    let limit = limit.unwrap_or(default_limit);
    if !(1..=max_limit).contains(&limit) {
        return Err(ServiceError::invalid(
            "limit",
            "limit_range",
            format!("must be from 1 to {max_limit}"),
        ));
    }
    let offset = offset.unwrap_or(0);
    if offset < 0 {
        return Err(ServiceError::invalid(
            "offset",
            "offset_negative",
            "must be 0 or more",
        ));
    }
    let mut conn = services.conn().await?;
    // The rank is computed over the whole board, before the page is cut out of it.
    let rows: Vec<LeaderboardRow> = diesel::sql_query(
        "SELECT rank() OVER (ORDER BY r.rating DESC) AS rank, u.username, u.is_bot, r.rating, \
                r.games \
         FROM ratings r JOIN users u ON u.id = r.user_id \
         WHERE r.game = $1 AND r.games >= $2 \
         ORDER BY r.rating DESC, lower(u.username), u.id \
         LIMIT $3 OFFSET $4",
    )
    .bind::<Text, _>(game.as_str())
    // Bound as a bigint, which every count of matches converts to (`games` is compared as one).
    .bind::<BigInt, _>(i64::from(elo::PROVISIONAL_MATCHES))
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(offset)
    .load(&mut conn)
    .await?;
    rows.into_iter()
        .map(|row| {
            Ok(LeaderboardEntry {
                rank: row.rank,
                bot: row.is_bot,
                username: row.username,
                rating: Rating::from_micros(row.rating),
                games: games_count(row.games)?,
            })
        })
        .collect()
}

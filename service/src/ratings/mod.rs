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
mod ending;

use std::borrow::Cow;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Int4, Int8, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tapis_games::GameId;
use time::OffsetDateTime;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

pub use elo::{Rating, RatingChange, RatingDelta, Standing};
pub(crate) use ending::{Ended, FinalSeat, Rated, RatingsRead, rate_match};

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

/// A stored count of rated matches: a negative one is corrupt data, not 0.
fn games_count(games: i32) -> ServiceResult<u32> {
    u32::try_from(games)
        .map_err(|_| ServiceError::internal("a stored count of rated matches is negative", games))
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

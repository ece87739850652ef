//! Following players: a list of the people one likes to play, with the matches they are
//! playing now.

use diesel::PgArrayExpressionMethods;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::ServiceResult;
use crate::identity::accounts::{named_other_user, named_user};
use crate::identity::caller::Identity;
use crate::schema::{follows, matches, users};
use crate::services::Services;

/// A match a followed player is playing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FollowedMatch {
    pub id: Uuid,
    pub game: String,
    /// Who sits there, in seat order.
    pub players: Vec<String>,
}

/// A player the caller follows, with the matches they are playing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Followed {
    pub username: String,
    #[serde(with = "time::serde::rfc3339")]
    pub since: OffsetDateTime,
    /// Their matches in play, the most recently moved first (at most 20).
    pub active: Vec<FollowedMatch>,
}

/// `who` follows the player named `username` (again: nothing changes).
pub async fn follow(services: &Services, who: &Identity, username: &str) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    let followed = named_other_user(
        &mut conn,
        who,
        username,
        "follow_self",
        "you cannot follow yourself",
    )
    .await?;
    diesel::insert_into(follows::table)
        .values((
            follows::follower_id.eq(who.user_id),
            follows::followed_id.eq(followed.id),
            follows::created_at.eq(services.now()),
        ))
        .on_conflict_do_nothing()
        .execute(&mut conn)
        .await?;
    Ok(())
}

/// `who` stops following the player named `username` (not followed: nothing changes).
pub async fn unfollow(services: &Services, who: &Identity, username: &str) -> ServiceResult<()> {
    let mut conn = services.conn().await?;
    let followed = named_user(&mut conn, username).await?;
    diesel::delete(
        follows::table
            .filter(follows::follower_id.eq(who.user_id))
            .filter(follows::followed_id.eq(followed.id)),
    )
    .execute(&mut conn)
    .await?;
    Ok(())
}

/// Whether `follower` follows `followed`.
pub(crate) async fn is_following(
    conn: &mut AsyncPgConnection,
    follower: Uuid,
    followed: Uuid,
) -> ServiceResult<bool> {
    Ok(diesel::select(diesel::dsl::exists(
        follows::table
            .filter(follows::follower_id.eq(follower))
            .filter(follows::followed_id.eq(followed)),
    ))
    .get_result(conn)
    .await?)
}

/// The players `who` follows, by name, each with their matches in play: two statements.
pub async fn following(services: &Services, who: &Identity) -> ServiceResult<Vec<Followed>> {
    let mut conn = services.conn().await?;
    let rows: Vec<(Uuid, String, OffsetDateTime)> = follows::table
        .inner_join(users::table.on(users::id.eq(follows::followed_id)))
        .filter(follows::follower_id.eq(who.user_id))
        .order(users::username.asc())
        .select((users::id, users::username, follows::created_at))
        .load(&mut conn)
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|(id, _, _)| *id).collect();
    let playing: Vec<(Uuid, String, Vec<Uuid>, Vec<String>)> = if ids.is_empty() {
        Vec::new()
    } else {
        matches::table
            .filter(matches::status.eq("active"))
            .filter(matches::seat_user_ids.overlaps_with(&ids))
            .order(matches::updated_at.desc())
            .limit(500)
            .select((
                matches::id,
                matches::game,
                matches::seat_user_ids,
                matches::seat_usernames,
            ))
            .load(&mut conn)
            .await?
    };
    Ok(rows
        .into_iter()
        .map(|(id, username, since)| Followed {
            username,
            since,
            active: playing
                .iter()
                .filter(|(_, _, seats, _)| seats.contains(&id))
                .take(20)
                .map(|(match_id, game, _, players)| FollowedMatch {
                    id: *match_id,
                    game: game.clone(),
                    players: players.clone(),
                })
                .collect(),
        })
        .collect())
}

/// Whether a player hears when the players they follow start a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FollowSettings {
    /// Tell me (`followed_started` on my stream) when a player I follow starts a match.
    pub match_started: bool,
}

/// `who`'s [`FollowSettings`].
pub async fn settings(services: &Services, who: &Identity) -> ServiceResult<FollowSettings> {
    let mut conn = services.conn().await?;
    let on: bool = users::table
        .find(who.user_id)
        .select(users::follow_events)
        .first(&mut conn)
        .await?;
    Ok(FollowSettings { match_started: on })
}

/// Changes `who`'s [`FollowSettings`].
pub async fn set_settings(
    services: &Services,
    who: &Identity,
    settings: FollowSettings,
) -> ServiceResult<FollowSettings> {
    let mut conn = services.conn().await?;
    diesel::update(users::table.find(who.user_id))
        .set(users::follow_events.eq(settings.match_started))
        .execute(&mut conn)
        .await?;
    Ok(settings)
}

/// Tells the followers of the players seated at match `id`, which has just started at
/// `version`, who asked to hear it (`users.follow_events`): `followed_started` with the game
/// and the player they follow (one event per follower, the first such player by seat). Not
/// those seated there themselves, nor those a seated player they follow blocked. In the
/// transaction that starts the match; one statement.
pub(crate) async fn tell_followers(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    version: i64,
    game: &str,
    seated: &[Uuid],
) -> ServiceResult<()> {
    diesel::sql_query(
        "INSERT INTO user_events (user_id, kind, match_id, version, data) \
         SELECT DISTINCT ON (f.follower_id) f.follower_id, 'followed_started', $1, $2, \
                jsonb_build_object('game', $3::text, 'player', u.username) \
         FROM unnest($4::uuid[]) WITH ORDINALITY AS s(id, n) \
         JOIN follows f ON f.followed_id = s.id \
         JOIN users u ON u.id = f.followed_id \
         JOIN users r ON r.id = f.follower_id \
         WHERE r.follow_events AND NOT (f.follower_id = ANY ($4)) \
           AND NOT EXISTS (SELECT 1 FROM blocks b \
                           WHERE b.blocker_id = f.followed_id AND b.blocked_id = f.follower_id) \
         ORDER BY f.follower_id, s.n",
    )
    .bind::<diesel::sql_types::Uuid, _>(id)
    .bind::<diesel::sql_types::BigInt, _>(version)
    .bind::<diesel::sql_types::Text, _>(game)
    .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(seated)
    .execute(conn)
    .await?;
    Ok(())
}

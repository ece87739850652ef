//! Players as others see them: a public profile (the account and its rating in every game),
//! and the whole public record their profile page shows, read in one call on one connection:
//! the profile, the rating history of every game they played rated, a page of their finished
//! matches and what each of those did to their rating.

pub mod blocks;
pub mod follows;
pub mod search;

use serde::Serialize;
use tapis_games::GameId;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::ServiceResult;
use crate::identity::accounts::{User, named_user};
use crate::identity::caller::Identity;
use crate::matches::{self, MatchFilter, MatchSummary, Page};
use crate::ratings::{self, GameRating, HistoryEntry, RatingChange};
use crate::services::Services;

/// A player's public profile: the account and its rating in every game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Profile {
    pub id: Uuid,
    pub username: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// The current rating in every game, in catalogue order.
    pub ratings: Vec<GameRating>,
}

impl Profile {
    fn of(user: User, ratings: Vec<GameRating>) -> Profile {
        Profile {
            id: user.id,
            username: user.username,
            created_at: user.created_at,
            ratings,
        }
    }
}

/// A player's public profile, with their current ratings (username without regard to case).
pub async fn profile(services: &Services, username: &str) -> ServiceResult<Profile> {
    let mut conn = services.conn().await?;
    let user = named_user(&mut conn, username).await?;
    let ratings = ratings::load_for_user(&mut conn, user.id).await?;
    Ok(Profile::of(user, ratings))
}

/// Everything a player's profile shows.
#[derive(Debug, Clone)]
pub struct PlayerRecord {
    pub profile: Profile,
    /// Every game the player has played rated, in catalogue order, with the history of their
    /// rating in it, oldest first.
    pub histories: Vec<(GameId, Vec<HistoryEntry>)>,
    /// A page of their finished matches, the most recent first.
    pub matches: Page<MatchSummary>,
    /// What each rated match of `matches` did to their rating (in no particular order).
    pub changes: Vec<(Uuid, RatingChange)>,
    /// The viewer blocked this player.
    pub blocked_by_viewer: bool,
    /// The viewer follows this player.
    pub followed_by_viewer: bool,
    /// Their statistics in each game they have an analysed match of, in catalogue order.
    pub analysis: Vec<crate::analysis::stats::PlayerStats>,
}

/// The public record of the player named `username` (without regard to case), with
/// `per_page` finished matches from `cursor` (a cursor of the previous page), as `viewer`
/// sees them.
pub async fn record(
    services: &Services,
    username: &str,
    viewer: Option<&Identity>,
    per_page: i64,
    cursor: Option<String>,
) -> ServiceResult<PlayerRecord> {
    let mut conn = services.conn().await?;
    let user = named_user(&mut conn, username).await?;
    let ratings = ratings::load_for_user(&mut conn, user.id).await?;
    let histories = ratings::histories_of(&mut conn, user.id).await?;
    let analysis =
        crate::analysis::stats::stats_on(&mut conn, user.id, &user.username, &GameId::ALL).await?;
    let filter = MatchFilter {
        status: Some("finished".to_owned()),
        player: Some(user.username.clone()),
        limit: Some(per_page),
        cursor,
        ..MatchFilter::default()
    };
    let matches = matches::list_on(&mut conn, &filter, viewer).await?;
    let rated: Vec<Uuid> = matches
        .items
        .iter()
        .filter(|m| m.rated)
        .map(|m| m.id)
        .collect();
    let changes = ratings::changes_in_matches_on(&mut conn, user.id, &rated).await?;
    let (blocked_by_viewer, followed_by_viewer) = match viewer {
        Some(who) if who.user_id != user.id => (
            blocks::blocked_by(&mut conn, user.id, &[who.user_id])
                .await?
                .contains(&who.user_id),
            follows::is_following(&mut conn, who.user_id, user.id).await?,
        ),
        _ => (false, false),
    };
    Ok(PlayerRecord {
        profile: Profile::of(user, ratings),
        histories,
        matches,
        changes,
        blocked_by_viewer,
        followed_by_viewer,
        analysis,
    })
}

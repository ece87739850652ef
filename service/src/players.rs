//! A player's public record, as their profile page shows it, read in one call on one
//! connection: the account and its rating in every game, the rating history of every game they
//! played rated, a page of their finished matches and what each of those did to their rating.

use tapis_games::GameId;
use uuid::Uuid;

use crate::accounts::{self, Profile};
use crate::auth::Identity;
use crate::matches::{self, MatchFilter, MatchSummary, Page};
use crate::ratings::{self, HistoryEntry, RatingChange};
use crate::{ServiceError, ServiceResult, Services};

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
    let user = accounts::find_by_name(&mut conn, username)
        .await?
        .ok_or(ServiceError::NotFound("user"))?;
    let ratings = ratings::load_for_user(&mut conn, user.id).await?;
    let histories = ratings::histories_of(&mut conn, user.id).await?;
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
    Ok(PlayerRecord {
        profile: Profile {
            id: user.id,
            username: user.username,
            created_at: user.created_at,
            ratings,
        },
        histories,
        matches,
        changes,
    })
}

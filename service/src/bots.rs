//! Computer players: the bot accounts (one per level, created by a migration, unable to sign
//! in) and the worker that plays their turns.
//!
//! Bot work is a queue in PostgreSQL, not in memory: the worker claims a match where a bot is
//! to act with `FOR UPDATE SKIP LOCKED`, marking the claim on the match row (the version it
//! claimed and until when) and committing at once, so no lock is held while the bot thinks and
//! several server processes share the work without thinking twice about one turn. Thinking
//! runs on tokio's blocking pool, at most `concurrency` decisions at once; the decision is then
//! played through [`matches::submit_action`], the path of people's moves, with the version
//! that was read: if anything changed meanwhile the move is refused (409) and the turn is
//! claimed again. A claim left by a process that stopped while thinking expires, so a pending
//! bot turn is always played after a restart.

use std::sync::Arc;
use std::time::Duration;

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Double, Json, Nullable, SmallInt, Text};
use diesel_async::RunQueryDsl;
use rand::seq::IndexedRandom;
use serde::Serialize;
use tapis_bots::{Budget, Level};
use tapis_games::{AnyAction, AnyState, GameId};
use tokio::sync::{Notify, Semaphore, watch};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::db::json_text::JsonText;
use crate::schema::users;
use crate::{Identity, ServiceError, ServiceResult, Services, matches};

/// A computer opponent, as `GET /api/v1/bots` lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BotInfo {
    /// The bot's account: invite it by this name.
    pub username: String,
    /// `easy`, `medium` or `strong`.
    pub level: String,
    pub description: String,
    /// The games it plays (ids as in `GET /api/v1/games`).
    pub games: Vec<String>,
}

/// The level of the bot playing under `username`, if it is one.
pub fn level_of(username: &str) -> Option<Level> {
    Level::ALL
        .into_iter()
        .find(|l| l.username().eq_ignore_ascii_case(username))
}

/// Every bot account, from the easiest to the strongest.
pub async fn list(services: &Services) -> ServiceResult<Vec<BotInfo>> {
    // Reads only.
    let mut conn = services.conn_keeping().await?;
    let names: Vec<String> = users::table
        .filter(users::is_bot.eq(true))
        .select(users::username)
        .load(&mut conn)
        .await?;
    let games: Vec<String> = GameId::ALL.iter().map(|g| g.as_str().to_owned()).collect();
    let mut bots: Vec<(Level, String)> = names
        .into_iter()
        .filter_map(|name| level_of(&name).map(|level| (level, name)))
        .collect();
    bots.sort_by_key(|(level, _)| Level::ALL.iter().position(|l| l == level));
    Ok(bots
        .into_iter()
        .map(|(level, username)| BotInfo {
            username,
            level: level.as_str().to_owned(),
            description: level.description().to_owned(),
            games: games.clone(),
        })
        .collect())
}

/// "Play the computer": creates a match of `game` against `opponents` bots of `level` and
/// starts it. The same bot sits in every seat (shown as `tapis-easy #2`...), so a match against
/// several is casual, whatever was asked.
pub async fn challenge(
    services: &Services,
    who: &Identity,
    game: &str,
    level: &str,
    opponents: usize,
    rated: bool,
) -> ServiceResult<matches::MatchView> {
    let level = Level::parse(level).ok_or_else(|| {
        ServiceError::invalid("level", "level_unknown", "must be easy, medium or strong")
    })?;
    if opponents == 0 {
        return Err(ServiceError::invalid(
            "opponents",
            "opponents_none",
            "must be 1 or more",
        ));
    }
    // A rating is one player's against the others: against several computer players (the
    // same account in every seat) the match is casual.
    let rated = rated && opponents == 1;
    let seats = i64::try_from(opponents + 1).map_err(|_| {
        ServiceError::invalid("opponents", "opponents_too_many", "too many opponents")
    })?;
    let request = matches::NewMatch {
        game: game.to_owned(),
        seats,
        options: None,
        rated: Some(rated),
        days_per_move: matches::DaysPerMove::Default,
        invite: vec![level.username().to_owned(); opponents],
    };
    matches::create(services, who, request).await
}

/// How the bot worker runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerSettings {
    /// How often it looks for bot turns when nothing woke it (0 decisions at once: no worker).
    pub interval: Duration,
    /// How many decisions are thought about at once (`TAPIS_BOT_CONCURRENCY`).
    pub concurrency: usize,
    /// How long a claim holds before another worker may take the turn over.
    pub claim: Duration,
    /// The thinking budget of every decision; `None`: each level's own
    /// (`Budget::default_for`). Tests set a small one, so that whole matches play fast.
    pub budget: Option<Budget>,
    /// Whether the worker prepares, at its start and off the async threads, the tables the
    /// bots would otherwise work out at their first decision (the solved Yams grid and 5000
    /// match, a few seconds of one core), so that no player waits for them.
    pub warm_up: bool,
}

impl Default for WorkerSettings {
    fn default() -> WorkerSettings {
        WorkerSettings {
            interval: Duration::from_millis(500),
            concurrency: 2,
            claim: Duration::from_secs(30),
            budget: None,
            warm_up: true,
        }
    }
}

/// A bot turn claimed by this worker.
#[derive(Debug, Queryable)]
struct Claimed {
    id: Uuid,
    version: i64,
    game: String,
    state: Option<JsonText>,
    seat: i16,
    bot_id: Uuid,
    bot_name: String,
}

/// Claims a bot turn nobody holds a live claim on, fairly between people: the turn of the
/// account (the match's creator) the worker served least recently, the oldest of its turns
/// first, so that an account with many matches against the computer gets one turn in its turn
/// like everyone else (round-robin by account). The claim records when that account was served
/// (`bot_service`), in the same statement. The match row is locked only by this statement: the
/// claim is the mark it leaves. The matches where a bot is to act are marked (`bot_to_act`,
/// kept by a trigger) and indexed, so the search reads those alone, however many matches
/// people are playing.
async fn claim(services: &Services, hold: Duration) -> ServiceResult<Option<Claimed>> {
    // A claim writes the workers' bookkeeping only, no part of what is kept (`db::kept`); the bot's move forgets its match itself.
    let mut conn = services.conn_keeping().await?;
    let claimed = Claim {
        hold_seconds: hold.as_secs_f64(),
    }
    .get_result::<Claimed>(&mut conn)
    .await
    .optional()?;
    Ok(claimed)
}

/// The statement of [`claim`]. The worker looks whenever a match changed anywhere (many times
/// a second under load) and mostly finds nothing: written out, its text is prepared once per
/// connection and its plan kept, where Diesel prepares a `sql_query` anew at every execution
/// (half a millisecond of planning for a statement that runs in a hundredth of that).
struct Claim {
    hold_seconds: f64,
}

impl QueryId for Claim {
    type QueryId = Claim;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for Claim {
    type SqlType = (
        diesel::sql_types::Uuid,
        BigInt,
        Text,
        Nullable<Json>,
        SmallInt,
        diesel::sql_types::Uuid,
        Text,
    );
}

impl QueryFragment<Pg> for Claim {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "WITH claimed AS ( \
               UPDATE matches m \
               SET bot_claim_version = m.version, \
                   bot_claimed_until = now() + make_interval(secs => ",
        );
        out.push_bind_param::<Double, _>(&self.hold_seconds)?;
        out.push_sql(
            ") FROM (SELECT c.id, u.id AS bot_id, u.username AS bot_name \
                     FROM matches c \
                     JOIN users u ON u.id = c.seat_user_ids[c.to_act_seat + 1] \
                     LEFT JOIN bot_service s ON s.account_id = c.creator_id \
                     WHERE c.bot_to_act AND c.status = 'active' AND u.is_bot \
                       AND (c.bot_claim_version IS DISTINCT FROM c.version \
                            OR c.bot_claimed_until < now()) \
                     ORDER BY s.served_at NULLS FIRST, c.updated_at \
                     LIMIT 1 \
                     FOR UPDATE OF c SKIP LOCKED) t \
               WHERE m.id = t.id \
               RETURNING m.id, m.version, m.game, m.state, m.to_act_seat AS seat, t.bot_id, \
                         t.bot_name, m.creator_id), \
             served AS ( \
               INSERT INTO bot_service (account_id, served_at) \
               SELECT creator_id, clock_timestamp() FROM claimed \
               ON CONFLICT (account_id) DO UPDATE SET served_at = excluded.served_at) \
             SELECT id, version, game, state, seat, bot_id, bot_name FROM claimed",
        );
        Ok(())
    }
}

/// Runs the bot worker until `shutdown` turns true: claims bot turns while it has room to
/// think, looking again as soon as a match changed in any process (the event hub hears it
/// through `LISTEN`), as soon as a bot of its own has moved (its next turn may follow at once),
/// and every `interval` (a notification is lost when the database restarts, and a claim left
/// by a stopped process runs out).
pub async fn run(
    services: Services,
    settings: WorkerSettings,
    mut shutdown: watch::Receiver<bool>,
) {
    if settings.concurrency == 0 {
        return;
    }
    if settings.warm_up {
        // Not awaited: a decision that needs a table before it is ready waits for it.
        drop(tokio::task::spawn_blocking(tapis_bots::warm_up));
    }
    let thinking = Arc::new(Semaphore::new(settings.concurrency));
    let moved = Arc::new(Notify::new());
    let mut ticker = tokio::time::interval(settings.interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            _ = moved.notified() => {}
            _ = services.events().a_match_changed() => {}
            _ = shutdown.changed() => {}
        }
        if *shutdown.borrow() {
            return;
        }
        loop {
            let Ok(permit) = thinking.clone().try_acquire_owned() else {
                break;
            };
            match claim(&services, settings.claim).await {
                Ok(Some(turn)) => {
                    let services = services.clone();
                    let moved = moved.clone();
                    let budget = settings.budget;
                    tokio::spawn(async move {
                        play_turn(&services, turn, budget).await;
                        drop(permit);
                        moved.notify_one();
                    });
                }
                Ok(None) => break,
                // The cause has been logged where it happened; try again at the next tick.
                Err(_) => break,
            }
        }
    }
}

/// The bot's own seed for one decision: from the match and its version, so that a decision
/// can be replayed, and never from the match's dice seed.
fn bot_seed(id: Uuid, version: i64) -> u64 {
    let bytes = id.as_u64_pair();
    bytes.0 ^ bytes.1.rotate_left(17) ^ (version as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Thinks about a claimed turn off the async threads and plays it.
async fn play_turn(services: &Services, turn: Claimed, budget: Option<Budget>) {
    let id = turn.id;
    let Some(seat) = usize::try_from(turn.seat).ok() else {
        tracing::warn!(match.id = %id, seat = turn.seat, "a bot's seat is negative");
        return;
    };
    let state = match (turn.game.parse::<GameId>(), turn.state.as_ref()) {
        (Ok(game), Some(json)) => match AnyState::from_json_text(game, json.as_bytes()) {
            Ok(state) => state,
            Err(e) => {
                tracing::warn!(match.id = %id, error = %e, "a bot cannot read the state");
                return;
            }
        },
        _ => {
            tracing::warn!(match.id = %id, "a bot's match has no readable state");
            return;
        }
    };
    let level = level_of(&turn.bot_name);
    let seed = bot_seed(id, turn.version);
    let started = std::time::Instant::now();
    let thought = {
        let state = state.clone();
        tokio::task::spawn_blocking(move || match level {
            Some(level) => {
                let budget = budget.unwrap_or_else(|| Budget::default_for(level));
                tapis_bots::decide(&state, seat, level, budget, seed).map_err(|e| e.to_string())
            }
            None => Err("this account is not a known bot level".to_owned()),
        })
        .await
    };
    let action = match thought {
        Ok(Ok(action)) => action,
        Ok(Err(reason)) => {
            tracing::warn!(match.id = %id, bot = %turn.bot_name, %reason, "a bot failed: it plays a random action");
            match random_action(&state, seat) {
                Some(action) => action,
                None => return,
            }
        }
        Err(e) => {
            tracing::warn!(match.id = %id, bot = %turn.bot_name, error = %e, "a bot panicked: it plays a random action");
            match random_action(&state, seat) {
                Some(action) => action,
                None => return,
            }
        }
    };
    let who = Identity {
        user_id: turn.bot_id,
        username: turn.bot_name.clone(),
        session_id: None,
        language: None,
        token: None,
    };
    let thinking_ms = started.elapsed().as_millis() as u64;
    match matches::submit_action(services, &who, id, turn.version, action).await {
        Ok(_) => tracing::debug!(match.id = %id, bot = %turn.bot_name, thinking_ms, "a bot moved"),
        // Someone changed the match meanwhile (a resignation, another worker): the turn, if
        // it is still the bot's, is claimed again. Past its deadline, the clock's next pass
        // records the bot's time-out.
        Err(
            ServiceError::VersionConflict { .. }
            | ServiceError::MatchNotActive
            | ServiceError::DeadlinePassed,
        ) => {}
        Err(ServiceError::IllegalAction(reason)) => {
            tracing::warn!(match.id = %id, bot = %turn.bot_name, %reason, "a bot chose an illegal action: it plays a random one");
            if let Some(action) = random_action(&state, seat) {
                let _ = matches::submit_action(services, &who, id, turn.version, action).await;
            }
        }
        Err(e) => {
            tracing::warn!(match.id = %id, bot = %turn.bot_name, error = %e, "a bot's move failed")
        }
    }
}

/// A legal action chosen at random: what a failing bot plays, so that a match never stalls.
fn random_action(state: &AnyState, seat: usize) -> Option<AnyAction> {
    let action = state.legal_actions(seat).choose(&mut rand::rng()).cloned();
    if action.is_none() {
        tracing::warn!(seat, "a bot has no legal action");
    }
    action
}

//! The tournament of `--read standings`: `--players` players signed up and entered in a casual
//! Swiss of Can't Stop for two, `--rounds` rounds played (in each table, the second seat
//! resigns), the next round in play; its standings are then read by every client, signed out.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use tokio::sync::Semaphore;

use crate::api::Api;

/// How many sign-ups run at once (each costs an argon2id hash at production cost).
const CONCURRENT_SIGN_UPS: usize = 8;

/// How many other requests (joins, resignations) run at once.
const CONCURRENT_REQUESTS: usize = 32;

/// The longest wait for the server's worker to start a round.
const ROUND_WAIT: Duration = Duration::from_secs(300);

/// Sets the tournament up; its id.
pub async fn set_up(api: &Api, players: usize, rounds: usize) -> Result<String, String> {
    if players < 2 {
        return Err("--players must be at least 2".to_owned());
    }
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 100_000)
        .unwrap_or(0);
    let sign_ups = Arc::new(Semaphore::new(CONCURRENT_SIGN_UPS));
    let mut tasks = Vec::with_capacity(players);
    for index in 0..players {
        let api = api.clone();
        let sign_ups = Arc::clone(&sign_ups);
        tasks.push(tokio::spawn(async move {
            let username = format!("t{run}_{index}");
            let _permit = sign_ups
                .acquire()
                .await
                .map_err(|e| format!("sign-up limiter: {e}"))?;
            let token = api.sign_up(&username).await?;
            Ok::<(String, String), String>((username, token))
        }));
    }
    let mut tokens = Vec::with_capacity(players);
    for task in tasks {
        tokens.push(
            task.await
                .map_err(|e| format!("sign-up task failed: {e}"))??,
        );
    }
    eprintln!("load: {players} players signed up");

    // It starts a minute from now: time enough for every entry.
    let starts_at = (OffsetDateTime::now_utc() + time::Duration::seconds(60))
        .format(&Rfc3339)
        .map_err(|e| format!("cannot write the start time: {e}"))?;
    let organiser = &tokens[0].1;
    let created = api
        .post(
            "/api/v1/tournaments",
            Some(organiser),
            &json!({
                "name": "Benchmark Swiss",
                "game": "cant-stop",
                "table_size": 2,
                "rounds": rounds + 1,
                "days_per_move": 3,
                "rated": false,
                "starts_at": starts_at,
            }),
        )
        .await?;
    if created.status != reqwest::StatusCode::CREATED {
        return Err(format!("creating the tournament: {}", created.describe()));
    }
    let id = created.json::<Value>()?["id"]
        .as_str()
        .map(str::to_owned)
        .ok_or("the new tournament has no id")?;
    let by_name: Arc<std::collections::HashMap<String, String>> =
        Arc::new(tokens.iter().cloned().collect());
    let tokens: Vec<String> = tokens.into_iter().map(|(_, token)| token).collect();
    for_each(
        tokens,
        |api, token| {
            let path = format!("/api/v1/tournaments/{id}/join");
            async move {
                let reply = api.post(&path, Some(&token), &json!({})).await?;
                if reply.status.is_success() {
                    Ok(())
                } else {
                    Err(format!("joining: {}", reply.describe()))
                }
            }
        },
        api,
    )
    .await?;
    eprintln!("load: {players} players entered; waiting for the start");

    for round in 1..=rounds {
        wait_for_round(api, &id, round).await?;
        let tables = api
            .get_anonymous(&format!("/api/v1/tournaments/{id}/rounds"))
            .await?
            .json::<Value>()?;
        let resigning: Vec<(String, String)> = tables
            .as_array()
            .and_then(|rounds| rounds.last())
            .and_then(|r| r["tables"].as_array())
            .ok_or("the rounds have no tables")?
            .iter()
            .filter_map(|t| {
                let match_id = t["match_id"].as_str()?;
                let second = t["players"].get(1)?.as_str()?;
                Some((match_id.to_owned(), by_name.get(second)?.clone()))
            })
            .collect();
        for_each(
            resigning,
            |api, (match_id, token)| async move {
                let reply = api
                    .post(
                        &format!("/api/v1/matches/{match_id}/resign"),
                        Some(&token),
                        &json!({}),
                    )
                    .await?;
                if reply.status.is_success() {
                    Ok(())
                } else {
                    Err(format!("resigning: {}", reply.describe()))
                }
            },
            api,
        )
        .await?;
        eprintln!("load: round {round} played");
    }
    wait_for_round(api, &id, rounds + 1).await?;
    Ok(id)
}

/// Runs `each` over `items`, `CONCURRENT_REQUESTS` at a time; the first error.
async fn for_each<T, F, Fut>(items: Vec<T>, each: F, api: &Api) -> Result<(), String>
where
    T: Send + 'static,
    F: Fn(Api, T) -> Fut,
    Fut: std::future::Future<Output = Result<(), String>> + Send + 'static,
{
    let limit = Arc::new(Semaphore::new(CONCURRENT_REQUESTS));
    let mut tasks = Vec::with_capacity(items.len());
    for item in items {
        let permit = Arc::clone(&limit)
            .acquire_owned()
            .await
            .map_err(|e| format!("request limiter: {e}"))?;
        let work = each(api.clone(), item);
        tasks.push(tokio::spawn(async move {
            let done = work.await;
            drop(permit);
            done
        }));
    }
    for task in tasks {
        task.await
            .map_err(|e| format!("request task failed: {e}"))??;
    }
    Ok(())
}

/// Waits until round `round` of tournament `id` is in play.
async fn wait_for_round(api: &Api, id: &str, round: usize) -> Result<(), String> {
    let until = Instant::now() + ROUND_WAIT;
    while Instant::now() < until {
        let view = api
            .get_anonymous(&format!("/api/v1/tournaments/{id}"))
            .await?
            .json::<Value>()?;
        if view["current_round"].as_u64() == Some(round as u64) && view["status"] == "running" {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Err(format!("round {round} did not start within {ROUND_WAIT:?}"))
}

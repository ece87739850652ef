//! Playing matches in tests: a seeded [`Rng`] to pick among legal actions reproducibly, and a
//! [`TestApp`]'s helpers to find each seat's player and play a started match to its end.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::api::Reply;
use crate::app::TestApp;

/// A small seeded generator for choosing among legal actions reproducibly.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

impl TestApp {
    /// The token of each seat of a started match, from `players` (username, token).
    pub fn tokens_by_seat(&self, view: &Value, players: &[(String, String)]) -> Vec<String> {
        view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| {
                let name = seat["username"].as_str().unwrap();
                players
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, t)| t.clone())
                    .unwrap()
            })
            .collect()
    }

    /// Plays a started match through the API, each player picking one of their
    /// `legal_actions`, until `post` has posted the move that ends it; returns its reply.
    /// `post` sends one move (`path`, token, body) and answers its reply: a test can watch
    /// what the database does while the move is on its way.
    pub async fn play_to_the_last_move<F, Fut>(
        &self,
        id: &str,
        seat_tokens: &[String],
        rng: &mut Rng,
        mut post: F,
    ) -> Reply
    where
        F: FnMut(String, String, Value) -> Fut,
        Fut: std::future::Future<Output = Reply>,
    {
        let path = format!("/api/v1/matches/{id}");
        for _ in 0..20_000 {
            let view = self.get(&path, Some(&seat_tokens[0])).await.body;
            assert_eq!(
                view["status"], "active",
                "the match ended before its last move"
            );
            let seat = view["to_act"][0]
                .as_u64()
                .expect("an active match has someone to act") as usize;
            let token = &seat_tokens[seat];
            let mine = self.get(&path, Some(token)).await.body;
            let actions = mine["legal_actions"].as_array().unwrap();
            let action = actions[rng.below(actions.len())].clone();
            let body = json!({"version": mine["version"], "action": action});
            let reply = post(format!("{path}/actions"), token.clone(), body).await;
            assert_eq!(reply.status, StatusCode::OK, "{action}: {:?}", reply.body);
            if reply.body["status"] != "active" {
                return reply;
            }
        }
        panic!("match {id} did not end within 20000 actions");
    }

    /// Plays a started match to its end through the API only, each player picking one of the
    /// `legal_actions` listed in their view. Returns the final view (as seen by seat 0) and
    /// the number of actions posted.
    pub async fn play_out(
        &self,
        id: &str,
        seat_tokens: &[String],
        rng: &mut Rng,
    ) -> (Value, usize) {
        for posted in 0..20_000 {
            let view = self
                .get(&format!("/api/v1/matches/{id}"), Some(&seat_tokens[0]))
                .await
                .body;
            if view["status"] != "active" {
                return (view, posted);
            }
            let seat = view["to_act"][0]
                .as_u64()
                .expect("an active match has someone to act") as usize;
            let token = &seat_tokens[seat];
            let mine = self
                .get(&format!("/api/v1/matches/{id}"), Some(token))
                .await
                .body;
            let actions = mine["legal_actions"].as_array().unwrap();
            assert!(
                !actions.is_empty(),
                "seat {seat} must act but has no legal action: {mine}"
            );
            // Mostly avoid passing when something else is possible, so that random games
            // of the pass-heavy games (La Linotte, Yam Master) end in fewer requests.
            let active: Vec<&Value> = actions.iter().filter(|a| a["type"] != "pass").collect();
            let action = if !active.is_empty() && rng.below(10) < 9 {
                active[rng.below(active.len())].clone()
            } else {
                actions[rng.below(actions.len())].clone()
            };
            let reply = self
                .post(
                    &format!("/api/v1/matches/{id}/actions"),
                    Some(token),
                    json!({"version": mine["version"], "action": action}),
                )
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{action}: {:?}", reply.body);
        }
        panic!("match {id} did not end within 20000 actions");
    }
}

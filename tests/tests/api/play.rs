//! Every game played to the end through the API only, choosing among `legal_actions`; then
//! the replay of the turn log equals the stored snapshot and the export verifies.

use serde_json::json;
use tapis_games::GameId;
use tapis_service::matches::MatchExport;
use tapis_tests::{Rng, TestApp};

async fn play_full_match(game: GameId, seats: usize, seed: u64) {
    let app = TestApp::spawn().await;
    let mut players = Vec::new();
    for i in 0..seats {
        let name = format!("player{i}");
        let token = app.player(&name).await;
        players.push((name, token));
    }
    let tokens: Vec<&str> = players.iter().map(|(_, t)| t.as_str()).collect();
    let view = app.started_match(game.as_str(), &tokens, json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let seat_tokens = app.tokens_by_seat(&view, &players);
    let (finished, posted) = app.play_out(&id, &seat_tokens, &mut Rng(seed)).await;
    assert_eq!(finished["status"], "finished", "{game}");
    assert!(posted > 0, "{game}: no action was played");
    let ranking = finished["result"]["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), seats);
    assert_eq!(ranking[0]["rank"], 1);
    for seat in finished["seats"].as_array().unwrap() {
        assert!(seat["rank"].is_number(), "{game}: every seat is ranked");
    }

    let uuid = uuid::Uuid::parse_str(&id).unwrap();
    let (snapshot, replayed) = tapis_service::matches::replay(&app.services, uuid)
        .await
        .unwrap();
    assert_eq!(
        snapshot,
        Some(replayed),
        "{game}: replaying the turns gives the snapshot"
    );

    let export = app
        .get(&format!("/api/v1/matches/{id}/export"), None)
        .await
        .body;
    let export: MatchExport = serde_json::from_value(export).unwrap();
    tapis_service::verify::verify_export(&export).expect("the export verifies");
}

#[tokio::test]
async fn la_linotte_plays_to_the_end() {
    play_full_match(GameId::Linotte, 2, 1).await;
}

#[tokio::test]
async fn yam_master_plays_to_the_end() {
    play_full_match(GameId::YamMaster, 2, 2).await;
}

#[tokio::test]
async fn linja_plays_to_the_end() {
    play_full_match(GameId::Linja, 2, 3).await;
}

#[tokio::test]
async fn five_thousand_plays_to_the_end() {
    play_full_match(GameId::FiveThousand, 3, 4).await;
}

#[tokio::test]
async fn four_two_one_plays_to_the_end() {
    play_full_match(GameId::FourTwoOne, 3, 5).await;
}

#[tokio::test]
async fn cant_stop_plays_to_the_end() {
    play_full_match(GameId::CantStop, 2, 6).await;
}

#[tokio::test]
async fn yams_plays_to_the_end() {
    play_full_match(GameId::Yams, 2, 7).await;
}

#[tokio::test]
async fn make_five_plays_to_the_end() {
    play_full_match(GameId::MakeFive, 2, 8).await;
}

//! The game catalogue.

use reqwest::StatusCode;
use tapis_tests::TestApp;

#[tokio::test]
async fn every_game_is_listed_with_its_players_and_options() {
    let app = TestApp::spawn().await;
    let reply = app.get("/api/v1/games", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    let ids: Vec<&str> = reply
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "linotte",
            "yam-master",
            "linja",
            "5000",
            "421",
            "cant-stop",
            "yams",
            "make-five"
        ]
    );
    for game in reply.body.as_array().unwrap() {
        assert!(game["min_players"].as_u64().unwrap() >= 1);
        assert!(game["max_players"].as_u64() >= game["min_players"].as_u64());
        assert!(game["default_options"].is_object());
        assert!(game["rules_url"].as_str().unwrap().starts_with("/rules/"));
        for option in game["options"].as_array().unwrap() {
            let name = option["name"].as_str().unwrap();
            assert_eq!(game["default_options"][name], option["default"], "{name}");
        }
    }
}

#[tokio::test]
async fn one_game_can_be_fetched_by_id() {
    let app = TestApp::spawn().await;
    let reply = app.get("/api/v1/games/cant-stop", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["name"], "Can't Stop");
    assert_eq!(reply.body["min_players"], 2);
    assert_eq!(reply.body["max_players"], 4);
}

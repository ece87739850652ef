//! Elo ratings through the API: rated matches move them, casual ones do not; the history is
//! continuous; leaderboards list established players best first; and two matches of one
//! player ending at the same moment are both counted, as is a last move whose player's rating
//! changed while it was on its way.

use std::sync::Arc;
use std::time::Duration;

use diesel_async::{AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_games::{GameId, OptionKind};
use tapis_service::ratings::elo::{self, Rating, Standing};
use tapis_tests::{Rng, TestApp};
use tokio::sync::Mutex;

/// A rating in the API (a JSON number of points) as an exact number of millionths.
fn micros(value: &Value) -> i64 {
    let points = value
        .as_f64()
        .unwrap_or_else(|| panic!("not a rating: {value}"));
    Rating::from_points_f64(points).unwrap().micros()
}

const POINT: i64 = 1_000_000;

/// Opens a match of `game` by `players[0]`, has the others join, and returns its id.
async fn start(app: &TestApp, game: &str, players: &[&str], extra: Value) -> String {
    let view = app.started_match(game, players, extra).await;
    assert_eq!(view["status"], "active", "{view}");
    view["id"].as_str().unwrap().to_owned()
}

async fn resign(app: &TestApp, id: &str, token: &str) -> Value {
    let reply = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

/// A rated Linja match that `winner` wins because `loser` resigns; returns the final view.
async fn win(app: &TestApp, winner: &str, loser: &str) -> Value {
    let id = start(app, "linja", &[winner, loser], json!({})).await;
    let view = resign(app, &id, loser).await;
    assert_eq!(view["status"], "finished");
    assert_eq!(view["rated"], true);
    view
}

/// `username`'s rating entry for `game`.
async fn rating(app: &TestApp, username: &str, game: &str) -> Value {
    let reply = app
        .get(&format!("/api/v1/users/{username}/ratings"), None)
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["game"] == game)
        .cloned()
        .unwrap_or_else(|| panic!("no {game} rating in {}", reply.body))
}

async fn history(app: &TestApp, username: &str, game: &str) -> Vec<Value> {
    let reply = app
        .get(
            &format!("/api/v1/users/{username}/ratings/{game}/history"),
            None,
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body.as_array().unwrap().clone()
}

/// Each entry starts where the previous one ended, from 1500, up to the current rating.
async fn assert_continuous(app: &TestApp, username: &str, game: &str) -> Vec<Value> {
    let entries = history(app, username, game).await;
    let mut expected_before = 1500 * POINT;
    for entry in &entries {
        assert_eq!(
            micros(&entry["rating_before"]),
            expected_before,
            "{username}: {entries:?}"
        );
        expected_before = micros(&entry["rating_after"]);
    }
    let current = rating(app, username, game).await;
    assert_eq!(micros(&current["rating"]), expected_before);
    assert_eq!(current["games"], entries.len());
    entries
}

/// The seat of `username` in a result ranking.
fn entry<'a>(view: &'a Value, username: &str) -> &'a Value {
    view["result"]["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["username"] == username)
        .unwrap()
}

#[tokio::test]
async fn a_rated_two_player_win_moves_20_points_each_way() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = win(&app, &alice, &bob).await;

    let winner = entry(&view, "alice");
    assert_eq!(winner["rank"], 1);
    assert_eq!(winner["rating_before"], json!(1500.0));
    assert_eq!(winner["rating_after"], json!(1520.0));
    let loser = entry(&view, "bob");
    assert_eq!(loser["rank"], 2);
    assert_eq!(loser["rating_before"], json!(1500.0));
    assert_eq!(loser["rating_after"], json!(1480.0));

    // The result is stored with the ratings: a later read shows the same.
    let id = view["id"].as_str().unwrap();
    let again = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    assert_eq!(again["result"], view["result"]);

    assert_eq!(
        rating(&app, "alice", "linja").await,
        json!({"game": "linja", "rating": 1520.0, "games": 1, "provisional": true, "display": "1520?"})
    );
    assert_eq!(
        rating(&app, "bob", "linja").await,
        json!({"game": "linja", "rating": 1480.0, "games": 1, "provisional": true, "display": "1480?"})
    );
    // Other games are untouched.
    assert_eq!(
        rating(&app, "alice", "cant-stop").await,
        json!({"game": "cant-stop", "rating": 1500.0, "games": 0, "provisional": true, "display": "1500?"})
    );

    let entries = history(&app, "alice", "linja").await;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["match_id"], view["id"]);
    assert_eq!(entries[0]["rating_before"], json!(1500.0));
    assert_eq!(entries[0]["rating_after"], json!(1520.0));
    assert_eq!(entries[0]["at"], view["finished_at"]);

    // The public profile carries the ratings of every game.
    let profile = app.get("/api/v1/users/ALICE", None).await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.body["username"], "alice");
    let ratings = profile.body["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), GameId::ALL.len());
    assert!(ratings.contains(&rating(&app, "alice", "linja").await));

    // For lists of matches (the web profile): the change each rated match made.
    let alice_id = uuid::Uuid::parse_str(profile.body["id"].as_str().unwrap()).unwrap();
    let casual = start(&app, "linja", &[&alice, &bob], json!({"rated": false})).await;
    resign(&app, &casual, &alice).await;
    let ids = [
        uuid::Uuid::parse_str(id).unwrap(),
        uuid::Uuid::parse_str(&casual).unwrap(),
    ];
    let changes = tapis_service::ratings::changes_in_matches(&app.services, alice_id, &ids)
        .await
        .unwrap();
    assert_eq!(changes.len(), 1, "the casual match changed nothing");
    assert_eq!(changes[0].0, ids[0]);
    assert_eq!(changes[0].1.delta().to_string(), "+20");
}

#[tokio::test]
async fn the_second_win_pays_less_and_the_sum_of_ratings_stays_constant() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    win(&app, &alice, &bob).await;
    let view = win(&app, &carol, &alice).await;
    // carol 1500 beats alice 1520: E = 1 / (1 + 10^(20/400)) = 0.471249436; 40 × 0.528750564.
    assert_eq!(
        micros(&entry(&view, "carol")["rating_after"]),
        1_521_150_023
    );
    assert_eq!(
        micros(&entry(&view, "alice")["rating_after"]),
        1_498_849_977
    );
    let mut total = 0;
    for name in ["alice", "bob", "carol"] {
        total += micros(&rating(&app, name, "linja").await["rating"]);
    }
    assert_eq!(
        total,
        3 * 1500 * POINT,
        "points are neither created nor lost"
    );
}

#[tokio::test]
async fn a_four_player_match_ranks_leavers_last_and_rates_every_pair() {
    let app = TestApp::spawn().await;
    let names = ["alice", "bob", "carol", "dave"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(app.player(name).await);
    }
    let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let id = start(&app, "421", &refs, json!({})).await;
    // dave leaves first, then carol, then bob: alice, the last one playing, wins.
    resign(&app, &id, &tokens[3]).await;
    resign(&app, &id, &tokens[2]).await;
    let view = resign(&app, &id, &tokens[1]).await;
    assert_eq!(view["status"], "finished");
    // Everyone at 1500, K/(N−1) = 40/3: the winner scores 3 × ½ above expectation (+20), the
    // second ½ (+6.666667), the third −½, the last −3 × ½.
    let expected = [
        ("alice", 1, 1_520_000_000),
        ("bob", 2, 1_506_666_667),
        ("carol", 3, 1_493_333_333),
        ("dave", 4, 1_480_000_000),
    ];
    for (name, rank, after) in expected {
        let seat = entry(&view, name);
        assert_eq!(seat["rank"], rank, "{name}");
        assert_eq!(micros(&seat["rating_before"]), 1500 * POINT);
        assert_eq!(micros(&seat["rating_after"]), after, "{name}");
        assert_eq!(micros(&rating(&app, name, "421").await["rating"]), after);
    }
}

#[tokio::test]
async fn running_out_of_time_costs_rating_like_resigning() {
    use diesel_async::RunQueryDsl;
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("linja", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap();
    let late = view["seats"][view["to_act"][0].as_u64().unwrap() as usize]["username"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "UPDATE matches SET deadline = now() - interval '1 minute' WHERE id = $1::uuid",
    )
    .bind::<diesel::sql_types::Text, _>(id)
    .execute(&mut conn)
    .await
    .unwrap();
    let mut finished = Value::Null;
    for _ in 0..100 {
        finished = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        if finished["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(finished["status"], "finished", "the clock ended the match");
    assert_eq!(entry(&finished, &late)["rating_after"], json!(1480.0));
    assert_eq!(rating(&app, &late, "linja").await["rating"], json!(1480.0));
}

/// A value of the first option of `game` other than its default.
fn non_default_option(game: GameId) -> Value {
    let option = game.option_specs()[0].clone();
    let other = match &option.kind {
        OptionKind::Bool => json!(!option.default.as_bool().unwrap()),
        OptionKind::Integer { min, max } => {
            if option.default == json!(min) {
                json!(max)
            } else {
                json!(min)
            }
        }
        OptionKind::Choice { values } => {
            json!(values.iter().find(|v| json!(v) != option.default).unwrap())
        }
    };
    json!({ option.name: other })
}

#[tokio::test]
async fn casual_and_option_changed_matches_do_not_count() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;

    let casual = start(&app, "linja", &[&alice, &bob], json!({"rated": false})).await;
    let options = non_default_option(GameId::Linja);
    let changed = start(&app, "linja", &[&alice, &bob], json!({"options": options})).await;
    for id in [casual, changed] {
        let view = resign(&app, &id, &bob).await;
        assert_eq!(view["status"], "finished");
        assert_eq!(view["rated"], false);
        for seat in view["result"]["ranking"].as_array().unwrap() {
            assert!(seat.get("rating_before").is_none(), "{seat}");
            assert!(seat.get("rating_after").is_none(), "{seat}");
        }
    }
    // An option-changed match cannot be made rated.
    let refused = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "linja", "seats": 2, "options": options, "rated": true}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);

    for name in ["alice", "bob"] {
        let current = rating(&app, name, "linja").await;
        assert_eq!(current["rating"], json!(1500.0));
        assert_eq!(current["games"], 0);
        assert!(history(&app, name, "linja").await.is_empty());
    }
}

#[tokio::test]
async fn the_history_is_continuous() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let mut match_ids = Vec::new();
    for (winner, loser) in [
        (&alice, &bob),
        (&alice, &carol),
        (&bob, &alice),
        (&carol, &bob),
        (&alice, &bob),
        (&carol, &alice),
    ] {
        let view = win(&app, winner, loser).await;
        match_ids.push(view["id"].clone());
    }
    let entries = assert_continuous(&app, "alice", "linja").await;
    assert_eq!(entries.len(), 5);
    assert_continuous(&app, "bob", "linja").await;
    assert_continuous(&app, "carol", "linja").await;
    // Oldest first.
    let alice_matches: Vec<Value> = entries.iter().map(|e| e["match_id"].clone()).collect();
    let expected: Vec<Value> = [0, 1, 2, 4, 5]
        .iter()
        .map(|i| match_ids[*i].clone())
        .collect();
    assert_eq!(alice_matches, expected);
}

#[tokio::test]
async fn leaderboards_list_established_players_best_first() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let dave = app.player("dave").await;
    // alice and bob play 10 rated matches (alice wins 7): both are established. carol beats
    // dave once: both stay provisional, whatever carol's rating.
    for i in 0..10 {
        if i % 3 == 2 {
            win(&app, &bob, &alice).await;
        } else {
            win(&app, &alice, &bob).await;
        }
    }
    win(&app, &carol, &dave).await;

    let alice_rating = rating(&app, "alice", "linja").await;
    assert_eq!(alice_rating["games"], 10);
    assert_eq!(alice_rating["provisional"], false);
    assert!(!alice_rating["display"].as_str().unwrap().ends_with('?'));
    assert_eq!(rating(&app, "carol", "linja").await["provisional"], true);

    let board = app.get("/api/v1/leaderboards/linja", None).await;
    assert_eq!(board.status, StatusCode::OK);
    let board = board.body.as_array().unwrap().clone();
    let names: Vec<&str> = board
        .iter()
        .map(|e| e["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alice", "bob"], "provisional players are left out");
    assert_eq!(board[0]["rank"], 1);
    assert_eq!(board[1]["rank"], 2);
    assert_eq!(board[0]["games"], 10);
    assert_eq!(board[0]["rating"], alice_rating["rating"]);
    assert!(micros(&board[0]["rating"]) > micros(&board[1]["rating"]));
    assert_eq!(
        micros(&board[0]["rating"]) + micros(&board[1]["rating"]),
        3000 * POINT
    );

    // Pages keep the ranks of the whole board.
    let second = app
        .get("/api/v1/leaderboards/linja?limit=1&offset=1", None)
        .await;
    assert_eq!(second.body, json!([board[1]]));
    let first = app.get("/api/v1/leaderboards/linja?limit=1", None).await;
    assert_eq!(first.body, json!([board[0]]));
    let bad = app.get("/api/v1/leaderboards/linja?limit=0", None).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.code(), "validation_failed");

    let empty = app.get("/api/v1/leaderboards/make-five", None).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.body, json!([]));
}

#[tokio::test]
async fn unknown_users_and_games_are_404() {
    let app = TestApp::spawn().await;
    app.player("alice").await;
    for path in [
        "/api/v1/users/nobody/ratings",
        "/api/v1/users/nobody/ratings/linja/history",
        "/api/v1/users/alice/ratings/chess/history",
        "/api/v1/leaderboards/chess",
        "/api/v1/users/nobody",
    ] {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(reply.code(), "not_found", "{path}");
        assert_eq!(
            reply.headers["content-type"], "application/problem+json",
            "{path}"
        );
    }
}

#[tokio::test]
async fn matches_of_one_player_ending_at_the_same_moment_all_count() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    const OPPONENTS: usize = 6;
    let mut opponents = Vec::new();
    for i in 0..OPPONENTS {
        let name = format!("opponent{i}");
        let token = app.player(&name).await;
        let id = start(&app, "linja", &[&alice, &token], json!({})).await;
        opponents.push((name, token, id));
    }
    // Every opponent resigns at once: six transactions end six matches of alice together.
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(OPPONENTS));
    let resignations: Vec<_> = opponents
        .iter()
        .map(|(_, token, id)| {
            let client = app.client.clone();
            let url = format!("{}/api/v1/matches/{id}/resign", app.base);
            let token = token.clone();
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                client
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({}))
                    .send()
                    .await
                    .unwrap()
                    .status()
            })
        })
        .collect();
    for resignation in resignations {
        assert_eq!(resignation.await.unwrap(), StatusCode::OK);
    }

    let entries = assert_continuous(&app, "alice", "linja").await;
    assert_eq!(entries.len(), OPPONENTS, "every ending counted");
    // Whatever the order, alice beat six new 1500 players in a row.
    let mut expected = elo::INITIAL_RATING;
    for games in 0..OPPONENTS as u32 {
        let changes = elo::rate(&[
            Standing {
                rating: expected,
                games,
                rank: 1,
            },
            Standing {
                rating: elo::INITIAL_RATING,
                games: 0,
                rank: 2,
            },
        ]);
        expected = changes[0].after;
    }
    assert_eq!(
        micros(&rating(&app, "alice", "linja").await["rating"]),
        expected.micros()
    );
    // Each opponent's loss mirrors alice's gain in that match.
    let mut opponents_total = 0;
    for (name, _, id) in &opponents {
        let mine = history(&app, name, "linja").await;
        assert_eq!(mine.len(), 1);
        let alices = entries.iter().find(|e| e["match_id"] == *id).unwrap();
        assert_eq!(
            micros(&mine[0]["rating_after"]) - micros(&mine[0]["rating_before"]),
            micros(&alices["rating_before"]) - micros(&alices["rating_after"]),
        );
        opponents_total += micros(&mine[0]["rating_after"]);
    }
    assert_eq!(
        expected.micros() + opponents_total,
        (OPPONENTS as i64 + 1) * 1500 * POINT
    );
}

/// What a test holds while a move is on its way: a transaction of its own that changed a
/// rating and has not committed yet, and a connection to watch the database with.
struct Held {
    changed: Option<AsyncPgConnection>,
    watch: AsyncPgConnection,
}

impl Held {
    /// Commits the held change once a statement waits for its lock; whether it has.
    async fn commit_when_waited_for(&mut self) -> bool {
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let Some(changed) = self.changed.as_mut() else {
            return true;
        };
        let waiting: Vec<Count> = diesel::sql_query(
            "SELECT count(*) AS n FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .load(&mut self.watch)
        .await
        .unwrap();
        if waiting[0].n == 0 {
            return false;
        }
        changed.batch_execute("COMMIT").await.unwrap();
        self.changed = None;
        true
    }
}

/// A move that ends its match reads the players' ratings without a lock, and writes each new
/// rating only if it is still the one it read. Here another transaction changes alice's rating
/// (as another of her matches ending would) while the last move is on its way: the move waits
/// for it, writes nothing of its own, and is played again under the lock, from her rating as
/// it now is.
#[tokio::test]
async fn a_last_move_counts_from_a_rating_changed_while_it_was_on_its_way() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    // A first match, resigned, gives both a rating of the game (read without a lock, a
    // missing one would send the last move under the lock at once).
    let first = start(&app, "cant-stop", &[&alice, &bob], json!({})).await;
    resign(&app, &first, &bob).await;
    let before = micros(&rating(&app, "alice", "cant-stop").await["rating"]);

    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = view["id"].as_str().unwrap().to_owned();
    let players = [("alice".to_owned(), alice), ("bob".to_owned(), bob)];
    let seat_tokens = app.tokens_by_seat(&view, &players);

    let mut changed = app.db.connect().await;
    changed.batch_execute("BEGIN").await.unwrap();
    let rows = diesel::sql_query(
        "UPDATE ratings SET rating = rating + 7000000 WHERE game = 'cant-stop' \
         AND user_id = (SELECT id FROM users WHERE username = 'alice')",
    )
    .execute(&mut changed)
    .await
    .unwrap();
    assert_eq!(rows, 1);
    let held = Arc::new(Mutex::new(Held {
        changed: Some(changed),
        watch: app.db.connect().await,
    }));

    let app = &app;
    let last = app
        .play_to_the_last_move(&id, &seat_tokens, &mut Rng(7), |path, token, body| {
            let held = Arc::clone(&held);
            async move {
                let mut reply = std::pin::pin!(app.post(&path, Some(&token), body));
                loop {
                    if let Ok(reply) =
                        tokio::time::timeout(Duration::from_millis(20), &mut reply).await
                    {
                        return reply;
                    }
                    held.lock().await.commit_when_waited_for().await;
                }
            }
        })
        .await;
    assert_eq!(last.body["status"], "finished", "{:?}", last.body);
    assert!(
        held.lock().await.changed.is_none(),
        "the last move waited for the rating held by another transaction"
    );

    let entries = history(app, "alice", "cant-stop").await;
    let line = entries.iter().find(|e| e["match_id"] == id).unwrap();
    assert_eq!(
        micros(&line["rating_before"]),
        before + 7 * POINT,
        "counted from the rating as it stood once the other change committed: {line}"
    );
    let now = rating(app, "alice", "cant-stop").await;
    assert_eq!(now["rating"], line["rating_after"]);
    assert_eq!(now["games"], 2);
    let bobs = history(app, "bob", "cant-stop").await;
    let bobs = bobs.iter().find(|e| e["match_id"] == id).unwrap();
    assert_eq!(
        micros(&bobs["rating_after"]) - micros(&bobs["rating_before"]),
        micros(&line["rating_before"]) - micros(&line["rating_after"]),
        "bob's change mirrors alice's"
    );
}

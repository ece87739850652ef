//! The reads a server process keeps (`tapis_service::db::kept`): a match read again, and the
//! caller behind a session or token, are served without a statement, and never once they have
//! changed: at once after a change made through the same process, and once the process has
//! heard of a change made elsewhere (another process, a statement by hand).

use diesel_async::{AsyncPgConnection, RunQueryDsl};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{NO_BOTS, Reply, TestApp};

/// How many statements the app ran for a request (its `Tapis-Db-Work` header).
fn statements(reply: &Reply) -> u32 {
    let said = reply
        .headers
        .get("tapis-db-work")
        .expect("the test app says the database work of every request")
        .to_str()
        .unwrap();
    said.split(", ")
        .find_map(|part| part.strip_prefix("statements="))
        .unwrap()
        .parse()
        .unwrap()
}

/// A started match of Yams between alice and bob.
struct Started {
    id: String,
    /// Its view in the API.
    path: String,
    /// Alice's and bob's session tokens.
    alice: String,
    bob: String,
}

async fn started(app: &TestApp) -> Started {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app.started_match("yams", &[&alice, &bob], json!({})).await;
    let id = view["id"].as_str().unwrap().to_owned();
    Started {
        path: format!("/api/v1/matches/{id}"),
        id,
        alice,
        bob,
    }
}

/// Reads `path` as `token` until the process serves it without a statement: the first read
/// keeps it, unless something was forgotten meanwhile (a background worker's change), and
/// then the next does. Returns the reply served from what was kept.
async fn until_kept(base: &str, client: &reqwest::Client, path: &str, token: &str) -> Reply {
    for _ in 0..20 {
        let reply = get_on(client, base, path, Some(token)).await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        if statements(&reply) == 0 {
            return reply;
        }
    }
    panic!("{path} was never served from what the process keeps");
}

async fn get_on(client: &reqwest::Client, base: &str, path: &str, token: Option<&str>) -> Reply {
    let mut request = client.get(format!("{base}{path}"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    Reply::read(request.send().await.unwrap()).await
}

/// The action to play now in `view` (the caller's first legal action) and its version.
fn first_action(view: &Value) -> Value {
    json!({"version": view["version"], "action": view["legal_actions"][0]})
}

/// The token, among `tokens`, of the player to act in `view`.
fn to_act<'a>(view: &Value, alice: &'a str, bob: &'a str) -> &'a str {
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    if view["seats"][seat]["username"] == "alice" {
        alice
    } else {
        bob
    }
}

async fn by_hand(app: &TestApp, sql: &str, id: &str) {
    let mut conn: AsyncPgConnection = app.db.connect().await;
    diesel::sql_query(sql)
        .bind::<diesel::sql_types::Text, _>(id)
        .execute(&mut conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_match_read_again_costs_no_statement_until_it_changes() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let Started {
        id,
        path,
        alice,
        bob,
    } = started(&app).await;
    let kept = until_kept(&app.base, &app.client, &path, &alice).await;

    // A move through this process: the next read shows it.
    let mover = to_act(&kept.body, &alice, &bob);
    let mine = app.get(&path, Some(mover)).await.body;
    let moved = app
        .post(&format!("{path}/actions"), Some(mover), first_action(&mine))
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    let after = app.get(&path, Some(&alice)).await;
    assert_eq!(after.body["version"], moved.body["version"]);
    let again = until_kept(&app.base, &app.client, &path, &alice).await;
    assert_eq!(again.body, after.body);

    // The match page too: the match and its turn log.
    let page = until_kept(&app.base, &app.client, &format!("/matches/{id}"), &alice).await;
    assert!(page.status.is_success());

    // A change of the row that keeps its version, made by hand: heard, then shown.
    by_hand(
        &app,
        "UPDATE matches SET days_per_move = 9 WHERE id = $1::uuid",
        &id,
    )
    .await;
    app.caught_up().await;
    let changed = app.get(&path, Some(&alice)).await;
    assert_eq!(changed.body["days_per_move"], 9, "{:?}", changed.body);
    assert_eq!(changed.body["version"], after.body["version"]);
}

#[tokio::test]
async fn a_session_ended_is_refused_at_once_though_the_process_kept_it() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let Started { path, alice, .. } = started(&app).await;
    // Served without a statement: the match, and alice's session, are kept.
    until_kept(&app.base, &app.client, &path, &alice).await;

    let ended = app.delete("/api/v1/sessions", Some(&alice)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{:?}", ended.body);
    for refused in [
        app.get(&path, Some(&alice)).await,
        app.get("/api/v1/sessions", Some(&alice)).await,
        app.post(
            &format!("{path}/actions"),
            Some(&alice),
            json!({"version": 1, "action": {"type": "roll"}}),
        )
        .await,
    ] {
        assert_eq!(
            refused.status,
            StatusCode::UNAUTHORIZED,
            "{:?}",
            refused.body
        );
    }
}

#[tokio::test]
async fn a_player_suspended_by_hand_is_refused_once_heard() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let Started { path, alice, .. } = started(&app).await;
    until_kept(&app.base, &app.client, &path, &alice).await;
    by_hand(
        &app,
        "UPDATE users SET suspended_until = now() + interval '1 day' WHERE username = $1",
        "alice",
    )
    .await;
    app.caught_up().await;
    let refused = app.get(&path, Some(&alice)).await;
    assert_eq!(refused.code(), "account_suspended", "{:?}", refused.body);
}

#[tokio::test]
async fn another_process_forgets_a_match_that_moved_and_a_session_that_ended() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let other = app.another_process(NO_BOTS).await;
    let Started {
        path, alice, bob, ..
    } = started(&app).await;
    let kept = until_kept(&other.base, &app.client, &path, &alice).await;

    // The other process hears the move on the match's stream once it has forgotten the
    // match: what it serves next is the match as it moved.
    let mut watching = app
        .open_stream_on(&other.base, &format!("{path}/stream"), None, None)
        .await
        .unwrap_or_else(|reply| panic!("the stream is refused: {:?}", reply.body));
    let mover = to_act(&kept.body, &alice, &bob);
    let mine = app.get(&path, Some(mover)).await.body;
    let moved = app
        .post(&format!("{path}/actions"), Some(mover), first_action(&mine))
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    let heard = watching.expect("move").await;
    assert_eq!(heard.data["version"], moved.body["version"]);
    let seen = get_on(&app.client, &other.base, &path, Some(&alice)).await;
    assert_eq!(seen.body["version"], moved.body["version"]);

    // A session ended through this process is refused by the other once it has heard.
    until_kept(&other.base, &app.client, &path, &alice).await;
    let ended = app.delete("/api/v1/sessions", Some(&alice)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{:?}", ended.body);
    other.caught_up().await;
    let refused = get_on(&app.client, &other.base, &path, Some(&alice)).await;
    assert_eq!(
        refused.status,
        StatusCode::UNAUTHORIZED,
        "{:?}",
        refused.body
    );
}

/// A move on a match whose row changed since the process kept it, without anyone being told
/// (a worker's bookkeeping), finds the row changed when it writes, and is played under the
/// lock from the row as it is. (Tried until a move finds the match and its caller kept: a
/// worker of the app may make the process forget what it keeps at any time.)
#[tokio::test]
async fn a_move_on_a_row_changed_since_it_was_kept_is_played_under_the_lock() {
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let Started {
        id,
        path,
        alice,
        bob,
    } = started(&app).await;
    let mut conn = app.db.connect().await;
    let mut under_the_lock = false;
    for _ in 0..20 {
        let view = until_kept(&app.base, &app.client, &path, &alice).await.body;
        let mover = to_act(&view, &alice, &bob);
        let mine = until_kept(&app.base, &app.client, &path, mover).await.body;
        diesel::sql_query("UPDATE matches SET deadline_told_version = version WHERE id = $1::uuid")
            .bind::<diesel::sql_types::Text, _>(&id)
            .execute(&mut conn)
            .await
            .unwrap();
        let moved = app
            .post(&format!("{path}/actions"), Some(mover), first_action(&mine))
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
        assert_eq!(
            moved.body["version"].as_i64(),
            Some(mine["version"].as_i64().unwrap() + 1)
        );
        // The write that found the row changed, then `BEGIN`, the lock, the write, `COMMIT`;
        // or, if the process had forgotten the match, the read and the write.
        match statements(&moved) {
            5 => {
                under_the_lock = true;
                break;
            }
            2 => {}
            other => panic!("a move ran {other} statements"),
        }
    }
    assert!(under_the_lock, "no move found its match kept");
    // Every move is in the turn log once, the last one at the match's version.
    let agree: Agree = diesel::sql_query(
        "SELECT m.turn_count = count(t.seq) AND m.version = max(t.version) AS agree \
         FROM matches m JOIN turns t ON t.match_id = m.id WHERE m.id = $1::uuid \
         GROUP BY m.id",
    )
    .bind::<diesel::sql_types::Text, _>(&id)
    .get_result(&mut conn)
    .await
    .unwrap();
    assert!(agree.agree);
}

#[derive(diesel::QueryableByName)]
struct Agree {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    agree: bool,
}

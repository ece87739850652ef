//! The lean move path: notifications (a move's after its commit, others by trigger), the numbering of the turn log, the view a
//! move replies with, and the pool's handling of connections the database ended.

use std::time::Duration;

use diesel::sql_types::{Integer, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use futures_util::{Stream, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Rng, TestApp, TestDb};

/// A connection of the test's own, listening on `tapis_matches`.
async fn listening_to_matches(app: &TestApp) -> AsyncPgConnection {
    let mut listener = app.db.connect().await;
    diesel::sql_query("LISTEN tapis_matches")
        .execute(&mut listener)
        .await
        .unwrap();
    listener
}

/// The payloads of the notifications on `tapis_matches` that arrive within `wait`.
async fn notified<S>(stream: &mut S, wait: Duration) -> Vec<String>
where
    S: Stream<Item = diesel::QueryResult<diesel::pg::PgNotification>> + Unpin,
{
    let mut payloads = Vec::new();
    let until = tokio::time::Instant::now() + wait;
    while let Ok(Some(notification)) = tokio::time::timeout_at(until, stream.next()).await {
        let notification = notification.unwrap();
        assert_eq!(notification.channel, "tapis_matches");
        payloads.push(notification.payload);
    }
    payloads
}

/// Waits for the notifications of one change and checks there is exactly one, for `id`.
async fn assert_notified_once<S>(stream: &mut S, id: &str, what: &str)
where
    S: Stream<Item = diesel::QueryResult<diesel::pg::PgNotification>> + Unpin,
{
    // The first one arrives soon after the commit; anything else would follow it closely.
    let first = tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .unwrap_or_else(|_| panic!("no notification for {what}"))
        .unwrap()
        .unwrap();
    assert_eq!(first.channel, "tapis_matches");
    let mut payloads = vec![first.payload];
    payloads.extend(notified(stream, Duration::from_millis(300)).await);
    assert_eq!(payloads, vec![id.to_owned()], "{what}");
}

async fn sql(conn: &mut AsyncPgConnection, statement: &str, id: &str) {
    diesel::sql_query(statement)
        .bind::<Text, _>(id)
        .execute(conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn every_change_of_a_match_version_is_notified_once() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut listener = listening_to_matches(&app).await;
    let mut stream = std::pin::pin!(listener.notifications_stream());

    let created = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "cant-stop", "seats": 2}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.body["id"].as_str().unwrap().to_owned();
    assert_notified_once(&mut stream, &id, "a new match").await;

    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(joined.status, StatusCode::OK);
    assert_notified_once(&mut stream, &id, "the start").await;

    let seat = joined.body["to_act"][0].as_u64().unwrap() as usize;
    let token = if joined.body["seats"][seat]["username"] == "alice" {
        &alice
    } else {
        &bob
    };
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(token))
        .await
        .body;
    let action = mine["legal_actions"][0].clone();
    let moved = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(token),
            json!({"version": mine["version"], "action": action}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    // A move's notification says the version it wrote.
    let told = format!("{id}:{}", moved.body["version"]);
    assert_notified_once(&mut stream, &told, "a move").await;

    // A refused move changes nothing and tells nobody.
    let stale = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(token),
            json!({"version": mine["version"], "action": action}),
        )
        .await;
    assert_eq!(stale.code(), "version_conflict");
    // Nor does a change that leaves the version alone; a change of version does.
    let mut conn = app.db.connect().await;
    sql(
        &mut conn,
        "UPDATE matches SET deadline = deadline + interval '1 hour' WHERE id = $1::uuid",
        &id,
    )
    .await;
    assert_eq!(
        notified(&mut stream, Duration::from_millis(500)).await,
        Vec::<String>::new()
    );
    sql(
        &mut conn,
        "UPDATE matches SET version = version + 1 WHERE id = $1::uuid",
        &id,
    )
    .await;
    assert_notified_once(&mut stream, &id, "a direct change of version").await;
    // A transaction that says it notifies after its commit (as a move does) is not notified
    // by the trigger; the setting ends with it, so the next change is notified again.
    conn.batch_execute(
        "BEGIN; SELECT set_config('tapis.notify', 'after_commit', true); \
         UPDATE matches SET version = version + 1; COMMIT",
    )
    .await
    .unwrap();
    assert_eq!(
        notified(&mut stream, Duration::from_millis(500)).await,
        Vec::<String>::new()
    );
    sql(
        &mut conn,
        "UPDATE matches SET version = version + 1 WHERE id = $1::uuid",
        &id,
    )
    .await;
    assert_notified_once(
        &mut stream,
        &id,
        "a change after one notified by its caller",
    )
    .await;
    // The move after them, from the current version, is notified once, after its commit.
    let second = play_first_legal(&app, &id, token).await;
    let told = format!("{id}:{}", second["version"]);
    assert_notified_once(&mut stream, &told, "a second move").await;

    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&bob),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK);
    assert_notified_once(&mut stream, &id, "a resignation").await;
}

#[tokio::test]
async fn a_move_is_written_by_the_time_its_notification_arrives() {
    // A move sends its write and `COMMIT` together, and is notified once it has committed,
    // off the request. Its first use on a connection prepares the write first, which lets
    // `COMMIT` overtake it: either way, a listener reading the match on a notification must
    // find the move there.
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let started = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = started["id"].as_str().unwrap().to_owned();
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];

    let mut listener = listening_to_matches(&app).await;
    let mut stream = std::pin::pin!(listener.notifications_stream());
    let mut reader = app.db.connect().await;
    for _ in 0..12 {
        let (moved, seen) = futures_util::future::join(move_once(&app, &id, &players), async {
            let notification = tokio::time::timeout(Duration::from_secs(5), stream.next())
                .await
                .expect("no notification for a move")
                .unwrap()
                .unwrap();
            let (told, version) = notification.payload.split_once(':').unwrap();
            assert_eq!(told, id);
            (
                version.parse::<i64>().unwrap(),
                version_of(&mut reader, &id).await,
            )
        })
        .await;
        if moved["status"] != "active" {
            break;
        }
        let (told, seen) = seen;
        assert_eq!(Some(told), moved["version"].as_i64(), "{moved:?}");
        assert_eq!(Some(seen), moved["version"].as_i64(), "{moved:?}");
    }
}

#[tokio::test]
async fn moves_made_at_once_in_many_matches_are_each_notified() {
    // The moves of one process are notified a transaction at a time, those that committed
    // while the one before was sent together: none is left out.
    let app = TestApp::spawn().await;
    let mut matches = Vec::new();
    for n in 0..8 {
        let a = app.player(&format!("ann{n}")).await;
        let b = app.player(&format!("bob{n}")).await;
        let started = app.started_match("cant-stop", &[&a, &b], json!({})).await;
        let id = started["id"].as_str().unwrap().to_owned();
        matches.push((id, [(format!("ann{n}"), a), (format!("bob{n}"), b)]));
    }
    let mut listener = listening_to_matches(&app).await;
    let mut stream = std::pin::pin!(listener.notifications_stream());

    let moves = matches.iter().map(|(id, seats)| async {
        let players = [
            (seats[0].0.as_str(), seats[0].1.as_str()),
            (seats[1].0.as_str(), seats[1].1.as_str()),
        ];
        move_once(&app, id, &players).await
    });
    futures_util::future::join_all(moves).await;

    let mut unheard: std::collections::HashSet<&str> =
        matches.iter().map(|(id, _)| id.as_str()).collect();
    while !unheard.is_empty() {
        let notification = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .unwrap_or_else(|_| panic!("no notification for {unheard:?}"))
            .unwrap()
            .unwrap();
        let told = notification.payload.split(':').next().unwrap();
        unheard.remove(told);
    }
}

#[derive(diesel::QueryableByName)]
struct Version {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    version: i64,
}

async fn version_of(conn: &mut AsyncPgConnection, id: &str) -> i64 {
    let rows: Vec<Version> = diesel::sql_query("SELECT version FROM matches WHERE id = $1::uuid")
        .bind::<Text, _>(id)
        .load(conn)
        .await
        .unwrap();
    rows[0].version
}

/// The turn log of a match through the API: (seq, kind) of every entry.
async fn turn_log(app: &TestApp, id: &str) -> Vec<(i64, String)> {
    let turns = app
        .get(&format!("/api/v1/matches/{id}/turns"), None)
        .await
        .body;
    turns
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["seq"].as_i64().unwrap(),
                t["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Posts `action` as `token` from `version` `copies` times at once; returns how many applied.
async fn post_at_once(
    app: &TestApp,
    id: &str,
    token: &str,
    version: &Value,
    action: &Value,
    copies: usize,
) -> usize {
    let posts: Vec<_> = (0..copies)
        .map(|_| {
            let client = app.client.clone();
            let url = format!("{}/api/v1/matches/{id}/actions", app.base);
            let token = token.to_owned();
            let body = json!({"version": version, "action": action});
            tokio::spawn(async move {
                client
                    .post(url)
                    .bearer_auth(token)
                    .json(&body)
                    .send()
                    .await
                    .unwrap()
                    .status()
            })
        })
        .collect();
    let mut applied = 0;
    for post in posts {
        match post.await.unwrap() {
            StatusCode::OK => applied += 1,
            StatusCode::CONFLICT => {}
            other => panic!("unexpected {other}"),
        }
    }
    applied
}

#[tokio::test]
async fn the_turn_log_stays_contiguous_under_concurrent_posts_and_replays_to_the_snapshot() {
    let app = TestApp::spawn().await;
    let players = [
        ("alice".to_owned(), app.player("alice").await),
        ("bob".to_owned(), app.player("bob").await),
    ];
    let view = app
        .started_match("cant-stop", &[&players[0].1, &players[1].1], json!({}))
        .await;
    let id = view["id"].as_str().unwrap().to_owned();
    let tokens = app.tokens_by_seat(&view, &players);
    let mut rng = Rng(7);
    let mut applied = 0;
    for _ in 0..30 {
        let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        if view["status"] != "active" {
            break;
        }
        let seat = view["to_act"][0].as_u64().unwrap() as usize;
        let mine = app
            .get(&format!("/api/v1/matches/{id}"), Some(&tokens[seat]))
            .await
            .body;
        let legal = mine["legal_actions"].as_array().unwrap();
        let action = legal[rng.below(legal.len())].clone();
        let won = post_at_once(&app, &id, &tokens[seat], &mine["version"], &action, 6).await;
        assert_eq!(won, 1, "exactly one of the copies applies");
        applied += 1;
    }
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&tokens[0]),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);

    let log = turn_log(&app, &id).await;
    let seqs: Vec<i64> = log.iter().map(|(seq, _)| *seq).collect();
    assert_eq!(seqs, (0..seqs.len() as i64).collect::<Vec<_>>());
    assert_eq!(
        log.len(),
        applied + 2,
        "start, each applied action, resignation"
    );
    assert_eq!(log[0].1, "start");
    assert!(
        log[1..log.len() - 1]
            .iter()
            .all(|(_, kind)| kind == "action")
    );
    assert_eq!(log.last().unwrap().1, "resign");

    let (stored, replayed) = tapis_service::matches::replay(&app.services, id.parse().unwrap())
        .await
        .unwrap();
    assert_eq!(
        stored,
        Some(replayed),
        "the snapshot is the replayed turn log"
    );
}

#[tokio::test]
async fn the_reply_to_every_move_is_the_view_a_get_returns_until_the_result() {
    let app = TestApp::spawn().await;
    let players = [
        ("alice".to_owned(), app.player("alice").await),
        ("bob".to_owned(), app.player("bob").await),
    ];
    // Rated (the default for two players with a clock): the last move writes the ratings.
    let view = app
        .started_match("cant-stop", &[&players[0].1, &players[1].1], json!({}))
        .await;
    assert_eq!(view["rated"], true);
    let id = view["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/matches/{id}");
    let tokens = app.tokens_by_seat(&view, &players);
    let joiner_view = app.get(&path, Some(&players[1].1)).await.body;
    assert_eq!(view, joiner_view, "the join replies with the joiner's view");

    let mut rng = Rng(3);
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let mut mine = app.get(&path, Some(&tokens[seat])).await.body;
    let mut moves = 0;
    while mine["status"] == "active" {
        assert!(moves < 20_000, "the match did not end");
        let seat = mine["your_seat"].as_u64().unwrap() as usize;
        let legal = mine["legal_actions"].as_array().unwrap();
        let action = legal[rng.below(legal.len())].clone();
        let reply = app
            .post(
                &format!("{path}/actions"),
                Some(&tokens[seat]),
                json!({"version": mine["version"], "action": action}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        moves += 1;
        let fetched = app.get(&path, Some(&tokens[seat])).await.body;
        assert_eq!(
            reply.body, fetched,
            "move {moves}: the reply is the stored match"
        );
        mine = match fetched["to_act"][0].as_u64() {
            Some(next) if next as usize != seat => {
                app.get(&path, Some(&tokens[next as usize])).await.body
            }
            _ => fetched,
        };
    }
    assert_eq!(mine["status"], "finished");
    let ranking = mine["result"]["ranking"].as_array().unwrap();
    assert!(ranking.iter().all(|r| r["rating_after"].is_number()));
    for seat in mine["seats"].as_array().unwrap() {
        assert!(seat["rank"].is_u64() && seat["score"].is_i64(), "{seat}");
    }
    assert!(mine["fairness"]["seed"].is_string());
    assert!(mine["finished_at"].is_string());
}

#[tokio::test]
async fn the_reply_to_a_resignation_is_the_view_a_get_returns() {
    let app = TestApp::spawn().await;
    let names = ["alice", "bob", "carol"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(app.player(name).await);
    }
    let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let view = app.started_match("cant-stop", &refs, json!({})).await;
    let path = format!("/api/v1/matches/{}", view["id"].as_str().unwrap());
    // With three players, the game goes on without the one who resigns.
    let reply = app
        .post(&format!("{path}/resign"), Some(&tokens[1]), json!({}))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(reply.body["status"], "active");
    assert_eq!(reply.body, app.get(&path, Some(&tokens[1])).await.body);
    let reply = app
        .post(&format!("{path}/resign"), Some(&tokens[2]), json!({}))
        .await;
    assert_eq!(reply.body["status"], "finished");
    assert_eq!(reply.body, app.get(&path, Some(&tokens[2])).await.body);
}

#[derive(diesel::QueryableByName)]
struct Pid {
    #[diesel(sql_type = Integer)]
    pid: i32,
}

async fn backend_pid(conn: &mut AsyncPgConnection) -> diesel::QueryResult<i32> {
    let rows: Vec<Pid> = diesel::sql_query("SELECT pg_backend_pid() AS pid")
        .load(conn)
        .await?;
    Ok(rows[0].pid)
}

#[tokio::test]
async fn a_pooled_connection_the_database_ended_is_replaced() {
    let db = TestDb::migrated().await;
    let pool = tapis_service::db::pool(&db.url, 1).unwrap();
    let first = backend_pid(&mut pool.get().await.unwrap()).await.unwrap();
    let again = backend_pid(&mut pool.get().await.unwrap()).await.unwrap();
    assert_eq!(first, again, "the pool lends the same connection again");

    let mut admin = db.connect().await;
    diesel::sql_query("SELECT pg_terminate_backend($1)")
        .bind::<Integer, _>(first)
        .execute(&mut admin)
        .await
        .unwrap();
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    for attempt in 0.. {
        let rows: Vec<Count> =
            diesel::sql_query("SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1")
                .bind::<Integer, _>(first)
                .load(&mut admin)
                .await
                .unwrap();
        if rows[0].n == 0 {
            break;
        }
        assert!(attempt < 250, "the backend did not end");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The connection's task sees its socket closed as soon as it runs.
    tokio::time::sleep(Duration::from_millis(200)).await;

    let mut conn = pool.get().await.unwrap();
    let replaced = backend_pid(&mut conn)
        .await
        .expect("the next checkout works at once");
    assert_ne!(replaced, first, "a new connection replaced the ended one");
}

/// What PostgreSQL says when it ends a connection under a request (a restart, a fast
/// shutdown, `pg_terminate_backend`), and what the connection says after: both are the
/// database being out of reach (503 `database_unavailable`), not an internal error.
#[tokio::test]
async fn a_connection_the_database_ends_is_an_outage_not_a_bug() {
    use diesel_async::AsyncConnection;
    use tapis_service::ServiceError;
    use tapis_service::error::is_connection_failure;
    let db = TestDb::migrated().await;
    let mut admin = db.connect().await;
    for in_transaction in [false, true] {
        let mut conn = db.connect().await;
        let pid = backend_pid(&mut conn).await.unwrap();
        // Waits (up to 5 s) until the backend has ended.
        diesel::sql_query("SELECT pg_terminate_backend($1, 5000)")
            .bind::<Integer, _>(pid)
            .execute(&mut admin)
            .await
            .unwrap();
        let mut seen = Vec::new();
        for _ in 0..2 {
            let failed = if in_transaction {
                conn.transaction::<_, diesel::result::Error, _>(async |conn| {
                    backend_pid(conn).await
                })
                .await
            } else {
                backend_pid(&mut conn).await
            };
            let error = failed.expect_err("the connection has ended");
            seen.push(error.to_string());
            assert!(is_connection_failure(&error), "{error:?}");
            let error = ServiceError::from(error);
            assert!(
                matches!(error, ServiceError::DatabaseUnavailable),
                "{seen:?}: {error:?}"
            );
            assert_eq!(error.http_status(), 503);
            assert_eq!(error.retry_after_secs(), Some(5));
        }
    }
}

#[derive(diesel::QueryableByName)]
struct Agree {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    agree: bool,
}

/// Whether every match's copy of its seats is what `match_seats` says, in seat order.
async fn seat_copies_agree(conn: &mut AsyncPgConnection) -> bool {
    let rows: Vec<Agree> = diesel::sql_query(
        "SELECT coalesce(bool_and(
             m.seat_user_ids = coalesce((SELECT array_agg(s.user_id ORDER BY s.seat)
                 FROM match_seats s WHERE s.match_id = m.id), '{}')
             AND m.seat_usernames = coalesce((SELECT array_agg(u.username ORDER BY s.seat)
                 FROM match_seats s JOIN users u ON u.id = s.user_id
                 WHERE s.match_id = m.id), '{}')
             AND m.seat_bots = coalesce((SELECT array_agg(u.is_bot ORDER BY s.seat)
                 FROM match_seats s JOIN users u ON u.id = s.user_id
                 WHERE s.match_id = m.id), '{}')
             AND m.seat_vacations IS NOT DISTINCT FROM
                 coalesce((SELECT array_agg(u.vacation_until ORDER BY s.seat)
                 FROM match_seats s JOIN users u ON u.id = s.user_id
                 WHERE s.match_id = m.id), '{}')
             AND cardinality(m.seat_user_ids) > 0), false) AS agree
         FROM matches m",
    )
    .load(conn)
    .await
    .unwrap();
    rows[0].agree
}

fn usernames(view: &Value) -> Vec<String> {
    view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_copy_of_the_seats_in_the_match_row_follows_joins_and_the_draw() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let mut conn = app.db.connect().await;
    let created = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "cant-stop", "seats": 3}),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    assert_eq!(usernames(&created.body), ["alice"]);
    assert!(seat_copies_agree(&mut conn).await);
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(&bob), json!({}))
        .await;
    assert_eq!(usernames(&joined.body), ["alice", "bob"]);
    assert_eq!(joined.body["your_seat"], 1);
    assert!(seat_copies_agree(&mut conn).await);
    // The last join draws the seat order: the copy follows it.
    let started = app
        .post(
            &format!("/api/v1/matches/{id}/join"),
            Some(&carol),
            json!({}),
        )
        .await;
    assert_eq!(started.body["status"], "active");
    assert!(seat_copies_agree(&mut conn).await);
    let mut names = usernames(&started.body);
    let seat_of_carol = names.iter().position(|n| n == "carol").unwrap();
    assert_eq!(started.body["your_seat"], seat_of_carol);
    names.sort();
    assert_eq!(names, ["alice", "bob", "carol"]);
    assert_eq!(started.body["creator"], "alice");
}

/// Reverts the migrations down to and including `version` (the later ones too, if any), then
/// runs them all again: the data in place goes through that migration's `up`.
///
/// The app's background workers keep querying meanwhile, so PostgreSQL may pick a migration's
/// transaction as the victim of a deadlock with one of them: it rolled back whole, so it is
/// simply run again (as PostgreSQL's manual advises for deadlocks).
async fn redo_migrations_from(url: &str, version: &'static str) {
    use diesel_async::AsyncConnection;
    use diesel_migrations::MigrationHarness;
    let conn = AsyncPgConnection::establish(url).await.unwrap();
    tokio::task::spawn_blocking(move || {
        let mut harness = diesel_async::AsyncMigrationHarness::new(conn);
        loop {
            let reverted = again_after_deadlocks(|| {
                harness
                    .revert_last_migration(tapis_service::db::MIGRATIONS)
                    .map(|v| v.to_string())
            });
            let digits: String = reverted.chars().filter(char::is_ascii_digit).collect();
            if digits == version {
                break;
            }
        }
        again_after_deadlocks(|| {
            harness
                .run_pending_migrations(tapis_service::db::MIGRATIONS)
                .map(|_| ())
        });
    })
    .await
    .unwrap();
}

/// Runs one migration step, again as long as PostgreSQL rolled it back to break a deadlock
/// (at most 20 times); any other error fails the test.
fn again_after_deadlocks<T>(
    mut step: impl FnMut() -> Result<T, Box<dyn std::error::Error + Send + Sync>>,
) -> T {
    for _ in 0..20 {
        match step() {
            Ok(done) => return done,
            Err(e) if format!("{e:?}").contains("deadlock detected") => continue,
            Err(e) => panic!("{e}"),
        }
    }
    panic!("a migration step lost 20 deadlocks in a row")
}

#[tokio::test]
async fn the_migration_copies_the_seats_of_existing_matches() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let open = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "linja", "seats": 2}),
        )
        .await
        .body;
    let started = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;

    // Back to the schema before the copy, and forward again with the matches in place.
    redo_migrations_from(&app.db.url, "20261201000001").await;
    // Reverting the later migrations ended the sessions.
    let alice = app.sign_in("alice").await;

    let mut conn = app.db.connect().await;
    assert!(seat_copies_agree(&mut conn).await);
    for view in [&open, &started] {
        let again = app
            .get(
                &format!("/api/v1/matches/{}", view["id"].as_str().unwrap()),
                Some(&alice),
            )
            .await
            .body;
        assert_eq!(usernames(&again), usernames(view));
    }
}

#[tokio::test]
async fn the_migration_copies_the_seats_flags_and_vacations_of_existing_matches() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let against_bot = app
        .post(
            "/api/v1/matches",
            Some(&alice),
            json!({"game": "linja", "seats": 2, "invite": ["tapis-easy"]}),
        )
        .await;
    assert_eq!(
        against_bot.status,
        StatusCode::CREATED,
        "{:?}",
        against_bot.body
    );
    let id = against_bot.body["id"].as_str().unwrap().to_owned();
    let until = app.services.now() + time::Duration::days(3);
    let away = app
        .post(
            "/api/v1/me/vacation",
            Some(&alice),
            json!({"until": until.format(&time::format_description::well_known::Rfc3339).unwrap()}),
        )
        .await;
    assert_eq!(away.status, StatusCode::OK, "{:?}", away.body);
    let before = app.get(&format!("/api/v1/matches/{id}"), None).await.body;

    // Back to the schema before the copy of the flags and vacations, and forward again.
    redo_migrations_from(&app.db.url, "20270102000001").await;

    let mut conn = app.db.connect().await;
    assert!(seat_copies_agree(&mut conn).await);
    let after = app.get(&format!("/api/v1/matches/{id}"), None).await;
    assert_eq!(after.status, StatusCode::OK, "{:?}", after.body);
    assert_eq!(after.body["seats"], before["seats"]);
    let bots: Vec<bool> = after.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["bot"].as_bool().unwrap())
        .collect();
    assert!(bots.contains(&true) && bots.contains(&false), "{bots:?}");
    assert!(
        after.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|seat| seat["on_vacation_until"].is_string()),
        "{}",
        after.body
    );
}

/// Posts one legal action of the seat to act in the active match `id`, whose players are
/// `players` (username and token); returns the reply.
async fn move_once(app: &TestApp, id: &str, players: &[(&str, &str)]) -> Value {
    let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let username = view["seats"][seat]["username"].as_str().unwrap();
    let token = players.iter().find(|p| p.0 == username).unwrap().1;
    play_first_legal(app, id, token).await
}

/// Posts the first legal action of the player with `token`, who must be the one to act, on
/// the current version of match `id`; returns the reply.
async fn play_first_legal(app: &TestApp, id: &str, token: &str) -> Value {
    let mine = app
        .get(&format!("/api/v1/matches/{id}"), Some(token))
        .await
        .body;
    let moved = app
        .post(
            &format!("/api/v1/matches/{id}/actions"),
            Some(token),
            json!({"version": mine["version"], "action": mine["legal_actions"][0]}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    moved.body
}

/// Whether every match's count of turn-log rows is the number of its rows in `turns`, and
/// their numbers run from 0 without gaps.
async fn turn_counts_agree(conn: &mut AsyncPgConnection) -> bool {
    let rows: Vec<Agree> = diesel::sql_query(
        "SELECT coalesce(bool_and(m.turn_count = t.n AND t.top = t.n - 1), false) AS agree
         FROM matches m
         CROSS JOIN LATERAL (SELECT count(*) AS n, coalesce(max(seq), -1) AS top
                             FROM turns WHERE match_id = m.id) t",
    )
    .load(conn)
    .await
    .unwrap();
    rows[0].agree
}

/// Starts a Can't Stop match between the two `players` (username and token) and plays three
/// moves; returns its id.
async fn three_moves_in(app: &TestApp, players: &[(&str, &str); 2]) -> String {
    let started = app
        .started_match("cant-stop", &[players[0].1, players[1].1], json!({}))
        .await;
    let id = started["id"].as_str().unwrap().to_owned();
    for _ in 0..3 {
        move_once(app, &id, players).await;
    }
    id
}

#[tokio::test]
async fn the_migration_counts_the_turns_of_existing_matches_and_moves_go_on_from_there() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    app.post(
        "/api/v1/matches",
        Some(&alice),
        json!({"game": "linja", "seats": 2}),
    )
    .await;
    let id = three_moves_in(&app, &players).await;
    let mut conn = app.db.connect().await;
    assert!(turn_counts_agree(&mut conn).await);

    // Back to the schema before the count, and forward again with the matches in place.
    redo_migrations_from(&app.db.url, "20261202000002").await;
    // Reverting the later migrations ended the sessions.
    let (alice, bob) = (app.sign_in("alice").await, app.sign_in("bob").await);
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    assert!(turn_counts_agree(&mut conn).await);
    let before = turn_log(&app, &id).await;
    assert_eq!(before.len(), 4, "{before:?}");

    // The next move is numbered from the count.
    let moved = move_once(&app, &id, &players).await;
    assert_eq!(moved["id"], id.as_str());
    let after = turn_log(&app, &id).await;
    assert_eq!(after.len(), 5, "{after:?}");
    assert_eq!(after[..4], before[..]);
    assert_eq!(after[4], (4, "action".to_owned()));
    assert!(turn_counts_agree(&mut conn).await);
}

#[derive(diesel::QueryableByName)]
struct Backends {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// How many other sessions of this database sit inside a transaction (the app's pool).
async fn sessions_in_a_transaction(conn: &mut AsyncPgConnection) -> i64 {
    let rows: Vec<Backends> = diesel::sql_query(
        "SELECT count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND state LIKE 'idle in transaction%'",
    )
    .load(conn)
    .await
    .unwrap();
    rows[0].n
}

/// A move opens its transaction and ends it without waiting for each answer (pipelined): every
/// way a move is refused, and every move played, must leave the pooled connection outside any
/// transaction and the match row unlocked.
#[tokio::test]
async fn refused_and_played_moves_leave_no_connection_inside_a_transaction() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    let started = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = started["id"].as_str().unwrap().to_owned();
    let actions = format!("/api/v1/matches/{id}/actions");
    // More rounds than the pool has connections, so that each one is lent again.
    for _ in 0..12 {
        let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        let seat = view["to_act"][0].as_u64().unwrap() as usize;
        let to_act = if view["seats"][seat]["username"] == "alice" {
            alice.as_str()
        } else {
            bob.as_str()
        };
        let other = if to_act == alice {
            bob.as_str()
        } else {
            alice.as_str()
        };
        let version = view["version"].clone();
        let stale = version.as_i64().unwrap() - 1;
        let refusals = [
            (
                format!("/api/v1/matches/{}/actions", uuid::Uuid::new_v4()),
                to_act,
                json!({"version": 1, "action": {"kind": "roll"}}),
                StatusCode::NOT_FOUND,
            ),
            (
                actions.clone(),
                to_act,
                json!({"version": stale, "action": {"kind": "roll"}}),
                StatusCode::CONFLICT,
            ),
            (
                actions.clone(),
                to_act,
                json!({"version": version, "action": {"kind": "no such action"}}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                actions.clone(),
                other,
                json!({"version": version, "action": {"kind": "roll"}}),
                StatusCode::CONFLICT,
            ),
            (
                actions.clone(),
                carol.as_str(),
                json!({"version": version, "action": {"kind": "roll"}}),
                StatusCode::FORBIDDEN,
            ),
        ];
        for (path, token, body, status) in refusals {
            let refused = app.post(&path, Some(token), body).await;
            assert_eq!(refused.status, status, "{:?}", refused.body);
        }
        let after = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
        assert_eq!(after["version"], version, "a refused move changed nothing");
        move_once(&app, &id, &players).await;
    }

    let mut conn = app.db.connect().await;
    // The app's own workers (the sequencer numbering the last move's events) may be inside a
    // transaction of theirs for a moment; a connection a move left inside one never leaves it.
    let mut inside = sessions_in_a_transaction(&mut conn).await;
    for _ in 0..100 {
        if inside == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        inside = sessions_in_a_transaction(&mut conn).await;
    }
    assert_eq!(inside, 0, "connections left inside a transaction");
    // The match row is not locked by anyone: NOWAIT fails at once if it is.
    diesel::sql_query("SELECT id FROM matches WHERE id = CAST($1 AS uuid) FOR UPDATE NOWAIT")
        .bind::<Text, _>(&id)
        .execute(&mut conn)
        .await
        .expect("the match row is not locked");
    assert!(turn_counts_agree(&mut conn).await);
    assert_eq!(
        turn_log(&app, &id).await.len(),
        13,
        "the start and 12 moves"
    );
}

#[tokio::test]
async fn a_move_with_its_turns_answers_what_a_get_and_the_turn_log_read() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let id = view["id"].as_str().unwrap();
    let path = format!("/api/v1/matches/{id}");
    let seat = view["to_act"][0].as_u64().unwrap() as usize;
    let token = if view["seats"][seat]["username"] == "alice" {
        &alice
    } else {
        &bob
    };
    let who = tapis_service::identity::auth::authenticate(&app.services, token)
        .await
        .unwrap();
    let mine = app.get(&path, Some(token)).await.body;
    let action = mine["legal_actions"][0].clone();
    let version = mine["version"].as_i64().unwrap();

    let (played, mover) = tapis_service::matches::submit_action_with_turns(
        &app.services,
        &who,
        id.parse().unwrap(),
        version,
        action.clone(),
    )
    .await
    .unwrap();
    assert_eq!(mover.user_id, who.user_id);
    assert_eq!(played.view.version, version + 1);
    assert_eq!(
        serde_json::to_value(&played.view).unwrap(),
        app.get(&path, Some(token)).await.body,
        "the view is the stored match"
    );
    let turns = app.get(&format!("{path}/turns"), None).await.body;
    assert_eq!(serde_json::to_value(&played.turns).unwrap(), turns);
    let last = played.turns.last().unwrap();
    assert_eq!(
        last.action
            .as_ref()
            .map(|a| serde_json::to_value(a).unwrap()),
        Some(action.clone()),
        "the log ends with the move"
    );

    // Played again on the same version: refused, and nothing changes.
    let stale = tapis_service::matches::submit_action_with_turns(
        &app.services,
        &who,
        id.parse().unwrap(),
        version,
        action,
    )
    .await;
    assert!(matches!(
        stale,
        Err(tapis_service::ServiceError::VersionConflict { .. })
    ));
    assert_eq!(app.get(&format!("{path}/turns"), None).await.body, turns);
}

#[derive(diesel::QueryableByName)]
struct StoredText {
    #[diesel(sql_type = Text)]
    types: String,
    #[diesel(sql_type = Text)]
    state: String,
    #[diesel(sql_type = Text)]
    events: String,
}

/// The types of the state's and the turn log's columns, the state's text and the last turn's
/// events' text, as PostgreSQL keeps them.
async fn stored_text(conn: &mut AsyncPgConnection, id: &str) -> StoredText {
    diesel::sql_query(
        "SELECT concat_ws(' ', pg_typeof(m.state), pg_typeof(t.action), pg_typeof(t.chance),
                          pg_typeof(t.events)) AS types,
                m.state::text AS state, t.events::text AS events
         FROM matches m JOIN turns t ON t.match_id = m.id
         WHERE m.id = $1::uuid ORDER BY t.seq DESC LIMIT 1",
    )
    .bind::<Text, _>(id)
    .get_result(conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_state_and_the_turn_log_are_kept_as_the_text_written_and_older_matches_play_on() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    let id = three_moves_in(&app, &players).await;
    let mut conn = app.db.connect().await;
    let stored = stored_text(&mut conn, &id).await;
    assert_eq!(stored.types, "json json json json");
    // As the server wrote them, compact: `jsonb` would print them back as `{"key": value}`.
    for text in [&stored.state, &stored.events] {
        assert!(serde_json::from_str::<Value>(text).is_ok(), "{text}");
        assert!(!text.contains(": "), "{text}");
    }
    let view = app.get(&format!("/api/v1/matches/{id}"), None).await.body;
    let log = turn_log(&app, &id).await;

    // Back to `jsonb` and forward again, with the match in place.
    redo_migrations_from(&app.db.url, "20270105000001").await;
    let (alice, bob) = (app.sign_in("alice").await, app.sign_in("bob").await);
    let players = [("alice", alice.as_str()), ("bob", bob.as_str())];
    assert_eq!(
        stored_text(&mut conn, &id).await.types,
        "json json json json"
    );
    assert_eq!(
        app.get(&format!("/api/v1/matches/{id}"), None).await.body,
        view
    );
    assert_eq!(turn_log(&app, &id).await, log);
    let moved = move_once(&app, &id, &players).await;
    assert_eq!(moved["version"], view["version"].as_i64().unwrap() + 1);
    assert_eq!(turn_log(&app, &id).await.len(), log.len() + 1);
}

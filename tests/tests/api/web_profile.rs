//! Players' profiles (ratings, the rating chart and its table, finished matches with their
//! rating changes) and the leaderboards, as web pages.

use diesel::sql_types::{BigInt, Int4, Text};
use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_tests::{Browser, TestApp, WebPage};

/// The part of `text` from the first `start` after `from` to the next `end` (both included).
fn between<'a>(text: &'a str, from: &str, start: &str, end: &str) -> &'a str {
    let at = text
        .find(from)
        .unwrap_or_else(|| panic!("{from:?} not in the page:\n{text}"));
    let begin = at
        + text[at..]
            .find(start)
            .unwrap_or_else(|| panic!("{start:?} not after {from:?}:\n{text}"));
    let stop = begin
        + text[begin..]
            .find(end)
            .unwrap_or_else(|| panic!("{end:?} not after {start:?}:\n{text}"))
        + end.len();
    &text[begin..stop]
}

/// The body rows of the first table after `from`.
fn rows<'a>(page: &'a WebPage, from: &str) -> Vec<&'a str> {
    let body = between(&page.text, from, "<tbody>", "</tbody>");
    body.split("<tr").skip(1).collect()
}

/// The row of `rows` that contains `needle`.
fn row_with<'a>(rows: &[&'a str], needle: &str) -> &'a str {
    let found: Vec<&&str> = rows.iter().filter(|r| r.contains(needle)).collect();
    assert_eq!(found.len(), 1, "one row with {needle:?} in {rows:#?}");
    found[0]
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

/// A Linja match (rated unless `extra` says otherwise) that `winner` wins because `loser`
/// resigns; returns its id.
async fn win(app: &TestApp, winner: &str, loser: &str, extra: Value) -> String {
    let view = app.started_match("linja", &[winner, loser], extra).await;
    let id = view["id"].as_str().unwrap().to_owned();
    assert_eq!(resign(app, &id, loser).await["status"], "finished");
    id
}

#[tokio::test]
async fn a_profile_shows_ratings_their_history_and_the_finished_matches() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let dave = app.player("dave").await;
    // alice beats bob (+20), then loses to carol (1500 beats 1520: −21.150023 → 1498.849977),
    // then beats bob in a casual match, which changes nothing.
    let first = win(&app, &alice, &bob, json!({})).await;
    let second = win(&app, &carol, &alice, json!({})).await;
    let casual = win(&app, &alice, &bob, json!({"rated": false})).await;
    // A rated 421 of three: dave leaves first, then carol; alice wins.
    let view = app
        .started_match("421", &[&alice, &carol, &dave], json!({}))
        .await;
    let three = view["id"].as_str().unwrap().to_owned();
    resign(&app, &three, &dave).await;
    assert_eq!(resign(&app, &three, &carol).await["status"], "finished");

    let browser = Browser::new(&app);
    let page = browser.get("/players/alice").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.assert_contains("<h1 class=\"page-title\">alice</h1>");
    page.assert_contains("3 rated matches");

    // Ratings: rounded, provisional ones marked with a ? and explained.
    let ratings = rows(&page, "ratings-heading");
    assert_eq!(ratings.len(), 8, "every game");
    let linja = row_with(&ratings, ">Linja</a>");
    assert!(
        linja.contains(
            "1,499<span class=\"provisional-mark\" aria-hidden=\"true\">?</span>\
             <span class=\"visually-hidden\"> (provisional)</span>"
        ),
        "{linja}"
    );
    assert!(linja.contains("<td class=\"num\">2</td>"), "{linja}");
    assert!(linja.contains("href=\"/leaderboards/linja\""), "{linja}");
    let yams = row_with(&ratings, ">Yams</a>");
    assert!(yams.contains(">1,500<"), "{yams}");
    assert!(yams.contains("<td class=\"num\">0</td>"), "{yams}");
    page.assert_contains("id=\"provisional-note\"");
    page.assert_contains("fewer than 10 rated matches");

    // One chart per game played rated: the start and one point per match.
    assert_eq!(page.text.matches("<svg class=\"rating-chart\"").count(), 2);
    let chart = between(&page.text, "<figure", "<svg", "</svg>");
    assert!(chart.contains("role=\"img\""), "{chart}");
    assert!(chart.contains("width=\"100%\""), "{chart}");
    assert!(
        chart.contains("aria-labelledby=\"chart-linja-title chart-linja-desc\""),
        "{chart}"
    );
    assert!(
        chart.contains("<title id=\"chart-linja-title\">"),
        "{chart}"
    );
    assert!(
        chart.contains("over 2 rated matches: from 1,500 to 1,499; lowest 1,499, highest 1,520."),
        "{chart}"
    );
    assert_eq!(chart.matches("<circle").count(), 3, "{chart}");
    assert!(chart.contains("<polyline"), "{chart}");
    assert!(chart.contains("<title>Start: 1,500</title>"), "{chart}");
    let chart_421 = between(&page.text, "id=\"history-421\"", "<svg", "</svg>");
    assert_eq!(chart_421.matches("<circle").count(), 2, "{chart_421}");

    // The same history as a table, for screen readers and anyone who wants the numbers.
    let details = between(
        &page.text,
        "id=\"history-linja\"",
        "<details>",
        "</details>",
    );
    assert!(details.contains("<summary>"), "{details}");
    let table: Vec<&str> = details.split("<tr").skip(2).collect();
    assert_eq!(table.len(), 2, "{details}");
    assert!(table[0].contains(&format!("href=\"/matches/{first}\">1</a>")));
    assert!(
        table[0].contains("<td class=\"num\">1,520</td>"),
        "{}",
        table[0]
    );
    assert!(table[0].contains(">+20</td>"), "{}", table[0]);
    assert!(table[1].contains(&format!("href=\"/matches/{second}\">2</a>")));
    assert!(
        table[1].contains("<td class=\"num\">1,499</td>"),
        "{}",
        table[1]
    );
    assert!(table[1].contains(">\u{2212}21</td>"), "{}", table[1]);

    // Finished matches, most recent first, with the result and the rating change.
    let matches = rows(&page, "matches-heading");
    assert_eq!(matches.len(), 4);
    assert!(matches[0].contains(&format!("/matches/{three}")));
    let won = row_with(&matches, &format!("/matches/{first}\""));
    assert!(won.contains(">Linja</a>"), "{won}");
    assert!(won.contains("<a href=\"/players/bob\">bob</a>"), "{won}");
    assert!(won.contains("<td>Won</td>"), "{won}");
    assert!(
        won.contains("<span class=\"change gain\">+20</span>"),
        "{won}"
    );
    assert!(won.contains("<time class=\"when\" datetime=\""), "{won}");
    let lost = row_with(&matches, &format!("/matches/{second}\""));
    assert!(
        lost.contains("<a href=\"/players/carol\">carol</a>"),
        "{lost}"
    );
    assert!(lost.contains("<td>Lost</td>"), "{lost}");
    assert!(
        lost.contains("<span class=\"change loss\">\u{2212}21</span>"),
        "{lost}"
    );
    let unrated = row_with(&matches, &format!("/matches/{casual}\""));
    assert!(unrated.contains("<td>Won</td>"), "{unrated}");
    assert!(unrated.contains("casual"), "{unrated}");
    assert!(!unrated.contains("class=\"change"), "{unrated}");
    let of_three = row_with(&matches, &format!("/matches/{three}\""));
    // The opponents in seat order (drawn at the start).
    let carol_link = "<a href=\"/players/carol\">carol</a>";
    let dave_link = "<a href=\"/players/dave\">dave</a>";
    assert!(
        of_three.contains(&format!("{carol_link} and {dave_link}"))
            || of_three.contains(&format!("{dave_link} and {carol_link}")),
        "{of_three}"
    );
    assert!(of_three.contains("<td>Won</td>"), "{of_three}");
    assert!(
        of_three.contains("<span class=\"change gain\">+"),
        "{of_three}"
    );

    // carol came second of three; dave, who left first, last.
    let carol_page = browser.get("/players/Carol").await;
    assert_eq!(carol_page.status, StatusCode::OK);
    carol_page.assert_contains("<h1 class=\"page-title\">carol</h1>");
    let carols = rows(&carol_page, "matches-heading");
    assert!(row_with(&carols, &format!("/matches/{three}\"")).contains("<td>2nd of 3</td>"));
    let dave_page = browser.get("/players/dave").await;
    let daves = rows(&dave_page, "matches-heading");
    assert!(row_with(&daves, &format!("/matches/{three}\"")).contains("<td>3rd of 3</td>"));
}

#[tokio::test]
async fn a_new_player_has_no_chart_and_no_matches() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("newbie").await;
    let page = browser.get("/players/newbie").await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("0 rated matches");
    page.assert_contains("No rated match yet.");
    page.assert_contains("No finished match yet.");
    assert!(!page.text.contains("<svg class=\"rating-chart\""));
    // Their own profile links to their account; the account page links back.
    page.assert_contains("href=\"/account\">Your account</a>");
    let account = browser.get("/account").await;
    account.assert_contains("href=\"/players/newbie\"");
}

#[tokio::test]
async fn finished_matches_come_a_page_at_a_time() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut ids = Vec::new();
    for _ in 0..23 {
        ids.push(win(&app, &alice, &bob, json!({"rated": false})).await);
    }
    let browser = Browser::new(&app);
    let first = browser.get("/players/alice").await;
    let first_rows = rows(&first, "matches-heading");
    assert_eq!(first_rows.len(), 20);
    assert!(!first.text.contains("Most recent matches"));
    let older = between(
        &first.text,
        "Pages of finished matches",
        "/players/alice?before=",
        "\"",
    );
    let older = older.trim_end_matches('"');
    first.assert_contains(&format!(
        "<a href=\"{older}\" rel=\"next\">Older matches</a>"
    ));

    let second = browser.get(older).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    let second_rows = rows(&second, "matches-heading");
    assert_eq!(second_rows.len(), 3);
    second.assert_contains("Most recent matches");
    assert!(!second.text.contains("Older matches"));
    // Every match once, newest first.
    let shown: Vec<String> = first_rows
        .iter()
        .chain(&second_rows)
        .map(|row| {
            let link = between(row, "", "/matches/", "\"");
            link["/matches/".len()..link.len() - 1].to_owned()
        })
        .collect();
    ids.reverse();
    assert_eq!(shown, ids);

    let bad = browser.get("/players/alice?before=nonsense").await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Adds `count` players with a rating in `game` straight into the database: names
/// `{prefix}00`, `{prefix}01`..., ratings from `top` down by one point, `games` rated matches.
async fn rated_players(app: &TestApp, game: &str, prefix: &str, count: i64, top: i64, games: i32) {
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "WITH new_users AS ( \
           INSERT INTO users (id, username, password_hash) \
           SELECT gen_random_uuid(), $1 || lpad(n::text, 2, '0'), 'x' \
           FROM generate_series(0, $2 - 1) AS n \
           RETURNING id, username) \
         INSERT INTO ratings (user_id, game, rating, games) \
         SELECT id, $3, ($4 - substring(username FROM '[0-9]+$')::bigint) * 1000000, $5 \
         FROM new_users",
    )
    .bind::<Text, _>(prefix)
    .bind::<BigInt, _>(count)
    .bind::<Text, _>(game)
    .bind::<BigInt, _>(top)
    .bind::<Int4, _>(games)
    .execute(&mut conn)
    .await
    .unwrap();
}

/// Sets `username`'s rating in `game` straight in the database.
async fn set_rating(app: &TestApp, username: &str, game: &str, micros: i64, games: i32) {
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "INSERT INTO ratings (user_id, game, rating, games) \
         SELECT id, $2, $3, $4 FROM users WHERE username = $1",
    )
    .bind::<Text, _>(username)
    .bind::<Text, _>(game)
    .bind::<BigInt, _>(micros)
    .bind::<Int4, _>(games)
    .execute(&mut conn)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_leaderboard_ranks_established_players_and_leaves_out_provisional_ones() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    browser.sign_up("alice").await;
    for name in ["bob", "carol", "dave"] {
        app.player(name).await;
    }
    set_rating(&app, "alice", "yams", 1_600_400_000, 12).await;
    set_rating(&app, "bob", "yams", 1_549_600_000, 10).await;
    set_rating(&app, "dave", "yams", 1_549_600_000, 31).await;
    // Higher than all, but only 9 rated matches: provisional, not on the board.
    set_rating(&app, "carol", "yams", 1_700_000_000, 9).await;

    let page = browser.get("/leaderboards/yams").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    page.assert_contains("<h1 class=\"page-title\">Yams leaderboard</h1>");
    page.assert_contains("href=\"/leaderboards\" aria-current=\"page\">Leaderboards</a>");
    page.assert_contains("href=\"/leaderboards/yams\" aria-current=\"page\">Yams</a>");
    let places = rows(&page, "board-heading");
    assert_eq!(places.len(), 3, "{places:#?}");
    assert!(
        !page.text.contains("carol"),
        "provisional players are left out"
    );
    let cells = |row: &str| -> Vec<String> {
        row.split("<td class=\"num")
            .skip(1)
            .map(|cell| {
                let text = &cell[cell.find('>').unwrap() + 1..];
                text[..text.find('<').unwrap()].to_owned()
            })
            .collect()
    };
    assert!(places[0].contains("<a href=\"/players/alice\">alice</a>"));
    assert!(places[0].contains("<span class=\"badge\">You</span>"));
    assert_eq!(cells(places[0]), ["1", "1,600", "12"]);
    // Equal ratings share a rank; the names break the tie in the order shown.
    assert!(places[1].contains("<a href=\"/players/bob\">bob</a>"));
    assert_eq!(cells(places[1]), ["2", "1,550", "10"]);
    assert!(places[2].contains("<a href=\"/players/dave\">dave</a>"));
    assert_eq!(cells(places[2]), ["2", "1,550", "31"]);
    assert!(!page.text.contains("rel=\"next\""));
    // In French, thousands are set apart by a narrow no-break space.
    let page = Browser::speaking(&app, "fr-FR")
        .get("/leaderboards/yams")
        .await;
    assert_eq!(
        cells(rows(&page, "board-heading")[0]),
        ["1", "1\u{202f}600", "12"]
    );

    // On the profiles: an established rating has no ?, a provisional one has.
    let alice_page = browser.get("/players/alice").await;
    let alice = rows(&alice_page, "ratings-heading")
        .into_iter()
        .find(|r| r.contains(">Yams</a>"))
        .unwrap();
    assert!(alice.contains(">1,600</td>"), "{alice}");
    let carol_page = browser.get("/players/carol").await;
    let carol = rows(&carol_page, "ratings-heading")
        .into_iter()
        .find(|r| r.contains(">Yams</a>"))
        .unwrap();
    assert!(
        carol.contains("1,700<span class=\"provisional-mark\""),
        "{carol}"
    );

    // A game nobody has played enough yet.
    let empty = browser.get("/leaderboards/linja").await;
    assert_eq!(empty.status, StatusCode::OK);
    empty.assert_contains("Nobody has played 10 rated matches of Linja yet.");

    // The index leads to every game's board.
    let index = browser.get("/leaderboards").await;
    assert_eq!(index.status, StatusCode::OK);
    for game in [
        "linotte",
        "yam-master",
        "linja",
        "5000",
        "421",
        "cant-stop",
        "yams",
        "make-five",
    ] {
        index.assert_contains(&format!("href=\"/leaderboards/{game}\""));
    }
}

#[tokio::test]
async fn long_leaderboards_come_a_page_at_a_time() {
    let app = TestApp::spawn().await;
    rated_players(&app, "cant-stop", "player", 52, 1800, 10).await;
    let browser = Browser::new(&app);
    let first = browser.get("/leaderboards/cant-stop").await;
    let places = rows(&first, "board-heading");
    assert_eq!(places.len(), 50);
    assert!(places[0].contains(">player00</a>") && places[0].contains(">1,800<"));
    first.assert_contains("href=\"/leaderboards/cant-stop?page=2\" rel=\"next\"");
    assert!(!first.text.contains("rel=\"prev\""));

    let second = browser.get("/leaderboards/cant-stop?page=2").await;
    let places = rows(&second, "board-heading");
    assert_eq!(places.len(), 2);
    assert!(places[0].contains("<td class=\"num\">51</td>") && places[0].contains(">player50</a>"));
    assert!(places[1].contains("<td class=\"num\">52</td>") && places[1].contains(">1,749<"));
    second.assert_contains("href=\"/leaderboards/cant-stop\" rel=\"prev\"");
    assert!(!second.text.contains("rel=\"next\""));

    let beyond = browser.get("/leaderboards/cant-stop?page=9").await;
    assert_eq!(beyond.status, StatusCode::OK);
    beyond.assert_contains("No one further down the board.");
}

#[tokio::test]
async fn unknown_players_and_games_and_bad_pages_are_refused() {
    let app = TestApp::spawn().await;
    let browser = Browser::new(&app);
    for path in [
        "/players/nobody",
        "/leaderboards/chess",
        "/players/",
        "/leaderboards/linja/x",
    ] {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            page.header("content-type").starts_with("text/html"),
            "{path}"
        );
        page.assert_contains("Not found");
    }
    for path in ["/leaderboards/linja?page=0", "/leaderboards/linja?page=two"] {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{path}");
    }
}

#[tokio::test]
async fn player_names_link_to_their_profiles() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    app.started_match("linja", &[&alice], json!({"seats": 2}))
        .await;
    let browser = Browser::new(&app);
    browser.sign_up("bob").await;
    let home = browser.get("/").await;
    home.assert_contains("href=\"/leaderboards\" aria-current=\"false\">Leaderboards</a>");
    let lobby = browser.get("/lobby").await;
    lobby.assert_contains("by <a href=\"/players/alice\">alice</a>");
}

#[tokio::test]
async fn a_players_record_is_read_in_one_call() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let rated = win(&app, &alice, &bob, json!({})).await;
    let casual = win(&app, &alice, &bob, json!({"rated": false})).await;
    let view = app
        .started_match("cant-stop", &[&alice, &bob], json!({}))
        .await;
    let cant_stop = view["id"].as_str().unwrap().to_owned();
    resign(&app, &cant_stop, &bob).await;

    let record = tapis_service::players::record(&app.services, "ALICE", None, 2, None)
        .await
        .unwrap();
    assert_eq!(record.profile.username, "alice");
    let profile = app.get("/api/v1/users/alice", None).await.body;
    assert_eq!(serde_json::to_value(&record.profile).unwrap(), profile);

    // Every game played rated, in catalogue order, with the history the API gives.
    let games: Vec<&str> = record.histories.iter().map(|(g, _)| g.as_str()).collect();
    let mut expected = vec!["cant-stop", "linja"];
    expected.sort_by_key(|g| {
        tapis_games::GameId::ALL
            .iter()
            .position(|id| id.as_str() == *g)
    });
    assert_eq!(games, expected);
    for (game, entries) in &record.histories {
        let history = app
            .get(
                &format!("/api/v1/users/alice/ratings/{}/history", game.as_str()),
                None,
            )
            .await;
        assert_eq!(history.status, StatusCode::OK);
        assert_eq!(serde_json::to_value(entries).unwrap(), history.body);
    }

    // The first page of finished matches, most recent first, and the change of the rated one.
    let ids: Vec<String> = record
        .matches
        .items
        .iter()
        .map(|m| m.id.to_string())
        .collect();
    assert_eq!(ids, [cant_stop.as_str(), casual.as_str()]);
    let changed: Vec<String> = record.changes.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(changed, [cant_stop]);
    let next = record.matches.next_cursor.clone();
    assert!(next.is_some());
    let older = tapis_service::players::record(&app.services, "alice", None, 2, next)
        .await
        .unwrap();
    let ids: Vec<String> = older
        .matches
        .items
        .iter()
        .map(|m| m.id.to_string())
        .collect();
    assert_eq!(ids, [rated.as_str()]);
    let changed: Vec<String> = older.changes.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(changed, [rated]);

    let nobody = tapis_service::players::record(&app.services, "nobody", None, 2, None).await;
    assert!(matches!(
        nobody,
        Err(tapis_service::ServiceError::NotFound("user"))
    ));
}

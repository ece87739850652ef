//! The pages' live events: the signed-in player's stream (`GET /stream`, by the session
//! cookie), a match's stream for its page (`GET /matches/{id}/stream?since=N`), and the
//! attributes by which the pages follow them (no polling trigger while a stream is there).

use std::time::Duration;

use reqwest::StatusCode;
use tapis_tests::{Browser, EventStream, TestApp};

use crate::web_match::{actions, mover, two_player_match, version};

/// The page stream of a signed-in browser; panics if it is refused.
async fn page_stream(browser: &Browser, last_event_id: Option<&str>) -> EventStream {
    match browser.open_stream("/stream", last_event_id).await {
        Ok(stream) => stream,
        Err(page) => panic!("the stream was refused: {} {}", page.status, page.text),
    }
}

#[tokio::test]
async fn a_visitor_has_no_stream_of_their_own() {
    let app = TestApp::spawn().await;
    let visitor = Browser::new(&app);
    let refused = match visitor.open_stream("/stream", None).await {
        Ok(_) => panic!("a visitor's stream was opened"),
        Err(page) => page,
    };
    // 401 with nothing else: no sign-in page and no redirect, which an EventSource would
    // neither show nor follow.
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(refused.text.is_empty(), "{}", refused.text);
    assert!(refused.headers.get("location").is_none());
    // And no page of a visitor asks for one.
    let home = visitor.get("/").await;
    assert!(!home.text.contains("data-user-stream"), "{}", home.text);
    assert!(!home.text.contains("data-follow"));
}

#[tokio::test]
async fn the_page_stream_tells_a_player_their_invitation_start_and_turn() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;
    let bob = Browser::new(&app);
    bob.sign_up("bob").await;
    let mut heard_by_alice = page_stream(&alice, None).await;
    let mut heard_by_bob = page_stream(&bob, None).await;

    // Alice invites Bob from the lobby: Bob hears of it, from Alice.
    alice.get("/lobby").await;
    let created = alice
        .post(
            "/lobby/matches",
            &[
                ("game", "yams"),
                ("seats", "2"),
                ("days_per_move", "3"),
                ("invite", "bob"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let id = created
        .header("location")
        .strip_prefix("/matches/")
        .unwrap()
        .to_owned();
    let invitation = heard_by_bob.expect("invitation").await;
    assert_eq!(invitation.data["match_id"], id.as_str());
    assert_eq!(invitation.data["by"], "alice");
    assert_eq!(invitation.data["game"], "yams");

    // Bob accepts: the match starts, for both.
    let joined = bob.post(&format!("/matches/{id}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.text);
    let started = heard_by_bob.expect("match_started").await;
    assert_eq!(started.data["match_id"], id.as_str());
    assert_eq!(
        heard_by_alice.expect("match_started").await.data["match_id"],
        id.as_str()
    );

    // Whoever is to move hears `your_turn`, the other nothing more.
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let (to_move, other) = if index == 0 {
        (&mut heard_by_alice, &mut heard_by_bob)
    } else {
        (&mut heard_by_bob, &mut heard_by_alice)
    };
    let turn = to_move.expect("your_turn").await;
    assert_eq!(turn.data["match_id"], id.as_str());
    assert_eq!(turn.data["version"], version(&page));
    other.expect_nothing(Duration::from_millis(300)).await;

    // A reconnecting page resumes after the last event it received (Last-Event-ID).
    let mut resumed = page_stream(&bob, Some(&invitation.id)).await;
    assert_eq!(resumed.expect("match_started").await, started);

    // A Last-Event-ID that is no number is refused with a clear answer.
    let bad = match bob.open_stream("/stream", Some("yesterday")).await {
        Ok(_) => panic!("a stream resumed from a word"),
        Err(page) => page,
    };
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
}

#[tokio::test]
async fn the_match_page_stream_resumes_from_the_version_shown() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "yams").await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let (player, watcher) = if index == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let shown = version(&page);

    // The watcher's page shows version `shown`; a move is played before its stream connects.
    let action = actions(&page).into_iter().next().unwrap().to_string();
    let shown_text = shown.to_string();
    let played = player
        .hx_post(
            &format!("/matches/{id}/act"),
            &[
                ("version", shown_text.as_str()),
                ("action", action.as_str()),
            ],
        )
        .await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);

    // The stream starts after the version shown: the move played meanwhile comes first.
    let path = format!("/matches/{id}/stream?since={shown}");
    let mut stream = match watcher.open_stream(&path, None).await {
        Ok(stream) => stream,
        Err(page) => panic!("refused: {} {}", page.status, page.text),
    };
    let moved = stream.expect("move").await;
    assert_eq!(moved.id, (shown + 1).to_string());
    assert_eq!(moved.data["version"], shown + 1);
    stream.expect_nothing(Duration::from_millis(300)).await;

    // A reconnecting EventSource sends the last version it received: it wins over `since`.
    let mut resumed = match watcher.open_stream(&path, Some(&moved.id)).await {
        Ok(stream) => stream,
        Err(page) => panic!("refused: {} {}", page.status, page.text),
    };
    resumed.expect_nothing(Duration::from_millis(300)).await;

    // Bad input: a `since` that is no number, or past the match's version.
    let word = watcher
        .get(&format!("/matches/{id}/stream?since=soon"))
        .await;
    assert_eq!(word.status, StatusCode::BAD_REQUEST);
    let ahead = watcher
        .get(&format!("/matches/{id}/stream?since={}", shown + 50))
        .await;
    assert_eq!(ahead.status, StatusCode::BAD_REQUEST, "{}", ahead.text);
    let unknown = watcher
        .get("/matches/00000000-0000-4000-8000-000000000000/stream")
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn signed_in_pages_follow_the_players_stream_in_their_language() {
    let app = TestApp::spawn().await;
    let alice = Browser::new(&app);
    alice.sign_up("alice").await;

    let home = alice.get("/").await;
    home.assert_contains("data-user-stream=\"/stream\"");
    home.assert_contains("data-title-your-turn=\"(%n) Your turn — Tapis\"");
    home.assert_contains("data-notify-body=\"%g: it is your move. Open the match to play.\"");
    home.assert_contains(
        "id=\"home-matches\" data-testid=\"home-matches\" data-follow=\"your_turn match_started match_finished match_cancelled\" data-refresh=\"/\"",
    );
    let lobby = alice.get("/lobby").await;
    lobby.assert_contains(
        "data-follow=\"invitation invitation_declined match_cancelled match_started\" data-refresh=\"/lobby\"",
    );
    let account = alice.get("/account").await;
    account.assert_contains("data-testid=\"notify-ask\" hidden>Notify me when it&#39;s my turn");

    // In French, the title and the notification are French.
    let french = alice.post("/account/language", &[("lang", "fr")]).await;
    assert!(french.status.is_success(), "{}", french.text);
    let accueil = alice.get("/").await;
    accueil.assert_contains("data-title-your-turn=\"(%n) À vous de jouer — Tapis\"");
    accueil.assert_contains("data-notify-title=\"À vous de jouer — Tapis\"");
    let compte = alice.get("/account").await;
    compte.assert_contains("Me prévenir quand c’est mon tour");
}

/// Opens `path` as a page stream; panics if it is refused.
async fn open(browser: &Browser, path: &str, last_event_id: Option<&str>) -> EventStream {
    match browser.open_stream(path, last_event_id).await {
        Ok(stream) => stream,
        Err(page) => panic!("{path} was refused: {} {}", page.status, page.text),
    }
}

#[tokio::test]
async fn one_page_stream_carries_the_players_events_and_the_moves_of_the_matches_shown() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "yams").await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let (player, watcher) = if index == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let (player_name, watcher_name) = if index == 0 {
        ("alice", "bob")
    } else {
        ("bob", "alice")
    };
    let shown = version(&page);

    // The watcher's page shows version `shown`; a move is played before its stream connects.
    let action = actions(&page).into_iter().next().unwrap().to_string();
    let shown_text = shown.to_string();
    let played = player
        .hx_post(
            &format!("/matches/{id}/act"),
            &[
                ("version", shown_text.as_str()),
                ("action", action.as_str()),
            ],
        )
        .await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);

    // One stream for the player's events and the match shown, from the version shown.
    let path = format!("/stream?matches={id}:{shown}");
    let mut stream = open(watcher, &path, None).await;
    // (The move may have given the watcher the turn: their `your_turn` may come on it too,
    // before or after.)
    let mut last_numbered = String::new();
    let moved = loop {
        let received = stream
            .next_within(std::time::Duration::from_secs(5))
            .await
            .expect("no move within 5 s");
        if received.event == "move" {
            break received;
        }
        assert_eq!(received.event, "your_turn", "{received:?}");
        last_numbered = received.id;
    };
    assert_eq!(moved.data["match_id"], id.as_str());
    assert_eq!(moved.data["version"], shown + 1);
    // A move has no `id:`: a reconnecting EventSource resumes the player's events by
    // Last-Event-ID, the moves from the versions in the address. (An event without `id:`
    // keeps the last id received, as browsers do.)
    assert_eq!(moved.id, last_numbered);

    // The player's own events come on the same stream, numbered.
    player.get("/lobby").await;
    let created = player
        .post(
            "/lobby/matches",
            &[
                ("game", "yams"),
                ("seats", "2"),
                ("days_per_move", "3"),
                ("invite", watcher_name),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let invitation = stream.expect_after("invitation", &["your_turn"]).await;
    assert_eq!(invitation.data["by"], player_name);
    let seq: i64 = invitation.id.parse().unwrap();

    // A stream the page opens anew resumes after the last event it heard (`after`), and a
    // reconnecting one by its Last-Event-ID, which wins.
    let mut again = open(watcher, &format!("/stream?after={}", seq - 1), None).await;
    assert_eq!(again.expect("invitation").await, invitation);
    let mut resumed = open(
        watcher,
        &format!("/stream?after={}", seq - 1),
        Some(&invitation.id),
    )
    .await;
    resumed.expect_nothing(Duration::from_millis(300)).await;

    // A visitor may follow matches on it (moves are public), with no events of their own.
    let visitor = Browser::new(&app);
    let mut watching = open(&visitor, &path, None).await;
    assert_eq!(watching.expect("move").await.data["version"], shown + 1);

    // Bad input is refused with a clear answer: no match and version, a match twice, a
    // version the match has not reached, a match that does not exist.
    for bad in [
        "/stream?matches=soon".to_owned(),
        format!("/stream?matches={id}"),
        format!("/stream?matches={id}:{shown},{id}:{shown}"),
        format!("/stream?matches={id}:{}", shown + 50),
    ] {
        let refused = watcher.get(&bad).await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {}",
            refused.text
        );
    }
    let unknown = watcher
        .get("/stream?matches=00000000-0000-4000-8000-000000000000:0")
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

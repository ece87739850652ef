//! The match page: every game's table with clickable actions, the htmx fragment and live
//! polling, moves posted through the forms (literal and composed), stale and illegal moves,
//! CSRF, resigning with a confirmation, the turn log in words, the replay, and a whole Yams
//! match played through the web forms only.

use reqwest::StatusCode;
use tapis_tests::{Browser, TestApp, WebPage};

/// Undoes askama's HTML escaping of an attribute value.
pub(crate) fn unescape(value: &str) -> String {
    value
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Every value of `attribute="..."` after each occurrence of `marker`.
pub(crate) fn values_after(text: &str, marker: &str, attribute: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(marker) {
        rest = &rest[at + marker.len()..];
        let key = format!("{attribute}=\"");
        if let Some(start) = rest.find(&key) {
            let value: String = rest[start + key.len()..]
                .chars()
                .take_while(|c| *c != '"')
                .collect();
            out.push(unescape(&value));
        }
    }
    out
}

/// The literal actions the page offers (the JSON in the buttons' values).
pub(crate) fn actions(page: &WebPage) -> Vec<serde_json::Value> {
    values_after(&page.text, "name=\"action\"", "value")
        .iter()
        .map(|json| serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}")))
        .collect()
}

/// The version the page shows.
pub(crate) fn version(page: &WebPage) -> i64 {
    values_after(&page.text, "id=\"match-live\"", "data-version")
        .first()
        .unwrap_or_else(|| panic!("no version in the page:\n{}", page.text))
        .parse()
        .unwrap()
}

/// The faces of the dice of the compose form (in the page's order).
pub(crate) fn pickable_faces(page: &WebPage) -> Vec<u8> {
    let Some(start) = page.text.find("data-testid=\"compose\"") else {
        return Vec::new();
    };
    let end = page.text[start..]
        .find("</form>")
        .map_or(page.text.len(), |e| start + e);
    values_after(&page.text[start..end], "class=\"die-pick\"", "data-face")
        .iter()
        .map(|f| f.parse().unwrap())
        .collect()
}

/// The compose template of the page, if it has one.
pub(crate) fn compose_template(page: &WebPage) -> Option<String> {
    values_after(&page.text, "name=\"compose\"", "value")
        .into_iter()
        .next()
}

fn match_id(location: &str) -> String {
    location
        .strip_prefix("/matches/")
        .unwrap_or_else(|| panic!("not a match page: {location}"))
        .to_owned()
}

/// Alice creates a two-player match of `game` from the lobby and Bob joins it from the match
/// page; returns their browsers and the match id.
pub(crate) async fn two_player_match(app: &TestApp, game: &str) -> (Browser, Browser, String) {
    let alice = Browser::new(app);
    alice.sign_up("alice").await;
    let bob = Browser::new(app);
    bob.sign_up("bob").await;
    alice.get("/lobby").await;
    let created = alice
        .post(
            "/lobby/matches",
            &[("game", game), ("seats", "2"), ("days_per_move", "3")],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text);
    let id = match_id(created.header("location"));

    // The open match's page: Alice may cancel it, Bob may join it.
    let waiting = alice.get(&format!("/matches/{id}")).await;
    assert_eq!(waiting.status, StatusCode::OK);
    waiting.assert_contains("Waiting for players: 1 of 2 seats taken");
    waiting.assert_contains(&format!("action=\"/matches/{id}/cancel\""));
    // Waiting for players, it asks every two seconds (a join is no move: no stream tells it).
    waiting.assert_contains("hx-trigger=\"every 2s\"");
    assert!(!waiting.text.contains("data-stream="));
    let open_version = version(&waiting);
    let invitation = bob.get(&format!("/matches/{id}")).await;
    invitation.assert_contains(&format!("action=\"/matches/{id}/join\""));
    let joined = bob.post(&format!("/matches/{id}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER);
    assert_eq!(joined.header("location"), format!("/matches/{id}"));
    // Alice's waiting page learns by itself that the match has started.
    let started = alice
        .hx_get(&format!("/matches/{id}/poll?since={open_version}"))
        .await;
    assert_eq!(started.status, StatusCode::OK);
    started.assert_contains("data-testid=\"game-table\"");
    (alice, bob, id)
}

/// The index of the browser whose page says it is their move, and that page.
pub(crate) async fn mover(players: &[&Browser], id: &str) -> (usize, WebPage) {
    for (index, browser) in players.iter().enumerate() {
        let page = browser.get(&format!("/matches/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        if page.text.contains("<strong>Your move</strong>") {
            return (index, page);
        }
    }
    panic!("nobody has the move in match {id}");
}

/// Posts one literal action through the page's form.
pub(crate) async fn play(
    browser: &Browser,
    id: &str,
    page: &WebPage,
    action: &serde_json::Value,
) -> WebPage {
    let version = version(page).to_string();
    let action = action.to_string();
    browser
        .post(
            &format!("/matches/{id}/act"),
            &[("version", version.as_str()), ("action", action.as_str())],
        )
        .await
}

#[tokio::test]
async fn every_game_has_a_table_with_clickable_actions() {
    let app = TestApp::spawn().await;
    let names = [
        ("linotte", "La Linotte"),
        ("yam-master", "Yam Master"),
        ("linja", "Linja"),
        ("5000", "5000"),
        ("421", "421"),
        ("cant-stop", "Can&#39;t Stop"),
        ("yams", "Yams"),
        ("make-five", "Make Five"),
    ];
    let mut players = Vec::new();
    for (i, _) in names.iter().enumerate() {
        let a = Browser::new(&app);
        a.sign_up(&format!("first{i}")).await;
        let b = Browser::new(&app);
        b.sign_up(&format!("second{i}")).await;
        players.push((a, b));
    }
    for ((game, name), (a, b)) in names.iter().zip(&players) {
        a.get("/lobby").await;
        let created = a
            .post(
                "/lobby/matches",
                &[("game", game), ("seats", "2"), ("days_per_move", "3")],
            )
            .await;
        assert_eq!(
            created.status,
            StatusCode::SEE_OTHER,
            "{game}: {}",
            created.text
        );
        let id = match_id(created.header("location"));
        let joined = b.post(&format!("/matches/{id}/join"), &[]).await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "{game}");

        let (index, page) = mover(&[a, b], &id).await;
        page.assert_contains(&format!("<h1 class=\"page-title\">{name}</h1>"));
        page.assert_contains("data-testid=\"game-table\"");
        page.assert_contains("data-testid=\"turn-log\"");
        // The fair-dice panel is for games with chance: not Linja (Make Five's draws keep it).
        assert_eq!(
            page.text.contains("data-testid=\"seed-hash\""),
            *game != "linja",
            "{game}"
        );
        page.assert_contains("data-testid=\"deadline\"");
        let offered = actions(&page);
        assert!(
            !offered.is_empty() || compose_template(&page).is_some(),
            "{game}: nothing to click:\n{}",
            page.text
        );
        // Never a JSON box to fill: the actions are buttons.
        assert!(!page.text.contains("<textarea"), "{game}");
        // The other player sees the table but nothing to click.
        let other = [a, b][1 - index];
        let watching = other.get(&format!("/matches/{id}")).await;
        assert!(actions(&watching).is_empty(), "{game}");
        assert!(compose_template(&watching).is_none(), "{game}");

        // One move through the form, when the page offers a literal one.
        let before = version(&page);
        let player = [a, b][index];
        let after = if let Some(action) = offered.first() {
            let posted = play(player, &id, &page, action).await;
            assert_eq!(
                posted.status,
                StatusCode::SEE_OTHER,
                "{game}: {}",
                posted.text
            );
            player.get(&format!("/matches/{id}")).await
        } else {
            let template = compose_template(&page).unwrap();
            let faces = pickable_faces(&page);
            let face = faces[0].to_string();
            let version = before.to_string();
            let posted = player
                .post(
                    &format!("/matches/{id}/act"),
                    &[
                        ("version", version.as_str()),
                        ("compose", template.as_str()),
                        ("pick", face.as_str()),
                    ],
                )
                .await;
            assert_eq!(
                posted.status,
                StatusCode::SEE_OTHER,
                "{game}: {}",
                posted.text
            );
            player.get(&format!("/matches/{id}")).await
        };
        assert!(version(&after) > before, "{game}: the move changed nothing");
    }
}

#[tokio::test]
async fn the_table_fragment_and_polling_for_news() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "yams").await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let (player, other) = if index == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let v = version(&page);

    let fragment = other.hx_get(&format!("/matches/{id}/table")).await;
    assert_eq!(fragment.status, StatusCode::OK);
    assert!(
        fragment.text.starts_with("<div id=\"match-live\""),
        "{}",
        fragment.text
    );
    assert!(!fragment.text.contains("<html"));
    // In play, the page follows the match's stream from the version it shows, fetches the
    // fragment when a move comes, and polls only should the stream fail: no htmx trigger.
    // The page's one stream, which carries this match's moves among the player's events.
    fragment.assert_contains(&format!(
        "data-stream=\"/stream\" data-stream-match=\"{id}\""
    ));
    fragment.assert_contains(&format!("data-refresh=\"/matches/{id}/table\""));
    fragment.assert_contains(&format!("data-poll=\"/matches/{id}/poll?since={v}\""));
    fragment.assert_contains("data-poll-ms=\"2000\"");
    assert!(!fragment.text.contains("hx-trigger="), "{}", fragment.text);
    // The version is the page's own business (`data-version`), never words a player reads.
    fragment.assert_contains("This page shows the other players&#39; moves as they come.");
    assert!(!fragment.text.contains("Version"), "{}", fragment.text);

    // Nothing new: 204 and no body.
    let unchanged = other.hx_get(&format!("/matches/{id}/poll?since={v}")).await;
    assert_eq!(unchanged.status, StatusCode::NO_CONTENT);
    assert!(unchanged.text.is_empty());

    // The player on turn writes their dice in Chance with htmx: the fresh fragment comes back.
    let chance = actions(&page)
        .into_iter()
        .find(|a| a["box"] == "chance")
        .unwrap();
    let version_text = v.to_string();
    let chance_text = chance.to_string();
    let played = player
        .hx_post(
            &format!("/matches/{id}/act"),
            &[
                ("version", version_text.as_str()),
                ("action", chance_text.as_str()),
            ],
        )
        .await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.text);
    assert!(played.text.starts_with("<div id=\"match-live\""));
    assert_eq!(version(&played), v + 1);
    played.assert_contains("in Chance");

    // The other player's poll now brings the news, in words, and it is their move.
    let news = other.hx_get(&format!("/matches/{id}/poll?since={v}")).await;
    assert_eq!(news.status, StatusCode::OK);
    assert!(version(&news) > v);
    news.assert_contains("in Chance");
    news.assert_contains("<strong>Your move</strong>");
    assert!(!actions(&news).is_empty());

    // A spectator sees the match too, with nothing to click.
    let stranger = Browser::new(&app);
    let watched = stranger.get(&format!("/matches/{id}")).await;
    assert_eq!(watched.status, StatusCode::OK);
    watched.assert_contains(" to play</strong>");
    assert!(actions(&watched).is_empty());
}

#[tokio::test]
async fn stale_illegal_and_forged_moves_change_nothing() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "yams").await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let (player, other) = if index == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let v = version(&page);
    let chance = actions(&page)
        .into_iter()
        .find(|a| a["box"] == "chance")
        .unwrap()
        .to_string();
    let stale = (v - 1).to_string();

    // A stale version: 409, the fresh table and a short message.
    let refused = player
        .post(
            &format!("/matches/{id}/act"),
            &[("version", stale.as_str()), ("action", chance.as_str())],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    refused.assert_contains("data-testid=\"match-message\"");
    refused.assert_contains("Someone moved before you");
    assert_eq!(version(&refused), v);
    // The same with htmx: the fragment with the message, not an error page.
    let refused = player
        .hx_post(
            &format!("/matches/{id}/act"),
            &[("version", stale.as_str()), ("action", chance.as_str())],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(refused.text.starts_with("<div id=\"match-live\""));
    refused.assert_contains("Someone moved before you");

    // An illegal move: keeping dice the player does not have.
    let version_text = v.to_string();
    let template = compose_template(&page).unwrap();
    let illegal = player
        .post(
            &format!("/matches/{id}/act"),
            &[
                ("version", version_text.as_str()),
                ("compose", template.as_str()),
                ("pick", "6"),
                ("pick", "6"),
                ("pick", "6"),
                ("pick", "6"),
                ("pick", "6"),
            ],
        )
        .await;
    assert_eq!(
        illegal.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        illegal.text
    );
    illegal.assert_contains("That move is not allowed");
    assert_eq!(version(&illegal), v);
    // A move that cannot be read.
    let garbled = player
        .post(
            &format!("/matches/{id}/act"),
            &[("version", version_text.as_str()), ("action", "{not json")],
        )
        .await;
    assert_eq!(garbled.status, StatusCode::UNPROCESSABLE_ENTITY);
    garbled.assert_contains("That move could not be read.");
    // The other player's move: not their turn.
    let other_page = other.get(&format!("/matches/{id}")).await;
    let wrong_turn = play(
        other,
        &id,
        &other_page,
        &serde_json::from_str(&chance).unwrap(),
    )
    .await;
    assert_eq!(wrong_turn.status, StatusCode::CONFLICT);
    wrong_turn.assert_contains("It is not your turn");

    // Without the CSRF token the move is refused before it reaches the match.
    let forged = player
        .post_raw(
            &format!("/matches/{id}/act"),
            &[
                ("version", version_text.as_str()),
                ("action", chance.as_str()),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    // Signed out, it sends to the sign-in page.
    let stranger = Browser::new(&app);
    stranger.get("/").await;
    let anonymous = stranger
        .post(
            &format!("/matches/{id}/act"),
            &[
                ("version", version_text.as_str()),
                ("action", chance.as_str()),
            ],
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::SEE_OTHER);
    assert!(anonymous.header("location").starts_with("/signin?next="));

    // Nothing was played: the same version, the same player on turn.
    let (again, page) = mover(&[&alice, &bob], &id).await;
    assert_eq!(again, index);
    assert_eq!(version(&page), v);

    // And the right move still works.
    let played = play(player, &id, &page, &serde_json::from_str(&chance).unwrap()).await;
    assert_eq!(played.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn resigning_asks_for_confirmation_then_ends_the_match() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "5000").await;
    let page = alice.get(&format!("/matches/{id}")).await;
    page.assert_contains("data-testid=\"resign\"");
    let v = version(&page);

    // Without the confirmation: a page that asks, and nothing happens.
    let asked = alice.post(&format!("/matches/{id}/resign"), &[]).await;
    assert_eq!(asked.status, StatusCode::OK);
    asked.assert_contains("Resign this 5000 match?");
    asked.assert_contains("name=\"confirm\" value=\"yes\"");
    assert_eq!(version(&alice.get(&format!("/matches/{id}")).await), v);

    let resigned = alice
        .post(&format!("/matches/{id}/resign"), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, StatusCode::SEE_OTHER);
    let over = bob.get(&format!("/matches/{id}")).await;
    over.assert_contains("data-testid=\"result\"");
    over.assert_contains("You win!");
    over.assert_contains("by resignation");
    over.assert_contains("data-testid=\"seed\"");
    over.assert_contains("alice resigns");
    // A finished match no longer polls, and has nothing left to click.
    assert!(!over.text.contains("hx-trigger=\"every 2s\""));
    assert!(!over.text.contains("data-stream="));
    assert!(actions(&over).is_empty());
    assert!(!over.text.contains("data-testid=\"resign\""));
    // Resigning again is refused with a message, not an error page.
    let again = bob
        .post(&format!("/matches/{id}/resign"), &[("confirm", "yes")])
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    again.assert_contains("The match is not in play");
}

#[tokio::test]
async fn four_two_one_dice_are_ticked_to_keep_them() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "421").await;
    let (index, page) = mover(&[&alice, &bob], &id).await;
    let player = [&alice, &bob][index];
    page.assert_contains("Stop here");
    // Ticking a die keeps it, as in every game: the others are thrown again.
    page.assert_contains("Throw the others again");
    page.assert_contains("<span class=\"die-verb\">Keep<");
    page.assert_contains("title=\"the pot deals its 21 tokens");
    let faces: Vec<String> = pickable_faces(&page).iter().map(u8::to_string).collect();
    assert_eq!(faces.len(), 3);
    let template = compose_template(&page).unwrap();
    let v = version(&page).to_string();
    let mut fields = vec![
        ("version", v.as_str()),
        ("compose", template.as_str()),
        ("pick", faces[0].as_str()),
        ("pick", faces[1].as_str()),
    ];
    fields.extend(faces.iter().map(|f| ("die", f.as_str())));
    let thrown = player.post(&format!("/matches/{id}/act"), &fields).await;
    assert_eq!(thrown.status, StatusCode::SEE_OTHER, "{}", thrown.text);
    let page = player.get(&format!("/matches/{id}")).await;
    // The two ticked dice were kept; the third, left unticked, was thrown again.
    let kept = page
        .text
        .split(" kept ")
        .nth(1)
        .and_then(|rest| rest.split(" and threw ").next())
        .unwrap_or_else(|| panic!("{}", page.text));
    let mut kept: Vec<&str> = kept.split(' ').collect();
    kept.sort_unstable();
    let mut ticked = vec![faces[0].as_str(), faces[1].as_str()];
    ticked.sort_unstable();
    assert_eq!(kept, ticked, "{}", page.text);
    page.assert_contains("Throw 2 of 3");
    // The leader stops: the others must use two throws.
    let stop = actions(&page)
        .into_iter()
        .find(|a| a["type"] == "stop")
        .unwrap();
    let stopped = play(player, &id, &page, &stop).await;
    assert_eq!(stopped.status, StatusCode::SEE_OTHER);
    let (next, page) = mover(&[&alice, &bob], &id).await;
    assert_ne!(next, index);
    page.assert_contains("everyone uses 2 throws this round");
}

#[tokio::test]
async fn five_thousand_keeps_are_buttons_with_their_worth() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "5000").await;
    // Play until someone can keep (a first throw may score nothing).
    for _ in 0..20 {
        let (index, page) = mover(&[&alice, &bob], &id).await;
        let player = [&alice, &bob][index];
        let offered = actions(&page);
        if let Some(keep) = offered.iter().find(|a| a["type"] == "keep") {
            page.assert_contains("Keep the ticked dice");
            // The page says which ticks set dice aside, for the script to say why it waits.
            page.assert_contains("data-allowed=\"[");
            page.assert_contains("data-why-none=\"Tick the dice you keep first.\"");
            page.assert_contains("· turn total ");
            let posted = play(player, &id, &page, keep).await;
            assert_eq!(posted.status, StatusCode::SEE_OTHER);
            let page = player.get(&format!("/matches/{id}")).await;
            page.assert_contains(" set aside ");
            return;
        }
        // Bank or throw again: throw again.
        let rethrow = offered
            .iter()
            .find(|a| a["type"] == "rethrow")
            .unwrap_or_else(|| panic!("{offered:?}"));
        play(player, &id, &page, rethrow).await;
    }
    panic!("nobody could keep a die in 20 turns");
}

#[tokio::test]
async fn a_whole_yams_match_through_the_web_forms_then_its_replay() {
    let app = TestApp::spawn().await;
    let (alice, bob, id) = two_player_match(&app, "yams").await;
    let players = [&alice, &bob];
    let mut moves = 0;
    loop {
        let mut page = None;
        let mut index = 0;
        for (i, browser) in players.iter().enumerate() {
            let p = browser.get(&format!("/matches/{id}")).await;
            if p.text.contains("<strong>Your move</strong>") {
                index = i;
                page = Some(p);
                break;
            }
            if p.text.contains("data-testid=\"result\"") {
                page = None;
                index = usize::MAX;
                break;
            }
        }
        if index == usize::MAX {
            break;
        }
        let page = page.unwrap_or_else(|| panic!("nobody to play"));
        let player = players[index];
        // On a first throw, keep the dice of the first face and throw the others again.
        if page.text.contains("Throw 1 of 3") {
            let faces = pickable_faces(&page);
            let mut keep: Vec<String> = faces
                .iter()
                .filter(|f| **f == faces[0])
                .map(u8::to_string)
                .collect();
            // Keeping all five dice is not a throw: keep four of a Yams.
            keep.truncate(4);
            let template = compose_template(&page).unwrap();
            let v = version(&page).to_string();
            let mut fields = vec![("version", v.as_str()), ("compose", template.as_str())];
            fields.extend(keep.iter().map(|f| ("pick", f.as_str())));
            let posted = player.post(&format!("/matches/{id}/act"), &fields).await;
            assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
            moves += 1;
            continue;
        }
        // Then write the dice in the first empty box.
        let score = actions(&page)
            .into_iter()
            .find(|a| a["type"] == "score")
            .unwrap_or_else(|| panic!("no box to write in:\n{}", page.text));
        let posted = play(player, &id, &page, &score).await;
        assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
        moves += 1;
        assert!(moves < 200, "the match does not end");
    }
    assert_eq!(moves, 48, "12 rounds of a reroll and a box for two players");

    let over = alice.get(&format!("/matches/{id}")).await;
    over.assert_contains("data-testid=\"result\"");
    over.assert_contains("The match is over: every grid is full.");
    assert_eq!(over.text.matches("data-testid=\"ranking-row\"").count(), 2);
    over.assert_contains("data-testid=\"seed\"");
    over.assert_contains("Game over, every grid is full: 1st ");
    // Turns as players count them: 48 moves, 24 turns (12 rounds of two players).
    over.assert_contains("(24 turns, newest first)");
    over.assert_contains("Earlier turns (");
    over.assert_contains(" kept ");
    over.assert_contains(" in Chance");
    assert!(actions(&over).is_empty());

    // The replay: from the start, step by step, without anything to click.
    let start = alice.get(&format!("/matches/{id}/replay?step=0")).await;
    assert_eq!(start.status, StatusCode::OK, "{}", start.text);
    start.assert_contains("Step 0 of 48: <strong>The match starts</strong>");
    start.assert_contains("data-testid=\"game-table\"");
    start.assert_contains("Round 1 of 12");
    start.assert_contains("rel=\"next\"");
    assert!(!start.text.contains("rel=\"prev\""));
    assert!(actions(&start).is_empty());
    assert!(!start.text.contains("name=\"compose\""));
    let second = alice.get(&format!("/matches/{id}/replay?step=2")).await;
    second.assert_contains("Step 2 of 48");
    second.assert_contains("rel=\"prev\"");
    second.assert_contains("data-testid=\"replay-turn\"");
    assert!(
        second.text.contains(" scored ") || second.text.contains(" scratched "),
        "{}",
        second.text
    );
    let last = alice.get(&format!("/matches/{id}/replay")).await;
    last.assert_contains("Step 48 of 48");
    // The list of steps counts as the position does: the start is step 0, then 48 moves.
    last.assert_contains("All 48 steps, from the start");
    last.assert_contains("<ol class=\"log-list\" start=\"0\">");
    assert_eq!(last.text.matches("class=\"log-entry").count(), 49);
    last.assert_contains("The game is over");
    assert!(!last.text.contains("rel=\"next\""));
    let beyond = alice.get(&format!("/matches/{id}/replay?step=999")).await;
    beyond.assert_contains("Step 48 of 48");
}

#[tokio::test]
async fn a_match_in_play_has_no_replay_yet() {
    let app = TestApp::spawn().await;
    let (alice, _bob, id) = two_player_match(&app, "make-five").await;
    let replay = alice.get(&format!("/matches/{id}/replay?step=0")).await;
    assert_eq!(replay.status, StatusCode::SEE_OTHER);
    assert_eq!(replay.header("location"), format!("/matches/{id}"));
    let missing = alice
        .get("/matches/00000000-0000-0000-0000-000000000000")
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // The home page links the match, first among the matches waiting for a move.
    let home = alice.get("/").await;
    home.assert_contains(&format!("href=\"/matches/{id}\""));
}

/// What the other player just did is said above the table and marked on it, until the viewer
/// plays: the box just filled (Yams), the rows a piece left and reached (Linja), the token
/// dropped (Make Five), the columns climbed (Can't Stop).
#[tokio::test]
async fn the_opponents_last_move_is_said_and_marked_on_the_board() {
    for game in ["yams", "linja", "make-five", "cant-stop"] {
        let app = TestApp::spawn().await;
        let (alice, bob, id) = two_player_match(&app, game).await;
        let players = [&alice, &bob];
        let (first, mut page) = mover(&players, &id).await;
        // The first player moves (the first action offered each time) until the turn passes.
        for _ in 0..60 {
            let offered = actions(&page);
            let Some(action) = offered.first() else {
                panic!("{game}: nothing to click:\n{}", page.text);
            };
            play(players[first], &id, &page, action).await;
            page = players[first].get(&format!("/matches/{id}")).await;
            if !page.text.contains("<strong>Your move</strong>") {
                break;
            }
        }
        // The first player's own page marks nothing new for them.
        assert!(!page.text.contains("cell-recent"), "{game}: {}", page.text);
        let (next, theirs) = mover(&players, &id).await;
        assert_ne!(next, first, "{game}: the turn passed");
        theirs.assert_contains("data-testid=\"last-moves\"");
        theirs.assert_contains("Since your last move");
        let name = ["alice", "bob"][first];
        assert!(
            theirs.text.contains(&format!("<strong>{name}</strong>")),
            "{game}: {}",
            theirs.text
        );
        // Each line says who played it once: no name before it saying it again.
        let said = theirs
            .text
            .split("data-testid=\"last-moves\"")
            .nth(1)
            .and_then(|rest| rest.split("</div>").next())
            .unwrap_or_else(|| panic!("{game}: {}", theirs.text));
        assert!(said.contains(name), "{game}: {said}");
        assert!(
            !said.contains(&format!("<strong>{name}</strong>")),
            "{game}: {said}"
        );
        if game == "yams" {
            // The other player's turn is said whole, from its first throw.
            assert!(said.contains(&format!("</span> {name} threw ")), "{said}");
        }
        assert!(
            theirs.text.contains("cell-recent"),
            "{game}: {}",
            theirs.text
        );
        assert!(
            theirs.text.contains("(just played)") || theirs.text.contains("(just climbed)"),
            "{game}"
        );
    }
}

/// The fair-dice panel says what it means in players' words, in both languages: the dice of the
/// match are fixed in advance and can be checked at the end (no "committed to a seed").
#[tokio::test]
async fn the_fair_dice_panel_speaks_players_words() {
    let app = TestApp::spawn().await;
    let (alice, _bob, id) = two_player_match(&app, "yams").await;
    let page = alice.get(&format!("/matches/{id}")).await;
    page.assert_contains(
        "The dice of this match were fixed before its first throw, and can be checked when it ends",
    );
    assert!(
        !page.text.contains("committed to a secret seed"),
        "{}",
        page.text
    );
    let french = Browser::speaking(&app, "fr");
    let page = french.get(&format!("/matches/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    page.assert_contains("Les dés de cette partie ont été fixés avant son premier lancer, et pourront être vérifiés à la fin");
    assert!(
        !page.text.contains("s’est engagé sur une graine"),
        "{}",
        page.text
    );
}

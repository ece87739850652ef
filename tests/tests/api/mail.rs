//! E-mail notifications through the real app and a real SMTP server (`SmtpSink`, in-process):
//! the verification mail and its link; "your turn" after a move, not to an unverified address;
//! an invitation, a deadline within a day and a result, each once with its link; the digest
//! limit; the settings; one-click unsubscribe; a sender retrying after the SMTP
//! server was down; a crash between sending and settling (twice at most); French mails; and
//! bad input refused with nothing changed. Waits poll the sink for up to 10 s.

use std::time::Duration;

use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tapis_service::delivery::outbox::{self, Channel, Courier, Delivery, OutboxSettings};
use tapis_tests::{
    Mail, NO_BOTS, Rng, SmtpSink, TEST_PUBLIC_URL, TestApp, free_port, is_notification,
    test_mail_settings,
};

/// Gives `address` to `token`'s account and follows the link of the verification mail.
pub(crate) async fn verified(app: &TestApp, sink: &SmtpSink, token: &str, address: &str) {
    let reply = put(app, "/api/v1/me/email", token, json!({"email": address})).await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{:?}", reply.body);
    let mails = sink.wait_for(address, 1, |m| !is_notification(m)).await;
    let link = mails[0].link("/email/verify?token=").expect("a link");
    let page = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let settings = app.get("/api/v1/me/notifications", Some(token)).await;
    assert_eq!(
        settings.body["email_verified"],
        json!(true),
        "{:?}",
        settings.body
    );
}

/// A match of Can't Stop (7 days per move) between alice and bob, started; its id and the
/// tokens by seat.
async fn started(app: &TestApp, alice: &str, bob: &str) -> (String, Vec<String>) {
    let created = app
        .post(
            "/api/v1/matches",
            Some(alice),
            json!({"game": "cant-stop", "seats": 2, "invite": ["bob"], "days_per_move": 7}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let joined = app
        .post(&format!("/api/v1/matches/{id}/join"), Some(bob), json!({}))
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    let players = [
        ("alice".to_owned(), alice.to_owned()),
        ("bob".to_owned(), bob.to_owned()),
    ];
    (id, app.tokens_by_seat(&joined.body, &players))
}

/// Plays legal actions until the turn passes to the other seat; returns the seat to act.
async fn pass_the_turn(app: &TestApp, id: &str, seats: &[String], rng: &mut Rng) -> usize {
    let seat_to_act = |view: &Value| view["to_act"][0].as_u64().map(|s| s as usize);
    let view = app
        .get(&format!("/api/v1/matches/{id}"), Some(&seats[0]))
        .await
        .body;
    let before = seat_to_act(&view).expect("someone to act");
    for _ in 0..300 {
        let mine = app
            .get(&format!("/api/v1/matches/{id}"), Some(&seats[before]))
            .await
            .body;
        let actions = mine["legal_actions"].as_array().unwrap();
        let active: Vec<&Value> = actions.iter().filter(|a| a["type"] != "stop").collect();
        let action = if active.is_empty() {
            actions[rng.below(actions.len())].clone()
        } else {
            active[rng.below(active.len())].clone()
        };
        let reply = app
            .post(
                &format!("/api/v1/matches/{id}/actions"),
                Some(&seats[before]),
                json!({"version": mine["version"], "action": action}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        assert_eq!(reply.body["status"], "active", "the match ended early");
        if let Some(now) = seat_to_act(&reply.body)
            && now != before
        {
            return now;
        }
    }
    panic!("the turn never passed");
}

/// Plays until it is `token`'s turn again (at least one pass of the turn).
async fn until_turn_of(app: &TestApp, id: &str, seats: &[String], token: &str, rng: &mut Rng) {
    loop {
        let now = pass_the_turn(app, id, seats, rng).await;
        if seats[now] == token {
            return;
        }
    }
}

/// The mail rows written for `address`'s account of `kind`.
async fn rows(app: &TestApp, username: &str, kind: &str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = app.db.connect().await;
    let count: Count = diesel::sql_query(
        "SELECT count(*) AS n FROM outbox o JOIN users u ON u.id = o.user_id \
         WHERE o.channel = 'mail' AND u.username = $1 AND o.kind = $2",
    )
    .bind::<Text, _>(username)
    .bind::<Text, _>(kind)
    .get_result(&mut conn)
    .await
    .unwrap();
    count.n
}

fn your_turn(mail: &Mail) -> bool {
    mail.subject.starts_with("Your turn")
}

/// A `PUT` with a JSON body and a bearer token.
async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> tapis_tests::Reply {
    let response = app
        .client
        .put(format!("{}{path}", app.base))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    tapis_tests::Reply {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

#[tokio::test]
async fn the_verification_mail_arrives_and_its_link_verifies_the_address() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let ada = app.player("ada").await;

    let before = app.get("/api/v1/me/notifications", Some(&ada)).await;
    assert_eq!(
        before.body,
        json!({"email": null, "email_verified": false,
               "events": ["your_turn", "invitation", "deadline_soon", "match_finished",
                          "round_started", "tournament_finished", "season_started",
                          "promoted", "relegated"],
               "digest_hours": 12})
    );
    let reply = put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": " Ada@Example.COM "}),
    )
    .await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{:?}", reply.body);
    assert_eq!(reply.body["email"], json!("Ada@example.com"));
    assert_eq!(reply.body["email_verified"], json!(false));

    let mails = sink.wait_for("Ada@example.com", 1, |_| true).await;
    let mail = &mails[0];
    assert_eq!(mail.subject, "Confirm your e-mail address for Tapis");
    assert!(mail.list_unsubscribe.is_empty(), "{}", mail.raw);
    assert!(mail.html.contains("/email/verify?token="), "{}", mail.html);
    let link = mail
        .link("/email/verify?token=")
        .expect("a link in the text");
    let page = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("Ada@example.com"));
    let after = app.get("/api/v1/me/notifications", Some(&ada)).await;
    assert_eq!(after.body["email_verified"], json!(true));
    // Following it again changes nothing.
    let again = app
        .client
        .get(format!("{}{link}", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::OK);

    // Giving the verified address again mails nothing; another one starts unverified.
    let same = put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": "Ada@example.com"}),
    )
    .await;
    assert_eq!(same.status, StatusCode::ACCEPTED);
    assert_eq!(same.body["email_verified"], json!(true));
    assert_eq!(rows(&app, "ada", "verify_email").await, 1);
    let other = put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": "ada@other.example"}),
    )
    .await;
    assert_eq!(other.body["email_verified"], json!(false));
    assert_eq!(rows(&app, "ada", "verify_email").await, 2);
}

#[tokio::test]
async fn your_turn_is_mailed_after_a_move_and_never_to_an_unverified_address() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    verified(&app, &sink, &alice, "alice@example.com").await;
    // Bob gives an address but never follows the link.
    let reply = put(
        &app,
        "/api/v1/me/email",
        &bob,
        json!({"email": "bob@example.com"}),
    )
    .await;
    assert_eq!(reply.status, StatusCode::ACCEPTED);

    let (id, seats) = started(&app, &alice, &bob).await;
    let mut rng = Rng(11);
    // Play until it has been each player's turn, alice's after a move of bob's.
    let first = app
        .get(&format!("/api/v1/matches/{id}"), Some(&alice))
        .await
        .body["to_act"][0]
        .as_u64()
        .unwrap() as usize;
    if seats[first] == alice {
        pass_the_turn(&app, &id, &seats, &mut rng).await;
    }
    until_turn_of(&app, &id, &seats, &alice, &mut rng).await;

    let mails = sink.wait_for("alice@example.com", 1, your_turn).await;
    let mail = &mails[0];
    assert_eq!(mail.subject, "Your turn: Can't Stop against bob");
    assert!(mail.text.contains("Hello alice,"), "{}", mail.text);
    assert!(
        mail.text
            .contains(&format!("{TEST_PUBLIC_URL}/matches/{id}")),
        "{}",
        mail.text
    );
    assert!(mail.text.contains("Your move is due by"), "{}", mail.text);
    assert!(
        mail.unsubscribe_url()
            .starts_with(&format!("{TEST_PUBLIC_URL}/unsubscribe/")),
        "{}",
        mail.list_unsubscribe
    );
    assert_eq!(mail.list_unsubscribe_post, "List-Unsubscribe=One-Click");
    assert!(mail.text.contains(mail.unsubscribe_url()), "{}", mail.text);
    assert!(mail.html.contains(mail.unsubscribe_url()), "{}", mail.html);
    assert!(mail.raw.contains("multipart/alternative"), "{}", mail.raw);

    // Bob's turns and his invitation were written to no outbox row, and he got nothing but
    // his verification mail.
    assert_eq!(rows(&app, "bob", "your_turn").await, 0);
    assert_eq!(rows(&app, "bob", "invitation").await, 0);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let to_bob = sink.wait_for("bob@example.com", 1, |_| true).await;
    assert_eq!(to_bob.len(), 1);
    assert!(!is_notification(&to_bob[0]));
}

#[tokio::test]
async fn the_invitation_the_deadline_and_the_result_are_each_mailed_once_with_their_links() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    verified(&app, &sink, &alice, "alice@example.com").await;
    let address = "alice@example.com";

    // Bob invites Alice.
    let created = app
        .post(
            "/api/v1/matches",
            Some(&bob),
            json!({"game": "cant-stop", "seats": 2, "invite": ["alice"], "days_per_move": 7}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let mails = sink
        .wait_for(address, 1, |m| {
            m.subject == "bob invites you to play Can't Stop"
        })
        .await;
    let invitation = &mails[0];
    assert!(
        invitation.text.contains(
            "bob invites you to a match of Can't Stop. Accept or decline it in the lobby."
        ),
        "{}",
        invitation.text
    );
    assert!(
        invitation
            .text
            .contains(&format!("{TEST_PUBLIC_URL}/lobby")),
        "{}",
        invitation.text
    );
    assert_eq!(
        invitation.list_unsubscribe_post,
        "List-Unsubscribe=One-Click"
    );

    // She accepts, and the turn comes to her.
    let joined = app
        .post(
            &format!("/api/v1/matches/{id}/join"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    let players = [
        ("alice".to_owned(), alice.clone()),
        ("bob".to_owned(), bob.clone()),
    ];
    let seats = app.tokens_by_seat(&joined.body, &players);
    let mut rng = Rng(5);
    let first = joined.body["to_act"][0].as_u64().unwrap() as usize;
    if seats[first] != alice {
        until_turn_of(&app, &id, &seats, &alice, &mut rng).await;
    }

    // Six days and an hour on, less than a day is left: the clock tells her.
    app.clock_hand
        .advance(time::Duration::days(6) + time::Duration::hours(1));
    let mails = sink
        .wait_for(address, 1, |m| {
            m.subject == "Less than 24 hours left to move: Can't Stop"
        })
        .await;
    let deadline = &mails[0];
    assert!(
        deadline
            .text
            .contains("Your move in Can't Stop against bob is due by"),
        "{}",
        deadline.text
    );
    assert!(
        deadline
            .text
            .contains(&format!("{TEST_PUBLIC_URL}/matches/{id}")),
        "{}",
        deadline.text
    );

    // She resigns: the result is mailed.
    let resigned = app
        .post(
            &format!("/api/v1/matches/{id}/resign"),
            Some(&alice),
            json!({}),
        )
        .await;
    assert_eq!(resigned.status, StatusCode::OK, "{:?}", resigned.body);
    let mails = sink
        .wait_for(address, 1, |m| m.subject == "Match over: Can't Stop")
        .await;
    let finished = &mails[0];
    assert!(
        finished
            .text
            .contains("Your match of Can't Stop against bob is over."),
        "{}",
        finished.text
    );
    assert!(
        finished.text.contains("You finished 2 of 2."),
        "{}",
        finished.text
    );
    assert!(
        finished
            .text
            .contains(&format!("{TEST_PUBLIC_URL}/matches/{id}")),
        "{}",
        finished.text
    );

    // Each once, however often the clock looked.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for kind in ["invitation", "deadline_soon", "match_finished"] {
        assert_eq!(rows(&app, "alice", kind).await, 1, "{kind}");
    }
    let subjects: Vec<String> = sink
        .received()
        .into_iter()
        .filter(is_notification)
        .filter(|m| !your_turn(m))
        .map(|m| m.subject)
        .collect();
    assert_eq!(subjects.len(), 3, "{subjects:?}");
}

#[tokio::test]
async fn the_digest_holds_back_a_second_your_turn_of_a_match_until_its_hours_have_passed() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    verified(&app, &sink, &alice, "alice@example.com").await;
    let (id, seats) = started(&app, &alice, &bob).await;
    let mut rng = Rng(3);
    until_turn_of(&app, &id, &seats, &alice, &mut rng).await;
    until_turn_of(&app, &id, &seats, &alice, &mut rng).await;
    // Twice (or three times) her turn within minutes: one mail.
    assert_eq!(rows(&app, "alice", "your_turn").await, 1);
    sink.wait_for("alice@example.com", 1, your_turn).await;

    // Another match is another digest.
    let (other, other_seats) = started(&app, &alice, &bob).await;
    until_turn_of(&app, &other, &other_seats, &alice, &mut rng).await;
    assert_eq!(rows(&app, "alice", "your_turn").await, 2);

    // 13 hours later (the default digest is 12), the first match mails again.
    app.clock_hand.advance(time::Duration::hours(13));
    until_turn_of(&app, &id, &seats, &alice, &mut rng).await;
    assert_eq!(rows(&app, "alice", "your_turn").await, 3);
    let mails = sink.wait_for("alice@example.com", 3, your_turn).await;
    let of_first = mails
        .iter()
        .filter(|m| m.text.contains(&format!("/matches/{id}")))
        .count();
    assert_eq!(of_first, 2);
}

#[tokio::test]
async fn settings_are_respected_and_one_click_unsubscribe_stops_a_kind() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    verified(&app, &sink, &alice, "alice@example.com").await;

    // Only finished matches: her turns are not mailed.
    let saved = put(
        &app,
        "/api/v1/me/notifications",
        &alice,
        json!({"events": ["match_finished"], "digest_hours": 24}),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(
        saved.body,
        json!({"email": "alice@example.com", "email_verified": true,
               "events": ["match_finished"], "digest_hours": 24})
    );
    let (id, seats) = started(&app, &alice, &bob).await;
    let mut rng = Rng(5);
    until_turn_of(&app, &id, &seats, &alice, &mut rng).await;
    assert_eq!(rows(&app, "alice", "your_turn").await, 0);

    // Every event again: her next turn in a new match is mailed.
    put(
        &app,
        "/api/v1/me/notifications",
        &alice,
        json!({"events": ["your_turn", "invitation", "deadline_soon", "match_finished"],
               "digest_hours": 12}),
    )
    .await;
    let (second, second_seats) = started(&app, &alice, &bob).await;
    until_turn_of(&app, &second, &second_seats, &alice, &mut rng).await;
    let mails = sink.wait_for("alice@example.com", 1, your_turn).await;
    let url = mails[0].unsubscribe_url().to_owned();
    let path = &url[TEST_PUBLIC_URL.len()..];

    // A GET (a link scanner) shows a page and unsubscribes nobody.
    let page = reqwest::get(format!("{}{path}", app.base)).await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("List-Unsubscribe"));
    let settings = app.get("/api/v1/me/notifications", Some(&alice)).await;
    assert_eq!(settings.body["events"].as_array().unwrap().len(), 4);

    // The one-click POST of RFC 8058: no cookie, no CSRF token.
    let client = reqwest::Client::new();
    for _ in 0..2 {
        let reply = client
            .post(format!("{}{path}", app.base))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::OK);
    }
    let settings = app.get("/api/v1/me/notifications", Some(&alice)).await;
    assert_eq!(
        settings.body["events"],
        json!(["invitation", "deadline_soon", "match_finished"])
    );
    let (third, third_seats) = started(&app, &alice, &bob).await;
    until_turn_of(&app, &third, &third_seats, &alice, &mut rng).await;
    assert_eq!(rows(&app, "alice", "your_turn").await, 1);
}

#[tokio::test]
async fn the_sender_retries_after_the_smtp_server_was_down() {
    let port = free_port();
    let app = TestApp::spawn_mailing(port).await;
    let ada = app.player("ada").await;
    put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": "ada@example.com"}),
    )
    .await;
    // Nothing listens: the attempt fails and the row waits for its backoff.
    #[derive(diesel::QueryableByName)]
    struct Attempt {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        attempts: i32,
        #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
        last_error: Option<String>,
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let mut conn = app.db.connect().await;
        let row: Attempt = diesel::sql_query(
            "SELECT attempts, last_error FROM outbox WHERE kind = 'verify_email'",
        )
        .get_result(&mut conn)
        .await
        .unwrap();
        if row.attempts >= 1 && row.last_error.is_some() {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "no failed attempt");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The server comes up on that port; after the backoff the mail is sent.
    let sink = SmtpSink::start_on(port).await;
    app.clock_hand.advance(time::Duration::seconds(31));
    let mails = sink.wait_for("ada@example.com", 1, |_| true).await;
    assert_eq!(mails[0].subject, "Confirm your e-mail address for Tapis");
}

#[tokio::test]
async fn a_crash_between_sending_and_settling_sends_a_mail_twice_at_most() {
    let sink = SmtpSink::start().await;
    // An app without a mail sender: the test is the sender.
    let app = TestApp::spawn_with_bots(NO_BOTS).await;
    let courier = tapis_mail::MailCourier::new(&test_mail_settings(sink.port)).unwrap();
    assert_eq!(courier.channel(), Channel::Mail);
    let ada = app.player("ada").await;
    put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": "ada@example.com"}),
    )
    .await;
    let settings = OutboxSettings::default();
    let claimed = outbox::claim(&app.services, Channel::Mail, &settings)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1);
    // Sent, then the process stops before recording it.
    assert_eq!(
        courier.deliver(&app.services, &claimed[0]).await,
        Delivery::Sent
    );
    sink.wait_for("ada@example.com", 1, |_| true).await;
    // Leased: nobody sends it again until the lease runs out...
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
    app.clock_hand.advance(time::Duration::seconds(61));
    // ...then it is sent once more, and recorded.
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );
    app.clock_hand.advance(time::Duration::days(2));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
    let mails = sink.wait_for("ada@example.com", 2, |_| true).await;
    assert_eq!(mails.len(), 2);
    // The same mail: a client can tell.
    assert_eq!(mails[0].message_id, mails[1].message_id);
}

#[tokio::test]
async fn a_french_account_gets_its_mails_in_french() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE users SET language = 'fr' WHERE username = 'alice'")
        .execute(&mut conn)
        .await
        .unwrap();
    verified(&app, &sink, &alice, "alice@example.com").await;
    let verification = &sink.wait_for("alice@example.com", 1, |_| true).await[0];
    assert_eq!(
        verification.subject,
        "Confirmez votre adresse électronique pour Tapis"
    );
    assert!(verification.html.contains("lang=\"fr\""));

    let (id, seats) = started(&app, &alice, &bob).await;
    let mut rng = Rng(9);
    until_turn_of(&app, &id, &seats, &alice, &mut rng).await;
    let mails = sink
        .wait_for("alice@example.com", 1, |m| {
            m.subject.starts_with("À vous de jouer")
        })
        .await;
    assert_eq!(
        mails[0].subject,
        "À vous de jouer\u{a0}: Can't Stop contre bob"
    );
    assert!(
        mails[0].text.contains("Bonjour alice,"),
        "{}",
        mails[0].text
    );
    assert!(
        mails[0].text.contains("Ne plus recevoir"),
        "{}",
        mails[0].text
    );
}

#[tokio::test]
async fn bad_input_is_refused_with_a_clear_error_and_changes_nothing() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let ada = app.player("ada").await;
    let unchanged = app.get("/api/v1/me/notifications", Some(&ada)).await.body;

    for address in [
        "not an address",
        "ada@localhost",
        "Ada <ada@example.com>",
        "",
        "a@b@c.d",
    ] {
        let reply = put(&app, "/api/v1/me/email", &ada, json!({"email": address})).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{address}");
        assert_eq!(reply.code(), "validation_failed");
        assert_eq!(reply.body["field"], json!("email"), "{:?}", reply.body);
    }
    for (body, field) in [
        (
            json!({"events": ["your_turn", "tea_time"], "digest_hours": 12}),
            "events",
        ),
        (
            json!({"events": ["your_turn"], "digest_hours": 0}),
            "digest_hours",
        ),
        (
            json!({"events": ["your_turn"], "digest_hours": 169}),
            "digest_hours",
        ),
    ] {
        let reply = put(&app, "/api/v1/me/notifications", &ada, body.clone()).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(reply.body["field"], json!(field), "{:?}", reply.body);
    }
    let unauthenticated = app.get("/api/v1/me/notifications", None).await;
    assert_eq!(unauthenticated.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.get("/api/v1/me/notifications", Some(&ada)).await.body,
        unchanged
    );
    assert_eq!(rows(&app, "ada", "verify_email").await, 0);

    // Links: forged, of another kind, expired, superseded.
    let forged = reqwest::get(format!(
        "{}/email/verify?token=eyJhbGciOi.forged.x",
        app.base
    ))
    .await
    .unwrap();
    assert_eq!(forged.status(), StatusCode::BAD_REQUEST);
    assert!(forged.text().await.unwrap().contains("not valid"));
    let client = reqwest::Client::new();
    let unsubscribe = client
        .post(format!("{}/unsubscribe/not-a-token", app.base))
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(unsubscribe.status(), StatusCode::BAD_REQUEST);

    put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": "ada@one.example"}),
    )
    .await;
    let first = sink.wait_for("ada@one.example", 1, |_| true).await[0]
        .link("/email/verify?token=")
        .unwrap();
    // A verification token is no unsubscribe token.
    let token = first.trim_start_matches("/email/verify?token=");
    let wrong_kind = client
        .post(format!("{}/unsubscribe/{token}", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong_kind.status(), StatusCode::BAD_REQUEST);

    put(
        &app,
        "/api/v1/me/email",
        &ada,
        json!({"email": "ada@two.example"}),
    )
    .await;
    let second = sink.wait_for("ada@two.example", 1, |_| true).await[0]
        .link("/email/verify?token=")
        .unwrap();
    let superseded = reqwest::get(format!("{}{first}", app.base)).await.unwrap();
    assert_eq!(superseded.status(), StatusCode::BAD_REQUEST);
    assert!(superseded.text().await.unwrap().contains("replaced"));

    app.clock_hand.advance(time::Duration::hours(49));
    let expired = reqwest::get(format!("{}{second}", app.base)).await.unwrap();
    assert_eq!(expired.status(), StatusCode::BAD_REQUEST);
    assert!(expired.text().await.unwrap().contains("expired"));
    let settings = app.get("/api/v1/me/notifications", Some(&ada)).await.body;
    assert_eq!(settings["email"], json!("ada@two.example"));
    assert_eq!(settings["email_verified"], json!(false));
}

#[tokio::test]
async fn the_account_page_sets_the_address_and_the_settings_with_errors_inline() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_mailing(sink.port).await;
    let browser = tapis_tests::Browser::new(&app);
    browser.sign_up("ada").await;
    let page = browser.get("/account").await;
    page.assert_contains("id=\"email-address\"");
    page.assert_contains("value=\"deadline_soon\" checked");

    let refused = browser.post("/account/email", &[("email", "nope")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("id=\"email-error\"");
    refused.assert_contains("is not a valid e-mail address");
    refused.assert_contains("value=\"nope\"");

    // Saved: redirected (303) to the account page's e-mail panel, which says it once.
    let posted = browser
        .post("/account/email", &[("email", "ada@example.com")])
        .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.text);
    assert_eq!(posted.header("location"), "/account#email");
    let saved = browser.get(posted.header("location")).await;
    assert_eq!(saved.status, StatusCode::OK);
    saved.assert_contains("A confirmation link was mailed to ada@example.com.");
    saved.assert_contains("is not confirmed yet");
    let again = browser.get("/account").await;
    assert!(
        !again.text.contains("A confirmation link was mailed"),
        "said once"
    );
    let link = sink.wait_for("ada@example.com", 1, |_| true).await[0]
        .link("/email/verify?token=")
        .unwrap();
    let verified = browser.get(&link).await;
    assert_eq!(verified.status, StatusCode::OK);
    verified.assert_contains("ada@example.com is confirmed");
    browser
        .get("/account")
        .await
        .assert_contains("This address is confirmed");

    let refused = browser
        .post(
            "/account/notifications",
            &[("events", "your_turn"), ("digest_hours", "0")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    refused.assert_contains("id=\"digest_hours-error\"");
    let saved = browser
        .post(
            "/account/notifications",
            &[
                ("events", "your_turn"),
                ("events", "match_finished"),
                ("digest_hours", "6"),
            ],
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    saved.assert_contains("Your notification settings are saved.");
    let token = app.sign_in("ada").await;
    let settings = app.get("/api/v1/me/notifications", Some(&token)).await;
    assert_eq!(
        settings.body["events"],
        json!(["your_turn", "match_finished"])
    );
    assert_eq!(settings.body["digest_hours"], json!(6));

    // In French, the page and the link pages.
    let french = tapis_tests::Browser::speaking(&app, "fr");
    let page = french.get(&link).await;
    page.assert_contains("lang=\"fr\"");
    page.assert_contains("est confirmée");
}

/// Verification mails are limited: five a day for an account, three a day to one address
/// whoever asks; beyond, 429 with the wait, and no mail. A day later there is room again.
#[tokio::test]
async fn verification_mails_are_limited_per_account_and_per_address() {
    let app = TestApp::spawn().await;
    let alice = app.player("alice").await;
    for i in 0..5 {
        let reply = put(
            &app,
            "/api/v1/me/email",
            &alice,
            json!({"email": format!("alice{i}@example.com")}),
        )
        .await;
        assert_eq!(reply.status, StatusCode::ACCEPTED, "{:?}", reply.body);
    }
    let refused = put(
        &app,
        "/api/v1/me/email",
        &alice,
        json!({"email": "alice9@example.com"}),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{:?}",
        refused.body
    );
    assert_eq!(refused.body["code"], "rate_limited");
    let wait: u64 = refused.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((86_000..=86_400).contains(&wait), "{wait}");
    assert_eq!(rows(&app, "alice", "verify_email").await, 5);

    // One stranger's address, given by several accounts: three mails, then none.
    for name in ["bob", "carol", "dave", "erin"] {
        let token = app.player(name).await;
        let reply = put(
            &app,
            "/api/v1/me/email",
            &token,
            json!({"email": "stranger@example.com"}),
        )
        .await;
        let expected = if name == "erin" {
            StatusCode::TOO_MANY_REQUESTS
        } else {
            StatusCode::ACCEPTED
        };
        assert_eq!(reply.status, expected, "{name}: {:?}", reply.body);
    }
    assert_eq!(rows(&app, "erin", "verify_email").await, 0);

    app.clock_hand.advance(time::Duration::hours(25));
    let again = put(
        &app,
        "/api/v1/me/email",
        &alice,
        json!({"email": "alice9@example.com"}),
    )
    .await;
    assert_eq!(again.status, StatusCode::ACCEPTED, "{:?}", again.body);
}

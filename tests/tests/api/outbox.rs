//! The transactional outbox, with a courier that keeps what it is given: every row is delivered
//! and settled once; a failing delivery is tried again after its backoff and given up after a
//! day; an attempt cut short between delivering and settling (a crash) is delivered again when
//! its lease runs out — twice at worst, never lost; senders running at once never deliver one
//! row twice. Time passes by the app's adjustable clock.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use diesel::sql_types::{BigInt, Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use tapis_service::Services;
use tapis_service::delivery::outbox::{
    self, Channel, Courier, Delivery, OutboxSettings, Parcel, Settled,
};
use tapis_tests::TestApp;
use uuid::Uuid;

/// A courier of the mail channel that records what it delivers, and fails while told to.
#[derive(Clone, Default)]
struct Recorder {
    delivered: Arc<Mutex<Vec<i64>>>,
    failing: Arc<Mutex<bool>>,
    given_up: Arc<Mutex<Vec<(i64, String)>>>,
}

impl Courier for Recorder {
    fn channel(&self) -> Channel {
        Channel::Mail
    }

    async fn deliver(&self, _services: &Services, parcel: &Parcel) -> Delivery {
        if *self.failing.lock().unwrap() {
            return Delivery::Failed(format!("receiver down (attempt {})", parcel.attempts));
        }
        // A little time, so that senders running at once overlap.
        tokio::time::sleep(Duration::from_millis(5)).await;
        self.delivered.lock().unwrap().push(parcel.id);
        Delivery::Sent
    }

    async fn gave_up(&self, _services: &Services, parcel: &Parcel, error: &str) {
        self.given_up
            .lock()
            .unwrap()
            .push((parcel.id, error.to_owned()));
    }
}

impl Recorder {
    fn delivered(&self) -> Vec<i64> {
        let mut ids = self.delivered.lock().unwrap().clone();
        ids.sort_unstable();
        ids
    }
}

/// Writes `n` mail rows for a new player; returns their ids.
async fn write_rows(app: &TestApp, n: i64) -> Vec<i64> {
    let token = app.player("olive").await;
    let me = app.get("/api/v1/me", Some(&token)).await;
    let user: Uuid = me.body["id"].as_str().unwrap().parse().unwrap();
    #[derive(diesel::QueryableByName)]
    struct Id {
        #[diesel(sql_type = BigInt)]
        id: i64,
    }
    let mut conn = app.db.connect().await;
    let ids: Vec<Id> = diesel::sql_query(
        "INSERT INTO outbox (channel, user_id, kind) \
         SELECT 'mail', $1, $2 FROM generate_series(1, $3) RETURNING id",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>("verify_email")
    .bind::<BigInt, _>(n)
    .load(&mut conn)
    .await
    .unwrap();
    let mut ids: Vec<i64> = ids.into_iter().map(|r| r.id).collect();
    ids.sort_unstable();
    ids
}

#[derive(diesel::QueryableByName, Debug)]
struct RowState {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    attempts: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    sent: bool,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    given_up: bool,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    last_error: Option<String>,
}

async fn row(app: &TestApp, id: i64) -> RowState {
    let mut conn = app.db.connect().await;
    diesel::sql_query(
        "SELECT attempts, sent_at IS NOT NULL AS sent, gave_up_at IS NOT NULL AS given_up, \
         last_error FROM outbox WHERE id = $1",
    )
    .bind::<BigInt, _>(id)
    .get_result(&mut conn)
    .await
    .unwrap()
}

fn settings() -> OutboxSettings {
    OutboxSettings {
        batch: 4,
        ..OutboxSettings::default()
    }
}

#[tokio::test]
async fn every_row_is_delivered_and_settled_once() {
    let app = TestApp::spawn().await;
    let ids = write_rows(&app, 10).await;
    let courier = Recorder::default();
    let settings = settings();
    let mut rounds = 0;
    while outbox::send_due(&app.services, &courier, &settings)
        .await
        .unwrap()
        > 0
    {
        rounds += 1;
    }
    assert_eq!(rounds, 3, "4 + 4 + 2 rows");
    assert_eq!(courier.delivered(), ids);
    for id in ids {
        let state = row(&app, id).await;
        assert!(
            state.sent && !state.given_up && state.attempts == 1,
            "{state:?}"
        );
    }
    // Nothing is due any more, even much later.
    app.clock_hand.advance(time::Duration::days(2));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn a_failing_delivery_is_tried_again_after_its_backoff_and_given_up_after_a_day() {
    let app = TestApp::spawn().await;
    let [id] = write_rows(&app, 1).await[..] else {
        panic!("one row")
    };
    let courier = Recorder::default();
    *courier.failing.lock().unwrap() = true;
    let settings = settings();

    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );
    let state = row(&app, id).await;
    assert_eq!(state.attempts, 1);
    assert_eq!(
        state.last_error.as_deref(),
        Some("receiver down (attempt 1)")
    );
    // Not due before its backoff (30 s), due after it.
    app.clock_hand.advance(time::Duration::seconds(20));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
    app.clock_hand.advance(time::Duration::seconds(11));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );
    assert_eq!(row(&app, id).await.attempts, 2);
    // The second wait is twice as long.
    app.clock_hand.advance(time::Duration::seconds(50));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
    app.clock_hand.advance(time::Duration::seconds(11));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );

    // A day after it was written, the next failure gives it up, and the courier hears it.
    app.clock_hand.advance(time::Duration::hours(25));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );
    let state = row(&app, id).await;
    assert!(state.given_up && !state.sent, "{state:?}");
    assert_eq!(state.attempts, 4);
    assert_eq!(
        *courier.given_up.lock().unwrap(),
        vec![(id, "receiver down (attempt 4)".to_owned())]
    );
    app.clock_hand.advance(time::Duration::days(2));
    *courier.failing.lock().unwrap() = false;
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
    assert!(courier.delivered().is_empty());
}

#[tokio::test]
async fn a_delivery_cut_short_before_it_was_settled_is_delivered_again_once_its_lease_runs_out() {
    let app = TestApp::spawn().await;
    let [id] = write_rows(&app, 1).await[..] else {
        panic!("one row")
    };
    let courier = Recorder::default();
    let settings = settings();
    // A sender claims and delivers, then "crashes" before it settles.
    let claimed = outbox::claim(&app.services, Channel::Mail, &settings)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(
        courier.deliver(&app.services, &claimed[0]).await,
        Delivery::Sent
    );
    // While its lease runs, nobody else takes the row.
    app.clock_hand.advance(time::Duration::seconds(59));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        0
    );
    // Then another sender delivers it again: twice, not lost.
    app.clock_hand.advance(time::Duration::seconds(2));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );
    assert_eq!(courier.delivered(), vec![id, id]);
    let state = row(&app, id).await;
    assert!(state.sent && state.attempts == 2, "{state:?}");
    // The first sender coming back to record a failure changes nothing.
    let late = outbox::settle(
        &app.services,
        &claimed[0],
        &Delivery::Failed("late".into()),
        &settings,
    )
    .await
    .unwrap();
    assert_eq!(late, Settled::Stale);
    assert!(row(&app, id).await.sent);
}

#[tokio::test]
async fn a_sender_stopped_before_it_delivered_leaves_the_row_to_the_next() {
    let app = TestApp::spawn().await;
    let [id] = write_rows(&app, 1).await[..] else {
        panic!("one row")
    };
    let courier = Recorder::default();
    let settings = settings();
    let claimed = outbox::claim(&app.services, Channel::Mail, &settings)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1);
    app.clock_hand.advance(time::Duration::seconds(61));
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings)
            .await
            .unwrap(),
        1
    );
    assert_eq!(courier.delivered(), vec![id]);
}

#[tokio::test]
async fn senders_running_at_once_deliver_each_row_once() {
    let app = TestApp::spawn().await;
    let ids = write_rows(&app, 60).await;
    let courier = Recorder::default();
    let settings = settings();
    let senders = (0..4).map(|_| {
        let services = app.services.clone();
        let courier = courier.clone();
        tokio::spawn(async move {
            while outbox::send_due(&services, &courier, &settings)
                .await
                .unwrap()
                > 0
            {}
        })
    });
    for sender in futures_util::future::join_all(senders).await {
        sender.unwrap();
    }
    assert_eq!(courier.delivered(), ids, "each row once, none lost");
}

#[tokio::test]
async fn the_outbox_only_hands_a_sender_the_rows_of_its_channel() {
    let app = TestApp::spawn().await;
    write_rows(&app, 2).await;
    let mut conn = app.db.connect().await;
    diesel::sql_query("UPDATE outbox SET channel = 'webhook'")
        .execute(&mut conn)
        .await
        .unwrap();
    let courier = Recorder::default();
    assert_eq!(
        outbox::send_due(&app.services, &courier, &settings())
            .await
            .unwrap(),
        0
    );
    let claimed = outbox::claim(&app.services, Channel::Webhook, &settings())
        .await
        .unwrap();
    // The app's own webhook sender runs too, and may claim a row first: each row must have
    // gone to a webhook sender, this one or the app's, and none is left unclaimed.
    assert!(claimed.len() <= 2, "{}", claimed.len());
    #[derive(diesel::QueryableByName)]
    struct Unclaimed {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }
    // The app's sender may still be claiming when this one skipped its locked rows: the count
    // waits for the claims to have committed.
    let count = async || -> i64 {
        let unclaimed: Unclaimed =
            diesel::sql_query("SELECT count(*) AS count FROM outbox WHERE attempts = 0")
                .get_result(&mut app.db.connect().await)
                .await
                .unwrap();
        unclaimed.count
    };
    let seen = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        loop {
            let left = count().await;
            if left == 0 {
                return left;
            }
            tokio::task::yield_now().await;
        }
    })
    .await;
    let unclaimed = match seen {
        Ok(left) => left,
        Err(_) => count().await,
    };
    assert_eq!(
        unclaimed, 0,
        "every webhook row was handed to a webhook sender"
    );
}

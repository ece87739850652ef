//! Every migration runs up, down and up again.

use tapis_tests::TestDb;

#[tokio::test]
async fn migrations_run_up_down_and_up_again() {
    let db = TestDb::empty().await;
    let first = tapis_service::db::run_migrations(&db.url).await.unwrap();
    assert!(!first.is_empty());
    let reverted = tapis_service::db::revert_all_migrations(&db.url)
        .await
        .unwrap();
    assert_eq!(reverted.len(), first.len());
    let again = tapis_service::db::run_migrations(&db.url).await.unwrap();
    assert_eq!(again, first);
    let nothing = tapis_service::db::run_migrations(&db.url).await.unwrap();
    assert!(nothing.is_empty());
}

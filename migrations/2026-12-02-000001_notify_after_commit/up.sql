-- A move announces its change after its commit rather than inside it.
--
-- PostgreSQL serializes the commits of all transactions that notify: the first NOTIFY of a
-- transaction takes a lock held until its commit is flushed to disk, so such commits cannot
-- share a WAL flush and each waits for the disk alone (a few hundred commits per second on a
-- slow disk, whatever the number of clients). The hot path, a move, therefore commits without
-- notifying, then sends the notification in a transaction of its own that does not wait for
-- the disk (`service::matches::NotifyCommitted`). It says so to the trigger with the
-- transaction-local setting `tapis.notify = 'after_commit'`; every other change of a match's
-- version (a new match, its start, a resignation, a time-out, an UPDATE by hand) is still
-- announced by the trigger, in the transaction that makes it.
DROP TRIGGER matches_notify_update ON matches;

CREATE TRIGGER matches_notify_update
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version
          AND current_setting('tapis.notify', true) IS DISTINCT FROM 'after_commit')
    EXECUTE FUNCTION matches_notify();

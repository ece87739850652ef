-- Every change of a match's version (and every new match) is announced on the channel
-- `tapis_matches` with the match id as payload, so that every server process can push live
-- updates. PostgreSQL delivers notifications when the transaction commits, once per distinct
-- payload, and drops them on rollback. A trigger rather than a separate `SELECT pg_notify(...)`
-- from the application: no statement of its own, and no write path can forget it.

CREATE FUNCTION matches_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tapis_matches', NEW.id::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER matches_notify_insert
    AFTER INSERT ON matches
    FOR EACH ROW EXECUTE FUNCTION matches_notify();

CREATE TRIGGER matches_notify_update
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION matches_notify();

DROP TRIGGER matches_notify_update ON matches;

CREATE TRIGGER matches_notify_update
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION matches_notify();

DROP TRIGGER matches_notify_update ON matches;
DROP TRIGGER matches_notify_insert ON matches;
DROP FUNCTION matches_notify();

DROP TRIGGER matches_events ON matches;
CREATE TRIGGER matches_events
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION matches_events();

DROP TRIGGER matches_bot_to_act_insert ON matches;
DROP TRIGGER matches_bot_to_act ON matches;
CREATE TRIGGER matches_bot_to_act
    BEFORE INSERT OR UPDATE OF status, to_act_seat, seat_user_ids ON matches
    FOR EACH ROW EXECUTE FUNCTION matches_bot_to_act();

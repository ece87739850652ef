-- A move that leaves the turn with its player (most actions of a dice game: keep, throw
-- again, choose) changes neither the status, nor the seat to act, nor the seats. The two
-- triggers on `matches` that read those had PostgreSQL call their PL/pgSQL function on every
-- move anyway, to find there was nothing to do; a `WHEN` condition, evaluated without
-- calling the function, now skips them.

-- Whether a computer player is to act: worked out on insert, and on an update only when the
-- status, the seat to act or the seats change (a `WHEN` on an update may read OLD; on an
-- insert it may not, hence two triggers).
DROP TRIGGER matches_bot_to_act ON matches;
CREATE TRIGGER matches_bot_to_act
    BEFORE UPDATE OF status, to_act_seat, seat_user_ids ON matches
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
          OR OLD.to_act_seat IS DISTINCT FROM NEW.to_act_seat
          OR OLD.seat_user_ids IS DISTINCT FROM NEW.seat_user_ids)
    EXECUTE FUNCTION matches_bot_to_act();
CREATE TRIGGER matches_bot_to_act_insert
    BEFORE INSERT ON matches
    FOR EACH ROW EXECUTE FUNCTION matches_bot_to_act();

-- The events of play (a match started or finished, the turn passing to someone else) follow
-- a change of the status, the seat to act or the seats, with the version.
DROP TRIGGER matches_events ON matches;
CREATE TRIGGER matches_events
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version
          AND (OLD.status IS DISTINCT FROM NEW.status
               OR OLD.to_act_seat IS DISTINCT FROM NEW.to_act_seat
               OR OLD.seat_user_ids IS DISTINCT FROM NEW.seat_user_ids))
    EXECUTE FUNCTION matches_events();

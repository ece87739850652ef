-- What a move needs, in the match row it locks anyway, and the notification of its changes.

-- 1. Each match keeps a copy of its seats: the user id and the username of each seat, in seat
-- order (seats are numbered from 0 without gaps), so that locking the match row also tells
-- who sits where and names them, without another query. `match_seats` stays the record (with
-- the final ranks and scores); a trigger on it keeps the copy in step, so that no write path
-- can forget it. Usernames never change.
ALTER TABLE matches
    ADD COLUMN seat_user_ids  uuid[] NOT NULL DEFAULT '{}',
    ADD COLUMN seat_usernames text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION match_seats_copy() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.match_id ELSE NEW.match_id END;
BEGIN
    UPDATE matches m
    SET seat_user_ids = s.user_ids, seat_usernames = s.usernames
    FROM (
        SELECT coalesce(array_agg(ms.user_id ORDER BY ms.seat), '{}') AS user_ids,
               coalesce(array_agg(u.username ORDER BY ms.seat), '{}') AS usernames
        FROM match_seats ms JOIN users u ON u.id = ms.user_id
        WHERE ms.match_id = changed
    ) s
    WHERE m.id = changed;
    RETURN NULL;
END;
$$;

CREATE TRIGGER match_seats_copy
    AFTER INSERT OR DELETE OR UPDATE OF match_id, seat, user_id ON match_seats
    FOR EACH ROW EXECUTE FUNCTION match_seats_copy();

UPDATE matches m
SET seat_user_ids = s.user_ids, seat_usernames = s.usernames
FROM (
    SELECT ms.match_id,
           array_agg(ms.user_id ORDER BY ms.seat) AS user_ids,
           array_agg(u.username ORDER BY ms.seat) AS usernames
    FROM match_seats ms JOIN users u ON u.id = ms.user_id
    GROUP BY ms.match_id
) s
WHERE m.id = s.match_id;

-- 2. Every change of a match's version (and every new match) is announced on the channel
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

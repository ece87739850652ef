-- The seats' computer flags and vacations, copied onto the match row beside the seats' ids
-- and names (`seat_user_ids`, `seat_usernames`), so that reading a match (a view, a page, a
-- move's lock) is a read of one row. They were read from `users` by a sub-select of every
-- such statement (an unnest, a join and two sorted aggregates), which cost PostgreSQL more
-- than the rest of the statement (docs/performance.md). `users` stays the one source of both:
-- triggers keep the copy in step, so that no write path can forget it.
ALTER TABLE matches
    ADD COLUMN seat_bots      boolean[]     NOT NULL DEFAULT '{}',
    ADD COLUMN seat_vacations timestamptz[] NOT NULL DEFAULT '{}';

-- 1. When the seats change: the copy of the seats, now with their flags and vacations.
CREATE OR REPLACE FUNCTION match_seats_copy() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.match_id ELSE NEW.match_id END;
BEGIN
    UPDATE matches m
    SET seat_user_ids = s.user_ids, seat_usernames = s.usernames,
        seat_bots = s.bots, seat_vacations = s.vacations
    FROM (
        SELECT coalesce(array_agg(ms.user_id ORDER BY ms.seat), '{}') AS user_ids,
               coalesce(array_agg(u.username ORDER BY ms.seat), '{}') AS usernames,
               coalesce(array_agg(u.is_bot ORDER BY ms.seat), '{}') AS bots,
               coalesce(array_agg(u.vacation_until ORDER BY ms.seat), '{}') AS vacations
        FROM match_seats ms JOIN users u ON u.id = ms.user_id
        WHERE ms.match_id = changed
    ) s
    WHERE m.id = changed;
    RETURN NULL;
END;
$$;

-- 2. When a player's vacation starts or ends (or their flag changes, which nothing does): the
-- copy of every match still to be played where they sit. A vacation is shown and pauses
-- clocks only there; a finished match keeps the copy it had. The vacation's transaction has
-- locked these matches already (`service::time::vacation`), so a move waiting for one of them
-- reads the new copy with the row it locks.
CREATE FUNCTION users_seat_copy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE matches m
    SET seat_bots = s.bots, seat_vacations = s.vacations
    FROM (
        SELECT ms.match_id,
               array_agg(u.is_bot ORDER BY ms.seat) AS bots,
               array_agg(u.vacation_until ORDER BY ms.seat) AS vacations
        FROM match_seats ms JOIN users u ON u.id = ms.user_id
        WHERE ms.match_id IN (SELECT mine.match_id FROM match_seats mine
                              WHERE mine.user_id = NEW.id)
        GROUP BY ms.match_id
    ) s
    WHERE m.id = s.match_id AND m.status IN ('open', 'active');
    RETURN NULL;
END;
$$;

CREATE TRIGGER users_seat_copy
    AFTER UPDATE OF vacation_until, is_bot ON users
    FOR EACH ROW
    WHEN (OLD.vacation_until IS DISTINCT FROM NEW.vacation_until
          OR OLD.is_bot IS DISTINCT FROM NEW.is_bot)
    EXECUTE FUNCTION users_seat_copy();

-- 3. The matches there are.
UPDATE matches m
SET seat_bots = s.bots, seat_vacations = s.vacations
FROM (
    SELECT ms.match_id,
           array_agg(u.is_bot ORDER BY ms.seat) AS bots,
           array_agg(u.vacation_until ORDER BY ms.seat) AS vacations
    FROM match_seats ms JOIN users u ON u.id = ms.user_id
    GROUP BY ms.match_id
) s
WHERE m.id = s.match_id;

-- 4. Whether a computer player is to act, from the copy: no look-up of the player, and worked
-- out again when the copy of the flags changes.
CREATE OR REPLACE FUNCTION matches_bot_to_act() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.bot_to_act := COALESCE(
        NEW.status = 'active'
        AND NEW.to_act_seat IS NOT NULL
        AND NEW.seat_bots[NEW.to_act_seat + 1],
        false);
    RETURN NEW;
END;
$$;

DROP TRIGGER matches_bot_to_act ON matches;
CREATE TRIGGER matches_bot_to_act
    BEFORE UPDATE OF status, to_act_seat, seat_user_ids, seat_bots ON matches
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
          OR OLD.to_act_seat IS DISTINCT FROM NEW.to_act_seat
          OR OLD.seat_user_ids IS DISTINCT FROM NEW.seat_user_ids
          OR OLD.seat_bots IS DISTINCT FROM NEW.seat_bots)
    EXECUTE FUNCTION matches_bot_to_act();

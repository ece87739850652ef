DROP TRIGGER matches_bot_to_act ON matches;
CREATE TRIGGER matches_bot_to_act
    BEFORE UPDATE OF status, to_act_seat, seat_user_ids ON matches
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
          OR OLD.to_act_seat IS DISTINCT FROM NEW.to_act_seat
          OR OLD.seat_user_ids IS DISTINCT FROM NEW.seat_user_ids)
    EXECUTE FUNCTION matches_bot_to_act();

CREATE OR REPLACE FUNCTION matches_bot_to_act() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.bot_to_act := COALESCE(
        NEW.status = 'active'
        AND NEW.to_act_seat IS NOT NULL
        AND EXISTS (SELECT 1 FROM users
                    WHERE id = NEW.seat_user_ids[NEW.to_act_seat + 1] AND is_bot),
        false);
    RETURN NEW;
END;
$$;

DROP TRIGGER users_seat_copy ON users;
DROP FUNCTION users_seat_copy();

CREATE OR REPLACE FUNCTION match_seats_copy() RETURNS trigger
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

ALTER TABLE matches DROP COLUMN seat_bots, DROP COLUMN seat_vacations;

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

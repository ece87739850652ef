-- Computer players: real accounts, one per level, that play through the same path as people.
--
-- A bot's `password_hash` is not a PHC string, so no password ever verifies against it: a bot
-- cannot sign in (`service::accounts::sign_in` answers invalid credentials).
ALTER TABLE users ADD COLUMN is_bot boolean NOT NULL DEFAULT false;

INSERT INTO users (id, username, password_hash, is_bot) VALUES
    (gen_random_uuid(), 'tapis-easy', '!bot: no password', true),
    (gen_random_uuid(), 'tapis-medium', '!bot: no password', true),
    (gen_random_uuid(), 'tapis-strong', '!bot: no password', true);

-- The bot worker's claim on a match where a bot is to act: the version it claimed and until
-- when. A claim on an older version is void (the bot's move changed the version); one that
-- expired (its process stopped while thinking) is taken over by the next worker.
ALTER TABLE matches
    ADD COLUMN bot_claim_version bigint,
    ADD COLUMN bot_claimed_until timestamptz;

-- A bot may sit in several seats of a casual match (people still sit once: the check below,
-- and the service checks it first to answer clearly).
ALTER TABLE match_seats DROP CONSTRAINT match_seats_match_id_user_id_key;

CREATE FUNCTION match_seats_one_seat_per_person() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND NOT is_bot)
       AND EXISTS (SELECT 1 FROM match_seats
                   WHERE match_id = NEW.match_id AND user_id = NEW.user_id AND seat <> NEW.seat) THEN
        RAISE EXCEPTION 'a player sits once at a match' USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER match_seats_one_seat_per_person
    AFTER INSERT OR UPDATE OF match_id, seat, user_id ON match_seats
    FOR EACH ROW EXECUTE FUNCTION match_seats_one_seat_per_person();

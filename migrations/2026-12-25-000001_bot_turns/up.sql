-- Where a computer player is to act, marked on the match itself, so that the bot worker finds
-- its work through an index of those matches alone instead of reading every active match
-- (docs/ARCHITECTURE.md, "Computer players"). A trigger keeps the mark, so that no write path
-- can forget it; it reads one user by its key, and only when the match's status, seats or seat
-- to act are written.
ALTER TABLE matches ADD COLUMN bot_to_act boolean NOT NULL DEFAULT false;

CREATE FUNCTION matches_bot_to_act() RETURNS trigger
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

CREATE TRIGGER matches_bot_to_act
    BEFORE INSERT OR UPDATE OF status, to_act_seat, seat_user_ids ON matches
    FOR EACH ROW EXECUTE FUNCTION matches_bot_to_act();

UPDATE matches m SET bot_to_act = true
FROM users u
WHERE m.status = 'active' AND u.id = m.seat_user_ids[m.to_act_seat + 1] AND u.is_bot;

CREATE INDEX matches_bot_to_act_idx ON matches (updated_at) WHERE bot_to_act;

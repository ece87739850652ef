DROP TRIGGER match_seats_one_seat_per_person ON match_seats;
DROP FUNCTION match_seats_one_seat_per_person();
ALTER TABLE matches DROP COLUMN bot_claim_version, DROP COLUMN bot_claimed_until;
-- The bots' matches go with them (their seats, turns and ratings reference them).
DELETE FROM matches WHERE id IN (
    SELECT s.match_id FROM match_seats s JOIN users u ON u.id = s.user_id WHERE u.is_bot
);
DELETE FROM invitations WHERE user_id IN (SELECT id FROM users WHERE is_bot);
DELETE FROM users WHERE is_bot;
ALTER TABLE users DROP COLUMN is_bot;
ALTER TABLE match_seats ADD CONSTRAINT match_seats_match_id_user_id_key UNIQUE (match_id, user_id);

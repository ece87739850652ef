DROP TRIGGER matches_notify_update ON matches;
DROP TRIGGER matches_notify_insert ON matches;
DROP FUNCTION matches_notify();

DROP TRIGGER match_seats_copy ON match_seats;
DROP FUNCTION match_seats_copy();
ALTER TABLE matches DROP COLUMN seat_usernames, DROP COLUMN seat_user_ids;

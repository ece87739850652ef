ALTER TABLE matches DROP COLUMN moved_seats;

ALTER TABLE matches DROP COLUMN vacation_pauses;

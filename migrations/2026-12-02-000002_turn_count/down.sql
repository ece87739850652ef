ALTER TABLE matches DROP COLUMN turn_count;

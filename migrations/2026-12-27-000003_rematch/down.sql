ALTER TABLE matches DROP COLUMN first_user_id;
ALTER TABLE matches DROP COLUMN rematch_id;

DROP TABLE league_fixtures;
DROP TABLE league_division_members;
DROP TABLE league_divisions;
DROP TABLE league_seasons;
DROP TABLE league_members;
DROP TABLE leagues;
ALTER TABLE users DROP CONSTRAINT users_id_is_bot_key;

DROP TRIGGER matches_events ON matches;
DROP FUNCTION matches_events();
ALTER TABLE matches DROP COLUMN deadline_told_version;
DROP TABLE user_events_horizon;
DROP SEQUENCE user_events_order;
DROP TABLE user_events;
DROP INDEX turns_match_version_idx;
ALTER TABLE turns DROP COLUMN version;

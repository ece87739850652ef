DROP INDEX matches_bot_to_act_idx;
DROP TRIGGER matches_bot_to_act ON matches;
DROP FUNCTION matches_bot_to_act();
ALTER TABLE matches DROP COLUMN bot_to_act;

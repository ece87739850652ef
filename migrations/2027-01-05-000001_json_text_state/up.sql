-- The match's state and the turn log's action, chance and events are kept as `json` (the text
-- as written) instead of `jsonb`. Nothing in the database looks inside them: the server writes
-- them as JSON text and reads them back as text into the game's types. As `jsonb`, PostgreSQL
-- parsed every state written into its tree (about twice the size of the text: 0.80 kB against
-- 0.41 kB for a Can't Stop match), and printed it back into text on every read. A move rewrites
-- the match row whole, its state included, and appends a turn: both rows, and the WAL that
-- every commit waits for, are smaller (docs/performance.md, "The state as text").
ALTER TABLE matches ALTER COLUMN state TYPE json USING state::json;
ALTER TABLE turns
    ALTER COLUMN action TYPE json USING action::json,
    ALTER COLUMN chance TYPE json USING chance::json,
    ALTER COLUMN events TYPE json USING events::json;

-- Each match counts its turn-log rows, which is also the number (seq) of the next one: a move
-- reads it from the match row it locks anyway, instead of looking for the highest seq of the
-- match in `turns` in the statement that appends the row. The statement that appends a turn
-- row increases it (`service::matches::RecordStep`); the primary key of `turns` still refuses
-- a number used twice.
ALTER TABLE matches ADD COLUMN turn_count bigint NOT NULL DEFAULT 0;

UPDATE matches m
SET turn_count = t.next_seq
FROM (SELECT match_id, max(seq) + 1 AS next_seq FROM turns GROUP BY match_id) t
WHERE m.id = t.match_id;

-- A match can be aborted, with no rating change, until each of its seats has taken a turn
-- (made a move, resigned or run out of time): the match row keeps which seats have (bit n for
-- seat n), written by the statement that records each step, so that every view of the match
-- says whether an abort is allowed without reading the turn log.
ALTER TABLE matches ADD COLUMN moved_seats integer NOT NULL DEFAULT 0;

UPDATE matches m
SET moved_seats = t.seats
FROM (SELECT match_id, bit_or(1 << seat) AS seats
      FROM turns WHERE seat IS NOT NULL GROUP BY match_id) t
WHERE t.match_id = m.id AND m.status = 'active';

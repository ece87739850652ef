-- The standings of a tournament are served from a cache in each process, checked against
-- `revision`: every transaction that changes what the standings are made of (an entrant
-- joining, leaving or withdrawing, a round closing or starting, the status) raises it.
ALTER TABLE tournaments ADD COLUMN revision bigint NOT NULL DEFAULT 0;

-- An entrant's rating as the tournament uses it (the last tie-break of the standings, the
-- order of the pairing): taken when they join and again at the start of every round, so
-- that it holds still while a round is played.
ALTER TABLE tournament_entrants ADD COLUMN rating integer NOT NULL DEFAULT 1500;

UPDATE tournament_entrants e
SET rating = COALESCE(
    (SELECT round(r.rating / 1000000.0)::integer
     FROM ratings r JOIN tournaments t ON t.game = r.game
     WHERE t.id = e.tournament_id AND r.user_id = e.user_id),
    1500);

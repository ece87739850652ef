ALTER TABLE tournament_entrants DROP COLUMN rating;
ALTER TABLE tournaments DROP COLUMN revision;

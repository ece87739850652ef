-- Whether a vacation pauses the match's clock: true for every match but the tables of a
-- tournament whose organiser chose that vacations do not pause its matches.
ALTER TABLE matches ADD COLUMN vacation_pauses boolean NOT NULL DEFAULT true;

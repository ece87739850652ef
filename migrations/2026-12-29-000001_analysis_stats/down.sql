ALTER TABLE analyses DROP COLUMN faces;
DROP TABLE analysis_seats;

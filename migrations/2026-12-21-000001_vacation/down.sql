-- A paused clock runs again with the time it had left.
UPDATE matches
    SET deadline = now() + paused_time_left_us * interval '1 microsecond'
    WHERE paused_time_left_us IS NOT NULL;
ALTER TABLE matches
    DROP CONSTRAINT matches_paused_or_running,
    DROP COLUMN paused_time_left_us;
DROP INDEX users_vacation_until;
ALTER TABLE users
    DROP CONSTRAINT users_vacation_whole,
    DROP COLUMN vacation_started_at,
    DROP COLUMN vacation_until,
    DROP COLUMN vacation_days_charged,
    DROP COLUMN vacation_year,
    DROP COLUMN vacation_days_used;

-- Vacation (`service::vacation`): a player away stops the clocks of their moves.
--
-- `vacation_started_at` and `vacation_until` say when the vacation in force began and ends
-- (both null: not on vacation), `vacation_days_charged` how many whole days it took from the
-- allowance. `vacation_days_used` counts the days taken from the allowance of the calendar
-- year (UTC) `vacation_year`; a vacation counts against the year it starts in.
ALTER TABLE users
    ADD COLUMN vacation_started_at timestamptz,
    ADD COLUMN vacation_until timestamptz,
    ADD COLUMN vacation_days_charged smallint,
    ADD COLUMN vacation_year integer NOT NULL DEFAULT 0,
    ADD COLUMN vacation_days_used smallint NOT NULL DEFAULT 0 CHECK (vacation_days_used >= 0),
    ADD CONSTRAINT users_vacation_whole CHECK (
        (vacation_started_at IS NULL) = (vacation_until IS NULL)
        AND (vacation_until IS NULL) = (vacation_days_charged IS NULL)
        AND (vacation_until IS NULL OR vacation_until > vacation_started_at)
        AND (vacation_days_charged IS NULL OR vacation_days_charged >= 1)
    );

-- The clock loop ends the vacations that have run out.
CREATE INDEX users_vacation_until ON users (vacation_until) WHERE vacation_until IS NOT NULL;

-- While the player to act is on vacation their clock stands still: `deadline` is null and
-- `paused_time_left_us` holds the time they had left, in microseconds, until they return.
ALTER TABLE matches
    ADD COLUMN paused_time_left_us bigint CHECK (paused_time_left_us >= 0),
    ADD CONSTRAINT matches_paused_or_running CHECK (paused_time_left_us IS NULL OR deadline IS NULL);

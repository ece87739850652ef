-- The computer players serve their turns fairly between the people who set them to play: the
-- bot worker claims the turn of the account it served least recently (round-robin by the
-- account that created the match), not the oldest turn of all matches, so that one account
-- with many matches against the computer cannot make everyone else wait
-- (docs/ARCHITECTURE.md, "Computer players"; docs/limits.md).
CREATE TABLE bot_service (
    account_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- When the worker last claimed a turn of a match this account created.
    served_at timestamptz NOT NULL
);

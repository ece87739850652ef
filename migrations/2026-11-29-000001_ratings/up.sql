-- Elo ratings per account and game, and the history of every change (docs/ratings.md).
--
-- Ratings are exact: whole numbers of millionths of a point (1500 points = 1500000000), so
-- additions never round and a rating is only rounded when shown.

CREATE TABLE ratings (
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game       text NOT NULL,
    rating     bigint NOT NULL,
    -- Rated matches of this game played so far.
    games      integer NOT NULL DEFAULT 0 CHECK (games >= 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, game)
);
COMMENT ON COLUMN ratings.rating IS 'Elo rating in millionths of a point (exact; 1500 points = 1500000000)';
CREATE INDEX ratings_leaderboard_idx ON ratings (game, rating DESC);

CREATE TABLE rating_history (
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game          text NOT NULL,
    -- The player's n-th rated match of this game (1, 2, ...): orders the history, whatever
    -- the clocks of concurrent transactions said.
    number        integer NOT NULL CHECK (number >= 1),
    match_id      uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    rating_before bigint NOT NULL,
    rating_after  bigint NOT NULL,
    at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, game, number),
    UNIQUE (user_id, match_id)
);
COMMENT ON COLUMN rating_history.rating_before IS 'Elo rating in millionths of a point';
COMMENT ON COLUMN rating_history.rating_after IS 'Elo rating in millionths of a point';
CREATE INDEX rating_history_match_idx ON rating_history (match_id);

-- What the statistics of players and of the dice read (docs/analysis.md): written with each
-- made analysis, so that a profile or the dice page sums a few small rows instead of reading
-- analyses back.

-- Each seat of an analysed match: its decisions and their cost, its throws and their luck, in
-- the unit of the match's engine, and the faces its own dice showed.
CREATE TABLE analysis_seats (
    match_id uuid NOT NULL REFERENCES analyses (match_id) ON DELETE CASCADE,
    seat smallint NOT NULL CHECK (seat >= 0),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game text NOT NULL,
    finished_at timestamptz NOT NULL,
    -- The unit of `cost_total` and `luck_total` (win_probability, expected_score,
    -- round_tokens); NULL where no engine valued the match.
    unit text,
    -- Unforced decisions judged, and their total cost.
    decisions integer NOT NULL CHECK (decisions >= 0),
    cost_total double precision NOT NULL,
    -- The seat's own throws the engine valued, and their total luck.
    throws integer NOT NULL CHECK (throws >= 0),
    luck_total double precision NOT NULL,
    -- How many times each face, 1 to 6, came up in the seat's own throws.
    faces integer[] NOT NULL CHECK (cardinality(faces) = 6),
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX analysis_seats_player_idx ON analysis_seats (user_id, game, finished_at);

-- Every face thrown in the match, the seats' own and those of nobody's (a 421 tie-break): the
-- site-wide dice statistics sum these.
ALTER TABLE analyses ADD COLUMN faces integer[] CHECK (cardinality(faces) = 6);

-- The analyses made before are made again, so that their statistics are written too.
UPDATE analyses SET status = 'pending', attempts = 0, not_before = now()
WHERE status IN ('ready', 'unsupported');

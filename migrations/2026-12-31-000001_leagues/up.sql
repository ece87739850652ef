-- Leagues (docs/tournaments.md, "Leagues"): one per game, always there; each runs seasons of
-- divisions (a ladder: level 1 is the top), each division playing a full round robin whose
-- matches are linked through `league_fixtures` (the `matches` table is at Diesel's column
-- limit). Everything a season is lives in these rows, so that a restart loses nothing.

-- A league's terms, one row per game.
CREATE TABLE leagues (
    game text PRIMARY KEY,
    -- The largest table: 2 for two-player games, up to 4 for the others.
    table_size smallint NOT NULL CHECK (table_size BETWEEN 2 AND 10),
    days_per_move smallint NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    -- Moves a game is expected to take, all seats together: a season's deadline is
    -- days_per_move × expected_moves days after its start.
    expected_moves integer NOT NULL CHECK (expected_moves >= 1),
    created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO leagues (game, table_size, days_per_move, expected_moves) VALUES
    ('linotte', 2, 3, 28),
    ('yam-master', 2, 3, 28),
    ('linja', 2, 3, 32),
    ('5000', 4, 3, 48),
    ('421', 4, 3, 40),
    ('cant-stop', 4, 3, 48),
    ('yams', 4, 3, 52),
    ('make-five', 2, 3, 28);

-- Bots never sit in leagues, enforced without a trigger: the rows below carry the user's
-- `is_bot`, which must be false and must match the user's (a composite foreign key that
-- follows a change of the user's flag, which the CHECK then refuses).
ALTER TABLE users ADD CONSTRAINT users_id_is_bot_key UNIQUE (id, is_bot);

-- Who takes part: opted in (re-entered every season) or opted out (from the next season).
CREATE TABLE league_members (
    game text NOT NULL REFERENCES leagues (game) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    is_bot boolean NOT NULL DEFAULT false CHECK (NOT is_bot),
    opted_in boolean NOT NULL,
    -- When the member last opted in or out.
    changed_at timestamptz NOT NULL,
    PRIMARY KEY (game, user_id),
    FOREIGN KEY (user_id, is_bot) REFERENCES users (id, is_bot)
        ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX league_members_user_idx ON league_members (user_id);

CREATE TABLE league_seasons (
    id uuid PRIMARY KEY,
    game text NOT NULL REFERENCES leagues (game) ON DELETE CASCADE,
    number integer NOT NULL CHECK (number >= 1),
    status text NOT NULL DEFAULT 'upcoming'
        CHECK (status IN ('upcoming', 'running', 'finished')),
    -- Due from then (it waits while the league has fewer members than a division needs).
    starts_at timestamptz NOT NULL,
    started_at timestamptz,
    -- Matches still running then are adjudicated.
    deadline timestamptz,
    ended_at timestamptz,
    UNIQUE (game, number),
    CHECK ((status = 'upcoming') = (started_at IS NULL)),
    CHECK ((started_at IS NULL) = (deadline IS NULL)),
    CHECK ((status = 'finished') = (ended_at IS NOT NULL))
);

-- One season not finished per league at most.
CREATE UNIQUE INDEX league_seasons_current_idx ON league_seasons (game)
    WHERE status <> 'finished';
CREATE INDEX league_seasons_due_idx ON league_seasons (status, starts_at)
    WHERE status IN ('upcoming', 'running');

-- The first season of every league starts a week after this release.
INSERT INTO league_seasons (id, game, number, starts_at)
SELECT gen_random_uuid(), game, 1, now() + interval '7 days' FROM leagues;

-- A season's divisions: level 1 is the top; `number` orders divisions of one level (one per
-- level for now: the ladder of the pure crate).
CREATE TABLE league_divisions (
    id uuid PRIMARY KEY,
    season_id uuid NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    level smallint NOT NULL CHECK (level >= 1),
    number smallint NOT NULL DEFAULT 1 CHECK (number >= 1),
    UNIQUE (season_id, level, number)
);

CREATE TABLE league_division_members (
    division_id uuid NOT NULL REFERENCES league_divisions (id) ON DELETE CASCADE,
    season_id uuid NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    is_bot boolean NOT NULL DEFAULT false CHECK (NOT is_bot),
    -- The order the division was seeded in (1 first).
    seed smallint NOT NULL CHECK (seed >= 1),
    -- How they came to this division: joined, promoted, relegated, stayed.
    arrival text NOT NULL CHECK (arrival IN ('joined', 'promoted', 'relegated', 'stayed')),
    -- At the season's end: points (in units of 1/5040), the place in the final table (1 for
    -- the first, every place distinct) and the move it earned (up, down, stay).
    points bigint,
    final_place smallint CHECK (final_place >= 1),
    movement text CHECK (movement IN ('up', 'down', 'stay')),
    PRIMARY KEY (division_id, user_id),
    UNIQUE (season_id, user_id),
    FOREIGN KEY (user_id, is_bot) REFERENCES users (id, is_bot)
        ON DELETE CASCADE ON UPDATE CASCADE,
    CHECK ((final_place IS NULL) = (movement IS NULL)),
    CHECK ((final_place IS NULL) = (points IS NULL))
);

CREATE INDEX league_division_members_user_idx ON league_division_members (user_id);

-- Each match of a division: its round in the schedule, its table, its match, and once over,
-- each seat's place and game score.
CREATE TABLE league_fixtures (
    division_id uuid NOT NULL REFERENCES league_divisions (id) ON DELETE CASCADE,
    round smallint NOT NULL CHECK (round >= 1),
    number smallint NOT NULL CHECK (number >= 1),
    match_id uuid NOT NULL UNIQUE REFERENCES matches (id) ON DELETE RESTRICT,
    -- The players in the schedule's seat order (the first had the first seat).
    seats uuid[] NOT NULL CHECK (cardinality(seats) BETWEEN 2 AND 10),
    places smallint[],
    game_scores bigint[],
    adjudicated boolean NOT NULL DEFAULT false,
    PRIMARY KEY (division_id, round, number),
    CHECK (places IS NULL OR cardinality(places) = cardinality(seats)),
    CHECK (game_scores IS NULL OR cardinality(game_scores) = cardinality(seats))
);

CREATE INDEX league_fixtures_seats_idx ON league_fixtures USING gin (seats);

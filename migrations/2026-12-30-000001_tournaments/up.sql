-- Swiss tournaments (docs/tournaments.md, "Storage"): what goes in (the tournament, its
-- entrants) and what each round made (its tables, each one match, and its byes), so that the
-- standings and the next pairing are computed again from these rows at any time and a restart
-- mid-round loses nothing. `format` leaves room for leagues' seasons, which will reuse the
-- entrants, rounds and tables.
CREATE TABLE tournaments (
    id uuid PRIMARY KEY,
    format text NOT NULL DEFAULT 'swiss' CHECK (format IN ('swiss')),
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
    game text NOT NULL,
    -- Every option of the game, as the game accepted them.
    options jsonb NOT NULL,
    -- The largest table: 2 for two-player tables, up to the game's maximum.
    table_size smallint NOT NULL CHECK (table_size BETWEEN 2 AND 10),
    rounds smallint NOT NULL CHECK (rounds BETWEEN 1 AND 30),
    days_per_move smallint NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    -- Moves a game is expected to take, all seats together: the round's deadline is
    -- days_per_move × expected_moves days after its start (fixed at creation, shown).
    expected_moves integer NOT NULL CHECK (expected_moves >= 1),
    rated boolean NOT NULL,
    starts_at timestamptz NOT NULL,
    min_rating integer,
    max_rating integer,
    max_players integer CHECK (max_players >= 2),
    -- The organiser's choice, shown to entrants: whether a player's vacation pauses their
    -- tournament matches.
    vacation_pauses boolean NOT NULL,
    -- Computer players may be seated by the organiser, in casual tournaments only.
    allow_bots boolean NOT NULL DEFAULT false,
    organiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'upcoming'
        CHECK (status IN ('upcoming', 'running', 'finished', 'cancelled')),
    -- The number of the round in play (0 before the first).
    current_round smallint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    CHECK (NOT (allow_bots AND rated)),
    CHECK (min_rating IS NULL OR max_rating IS NULL OR min_rating <= max_rating),
    CHECK (current_round BETWEEN 0 AND rounds)
);

-- The worker's search: tournaments to start, and those running.
CREATE INDEX tournaments_due_idx ON tournaments (status, starts_at)
    WHERE status IN ('upcoming', 'running');
CREATE INDEX tournaments_list_idx ON tournaments (status, game, starts_at);

CREATE TABLE tournament_entrants (
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Rounds already started when the player joined (0: before the start); they score zero
    -- for those.
    joined_round smallint NOT NULL DEFAULT 0 CHECK (joined_round >= 0),
    joined_at timestamptz NOT NULL DEFAULT now(),
    -- Never paired again while set: `left` (by the player), or `forfeit` (timed out or
    -- resigned in a round; re-confirming clears it).
    withdrawn boolean NOT NULL DEFAULT false,
    withdrawn_reason text CHECK (withdrawn_reason IN ('left', 'forfeit')),
    -- The player re-confirmed after a forfeit (the round it was in).
    reconfirmed_round smallint,
    -- Seated by the organiser (a computer player).
    seated_by_organiser boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tournament_id, user_id),
    CHECK (withdrawn = (withdrawn_reason IS NOT NULL))
);

CREATE INDEX tournament_entrants_user_idx ON tournament_entrants (user_id);

CREATE TABLE tournament_rounds (
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number smallint NOT NULL CHECK (number >= 1),
    started_at timestamptz NOT NULL,
    -- Matches still running then are adjudicated.
    deadline timestamptz NOT NULL,
    finished_at timestamptz,
    PRIMARY KEY (tournament_id, number)
);

-- Each table of a round: its match (one per table), or a bye (no match, one seat).
CREATE TABLE round_tables (
    tournament_id uuid NOT NULL,
    round smallint NOT NULL,
    number smallint NOT NULL CHECK (number >= 1),
    match_id uuid UNIQUE REFERENCES matches (id) ON DELETE RESTRICT,
    -- The players in the pairing's seat order (the first had the first seat).
    seats uuid[] NOT NULL CHECK (cardinality(seats) BETWEEN 1 AND 10),
    -- Once the table is over: each seat's finishing place (1 for the winner) and game score.
    places smallint[],
    game_scores bigint[],
    -- Whether the places were given by adjudication at the round's deadline.
    adjudicated boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tournament_id, round, number),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
        ON DELETE CASCADE,
    CHECK ((match_id IS NULL) = (cardinality(seats) = 1)),
    CHECK (places IS NULL OR cardinality(places) = cardinality(seats)),
    CHECK (game_scores IS NULL OR cardinality(game_scores) = cardinality(seats))
);

-- Accounts, personal API tokens, sign-in throttling, matches, their seats and turn logs.

CREATE TABLE users (
    id            uuid PRIMARY KEY,
    username      text NOT NULL CHECK (username ~ '^[A-Za-z0-9_-]{3,24}$'),
    password_hash text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique without regard to case.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE api_tokens (
    id           uuid PRIMARY KEY,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text NOT NULL,
    -- SHA-256 of the secret: the secret itself is shown once and never stored.
    token_hash   bytea NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at);

-- Failed sign-in attempts per account and per address, in a fixed window.
CREATE TABLE sign_in_throttle (
    key          text PRIMARY KEY,
    window_start timestamptz NOT NULL,
    failures     integer NOT NULL
);

CREATE TABLE matches (
    id             uuid PRIMARY KEY,
    game           text NOT NULL,
    options        jsonb NOT NULL,
    rated          boolean NOT NULL,
    status         text NOT NULL CHECK (status IN ('open', 'active', 'finished', 'aborted')),
    seat_count     smallint NOT NULL CHECK (seat_count BETWEEN 1 AND 8),
    creator_id     uuid NOT NULL REFERENCES users (id),
    days_per_move  smallint CHECK (days_per_move BETWEEN 1 AND 14),
    -- Increases by one with every accepted action, resignation or time-out.
    version        bigint NOT NULL DEFAULT 0,
    -- The rules state (tapis-games JSON) once the match has started.
    state          jsonb,
    -- Fair dice: the secret seed and its published SHA-256; chance events used so far.
    seed           bytea NOT NULL CHECK (length(seed) = 32),
    seed_sha256    text NOT NULL,
    chance_count   bigint NOT NULL DEFAULT 0,
    -- The seat that must act now, and until when.
    to_act_seat    smallint,
    deadline       timestamptz,
    result         jsonb,
    created_at     timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    finished_at    timestamptz,
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matches_status_updated_idx ON matches (status, updated_at DESC, id);
CREATE INDEX matches_deadline_idx ON matches (deadline) WHERE status = 'active' AND deadline IS NOT NULL;

CREATE TABLE match_seats (
    match_id  uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      smallint NOT NULL,
    user_id   uuid NOT NULL REFERENCES users (id),
    joined_at timestamptz NOT NULL DEFAULT now(),
    rank      smallint,
    score     bigint,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);
CREATE INDEX match_seats_user_idx ON match_seats (user_id);

CREATE TABLE invitations (
    match_id   uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX invitations_user_idx ON invitations (user_id);

-- The append-only turn log. seq 0 is the start of the match (chance events before the first
-- decision); every later row is one accepted action, resignation or time-out, with the chance
-- events resolved right after it.
CREATE TABLE turns (
    match_id uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      bigint NOT NULL,
    seat     smallint,
    kind     text NOT NULL CHECK (kind IN ('start', 'action', 'resign', 'timeout')),
    action   jsonb,
    chance   jsonb NOT NULL,
    events   jsonb NOT NULL,
    at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (match_id, seq)
);

-- Sessions get a server-side handle, so that signing out, a password change or "sign out
-- everywhere" ends them at once: every session token names its row, and a token whose row is
-- gone is refused.
CREATE TABLE sessions (
    id           uuid PRIMARY KEY,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    -- What the browser or program called itself when it signed in, shortened.
    user_agent   text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 200)
);
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at);

-- Sign-in throttling becomes an exponential delay per key (a known device; an account and
-- address pair; an account; an address) instead of a lockout window: see docs/security.md.
DROP TABLE sign_in_throttle;
CREATE TABLE sign_in_throttle (
    key             text PRIMARY KEY CHECK (length(key) <= 200),
    -- Attempts counted since the key was last forgotten (a success, or a long quiet spell).
    failures        integer NOT NULL,
    -- How many attempts this key may make before delays start.
    free_attempts   integer NOT NULL,
    last_failure_at timestamptz NOT NULL,
    -- No attempt is checked under this key before then.
    blocked_until   timestamptz NOT NULL
);
CREATE INDEX sign_in_throttle_last_failure_idx ON sign_in_throttle (last_failure_at);

-- Chat at the table (docs/chat.md): each match has a players' channel and a spectators'
-- channel. A match's messages are numbered 1, 2, 3... in the order they commit: the number is
-- taken from the match's row of `chat_heads`, which stays locked until the message commits,
-- so that a stream that has passed message n has seen every message before it.
CREATE TABLE chat_heads (
    match_id uuid PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    last_number bigint NOT NULL
);

CREATE TABLE chat_messages (
    match_id uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    number bigint NOT NULL,
    channel text NOT NULL CHECK (channel IN ('players', 'spectators')),
    author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The text as written; for a preset, its words in the author's language.
    body text NOT NULL,
    -- The preset sent (`good_game`...), shown to each reader in their own language.
    preset text,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (match_id, number)
);

-- The rate limit counts an author's recent messages.
CREATE INDEX chat_messages_author_idx ON chat_messages (author_id, created_at);

-- The players who turned a match's chat off for themselves.
CREATE TABLE chat_off (
    match_id uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (match_id, user_id)
);

-- Who blocked whom: neither hears the other's chat; the blocked player can no longer invite
-- the blocker or join their open matches.
CREATE TABLE blocks (
    blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);

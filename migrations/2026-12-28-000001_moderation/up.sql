-- Reports and moderation (docs/moderation.md). A moderator is made on the command line
-- (`tapis admin grant-moderator NAME`), never through the API. A suspended player cannot sign
-- in or use a token until `suspended_until`; a muted one cannot chat until `chat_muted_until`.
ALTER TABLE users
    ADD COLUMN moderator boolean NOT NULL DEFAULT false,
    ADD COLUMN suspended_until timestamptz,
    ADD COLUMN chat_muted_until timestamptz;

-- What a moderator did, to whom and why: every action is kept, and the player sees the
-- actions that concern them (`seen_at` once they have read it).
CREATE TABLE moderation_actions (
    id bigserial PRIMARY KEY,
    moderator_id uuid NOT NULL REFERENCES users (id),
    player_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    action text NOT NULL CHECK (action IN ('mute', 'suspend', 'warn', 'dismiss', 'reinstate')),
    reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
    -- The end of a mute or a suspension.
    until timestamptz,
    created_at timestamptz NOT NULL,
    seen_at timestamptz
);

CREATE INDEX moderation_actions_player_idx ON moderation_actions (player_id, created_at);

-- A player's report of another player, or of one of their chat messages.
CREATE TABLE reports (
    id bigserial PRIMARY KEY,
    reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    player_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The chat message reported, if it is one (a match's message number).
    match_id uuid REFERENCES matches (id) ON DELETE CASCADE,
    message_number bigint,
    reason text NOT NULL CHECK (reason IN ('abuse', 'spam', 'cheating', 'stalling', 'other')),
    details text NOT NULL CHECK (char_length(details) <= 500),
    created_at timestamptz NOT NULL,
    -- The action that closed it (a dismissal included).
    closed_by bigint REFERENCES moderation_actions (id),
    CHECK ((match_id IS NULL) = (message_number IS NULL)),
    CHECK (reporter_id <> player_id)
);

-- The moderation page lists the open reports, oldest first.
CREATE INDEX reports_open_idx ON reports (created_at) WHERE closed_by IS NULL;
-- A reporter's reports of the last day (the daily limit).
CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at);
-- One open report per reporter of a player (or of a message).
CREATE UNIQUE INDEX reports_once_idx ON reports (reporter_id, player_id, COALESCE(message_number, 0))
    WHERE closed_by IS NULL;

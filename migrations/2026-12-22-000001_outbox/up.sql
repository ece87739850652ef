-- The transactional outbox (docs/outbox.md): what must leave Tapis (a mail, a webhook call) is a
-- row written in the transaction that causes it, so that it exists if and only if its cause
-- committed. Senders in every process claim due rows with `FOR UPDATE SKIP LOCKED`, take a
-- lease on them (`due_at` moves past the time the attempt may take), deliver, and mark them
-- sent. A process that stops between delivering and marking leaves the lease to run out: the
-- row is delivered again (at least once, never lost).
CREATE TABLE outbox (
    id          bigserial PRIMARY KEY,
    -- Which sender delivers it.
    channel     text NOT NULL CHECK (channel IN ('mail', 'webhook')),
    -- Whom it concerns (the recipient of a mail, the owner of a webhook).
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- What it tells: an event kind, or a message of its own (`verify_email`).
    kind        text NOT NULL,
    -- The event it tells, if any (kept while the event is).
    event_id    bigint REFERENCES user_events (id) ON DELETE SET NULL,
    -- Everything the sender needs, written when the row is.
    payload     jsonb NOT NULL DEFAULT '{}',
    -- The same on every attempt (webhooks send it as `Tapis-Delivery`).
    delivery_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- When it may be claimed next: now, after a backoff, or when a claim's lease runs out.
    due_at      timestamptz NOT NULL DEFAULT now(),
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    -- Set when its sender stopped trying; `last_error` says why.
    gave_up_at  timestamptz,
    last_error  text
);
CREATE INDEX outbox_due_idx ON outbox (channel, due_at) WHERE sent_at IS NULL AND gave_up_at IS NULL;
CREATE INDEX outbox_user_idx ON outbox (user_id, created_at);

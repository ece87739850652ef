-- Signed webhooks (docs/webhooks.md): a player's app is told of their events by an HTTP POST,
-- through the outbox (docs/outbox.md).
--
-- The secret is stored as is, since every delivery is signed with it; encrypting it at rest is
-- out of scope for now (anyone who can read this table can read the outbox and the events
-- too).
CREATE TABLE webhooks (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url             text NOT NULL,
    -- A non-empty subset of the kinds of `user_events`.
    events          text[] NOT NULL CHECK (
        cardinality(events) > 0
        AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                            'invitation_declined', 'match_cancelled', 'deadline_soon']::text[]),
    secret          text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    -- Set when Tapis stopped calling it (it failed for a day, or its address became
    -- unacceptable); `disabled_reason` tells its owner why.
    disabled_at     timestamptz,
    disabled_reason text,
    CHECK ((disabled_at IS NULL) = (disabled_reason IS NULL))
);
CREATE INDEX webhooks_user_idx ON webhooks (user_id, created_at);

-- A webhook's deliveries go with it.
ALTER TABLE outbox ADD COLUMN webhook_id uuid REFERENCES webhooks (id) ON DELETE CASCADE;
CREATE INDEX outbox_webhook_idx ON outbox (webhook_id) WHERE webhook_id IS NOT NULL;

-- Every attempt, for its owner to read (the last 100 per webhook are kept). `error` says what
-- went wrong in Tapis's words: a receiver's response body is never kept.
CREATE TABLE webhook_deliveries (
    id          bigserial PRIMARY KEY,
    webhook_id  uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    delivery_id uuid NOT NULL,
    event       text NOT NULL,
    -- The receiver's HTTP status, if it answered.
    status      integer,
    at          timestamptz NOT NULL DEFAULT now(),
    error       text
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id);

-- One outbox row per active webhook of the event's person subscribed to its kind, in the
-- transaction that writes the event (so in the move's).
CREATE FUNCTION user_events_webhooks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO outbox (channel, user_id, kind, event_id, payload, webhook_id)
    SELECT 'webhook', NEW.user_id, NEW.kind, NEW.id,
           NEW.data || jsonb_build_object('event', NEW.kind, 'match_id', NEW.match_id,
                                          'version', NEW.version),
           w.id
    FROM webhooks w
    WHERE w.user_id = NEW.user_id AND w.disabled_at IS NULL AND NEW.kind = ANY (w.events);
    RETURN NULL;
END;
$$;

CREATE TRIGGER user_events_webhooks
    AFTER INSERT ON user_events
    FOR EACH ROW
    EXECUTE FUNCTION user_events_webhooks();

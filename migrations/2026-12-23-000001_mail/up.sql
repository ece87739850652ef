-- E-mail notifications (docs/notifications.md): a player's address and what to mail them.
--
-- One row per player who gave an address or chose their settings. The address is used only once verified
-- (`verified_at`); giving another one starts again unverified (`set_at` names the request, and
-- the verification link names it too, so an older link is superseded).
CREATE TABLE mail_settings (
    user_id      uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email        text CHECK (length(email) BETWEEN 3 AND 254),
    set_at       timestamptz,
    verified_at  timestamptz CHECK (verified_at IS NULL OR email IS NOT NULL),
    -- The events mailed; all four until the player chooses.
    events       text[] NOT NULL
                 DEFAULT ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished']
                 CHECK (events <@ ARRAY['your_turn', 'invitation', 'deadline_soon',
                                        'match_finished']),
    -- At most one "your turn" mail per match per this many hours.
    digest_hours smallint NOT NULL DEFAULT 12 CHECK (digest_hours BETWEEN 1 AND 168)
);

-- The digest looks for the last "your turn" mail of a match to a player.
CREATE INDEX outbox_your_turn_idx ON outbox (user_id, (payload ->> 'match_id'), created_at)
    WHERE channel = 'mail' AND kind = 'your_turn';

-- A mail for each event a player subscribed to, written in the transaction of the event (and
-- so of its cause). "Your turn" is mailed at most once per match per `digest_hours`. The time
-- is the deployment's clock where the event's match records it (`matches.updated_at`, written
-- by the change that passed the turn), so that a test's clock governs the digest too.
CREATE FUNCTION user_events_mail() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    s  mail_settings%ROWTYPE;
    at timestamptz;
BEGIN
    SELECT m.* INTO s FROM mail_settings m JOIN users u ON u.id = m.user_id
        WHERE m.user_id = NEW.user_id AND m.verified_at IS NOT NULL AND NOT u.is_bot;
    IF NOT FOUND OR NOT (NEW.kind = ANY (s.events)) THEN
        RETURN NULL;
    END IF;
    SELECT greatest(x.updated_at, now()) INTO at FROM matches x WHERE x.id = NEW.match_id;
    at := coalesce(at, now());
    IF NEW.kind = 'your_turn' AND EXISTS (
        SELECT 1 FROM outbox o
        WHERE o.channel = 'mail' AND o.kind = 'your_turn' AND o.user_id = NEW.user_id
          AND o.payload ->> 'match_id' = NEW.match_id::text
          AND o.created_at > at - make_interval(hours => s.digest_hours)
    ) THEN
        RETURN NULL;
    END IF;
    INSERT INTO outbox (channel, user_id, kind, event_id, payload, due_at, created_at)
    VALUES ('mail', NEW.user_id, NEW.kind, NEW.id,
            NEW.data || jsonb_build_object('match_id', NEW.match_id, 'version', NEW.version),
            at, at);
    RETURN NULL;
END;
$$;

CREATE TRIGGER user_events_mail
    AFTER INSERT ON user_events
    FOR EACH ROW
    WHEN (NEW.kind IN ('your_turn', 'invitation', 'deadline_soon', 'match_finished'))
    EXECUTE FUNCTION user_events_mail();

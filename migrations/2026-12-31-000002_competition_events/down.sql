DROP TRIGGER matches_tournament_ended ON matches;
DROP FUNCTION matches_tournament_ended();

DROP TRIGGER user_events_mail ON user_events;
CREATE TRIGGER user_events_mail
    AFTER INSERT ON user_events
    FOR EACH ROW
    WHEN (NEW.kind IN ('your_turn', 'invitation', 'deadline_soon', 'match_finished'))
    EXECUTE FUNCTION user_events_mail();

CREATE OR REPLACE FUNCTION user_events_mail() RETURNS trigger
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

CREATE OR REPLACE FUNCTION user_events_webhooks() RETURNS trigger
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

UPDATE mail_settings
    SET events = array_remove(array_remove(events, 'round_started'), 'tournament_finished');
ALTER TABLE mail_settings ALTER COLUMN events
    SET DEFAULT ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished'];
ALTER TABLE mail_settings DROP CONSTRAINT mail_settings_events_check;
ALTER TABLE mail_settings ADD CONSTRAINT mail_settings_events_check
    CHECK (events <@ ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished']);

DELETE FROM outbox WHERE kind IN ('round_started', 'tournament_finished');
UPDATE webhooks SET events = array_remove(array_remove(events, 'round_started'), 'tournament_finished');
DELETE FROM webhooks WHERE cardinality(events) = 0;
ALTER TABLE webhooks DROP CONSTRAINT webhooks_events_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_events_check CHECK (
    cardinality(events) > 0
    AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                        'invitation_declined', 'match_cancelled', 'deadline_soon',
                        'followed_started', 'analysis_ready']::text[]);

DELETE FROM user_events WHERE kind IN ('round_started', 'tournament_finished')
    OR match_id IS NULL;
ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon',
                    'followed_started', 'analysis_ready'));
ALTER TABLE user_events DROP CONSTRAINT user_events_match_version_check;
ALTER TABLE user_events ALTER COLUMN version SET NOT NULL;
ALTER TABLE user_events ALTER COLUMN match_id SET NOT NULL;

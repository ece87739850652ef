-- Events that are not about one match (docs/events.md): a tournament's round started (to each
-- entrant: their match, or their bye), a tournament finished (each entrant's place). Such an
-- event has no match (or, for `round_started`, the entrant's new match); what it is about (the
-- tournament, and later a league's season) is in its `data`. Events of a match are unchanged.
--
-- A kind added later (a league's `season_started`, `promoted`, `relegated`) needs only to be
-- listed in the three checks below (and told by the service): the webhooks and the mails
-- carry any kind, since the mail trigger now lists the kinds never mailed rather than those
-- mailed.
ALTER TABLE user_events ALTER COLUMN match_id DROP NOT NULL;
ALTER TABLE user_events ALTER COLUMN version DROP NOT NULL;
ALTER TABLE user_events ADD CONSTRAINT user_events_match_version_check
    CHECK ((match_id IS NULL) = (version IS NULL));

ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon',
                    'followed_started', 'analysis_ready', 'round_started',
                    'tournament_finished'));

ALTER TABLE webhooks DROP CONSTRAINT webhooks_events_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_events_check CHECK (
    cardinality(events) > 0
    AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                        'invitation_declined', 'match_cancelled', 'deadline_soon',
                        'followed_started', 'analysis_ready', 'round_started',
                        'tournament_finished']::text[]);

-- A player may have the two mailed; a new address mails every kind until they choose (the
-- settings chosen before are kept as they are).
ALTER TABLE mail_settings DROP CONSTRAINT mail_settings_events_check;
ALTER TABLE mail_settings ADD CONSTRAINT mail_settings_events_check
    CHECK (events <@ ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished',
                           'round_started', 'tournament_finished']);
ALTER TABLE mail_settings ALTER COLUMN events
    SET DEFAULT ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished',
                      'round_started', 'tournament_finished'];

-- The payloads of webhooks and mails: `match_id` and `version` only when the event has a
-- match (an event of a match sends exactly what it sent before).
CREATE OR REPLACE FUNCTION user_events_webhooks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO outbox (channel, user_id, kind, event_id, payload, webhook_id)
    SELECT 'webhook', NEW.user_id, NEW.kind, NEW.id,
           NEW.data || jsonb_strip_nulls(jsonb_build_object('event', NEW.kind,
                                                            'match_id', NEW.match_id,
                                                            'version', NEW.version)),
           w.id
    FROM webhooks w
    WHERE w.user_id = NEW.user_id AND w.disabled_at IS NULL AND NEW.kind = ANY (w.events);
    RETURN NULL;
END;
$$;

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
            NEW.data || jsonb_strip_nulls(jsonb_build_object('match_id', NEW.match_id,
                                                             'version', NEW.version)),
            at, at);
    RETURN NULL;
END;
$$;

-- The kinds never mailed are skipped before the function runs (a move's `match_started`
-- costs no look-up); any other kind is mailed to those who chose it.
DROP TRIGGER user_events_mail ON user_events;
CREATE TRIGGER user_events_mail
    AFTER INSERT ON user_events
    FOR EACH ROW
    WHEN (NEW.kind NOT IN ('match_started', 'invitation_declined', 'match_cancelled',
                           'followed_started', 'analysis_ready'))
    EXECUTE FUNCTION user_events_mail();

-- A tournament's page follows the tournament (docs/tournaments.md, "Live page"): when one of
-- its matches ends, every hub hears it on `tapis_tournaments` (the worker notifies the same
-- channel when it starts a round or finishes the tournament). The statement that ends the
-- match locks nothing more: a notification is sent when its transaction commits.
CREATE FUNCTION matches_tournament_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tapis_tournaments', rt.tournament_id::text)
    FROM round_tables rt WHERE rt.match_id = NEW.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER matches_tournament_ended
    AFTER UPDATE OF status ON matches
    FOR EACH ROW
    WHEN (OLD.status IN ('open', 'active') AND NEW.status NOT IN ('open', 'active'))
    EXECUTE FUNCTION matches_tournament_ended();

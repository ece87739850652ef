-- Live events: what a person or an app hears of (docs/events.md).
--
-- 1. The turn log keeps the match version each row brought (the id of a `move` on a match's
--    stream). Rows written before this migration have none: their matches' streams start with
--    the next move.
ALTER TABLE turns ADD COLUMN version bigint;
CREATE UNIQUE INDEX turns_match_version_idx ON turns (match_id, version) WHERE version IS NOT NULL;

-- 2. One row per person and event, written in the transaction that causes it: by the trigger
--    below for what happens in play (every path that changes a match in play: moves, bots,
--    resignations, the clock), by the service for invitations (it knows who acted). `seq`, the
--    event's place in the streams (its SSE id), is given after commit by the sequencer
--    (`service::events`), one transaction at a time, so that streams read `seq > last` and
--    never miss an event that committed late.
CREATE TABLE user_events (
    id         bigserial PRIMARY KEY,
    seq        bigint UNIQUE,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('your_turn', 'match_started', 'match_finished',
                                             'invitation', 'invitation_declined',
                                             'match_cancelled', 'deadline_soon')),
    match_id   uuid NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version    bigint NOT NULL,
    -- What else the event says: the game, the deadline, the result, who acted.
    data       jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_events_unsequenced_idx ON user_events (id) WHERE seq IS NULL;
CREATE INDEX user_events_user_seq_idx ON user_events (user_id, seq) WHERE seq IS NOT NULL;
CREATE INDEX user_events_created_idx ON user_events (created_at);
CREATE SEQUENCE user_events_order AS bigint;

-- Events older than the horizon are deleted; a stream resumed from before `pruned_below` has
-- lost events, and is told so.
CREATE TABLE user_events_horizon (
    only_row     boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    pruned_below bigint NOT NULL DEFAULT 0
);
INSERT INTO user_events_horizon DEFAULT VALUES;

-- 3. A deadline within 24 hours is told once per turn: the version it was told for.
ALTER TABLE matches ADD COLUMN deadline_told_version bigint;

-- 4. The events of play, from every change of a match's version.
CREATE FUNCTION matches_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    to_act uuid;
    before uuid;
BEGIN
    IF OLD.status = 'open' AND NEW.status IN ('active', 'finished') THEN
        INSERT INTO user_events (user_id, kind, match_id, version, data)
        SELECT DISTINCT u.id, 'match_started', NEW.id, NEW.version,
               jsonb_build_object('game', NEW.game)
        FROM unnest(NEW.seat_user_ids) AS s(id) JOIN users u ON u.id = s.id
        WHERE NOT u.is_bot;
    END IF;
    IF NEW.status = 'finished' AND OLD.status <> 'finished' THEN
        INSERT INTO user_events (user_id, kind, match_id, version, data)
        SELECT DISTINCT u.id, 'match_finished', NEW.id, NEW.version,
               jsonb_build_object('game', NEW.game, 'result', NEW.result)
        FROM unnest(NEW.seat_user_ids) AS s(id) JOIN users u ON u.id = s.id
        WHERE NOT u.is_bot;
    END IF;
    IF NEW.status = 'active' AND NEW.to_act_seat IS NOT NULL THEN
        to_act := NEW.seat_user_ids[NEW.to_act_seat + 1];
        IF OLD.status = 'active' AND OLD.to_act_seat IS NOT NULL THEN
            before := OLD.seat_user_ids[OLD.to_act_seat + 1];
        END IF;
        -- Told when the turn passes to someone else (or the match starts), not at each
        -- action of a turn that stays with its player.
        IF to_act IS DISTINCT FROM before THEN
            INSERT INTO user_events (user_id, kind, match_id, version, data)
            SELECT u.id, 'your_turn', NEW.id, NEW.version,
                   jsonb_build_object('game', NEW.game, 'deadline', NEW.deadline)
            FROM users u WHERE u.id = to_act AND NOT u.is_bot;
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER matches_events
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION matches_events();

-- The five triggers after an update of a match, as they were.
DROP TRIGGER matches_updated ON matches;
DROP FUNCTION matches_updated();

CREATE FUNCTION matches_events()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
;
CREATE FUNCTION matches_queue_analysis()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    INSERT INTO analyses (match_id, status) VALUES (NEW.id, 'pending')
    ON CONFLICT (match_id) DO NOTHING;
    RETURN NEW;
END;
$function$
;
CREATE FUNCTION matches_tournament_ended()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM pg_notify('tapis_tournaments', rt.tournament_id::text)
    FROM round_tables rt WHERE rt.match_id = NEW.id;
    RETURN NULL;
END;
$function$
;

CREATE TRIGGER matches_events AFTER UPDATE ON matches FOR EACH ROW WHEN (((old.version IS DISTINCT FROM new.version) AND ((old.status IS DISTINCT FROM new.status) OR (old.to_act_seat IS DISTINCT FROM new.to_act_seat) OR (old.seat_user_ids IS DISTINCT FROM new.seat_user_ids)))) EXECUTE FUNCTION matches_events();
CREATE TRIGGER matches_notify_update AFTER UPDATE ON matches FOR EACH ROW WHEN (((old.version IS DISTINCT FROM new.version) AND (current_setting('tapis.notify'::text, true) IS DISTINCT FROM 'after_commit'::text))) EXECUTE FUNCTION matches_notify();
CREATE TRIGGER matches_queue_analysis AFTER UPDATE OF status ON matches FOR EACH ROW WHEN (((new.status = 'finished'::text) AND (old.status IS DISTINCT FROM 'finished'::text))) EXECUTE FUNCTION matches_queue_analysis();
CREATE TRIGGER matches_row_notify_update AFTER UPDATE ON matches FOR EACH ROW WHEN (((old.version = new.version) AND ((to_jsonb(old.*) - '{bot_claim_version,bot_claimed_until,deadline_told_version,bot_to_act}'::text[]) IS DISTINCT FROM (to_jsonb(new.*) - '{bot_claim_version,bot_claimed_until,deadline_told_version,bot_to_act}'::text[])))) EXECUTE FUNCTION matches_row_notify();
CREATE TRIGGER matches_tournament_ended AFTER UPDATE OF status ON matches FOR EACH ROW WHEN (((old.status = ANY (ARRAY['open'::text, 'active'::text])) AND (new.status <> ALL (ARRAY['open'::text, 'active'::text])))) EXECUTE FUNCTION matches_tournament_ended();

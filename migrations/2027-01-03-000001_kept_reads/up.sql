-- Every server process keeps what it reads most (a match's row, the caller behind a session or
-- a token) and serves it without a statement while it is exact (`service::db::kept`). These
-- triggers tell the processes, in the transaction that makes it, of each change to what they
-- keep that no other notification tells: a process forgets what it is told of.
--
-- A match's row changed without a new version (a version changes with a move, told after the
-- move's commit, and with every other change of play, told by `matches_notify`): a vacation's
-- copy, a computer flag's copy, a rematch asked for, a paused clock... The columns of the
-- workers' own bookkeeping (a bot's claim, a deadline told) are no part of what is kept and
-- tell nothing. Only changes that keep the version run the comparison.
CREATE FUNCTION matches_row_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('tapis_match_rows', OLD.id::text);
    ELSE
        PERFORM pg_notify('tapis_match_rows', NEW.id::text);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER matches_row_notify_update
    AFTER UPDATE ON matches
    FOR EACH ROW
    WHEN (OLD.version = NEW.version
          AND (to_jsonb(OLD) - '{bot_claim_version,bot_claimed_until,deadline_told_version,bot_to_act}'::text[])
              IS DISTINCT FROM
              (to_jsonb(NEW) - '{bot_claim_version,bot_claimed_until,deadline_told_version,bot_to_act}'::text[]))
    EXECUTE FUNCTION matches_row_notify();

CREATE TRIGGER matches_row_notify_delete
    AFTER DELETE ON matches
    FOR EACH ROW
    EXECUTE FUNCTION matches_row_notify();

-- A session or a token ended or changed (not its last use), or anything of the player (their
-- name, language or suspension are kept; the rest changes rarely): every process forgets the
-- player's kept sessions and tokens. Identical notifications of one transaction are sent once
-- ("sign out everywhere" tells one). The comparisons take whole rows, so that no column of
-- these tables depends on the triggers.
CREATE FUNCTION credentials_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    player uuid;
BEGIN
    IF TG_TABLE_NAME = 'users' THEN
        player := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
    ELSE
        player := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
    END IF;
    PERFORM pg_notify('tapis_credentials', player::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER sessions_credentials_notify_delete
    AFTER DELETE ON sessions
    FOR EACH ROW
    EXECUTE FUNCTION credentials_notify();

CREATE TRIGGER sessions_credentials_notify_update
    AFTER UPDATE ON sessions
    FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
    EXECUTE FUNCTION credentials_notify();

CREATE TRIGGER api_tokens_credentials_notify_delete
    AFTER DELETE ON api_tokens
    FOR EACH ROW
    EXECUTE FUNCTION credentials_notify();

CREATE TRIGGER api_tokens_credentials_notify_update
    AFTER UPDATE ON api_tokens
    FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
    EXECUTE FUNCTION credentials_notify();

CREATE TRIGGER users_credentials_notify_delete
    AFTER DELETE ON users
    FOR EACH ROW
    EXECUTE FUNCTION credentials_notify();

CREATE TRIGGER users_credentials_notify_update
    AFTER UPDATE ON users
    FOR EACH ROW
    WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW))
    EXECUTE FUNCTION credentials_notify();

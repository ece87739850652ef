-- The analysis of every finished match (docs/analysis.md), queued in the transaction that
-- finishes it and made in the background by whichever process claims it first.
CREATE TABLE analyses (
    match_id uuid PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('pending', 'ready', 'unsupported', 'failed')),
    -- The engine version that made it (ready or unsupported): a newer engine redoes it.
    engine_version integer,
    -- Claims so far; a claim holds until `not_before`, then another worker may take it over.
    attempts smallint NOT NULL DEFAULT 0,
    not_before timestamptz NOT NULL DEFAULT now(),
    -- The analysis (ready), as the API returns it.
    result jsonb,
    -- Why the last attempt failed.
    error text,
    queued_at timestamptz NOT NULL DEFAULT now(),
    done_at timestamptz
);

CREATE INDEX analyses_pending_idx ON analyses (not_before) WHERE status = 'pending';

-- Queued by the statement that finishes the match: nothing more on the move's path.
CREATE FUNCTION matches_queue_analysis() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO analyses (match_id, status) VALUES (NEW.id, 'pending')
    ON CONFLICT (match_id) DO NOTHING;
    RETURN NEW;
END;
$$;

CREATE TRIGGER matches_queue_analysis
    AFTER UPDATE OF status ON matches
    FOR EACH ROW
    WHEN (NEW.status = 'finished' AND OLD.status IS DISTINCT FROM 'finished')
    EXECUTE FUNCTION matches_queue_analysis();

-- The matches finished before: analysed in the background too.
INSERT INTO analyses (match_id, status)
SELECT id, 'pending' FROM matches WHERE status = 'finished';

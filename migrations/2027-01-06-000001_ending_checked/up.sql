-- The statement that writes a step ending its match (the match row, the turn, the seats'
-- ranks, the players' ratings and their history) checks that it wrote all of it: a rank for
-- every seat, a rating and a line of history for every player. A move that ends its match
-- reads the ratings without a lock and writes each one only if it is still the rating read;
-- if another ending changed one meanwhile, the check fails, PostgreSQL fails the statement
-- (a serialisation failure, so that the server can tell it from any other error) and nothing
-- of it is written, and the move is played again under the match's lock.
CREATE FUNCTION tapis_written(whole boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    IF whole IS NOT TRUE THEN
        RAISE EXCEPTION 'the ending of a match was not written whole'
            USING ERRCODE = 'serialization_failure';
    END IF;
    RETURN true;
END;
$$;

DROP FUNCTION tapis_written(boolean);

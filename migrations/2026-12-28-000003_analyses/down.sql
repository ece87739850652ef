DROP TRIGGER matches_queue_analysis ON matches;
DROP FUNCTION matches_queue_analysis();
DROP TABLE analyses;

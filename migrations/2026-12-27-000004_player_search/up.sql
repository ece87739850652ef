-- Finding players by the start of their name, without regard to case: `lower(username) LIKE
-- 'pre%'` uses this index whatever the database's collation.
CREATE INDEX users_name_prefix_idx ON users (lower(username) text_pattern_ops);

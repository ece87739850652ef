DROP INDEX api_tokens_parent_idx;
ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_scopes_known;
ALTER TABLE api_tokens DROP COLUMN parent_id;
ALTER TABLE api_tokens DROP COLUMN scopes;

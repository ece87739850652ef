-- Personal API tokens get scopes, chosen when they are made (docs/api.md, "Token scopes"): a
-- token may do only what its scopes allow. Tokens made before scopes existed keep every scope,
-- so that no program stops working on an upgrade; their owners see it on the account page and
-- can replace them with narrower ones.
ALTER TABLE api_tokens
    ADD COLUMN scopes text[] NOT NULL
        DEFAULT ARRAY['play', 'read', 'account', 'webhooks', 'tokens'],
    -- The token that made this one, if a token did: it goes with it (revoking a token revokes
    -- every token made with it, and theirs in turn).
    ADD COLUMN parent_id uuid REFERENCES api_tokens (id) ON DELETE CASCADE;

-- New tokens say their scopes: the default was only for the tokens there were.
ALTER TABLE api_tokens ALTER COLUMN scopes DROP DEFAULT;

ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_scopes_known CHECK (
    cardinality(scopes) > 0
    AND scopes <@ ARRAY['play', 'read', 'account', 'webhooks', 'tokens']::text[]
);

-- The cascade finds a token's children by this index.
CREATE INDEX api_tokens_parent_idx ON api_tokens (parent_id) WHERE parent_id IS NOT NULL;

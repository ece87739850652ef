ALTER TABLE turns
    ALTER COLUMN action TYPE jsonb USING action::jsonb,
    ALTER COLUMN chance TYPE jsonb USING chance::jsonb,
    ALTER COLUMN events TYPE jsonb USING events::jsonb;
ALTER TABLE matches ALTER COLUMN state TYPE jsonb USING state::jsonb;

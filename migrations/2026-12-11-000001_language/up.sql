-- The language a player chose for the interface (`en` or `fr`); none: the browser's.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'fr'));

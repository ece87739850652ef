-- Verification mails are counted per recipient address over the last day before another is
-- written (docs/limits.md), so that Tapis cannot be used to mail a stranger again and again:
-- this index finds the recent ones of an address without reading the whole outbox.
CREATE INDEX outbox_verify_email_idx ON outbox ((payload ->> 'email'), created_at)
    WHERE kind = 'verify_email';

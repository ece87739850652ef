DROP INDEX outbox_verify_email_idx;

DROP TRIGGER user_events_webhooks ON user_events;
DROP FUNCTION user_events_webhooks();
DROP TABLE webhook_deliveries;
DELETE FROM outbox WHERE channel = 'webhook';
ALTER TABLE outbox DROP COLUMN webhook_id;
DROP TABLE webhooks;

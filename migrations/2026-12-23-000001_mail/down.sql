DROP TRIGGER user_events_mail ON user_events;
DROP FUNCTION user_events_mail();
DROP INDEX outbox_your_turn_idx;
DROP TABLE mail_settings;

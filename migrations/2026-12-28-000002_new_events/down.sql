DELETE FROM user_events WHERE kind IN ('followed_started', 'analysis_ready');
UPDATE webhooks SET events = array_remove(array_remove(events, 'followed_started'), 'analysis_ready');
DELETE FROM webhooks WHERE cardinality(events) = 0;
ALTER TABLE webhooks DROP CONSTRAINT webhooks_events_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_events_check CHECK (
    cardinality(events) > 0
    AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                        'invitation_declined', 'match_cancelled', 'deadline_soon']::text[]);
ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon'));
ALTER TABLE users DROP COLUMN follow_events;

DELETE FROM user_events WHERE kind IN ('season_started', 'promoted', 'relegated');
UPDATE webhooks SET events = array_remove(array_remove(array_remove(events,
    'season_started'), 'promoted'), 'relegated');
DELETE FROM webhooks WHERE cardinality(events) = 0;
UPDATE mail_settings SET events = array_remove(array_remove(array_remove(events,
    'season_started'), 'promoted'), 'relegated');

ALTER TABLE mail_settings ALTER COLUMN events
    SET DEFAULT ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished',
                      'round_started', 'tournament_finished'];
ALTER TABLE mail_settings DROP CONSTRAINT mail_settings_events_check;
ALTER TABLE mail_settings ADD CONSTRAINT mail_settings_events_check
    CHECK (events <@ ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished',
                           'round_started', 'tournament_finished']);

ALTER TABLE webhooks DROP CONSTRAINT webhooks_events_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_events_check CHECK (
    cardinality(events) > 0
    AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                        'invitation_declined', 'match_cancelled', 'deadline_soon',
                        'followed_started', 'analysis_ready', 'round_started',
                        'tournament_finished']::text[]);

ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon',
                    'followed_started', 'analysis_ready', 'round_started',
                    'tournament_finished'));

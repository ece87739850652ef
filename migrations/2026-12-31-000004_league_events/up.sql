-- A league's events (docs/events.md): a season started (to each player: their division), and
-- at its end, a player goes up or down a division. Like a tournament's, they are about no
-- match; `data` names the league (`league`, the game) and the season.
ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon',
                    'followed_started', 'analysis_ready', 'round_started',
                    'tournament_finished', 'season_started', 'promoted', 'relegated'));

ALTER TABLE webhooks DROP CONSTRAINT webhooks_events_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_events_check CHECK (
    cardinality(events) > 0
    AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                        'invitation_declined', 'match_cancelled', 'deadline_soon',
                        'followed_started', 'analysis_ready', 'round_started',
                        'tournament_finished', 'season_started', 'promoted',
                        'relegated']::text[]);

-- A new address mails them too until the player chooses; the settings chosen before are kept.
ALTER TABLE mail_settings DROP CONSTRAINT mail_settings_events_check;
ALTER TABLE mail_settings ADD CONSTRAINT mail_settings_events_check
    CHECK (events <@ ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished',
                           'round_started', 'tournament_finished', 'season_started',
                           'promoted', 'relegated']);
ALTER TABLE mail_settings ALTER COLUMN events
    SET DEFAULT ARRAY['your_turn', 'invitation', 'deadline_soon', 'match_finished',
                      'round_started', 'tournament_finished', 'season_started', 'promoted',
                      'relegated'];

-- Two more kinds of events: `followed_started` (a player one follows started a match: for
-- those who asked, `users.follow_events`) and `analysis_ready` (a finished match's analysis
-- is made). Webhooks may subscribe to both.
ALTER TABLE users ADD COLUMN follow_events boolean NOT NULL DEFAULT false;

ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon',
                    'followed_started', 'analysis_ready'));

ALTER TABLE webhooks DROP CONSTRAINT webhooks_events_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_events_check CHECK (
    cardinality(events) > 0
    AND events <@ ARRAY['your_turn', 'match_started', 'match_finished', 'invitation',
                        'invitation_declined', 'match_cancelled', 'deadline_soon',
                        'followed_started', 'analysis_ready']::text[]);

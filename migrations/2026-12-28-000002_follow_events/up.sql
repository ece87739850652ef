-- A player may ask to hear when a player they follow starts a match (`followed_started`, on
-- their stream); off unless they turn it on.
ALTER TABLE users ADD COLUMN follow_events boolean NOT NULL DEFAULT false;

ALTER TABLE user_events DROP CONSTRAINT user_events_kind_check;
ALTER TABLE user_events ADD CONSTRAINT user_events_kind_check
    CHECK (kind IN ('your_turn', 'match_started', 'match_finished', 'invitation',
                    'invitation_declined', 'match_cancelled', 'deadline_soon',
                    'followed_started'));

DROP TABLE reports;
DROP TABLE moderation_actions;
ALTER TABLE users
    DROP COLUMN moderator,
    DROP COLUMN suspended_until,
    DROP COLUMN chat_muted_until;

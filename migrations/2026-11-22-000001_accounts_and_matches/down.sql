DROP TABLE turns;
DROP TABLE invitations;
DROP TABLE match_seats;
DROP TABLE matches;
DROP TABLE sign_in_throttle;
DROP TABLE api_tokens;
DROP TABLE users;

DROP TABLE sign_in_throttle;
CREATE TABLE sign_in_throttle (
    key          text PRIMARY KEY,
    window_start timestamptz NOT NULL,
    failures     integer NOT NULL
);
DROP TABLE sessions;
